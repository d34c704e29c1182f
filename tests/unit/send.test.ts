import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRequest } from '../../background/send.ts';
import { startDemoServer, type DemoServer } from '../../scripts/lib/demo-server.ts';
import { base64ToBytes } from '../../src/core/bytes.ts';
import { closedPort } from '../support/ports.ts';

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer();
});
afterAll(() => demo.close());

const get = (url: string, timeoutMs = 5000) => sendRequest({ method: 'GET', url, headers: [] }, { timeoutMs });

describe('background sendRequest', () => {
  it('sends method, query bytes, headers and body as given and returns the response', async () => {
    const response = await sendRequest(
      {
        method: 'PATCH',
        url: `${demo.origin}/echo?a=1&b=two%20words`,
        headers: [
          { name: 'X-Trace', value: 'abc' },
          { name: 'Content-Type', value: 'application/json' },
        ],
        body: '{"x": 1}',
      },
      { timeoutMs: 5000 },
    );
    expect(response).toMatchObject({ status: 200, statusText: 'OK', bodyEncoding: 'text', redirected: false });
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
    expect(response.size).toBe(new TextEncoder().encode(response.body).length);
  });

  it('returns error statuses as responses, not failures', async () => {
    await expect(get(`${demo.origin}/status?code=503`)).resolves.toMatchObject({ status: 503 });
  });

  it('returns a binary body as base64, byte for byte', async () => {
    const response = await get(`${demo.origin}/bytes`);
    expect(response.bodyEncoding).toBe('base64');
    expect([...base64ToBytes(response.body)]).toEqual([0, 1, 2, 253, 254, 255]);
  });

  it('times out with a message that gives the limit', async () => {
    await expect(get(`${demo.origin}/slow?ms=2000`, 200)).rejects.toMatchObject({
      code: 'timeout',
      message: expect.stringContaining('within 0.2 s'),
    });
  });

  it('names a refused connection and its address', async () => {
    const port = await closedPort();
    await expect(get(`http://127.0.0.1:${port}/`)).rejects.toMatchObject({
      code: 'refused',
      message: expect.stringContaining(`http://127.0.0.1:${port} refused the connection`),
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
    await expect(
      sendRequest(
        { method: 'GET', url: `${demo.origin}/`, headers: [{ name: 'a b', value: '' }] },
        { timeoutMs: 1000 },
      ),
    ).rejects.toMatchObject({ code: 'invalid-headers' });
  });
});
