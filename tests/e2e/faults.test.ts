/**
 * Network faults, end to end in Chromium: servers that refuse, never answer,
 * present a certificate nobody trusts, send far too much or never finish.
 * Each fault must end in a clear message (or a body marked as cut), the
 * server must see the connection closed, the panel must keep responding and
 * memory must stay bounded. The fault servers (tests/support/fault-server.ts)
 * are the witnesses of what happened on the wire.
 */
import { randomUUID } from 'node:crypto';
import type { CDPSession, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchWithExtension, type LaunchedExtension } from '../../scripts/lib/launch.ts';
import type { HttpResponse, OutgoingRequest, SendOptions, SerializedError } from '../../src/protocol.ts';
import { byRole, waitForText } from '../support/aria.ts';
import {
  startFaultServer,
  startUntrustedTlsServer,
  streamedBytes,
  type FaultServer,
  type UntrustedTlsServer,
} from '../support/fault-server.ts';
import { fill } from '../support/page-tools.ts';
import { closedPort } from '../support/ports.ts';

type Reply = { ok: true; value: HttpResponse } | { ok: false; error: SerializedError };

const MB = 1024 * 1024;
/**
 * The longest the panel may stop answering while a 100 MB response arrives
 * and is shown: the longest gap between ticks of a setTimeout(0) chain.
 */
const LONGEST_PAUSE_MS = 500;
const CALL = 'http-workbench/1';

let ext: LaunchedExtension;
let faults: FaultServer;
let tls: UntrustedTlsServer;
const workspaceUrl = () => `chrome-extension://${ext.extensionId}/panel/index.html`;

const request = (url: string): OutgoingRequest => ({ id: randomUUID(), method: 'GET', url, headers: [] });

/** Sends through runtime.sendMessage from an extension page, as the protocol says. */
function sendFrom(page: Page, outgoing: OutgoingRequest, options: Partial<SendOptions> = {}): Promise<Reply> {
  return page.evaluate(
    (req, opts, protocol) => chrome.runtime.sendMessage({ protocol, kind: 'sendRequest', args: [req, opts] }),
    outgoing,
    { timeoutMs: 15_000, ...options },
    CALL,
  ) as Promise<Reply>;
}

function failure(reply: Reply): SerializedError {
  if (reply.ok) throw new Error(`Expected an error, got status ${reply.value.status}`);
  return reply.error;
}

const cancelFrom = (page: Page, id: string) =>
  page.evaluate(
    (requestId, protocol) => chrome.runtime.sendMessage({ protocol, kind: 'cancelRequest', args: [requestId] }),
    id,
    CALL,
  );

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

beforeAll(async () => {
  faults = await startFaultServer();
  // Answering the handshake after a moment, like a server across a network: on loopback with no pause the
  // browser's own error report (which names the certificate problem) can arrive after fetch has failed.
  tls = await startUntrustedTlsServer();
  ext = await launchWithExtension('dist/chrome');
});

afterAll(async () => {
  await ext?.close();
  await faults?.close();
  await tls?.close();
});

describe('faults through the background protocol', () => {
  let page: Page;

  beforeAll(async () => {
    page = await ext.browser.newPage();
    await page.goto(workspaceUrl());
  });

  afterAll(async () => {
    await page?.close();
  });

  it('a certificate nobody trusts fails the handshake, and the message says it is the certificate', async () => {
    const error = failure(await sendFrom(page, request(`${tls.origin}/secret?tls=1`)));
    expect(error.code).toBe('tls');
    expect(error.message).toContain(`The secure connection to ${tls.origin} failed (TLS)`);
    expect(error.message).toContain('its certificate is not trusted (self-signed or from an unknown issuer)');
    expect(error.message).toContain('(net::ERR_CERT_AUTHORITY_INVALID)');
    // The browser hung up during the handshake: nothing of the request went over the connection.
    expect(tls.exchanges).toEqual([]);
    await waitUntil('the server to see the handshake fail', () => tls.handshakeFailures.length > 0);
    expect(tls.handshakeFailures.join('\n')).toMatch(/alert certificate unknown|alert bad certificate/);
  });

  it('a server that never answers: the timeout with its limit, and the connection is closed', async () => {
    const error = failure(await sendFrom(page, request(`${faults.origin}/hang?p=timeout`), { timeoutMs: 1500 }));
    expect(error).toEqual({
      name: 'ProtocolError',
      code: 'timeout',
      message: `No response from ${faults.origin} within 1.5 s: the request timed out.`,
    });
    const exchange = await faults.closed('/hang?p=timeout');
    const open = exchange.closedAt! - exchange.arrivedAt;
    console.log(`[faults] never answers, 1.5 s timeout: the server saw the connection closed after ${seconds(open)}`);
    expect(open).toBeGreaterThanOrEqual(1000);
    expect(open).toBeLessThan(6000);
  });

  it('a body that never ends stops at the timeout, which says the body was still arriving', async () => {
    const error = failure(await sendFrom(page, request(`${faults.origin}/endless?p=timeout`), { timeoutMs: 1500 }));
    expect(error).toEqual({
      name: 'ProtocolError',
      code: 'timeout',
      message: `The response from ${faults.origin} did not finish within 1.5 s: the request timed out while the body was arriving.`,
    });
    const exchange = await faults.closed('/endless?p=timeout');
    expect(exchange.abortedByClient).toBe(true);
    expect(exchange.bytesWritten).toBeGreaterThan(0);
    console.log(
      `[faults] endless body, 1.5 s timeout: ${exchange.bytesWritten} bytes sent, connection closed after ${seconds(exchange.closedAt! - exchange.arrivedAt)}`,
    );
  });

  it('cancelling a body that never ends stops it at once, and the server sees the connection closed', async () => {
    const outgoing = request(`${faults.origin}/endless?p=cancel`);
    const outcome = sendFrom(page, outgoing, { timeoutMs: 60_000 });
    const exchange = await faults.arrival('/endless?p=cancel');
    // Let the body flow for a while first.
    await waitUntil('some of the body to be sent', () => exchange.bytesWritten >= 40);
    const cancelledAt = Date.now();
    expect(await cancelFrom(page, outgoing.id)).toEqual({ ok: true, value: true });
    const error = failure(await outcome);
    const answeredAfter = Date.now() - cancelledAt;
    expect(error).toEqual({
      name: 'ProtocolError',
      code: 'cancelled',
      message: `The request to ${faults.origin} was cancelled.`,
    });
    await faults.closed('/endless?p=cancel');
    const closedAfter = exchange.closedAt! - cancelledAt;
    console.log(
      `[faults] endless body, cancelled: the reply came ${answeredAfter} ms and the server saw the connection closed ${closedAfter} ms after the cancel`,
    );
    expect(closedAfter).toBeLessThan(2000);
    // Nothing is left to cancel.
    expect(await cancelFrom(page, outgoing.id)).toEqual({ ok: true, value: false });
  });

  it('closing the page while a body never ends cancels the request', async () => {
    const tab = await ext.browser.newPage();
    await tab.goto(workspaceUrl());
    // The send channel, as the panel uses it: closing the page closes the channel.
    await tab.evaluate((url) => {
      const port = chrome.runtime.connect({ name: 'http-workbench/send' });
      port.postMessage({
        type: 'start',
        request: { id: crypto.randomUUID(), method: 'GET', url, headers: [] },
        options: { timeoutMs: 60_000 },
      });
    }, `${faults.origin}/endless?p=page-closed`);
    const exchange = await faults.arrival('/endless?p=page-closed');
    await waitUntil('some of the body to be sent', () => exchange.bytesWritten >= 40);
    const closedPageAt = Date.now();
    await tab.close();
    await faults.closed('/endless?p=page-closed');
    const after = exchange.closedAt! - closedPageAt;
    console.log(`[faults] endless body, page closed: the server saw the connection closed ${after} ms later`);
    expect(after).toBeLessThan(2000);
  });
});

describe('a server that hangs up in the middle of the body', () => {
  let page: Page;
  beforeAll(async () => {
    page = await ext.browser.newPage();
    await page.goto(`chrome-extension://${ext.extensionId}/panel/index.html#/converter`);
  });
  afterAll(async () => page?.close());

  it.each([
    ['with a Content-Length', '/cut?length=1000&sent=100'],
    ['with a chunked body', '/cut-chunked?sent=100'],
  ])('%s: the message says the connection closed while the body was arriving', async (_, path) => {
    const error = failure(await sendFrom(page, request(`${faults.origin}${path}`)));
    expect(error.code).toBe('reset');
    expect(error.message).toContain(`${faults.origin} closed the connection while sending the response body.`);
  });
});

describe('what the person sees in the REST Client tab', () => {
  let page: Page;

  beforeAll(async () => {
    page = await ext.browser.newPage();
    await page.goto(workspaceUrl());
    await (await byRole(page, 'link', 'REST Client')).click();
  });

  afterAll(async () => {
    await page?.close();
  });

  /** Sends `url` with the Send button and returns the alert's text once the Send button is back. */
  async function sendAndReadAlert(url: string): Promise<string> {
    await fill(await byRole(page, 'textbox', 'URL'), url);
    const previous = await page.$('.response-area [role="alert"]');
    await (await byRole(page, 'button', 'Send')).click();
    // The last request's alert goes while this one is under way.
    if (previous) await page.waitForFunction((el) => !el.isConnected, {}, previous);
    const alert = await page.waitForSelector('.response-area [role="alert"]', { timeout: 20_000 });
    const text = (await alert!.evaluate((el) => el.textContent)) ?? '';
    // The Send button is back (it is Cancel while a request is under way).
    await byRole(page, 'button', 'Send', 5_000);
    expect(await page.$('::-p-aria([name="Cancel"][role="button"])')).toBeNull();
    return text;
  }

  it('a refused port, an unknown host and an untrusted certificate: each alert says what is wrong', async () => {
    await page.bringToFront();
    const port = await closedPort();
    // The browser's own reason, waited for even when fetch fails first.
    const refused = await sendAndReadAlert(`http://127.0.0.1:${port}/nothing`);
    expect(refused).toContain(
      `Could not reach http://127.0.0.1:${port}: the connection was refused. Is a server running on that port?`,
    );

    const unknown = await sendAndReadAlert('http://no-such-host.invalid/');
    expect(unknown).toContain('Could not reach http://no-such-host.invalid: the host name "no-such-host.invalid"');
    expect(unknown).toContain('could not be resolved (DNS). Check its spelling.');

    const untrusted = await sendAndReadAlert(`${tls.origin}/secret?ui=1`);
    expect(untrusted).toContain(`The secure connection to ${tls.origin} failed (TLS)`);
    expect(untrusted).toContain('certificate');
    expect(untrusted).toContain('ERR_CERT_AUTHORITY_INVALID');
    expect(tls.exchanges).toEqual([]);
  });

  it('Cancel stops a body that never ends, says so, and the server sees the connection closed', async () => {
    await page.bringToFront();
    await fill(await byRole(page, 'textbox', 'URL'), `${faults.origin}/endless?p=ui-cancel`);
    await (await byRole(page, 'button', 'Send')).click();
    const exchange = await faults.arrival('/endless?p=ui-cancel');
    await waitUntil('some of the body to be sent', () => exchange.bytesWritten >= 40);
    const cancelledAt = Date.now();
    await (await byRole(page, 'button', 'Cancel')).click();
    await page.waitForFunction(() => document.querySelector('.response-area')?.textContent === 'Request cancelled.');
    await byRole(page, 'button', 'Send', 5_000);
    await faults.closed('/endless?p=ui-cancel');
    const after = exchange.closedAt! - cancelledAt;
    console.log(`[faults] endless body, Cancel button: the server saw the connection closed ${after} ms later`);
    expect(after).toBeLessThan(2000);
  });
});

// Last: these load the machine most, and a loaded background is slower to report why a request failed.
describe('a 100 MB response', () => {
  it('a 100 MB binary body stops at the configured cap, says so, and the rest is not downloaded', async () => {
    const cap = 20 * MB;
    const page = await ext.browser.newPage();
    await page.goto(workspaceUrl());
    const result = await page.evaluate(
      (url, options) =>
        new Promise<{ head: HttpResponse; length: number; wrong: number; error?: string }>((resolve) => {
          // The send channel, checking each byte against the server's pattern as it arrives, keeping none.
          const port = chrome.runtime.connect({ name: 'http-workbench/send' });
          let head: HttpResponse | undefined;
          let length = 0;
          let wrong = 0;
          let carry = '';
          port.onMessage.addListener((message) => {
            if (message.type === 'head') head = message.response;
            else if (message.type === 'body') {
              const text = carry + message.data;
              const whole = text.length - (text.length % 4);
              carry = text.slice(whole);
              const bytes = atob(text.slice(0, whole));
              for (let i = 0; i < bytes.length; i++) {
                if (bytes.charCodeAt(i) !== ((length + i) * 167) % 256) wrong++;
              }
              length += bytes.length;
            } else {
              port.disconnect();
              resolve({ head: head!, length, wrong, error: message.error?.message });
            }
          });
          port.postMessage({
            type: 'start',
            request: { id: crypto.randomUUID(), method: 'GET', url, headers: [] },
            options,
          });
        }),
      `${faults.origin}/stream?mb=100&binary=1&p=capped`,
      { timeoutMs: 60_000, maxBodyBytes: cap },
    );
    await page.close();
    expect(result.error).toBeUndefined();
    expect(result.head).toMatchObject({ status: 200, truncated: true, size: 100 * MB, bodyEncoding: 'base64' });
    expect(result.head.notices).toContain(
      'The body is larger than the 20 MB limit: only the first 20 MB of 100 MB were read.',
    );
    expect(result.length).toBe(cap);
    expect(result.wrong).toBe(0);
    const exchange = await faults.closed('/stream?mb=100&binary=1&p=capped');
    console.log(
      `[faults] 100 MB binary body, 20 MB cap: the server wrote ${(exchange.bytesWritten / MB).toFixed(1)} MB before the browser hung up`,
    );
    expect(exchange.abortedByClient).toBe(true);
    // Reading stops at the cap; what is past it is what the sockets and buffers already held.
    expect(exchange.bytesWritten).toBeLessThan(80 * MB);
  });

  it('a 100 MB body: cut at 50 MB and said so, the panel keeps responding, memory stays bounded', async () => {
    const panel = await ext.browser.newPage();
    await panel.goto(workspaceUrl());
    // Timers in a tab that is not in front are throttled: keep the panel in front.
    await panel.bringToFront();
    await (await byRole(panel, 'link', 'REST Client')).click();
    await fill(await byRole(panel, 'textbox', 'URL'), `${faults.origin}/stream?mb=100&p=ui-big`);

    const pageSession = await panel.createCDPSession();
    const workerSession = await ext.browser
      .targets()
      .find((t) => t.type() === 'service_worker' && t.url().startsWith(`chrome-extension://${ext.extensionId}/`))!
      .createCDPSession();
    const before = { page: await settledMemory(pageSession), background: await settledMemory(workerSession) };
    const peak = { page: { ...before.page }, background: { ...before.background } };
    const raise = (into: Memory, now: Memory) => {
      into.heap = Math.max(into.heap, now.heap);
      into.buffers = Math.max(into.buffers, now.buffers);
    };
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        raise(peak.page, await memoryOf(pageSession));
        raise(peak.background, await memoryOf(workerSession));
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    // The panel's own pulse: a setTimeout(0) chain, recording the longest gap between ticks.
    await panel.evaluate(() => {
      const pulse = { longest: 0, ticks: 0, last: performance.now(), stop: false };
      Object.assign(window, { pulse });
      const tick = () => {
        const now = performance.now();
        pulse.longest = Math.max(pulse.longest, now - pulse.last);
        pulse.last = now;
        pulse.ticks++;
        if (!pulse.stop) setTimeout(tick, 0);
      };
      setTimeout(tick, 0);
    });

    const startedAt = Date.now();
    await (await byRole(panel, 'button', 'Send')).click();
    const status = await waitForText(panel, 'status', 'Response status', /truncated/, 60_000);
    const shownAfter = Date.now() - startedAt;
    await panel.waitForSelector('[role="region"][aria-label="Response body"]', { timeout: 30_000 });
    // Some time for the body's line index and first rows, which run after the status shows.
    await new Promise((r) => setTimeout(r, 1500));
    const pulse = await panel.evaluate(() => {
      const p = (window as unknown as { pulse: { longest: number; ticks: number; stop: boolean } }).pulse;
      p.stop = true;
      return { longest: p.longest, ticks: p.ticks };
    });
    sampling = false;
    await sampler;
    const after = { page: await memoryOf(pageSession), background: await memoryOf(workerSession) };
    // Once the exchange is over, the background keeps nothing of it.
    const settled = await settledMemory(workerSession);

    expect(status).toContain('200 OK');
    expect(status).toContain('truncated at 50.0 MB of 100.0 MB: the rest of the body was not kept');
    expect(status).toContain('The body is larger than the 50 MB limit: only the first 50 MB of 100 MB were read.');
    const firstLine = await panel.$eval('[role="region"][aria-label="Response body"]', (el) =>
      (el.textContent ?? '').slice(0, 64),
    );
    expect(firstLine).toBe(streamedBytes(0, 64).toString('latin1'));
    await byRole(panel, 'button', 'Send', 5_000);
    const exchange = await faults.closed('/stream?mb=100&p=ui-big');
    expect(exchange.abortedByClient).toBe(true);

    const mb = (n: number) => `${(n / MB).toFixed(1)} MB`;
    const figures = (m: Memory) => `${mb(m.heap)} heap + ${mb(m.buffers)} buffers`;
    console.log(
      `[faults] 100 MB body in the REST Client: shown (truncated at 50 MB) after ${shownAfter} ms; ` +
        `longest gap between the panel's setTimeout(0) ticks ${pulse.longest.toFixed(0)} ms over ${pulse.ticks} ticks; ` +
        `the server wrote ${mb(exchange.bytesWritten)}`,
    );
    for (const where of ['page', 'background'] as const) {
      console.log(
        `[faults] memory of the ${where === 'page' ? 'panel page' : 'background'}: before ${figures(before[where])}, ` +
          `peak ${figures(peak[where])}, after ${figures(after[where])}`,
      );
    }
    expect(pulse.longest).toBeLessThan(LONGEST_PAUSE_MS);
    // The background holds the body as bytes (array buffers) while it encodes it: count both.
    const backgroundGrowth =
      peak.background.heap + peak.background.buffers - before.background.heap - before.background.buffers;
    expect(backgroundGrowth).toBeLessThan(3 * 50 * MB);
    expect(peak.page.heap - before.page.heap).toBeLessThan(200 * MB);
    console.log(`[faults] the background after a garbage collection: ${figures(settled)}`);
    expect(settled.heap + settled.buffers - before.background.heap - before.background.buffers).toBeLessThan(5 * MB);
    await panel.close();
  });
});

interface Memory {
  /** The JS heap in use. */
  heap: number;
  /** Array buffers the heap owns (kept outside it). */
  buffers: number;
}

/** What V8 reports for that target, in bytes. */
async function memoryOf(session: CDPSession): Promise<Memory> {
  const usage = (await session.send('Runtime.getHeapUsage')) as { usedSize: number; backingStorageSize?: number };
  return { heap: usage.usedSize, buffers: usage.backingStorageSize ?? 0 };
}

/** Memory after a full garbage collection: the baseline to measure growth from. */
async function settledMemory(session: CDPSession): Promise<Memory> {
  await session.send('HeapProfiler.collectGarbage');
  return memoryOf(session);
}

async function waitUntil(what: string, check: () => boolean, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
