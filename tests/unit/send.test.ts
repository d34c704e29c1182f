import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBody, jsonStringBytes, readBody, type BodyBytes } from '../../background/body.ts';
import { WebRequestCapture, MARKER_HEADER, type WebRequestApi } from '../../background/capture.ts';
import { describeFailure } from '../../background/errors.ts';
import { HeaderRules, headerRule, planHeaders, rewriteRequestHeaders } from '../../background/header-rules.ts';
import { cancelRequest, executeRequest, REPORT_WAIT_MS, sendRequest, type SendDeps } from '../../background/send.ts';
import { chromeTransport, firefoxTransport, KeyedGate } from '../../background/transport.ts';
import { binaryBytes, startDemoServer, type DemoServer } from '../../scripts/lib/demo-server.ts';
import { base64ToBytes } from '../../src/core/bytes.ts';
import type { HeaderLine } from '../../src/core/http/request.ts';
import { applyWireReport, type OutgoingRequest, type SendOptions } from '../../src/protocol.ts';
import { fakeBrowser, type FakeBrowserOptions } from '../support/fake-browser.ts';
import { closedPort } from '../support/ports.ts';

let demo: DemoServer;
let other: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer();
  other = await startDemoServer();
});
afterAll(async () => {
  await demo.close();
  await other.close();
});

const request = (input: Partial<OutgoingRequest> & { url: string; text?: string }): OutgoingRequest => {
  const { text, ...rest } = input;
  return {
    id: randomUUID(),
    method: 'GET',
    headers: [],
    ...rest,
    ...(text !== undefined ? { bodyBase64: Buffer.from(text).toString('base64') } : {}),
  };
};
const send = (input: Partial<OutgoingRequest> & { url: string; text?: string }, options: Partial<SendOptions> = {}) =>
  sendRequest(request(input), { timeoutMs: 5000, ...options });
const get = (url: string, timeoutMs = 5000) => send({ url }, { timeoutMs });
const seen = (target: string, server = demo) => server.requests.find((r) => r.target === target);

describe('background sendRequest (Node, fetch sends every header itself)', () => {
  it('sends method, query bytes, headers and body bytes as given and returns the response', async () => {
    const response = await send({
      method: 'PATCH',
      url: `${demo.origin}/echo?a=1&b=two%20words`,
      headers: [
        { name: 'X-Trace', value: 'abc' },
        { name: 'Content-Type', value: 'application/json' },
      ],
      text: '{"x": 1}',
    });
    expect(response).toMatchObject({
      status: 200,
      statusText: 'OK',
      bodyEncoding: 'text',
      redirected: false,
      redirects: [],
      truncated: false,
      notices: [],
      requestHeadersSource: 'requested',
    });
    const echoed = JSON.parse(response.body);
    expect(echoed.method).toBe('PATCH');
    expect(echoed.target).toBe('/echo?a=1&b=two%20words');
    // Names go out with the case the user wrote.
    expect(echoed.headers).toEqual(
      expect.arrayContaining([
        ['X-Trace', 'abc'],
        ['Content-Type', 'application/json'],
      ]),
    );
    expect(echoed.body).toBe('{"x": 1}');
    expect(response.headers).toContainEqual({ name: 'content-type', value: 'application/json; charset=utf-8' });
    expect(response.requestHeaders).toEqual([
      { name: 'X-Trace', value: 'abc' },
      { name: 'Content-Type', value: 'application/json' },
    ]);
    expect(response.size).toBe(new TextEncoder().encode(response.body).length);
    expect(response.ttfbMs).toBeLessThanOrEqual(response.timeMs);
  });

  it('sends binary request bytes intact', async () => {
    const bytes = binaryBytes(70_000);
    await sendRequest(
      {
        id: randomUUID(),
        method: 'POST',
        url: `${demo.origin}/echo?binary-upload`,
        headers: [],
        bodyBase64: bytes.toString('base64'),
      },
      { timeoutMs: 5000 },
    );
    expect(seen('/echo?binary-upload')?.body.equals(bytes)).toBe(true);
  });

  it('leaves a body out of GET with a notice (fetch cannot send one)', async () => {
    const response = await send({ url: `${demo.origin}/echo?get-body`, text: 'ignored' });
    expect(seen('/echo?get-body')?.body.length).toBe(0);
    expect(response.notices).toEqual(['The browser cannot send a body with GET: the body was left out.']);
  });

  it('turns a user name and password in the URL into Basic authentication, as curl does', async () => {
    const url = demo.origin.replace('http://', 'http://al%20ice:p%40ss@') + '/echo?userinfo=1';
    const response = await get(url);
    expect(seen('/echo?userinfo=1')?.rawHeaders).toContainEqual([
      'Authorization',
      `Basic ${Buffer.from('al ice:p@ss').toString('base64')}`,
    ]);
    expect(response.notices).toEqual([
      'The user name and password in the URL were sent as Basic authentication for "al ice".',
    ]);
  });

  it('does not send a header named like the marker that matches the browser’s reports, and says why', async () => {
    const response = await send({
      url: `${demo.origin}/echo?reserved=1`,
      headers: [{ name: MARKER_HEADER, value: 'x' }],
    });
    expect(seen('/echo?reserved=1')?.rawHeaders.map(([name]) => name)).not.toContain(MARKER_HEADER);
    expect(response.notices).toEqual([
      `${MARKER_HEADER} was not sent: HTTP Workbench uses that header name to recognise its own requests.`,
    ]);
  });

  it('returns error statuses as responses, not failures', async () => {
    await expect(get(`${demo.origin}/status?code=503`)).resolves.toMatchObject({ status: 503 });
  });

  it('returns a binary body as base64, byte for byte', async () => {
    const response = await get(`${demo.origin}/bytes`);
    expect(response.bodyEncoding).toBe('base64');
    expect([...base64ToBytes(response.body)]).toEqual([0, 1, 2, 253, 254, 255]);
    const big = await get(`${demo.origin}/big-binary?mb=1`);
    expect(Buffer.from(big.body, 'base64').equals(binaryBytes(1024 * 1024))).toBe(true);
  });

  it('cuts the body at the cap and says so, with the size the server announced', async () => {
    const response = await send({ url: `${demo.origin}/big-json?mb=1` }, { maxBodyBytes: 100_000 });
    expect(response.truncated).toBe(true);
    expect(Buffer.byteLength(response.body)).toBeLessThanOrEqual(100_000);
    expect(Buffer.byteLength(response.body)).toBeGreaterThan(100_000 - 4);
    expect(response.size).toBe(Number(response.headers.find((h) => h.name === 'content-length')?.value));
    expect(response.notices).toEqual([
      expect.stringMatching(/larger than the 97\.7 KB limit: only the first 97\.7 KB of 1 MB were read/),
    ]);
    const whole = await send({ url: `${demo.origin}/big-json?mb=1` }, { maxBodyBytes: 2 * 1024 * 1024 });
    expect(whole.truncated).toBe(false);
    expect(whole.body.startsWith(response.body)).toBe(true);
  });

  it('cuts a body that does not fit in one message, and says so', async () => {
    const response = await sendRequest(
      request({ url: `${demo.origin}/big-json?mb=0.1` }),
      { timeoutMs: 5000 },
      undefined,
      10_000,
    );
    expect(response.truncated).toBe(true);
    expect(jsonStringBytes(response.body)).toBeLessThanOrEqual(10_000);
    expect(jsonStringBytes(response.body)).toBeGreaterThan(9_990);
    expect(response.notices.join(' ')).toMatch(/fit in one message/);
  });

  it('reports a redirect it does not follow, with its Location', async () => {
    const target = `/redirect?to=${encodeURIComponent('/echo?landed=no')}&status=302`;
    const response = await get(demo.origin + target);
    expect(response).toMatchObject({ status: 302, redirected: false, url: demo.origin + target });
    expect(response.redirects).toEqual([{ status: 302, url: demo.origin + target, location: '/echo?landed=no' }]);
    expect(seen('/echo?landed=no')).toBeUndefined();
  });

  it('follows redirects with the rules of fetch and reports the chain', async () => {
    const end = `${other.origin}/echo?landed=yes`;
    const middle = `/redirect?to=${encodeURIComponent(end)}&status=302`;
    const first = `/redirect?to=${encodeURIComponent(middle)}&status=307`;
    const response = await send(
      {
        method: 'POST',
        url: demo.origin + first,
        headers: [
          { name: 'Content-Type', value: 'text/plain' },
          { name: 'Cookie', value: 'a=1' },
          { name: 'Authorization', value: 'Bearer t' },
          { name: 'X-Kept', value: 'yes' },
        ],
        text: 'payload',
      },
      { followRedirects: true },
    );
    expect(response).toMatchObject({ status: 200, redirected: true, url: end });
    expect(response.redirects).toEqual([
      { status: 307, url: demo.origin + first, location: middle },
      { status: 302, url: demo.origin + middle, location: end },
    ]);
    // 307 keeps method and body; 302 turns a POST into a GET without body or Content-Type.
    expect(seen(middle)).toMatchObject({ method: 'POST' });
    expect(seen(middle)?.body.toString()).toBe('payload');
    const landed = seen('/echo?landed=yes', other)!;
    expect(landed.method).toBe('GET');
    const names = landed.rawHeaders.map(([n]) => n.toLowerCase());
    expect(names).toContain('x-kept');
    expect(names).not.toContain('content-type');
    // Credentials the user wrote stay with their host.
    expect(names).not.toContain('cookie');
    expect(names).not.toContain('authorization');
    expect(response.notices).toEqual([expect.stringMatching(/Cookie and Authorization were not sent to http:\/\/127/)]);
  });

  it('stops after too many redirects', async () => {
    // An empty Location means "this same URL".
    const loop = `${demo.origin}/redirect?to=`;
    await expect(send({ url: loop }, { followRedirects: true })).rejects.toMatchObject({ code: 'too-many-redirects' });
  });

  it('times out with a message that gives the limit', async () => {
    await expect(get(`${demo.origin}/slow?ms=2000`, 200)).rejects.toMatchObject({
      code: 'timeout',
      message: expect.stringContaining('within 0.2 s'),
    });
  });

  it('cancels a request in flight by its id, and only that one', async () => {
    const slow = request({ url: `${demo.origin}/slow?ms=3000&cancel=1` });
    const outcome = sendRequest(slow, { timeoutMs: 5000 });
    const survivor = get(`${demo.origin}/slow?ms=300&cancel=2`);
    await new Promise((r) => setTimeout(r, 100));
    expect(cancelRequest(slow.id)).toBe(true);
    await expect(outcome).rejects.toMatchObject({ code: 'cancelled' });
    await expect(survivor).resolves.toMatchObject({ status: 200 });
    expect(cancelRequest(slow.id)).toBe(false);
  });

  it('refuses a second request with an id still in flight', async () => {
    const first = request({ url: `${demo.origin}/slow?ms=300&dup=1` });
    const running = sendRequest(first, { timeoutMs: 5000 });
    await expect(sendRequest({ ...first }, { timeoutMs: 5000 })).rejects.toMatchObject({ code: 'duplicate-id' });
    await expect(running).resolves.toMatchObject({ status: 200 });
  });

  it('names a refused connection and its address', async () => {
    const port = await closedPort();
    await expect(get(`http://127.0.0.1:${port}/`)).rejects.toMatchObject({
      code: 'refused',
      message: expect.stringContaining(`Could not reach http://127.0.0.1:${port}: the connection was refused`),
    });
  });

  it('explains the ports browsers block instead of failing without a reason', async () => {
    await expect(get('http://127.0.0.1:6000/')).rejects.toMatchObject({
      code: 'blocked-port',
      message: expect.stringContaining('port 6000'),
    });
  });

  it('rejects an invalid request before sending, naming the field', async () => {
    await expect(get('example.com')).rejects.toMatchObject({ code: 'invalid-url' });
    await expect(send({ url: `${demo.origin}/`, headers: [{ name: 'a b', value: '' }] })).rejects.toMatchObject({
      code: 'invalid-headers',
    });
    await expect(send({ url: `${demo.origin}/`, id: '' })).rejects.toMatchObject({ code: 'invalid-id' });
    await expect(send({ url: `${demo.origin}/`, method: 'POST', bodyBase64: '%%%' })).rejects.toMatchObject({
      code: 'invalid-body',
    });
    await expect(send({ url: `${demo.origin}/`, method: 'TRACE' })).rejects.toMatchObject({ code: 'invalid-method' });
    await expect(send({ url: `${demo.origin}/` }, { timeoutMs: 0 })).rejects.toMatchObject({ code: 'invalid-options' });
  });

  it('keeps the body in pieces until asked (executeRequest)', async () => {
    const { response, body } = await executeRequest(request({ url: `${demo.origin}/big-json?mb=0.5` }), {
      timeoutMs: 5000,
    });
    expect(response.body).toBe('');
    const expected = await (await fetch(`${demo.origin}/big-json?mb=0.5`)).text();
    expect([...body.pieces()].join('')).toBe(expected);
  });
});

describe('network failures become specific messages', () => {
  const url = new URL('https://api.example.com:8443/x');
  const failure = (netError: string) =>
    describeFailure({ url, error: new TypeError('Failed to fetch'), stopped: undefined, timeoutMs: 1000, netError });

  it.each([
    ['net::ERR_CONNECTION_REFUSED', 'refused'],
    ['NS_ERROR_CONNECTION_REFUSED', 'refused'],
    ['net::ERR_NAME_NOT_RESOLVED', 'dns'],
    ['NS_ERROR_UNKNOWN_HOST', 'dns'],
    ['net::ERR_CERT_AUTHORITY_INVALID', 'tls'],
    ['net::ERR_SSL_PROTOCOL_ERROR', 'tls'],
    ['SSL received a record that exceeded the maximum permissible length.', 'tls'],
    ['Peer’s Certificate issuer is not recognized.', 'tls'],
    ['net::ERR_TIMED_OUT', 'timeout'],
    ['NS_ERROR_NET_TIMEOUT', 'timeout'],
    ['net::ERR_ABORTED', 'cancelled'],
    ['NS_BINDING_ABORTED', 'cancelled'],
    ['net::ERR_CONNECTION_RESET', 'reset'],
    ['net::ERR_EMPTY_RESPONSE', 'reset'],
    ['net::ERR_ADDRESS_UNREACHABLE', 'network'],
    ['net::ERR_UNSAFE_PORT', 'blocked-port'],
    ['net::ERR_BLOCKED_BY_CLIENT', 'blocked'],
    ['net::ERR_TOO_MANY_REDIRECTS', 'too-many-redirects'],
    ['net::ERR_INVALID_HTTP_RESPONSE', 'bad-response'],
    ['net::ERR_SOMETHING_NEW', 'network'],
  ])('%s → %s, naming the host', (netError, code) => {
    const error = failure(netError);
    expect(error.code).toBe(code);
    expect(error.message).toMatch(code === 'blocked-port' ? /port 8443/ : /api\.example\.com/);
    if (code !== 'blocked-port') expect(error.message).toContain(`(${netError})`);
  });

  it('says which limit ran out, and that the user cancelled', () => {
    const base = { url, error: new DOMException('x', 'AbortError'), timeoutMs: 2500 };
    expect(describeFailure({ ...base, stopped: 'timeout' }).message).toBe(
      'No response from https://api.example.com:8443 within 2.5 s: the request timed out.',
    );
    expect(describeFailure({ ...base, stopped: 'timeout', duringBody: true }).message).toMatch(
      /while the body was arriving/,
    );
    expect(describeFailure({ ...base, stopped: 'cancelled' })).toMatchObject({ code: 'cancelled' });
  });
});

describe('headers fetch refuses', () => {
  it('splits them from the ones fetch sends, one line per name', () => {
    const plan = planHeaders(
      [
        { name: 'Accept', value: 'application/json' },
        { name: 'Cookie', value: 'a=1' },
        { name: 'user-agent', value: 'Mine/1' },
        { name: 'cookie', value: 'b=2' },
        { name: 'Sec-Custom', value: 's' },
        { name: 'Proxy-Authorization', value: 'p' },
        { name: 'X-HTTP-Method-Override', value: 'TRACE' },
        { name: 'X-HTTP-Method-Override', value: 'PATCH' },
        { name: 'Content-Length', value: '3' },
      ],
      3,
    );
    expect(plan.viaFetch).toEqual([
      { name: 'Accept', value: 'application/json' },
      { name: 'X-HTTP-Method-Override', value: 'PATCH' },
    ]);
    expect(plan.viaBrowser).toEqual([
      { name: 'Cookie', value: 'a=1; b=2' },
      { name: 'user-agent', value: 'Mine/1' },
      { name: 'Sec-Custom', value: 's' },
      { name: 'Proxy-Authorization', value: 'p' },
      { name: 'X-HTTP-Method-Override', value: 'TRACE' },
    ]);
    expect(plan.notices).toEqual([]);
  });

  it('leaves framing headers to the browser, with a notice when they disagree with the body', () => {
    const plan = planHeaders(
      [
        { name: 'Content-Length', value: '99' },
        { name: 'Transfer-Encoding', value: 'chunked' },
      ],
      3,
    );
    expect(plan.viaBrowser).toEqual([]);
    expect(plan.notices).toEqual([
      'Content-Length: 99 was not sent: the browser sends the real length of the body (3 bytes).',
      'Transfer-Encoding: chunked was not sent: the browser frames the body itself.',
    ]);
  });

  it('Chrome: builds a rule that matches only this URL, from this extension, outside any tab', () => {
    const url = 'https://api.example.com/a.b/c?x=(1)&y=[2]*+$';
    const rule = headerRule(7, url, [{ name: 'Cookie', value: 'a=1' }], { extensionId: 'abc', sendCookies: false });
    expect(rule.condition).toMatchObject({
      tabIds: [-1],
      initiatorDomains: ['abc'],
      isUrlFilterCaseSensitive: true,
      resourceTypes: ['xmlhttprequest', 'other'],
    });
    const pattern = new RegExp(rule.condition.regexFilter);
    expect(pattern.test(url)).toBe(true);
    expect(pattern.test(`${url}z`)).toBe(false);
    expect(pattern.test(url.replace('a.b', 'aXb'))).toBe(false);
    expect(rule.action.requestHeaders).toEqual([{ header: 'Cookie', operation: 'set', value: 'a=1' }]);
    const withJar = headerRule(
      8,
      url,
      [
        { name: 'Cookie', value: 'a=1' },
        { name: 'Referer', value: 'r' },
      ],
      {
        extensionId: 'abc',
        sendCookies: true,
      },
    );
    expect(withJar.action.requestHeaders.map((h) => h.operation)).toEqual(['append', 'set']);
  });

  it('Firefox: replaces the browser’s values, removes the marker, and adds to the browser’s cookies only on request', () => {
    const current = [
      { name: 'Host', value: 'h' },
      { name: 'User-Agent', value: 'Firefox' },
      { name: MARKER_HEADER, value: 'token' },
      { name: 'Cookie', value: 'jar=1' },
    ];
    const wanted = [
      { name: 'user-agent', value: 'Mine' },
      { name: 'Cookie', value: 'mine=2' },
    ];
    expect(rewriteRequestHeaders(current, wanted, { removeName: MARKER_HEADER, sendCookies: false })).toEqual([
      { name: 'Host', value: 'h' },
      { name: 'user-agent', value: 'Mine' },
      { name: 'Cookie', value: 'mine=2' },
    ]);
    expect(rewriteRequestHeaders(current, wanted, { removeName: MARKER_HEADER, sendCookies: true })).toContainEqual({
      name: 'Cookie',
      value: 'jar=1; mine=2',
    });
  });
});

describe('webRequest capture', () => {
  type Listener = (details: Record<string, unknown>) => unknown;
  function fakeApi() {
    const listeners = new Map<string, Listener>();
    const event = (name: string) => ({ addListener: (callback: Listener) => void listeners.set(name, callback) });
    const api = Object.fromEntries(
      [
        'onBeforeRequest',
        'onBeforeSendHeaders',
        'onSendHeaders',
        'onHeadersReceived',
        'onBeforeRedirect',
        'onResponseStarted',
        'onCompleted',
        'onErrorOccurred',
      ].map((name) => [name, event(name)]),
    ) as unknown as WebRequestApi;
    const fire = (name: string, details: Record<string, unknown>) =>
      listeners.get(name)?.({ tabId: -1, method: 'GET', ...details });
    return { api, fire };
  }

  it('Chrome: claims the request whose marker carries the token, with the reports that came before, and follows its hops', () => {
    const { api, fire } = fakeApi();
    const capture = new WebRequestCapture('chrome');
    capture.install(api);
    const exchange = capture.expect('http://h/a', 'tok');
    // Reports can come before the one that names the token: they are kept, then replayed in order.
    fire('onBeforeRequest', { requestId: '2', url: 'http://h/a' });
    fire('onBeforeRequest', { requestId: '1', url: 'http://h/a' });
    fire('onBeforeSendHeaders', {
      requestId: '1',
      url: 'http://h/a',
      requestHeaders: [{ name: MARKER_HEADER, value: 'another' }],
    });
    expect(exchange.requestId).toBeUndefined();
    fire('onSendHeaders', { requestId: '2', url: 'http://h/a', requestHeaders: [{ name: 'Cookie', value: 'c=1' }] });
    fire('onBeforeSendHeaders', {
      requestId: '2',
      url: 'http://h/a',
      requestHeaders: [
        { name: 'Cookie', value: 'c=1' },
        { name: MARKER_HEADER, value: 'tok' },
      ],
    });
    expect(exchange.requestId).toBe('2');
    expect(exchange.headersSent).toBe(true);
    fire('onHeadersReceived', {
      requestId: '2',
      url: 'http://h/a',
      statusCode: 302,
      statusLine: 'HTTP/1.1 302 Found',
      responseHeaders: [{ name: 'Location', value: '/b' }],
    });
    fire('onBeforeRedirect', { requestId: '2', url: 'http://h/a', statusCode: 302, redirectUrl: 'http://h/b' });
    expect(exchange.redirectedAway).toBe(true);
    fire('onBeforeRequest', { requestId: '2', url: 'http://h/b' });
    fire('onHeadersReceived', {
      requestId: '2',
      url: 'http://h/b',
      statusCode: 200,
      responseHeaders: [{ name: 'Set-Cookie', value: 'x=1' }],
    });
    fire('onResponseStarted', { requestId: '2', url: 'http://h/b', statusCode: 200 });
    expect(exchange.hops).toEqual([
      {
        url: 'http://h/a',
        method: 'GET',
        requestHeaders: [{ name: 'Cookie', value: 'c=1' }],
        status: 302,
        statusLine: 'HTTP/1.1 302 Found',
        responseHeaders: [{ name: 'Location', value: '/b' }],
        redirectUrl: 'http://h/b',
      },
      { url: 'http://h/b', method: 'GET', status: 200, responseHeaders: [{ name: 'Set-Cookie', value: 'x=1' }] },
    ]);
    expect(exchange.responseStarted).toBe(true);
    // Once released, its reports go nowhere.
    capture.release(exchange);
    fire('onCompleted', { requestId: '2', url: 'http://h/b', statusCode: 200 });
    expect(exchange.completed).toBe(false);
  });

  it('Firefox: finds the request by its marker, rewrites its headers, splits joined Set-Cookie lines', async () => {
    const { api, fire } = fakeApi();
    const capture = new WebRequestCapture('firefox');
    capture.install(api);
    const exchange = capture.expect('http://h/a', 'tok', {
      headers: [{ name: 'Cookie', value: 'mine=1' }],
      sendCookies: false,
      cookieOrigin: 'http://h',
    });
    const headers = [
      { name: 'Accept', value: '*/*' },
      { name: MARKER_HEADER, value: 'tok' },
    ];
    expect(fire('onBeforeSendHeaders', { requestId: '9', url: 'http://h/a', requestHeaders: headers })).toEqual({
      requestHeaders: [
        { name: 'Accept', value: '*/*' },
        { name: 'Cookie', value: 'mine=1' },
      ],
    });
    // Another host after a redirect: the user's Cookie stays behind, the marker still goes.
    expect(fire('onBeforeSendHeaders', { requestId: '9', url: 'http://other/', requestHeaders: headers })).toEqual({
      requestHeaders: [{ name: 'Accept', value: '*/*' }],
    });
    // Requests without our marker are left alone.
    expect(fire('onBeforeSendHeaders', { requestId: '10', url: 'http://h/a', requestHeaders: [] })).toEqual({});
    fire('onHeadersReceived', {
      requestId: '9',
      url: 'http://h/a',
      statusCode: 200,
      responseHeaders: [{ name: 'Set-Cookie', value: 'a=1\nb=2' }],
    });
    expect(exchange.lastHop?.responseHeaders).toEqual([
      { name: 'Set-Cookie', value: 'a=1' },
      { name: 'Set-Cookie', value: 'b=2' },
    ]);
    const waiting = exchange.until(() => exchange.error !== undefined, 1000);
    fire('onErrorOccurred', { requestId: '9', url: 'http://h/a', error: 'NS_BINDING_ABORTED' });
    await expect(waiting).resolves.toBe(true);
  });
});

describe('the browser’s reports reach the request they are about, whenever they arrive', () => {
  /** The background's sending code in a fake browser of this kind, reports scheduled as the test says. */
  function inBrowser(kind: 'chrome' | 'firefox', options: FakeBrowserOptions = {}) {
    const browser = fakeBrowser(kind, options);
    const capture = new WebRequestCapture(kind);
    capture.install(browser.api);
    const transport =
      kind === 'chrome'
        ? chromeTransport(capture, new HeaderRules(browser.rules, 'extension-id', MARKER_HEADER))
        : firefoxTransport(capture);
    const deps: SendDeps = { fetch: browser.fetch, transport };
    return { browser, deps };
  }
  const values = (headers: HeaderLine[], name: string) =>
    headers.filter((h) => h.name.toLowerCase() === name.toLowerCase()).map((h) => h.value);
  const arrived = (from: number, target: string) => demo.requests.slice(from).filter((r) => r.target === target);
  const sentHeader = (recorded: { rawHeaders: [string, string][] }, name: string) =>
    recorded.rawHeaders.filter(([n]) => n.toLowerCase() === name.toLowerCase()).map(([, v]) => v);
  /** A deterministic scramble of delays (0–59 ms), so reports of one request and of several interleave. */
  const scrambled = (report: { seq: number }) => (report.seq * 37) % 60;

  it.each(['chrome', 'firefox'] as const)(
    '%s: the response comes as soon as fetch has it; the report, 300 ms later, fills in that request’s wire view',
    async (kind) => {
      const { browser, deps } = inBrowser(kind, { schedule: () => 300 });
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        const { response, wire } = await executeRequest(
          request({ url: `${demo.origin}/echo?late=${kind}`, headers: [{ name: 'X-Which', value: `n${i}` }] }),
          { timeoutMs: 5000 },
          deps,
        );
        expect(performance.now() - started).toBeLessThan(300);
        expect(response).toMatchObject({ status: 200, requestHeadersSource: 'pending' });
        expect(values(response.requestHeaders, 'X-Which')).toEqual([`n${i}`]);
        const done = applyWireReport(response, await wire!);
        expect(done.requestHeadersSource).toBe('wire');
        expect(values(done.requestHeaders, 'X-Which')).toEqual([`n${i}`]);
        expect(values(done.requestHeaders, 'User-Agent')).toEqual([`Fake${kind}/1`]);
        expect(values(done.requestHeaders, MARKER_HEADER)).toEqual([]);
      }
      await browser.settled();
    },
  );

  it.each(['chrome', 'firefox'] as const)(
    '%s: concurrent sends to one URL, reports scrambled: each response shows its own headers, and only its own went out',
    async (kind) => {
      const { browser, deps } = inBrowser(kind, { schedule: scrambled });
      const target = `/echo?shared=${kind}`;
      const before = demo.requests.length;
      const responses = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          sendRequest(
            request({
              url: demo.origin + target,
              headers: [
                { name: 'X-Which', value: `n${i}` },
                // Every other one has a header only the browser can set (Chrome: a rule scoped to the URL).
                ...(i % 2 ? [{ name: 'Cookie', value: `c=${i}` }] : []),
              ],
            }),
            { timeoutMs: 5000 },
            deps,
          ),
        ),
      );
      responses.forEach((response, i) => {
        expect(response.requestHeadersSource, `n${i}`).toBe('wire');
        expect(values(response.requestHeaders, 'X-Which'), `n${i}`).toEqual([`n${i}`]);
        expect(values(response.requestHeaders, 'Cookie'), `n${i}`).toEqual(i % 2 ? [`c=${i}`] : []);
        expect(response.notices, `n${i}`).toEqual([]);
        expect(JSON.parse(response.body).headers).toContainEqual(['X-Which', `n${i}`]);
      });
      const seenByServer = arrived(before, target);
      expect(seenByServer).toHaveLength(6);
      for (const recorded of seenByServer) {
        const which = Number(sentHeader(recorded, 'X-Which')[0]!.slice(1));
        expect(sentHeader(recorded, 'Cookie')).toEqual(which % 2 ? [`c=${which}`] : []);
        expect(sentHeader(recorded, MARKER_HEADER)).toEqual([]);
      }
      await browser.settled();
      if (kind === 'chrome') expect(browser.sessionRules().map((r) => r.id)).toEqual([1]);
    },
  );

  it('Chrome: a redirect chain the browser followed arrives with the report', async () => {
    const { browser, deps } = inBrowser('chrome', { schedule: () => 200 });
    const target = `/redirect?to=${encodeURIComponent('/echo?chain=1')}&status=302`;
    const { response, wire } = await executeRequest(
      request({ url: demo.origin + target }),
      { timeoutMs: 5000, followRedirects: true },
      deps,
    );
    expect(response).toMatchObject({ status: 200, redirected: true, redirects: [], requestHeadersSource: 'pending' });
    const done = applyWireReport(response, await wire!);
    expect(done.redirects).toEqual([{ status: 302, url: demo.origin + target, location: '/echo?chain=1' }]);
    await browser.settled();
  });

  it('Chrome: reports that never come leave the response as it was, marked as not reported, after a bounded wait', async () => {
    // Nothing about the first request is reported; of the second, not the headers sent.
    const { browser, deps } = inBrowser('chrome', {
      schedule: (r) => (r.requestId === '1' || r.event === 'onSendHeaders' ? null : 0),
    });
    const started = performance.now();
    const [silent, partial] = await Promise.all([
      executeRequest(request({ url: `${demo.origin}/echo?silent=1` }), { timeoutMs: 5000 }, deps),
      executeRequest(request({ url: `${demo.origin}/set-cookie?name=p&value=1` }), { timeoutMs: 5000 }, deps),
    ]);
    expect(performance.now() - started).toBeLessThan(REPORT_WAIT_MS);
    expect(silent.response.requestHeadersSource).toBe('pending');
    const silentDone = applyWireReport(silent.response, await silent.wire!);
    expect(silentDone.requestHeadersSource).toBe('unreported');
    expect(silentDone.requestHeaders).toEqual(silent.response.requestHeaders);
    expect(silentDone.requestHeaders.map((h) => h.name)).not.toContain(MARKER_HEADER);
    const partialDone = applyWireReport(partial.response, await partial.wire!);
    expect(partialDone.requestHeadersSource).toBe('unreported');
    // What was reported is used: the Set-Cookie lines fetch never shows.
    expect(values(partialDone.headers, 'Set-Cookie')).toEqual([
      'p=1; Path=/; SameSite=Lax',
      'second=two; Path=/; HttpOnly',
    ]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(REPORT_WAIT_MS - 50);
    await browser.settled();
  });

  it('Chrome: a header the browser may have left out is never claimed as sent when the report does not come', async () => {
    const { browser, deps } = inBrowser('chrome', { schedule: (r) => (r.event === 'onSendHeaders' ? null : 0) });
    const response = await sendRequest(
      request({ url: `${demo.origin}/echo?unconfirmed=1`, headers: [{ name: 'Cookie', value: 'a=1' }] }),
      { timeoutMs: 5000 },
      deps,
    );
    expect(response.requestHeadersSource).toBe('unreported');
    expect(response.notices).toEqual([
      'The browser did not report the headers it sent, so Cookie may not have gone out as written.',
    ]);
    await browser.settled();
  });

  it('Chrome: a request sent before its header rule took effect is sent again when idempotent, and said so otherwise', async () => {
    const { browser, deps } = inBrowser('chrome', { lateRules: 1, schedule: scrambled });
    // The standing marker rule is late for the first request too: the marker reached the server, and the
    // response says so rather than hide it.
    const first = await sendRequest(request({ url: `${demo.origin}/echo?late-marker=1` }), { timeoutMs: 5000 }, deps);
    expect(values(first.requestHeaders, MARKER_HEADER)).toHaveLength(1);
    expect(first.notices.join(' ')).toContain(`carried the ${MARKER_HEADER} header`);

    let before = demo.requests.length;
    const get = await sendRequest(
      request({ url: `${demo.origin}/echo?late-rule=get`, headers: [{ name: 'Cookie', value: 'a=1' }] }),
      { timeoutMs: 5000 },
      deps,
    );
    const gets = arrived(before, '/echo?late-rule=get');
    expect(gets.map((r) => sentHeader(r, 'Cookie'))).toEqual([[], ['a=1']]);
    expect(get.requestHeadersSource).toBe('wire');
    expect(values(get.requestHeaders, 'Cookie')).toEqual(['a=1']);
    expect(get.notices).toEqual([
      'The browser sent the request once before applying Cookie; GET is idempotent, so it was sent again.',
    ]);

    before = demo.requests.length;
    const post = await sendRequest(
      request({
        method: 'POST',
        url: `${demo.origin}/echo?late-rule=post`,
        headers: [{ name: 'Cookie', value: 'a=1' }],
        text: 'once',
      }),
      { timeoutMs: 5000 },
      deps,
    );
    expect(arrived(before, '/echo?late-rule=post').map((r) => sentHeader(r, 'Cookie'))).toEqual([[]]);
    expect(post.requestHeadersSource).toBe('wire');
    expect(values(post.requestHeaders, 'Cookie')).toEqual([]);
    expect(post.notices).toEqual(['Cookie could not be sent: the browser left it out.']);
    await browser.settled();
    expect(browser.sessionRules().map((r) => r.id)).toEqual([1]);
  });

  it('Chrome: retries stop after two; the response then says the header was not sent', async () => {
    const { browser, deps } = inBrowser('chrome', { lateRules: 10 });
    const before = demo.requests.length;
    const response = await sendRequest(
      request({ url: `${demo.origin}/echo?stubborn=1`, headers: [{ name: 'User-Agent', value: 'Mine/1' }] }),
      { timeoutMs: 5000 },
      deps,
    );
    expect(arrived(before, '/echo?stubborn=1')).toHaveLength(3);
    expect(values(response.requestHeaders, 'User-Agent')).toEqual(['Fakechrome/1']);
    expect(response.notices).toContain('User-Agent could not be sent as written: the browser sent "Fakechrome/1".');
    await browser.settled();
  });
});

describe('bodies', () => {
  const stream = (parts: Uint8Array[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        parts.forEach((part) => controller.enqueue(part));
        controller.close();
      },
    });
  const split = (bytes: Uint8Array, size: number) => {
    const parts: Uint8Array[] = [];
    for (let i = 0; i < bytes.length; i += size) parts.push(bytes.subarray(i, i + size));
    return parts;
  };

  it('reads up to the cap and no further', async () => {
    const bytes = binaryBytes(1000);
    const whole = await readBody(stream(split(bytes, 64)), 1000);
    expect(whole).toMatchObject({ length: 1000, received: 1000, truncated: false });
    const cut = await readBody(stream(split(bytes, 64)), 300);
    expect(cut).toMatchObject({ length: 300, truncated: true });
    expect(Buffer.concat(cut.parts).equals(bytes.subarray(0, 300))).toBe(true);
  });

  it('encodes base64 across parts of any size, in pieces that join to the whole', () => {
    const bytes = binaryBytes(10_001);
    const body: BodyBytes = { parts: split(bytes, 7), length: bytes.length, received: bytes.length, truncated: false };
    const encoded = encodeBody(body, 'application/octet-stream', 1000);
    expect(encoded.encoding).toBe('base64');
    const pieces = [...encoded.pieces()];
    expect(pieces.length).toBeGreaterThan(5);
    expect(pieces.join('')).toBe(bytes.toString('base64'));
  });

  it('decodes text split inside a character, and drops a character cut by the cap', () => {
    const bytes = Buffer.from('héllo ☕ wörld ☕');
    const body: BodyBytes = { parts: split(bytes, 1), length: bytes.length, received: bytes.length, truncated: false };
    expect([...encodeBody(body, null, 4).pieces()].join('')).toBe('héllo ☕ wörld ☕');
    const cut = bytes.subarray(0, bytes.length - 1);
    const truncated: BodyBytes = { parts: [cut], length: cut.length, received: bytes.length, truncated: true };
    const encoded = encodeBody(truncated, 'text/plain; charset=utf-8');
    expect(encoded.encoding).toBe('text');
    expect([...encoded.pieces()].join('')).toBe('héllo ☕ wörld ');
    // Without a textual type, invalid UTF-8 means binary.
    const invalid: BodyBytes = { parts: [Uint8Array.from([0x61, 0xff])], length: 2, received: 2, truncated: false };
    expect(encodeBody(invalid, null).encoding).toBe('base64');
  });

  it('measures a string as Chrome counts a message', () => {
    expect(jsonStringBytes('ab')).toBe(JSON.stringify('ab').length);
    expect(jsonStringBytes('"\\\n\u0001é☕😀')).toBe(Buffer.byteLength(JSON.stringify('"\\\n\u0001é☕😀')));
  });
});

describe('KeyedGate', () => {
  it('lets shared holders in together, an exclusive one alone, and keeps arrival order', async () => {
    const gate = new KeyedGate();
    const never = new AbortController().signal;
    const order: string[] = [];
    const a = await gate.acquire('k', never, 'shared');
    const b = await gate.acquire('k', never, 'shared');
    const exclusive = gate.acquire('k', never, 'exclusive').then((release) => (order.push('exclusive'), release));
    // Arrived after the exclusive one: waits for it, though the key is held only by shared holders.
    const late = gate.acquire('k', never, 'shared').then((release) => (order.push('late shared'), release));
    await new Promise((r) => setTimeout(r, 5));
    expect(order).toEqual([]);
    a();
    b();
    const releaseExclusive = await exclusive;
    await new Promise((r) => setTimeout(r, 5));
    expect(order).toEqual(['exclusive']);
    releaseExclusive();
    (await late)();
    expect(order).toEqual(['exclusive', 'late shared']);
  });

  it('lets one holder per key through, in order, and an aborted waiter passes its turn on', async () => {
    const gate = new KeyedGate();
    const order: string[] = [];
    const never = new AbortController().signal;
    const first = await gate.acquire('k', never);
    const aborter = new AbortController();
    const second = gate.acquire('k', aborter.signal);
    const third = gate.acquire('k', never).then((release) => {
      order.push('third');
      return release;
    });
    const elsewhere = await gate.acquire('other', never);
    order.push('other');
    aborter.abort(new Error('stop'));
    await expect(second).rejects.toThrow('stop');
    order.push('first done');
    first();
    (await third)();
    elsewhere();
    expect(order).toEqual(['other', 'first done', 'third']);
  });
});
