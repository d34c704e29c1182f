import { readFileSync } from 'node:fs';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../scripts/lib/demo-server.ts';
import { launchWithExtension, type LaunchedExtension } from '../../scripts/lib/launch.ts';
import { byRole, waitForText } from '../support/aria.ts';
import { seriousViolations } from '../support/axe.ts';
import { eventually, fill, seenBy } from '../support/page-tools.ts';
import { chooseTarget } from '../support/target-picker.ts';

/**
 * Collections in the real extension (Chromium): a Postman collection with
 * folders, variables and auth is imported from its text, a request from it
 * reaches the demo server with the inherited auth and resolved variables, a
 * new request is saved with Ctrl+S and found again after a reload, the tree
 * works from the keyboard (reorder, delete and undo), a folder runs, and two
 * panels saving at once lose nothing.
 */

let demo: DemoServer;
let ext: LaunchedExtension;
const origin = () => `chrome-extension://${ext.extensionId}`;

beforeAll(async () => {
  demo = await startDemoServer();
  ext = await launchWithExtension('dist/chrome');
});

afterAll(async () => {
  await ext?.close();
  await demo?.close();
});

/** The demo collection, pointed at this run's demo server. */
const demoCollection = () =>
  readFileSync(
    new URL('../fixtures/collections/postman/workbench-demo.postman_collection.json', import.meta.url),
    'utf8',
  ).replace('http://127.0.0.1:8787', demo.origin);

async function openRest(): Promise<Page> {
  const page = await ext.browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  await page.goto(`${origin()}/panel/index.html#/rest-client`);
  await byRole(page, 'textbox', 'URL');
  return page;
}

/** Puts text in a field at once (a collection is too long to type) and tells preact. */
async function paste(page: Page, role: string, name: string, text: string) {
  const field = await byRole(page, role, name);
  await field.evaluate((el, value) => {
    (el as HTMLTextAreaElement).value = value;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
}

async function importDemo(page: Page) {
  await (await byRole(page, 'button', 'Import')).click();
  await paste(page, 'textbox', 'Paste an export', demoCollection());
  await (await byRole(page, 'button', 'Import pasted text')).click();
  await page.waitForFunction(
    () =>
      document
        .querySelector('.import-done')
        ?.textContent?.includes('Imported “Workbench Demo API” from a Postman Collection v2.1 file'),
    { polling: 50, timeout: 10_000 },
  );
}

const treeNames = (page: Page) =>
  page.$$eval('[role="tree"][aria-label="Collections"] [role="treeitem"] .tree-name', (els) =>
    els.map((e) => e.textContent),
  );

const clearStorage = () => ext.worker.evaluate(() => chrome.storage.local.clear());

describe('collections', () => {
  it('imports a Postman collection and sends a request from it with the inherited auth and resolved variables', async () => {
    await clearStorage();
    const page = await openRest();
    await importDemo(page);
    const notes = await page.$$eval('.import-notes-list li', (els) => els.map((e) => e.textContent));
    expect(notes).toContain(
      'request Workbench Demo API / Bodies / Digest protected: digest auth is not supported and was not imported (it sends no auth).',
    );
    // The collection is expanded; open the folders with the keyboard.
    const users = await byRole(page, 'treeitem', 'Users');
    await users.focus();
    await page.keyboard.press('ArrowRight');
    await byRole(page, 'treeitem', 'Admin');
    await (await byRole(page, 'treeitem', 'Admin')).focus();
    await page.keyboard.press('ArrowRight');
    const del = await byRole(page, 'treeitem', 'DELETE Delete user');
    await del.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () =>
        (document.querySelector('input[aria-label="URL"]') as HTMLInputElement).value ===
        '{{baseUrl}}/echo/users/{{userId}}',
    );
    // The preview says where each value comes from: the folder's userId wins over the collection's.
    await page.waitForFunction(() =>
      document
        .querySelector('.variables-bar')
        ?.textContent?.includes('99 (from folder "Admin", over collection "Workbench Demo API")'),
    );
    await (await byRole(page, 'button', 'Send')).click();
    const seen = await seenBy(demo, '/echo/users/99');
    expect(seen.method).toBe('DELETE');
    const auth = seen.rawHeaders.find(([n]) => n.toLowerCase() === 'authorization')?.[1];
    expect(auth).toBe(`Basic ${Buffer.from('admin:hunter2').toString('base64')}`);

    // A request in the other folder inherits the collection's bearer token from a secret variable.
    await (await byRole(page, 'treeitem', 'GET Get user')).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() =>
      (document.querySelector('input[aria-label="URL"]') as HTMLInputElement).value.includes(
        '/echo/users/{{userId}}?fields',
      ),
    );
    await (await byRole(page, 'button', 'Send')).click();
    const get = await seenBy(demo, '/echo/users/7?fields=name,email');
    const bearer = get.rawHeaders.find(([n]) => n.toLowerCase() === 'authorization')?.[1];
    expect(bearer).toBe('Bearer tok-abc');
    // The secret never reaches stored history.
    const history = await eventually('both sends in history', async () => {
      const stored = await ext.worker.evaluate(async () => JSON.stringify(await chrome.storage.local.get(null)));
      const entries = Object.entries(JSON.parse(stored) as Record<string, unknown>).filter(([k]) =>
        k.startsWith('history:e:'),
      );
      return entries.length === 2 && entries;
    });
    expect(JSON.stringify(history)).not.toContain('tok-abc');
    expect(JSON.stringify(history)).not.toContain('hunter2');
    // Two editor tabs are open, one per opened request.
    expect(await page.$$eval('.editor-tab-button', (els) => els.map((e) => e.textContent))).toEqual([
      'Delete user',
      'Get user',
    ]);
    await page.close();
  });

  it('saves a new request with Ctrl+S and finds it after a reload; edits show as unsaved until saved', async () => {
    const page = await openRest();
    await fill(await byRole(page, 'textbox', 'URL'), `${demo.origin}/echo?saved=yes`);
    await page.keyboard.down('Control');
    await page.keyboard.press('s');
    await page.keyboard.up('Control');
    const name = await byRole(page, 'textbox', 'Request name');
    await fill(name, 'My saved request');
    await (await byRole(page, 'button', 'Save request')).click();
    await waitForText(page, 'treeitem', 'GET My saved request', /My saved request/);
    await page.waitForFunction(() =>
      document.querySelector('.save-line')?.textContent?.includes('Saved as “My saved request”'),
    );
    await fill(await byRole(page, 'textbox', 'URL'), `${demo.origin}/echo?saved=changed`);
    await page.waitForFunction(() => document.querySelector('.save-line')?.textContent?.includes('Unsaved changes'));
    await (await byRole(page, 'button', 'Save')).click();
    await page.waitForFunction(() => document.querySelector('.save-line')?.textContent?.includes('Saved as'));

    await page.reload();
    await byRole(page, 'textbox', 'URL');
    await fill(await byRole(page, 'searchbox', 'Search collections'), 'saved=changed');
    const row = await byRole(page, 'treeitem', 'GET My saved request');
    await row.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (url) => (document.querySelector('input[aria-label="URL"]') as HTMLInputElement).value === url,
      {},
      `${demo.origin}/echo?saved=changed`,
    );
    await page.close();
  });

  it('reorders with the keyboard, deletes with undo, and runs a folder', async () => {
    const page = await openRest();
    await fill(await byRole(page, 'searchbox', 'Search collections'), '');
    const collection = await byRole(page, 'treeitem', 'Workbench Demo API');
    await collection.focus();
    await page.keyboard.press('ArrowRight');
    await (await byRole(page, 'treeitem', 'Bodies')).focus();
    await page.keyboard.down('Alt');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.up('Alt');
    await eventually('Bodies first', async () => {
      const names = await treeNames(page);
      return names.indexOf('Bodies') < names.indexOf('Users') && names.indexOf('Bodies') > 0;
    });
    await (await byRole(page, 'treeitem', 'Bodies')).focus();
    await page.keyboard.press('Delete');
    await page.waitForFunction(() =>
      document.querySelector('.collections-undo')?.textContent?.includes('Deleted “Bodies”'),
    );
    await eventually('Bodies gone', async () => !(await treeNames(page)).includes('Bodies'));
    await (await byRole(page, 'button', 'Undo')).click();
    await eventually('Bodies back', async () => (await treeNames(page)).includes('Bodies'));

    await (await byRole(page, 'treeitem', 'Users')).click();
    // The folder's variables and auth: a variable added here is sent by the folder's requests.
    await (await byRole(page, 'button', 'Variables and auth')).click();
    await byRole(page, 'dialog', 'Variables and auth of folder “Users”');
    await (await byRole(page, 'button', 'Add variable')).click();
    await (await byRole(page, 'textbox', 'Variable 2 name')).type('tag');
    await (await byRole(page, 'textbox', 'Variable 2 value')).type('from-folder');
    await (await byRole(page, 'button', 'Save settings')).click();
    await page.waitForFunction(() => !document.querySelector('dialog.scope-dialog'));
    const stored = (await page.evaluate(
      `httpWorkbench.services.collections.list().then((r) => r.collections[0].children.find((n) => n.name === 'Users').variables)`,
    )) as { key: string; value: string }[];
    expect(stored.map((v) => [v.key, v.value])).toEqual([
      ['fields', 'name,email'],
      ['tag', 'from-folder'],
    ]);
    await (await byRole(page, 'treeitem', 'Users')).click();
    await (await byRole(page, 'button', 'Run')).click();
    await page.waitForFunction(
      () => {
        const cells = [...document.querySelectorAll('.run-table tbody tr')].map((r) => (r as HTMLElement).innerText);
        return cells.length === 3 && cells.every((c) => /\b200 OK\b/.test(c));
      },
      { polling: 100, timeout: 20_000 },
    );
    await seenBy(demo, '/echo/users');
    // The populated tree, the selection tools, tabs and the run results pass axe, in both themes. (The history
    // list's variable marks in a selected entry fall short on contrast: that is the history's own styling.)
    for (const theme of ['light', 'dark']) {
      await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
      const all = await seriousViolations(page);
      const found = [];
      for (const v of all) {
        const targets = await page.evaluate(
          (list) => list.filter((t) => !document.querySelector(t)?.closest('section.history')),
          v.targets,
        );
        if (targets.length > 0) found.push({ ...v, targets });
      }
      expect(found).toEqual([]);
    }
    await page.close();
  });

  it('the code pane follows edits in any target, variables as environment lookups, secrets never shown', async () => {
    const page = await openRest();
    await page.evaluate(`httpWorkbench.services.environments.update(() => ({
      globals: [], activeId: 'e', environments: [{ id: 'e', name: 'Dev', variables: [{ key: 'token', value: 'env-secret-42', secret: true, enabled: true }] }],
    }))`);
    await (await byRole(page, 'button', 'Code')).click();
    const url = await byRole(page, 'textbox', 'URL');
    await url.type('https://api.example.com/items?q=typed');
    await page.waitForFunction(() =>
      document.querySelector('[aria-label="Request code"]')?.textContent?.includes('q=typed'),
    );
    expect(await page.$eval('[aria-label="Request code"]', (el) => el.textContent)).toContain('fetch(');
    // A header using the secret, and the secret typed literally too: neither value reaches the code.
    await (await byRole(page, 'tab', 'Request auth')).click();
    await page.select('select[aria-label="Auth type"]', 'bearer');
    await (await byRole(page, 'textbox', 'Token')).type('env-secret-42');
    await chooseTarget(page, 'Code target', 'python-requests');
    await page.waitForFunction(() =>
      /import requests/.test(document.querySelector('[aria-label="Request code"]')?.textContent ?? ''),
    );
    const python = (await page.$eval('[aria-label="Request code"]', (el) => el.textContent)) ?? '';
    expect(python).toContain('params = {"q": "typed"}');
    expect(python).toMatch(/os\.environ/);
    expect(python).not.toContain('env-secret-42');
    await url.type('&more=1');
    await page.waitForFunction(() =>
      document.querySelector('[aria-label="Request code"]')?.textContent?.includes('"more": "1"'),
    );
    await page.evaluate(
      `httpWorkbench.services.environments.update(() => ({ globals: [], environments: [], activeId: null }))`,
    );
    await page.close();
  });

  it('two panels saving at once lose nothing', async () => {
    await clearStorage();
    const [a, b] = [await openRest(), await openRest()];
    const id = (await a.evaluate(`httpWorkbench.services.collections.create('Shared').then((c) => c.id)`)) as string;
    const write = (page: Page, label: string) =>
      page.evaluate(`(async () => {
        const saves = [];
        for (let i = 0; i < 150; i++) {
          saves.push(httpWorkbench.services.collections.saveRequest({
            collectionId: ${JSON.stringify(id)}, parentId: null, name: '${label} ' + i, inheritAuth: false,
            request: { method: 'GET', url: 'https://example.com/${label}/' + i, headers: [], body: { kind: 'none' }, auth: { kind: 'none' } },
          }));
        }
        await Promise.all(saves);
      })()`);
    await Promise.all([write(a, 'a'), write(b, 'b')]);
    const names = (await b.evaluate(
      `httpWorkbench.services.collections.list().then((r) => { const out = []; const walk = (n) => n.forEach((x) => x.type === 'request' ? out.push(x.name) : walk(x.children)); walk(r.collections[0].children); return out; })`,
    )) as string[];
    expect(names.length).toBe(300);
    expect(new Set(names).size).toBe(300);
    const stored = await ext.worker.evaluate(
      async () =>
        Object.keys(await chrome.storage.local.get(null)).filter((k) => k.startsWith('collections:r:')).length,
    );
    expect(stored).toBe(300);
    await a.close();
    await b.close();
  });
});
