/**
 * The WebSocket tool end to end, in Chromium and Firefox, against the demo
 * server's ws endpoints and SSE route: handshake headers (Authorization,
 * Origin) reach the server, a subprotocol is negotiated, a refused handshake
 * is explained with its real status line, binary messages round-trip byte
 * for byte, close codes are shown, an event stream is read with a header and
 * a POST body, and ws:// to a non-loopback name stays ws://.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer, type RecordedRequest } from '../../scripts/lib/demo-server.ts';
import {
  launchFirefoxWithExtension,
  launchWithExtension,
  type LaunchedExtension,
  type LaunchedFirefox,
} from '../../scripts/lib/launch.ts';
import { byRole, waitForText } from '../support/aria.ts';
import { seriousViolations } from '../support/axe.ts';
import { eventually } from '../support/page-tools.ts';

const NAME = 'api.test';

let demo: DemoServer;
let port: string;

beforeAll(async () => {
  demo = await startDemoServer();
  port = new URL(demo.origin).port;
});

afterAll(async () => {
  await demo?.close();
});

type Scope = Page;

const header = (request: RecordedRequest | undefined, name: string) =>
  (request?.rawHeaders ?? []).filter(([n]) => n.toLowerCase() === name).map(([, v]) => v);

const arrived = (marker: string) =>
  eventually(`${marker} at the server`, async () => demo.requests.find((r) => r.target.includes(marker)));

/** Sets a field's value the way a paste does (one input event). */
async function setField(scope: Scope, role: string, name: string, value: string) {
  const handle = await byRole(scope, role, name);
  await handle.evaluate((el, text) => {
    const field = el as HTMLInputElement | HTMLTextAreaElement;
    field.focus();
    field.value = text;
    field.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
  }, value);
}

async function choose(scope: Scope, name: string, value: string) {
  const handle = await byRole(scope, 'combobox', name);
  await handle.evaluate((el, v) => {
    const select = el as HTMLSelectElement;
    select.value = v;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }, value);
}

const press = async (scope: Scope, name: string) => (await byRole(scope, 'button', name)).click();

const state = (scope: Scope, pattern: RegExp) => waitForText(scope, 'status', 'Connection state', pattern, 15_000);

const logText = (scope: Scope) =>
  scope.$eval('[role="log"][aria-label="Messages"]', (el) => (el as HTMLElement).innerText);

async function waitForLog(scope: Scope, pattern: RegExp) {
  return eventually(`the log to show ${pattern}`, async () => {
    const text = await logText(scope);
    return pattern.test(text) ? text : undefined;
  });
}

/** Waits until the handshake report (request and response) matches. */
async function handshakeText(scope: Scope, pattern: RegExp) {
  let last = '';
  return eventually(`the handshake report to show ${pattern}`, async () => {
    last = await scope.$eval('.ws-handshake', (el) => el.textContent ?? '').catch(() => '');
    return pattern.test(last) ? last : undefined;
  }).catch((error: unknown) => {
    throw new Error(`${(error as Error).message}; last: ${last}`);
  });
}

/** Disconnects when connected, and waits until closed. */
async function ensureClosed(scope: Scope) {
  const disconnect = await scope.$('::-p-aria([name="Disconnect"][role="button"])');
  if (disconnect) {
    await disconnect.click();
    await state(scope, /Closed|Not connected/);
  }
}

/** Sets the handshake headers (bulk text, `Name: value` lines). */
async function setHeaders(scope: Scope, text: string) {
  const bulk = await byRole(scope, 'button', 'Bulk edit');
  const pressed = await bulk.evaluate((el) => el.getAttribute('aria-pressed') === 'true');
  if (!pressed) await bulk.click();
  await setField(scope, 'textbox', 'Bulk headers', text);
}

async function connect(scope: Scope, url: string) {
  await ensureClosed(scope);
  await setField(scope, 'textbox', 'URL', url);
  await press(scope, 'Connect');
}

/** The whole flow, the same in both browsers. */
async function scenario(scope: Scope, browserName: string, nonLoopback: string) {
  const ws = `ws://127.0.0.1:${port}`;

  // A handshake that needs Authorization: the header and a custom Origin reach the server.
  await setHeaders(scope, 'Authorization: Bearer demo-token\nX-Client: workbench');
  await setField(scope, 'textbox', 'Origin', 'https://app.example');
  await setField(scope, 'textbox', 'User-Agent', 'workbench-test/1.0');
  await connect(scope, `${ws}/ws/auth?b=${browserName}`);
  await state(scope, /^Open/);
  const handshake = await arrived(`/ws/auth?b=${browserName}`);
  expect(header(handshake, 'authorization')).toEqual(['Bearer demo-token']);
  expect(header(handshake, 'origin')).toEqual(['https://app.example']);
  expect(header(handshake, 'x-client')).toEqual(['workbench']);
  expect(header(handshake, 'user-agent')).toEqual(['workbench-test/1.0']);
  // The handshake as the browser reported it.
  await handshakeText(scope, /Authorization: Bearer demo-token[\s\S]*HTTP\/1\.1 101 Switching Protocols/i);

  // Text round trip, sent with Ctrl+Enter.
  await setField(scope, 'textbox', 'Message', 'hello from ' + browserName);
  const message = await byRole(scope, 'textbox', 'Message');
  await message.focus();
  await scope.keyboard.down('Control');
  await scope.keyboard.press('Enter');
  await scope.keyboard.up('Control');
  await waitForLog(scope, new RegExp(`received[\\s\\S]*hello from ${browserName}`));

  // Closed by the user with a code.
  await setField(scope, 'textbox', 'Close code', '4000');
  await setField(scope, 'textbox', 'Close reason', 'done here');
  await press(scope, 'Disconnect');
  await state(scope, /Closed: 4000/);

  // The same endpoint without Authorization: the 401 is explained with its status line and challenge.
  await setHeaders(scope, '');
  await setField(scope, 'textbox', 'Origin', '');
  await setField(scope, 'textbox', 'User-Agent', '');
  await connect(scope, `${ws}/ws/auth?refused=${browserName}`);
  const explained = await eventually('the refusal explained', async () => {
    const text = await scope.$eval('.ws-explanation[role="alert"]', (el) => el.textContent ?? '').catch(() => '');
    return /401 Unauthorized/.test(text) ? text : undefined;
  });
  expect(explained).toMatch(/401 Unauthorized/);
  expect(explained).toMatch(/WWW-Authenticate: Bearer realm="demo"/);

  // Subprotocol negotiation.
  await setField(scope, 'textbox', 'Protocols', 'superchat, chat');
  await connect(scope, `${ws}/ws/protocols`);
  await state(scope, /Open, protocol superchat/);
  const negotiated = await arrived('/ws/protocols');
  expect(header(negotiated, 'sec-websocket-protocol')).toEqual(['superchat, chat']);
  await ensureClosed(scope);
  await setField(scope, 'textbox', 'Protocols', '');

  // Binary, byte for byte: every byte value class, sent from hex, echoed back as binary.
  await connect(scope, `${ws}/ws/echo?bin=${browserName}`);
  await state(scope, /^Open/);
  await press(scope, 'Binary (hex)');
  await setField(scope, 'textbox', 'Message', '00 01 7f 80 fe ff 0x41');
  await press(scope, 'Send');
  await waitForLog(scope, /received[\s\S]*00 01 7f 80 fe ff 41/);
  await press(scope, 'Text');
  await ensureClosed(scope);

  // A close from the server, with its code and reason.
  await connect(scope, `${ws}/ws/close?code=4001&reason=bye`);
  await state(scope, /Closed: 4001 \(application code\), “bye”/);

  // ws:// to a non-loopback name stays ws://.
  await connect(scope, `ws://${nonLoopback}:${port}/ws/echo?plain=${browserName}`);
  await state(scope, /^Open/);
  expect(header(await arrived(`/ws/echo?plain=${browserName}`), 'host')).toEqual([`${nonLoopback}:${port}`]);
  await ensureClosed(scope);

  // Server-Sent Events: POST with a header the route checks, a body, the events listed.
  await choose(scope, 'Kind', 'sse');
  await choose(scope, 'Method', 'POST');
  await setHeaders(scope, 'X-Api-Key: k-123');
  await setField(scope, 'textbox', 'Request body', `posted by ${browserName}`);
  await connect(scope, `${demo.origin}/sse?token=k-123&count=2&sse=${browserName}`);
  await waitForLog(scope, new RegExp(`body[\\s\\S]*posted by ${browserName}[\\s\\S]*tick #1[\\s\\S]*tick #2`));
  const sse = await arrived(`/sse?token=k-123&count=2&sse=${browserName}`);
  expect(sse.method).toBe('POST');
  expect(header(sse, 'x-api-key')).toEqual(['k-123']);
  expect(sse.body.toString('utf8')).toBe(`posted by ${browserName}`);
  await state(scope, /Closed/);
}

describe('Chromium', () => {
  let ext: LaunchedExtension;

  beforeAll(async () => {
    ext = await launchWithExtension('dist/chrome', { args: [`--host-resolver-rules=MAP ${NAME} 127.0.0.1`] });
  });

  afterAll(async () => {
    await ext?.close();
  });

  it('connects with handshake headers, explains a refusal, round-trips binary, shows close codes, reads SSE', async () => {
    const page = await ext.browser.newPage();
    await page.setViewport({ width: 1280, height: 800 });
    await page.goto(`chrome-extension://${ext.extensionId}/panel/index.html#/websocket`);
    await scenario(page, 'chromium', NAME);
    // With a log, a handshake report and a selected message on screen, in both themes: no serious axe violation.
    await (await page.$$('.ws-row')).at(-1)!.click();
    await byRole(page, 'region', 'Selected message');
    for (const theme of ['light', 'dark'] as const) {
      await ext.worker.evaluate(
        (t) =>
          chrome.storage.local.set({ settings: { theme: t, timeoutMs: 30000, converterTarget: 'python-requests' } }),
        theme,
      );
      await page.waitForFunction((t) => document.documentElement.dataset.theme === t, {}, theme);
      expect((await seriousViolations(page)).map((v) => `${theme}: ${v.id} at ${v.targets.join(', ')}`)).toEqual([]);
    }
    await page.close();
  }, 120_000);
});

describe('Firefox', () => {
  let firefox: LaunchedFirefox | undefined;

  beforeAll(async () => {
    firefox = await launchFirefoxWithExtension('dist/firefox-e2e', { prefs: { 'network.dns.localDomains': NAME } });
  });

  afterAll(async () => {
    await firefox?.close();
  });

  it('connects with handshake headers, explains a refusal, round-trips binary, shows close codes, reads SSE', async () => {
    const page = firefox!.workspace;
    await (await byRole(page, 'link', 'WebSocket')).click();
    await scenario(page, 'firefox', NAME);
    // One flow of many steps; each WebDriver BiDi round trip costs Firefox more than CDP costs Chromium.
  }, 180_000);
});
