import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runInThisContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pageCancelExpression,
  pageFetchError,
  pageFetchExpression,
  pageHeaders,
  pagePollExpression,
  responseFromPage,
  type PageFetchValue,
} from '../../src/core/http/page-fetch.ts';
import type { OutgoingRequest } from '../../src/protocol.ts';

/**
 * The expressions are run here as DevTools would run them in the page: Node
 * has the same fetch, AbortController, atob/btoa and performance.
 */

let server: Server;
let origin: string;
const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: Buffer }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
      if (req.url === '/slow') return void setTimeout(() => res.end('late'), 2000);
      if (req.url === '/binary') {
        res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
        return void res.end(Buffer.from([0, 255, 1, 254]));
      }
      res.writeHead(201, 'Made', { 'Content-Type': 'application/json', 'X-Reply': 'yes' });
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Starts the request as the page would, then polls until it is done. */
async function runInPage(request: OutgoingRequest, timeoutMs = 5000, cancelAfter?: number) {
  expect(runInThisContext(pageFetchExpression(request, { timeoutMs }))).toBe(true);
  if (cancelAfter !== undefined) {
    setTimeout(() => runInThisContext(pageCancelExpression(request.id)), cancelAfter);
  }
  for (;;) {
    const outcome = runInThisContext(pagePollExpression(request.id)) as {
      value?: PageFetchValue;
      error?: string;
    } | null;
    if (outcome) return outcome;
    await new Promise((r) => setTimeout(r, 20));
  }
}

const request = (fields: Partial<OutgoingRequest>): OutgoingRequest => ({
  id: `r-${Math.random()}`,
  method: 'GET',
  url: `${origin}/`,
  headers: [],
  ...fields,
});

describe('send as the page', () => {
  it('leaves out the headers a page may not set, and says which', () => {
    expect(
      pageHeaders([
        { name: 'Cookie', value: 'a=1' },
        { name: 'X-Id', value: '7' },
        { name: 'Sec-Fetch-Mode', value: 'cors' },
        { name: 'Proxy-Authorization', value: 'x' },
        { name: 'user-agent', value: 'me' },
        { name: 'Content-Type', value: 'text/plain' },
      ]),
    ).toEqual({
      kept: [
        { name: 'X-Id', value: '7' },
        { name: 'Content-Type', value: 'text/plain' },
      ],
      dropped: ['Cookie', 'Sec-Fetch-Mode', 'Proxy-Authorization', 'user-agent'],
    });
  });

  it('sends the method, headers and exact body bytes, and reads the response', async () => {
    const body = Buffer.from([0x7b, 0x00, 0xff, 0x7d]);
    const sent = request({
      method: 'PATCH',
      url: `${origin}/items?x=1`,
      headers: [
        { name: 'X-Id', value: '7' },
        { name: 'Cookie', value: 'dropped=1' },
      ],
      bodyBase64: body.toString('base64'),
    });
    const outcome = await runInPage(sent);
    const at = seen.at(-1)!;
    expect([at.method, at.url, at.headers['x-id'], at.headers.cookie]).toEqual(['PATCH', '/items?x=1', '7', undefined]);
    expect(at.body).toEqual(body);
    const response = responseFromPage(outcome.value!, sent);
    expect(response).toMatchObject({
      status: 201,
      statusText: 'Made',
      body: '{"ok":true}',
      bodyEncoding: 'text',
      size: 11,
      truncated: false,
    });
    expect(response.headers).toContainEqual({ name: 'x-reply', value: 'yes' });
    expect(response.notices[1]).toBe('A page may not set Cookie: the browser sent its own values instead.');
  });

  it('keeps binary bodies as base64', async () => {
    const sent = request({ url: `${origin}/binary` });
    const response = responseFromPage((await runInPage(sent)).value!, sent);
    expect([response.bodyEncoding, response.body]).toEqual([
      'base64',
      Buffer.from([0, 255, 1, 254]).toString('base64'),
    ]);
  });

  it('stops at the timeout and on cancel, with clear messages', async () => {
    const late = await runInPage(request({ url: `${origin}/slow` }), 100);
    expect(late.error).toBe('timeout');
    expect(pageFetchError(late.error!, 100)).toBe("No response within 0.1 s (the page's fetch was stopped).");
    const cancelled = await runInPage(request({ url: `${origin}/slow` }), 5000, 50);
    expect(pageFetchError(cancelled.error!, 5000)).toBe('Request cancelled.');
    expect(pageFetchError('Failed to fetch', 5000)).toMatch(/^The page's fetch failed: Failed to fetch\. .*CORS/);
  });

  it('cannot be turned into code by what the request holds', async () => {
    const hostile = "'); globalThis.pwned = 1; ('";
    const sent = request({
      url: `${origin}/?q=${encodeURIComponent(hostile)}`,
      headers: [{ name: 'X-Evil', value: hostile }],
    });
    await runInPage(sent);
    expect((globalThis as { pwned?: unknown }).pwned).toBeUndefined();
    expect(seen.at(-1)!.headers['x-evil']).toBe(hostile);
  });

  it('reports a request the page lost (navigated away)', () => {
    expect(runInThisContext(pagePollExpression('never-started'))).toEqual({ error: 'lost' });
  });
});
