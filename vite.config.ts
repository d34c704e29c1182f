import { defineConfig } from 'vite';
import { crx } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import { manifestFor, type Target } from './manifest.config.ts';

/**
 * Modes: `chrome` (default), `firefox`, and `firefox-e2e` (a Firefox build whose
 * background opens the workspace tab on install, because WebDriver BiDi cannot
 * navigate to a moz-extension:// URL itself).
 */
export default defineConfig(({ mode }) => {
  const target: Target = mode.startsWith('firefox') ? 'firefox' : 'chrome';
  const outDir = mode === 'firefox-e2e' ? 'dist/firefox-e2e' : `dist/${target}`;
  return {
    plugins: [preact(), crx({ manifest: manifestFor(target), browser: target })],
    define: {
      __TARGET__: JSON.stringify(target),
      __OPEN_WORKSPACE_ON_INSTALL__: JSON.stringify(mode === 'firefox-e2e'),
    },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      // crxjs only builds the pages the manifest names; the panel page (opened
      // by devtools.panels.create) and the offscreen page are inputs of their own.
      rollupOptions: { input: { panel: 'panel/index.html', offscreen: 'offscreen/index.html' } },
    },
    // Module workers, so a worker can load code on demand (Fake Data's worker loads one faker locale chunk).
    worker: { format: 'es' },
    server: { strictPort: true, port: 5173, hmr: { port: 5173 } },
  };
});
