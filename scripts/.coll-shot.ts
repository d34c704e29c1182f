import { readFileSync } from 'node:fs';
import { launchWithExtension } from './lib/launch.ts';
const ext = await launchWithExtension('/work/wt-collections/dist/chrome');
const url = `chrome-extension://${ext.extensionId}/panel/index.html#/rest-client`;
const page = await ext.browser.newPage();
await page.goto(url);
await page.waitForSelector('input[aria-label="URL"]');
const text = readFileSync('tests/fixtures/collections/postman/workbench-demo.postman_collection.json', 'utf8');
await page.evaluate(`(async () => {
  const { importCollections } = await import('/src/core/collections/formats.ts').catch(() => ({}));
})()`).catch(() => undefined);
for (const size of ['1280x800', '450x900', '1280x330']) {
  const [w, h] = size.split('x').map(Number);
  await page.setViewport({ width: w!, height: h! });
  await page.goto(url);
  await page.waitForSelector('input[aria-label="URL"]');
  if (size === '1280x800') {
    await page.evaluate(() => [...document.querySelectorAll('button')].find((b) => b.textContent === 'Import')!.click());
    await page.waitForSelector('textarea[aria-label="Paste an export"]');
    await page.evaluate((t) => { const a = document.querySelector('textarea[aria-label="Paste an export"]') as HTMLTextAreaElement; a.value = t; a.dispatchEvent(new Event('input', { bubbles: true })); }, text);
    await page.evaluate(() => [...document.querySelectorAll('button')].find((b) => b.textContent === 'Import pasted text')!.click());
    await new Promise((r) => setTimeout(r, 500));
    await page.screenshot({ path: `/tmp/coll-shot-import.png` });
    await page.goto(url);
    await page.waitForSelector('input[aria-label="URL"]');
  }
  if (size === '1280x330') await page.evaluate(() => [...document.querySelectorAll('button')].find((b) => b.textContent === 'History')?.click());
  await new Promise((r) => setTimeout(r, 300));
  await page.evaluate(() => { const r = [...document.querySelectorAll('[role="treeitem"]')][0] as HTMLElement; r?.focus(); });
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await new Promise((r) => setTimeout(r, 500));
  await page.screenshot({ path: `/tmp/coll-shot-${size}.png` });
}
await ext.close();
