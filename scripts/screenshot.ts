/**
 * `npm run screenshot`: pictures of the workspace (light and dark, after a
 * request) in dist/screenshots/, to look at the UI as a person would.
 */
import { mkdirSync } from 'node:fs';
import { startDemoServer } from './lib/demo-server.ts';
import { launchWithExtension } from './lib/launch.ts';

const out = 'dist/screenshots';
const SAMPLE = `curl 'https://api.example.com/v1/orders?status=open&limit=20' \\
  -H 'Accept: application/json' \\
  -H "Authorization: Bearer $API_TOKEN" \\
  -H 'Content-Type: application/json' \\
  --compressed --cacert ca.pem \\
  -d '{"customer":"c_42","items":[{"sku":"BLUE-SHOES","qty":1}]}'`;
mkdirSync(out, { recursive: true });
const demo = await startDemoServer();
const ext = await launchWithExtension('dist/chrome');
try {
  const variable = (key: string, value: string, secret = false) => ({ key, value, secret, enabled: true });
  await ext.worker.evaluate((state) => chrome.storage.local.set({ environments: state }), {
    schema: 1,
    globals: [variable('apiVersion', 'v1')],
    environments: [
      {
        id: 'dev',
        name: 'dev',
        variables: [variable('base', `${demo.origin}/api`), variable('token', 'dev-token-123', true)],
      },
      { id: 'staging', name: 'staging', variables: [variable('base', 'https://staging.example.com/api')] },
    ],
    activeId: 'dev',
  });
  for (const theme of ['light', 'dark'] as const) {
    await ext.worker.evaluate(
      (t) => chrome.storage.local.set({ settings: { theme: t, timeoutMs: 30000, converterTarget: 'python-requests' } }),
      theme,
    );
    const page = await ext.browser.newPage();
    await page.setViewport({ width: 1000, height: 640 });
    await page.goto(`chrome-extension://${ext.extensionId}/panel/index.html#/converter`);
    await page.waitForSelector('nav[aria-label="Tools"] a');
    await page.evaluate((text) => {
      const area = document.querySelector('textarea[aria-label="curl command"]') as HTMLTextAreaElement;
      area.value = text;
      area.dispatchEvent(new Event('input', { bubbles: true }));
    }, SAMPLE);
    await page.waitForSelector('pre.code-view.shiki span[style]', { timeout: 15_000 });
    await page.screenshot({ path: `${out}/converter-${theme}.png` });
    await page.click('a[href="#/rest-client"]');
    await page.waitForSelector('select[aria-label="Method"]');
    await page.select('select[aria-label="Method"]', 'POST');
    for (const path of ['/items?page=1', '/me', '/status?code=404']) {
      await page.type('input[aria-label="URL"]', `{{base}}${path}`);
      await page.click('button[type="submit"]');
      await page.waitForSelector('[aria-label="Response status"]', { timeout: 15_000 });
      await page.click('input[aria-label="URL"]', { count: 3 });
      await page.keyboard.press('Backspace');
    }
    await page.type('input[aria-label="URL"]', '{{base}}/items?source=screenshot');
    await page.click('#rest-tab-body');
    await page.select('select[aria-label="Body type"]', 'json');
    await page.type('textarea[aria-label="Body"]', '{"name": "Green shoes", "price": 45}');
    await page.click('#rest-tab-body');
    await page.keyboard.down('Control');
    await page.keyboard.press('Enter');
    await page.keyboard.up('Control');
    await page.waitForSelector('[aria-label="Response status"]', { timeout: 15_000 });
    await page.waitForSelector('[role="region"][aria-label="Response body"] pre.shiki span[style]', {
      timeout: 15_000,
    });
    await page.click('::-p-text(Preview resolved request)');
    await page.screenshot({ path: `${out}/rest-client-${theme}.png` });
    await page.click('button[aria-label="Manage environments"]');
    await page.waitForSelector('dialog[open]');
    await page.screenshot({ path: `${out}/environments-${theme}.png` });
    await page.close();
  }
  console.log(`Screenshots in ${out}/`);
} finally {
  await ext.close();
  await demo.close();
}
