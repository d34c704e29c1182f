/**
 * `npm run screenshot`: pictures of the workspace (light and dark, after a
 * request) in dist/screenshots/, to look at the UI as a person would.
 */
import { mkdirSync } from 'node:fs';
import { startDemoServer } from './lib/demo-server.ts';
import { launchWithExtension } from './lib/launch.ts';

const out = 'dist/screenshots';
mkdirSync(out, { recursive: true });
const demo = await startDemoServer();
const ext = await launchWithExtension('dist/chrome');
try {
  for (const theme of ['light', 'dark'] as const) {
    await ext.worker.evaluate((t) => chrome.storage.local.set({ settings: { theme: t, timeoutMs: 30000 } }), theme);
    const page = await ext.browser.newPage();
    await page.setViewport({ width: 1000, height: 640 });
    await page.goto(`chrome-extension://${ext.extensionId}/panel/index.html`);
    await page.waitForSelector('[role="tab"]');
    await page.screenshot({ path: `${out}/converter-${theme}.png` });
    await page.click('#tab-rest');
    await page.select('select[aria-label="Method"]', 'POST');
    await page.type('input[aria-label="URL"]', `${demo.origin}/api/items`);
    await page.type('#panel-rest textarea', '{"name": "Green shoes", "price": 45}');
    await page.click('button[type="submit"]');
    await page.waitForSelector('pre.shiki span[style]', { timeout: 15_000 });
    await page.screenshot({ path: `${out}/rest-client-${theme}.png` });
    await page.close();
  }
  console.log(`Screenshots in ${out}/`);
} finally {
  await ext.close();
  await demo.close();
}
