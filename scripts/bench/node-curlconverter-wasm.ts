/**
 * curlconverter as a browser runs it, but in Node. Imported in Node,
 * curlconverter parses with the native tree-sitter binding; its package
 * "browser" field swaps in web-tree-sitter (WASM) instead. This builds that
 * browser variant for Node (the same sources, only the parser module
 * replaced by one that loads the two WASM files from node_modules), so the
 * benchmarks can also compare against what a web page or extension would run.
 */
import { build, type Plugin } from 'esbuild';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Curlconverter from 'curlconverter';

const require = createRequire(import.meta.url);

/** Paths of curlconverter's entry and the WASM files its browser build loads. */
export function curlconverterFiles(): {
  entry: string;
  bashWasm: string;
  treeSitterJs: string;
  treeSitterWasm: string;
} {
  const packageJson = require.resolve('curlconverter/package.json');
  const root = dirname(packageJson);
  const { main } = require(packageJson) as { main: string };
  // web-tree-sitter is curlconverter's own dependency: resolve it from there.
  const treeSitterJs = createRequire(packageJson).resolve('web-tree-sitter');
  return {
    entry: join(root, main),
    bashWasm: join(root, 'dist', 'tree-sitter-bash.wasm'),
    treeSitterJs,
    treeSitterWasm: join(dirname(treeSitterJs), 'tree-sitter.wasm'),
  };
}

let built: Promise<string> | undefined;

/**
 * Writes the WASM-parser variant of curlconverter as one ESM file in a
 * temporary directory (removed when this process exits) and returns its
 * path; built once per process.
 */
export function buildCurlconverterWasm(): Promise<string> {
  built ??= (async () => {
    const files = curlconverterFiles();
    // The parser module of the browser build, with the WASM files found on disk instead of at "/".
    const shim = [
      `import Parser from ${JSON.stringify(files.treeSitterJs)};`,
      `await Parser.init({ locateFile: () => ${JSON.stringify(files.treeSitterWasm)} });`,
      `const Bash = await Parser.Language.load(${JSON.stringify(files.bashWasm)});`,
      'const parser = new Parser();',
      'parser.setLanguage(Bash);',
      // curlconverter never deletes a tree (web-tree-sitter's trees live in WASM memory, outside the garbage
      // collector): about 8 KB a conversion, and the 2 GB of WASM memory run out after some 280,000 conversions,
      // fewer than a fast machine's run of the conversion section makes. Each tree goes when the next is parsed
      // (curlconverter calls only `parse` and returns text: it keeps no tree after a conversion).
      'let last;',
      'export default { parse(...args) { last?.delete(); last = parser.parse(...args); return last; } };',
    ].join('\n');
    const swapParser: Plugin = {
      name: 'curlconverter-wasm-parser',
      setup(b) {
        b.onResolve({ filter: /(^|[/\\])Parser\.js$/ }, (args) =>
          /[/\\]shell$/.test(args.resolveDir) ? { path: 'wasm-parser', namespace: 'shim' } : undefined,
        );
        b.onLoad({ filter: /.*/, namespace: 'shim' }, () => ({ contents: shim, loader: 'js', resolveDir: '/' }));
        // Loaded by Node from node_modules as is (it finds its own WASM through locateFile).
        b.onResolve({ filter: /^web-tree-sitter$|tree-sitter\.js$/ }, () => ({
          path: files.treeSitterJs,
          external: true,
        }));
      },
    };
    const result = await build({
      entryPoints: [files.entry],
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      write: false,
      plugins: [swapParser],
      // Bundled CommonJS dependencies may require Node built-ins.
      banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
      logLevel: 'silent',
    });
    const dir = mkdtempSync(join(tmpdir(), 'bench-curlconverter-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'curlconverter-wasm.mjs');
    writeFileSync(file, result.outputFiles[0]!.contents);
    return file;
  })();
  return built;
}

/** curlconverter with the web-tree-sitter (WASM) parser, imported into this process. */
export async function importCurlconverterWasm(): Promise<typeof Curlconverter> {
  return (await import(pathToFileURL(await buildCurlconverterWasm()).href)) as typeof Curlconverter;
}
