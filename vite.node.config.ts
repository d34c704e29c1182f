import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';

/**
 * The Node build: the converter core and the curl-to-code and
 * http-workbench commands, each bundled into one ES module file, so a fresh `node` process loads one file
 * instead of fifty (half the cold start). `npm run build:cli`.
 */
export default defineConfig({
  // The extension's icons are not part of the Node build.
  publicDir: false,
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
      external: [...builtinModules, ...builtinModules.map((name) => `node:${name}`)],
      output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});
