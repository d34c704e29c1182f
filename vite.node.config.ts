import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';

/**
 * The Node build: the converter core (eager, and on demand: the parser and spec at once, each target's
 * generator a chunk loaded when chosen) and the curl-to-code and http-workbench commands, bundled so a
 * fresh `node` process loads a few files instead of fifty (half the cold start). `npm run build:cli`.
 */
const CONVERSION_CORE = new RegExp(
  [
    String.raw`/src/core/(arrays|bytes|errors|raw-bytes|shape|convert|convert-on-demand)\.ts$`,
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

export default defineConfig({
  // The extension's icons are not part of the Node build.
  publicDir: false,
  // Dependencies are bundled too (shell-quote is CommonJS: importing it from node_modules would start Node's
  // CommonJS loader and package resolution in every fresh process).
  ssr: { noExternal: true },
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
        'convert-on-demand': 'src/core/convert-on-demand.ts',
        'cli/curl-to-code': 'src/cli/curl-to-code.ts',
        'cli/http-workbench': 'src/cli/http-workbench.ts',
      },
      formats: ['es'],
    },
    rollupOptions: {
      external: [...builtinModules, ...builtinModules.map((name) => `node:${name}`)],
      output: {
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
        // What every conversion runs (the parser, the spec and its plan, the shared literal helpers) is one chunk:
        // each further file is another resolve, read and compile in a fresh process.
        manualChunks: (id) => (CONVERSION_CORE.test(id) ? 'conversion' : undefined),
      },
    },
  },
});
