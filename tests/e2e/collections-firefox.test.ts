import { readFileSync } from 'node:fs';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../scripts/lib/demo-server.ts';
import { launchFirefoxWithExtension, type LaunchedFirefox } from '../../scripts/lib/launch.ts';

/**
 * Collections in Firefox (the test build, whose background opens the
 * workspace): import a Postman collection with folders and variables, send a
 * request from it (it arrives with the folder's inherited auth and the
 * resolved variables), save a new request, reload, find it; two saves at
 * once both land. CSS selectors here: WebDriver BiDi has no ARIA queries.
 */

let demo: DemoServer;
let firefox: LaunchedFirefox | undefined;
let page: Page;

beforeAll(async () => {
  demo = await startDemoServer();
  firefox = await launchFirefoxWithExtension('dist/firefox-e2e');
  page = firefox.workspace;
});

afterAll(async () => {
  await firefox?.close();
  await demo?.close();
});

const demoCollection = () =>
  readFileSync(
    new URL('../fixtures/collections/postman/workbench-demo.postman_collection.json', import.meta.url),
    'utf8',
  ).replace('http://127.0.0.1:8787', demo.origin);

/** Waits until `predicate` (page code) is true. */
const until = (predicate: string, timeout = 15_000) => page.waitForFunction(predicate, { polling: 100, timeout });

/** Clicks the button with this exact text. */
const clickButton = (text: string) =>
  page.evaluate((label) => {
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === label);
    if (!button) throw new Error(`no button ${label}`);
    button.click();
  }, text);

/** Focuses the tree row with this name and presses a key there. */
async function onRow(name: string, key: string) {
  await until(
    `[...document.querySelectorAll('[role="treeitem"] .tree-name')].some((e) => e.textContent === ${JSON.stringify(name)})`,
  );
  await page.evaluate((n) => {
    const row = [...document.querySelectorAll('[role="treeitem"]')].find(
      (r) => r.querySelector('.tree-name')?.textContent === n,
    );
    (row as HTMLElement).focus();
  }, name);
  await page.keyboard.press(key as 'Enter');
}

describe('collections in Firefox', () => {
  it('imports a Postman collection and sends a request with inherited auth and resolved variables', async () => {
    await page.click('a[href="#/rest-client"]');
    await page.waitForSelector('input[aria-label="URL"]');
    await clickButton('Import');
    await page.waitForSelector('textarea[aria-label="Paste an export"]');
    await page.evaluate((text) => {
      const area = document.querySelector('textarea[aria-label="Paste an export"]') as HTMLTextAreaElement;
      area.value = text;
      area.dispatchEvent(new Event('input', { bubbles: true }));
    }, demoCollection());
    await clickButton('Import pasted text');
    await until(`document.querySelector('.import-done')?.textContent.includes('Imported “Workbench Demo API”')`);
    await onRow('Users', 'ArrowRight');
    await onRow('Admin', 'ArrowRight');
    await onRow('Delete user', 'Enter');
    await until(`document.querySelector('input[aria-label="URL"]').value === '{{baseUrl}}/echo/users/{{userId}}'`);
    await page.click('button[type="submit"]');
    await until(`document.querySelector('[aria-label="Response status"]')?.textContent.includes('200')`, 20_000);
    const seen = demo.requests.find((r) => r.target === '/echo/users/99');
    expect(seen?.method).toBe('DELETE');
    expect(seen?.rawHeaders.find(([n]) => n.toLowerCase() === 'authorization')?.[1]).toBe(
      `Basic ${Buffer.from('admin:hunter2').toString('base64')}`,
    );
  });

  it('saves a new request, finds it after a reload, and two saves at once both land', async () => {
    await clickButton('New tab');
    await page.click('input[aria-label="URL"]');
    await page.type('input[aria-label="URL"]', `${demo.origin}/echo?firefox-saved=1`);
    await page.keyboard.down('Control');
    await page.keyboard.press('s');
    await page.keyboard.up('Control');
    await page.waitForSelector('dialog.save-dialog input');
    await page.evaluate(() => {
      const input = document.querySelector('dialog.save-dialog input') as HTMLInputElement;
      input.value = 'Firefox saved';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await clickButton('Save request');
    await until(`document.querySelector('.save-line')?.textContent.includes('Saved as “Firefox saved”')`);

    // BiDi does not report a moz-extension: page's reload as a navigation: the page reloads itself.
    await page.evaluate(() => {
      (window as { beforeReload?: boolean }).beforeReload = true;
      location.reload();
    });
    await until(`!window.beforeReload && document.querySelector('input[aria-label="URL"]') !== null`, 20_000);
    await page.type('input[aria-label="Search collections"]', 'firefox-saved');
    await onRow('Firefox saved', 'Enter');
    await until(
      `document.querySelector('input[aria-label="URL"]').value === ${JSON.stringify(`${demo.origin}/echo?firefox-saved=1`)}`,
    );

    const count = (await page.evaluate(`(async () => {
      const { collections } = await httpWorkbench.services.collections.list();
      const id = collections[0].id;
      const save = (name) => httpWorkbench.services.collections.saveRequest({
        collectionId: id, parentId: null, name, inheritAuth: true,
        request: { method: 'GET', url: 'https://example.com/' + name, headers: [], body: { kind: 'none' }, auth: { kind: 'none' } },
      });
      const saves = [];
      for (let i = 0; i < 50; i++) saves.push(save('x' + i), save('y' + i));
      await Promise.all(saves);
      const after = (await httpWorkbench.services.collections.list()).collections[0];
      return after.children.filter((n) => n.type === 'request' && /^[xy]\\d+$/.test(n.name)).length;
    })()`)) as number;
    expect(count).toBe(100);
  });
});
