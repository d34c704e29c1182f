/**
 * Plain http:// and ws:// reach the host the user typed, in both browsers.
 * Firefox's default extension CSP for Manifest V3 upgrades insecure requests
 * (http:// to https://, ws:// to wss://) except to 127.0.0.1 and localhost,
 * so these tests use a made-up name that resolves to 127.0.0.1 without
 * leaving the machine: api.test (Chromium: --host-resolver-rules; Firefox:
 * network.dns.localDomains). The local server is the witness: a request it
 * records arrived as plain HTTP, with the name in its Host header.
 */
import type { Frame, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer, type RecordedRequest } from '../../scripts/lib/demo-server.ts';
import {
  launchFirefoxWithExtension,
  launchWithExtension,
  type LaunchedExtension,
  type LaunchedFirefox,
} from '../../scripts/lib/launch.ts';
import { byRole, waitForText } from '../support/aria.ts';
import { openPanel } from '../support/devtools.ts';
import { eventually } from '../support/page-tools.ts';

const NAME = 'api.test';

let demo: DemoServer;
/** The demo server's address under the made-up name. */
let origin: string;

beforeAll(async () => {
  demo = await startDemoServer();
  origin = `http://${NAME}:${new URL(demo.origin).port}`;
});

afterAll(async () => {
  await demo?.close();
});

const header = (request: RecordedRequest | undefined, name: string) =>
  (request?.rawHeaders ?? []).filter(([n]) => n.toLowerCase() === name).map(([, v]) => v);

const arrived = (target: string) => eventually(`${target} at the server`, async () => seenAt(target));
const seenAt = (target: string) => demo.requests.find((r) => r.target === target);

/** Sends a GET from the REST client in this page (or DevTools panel frame) and waits for its status line. */
async function sendFromRestClient(scope: Page | Frame, url: string) {
  const field = await byRole(scope, 'textbox', 'URL');
  await field.evaluate((el) => {
    (el as HTMLInputElement).value = '';
  });
  await field.type(url);
  await (await byRole(scope, 'button', 'Send')).click();
  return waitForText(scope, 'status', 'Response status', /\b200 OK\b/, 20_000);
}

/** Opens ws:// from the page; the server sees the handshake as a plain HTTP GET (it does not speak WebSocket). */
async function openSocket(scope: Page | Frame, url: string) {
  await scope.evaluate(`(() => {
    const socket = new WebSocket(${JSON.stringify(url)});
    socket.onerror = () => socket.close();
  })()`);
}

describe('Chromium', () => {
  let ext: LaunchedExtension;

  beforeAll(async () => {
    ext = await launchWithExtension('dist/chrome', { args: [`--host-resolver-rules=MAP ${NAME} 127.0.0.1`] });
  });

  afterAll(async () => {
    await ext?.close();
  });

  it('the REST client sends http:// to a non-loopback name as plain HTTP, and ws:// stays ws://', async () => {
    const page = await ext.browser.newPage();
    await page.goto(`chrome-extension://${ext.extensionId}/panel/index.html#/rest-client`);
    const status = await sendFromRestClient(page, `${origin}/echo?plain=chromium`);
    expect(status).toMatch(/200 OK/);
    expect(header(await arrived('/echo?plain=chromium'), 'host')).toEqual([`${NAME}:${new URL(origin).port}`]);

    await openSocket(page, `ws://${NAME}:${new URL(origin).port}/socket?plain=chromium`);
    expect(header(await arrived('/socket?plain=chromium'), 'upgrade')).toEqual(['websocket']);
    await page.close();
  });

  it('Captured → Edit and resend sends a page’s http:// request to its own host, as plain HTTP', async () => {
    const page = await ext.browser.newPage();
    await page.goto(`${origin}/`);
    const { panel, devtools } = await openPanel(ext, page);
    const before = demo.requests.length;
    await page.click('#me');
    await eventually('the page’s GET /api/me', async () =>
      demo.requests.slice(before).find((r) => r.target === '/api/me'),
    );
    await devtools.bringToFront();
    const press = (handle: { evaluate(fn: (el: Element) => void): Promise<unknown> }) =>
      handle.evaluate((el) => {
        (el as HTMLElement).focus();
        (el as HTMLElement).click();
      });
    await press(await byRole(panel, 'link', 'Captured'));
    const row = await eventually('the captured GET /api/me', async () => {
      for (const handle of await panel.$$('[role="list"][aria-label="Captured requests"] [role="listitem"]')) {
        const text = await handle.evaluate((el) => (el as HTMLElement).innerText);
        if (text.includes('GET') && text.includes(`${NAME}:`) && text.includes('/api/me')) return handle;
      }
      return undefined;
    });
    await press((await row.waitForSelector('::-p-aria([name="Edit and resend"][role="button"])'))!);
    await panel.waitForFunction(
      () => document.querySelector('a[href="#/rest-client"]')?.getAttribute('aria-current') === 'page',
    );
    const url = await (await byRole(panel, 'textbox', 'URL')).evaluate((el) => (el as HTMLInputElement).value);
    expect(url).toBe(`${origin}/api/me`);
    const resentFrom = demo.requests.length;
    await press(await byRole(panel, 'button', 'Send'));
    await waitForText(panel, 'status', 'Response status', /\b200\b/, 20_000);
    const resent = await eventually('the resent GET /api/me', async () =>
      demo.requests.slice(resentFrom).find((r) => r.target === '/api/me'),
    );
    expect(header(resent, 'host')).toEqual([`${NAME}:${new URL(origin).port}`]);
    // The cookie the page sent is part of the captured request, and goes with it.
    expect(header(resent, 'cookie')).toEqual(['session=demo-session']);
    await page.close();
  });
});

describe('Firefox', () => {
  let firefox: LaunchedFirefox | undefined;
  let page: Page;

  beforeAll(async () => {
    // The made-up name resolves to 127.0.0.1, which Firefox does not exempt from upgrades by name.
    firefox = await launchFirefoxWithExtension('dist/firefox-e2e', { prefs: { 'network.dns.localDomains': NAME } });
    page = firefox.workspace;
  });

  afterAll(async () => {
    await firefox?.close();
  });

  it('the REST client sends http:// to a non-loopback name as plain HTTP, and ws:// stays ws://', async () => {
    await (await byRole(page, 'link', 'REST Client')).click();
    const status = await sendFromRestClient(page, `${origin}/echo?plain=firefox`);
    expect(status).toMatch(/200 OK/);
    expect(header(await arrived('/echo?plain=firefox'), 'host')).toEqual([`${NAME}:${new URL(origin).port}`]);

    await openSocket(page, `ws://${NAME}:${new URL(origin).port}/socket?plain=firefox`);
    expect(header(await arrived('/socket?plain=firefox'), 'upgrade')).toEqual(['websocket']);
  });
});
