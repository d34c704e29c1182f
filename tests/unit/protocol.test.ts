import { describe, expect, it } from 'vitest';
import {
  applyWireReport,
  dispatch,
  isTrustedSender,
  makeCall,
  ProtocolError,
  RemoteError,
  unwrapReply,
  type Handlers,
  type HttpResponse,
} from '../../src/protocol.ts';

const own = { id: 'abcdefghijklmnopabcdefghijklmnop', baseUrl: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/' };
const panel = { id: own.id, url: `${own.baseUrl}panel/index.html`, origin: own.baseUrl.slice(0, -1) };

const handlers: Handlers = {
  ping: () => ({ version: '1.2.3', target: 'chrome' }),
  sendRequest: async () => {
    throw new ProtocolError('No response within 1 s.', 'timeout');
  },
  cancelRequest: (id) => id === 'running',
};

describe('isTrustedSender', () => {
  it('accepts this extension’s own pages', () => {
    expect(isTrustedSender(panel, own.id, own.baseUrl)).toBe(true);
    expect(isTrustedSender({ id: own.id, url: `${own.baseUrl}options/index.html` }, own.id, own.baseUrl)).toBe(true);
  });

  it.each([
    [
      'another extension',
      { id: 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz', url: 'chrome-extension://zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz/x.html' },
    ],
    ['a content script in a web page', { id: own.id, url: 'https://evil.example/', origin: 'https://evil.example' }],
    [
      'a web page claiming our URL from another origin',
      { id: own.id, url: `${own.baseUrl}panel/index.html`, origin: 'https://evil.example' },
    ],
    ['a sender without a URL', { id: own.id }],
    ['a look-alike extension URL prefix', { id: own.id, url: 'chrome-extension://abcdefghijklmnopabcdefghijklmnopX/' }],
  ])('refuses %s', (_label, sender) => {
    expect(isTrustedSender(sender, own.id, own.baseUrl)).toBe(false);
  });
});

describe('dispatch', () => {
  it('runs the named handler and replies with its value', async () => {
    await expect(dispatch(handlers, makeCall('ping', []), panel, own)).resolves.toEqual({
      ok: true,
      value: { version: '1.2.3', target: 'chrome' },
    });
  });

  it('refuses an untrusted sender before looking at the message', async () => {
    const reply = await dispatch(handlers, makeCall('ping', []), { id: own.id, url: 'https://evil.example/' }, own);
    expect(reply).toMatchObject({ ok: false, error: { code: 'refused' } });
  });

  it('answers malformed messages and unknown calls with an error, never a throw', async () => {
    await expect(dispatch(handlers, 'hello', panel, own)).resolves.toMatchObject({
      ok: false,
      error: { code: 'malformed' },
    });
    await expect(dispatch(handlers, { protocol: 'http-workbench/1', kind: 'ping' }, panel, own)).resolves.toMatchObject(
      {
        ok: false,
        error: { code: 'malformed' },
      },
    );
    await expect(
      dispatch(handlers, { protocol: 'http-workbench/1', kind: 'toString', args: [] }, panel, own),
    ).resolves.toMatchObject({ ok: false, error: { code: 'unknown-call' } });
  });

  it('carries a handler’s error across as data, rethrown on the caller side', async () => {
    const reply = await dispatch(
      handlers,
      makeCall('sendRequest', [{ id: 'r1', method: 'GET', url: 'http://x/', headers: [] }, { timeoutMs: 1000 }]),
      panel,
      own,
    );
    expect(reply).toEqual({
      ok: false,
      error: { name: 'ProtocolError', message: 'No response within 1 s.', code: 'timeout' },
    });
    expect(() => unwrapReply(reply)).toThrow(RemoteError);
    try {
      unwrapReply(reply);
    } catch (error) {
      expect(error).toMatchObject({ message: 'No response within 1 s.', code: 'timeout', remoteName: 'ProtocolError' });
    }
  });

  it('passes a cancel call through with its id and returns the handler’s answer', async () => {
    await expect(dispatch(handlers, makeCall('cancelRequest', ['running']), panel, own)).resolves.toEqual({
      ok: true,
      value: true,
    });
    await expect(dispatch(handlers, makeCall('cancelRequest', ['finished']), panel, own)).resolves.toEqual({
      ok: true,
      value: false,
    });
  });

  it('reports an unexpected error with its message and an "internal" code', async () => {
    const broken: Handlers = { ...handlers, ping: () => JSON.parse('{') };
    const reply = await dispatch(broken, makeCall('ping', []), panel, own);
    expect(reply).toMatchObject({ ok: false, error: { name: 'SyntaxError', code: 'internal' } });
  });
});

describe('unwrapReply', () => {
  it('says so when the background did not answer', () => {
    expect(() => unwrapReply(undefined)).toThrow(/did not answer/);
  });
  it('returns the value of a good reply', () => {
    expect(unwrapReply({ ok: true, value: 42 })).toBe(42);
  });
});

describe('applyWireReport', () => {
  const shown: HttpResponse = {
    status: 200,
    statusText: '',
    url: 'http://h/b',
    redirected: true,
    redirects: [],
    headers: [{ name: 'content-type', value: 'text/plain' }],
    requestHeaders: [{ name: 'X-A', value: '1' }],
    requestHeadersSource: 'pending',
    body: 'ok',
    bodyEncoding: 'text',
    size: 2,
    truncated: false,
    timeMs: 5,
    notices: ['Already said.'],
  };

  it('fills in the wire view: headers as sent, Set-Cookie lines, the chain, the reason phrase, new notices', () => {
    const done = applyWireReport(shown, {
      requestHeaders: [
        { name: 'X-A', value: '1' },
        { name: 'User-Agent', value: 'Browser/1' },
      ],
      headers: [
        { name: 'Content-Type', value: 'text/plain' },
        { name: 'Set-Cookie', value: 'a=1' },
      ],
      statusText: 'OK',
      redirects: [{ status: 302, url: 'http://h/a', location: '/b' }],
      notices: ['Already said.', 'Something new.'],
    });
    expect(done).toMatchObject({
      requestHeadersSource: 'wire',
      statusText: 'OK',
      redirected: true,
      redirects: [{ status: 302, url: 'http://h/a', location: '/b' }],
      notices: ['Already said.', 'Something new.'],
      body: 'ok',
    });
    expect(done.requestHeaders).toHaveLength(2);
    expect(done.headers).toContainEqual({ name: 'Set-Cookie', value: 'a=1' });
    // The response shown first is left as it was.
    expect(shown.requestHeadersSource).toBe('pending');
  });

  it('marks a report without the headers sent as not reported, keeping what the response had', () => {
    const done = applyWireReport(shown, { notices: [] });
    expect(done).toMatchObject({ requestHeadersSource: 'unreported', requestHeaders: shown.requestHeaders });
    expect(done.headers).toBe(shown.headers);
  });
});
