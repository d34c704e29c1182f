import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElementHandle, Frame, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer, type RecordedRequest } from '../../scripts/lib/demo-server.ts';
import { launchWithExtension, type LaunchedExtension } from '../../scripts/lib/launch.ts';
import { byRole, waitForText } from '../support/aria.ts';
import { openPanel } from '../support/devtools.ts';
import { eventually } from '../support/page-tools.ts';
import { chooseTarget } from '../support/target-picker.ts';

/**
 * The Captured tab in the real DevTools: the demo page makes a JSON POST, a
 * multipart upload and a GET with a cookie; each shows in the list, "Edit and
 * resend" reproduces it at the server (same method, target, body bytes and
 * the headers the page chose), and "Convert to code" yields a program that,
 * run, sends the same request again.
 */

const run = promisify(execFile);

let demo: DemoServer;
let ext: LaunchedExtension;
let page: Page;
let panel: Frame;
let devtools: Page;
let work: string;

beforeAll(async () => {
  demo = await startDemoServer();
  ext = await launchWithExtension('dist/chrome');
  work = mkdtempSync(join(tmpdir(), 'capture-'));
  page = await ext.browser.newPage();
  await page.goto(`${demo.origin}/`);
  ({ panel, devtools } = await openPanel(ext, page));
  // The page's own requests, made while DevTools watches.
  for (const button of ['#create', '#upload', '#me']) {
    const before = demo.requests.length;
    await page.click(button);
    await eventually(`the request of ${button}`, async () => demo.requests.length > before);
  }
  // Clicking in the page brought it forward; DevTools renders (and its panel answers queries) only when in front.
  await devtools.bringToFront();
  await press(await byRole(panel, 'link', 'Captured'));
}, 90_000);

afterAll(async () => {
  await ext?.close();
  await demo?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The first request the page itself made with this method and path. */
const original = (method: string, path: string) =>
  demo.requests.find((r) => r.method === method && r.target.startsWith(path))!;

/** The captured list item for this method and path. */
async function item(method: string, path: string): Promise<ElementHandle<Element>> {
  return eventually(`the captured ${method} ${path}`, async () => {
    for (const handle of await panel.$$('[role="list"][aria-label="Captured requests"] [role="listitem"]')) {
      const text = await handle.evaluate((el) => (el as HTMLElement).innerText);
      if (text.includes(method) && text.includes(path)) return handle;
    }
    return undefined;
  });
}

async function action(method: string, path: string, name: string) {
  await press(await byRole(panel, 'link', 'Captured'));
  const row = await item(method, path);
  const button = await row.waitForSelector(`::-p-aria([name=${JSON.stringify(name)}][role="button"])`);
  await press(button!);
}

/**
 * Presses a control in the DevTools panel. Mouse clicks by coordinates miss in
 * the panel's frame (DevTools' own layout offsets it), so the control is
 * focused and clicked through the DOM, as a keyboard user's Enter would.
 */
async function press(handle: ElementHandle<Element>) {
  await handle.evaluate((el) => {
    (el as HTMLElement).focus();
    (el as HTMLElement).click();
  });
}

const header = (request: RecordedRequest, name: string) =>
  request.rawHeaders.filter(([n]) => n.toLowerCase() === name).map(([, v]) => v);

/** What must match between the page's request and a resent one: boundaries made equal, headers the page chose. */
function normalised(request: RecordedRequest) {
  const type = header(request, 'content-type')[0] ?? '';
  const boundary = /boundary=(.+)$/.exec(type)?.[1];
  const body = boundary
    ? request.body.toString('latin1').split(boundary).join('BOUNDARY')
    : request.body.toString('latin1');
  return {
    method: request.method,
    target: request.target,
    body,
    contentType: type.replace(/boundary=.+$/, 'boundary=BOUNDARY'),
    requestId: header(request, 'x-request-id'),
    cookie: header(request, 'cookie'),
  };
}

/** Loads the captured request into the REST client, sends it, and returns what the server saw. */
async function editAndResend(method: string, path: string): Promise<RecordedRequest> {
  await action(method, path, 'Edit and resend');
  await panel.waitForFunction(
    () => document.querySelector('a[href="#/rest-client"]')?.getAttribute('aria-current') === 'page',
  );
  const before = demo.requests.length;
  await press(await byRole(panel, 'button', 'Send'));
  await waitForText(panel, 'status', 'Response status', /\b\d{3}\b/);
  return eventually('the resent request', async () => demo.requests.slice(before).find((r) => r.method === method));
}

describe('Captured requests in the DevTools panel', () => {
  it('lists the page’s JSON POST, multipart upload and GET with a cookie, Fetch/XHR first', async () => {
    for (const [method, path] of [
      ['POST', '/api/items'],
      ['POST', '/api/upload'],
      ['GET', '/api/me'],
    ] as const) {
      const text = await (await item(method, path)).evaluate((el) => (el as HTMLElement).innerText);
      expect(text).toMatch(/\b200\b|\b201\b/);
    }
    expect(
      await (await byRole(panel, 'combobox', 'Request type')).evaluate((el) => (el as HTMLSelectElement).value),
    ).toBe('fetch-xhr');
  });

  it('Edit and resend reproduces the JSON POST', async () => {
    const resent = await editAndResend('POST', '/api/items');
    const page = original('POST', '/api/items');
    expect(normalised(resent)).toEqual(normalised(page));
    expect(normalised(resent).requestId).toEqual(['demo-1']);
  });

  it('Edit and resend reproduces the multipart upload', async () => {
    const resent = await editAndResend('POST', '/api/upload');
    const page = original('POST', '/api/upload');
    expect(normalised(resent)).toEqual(normalised(page));
    expect(resent.body.toString()).toContain('hello, file');
  });

  it('Edit and resend reproduces the GET with its cookie', async () => {
    const resent = await editAndResend('GET', '/api/me');
    const page = original('GET', '/api/me');
    expect(normalised(resent)).toEqual(normalised(page));
    expect(normalised(resent).cookie).toEqual(['session=demo-session']);
  });

  it('Convert to code gives a program that sends the same request', async () => {
    await action('POST', '/api/items', 'Convert to code');
    await panel.waitForFunction(
      () => document.querySelector('a[href="#/converter"]')?.getAttribute('aria-current') === 'page',
    );
    await chooseTarget(panel, 'Target language', 'node-https');
    const code = await eventually('the node program', async () => {
      const text = await panel
        .$eval('[aria-label="Generated code"] pre.code-view', (el) => el.textContent ?? '')
        .catch(() => '');
      return text.includes("require('node:https')") || text.includes("from 'node:http") || text.includes('http.request')
        ? text
        : undefined;
    });
    const file = join(work, 'program.mjs');
    writeFileSync(file, code);
    const before = demo.requests.length;
    // Asynchronously: the demo server answering it runs in this process.
    await run(process.execPath, [file], { timeout: 20_000 });
    const sent = demo.requests.slice(before).find((r) => r.method === 'POST')!;
    expect(normalised(sent)).toEqual(normalised(original('POST', '/api/items')));
  });

  it('Copy as curl gives a command that, run by curl, sends the same request', async () => {
    // Catch what would go to the clipboard (the DevTools frame has no clipboard of its own in a headless run).
    await panel.evaluate(
      `httpWorkbench.services.copyText = (text) => { window.copied = text; return Promise.resolve(); }`,
    );
    await action('POST', '/api/upload', 'Copy as curl');
    const command = (await eventually('the copied command', () => panel.evaluate('window.copied'))) as string;
    expect(command).toMatch(/^curl /);
    const before = demo.requests.length;
    await run('bash', ['-c', `${command} --silent --output /dev/null`], { timeout: 20_000 });
    const sent = demo.requests.slice(before).find((r) => r.method === 'POST')!;
    expect(normalised(sent)).toEqual(normalised(original('POST', '/api/upload')));
  });

  it('clears the list when the page navigates, unless Preserve log is on', async () => {
    const listed = () =>
      panel.$$eval('[role="list"][aria-label="Captured requests"] [role="listitem"]', (items) =>
        items.map((item) => (item as HTMLElement).innerText),
      );
    await press(await byRole(panel, 'link', 'Captured'));
    expect((await listed()).some((t) => t.includes('/api/upload'))).toBe(true);
    await page.reload();
    await devtools.bringToFront();
    // The reloaded page fetches /api/items on load: that is all the list holds now.
    await eventually('the list after navigating', async () => {
      const items = await listed();
      return items.some((t) => t.includes('/api/items?limit=2')) && !items.some((t) => t.includes('/api/upload'));
    });
    await press(await byRole(panel, 'checkbox', 'Preserve log'));
    await page.click('#upload');
    await devtools.bringToFront();
    await eventually('the new upload', async () => (await listed()).some((t) => t.includes('/api/upload')));
    await page.reload();
    await devtools.bringToFront();
    await eventually('the list kept across the navigation', async () => {
      const items = await listed();
      return (
        items.filter((t) => t.includes('/api/items?limit=2')).length >= 2 &&
        items.some((t) => t.includes('/api/upload'))
      );
    });
  });

  it('follows DevTools’ theme while the setting is "system"', async () => {
    const [theme, devtoolsTheme] = (await panel.evaluate(
      `[document.documentElement.dataset.theme, chrome.devtools.panels.themeName]`,
    )) as [string, string];
    expect(theme).toBe(devtoolsTheme === 'dark' ? 'dark' : 'light');
  });

  it('Send as the page: the page’s fetch sends it, with the page’s cookie and origin, and it is captured', async () => {
    await press(await byRole(panel, 'link', 'REST Client'));
    const url = await byRole(panel, 'textbox', 'URL');
    const setUrl = (value: string) =>
      url.evaluate((el, text) => {
        const input = el as HTMLInputElement;
        input.value = text;
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }, value);
    await panel.select('select[aria-label="Method"]', 'GET');
    await setUrl(`${demo.origin}/echo?m=as-page`);
    await press(await byRole(panel, 'checkbox', 'Send as the page'));
    let before = demo.requests.length;
    await press(await byRole(panel, 'button', 'Send'));
    const asPage = await eventually('the request sent by the page', async () =>
      demo.requests.slice(before).find((r) => r.target === '/echo?m=as-page'),
    );
    // The page's cookie jar: what it set itself and what /api/me set (seen=1), not the editor's Cookie header.
    expect(header(asPage, 'cookie')[0]?.split('; ').sort()).toEqual(['seen=1', 'session=demo-session']);
    expect(header(asPage, 'sec-fetch-site')).toEqual(['same-origin']);
    expect(header(asPage, 'referer')).toEqual([`${demo.origin}/`]);
    await waitForText(panel, 'status', 'Response status', /200/);
    // It went through the page, so the page's network log (and the Captured list) has it.
    await press(await byRole(panel, 'link', 'Captured'));
    await item('GET', '/echo?m=as-page');

    // The same request sent by the extension carries only the Cookie header the editor holds (from the
    // captured GET /api/me), none of the page's own cookies.
    await press(await byRole(panel, 'link', 'REST Client'));
    await setUrl(`${demo.origin}/echo?m=by-extension`);
    await press(await byRole(panel, 'checkbox', 'Send as the page'));
    before = demo.requests.length;
    await press(await byRole(panel, 'button', 'Send'));
    const byExtension = await eventually('the request sent by the extension', async () =>
      demo.requests.slice(before).find((r) => r.target === '/echo?m=by-extension'),
    );
    expect(header(byExtension, 'cookie')).toEqual(['session=demo-session']);
  });
});
