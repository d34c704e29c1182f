/**
 * Bytes: the converter core as a browser bundle, the JavaScript the panel
 * needs before first paint, the lazily loaded highlighting chunks, and what a
 * browser must download to run curlconverter (its JavaScript and two WASM files).
 */
import { build, type Metafile } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { basename, dirname, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { curlconverterFiles } from './node-curlconverter-wasm.ts';
import { isMain, printSection } from './print.ts';
import type { Figure, Section } from './types.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CHROME = join(ROOT, 'dist', 'chrome');
const PANEL_HTML = join(CHROME, 'panel', 'index.html');
const HIGHLIGHT_SOURCE = join(ROOT, 'src', 'ui', 'highlight.ts');

interface Size {
  raw: number;
  gzip: number;
}

function sizeOf(bytes: Uint8Array | string): Size {
  const buffer = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
  return { raw: buffer.byteLength, gzip: gzipSync(buffer, { level: 9 }).byteLength };
}

const sum = (sizes: readonly Size[]): Size => ({
  raw: sizes.reduce((total, s) => total + s.raw, 0),
  gzip: sizes.reduce((total, s) => total + s.gzip, 0),
});

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Every way a bundle can name a Node built-in: "fs", "node:fs", "fs/promises"… */
const NODE_BUILTINS = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];

/** Node built-ins the bundle imports (left external) and who imports them, from esbuild's metafile. */
function externalImports(metafile: Metafile): string[] {
  const byImporter = new Map<string, Set<string>>();
  for (const [importer, input] of Object.entries(metafile.inputs)) {
    // "<runtime>" is esbuild's own helper module, not a dependency.
    for (const i of input.imports.filter((i) => i.external && !i.path.startsWith('<'))) {
      const names = byImporter.get(importer) ?? new Set<string>();
      byImporter.set(importer, names.add(i.path));
    }
  }
  return [...byImporter].map(([importer, names]) => `${[...names].sort().join(', ')} (from ${importer})`);
}

/**
 * The converter core as the extension's pages get it: the on-demand entry
 * (`convert-on-demand.ts`: the parser, the request spec and the loader),
 * bundled with code splitting, so that each target's generator is a chunk
 * of its own. The core is the entry with what it imports statically; the
 * generators are the dynamically loaded rest.
 */
async function coreBundle(): Promise<{
  size: Size;
  wasmFiles: string[];
  externals: string[];
  generators: { target: string; size: Size }[];
}> {
  const entry = join(ROOT, 'src', 'core', 'convert-on-demand.ts');
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    platform: 'browser',
    target: 'es2022',
    outdir: join(ROOT, 'dist', 'bench', 'core'),
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const outputs = new Map(result.outputFiles.map((file) => [relative(ROOT, file.path).split('\\').join('/'), file]));
  const meta = result.metafile.outputs;
  const entryOut = Object.keys(meta).find((out) => meta[out]!.entryPoint !== undefined)!;
  // The core: the entry and, transitively, what it imports statically.
  const core = new Set<string>();
  const visit = (out: string) => {
    if (core.has(out)) return;
    core.add(out);
    for (const imported of meta[out]!.imports) if (imported.kind === 'import-statement') visit(imported.path);
  };
  visit(entryOut);
  const bytes = (out: string) => outputs.get(out)!.contents;
  // A generator's chunk: the dynamically imported chunk holding its generators/<language>/<client>.ts.
  const generators: { target: string; size: Size }[] = [];
  for (const [out, info] of Object.entries(meta)) {
    if (core.has(out)) continue;
    const clients = Object.keys(info.inputs).filter((input) =>
      /src\/core\/generators\/[^/]+\/(?!kit\.ts)[^/]+\.ts$/.test(input),
    );
    for (const client of clients)
      generators.push({ target: client.replace(/^.*generators\//, ''), size: sizeOf(bytes(out)) });
  }
  const coreCode = [...core].map(bytes);
  const inputs = Object.keys(result.metafile.inputs).filter((path) => path.endsWith('.wasm'));
  const named = coreCode.flatMap(
    (code) =>
      Buffer.from(code)
        .toString('utf8')
        .match(/[\w.-]+\.wasm\b/g) ?? [],
  );
  return {
    size: sum(coreCode.map(sizeOf)),
    wasmFiles: [...new Set([...inputs, ...named])],
    externals: externalImports(result.metafile),
    generators: generators.sort((a, b) => a.target.localeCompare(b.target)),
  };
}

/** curlconverter bundled for the browser (its "browser" field swaps in the WASM parser). */
async function curlconverterBundle(): Promise<{ js: Size; externals: string[]; wasm: { file: string; size: Size }[] }> {
  const files = curlconverterFiles();
  const result = await build({
    entryPoints: [files.entry],
    bundle: true,
    format: 'esm', // it uses top-level await to load the WASM
    minify: true,
    platform: 'browser',
    target: 'es2022',
    // web-tree-sitter only requires these when it runs in Node; a browser never loads them.
    external: NODE_BUILTINS,
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const wasm = [files.treeSitterWasm, files.bashWasm].map((file) => ({
    file: relative(ROOT, file),
    size: sizeOf(readFileSync(file)),
  }));
  return { js: sizeOf(result.outputFiles[0]!.contents), externals: externalImports(result.metafile), wasm };
}

/** Builds the Chrome extension when its panel page is missing. */
function ensureChromeBuild(): void {
  if (existsSync(PANEL_HTML)) return;
  console.log('dist/chrome/panel/index.html is missing: building the extension (vite build --mode chrome)…');
  execFileSync('npx', ['vite', 'build', '--mode', 'chrome'], { cwd: ROOT, stdio: 'inherit' });
  if (!existsSync(PANEL_HTML)) throw new Error(`the Chrome build did not write ${PANEL_HTML}`);
}

/** A path in the extension (absolute "/assets/x.js" or relative to `from`) as a file under dist/chrome. */
function extensionFile(reference: string, from: string): string {
  const path = reference.startsWith('/')
    ? join(CHROME, reference)
    : resolve(dirname(from), reference.split('/').join(posix.sep));
  if (!path.startsWith(CHROME)) throw new Error(`${relative(ROOT, from)} refers outside the extension: ${reference}`);
  if (!existsSync(path)) throw new Error(`${relative(ROOT, from)} refers to ${reference}, which is not in dist/chrome`);
  return path;
}

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)?.slice(1).find(Boolean);
}

/**
 * The static imports of a minified chunk: `import … from"./x.js"`,
 * `import"./x.js"` and `export … from"./x.js"`, never `import("./x.js")`.
 */
export function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*(["'])(\.{1,2}\/[^"'\n]+?\.m?js)\1/g)) found.add(match[2]!);
  return [...found];
}

/** The panel page's module script, its modulepreloads, and every chunk they import statically. */
function panelFirstPaint(): { files: string[]; size: Size } {
  const html = readFileSync(PANEL_HTML, 'utf8');
  const entries: string[] = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, 'src');
    if (src && attribute(tag, 'type') === 'module') entries.push(extensionFile(src, PANEL_HTML));
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const href = attribute(tag, 'href');
    if (href && attribute(tag, 'rel')?.toLowerCase() === 'modulepreload') entries.push(extensionFile(href, PANEL_HTML));
  }
  if (entries.length === 0) throw new Error('dist/chrome/panel/index.html has no <script type="module" src>');
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const reference of staticImports(readFileSync(file, 'utf8'))) queue.push(extensionFile(reference, file));
  }
  const files = [...seen];
  return { files, size: sum(files.map((file) => sizeOf(readFileSync(file)))) };
}

/** The languages src/ui/highlight.ts registers (`import('shiki/langs/<name>.mjs')`). */
function registeredLanguages(): string[] {
  const source = readFileSync(HIGHLIGHT_SOURCE, 'utf8');
  return [...source.matchAll(/import\(\s*['"]shiki\/langs\/([\w-]+)\.mjs['"]\s*\)/g)].map((m) => m[1]!);
}

type ChunkKind = 'grammar' | 're-export' | 'theme' | 'shiki core' | 'regex engine' | 'worker';

/** What a built chunk is, from its content (names only tell languages apart). */
function classify(file: string, code: string, languages: readonly string[]): { kind: ChunkKind; what: string } | null {
  const name = basename(file);
  // Vite names chunks "<name>-<8-character hash>.js"; the hash may itself contain "-".
  const prefix = name.replace(/-[\w-]{8}\.js$/, '');
  if (/worker/i.test(prefix)) return { kind: 'worker', what: prefix };
  if (code.includes('"tokenColors"')) {
    return { kind: 'theme', what: /"displayName":"([^"]+)"/.exec(code)?.[1] ?? prefix };
  }
  const grammars = [...code.matchAll(/"displayName":"([^"]+)"[^]{0,200}?"name":"/g)].map((m) => m[1]!);
  if (grammars.length > 0 && code.includes('"scopeName":"')) {
    // A chunk may carry a grammar its language embeds (XML brings Java).
    return { kind: 'grammar', what: grammars.join(' + ') };
  }
  if (languages.includes(prefix) && /^\s*export\s*\{[^}]*\}\s*from\s*["'][^"']+["'];?\s*$/.test(code)) {
    return { kind: 're-export', what: prefix };
  }
  // The chunks that export these (code that only calls them merely names them).
  if (/\bas ShikiError\b/.test(code)) return { kind: 'shiki core', what: 'shiki/core' };
  if (/\bas createJavaScriptRegexEngine\b/.test(code)) {
    return { kind: 'regex engine', what: 'JavaScript regex engine' };
  }
  return null;
}

/** Bundle sizes: converter core, panel first paint, lazy highlighting chunks, curlconverter's browser payload. */
export async function run(): Promise<Section> {
  const figures: Figure[] = [];
  const table: string[][] = [['part', 'file', 'raw', 'gzip', 'loaded']];

  const core = await coreBundle();
  figures.push(
    {
      id: 'bundle.core.gzip',
      label: 'converter core, minified + gzip',
      value: core.size.gzip,
      unit: 'bytes',
      budget: { max: 60 * 1024, text: 'converter core at most 60 KB gzipped' },
      note: 'src/core/convert-on-demand.ts bundled by esbuild for the browser (ESM, minified, split; dependencies included): the entry and its static imports, each file gzipped at level 9; generators load on demand',
    },
    {
      id: 'bundle.core.raw',
      label: 'converter core, minified',
      value: core.size.raw,
      unit: 'bytes',
      note:
        'the same bundle before gzip' +
        (core.externals.length > 0 ? `; left external: ${core.externals.join('; ')}` : '; nothing left external'),
    },
    {
      id: 'bundle.core.wasm',
      label: 'WASM files the converter core needs',
      value: core.wasmFiles.length,
      unit: 'count',
      budget: { max: 0, text: 'no WASM' },
      note:
        core.wasmFiles.length > 0
          ? `found: ${core.wasmFiles.join(', ')}`
          : 'no .wasm input in the bundle and no .wasm file named in its output',
    },
  );
  table.push(['converter core', 'src/core/convert-on-demand.ts (esbuild)', kb(core.size.raw), kb(core.size.gzip), '—']);
  for (const generator of core.generators) {
    table.push(['generator', generator.target, kb(generator.size.raw), kb(generator.size.gzip), 'on demand']);
  }
  if (core.generators.length > 0) {
    const largest = core.generators.reduce((a, b) => (b.size.gzip > a.size.gzip ? b : a));
    figures.push(
      {
        id: 'bundle.generators.count',
        label: 'generator chunks loaded on demand',
        value: core.generators.length,
        unit: 'count',
        note: 'one chunk per client file (shared language kits split into chunks of their own)',
      },
      {
        id: 'bundle.generators.largest.gzip',
        label: 'largest generator chunk, gzip',
        value: largest.size.gzip,
        unit: 'bytes',
        note: `${largest.target}: the most one choice of target adds to the core`,
      },
    );
  }

  ensureChromeBuild();
  const panel = panelFirstPaint();
  const panelFiles = panel.files.map((file) => relative(CHROME, file).split('\\').join('/'));
  figures.push(
    {
      id: 'bundle.panel.firstPaint.gzip',
      label: 'panel first-paint JavaScript, gzip',
      value: panel.size.gzip,
      unit: 'bytes',
      budget: { max: 100 * 1024, text: 'panel first-paint JavaScript at most 100 KB gzipped' },
      note: `dist/chrome/panel/index.html: its module script, modulepreloads and their static imports, each file gzipped (level 9): ${panelFiles.join(', ')}`,
    },
    {
      id: 'bundle.panel.firstPaint.raw',
      label: 'panel first-paint JavaScript, raw',
      value: panel.size.raw,
      unit: 'bytes',
      note: `${panel.files.length} files, as built (minified)`,
    },
  );
  for (const file of panel.files) {
    const size = sizeOf(readFileSync(file));
    table.push(['panel first paint', relative(CHROME, file), kb(size.raw), kb(size.gzip), 'first paint']);
  }

  const languages = registeredLanguages();
  const assets = join(CHROME, 'assets');
  const highlighting: { kind: ChunkKind; what: string; file: string; size: Size }[] = [];
  for (const name of readdirSync(assets).sort()) {
    if (!name.endsWith('.js')) continue;
    const file = join(assets, name);
    const code = readFileSync(file, 'utf8');
    const kind = classify(file, code, languages);
    if (kind) highlighting.push({ ...kind, file, size: sizeOf(code) });
  }
  const firstPaint = new Set(panel.files);
  const lazy = (file: string) => (firstPaint.has(file) ? 'first paint' : 'lazily');
  const labels: Record<ChunkKind, (what: string) => string> = {
    grammar: (what) => `shiki grammar ${what}`,
    're-export': (what) => `shiki grammar ${what} (re-export)`,
    theme: (what) => `shiki theme ${what}`,
    'shiki core': () => 'shiki core',
    'regex engine': () => 'shiki JavaScript regex engine',
    worker: (what) => `worker ${what}`,
  };
  for (const chunk of highlighting) {
    const loaded = chunk.kind === 'worker' ? 'worker, on demand' : lazy(chunk.file);
    table.push([
      labels[chunk.kind](chunk.what),
      relative(CHROME, chunk.file),
      kb(chunk.size.raw),
      kb(chunk.size.gzip),
      loaded,
    ]);
    if (chunk.kind === 're-export') continue;
    const slug = chunk.what.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    figures.push({
      id: `bundle.lazy.${chunk.kind.replace(' ', '-')}.${slug}.gzip`,
      label: `${labels[chunk.kind](chunk.what)}, gzip (${loaded})`,
      value: chunk.size.gzip,
      unit: 'bytes',
      note: `${relative(CHROME, chunk.file)}: ${chunk.size.raw.toLocaleString('en-US')} B raw`,
    });
  }
  const grammarChunks = highlighting.filter((c) => c.kind === 'grammar');
  const missing = languages.filter((lang) => !grammarChunks.some((c) => basename(c.file).startsWith(`${lang}-`)));
  if (missing.length > 0) {
    figures.push({
      id: 'bundle.lazy.grammar.missing',
      label: 'registered languages without their own grammar chunk',
      value: missing.length,
      unit: 'count',
      note: `${missing.join(', ')} (bundled elsewhere, e.g. inside another language's chunk)`,
    });
  }

  const theirs = await curlconverterBundle();
  const wasm = sum(theirs.wasm.map((w) => w.size));
  const total = sum([theirs.js, wasm]);
  figures.push(
    {
      id: 'bundle.curlconverter.js.gzip',
      label: 'curlconverter browser JavaScript, gzip',
      value: theirs.js.gzip,
      unit: 'bytes',
      note:
        `its package entry bundled by esbuild for the browser (its "browser" field selects the web-tree-sitter parser), ESM, minified; ${theirs.js.raw.toLocaleString('en-US')} B raw` +
        (theirs.externals.length > 0
          ? `; Node built-ins left external (required only when running in Node): ${theirs.externals.join('; ')}`
          : ''),
    },
    {
      id: 'bundle.curlconverter.wasm.gzip',
      label: 'curlconverter WASM, gzip',
      value: wasm.gzip,
      unit: 'bytes',
      note: `${theirs.wasm.map((w) => `${w.file} ${w.size.raw.toLocaleString('en-US')} B raw`).join(', ')}`,
    },
    {
      id: 'bundle.curlconverter.total.gzip',
      label: 'curlconverter browser payload, gzip',
      value: total.gzip,
      unit: 'bytes',
      note: `JavaScript + WASM; ${total.raw.toLocaleString('en-US')} B raw`,
    },
    {
      id: 'bundle.curlconverter.ratio',
      label: 'curlconverter payload / our core (gzip)',
      value: total.gzip / core.size.gzip,
      unit: 'ratio',
      note: `raw: ${(total.raw / core.size.raw).toFixed(1)}x`,
    },
  );
  table.push(['curlconverter', 'JavaScript (esbuild, browser)', kb(theirs.js.raw), kb(theirs.js.gzip), '—']);
  for (const w of theirs.wasm) table.push(['curlconverter', w.file, kb(w.size.raw), kb(w.size.gzip), '—']);

  return { title: 'Bundle sizes', figures, table };
}

if (isMain(import.meta.url)) printSection(await run());
