import { builtinModules } from 'node:module';
import { defineConfig, type Plugin, type UserConfig } from 'vite';

/**
 * The Node build: the converter core (eager, and on demand: the parser and spec at once, each target's
 * generator a chunk loaded when chosen) and the curl-to-code and http-workbench commands, bundled so a
 * fresh `node` process loads a few files instead of fifty (half the cold start). `npm run build:cli`.
 */
const CONVERSION_CORE = new RegExp(
  [
    String.raw`/src/core/(arrays|bytes|raw-bytes|shape|convert|convert-on-demand)\.ts$`,
    // Not the Windows shells' tokenizers (convertOnDemand loads them for their commands only), nor what
    // binds them to the parser for the eager API (curl/parse.ts, shell/index.ts).
    String.raw`/src/core/curl/(model|options|parse-command|stdin|to-curl|urlencode|wire)\.ts$`,
    String.raw`/src/core/shell/(bash|detect|types)\.ts$`,
    String.raw`/src/core/request-spec/(encodings|from-curl|plan|profiles|spec|warnings)\.ts$`,
    String.raw`/src/core/generators/(code-builder|literals|loaders|targets|types)\.ts$`,
    String.raw`/node_modules/shell-quote/`,
    String.raw`^\0rolldown/runtime`,
  ].join('|'),
);

const NODE_BUILTINS = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];
// What every conversion runs (the parser, the spec and its plan, the shared literal helpers) is one chunk:
// each further file is another resolve, read and compile in a fresh process. The error types are a chunk of
// their own, and so is the list of targets: the CLI checks a target and catches a parse error with them before
// and while it converts with the scripts below, without the rest.
const codeSplitting = {
  groups: [
    { name: 'errors', test: /\/src\/core\/errors\.ts$/, priority: 2 },
    { name: 'targets', test: /\/src\/core\/generators\/targets\.ts$/, priority: 2 },
    { name: 'conversion', test: CONVERSION_CORE, priority: 1 },
  ],
};

/**
 * The CLI converts with `dist/node/convert-on-demand.cjs` (src/cli/conversion-script.ts: the scripts below with
 * their code cache), not with a second copy of the core in its own chunks.
 */
const cliConvertsWithScripts: Plugin = {
  name: 'cli-converts-with-scripts',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === '../core/convert-on-demand.ts' && importer !== undefined && /\/src\/cli\/[^/]+\.ts$/.test(importer))
      return { id: '../convert-on-demand.cjs', external: true };
    return null;
  },
};

const node: UserConfig = {
  // The extension's icons are not part of the Node build.
  publicDir: false,
  // Dependencies are bundled too (shell-quote is CommonJS: importing it from node_modules would start Node's
  // CommonJS loader and package resolution in every fresh process).
  ssr: { noExternal: true },
  plugins: [cliConvertsWithScripts],
  build: {
    outDir: 'dist/node',
    emptyOutDir: true,
    target: 'node20',
    ssr: true,
    // Minified: a fresh process parses less (cold start is a budgeted figure, see BENCHMARKS.md).
    minify: true,
    lib: {
      entry: {
        core: 'src/core/index.ts',
        'cli/curl-to-code': 'src/cli/curl-to-code.ts',
        'cli/http-workbench': 'src/cli/http-workbench.ts',
      },
      formats: ['es'],
    },
    rollupOptions: {
      external: NODE_BUILTINS,
      // `../convert-on-demand.cjs` stays as written: the CLI's files and chunks are all one folder deep.
      makeAbsoluteExternalsRelative: false,
      output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js', codeSplitting },
    },
  },
};

/**
 * `--mode script`, after the build above: the on-demand core as CommonJS scripts in dist/node/script/, which
 * `dist/node/convert-on-demand.cjs` (src/cli/conversion-script.ts) compiles with V8's code cache (Node 20
 * keeps none for ES modules). Each target's generator and each Windows shell's tokenizer is still a script of
 * its own, loaded when first needed.
 */
const script: UserConfig = {
  publicDir: false,
  ssr: { noExternal: true },
  build: {
    outDir: 'dist/node',
    emptyOutDir: false,
    target: 'node20',
    ssr: true,
    minify: true,
    lib: {
      entry: {
        'convert-on-demand': 'src/cli/conversion-script.ts',
        'script/conversion': 'src/core/convert-on-demand.ts',
      },
      formats: ['cjs'],
    },
    rollupOptions: {
      external: NODE_BUILTINS,
      output: {
        entryFileNames: '[name].cjs',
        chunkFileNames: 'script/chunks/[name]-[hash].cjs',
        codeSplitting: { groups: [{ name: 'conversion', test: CONVERSION_CORE }] },
      },
    },
  },
};

export default defineConfig(({ mode }) => (mode === 'script' ? script : node));
