import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../scripts/lib/demo-server.ts';
import { launchWithExtension, type LaunchedExtension } from '../../scripts/lib/launch.ts';
import type { HistoryEntry } from '../../src/core/history/types.ts';
import { byRole, waitForText } from '../support/aria.ts';
import { all, eventually, fileInput, fill, nth, seenBy, watchDownloads } from '../support/page-tools.ts';

/**
 * History and environments in the real extension: what is sent is saved and
 * survives a reload, replays reach the server, environments change what is
 * requested, secrets never reach stored history or exports, two pages write
 * at once without losing an entry, and 10,000 entries open at once.
 */

let demo: DemoServer;
let ext: LaunchedExtension;
let downloads: Awaited<ReturnType<typeof watchDownloads>>;
const origin = () => `chrome-extension://${ext.extensionId}`;

beforeAll(async () => {
  demo = await startDemoServer();
  ext = await launchWithExtension('dist/chrome');
  downloads = await watchDownloads(ext.browser);
});

afterAll(async () => {
  await ext?.close();
  await demo?.close();
  downloads?.remove();
});

async function openRest(): Promise<Page> {
  const page = await ext.browser.newPage();
  await page.goto(`${origin()}/panel/index.html#/converter`);
  await (await byRole(page, 'link', 'REST Client')).click();
  await byRole(page, 'textbox', 'URL');
  return page;
}

async function reopenRest(page: Page) {
  await page.reload();
  await (await byRole(page, 'link', 'REST Client')).click();
  await byRole(page, 'textbox', 'URL');
}

let mark = 0;
const unique = (label: string) => `${label}-${++mark}-${Date.now().toString(36)}`;

async function sendTo(page: Page, url: string) {
  await fill(await byRole(page, 'textbox', 'URL'), url);
  await (await byRole(page, 'button', 'Send')).click();
}

/** The text of every rendered history item. */
const historyItems = (page: Page) =>
  page.$$eval('[role="list"][aria-label="History"] [role="listitem"]', (items) =>
    items.map((item) => (item as HTMLElement).innerText),
  );

/** Everything stored under history keys, as JSON text, read from the background. */
const storedHistoryText = () =>
  ext.worker.evaluate(async () => {
    const all = await chrome.storage.local.get(null);
    return JSON.stringify(Object.entries(all).filter(([key]) => key.startsWith('history:')));
  });

/**
 * The page's markup and field values outside the response area (which shows
 * what the server echoed and the headers sent: the user's own exchange).
 */
const outsideResponse = (page: Page) =>
  page.evaluate(() => {
    const copy = document.documentElement.cloneNode(true) as HTMLElement;
    copy.querySelector('.response-area')?.remove();
    const values = [...document.querySelectorAll('input, textarea')].map((el) => (el as HTMLInputElement).value);
    return { html: copy.outerHTML, values };
  });

const clearStorage = () => ext.worker.evaluate(() => chrome.storage.local.clear());

/** Sets up environments through the page's own service (the manager dialog has its own test). */
async function seedEnvironments(page: Page, state: unknown) {
  await page.evaluate(`httpWorkbench.services.environments.update(() => (${JSON.stringify(state)}))`);
}

describe('history', () => {
  it('saves a sent request with its response summary, still there after a reload', async () => {
    await clearStorage();
    const page = await openRest();
    const marker = unique('saved');
    await sendTo(page, `${demo.origin}/api/items?m=${marker}`);
    await seenBy(demo, marker);
    await waitForText(page, 'status', 'Response status', /200/);
    const item = await eventually('the history item', async () =>
      (await historyItems(page)).find((text) => text.includes(marker)),
    );
    expect(item).toMatch(/GET/);
    expect(item).toMatch(/200/);
    await reopenRest(page);
    await eventually('the item after a reload', async () =>
      (await historyItems(page)).find((text) => text.includes(marker)),
    );
    await page.close();
  });

  it('Replay sends the request again; Open loads it with its saved response', async () => {
    await clearStorage();
    const page = await openRest();
    const marker = unique('replay');
    await sendTo(page, `${demo.origin}/echo?m=${marker}`);
    await seenBy(demo, marker);
    await eventually('the entry', async () => (await historyItems(page)).some((t) => t.includes(marker)));
    await fill(await byRole(page, 'textbox', 'URL'), 'https://elsewhere.invalid/');
    const before = demo.requests.filter((r) => r.target.includes(marker)).length;
    await (await nth(page, 'button', 'Replay', 0)).click();
    await eventually(
      'the replay at the server',
      async () => demo.requests.filter((r) => r.target.includes(marker)).length === before + 1,
    );
    expect(await (await byRole(page, 'textbox', 'URL')).evaluate((el) => (el as HTMLInputElement).value)).toContain(
      marker,
    );
    // Replay recorded a second entry; Open loads without sending.
    await eventually(
      'two entries',
      async () => (await historyItems(page)).filter((t) => t.includes(marker)).length === 2,
    );
    const count = demo.requests.length;
    await (await nth(page, 'button', 'Open', 1)).click();
    await waitForText(page, 'status', 'Response status', /200/);
    expect(demo.requests.length).toBe(count);
    await page.close();
  });

  it('pins, filters, deletes one, and clears all but the pinned after confirmation', async () => {
    await clearStorage();
    const page = await openRest();
    const markers = [unique('keep'), unique('drop'), unique('other')];
    for (const marker of markers) {
      await sendTo(page, `${demo.origin}/status?code=404&m=${marker}`);
      await seenBy(demo, marker);
      await eventually('the entry', async () => (await historyItems(page)).some((t) => t.includes(marker)));
    }
    // Newest first: "other", "drop", "keep".
    expect((await historyItems(page)).map((t) => markers.findIndex((m) => t.includes(m)))).toEqual([2, 1, 0]);
    await (await nth(page, 'button', 'Pin', 2)).click();
    await eventually('pinned', async () =>
      (await nth(page, 'button', 'Pin', 2)).evaluate((el) => el.getAttribute('aria-pressed') === 'true'),
    );
    await fill(await byRole(page, 'searchbox', 'Filter history'), markers[1]!);
    await eventually('the filter', async () => (await historyItems(page)).length === 1);
    await (await byRole(page, 'button', 'Delete')).click();
    await eventually('the deletion', async () => (await historyItems(page)).length === 0);
    await fill(await byRole(page, 'searchbox', 'Filter history'), '');
    await eventually('two left', async () => (await historyItems(page)).length === 2);
    await (await byRole(page, 'button', 'Clear history')).click();
    await byRole(page, 'alertdialog', 'Clear history?');
    await (await byRole(page, 'button', 'Delete 1 entry')).click();
    await eventually('only the pinned entry', async () => {
      const items = await historyItems(page);
      return items.length === 1 && items[0]!.includes(markers[0]!);
    });
    await page.close();
  });

  it('two panels writing 500 entries each at the same time end with all 1,000 stored', async () => {
    await clearStorage();
    const [a, b] = [await openRest(), await openRest()];
    const write = (page: Page, label: string) =>
      page.evaluate(`(async () => {
        const adds = [];
        for (let i = 0; i < 500; i++) {
          adds.push(httpWorkbench.services.history.add({
            id: '${label}-' + i, schema: 2, createdAt: Date.now(), pinned: false,
            request: { method: 'GET', url: 'https://example.com/${label}/' + i, headers: [], body: { kind: 'none' }, auth: { kind: 'none' } },
            response: { status: 200, statusText: 'OK', timeMs: 1, size: 0 },
          }));
        }
        await Promise.all(adds);
      })()`);
    const started = performance.now();
    await Promise.all([write(a, 'a'), write(b, 'b')]);
    const elapsed = performance.now() - started;
    const listed = (await a.evaluate(
      'httpWorkbench.services.history.list().then((r) => r.summaries.map((s) => s.id))',
    )) as string[];
    expect(new Set(listed).size).toBe(1000);
    const stored = await ext.worker.evaluate(
      async () => Object.keys(await chrome.storage.local.get(null)).filter((k) => k.startsWith('history:e:')).length,
    );
    expect(stored).toBe(1000);
    // Both panels show all of them (a background tab is brought forward: it renders only when visible).
    await waitForText(b, 'status', 'History count', /^1,000 entries$/);
    await a.bringToFront();
    await waitForText(a, 'status', 'History count', /^1,000 entries$/);
    console.log(`[history] 2 × 500 concurrent writes: ${Math.round(elapsed)} ms, ${listed.length} listed`);
    await a.close();
    await b.close();
  });

  it('opens 10,000 entries at once, rendering only what is on screen', async () => {
    await clearStorage();
    const page = await openRest();
    await page.evaluate(`(async () => {
      const now = Date.now();
      const entries = [];
      for (let i = 0; i < 10000; i++) entries.push({
        id: 'bulk-' + i, schema: 2, createdAt: now - i * 60000, pinned: false,
        request: { method: i % 3 ? 'GET' : 'POST', url: 'https://api.example.com/items/' + i, headers: [], body: { kind: 'none' }, auth: { kind: 'none' } },
        response: { status: i % 7 ? 200 : 500, statusText: '', timeMs: 10, size: 100 },
      });
      const result = await httpWorkbench.services.history.importEntries(entries);
      if (result.added !== 10000) throw new Error('imported ' + result.added);
    })()`);
    await reopenRest(page);
    await waitForText(page, 'status', 'History count', /10,?000 entries/, 20_000);
    await page.waitForSelector('[role="list"][aria-label="History"] [role="listitem"]');
    // From the page's start to the list on screen, as the page itself marks it.
    const openMs = (await page.evaluate(`performance.getEntriesByName('history-listed')[0].startTime`)) as number;
    const listMs = (await page.evaluate(`(async () => {
      const t = performance.now();
      await httpWorkbench.services.history.list();
      return performance.now() - t;
    })()`)) as number;
    const rendered = (await historyItems(page)).length;
    expect(rendered).toBeGreaterThan(3);
    expect(rendered).toBeLessThan(80);
    // Filtering works over all 10,000.
    await fill(await byRole(page, 'searchbox', 'Filter history'), 'items/9999');
    await waitForText(page, 'status', 'History count', /^1 of 10,?000 entries$/);
    console.log(
      `[history] 10,000 entries: page start to list shown ${Math.round(openMs)} ms; reading the index ${Math.round(listMs)} ms; ${rendered} items rendered`,
    );
    await page.close();
  });

  it('skips corrupt stored data with a notice and keeps the panel working', async () => {
    await clearStorage();
    const page = await openRest();
    const marker = unique('survivor');
    await sendTo(page, `${demo.origin}/api/items?m=${marker}`);
    await eventually('the entry', async () => (await historyItems(page)).some((t) => t.includes(marker)));
    await ext.worker.evaluate(async () => {
      const all = await chrome.storage.local.get(null);
      const shardKey = Object.keys(all).find((k) => k.startsWith('history:i:'))!;
      // Shards are stored as JSON text.
      const shard = JSON.parse(all[shardKey] as string) as unknown[];
      const damaged = [...shard, { id: 42, garbage: true }, 'not an entry'];
      await chrome.storage.local.set({ [shardKey]: JSON.stringify(damaged) });
    });
    await reopenRest(page);
    await eventually('the surviving entry', async () => (await historyItems(page)).some((t) => t.includes(marker)));
    const notice = await byRole(page, 'alert', 'History notices').catch(() => null);
    const text = notice
      ? await notice.evaluate((el) => el.textContent)
      : await page.evaluate(() => document.body.innerText);
    expect(text).toMatch(/Skipped 2 unreadable history entr/);
    await page.close();
  });
});

describe('environments', () => {
  const env = (id: string, name: string, variables: { key: string; value: string; secret?: boolean }[]) => ({
    id,
    name,
    variables: variables.map((v) => ({ enabled: true, secret: false, ...v })),
  });

  it('switching the environment changes the URL actually requested; undefined variables stop the send', async () => {
    await clearStorage();
    const page = await openRest();
    await seedEnvironments(page, {
      globals: [{ key: 'path', value: 'items', secret: false, enabled: true }],
      environments: [
        env('dev', 'dev', [{ key: 'base', value: `${demo.origin}/api/dev-env` }]),
        env('staging', 'staging', [{ key: 'base', value: `${demo.origin}/api/staging-env` }]),
      ],
      activeId: null,
    });
    const marker = unique('env');
    await fill(await byRole(page, 'textbox', 'URL'), `{{base}}/{{path}}?m=${marker}`);
    // No environment: {{base}} is undefined, so nothing is sent.
    const before = demo.requests.length;
    await (await byRole(page, 'button', 'Send')).click();
    const alert = await page.waitForSelector('::-p-aria([role="alert"])');
    expect(await alert!.evaluate((el) => el.textContent)).toMatch(/not defined: \{\{base\}\} \(URL\)/);
    expect(demo.requests.length).toBe(before);

    await (await byRole(page, 'combobox', 'Environment')).select('dev');
    await (await byRole(page, 'button', 'Send')).click();
    expect((await seenBy(demo, marker)).target).toBe(`/api/dev-env/items?m=${marker}`);
    await byRole(page, 'button', 'Send');
    await (await byRole(page, 'combobox', 'Environment')).select('staging');
    await (await byRole(page, 'button', 'Send')).click();
    await eventually('the staging request', async () =>
      demo.requests.some((r) => r.target === `/api/staging-env/items?m=${marker}`),
    );
    // History keeps the request as written and the environment used.
    const entries = await eventually('both entries', async () => {
      const all = (await page.evaluate('httpWorkbench.services.history.exportAll()')) as { entries: HistoryEntry[] };
      return all.entries.length >= 2 && all.entries;
    });
    expect(entries.slice(0, 2).map((e) => [e.request.url, e.environmentName])).toEqual([
      [`{{base}}/{{path}}?m=${marker}`, 'staging'],
      [`{{base}}/{{path}}?m=${marker}`, 'dev'],
    ]);
    await page.close();
  });

  it('a secret is sent but never stored in history, exported, or shown while masked', async () => {
    await clearStorage();
    const secret = `s3cr3t-${Date.now().toString(36)}`;
    const page = await openRest();
    await seedEnvironments(page, {
      globals: [],
      environments: [env('prod', 'prod', [{ key: 'token', value: secret, secret: true }])],
      activeId: 'prod',
    });
    const marker = unique('secret');
    await fill(await byRole(page, 'textbox', 'URL'), `${demo.origin}/echo?m=${marker}`);
    await (await byRole(page, 'tab', 'Request auth')).click();
    await (await byRole(page, 'combobox', 'Auth type')).select('bearer');
    await fill(await byRole(page, 'textbox', 'Token'), '{{token}}');
    await (await byRole(page, 'button', 'Send')).click();
    const seen = await seenBy(demo, marker);
    expect(seen.rawHeaders).toContainEqual(['Authorization', `Bearer ${secret}`]);
    await waitForText(page, 'status', 'Response status', /200/);
    // The echo's body repeats the secret; history must not.
    await eventually('the entry', async () => (await historyItems(page)).some((t) => t.includes(marker)));
    const stored = await storedHistoryText();
    expect(stored).toContain(marker);
    expect(stored).not.toContain(secret);
    expect(stored).toContain('{{token}}');
    // Masked in the variables strip and the preview; nowhere in the DOM's text or attributes.
    await (await byRole(page, 'button', 'Preview resolved request')).click();
    const outside = await outsideResponse(page);
    expect(outside.html).not.toContain(secret);
    expect(outside.values.join('\n')).not.toContain(secret);
    // In the manager the value is a password field: not in the markup, shown only on demand.
    await (await byRole(page, 'button', 'Manage environments')).click();
    await (await byRole(page, 'tab', 'prod')).click();
    const value = await byRole(page, 'textbox', 'Variable value').catch(() => null);
    const field = value ?? (await page.waitForSelector('input[aria-label="Variable value"]'))!;
    expect(await field.evaluate((el) => (el as HTMLInputElement).type)).toBe('password');
    expect((await outsideResponse(page)).html).not.toContain(secret);
    await (await byRole(page, 'button', 'Reveal value')).click();
    expect(await field.evaluate((el) => (el as HTMLInputElement).type)).toBe('text');
    await (await byRole(page, 'button', 'Close')).click();
    // Export everything (secrets off by default).
    const options = await ext.browser.newPage();
    await options.goto(`${origin()}/options/index.html`);
    const before = downloads.files();
    await (await byRole(options, 'button', 'Export everything')).click();
    const file = await downloads.next(before);
    const text = file.bytes.toString('utf8');
    expect(text).toContain('"prod"');
    expect(text).not.toContain(secret);
    const har = downloads.files();
    await (await byRole(options, 'button', 'Export history as HAR')).click();
    const harFile = await downloads.next(har);
    expect(harFile.name).toMatch(/\.har$/);
    expect(JSON.parse(harFile.bytes.toString('utf8')).log.version).toBe('1.2');
    expect(harFile.bytes.toString('utf8')).not.toContain(secret);
    await options.close();
    await page.close();
  });

  it('creates environments in the manager and imports a Postman environment file', async () => {
    await clearStorage();
    const page = await openRest();
    await (await byRole(page, 'button', 'Manage environments')).click();
    const dialog = await byRole(page, 'dialog', 'Environments');
    expect(dialog).toBeTruthy();
    await (await byRole(page, 'button', 'New environment')).click();
    await fill(await byRole(page, 'textbox', 'Environment name'), 'local');
    await (await byRole(page, 'textbox', 'Environment name')).press('Tab');
    if ((await all(page, 'textbox', 'Variable name')).length === 0) {
      await (await byRole(page, 'button', 'Add variable')).click();
    }
    await fill(await nth(page, 'textbox', 'Variable name', 0), 'base');
    await fill(await nth(page, 'textbox', 'Variable value', 0), `${demo.origin}/api`);
    const file = join(downloads.dir, 'staging.postman_environment.json');
    writeFileSync(
      file,
      JSON.stringify({
        id: 'f3f1b2c4-postman',
        name: 'Imported staging',
        values: [
          { key: 'base', value: `${demo.origin}/api/imported`, type: 'default', enabled: true },
          { key: 'apiKey', value: 'k-123', type: 'secret', enabled: true },
        ],
        _postman_variable_scope: 'environment',
      }),
    );
    await (await fileInput(page, 'Import Postman environment')).uploadFile(file);
    await waitForText(page, 'status', 'Environment status', /Imported "Imported staging" \(2 variables\)/);
    await (await byRole(page, 'button', 'Close')).click();
    const options = await (
      await byRole(page, 'combobox', 'Environment')
    ).evaluate((el) => [...(el as HTMLSelectElement).options].map((o) => o.textContent));
    expect(options).toEqual(expect.arrayContaining(['local', 'Imported staging']));
    await (
      await byRole(page, 'combobox', 'Environment')
    ).select(
      await page.$eval(
        'select[aria-label="Environment"]',
        (el) => [...(el as HTMLSelectElement).options].find((o) => o.textContent === 'Imported staging')!.value,
      ),
    );
    const marker = unique('imported');
    await sendTo(page, `{{base}}/items?m=${marker}`);
    expect((await seenBy(demo, marker)).target).toBe(`/api/imported/items?m=${marker}`);
    expect(await all(page, 'dialog', 'Environments')).toHaveLength(0);
    await page.close();
  });
});

describe('your data (options page)', () => {
  const storedKeys = () => ext.worker.evaluate(async () => Object.keys(await chrome.storage.local.get(null)));
  const fact = (page: Page, name: string) =>
    page.evaluate((term) => {
      const dt = [...document.querySelectorAll('dt')].find((el) => el.textContent === term);
      return dt?.nextElementSibling?.textContent ?? null;
    }, name);

  it('exports everything, clears by kind, imports the backup back, and shows what is stored', async () => {
    await clearStorage();
    const panel = await openRest();
    const secret = `tok-${Date.now().toString(36)}`;
    await seedEnvironments(panel, {
      globals: [{ key: 'g', value: '1', secret: false, enabled: true }],
      environments: [
        { id: 'e1', name: 'dev', variables: [{ key: 'token', value: secret, secret: true, enabled: true }] },
      ],
      activeId: 'e1',
    });
    for (const marker of [unique('data-a'), unique('data-b'), unique('data-c')]) {
      await sendTo(panel, `${demo.origin}/api/items?m=${marker}`);
      await seenBy(demo, marker);
      await byRole(panel, 'button', 'Send');
    }
    await eventually('three entries', async () => (await historyItems(panel)).length === 3);

    const page = await ext.browser.newPage();
    await page.goto(`${origin()}/options/index.html`);
    await eventually('the counts', async () => (await fact(page, 'History entries')) === '3');
    expect(await fact(page, 'Environments')).toBe('1');
    expect(await fact(page, 'Storage used')).toMatch(/\d+(\.\d+)? (B|KB|KiB|MB|MiB)/);

    const before = downloads.files();
    await (await byRole(page, 'button', 'Export everything')).click();
    const backup = await downloads.next(before);
    expect(backup.name).toMatch(/^http-workbench-backup-\d{4}-\d{2}-\d{2}\.json$/);
    const parsed = JSON.parse(backup.bytes.toString('utf8'));
    expect(parsed.format).toBe('http-workbench-backup');
    expect(parsed.history).toHaveLength(3);
    expect(parsed.environments.environments[0].variables[0]).toMatchObject({ key: 'token', value: '', secret: true });
    expect(backup.bytes.toString('utf8')).not.toContain(secret);

    // Clear history: asks first, then nothing of the history is left in storage.
    await (await byRole(page, 'button', 'Clear history')).click();
    await (await byRole(page, 'group', 'Clear history')).waitForSelector('::-p-text(Delete)');
    await (await byRole(page, 'button', 'Delete')).click();
    await eventually('history gone', async () => (await fact(page, 'History entries')) === '0');
    // Nothing of the history is left but, once listed again, its index saying it is empty.
    const historyLeft = await ext.worker.evaluate(async () =>
      Object.entries(await chrome.storage.local.get(null)).filter(([key]) => key.startsWith('history:')),
    );
    expect(historyLeft.filter(([key]) => key !== 'history:meta')).toEqual([]);
    for (const [, meta] of historyLeft) expect(meta).toEqual({ schema: 1, shards: [], sizes: [] });
    expect(await fact(page, 'Environments')).toBe('1');

    // Import the backup back: the three entries return; the environment is already there.
    const file = join(downloads.dir, 'backup-to-import.json');
    writeFileSync(file, backup.bytes);
    await (await fileInput(page, 'Import backup')).uploadFile(file);
    await waitForText(page, 'status', 'Data status', /Imported 3 history entries/);
    await eventually('history back', async () => (await fact(page, 'History entries')) === '3');

    // Clear environments, then reset settings.
    await (await byRole(page, 'button', 'Clear environments')).click();
    await (await byRole(page, 'button', 'Delete')).click();
    await eventually('environments gone', async () => (await fact(page, 'Environments')) === '0');
    const envs = await ext.worker.evaluate(async () => (await chrome.storage.local.get('environments')).environments);
    expect(JSON.stringify(envs ?? {})).not.toContain(secret);

    // A refused number is not saved; a valid one is.
    const keep = await byRole(page, 'spinbutton', 'Entries to keep');
    await fill(keep, '5');
    await keep.press('Enter');
    await byRole(page, 'alert', '');
    await fill(keep, '250');
    await keep.press('Enter');
    await eventually('the capacity saved', async () => {
      const stored = await ext.worker.evaluate(async () => (await chrome.storage.local.get('settings')).settings);
      return (stored as { historyCapacity?: number } | undefined)?.historyCapacity === 250;
    });
    await (await byRole(page, 'button', 'Reset settings')).click();
    await (await byRole(page, 'button', 'Reset')).click();
    await eventually('settings reset', async () => {
      const stored = await ext.worker.evaluate(async () => (await chrome.storage.local.get('settings')).settings);
      return (stored as { historyCapacity?: number } | undefined)?.historyCapacity !== 250;
    });
    await page.close();
    await panel.close();
  });

  it('refuses a file that is not a backup, changing nothing', async () => {
    await clearStorage();
    const page = await ext.browser.newPage();
    await page.goto(`${origin()}/options/index.html`);
    const bad = join(downloads.dir, 'not-a-backup.json');
    writeFileSync(bad, '{"hello": ');
    // Once the page has read what is stored (and written the empty history index a fresh profile lacks).
    await eventually('facts shown', async () => (await fact(page, 'History entries')) === '0');
    const keysBefore = await storedKeys();
    await (await fileInput(page, 'Import backup')).uploadFile(bad);
    const alert = await waitForText(page, 'alert', 'Data problem', /not-a-backup\.json|Not valid JSON/);
    expect(alert).toMatch(/JSON/);
    expect(await storedKeys()).toEqual(keysBefore);
    await page.close();
  });
});

describe('storage faults', () => {
  it('when storage is full, the response still shows, the user is told, and the panel keeps working', async () => {
    await clearStorage();
    const page = await ext.browser.newPage();
    // Before any of the page's own scripts: writes that add a history entry fail with Chrome's quota error while
    // `storageFull` is set (writes that shrink the history, such as eviction, still succeed, as with a real quota).
    await page.evaluateOnNewDocument(`(() => {
      const local = chrome.storage.local;
      const set = local.set.bind(local);
      window.storageFull = false;
      local.set = (items, ...rest) =>
        window.storageFull && Object.keys(items).some((key) => key.startsWith('history:e:'))
          ? Promise.reject(new Error('QUOTA_BYTES quota exceeded'))
          : set(items, ...rest);
    })()`);
    await page.goto(`${origin()}/panel/index.html#/converter`);
    await (await byRole(page, 'link', 'REST Client')).click();
    const first = unique('before-full');
    await sendTo(page, `${demo.origin}/api/items?m=${first}`);
    await eventually('the first entry', async () => (await historyItems(page)).some((t) => t.includes(first)));

    await page.evaluate('window.storageFull = true');
    const second = unique('while-full');
    await sendTo(page, `${demo.origin}/api/items?m=${second}`);
    await seenBy(demo, second);
    await waitForText(page, 'status', 'Response status', /200/);
    const notice = await waitForText(
      page,
      'alert',
      'History notices',
      /could not be saved in history: Storage is full/,
    );
    expect(notice).toMatch(/Storage is full/);
    expect((await historyItems(page)).some((t) => t.includes(second))).toBe(false);

    // Space again: the panel was never broken, and the next request is saved.
    await page.evaluate('window.storageFull = false');
    const third = unique('after-full');
    await sendTo(page, `${demo.origin}/api/items?m=${third}`);
    await eventually('the entry after space came back', async () =>
      (await historyItems(page)).some((t) => t.includes(third)),
    );
    await page.close();
  });
});
