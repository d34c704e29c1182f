/**
 * The REST client's sending side, driven through the message protocol from
 * an extension page, against the local recording server: what the server
 * received is the witness.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binaryBytes, startDemoServer, type DemoServer, type RecordedRequest } from '../../scripts/lib/demo-server.ts';
import {
  launchFirefoxWithExtension,
  launchWithExtension,
  type LaunchedExtension,
  type LaunchedFirefox,
} from '../../scripts/lib/launch.ts';
import type { HttpResponse, OutgoingRequest, SendOptions, SerializedError } from '../../src/protocol.ts';
import { closedPort } from '../support/ports.ts';

type Reply = { ok: true; value: HttpResponse } | { ok: false; error: SerializedError };
type RequestInput = Partial<Omit<OutgoingRequest, 'url'>> & { url: string; body?: string | Buffer };

const toOutgoing = ({ body, ...request }: RequestInput): OutgoingRequest => ({
  id: randomUUID(),
  method: 'GET',
  headers: [],
  ...request,
  ...(body !== undefined ? { bodyBase64: Buffer.from(body).toString('base64') } : {}),
});

/** Sends through runtime.sendMessage from an extension page, as the protocol says (works in both browsers). */
async function sendFrom(page: Page, input: RequestInput, options: Partial<SendOptions> = {}): Promise<Reply> {
  return page.evaluate(
    (request, opts) => {
      const api = (globalThis as unknown as { browser?: typeof chrome }).browser ?? chrome;
      return api.runtime.sendMessage({ protocol: 'http-workbench/1', kind: 'sendRequest', args: [request, opts] });
    },
    toOutgoing(input),
    { timeoutMs: 15_000, ...options },
  ) as Promise<Reply>;
}

function value(reply: Reply): HttpResponse {
  if (!reply.ok) throw new Error(`Expected a response, got the error ${JSON.stringify(reply.error)}`);
  return reply.value;
}

function failure(reply: Reply): SerializedError {
  if (reply.ok) throw new Error(`Expected an error, got status ${reply.value.status}`);
  return reply.error;
}

const header = (headers: { name: string; value: string }[], name: string) =>
  headers.filter((h) => h.name.toLowerCase() === name.toLowerCase()).map((h) => h.value);

const seenHeader = (seen: RecordedRequest | undefined, name: string) =>
  (seen?.rawHeaders ?? []).filter(([n]) => n.toLowerCase() === name.toLowerCase()).map(([, v]) => v);

let demo: DemoServer;
/** A second server: another origin, for cross-origin redirects. */
let other: DemoServer;
const seen = (target: string) => demo.requests.find((r) => r.target === target);

beforeAll(async () => {
  demo = await startDemoServer();
  other = await startDemoServer();
});

afterAll(async () => {
  await demo?.close();
  await other?.close();
});

describe('Chrome: the background sends requests', () => {
  let ext: LaunchedExtension;
  let page: Page;
  const send = (input: RequestInput, options: Partial<SendOptions> = {}) => sendFrom(page, input, options);
  /** The per-request header rules left in place (the standing rule that removes the request marker is id 1). */
  const sessionRules = () =>
    page.evaluate(() =>
      chrome.declarativeNetRequest.getSessionRules().then((rules) => rules.filter((rule) => rule.id !== 1).length),
    );

  beforeAll(async () => {
    ext = await launchWithExtension('dist/chrome');
    page = await ext.browser.newPage();
    await page.goto(`chrome-extension://${ext.extensionId}/panel/index.html#/converter`);
  });

  afterAll(async () => {
    await ext?.close();
  });

  it('sends every method, with the body bytes as given', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'PROPFIND']) {
      const target = `/echo?method=${method}`;
      const withBody = !['GET', 'HEAD'].includes(method);
      const response = value(
        await send({ method, url: demo.origin + target, body: withBody ? `body of ${method} ✓` : undefined }),
      );
      expect(response.status, method).toBe(200);
      const recorded = seen(target);
      expect(recorded?.method, method).toBe(method);
      if (withBody) expect(recorded?.body.toString('utf8'), method).toBe(`body of ${method} ✓`);
      if (method === 'HEAD') expect(response.body).toBe('');
      else expect(JSON.parse(response.body).method).toBe(method);
      // Whether the headers shown are the wire's is checked where it matters, in the restricted-headers test.
    }
  });

  it('sends Cookie, Referer, User-Agent, Origin and Accept-Encoding exactly as written, then removes its rule', async () => {
    const written = [
      { name: 'Cookie', value: 'session=abc; theme=dark' },
      { name: 'Referer', value: 'https://referrer.example/page?q=1' },
      { name: 'User-Agent', value: 'HTTP-Workbench-Test/1.0' },
      { name: 'Origin', value: 'https://origin.example' },
      { name: 'Accept-Encoding', value: 'identity' },
      { name: 'X-Ordinary', value: 'plain' },
    ];
    const response = value(
      await send({ method: 'POST', url: `${demo.origin}/echo?forbidden=1`, headers: written, body: '{}' }),
    );
    const recorded = seen('/echo?forbidden=1');
    for (const { name, value: expected } of written) {
      expect(seenHeader(recorded, name), name).toEqual([expected]);
      expect(header(response.requestHeaders, name), `${name} reported as sent`).toEqual([expected]);
    }
    expect(response.requestHeadersSource).toBe('wire');
    expect(response.notices).toEqual([]);
    // The marker that ties the browser's reports to the request never reaches the server.
    expect(seenHeader(recorded, 'X-Http-Workbench-Request')).toEqual([]);
    expect(await sessionRules()).toBe(0);
  });

  it('gives each of many concurrent sends to one URL its own wire report', async () => {
    const url = `${demo.origin}/echo?many=1`;
    const before = demo.requests.length;
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        send({
          url,
          headers: [
            { name: 'X-Which', value: `n${i}` },
            ...(i % 4 === 3 ? [{ name: 'Referer', value: `https://r/${i}` }] : []),
          ],
        }),
      ),
    );
    replies.forEach((reply, i) => {
      const response = value(reply);
      expect(response.requestHeadersSource, `n${i}`).toBe('wire');
      expect(header(response.requestHeaders, 'X-Which'), `n${i}`).toEqual([`n${i}`]);
      expect(header(response.requestHeaders, 'Referer'), `n${i}`).toEqual(i % 4 === 3 ? [`https://r/${i}`] : []);
      expect(JSON.parse(response.body).headers).toContainEqual(['X-Which', `n${i}`]);
    });
    const arrived = demo.requests.slice(before).filter((r) => r.target === '/echo?many=1');
    expect(arrived).toHaveLength(12);
    for (const recorded of arrived) {
      const i = Number(seenHeader(recorded, 'X-Which')[0]!.slice(1));
      expect(seenHeader(recorded, 'Referer')).toEqual(i % 4 === 3 ? [`https://r/${i}`] : []);
      expect(seenHeader(recorded, 'X-Http-Workbench-Request')).toEqual([]);
    }
    expect(await sessionRules()).toBe(0);
  });

  it('scopes the rule to its own request: a concurrent request to the same URL gets none of its headers', async () => {
    const url = `${demo.origin}/echo?shared=1`;
    const before = demo.requests.length;
    const replies = await Promise.all([
      send({
        url,
        headers: [
          { name: 'Cookie', value: 'only=first' },
          { name: 'X-Which', value: 'first' },
        ],
      }),
      send({ url, headers: [{ name: 'X-Which', value: 'second' }] }),
      send({
        url,
        headers: [
          { name: 'User-Agent', value: 'Third/3' },
          { name: 'X-Which', value: 'third' },
        ],
      }),
    ]);
    replies.forEach((reply) => value(reply));
    const arrived = demo.requests.slice(before).filter((r) => r.target === '/echo?shared=1');
    const byWhich = (which: string) => arrived.find((r) => seenHeader(r, 'X-Which')[0] === which);
    expect(seenHeader(byWhich('first'), 'Cookie')).toEqual(['only=first']);
    expect(seenHeader(byWhich('second'), 'Cookie')).toEqual([]);
    expect(seenHeader(byWhich('second'), 'User-Agent')[0]).toMatch(/Chrome/);
    // The third's own rule: applied, or (under heavy load Chrome can start the request before a just-added
    // session rule takes effect) not applied and said so in that reply; never silently lost.
    const thirdAgent = seenHeader(byWhich('third'), 'User-Agent');
    if (thirdAgent[0] !== 'Third/3') {
      expect(value(replies[2]!).notices.join(' ')).toContain('User-Agent could not be sent as written');
    }
    expect(seenHeader(byWhich('second'), 'User-Agent')).not.toContain('Third/3');
    expect(seenHeader(byWhich('third'), 'Cookie')).toEqual([]);
    // Each reply reports its own request's headers.
    expect(header(value(replies[0]!).requestHeaders, 'X-Which')).toEqual(['first']);
    expect(header(value(replies[1]!).requestHeaders, 'X-Which')).toEqual(['second']);
    expect(await sessionRules()).toBe(0);
  });

  it('does not send the browser’s cookies unless asked, and never changes them', async () => {
    const tab = await ext.browser.newPage();
    await tab.goto(`${demo.origin}/set-cookie?name=jar&value=browser`);
    await tab.close();
    const jar = async () =>
      (await ext.browser.cookies())
        .filter((c) => c.domain === '127.0.0.1')
        .map((c) => `${c.name}=${c.value}`)
        .sort();
    expect(await jar()).toEqual(['jar=browser', 'second=two']);

    value(await send({ url: `${demo.origin}/echo?cookies=off` }));
    expect(seenHeader(seen('/echo?cookies=off'), 'Cookie')).toEqual([]);

    value(await send({ url: `${demo.origin}/echo?cookies=on` }, { sendCookies: true }));
    expect(seenHeader(seen('/echo?cookies=on'), 'Cookie')).toEqual(['jar=browser; second=two']);

    // With the browser's cookies on, a Cookie the user wrote is added to them.
    value(
      await send(
        { url: `${demo.origin}/echo?cookies=both`, headers: [{ name: 'Cookie', value: 'mine=1' }] },
        { sendCookies: true },
      ),
    );
    expect(seenHeader(seen('/echo?cookies=both'), 'Cookie')).toEqual(['jar=browser; second=two; mine=1']);

    // A Set-Cookie answer to a request without the browser's cookies is shown, not stored.
    const response = value(await send({ url: `${demo.origin}/set-cookie?name=jar&value=changed` }));
    expect(header(response.headers, 'Set-Cookie')).toEqual([
      'jar=changed; Path=/; SameSite=Lax',
      'second=two; Path=/; HttpOnly',
    ]);
    expect(await jar()).toEqual(['jar=browser', 'second=two']);
    expect(await sessionRules()).toBe(0);
  });

  it('reports a redirect it does not follow: status, Location and the hop', async () => {
    const target = `/redirect?to=${encodeURIComponent('/echo?landed=off')}&status=302`;
    const response = value(await send({ url: demo.origin + target }));
    expect(response).toMatchObject({ status: 302, statusText: 'Found', redirected: false, url: demo.origin + target });
    expect(response.redirects).toEqual([{ status: 302, url: demo.origin + target, location: '/echo?landed=off' }]);
    expect(header(response.headers, 'Location')).toEqual(['/echo?landed=off']);
    expect(seen('/echo?landed=off')).toBeUndefined();
  });

  it('follows redirects when asked and reports the chain', async () => {
    const last = `/redirect?to=${encodeURIComponent('/echo?landed=on')}&status=301`;
    const first = `/redirect?to=${encodeURIComponent(last)}&status=307`;
    const response = value(await send({ url: demo.origin + first }, { followRedirects: true }));
    expect(response).toMatchObject({ status: 200, redirected: true, url: `${demo.origin}/echo?landed=on` });
    expect(response.redirects).toEqual([
      { status: 307, url: demo.origin + first, location: last },
      { status: 301, url: demo.origin + last, location: '/echo?landed=on' },
    ]);
    expect(JSON.parse(response.body).target).toBe('/echo?landed=on');
  });

  it('keeps the written headers on every hop of a followed redirect, and the method rules of fetch', async () => {
    const end = `${other.origin}/echo?hop=cross`;
    const middle = `/redirect?to=${encodeURIComponent(end)}&status=303`;
    const first = `/redirect?to=${encodeURIComponent(middle)}&status=307`;
    const response = value(
      await send(
        {
          method: 'POST',
          url: demo.origin + first,
          headers: [
            { name: 'Cookie', value: 'hop=1' },
            { name: 'Referer', value: 'https://ref.example/' },
            { name: 'Content-Type', value: 'text/plain' },
          ],
          body: 'posted',
        },
        { followRedirects: true },
      ),
    );
    expect(response.status).toBe(200);
    expect(response.redirects.map((hop) => hop.status)).toEqual([307, 303]);
    // 307 keeps the method and body; 303 turns them into a GET without a body.
    expect(seen(first)).toMatchObject({ method: 'POST' });
    expect(seen(middle)).toMatchObject({ method: 'POST' });
    expect(seen(middle)!.body.toString()).toBe('posted');
    for (const target of [first, middle]) {
      expect(seenHeader(seen(target), 'Cookie'), target).toEqual(['hop=1']);
      expect(seenHeader(seen(target), 'Referer'), target).toEqual(['https://ref.example/']);
    }
    const crossed = other.requests.find((r) => r.target === '/echo?hop=cross');
    expect(crossed?.method).toBe('GET');
    expect(seenHeader(crossed, 'Referer')).toEqual(['https://ref.example/']);
    // The Cookie written for one host is not handed to another.
    expect(seenHeader(crossed, 'Cookie')).toEqual([]);
    expect(response.notices.join(' ')).toMatch(/Cookie/);
    expect(await sessionRules()).toBe(0);
  });

  it('times out with the limit, and cancels by id', async () => {
    const timedOut = failure(await send({ url: `${demo.origin}/slow?ms=3000&t=1` }, { timeoutMs: 300 }));
    expect(timedOut.code).toBe('timeout');
    expect(timedOut.message).toContain('0.3 s');
    expect(timedOut.message).toContain(demo.origin);

    const id = randomUUID();
    const outcome = page.evaluate(
      (request) =>
        chrome.runtime.sendMessage({
          protocol: 'http-workbench/1',
          kind: 'sendRequest',
          args: [request, { timeoutMs: 10_000 }],
        }),
      { id, method: 'GET', url: `${demo.origin}/slow?ms=5000&t=2`, headers: [] },
    ) as Promise<Reply>;
    await new Promise((r) => setTimeout(r, 300));
    const cancel = (requestId: string) =>
      page.evaluate(
        (i) => chrome.runtime.sendMessage({ protocol: 'http-workbench/1', kind: 'cancelRequest', args: [i] }),
        requestId,
      );
    expect(await cancel(id)).toEqual({ ok: true, value: true });
    const cancelled = failure(await outcome);
    expect(cancelled.code).toBe('cancelled');
    expect(cancelled.message).toContain(demo.origin);
    expect(await cancel(id)).toEqual({ ok: true, value: false });
  });

  it('cancels a request whose body is still arriving', async () => {
    const id = randomUUID();
    const outcome = page.evaluate(
      (request) =>
        chrome.runtime.sendMessage({
          protocol: 'http-workbench/1',
          kind: 'sendRequest',
          args: [request, { timeoutMs: 20_000 }],
        }),
      { id, method: 'GET', url: `${demo.origin}/trickle?chunks=40&ms=100`, headers: [] },
    ) as Promise<Reply>;
    await new Promise((r) => setTimeout(r, 600));
    await page.evaluate(
      (i) => chrome.runtime.sendMessage({ protocol: 'http-workbench/1', kind: 'cancelRequest', args: [i] }),
      id,
    );
    expect(failure(await outcome).code).toBe('cancelled');
  });

  it('names a refused port and an unknown host', async () => {
    const port = await closedPort();
    const refused = failure(await send({ url: `http://127.0.0.1:${port}/nothing` }));
    expect(refused.code).toBe('refused');
    expect(refused.message).toContain(`http://127.0.0.1:${port}`);
    expect(refused.message).toMatch(/refused/);
    expect(refused.message).toContain('ERR_CONNECTION_REFUSED');

    const unknown = failure(await send({ url: 'http://no-such-host.invalid/' }));
    expect(unknown.code).toBe('dns');
    expect(unknown.message).toContain('"no-such-host.invalid"');

    const tls = failure(await send({ url: demo.origin.replace('http:', 'https:') + '/' }));
    expect(tls.code).toBe('tls');

    const blocked = failure(await send({ url: 'http://127.0.0.1:6000/' }));
    expect(blocked.code).toBe('blocked-port');
  });

  it('returns a 10 MB JSON body whole', async () => {
    const response = value(await send({ url: `${demo.origin}/big-json?mb=10` }));
    const expected = await (await fetch(`${demo.origin}/big-json?mb=10`)).text();
    expect(response.truncated).toBe(false);
    expect(response.bodyEncoding).toBe('text');
    expect(response.size).toBe(Buffer.byteLength(expected));
    expect(response.body.length).toBe(expected.length);
    expect(response.body === expected).toBe(true);
  });

  it('cuts a body at the cap, says so, and keeps whole characters', async () => {
    const cap = 1024 * 1024;
    const response = value(await send({ url: `${demo.origin}/big-json?mb=3` }, { maxBodyBytes: cap }));
    expect(response.truncated).toBe(true);
    expect(response.size).toBeGreaterThan(3 * 1024 * 1024 - 1);
    const bytes = Buffer.byteLength(response.body);
    expect(bytes).toBeLessThanOrEqual(cap);
    expect(bytes).toBeGreaterThan(cap - 4);
    expect(response.body).not.toContain('\uFFFD');
    expect(response.notices.join(' ')).toMatch(/1 MB limit/);
  });

  it('returns binary bodies byte for byte', async () => {
    const image = value(await send({ url: `${demo.origin}/image.png` }));
    const png = Buffer.from(await (await fetch(`${demo.origin}/image.png`)).arrayBuffer());
    expect(image.bodyEncoding).toBe('base64');
    expect(Buffer.from(image.body, 'base64').equals(png)).toBe(true);
    expect(header(image.headers, 'Content-Type')).toEqual(['image/png']);

    const binary = value(await send({ url: `${demo.origin}/big-binary?mb=2` }));
    expect(binary.bodyEncoding).toBe('base64');
    expect(Buffer.from(binary.body, 'base64').equals(binaryBytes(2 * 1024 * 1024))).toBe(true);
  });

  it('carries bodies past the message size limit through the send channel, both ways', async () => {
    const mb = 40;
    const upload = binaryBytes(9 * 1024 * 1024 + 1);
    const result = await page.evaluate(
      async (url, uploadUrl, uploadBase64) => {
        // The page side of the send channel, as src/platform/messaging.ts speaks it.
        const exchange = (request: object, bodyBase64?: string) =>
          new Promise<{ head: Record<string, unknown>; body: string; messages: number; biggest: number }>(
            (resolve, reject) => {
              const port = chrome.runtime.connect({ name: 'http-workbench/send' });
              let head: Record<string, unknown> = {};
              const pieces: string[] = [];
              let messages = 0;
              let biggest = 0;
              port.onMessage.addListener((message) => {
                messages++;
                if (message.type === 'head') head = message.response;
                else if (message.type === 'body') {
                  pieces.push(message.data);
                  biggest = Math.max(biggest, message.data.length);
                } else if (message.type === 'end') {
                  port.disconnect();
                  resolve({ head, body: pieces.join(''), messages, biggest });
                } else if (message.type === 'whole') {
                  // A body that fits in one piece comes with its head.
                  port.disconnect();
                  resolve({ head: message.response, body: message.response.body, messages, biggest });
                } else reject(new Error(JSON.stringify(message.error)));
              });
              const size = 4 * 1024 * 1024;
              const count = bodyBase64 === undefined ? undefined : Math.ceil(bodyBase64.length / size);
              port.postMessage({ type: 'start', request, options: { timeoutMs: 30_000 }, bodyPieces: count });
              for (let i = 0; i < (count ?? 0); i++) {
                port.postMessage({ type: 'body', data: bodyBase64!.slice(i * size, (i + 1) * size) });
              }
            },
          );
        const down = await exchange({ id: crypto.randomUUID(), method: 'GET', url, headers: [] });
        const up = await exchange(
          { id: crypto.randomUUID(), method: 'POST', url: uploadUrl, headers: [] },
          uploadBase64,
        );
        return {
          down: {
            truncated: down.head.truncated,
            length: down.body.length,
            messages: down.messages,
            biggest: down.biggest,
            body: down.body,
          },
          up: up.head.status,
        };
      },
      `${demo.origin}/big-binary?mb=${mb}`,
      `${demo.origin}/api/upload?big=1`,
      upload.toString('base64'),
    );
    expect(result.down.truncated).toBe(false);
    expect(result.down.messages).toBeGreaterThan(10);
    expect(result.down.biggest).toBeLessThanOrEqual(4 * 1024 * 1024);
    expect(Buffer.from(result.down.body, 'base64').equals(binaryBytes(mb * 1024 * 1024))).toBe(true);
    expect(result.up).toBe(200);
    expect(demo.requests.find((r) => r.target === '/api/upload?big=1')?.body.equals(upload)).toBe(true);

    // One sendMessage reply cannot carry it all: it says so instead of failing.
    const single = value(await send({ url: `${demo.origin}/big-binary?mb=${mb}` }));
    expect(single.truncated).toBe(true);
    expect(single.notices.join(' ')).toMatch(/fit in one message/);
    const prefix = Buffer.from(single.body, 'base64');
    expect(prefix.length).toBeGreaterThan(30 * 1024 * 1024);
    expect(prefix.equals(binaryBytes(mb * 1024 * 1024).subarray(0, prefix.length))).toBe(true);
  });

  it('adds little to a small request: timing through the background against a bare fetch', async () => {
    const body = 'x'.repeat(1024);
    const timings = await page.evaluate(
      async (url, payload) => {
        const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
        const runs = 20;
        const bare: number[] = [];
        const viaMessage: number[] = [];
        const viaChannel: number[] = [];
        const request = () => ({
          id: crypto.randomUUID(),
          method: 'POST',
          url,
          headers: [{ name: 'Content-Type', value: 'text/plain' }],
          bodyBase64: btoa(payload),
        });
        const channel = () =>
          new Promise<void>((resolve, reject) => {
            const port = chrome.runtime.connect({ name: 'http-workbench/send' });
            port.onMessage.addListener((message) => {
              // A small body comes with its head, in one message.
              if (message.type === 'whole' || message.type === 'end') {
                port.disconnect();
                resolve();
              } else if (message.type === 'error') reject(new Error(message.error.message));
            });
            port.postMessage({ type: 'start', request: request(), options: { timeoutMs: 10_000 } });
          });
        for (let i = 0; i < runs + 3; i++) {
          let t = performance.now();
          await (await fetch(url, { method: 'POST', body: payload, headers: { 'Content-Type': 'text/plain' } })).text();
          const a = performance.now() - t;
          t = performance.now();
          const reply = await chrome.runtime.sendMessage({
            protocol: 'http-workbench/1',
            kind: 'sendRequest',
            args: [request(), { timeoutMs: 10_000 }],
          });
          if (!reply.ok) throw new Error(reply.error.message);
          const b = performance.now() - t;
          t = performance.now();
          await channel();
          const c = performance.now() - t;
          // The first runs warm up connections and code paths.
          if (i >= 3) {
            bare.push(a);
            viaMessage.push(b);
            viaChannel.push(c);
          }
        }
        return { bare: median(bare), message: median(viaMessage), channel: median(viaChannel) };
      },
      `${demo.origin}/echo?bench=1`,
      body,
    );
    console.info(
      `1 KB POST, median of 20: bare fetch ${timings.bare.toFixed(1)} ms, through the background ${timings.message.toFixed(1)} ms (sendMessage), ${timings.channel.toFixed(1)} ms (send channel)`,
    );
    expect(timings.message - timings.bare).toBeLessThan(50);
    expect(timings.channel - timings.bare).toBeLessThan(50);
  });
});

describe('Firefox: the background sends requests', () => {
  let firefox: LaunchedFirefox | undefined;
  let page: Page;
  const send = (input: RequestInput, options: Partial<SendOptions> = {}) => sendFrom(page, input, options);

  beforeAll(async () => {
    firefox = await launchFirefoxWithExtension('dist/firefox-e2e');
    page = firefox.workspace;
  });

  afterAll(async () => {
    await firefox?.close();
  });

  it('sends Cookie, Referer, User-Agent and Origin as written and reports the headers sent', async () => {
    const written = [
      { name: 'Cookie', value: 'ff=1' },
      { name: 'Referer', value: 'https://referrer.example/ff' },
      { name: 'User-Agent', value: 'HTTP-Workbench-Firefox/1.0' },
      { name: 'Origin', value: 'https://origin.example' },
    ];
    const response = value(
      await send({ method: 'PUT', url: `${demo.origin}/echo?ff=forbidden`, headers: written, body: 'b' }),
    );
    const recorded = seen('/echo?ff=forbidden');
    for (const { name, value: expected } of written) {
      expect(seenHeader(recorded, name), name).toEqual([expected]);
      expect(header(response.requestHeaders, name), name).toEqual([expected]);
    }
    expect(seenHeader(recorded, 'X-Http-Workbench-Request')).toEqual([]);
    expect(response.requestHeadersSource).toBe('wire');
    expect(response.notices).toEqual([]);
  });

  it('shows Set-Cookie, follows redirects with the chain, and reports one it does not follow', async () => {
    const cookie = value(await send({ url: `${demo.origin}/set-cookie?name=ff&value=1` }));
    expect(header(cookie.headers, 'Set-Cookie')).toContain('ff=1; Path=/; SameSite=Lax');

    const target = `/redirect?to=${encodeURIComponent('/echo?ff=landed')}&status=302`;
    const off = value(await send({ url: demo.origin + target }));
    expect(off).toMatchObject({ status: 302, redirects: [{ status: 302, location: '/echo?ff=landed' }] });
    const on = value(
      await send(
        { url: demo.origin + target, headers: [{ name: 'Cookie', value: 'hop=ff' }] },
        { followRedirects: true },
      ),
    );
    expect(on).toMatchObject({ status: 200, redirected: true, url: `${demo.origin}/echo?ff=landed` });
    expect(on.redirects).toEqual([{ status: 302, url: demo.origin + target, location: '/echo?ff=landed' }]);
    expect(seenHeader(seen('/echo?ff=landed'), 'Cookie')).toEqual(['hop=ff']);
  });

  it('does not send the browser’s cookies unless asked, and cancels by id', async () => {
    const tab = await firefox!.browser.newPage();
    await tab.goto(`${demo.origin}/set-cookie?name=ffjar&value=browser`);
    await tab.close();
    value(await send({ url: `${demo.origin}/echo?ff=cookies-off` }));
    expect(seenHeader(seen('/echo?ff=cookies-off'), 'Cookie')).toEqual([]);
    value(
      await send(
        { url: `${demo.origin}/echo?ff=cookies-on`, headers: [{ name: 'Cookie', value: 'mine=1' }] },
        { sendCookies: true },
      ),
    );
    expect(seenHeader(seen('/echo?ff=cookies-on'), 'Cookie')).toEqual(['ffjar=browser; second=two; mine=1']);

    const id = randomUUID();
    const outcome = page.evaluate(
      (request) =>
        (globalThis as unknown as { browser: typeof chrome }).browser.runtime.sendMessage({
          protocol: 'http-workbench/1',
          kind: 'sendRequest',
          args: [request, { timeoutMs: 10_000 }],
        }),
      { id, method: 'GET', url: `${demo.origin}/slow?ms=5000&ff=cancel`, headers: [] },
    ) as Promise<Reply>;
    await new Promise((r) => setTimeout(r, 300));
    const cancelled = await page.evaluate(
      (i) =>
        (globalThis as unknown as { browser: typeof chrome }).browser.runtime.sendMessage({
          protocol: 'http-workbench/1',
          kind: 'cancelRequest',
          args: [i],
        }),
      id,
    );
    expect(cancelled).toEqual({ ok: true, value: true });
    expect(failure(await outcome).code).toBe('cancelled');
  });

  it('gives specific errors, times out and returns binary bytes intact', async () => {
    const port = await closedPort();
    expect(failure(await send({ url: `http://127.0.0.1:${port}/` })).code).toBe('refused');
    expect(failure(await send({ url: 'http://no-such-host.invalid/' })).code).toBe('dns');
    expect(failure(await send({ url: `${demo.origin}/slow?ms=3000&ff=1` }, { timeoutMs: 300 })).code).toBe('timeout');
    const binary = value(await send({ url: `${demo.origin}/big-binary?mb=1` }));
    expect(Buffer.from(binary.body, 'base64').equals(binaryBytes(1024 * 1024))).toBe(true);
    const capped = value(await send({ url: `${demo.origin}/big-json?mb=2` }, { maxBodyBytes: 100_000 }));
    expect(capped.truncated).toBe(true);
  });
});
