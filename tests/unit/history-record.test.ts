import { describe, expect, it } from 'vitest';
import { cutToBytes, recordExchange, responseFromHistory } from '../../src/core/history/record.ts';
import type { StoredRequest } from '../../src/core/history/types.ts';
import type { HttpResponse } from '../../src/protocol.ts';

const request: StoredRequest = {
  method: 'POST',
  url: '{{base}}/items',
  headers: [{ enabled: true, name: 'Authorization', value: 'Bearer {{token}}' }],
  body: { kind: 'json', text: '{"a":1}' },
  auth: { kind: 'none' },
};

const response = (fields: Partial<HttpResponse> = {}): HttpResponse => ({
  status: 201,
  statusText: 'Created',
  url: 'http://127.0.0.1/items',
  redirected: false,
  redirects: [],
  headers: [{ name: 'content-type', value: 'application/json' }],
  requestHeaders: [],
  requestHeadersSource: 'wire',
  body: '{"id":7}',
  bodyEncoding: 'text',
  size: 8,
  truncated: false,
  timeMs: 12.6,
  notices: [],
  ...fields,
});

const options = { id: 'e1', createdAt: 1_000, saveBody: true, bodyCapBytes: 1024 };

describe('cutToBytes', () => {
  it('keeps text that fits and cuts on a character boundary', () => {
    expect(cutToBytes('abc', 3)).toEqual({ text: 'abc', cut: false });
    expect(cutToBytes('abcd', 3)).toEqual({ text: 'abc', cut: true });
    // "é" is two bytes: it is not split.
    expect(cutToBytes('aé', 2)).toEqual({ text: 'a', cut: true });
    expect(cutToBytes('😀x', 3)).toEqual({ text: '', cut: true });
    expect(cutToBytes('x', 0)).toEqual({ text: '', cut: true });
  });
});

describe('recordExchange', () => {
  it('records the request as written and the response summary with its body', () => {
    expect(
      recordExchange(request, { response: response() }, { ...options, environment: { id: 'd', name: 'dev' } }),
    ).toEqual({
      id: 'e1',
      schema: 2,
      createdAt: 1_000,
      pinned: false,
      environmentId: 'd',
      environmentName: 'dev',
      request,
      response: {
        status: 201,
        statusText: 'Created',
        timeMs: 13,
        size: 8,
        contentType: 'application/json',
        body: '{"id":7}',
      },
    });
  });
  it('leaves the body out when saving bodies is off or the body is binary', () => {
    expect(recordExchange(request, { response: response() }, { ...options, saveBody: false }).response?.body).toBe(
      undefined,
    );
    const binary = recordExchange(request, { response: response({ bodyEncoding: 'base64' }) }, options);
    expect(binary.response).not.toHaveProperty('body');
  });
  it('cuts a long body to the cap and marks it, as it does a body the sender truncated', () => {
    const long = recordExchange(
      request,
      { response: response({ body: 'x'.repeat(10) }) },
      { ...options, bodyCapBytes: 4 },
    );
    expect(long.response).toMatchObject({ body: 'xxxx', bodyTruncated: true });
    const truncated = recordExchange(request, { response: response({ truncated: true }) }, options);
    expect(truncated.response).toMatchObject({ body: '{"id":7}', bodyTruncated: true });
  });
  it('records a request that got no response with its error', () => {
    expect(recordExchange(request, { error: 'Connection refused' }, options)).toEqual({
      id: 'e1',
      schema: 2,
      createdAt: 1_000,
      pinned: false,
      request,
      error: 'Connection refused',
    });
  });
});

describe('responseFromHistory', () => {
  it('rebuilds a viewable response from the saved summary', () => {
    const entry = recordExchange(request, { response: response() }, options);
    expect(responseFromHistory(entry, 'http://x/items')).toMatchObject({
      status: 201,
      url: 'http://x/items',
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      body: '{"id":7}',
      bodyEncoding: 'text',
      truncated: false,
      timeMs: 13,
    });
  });
  it('says when the body was not saved, and gives nothing for a failed request', () => {
    const entry = recordExchange(request, { response: response() }, { ...options, saveBody: false });
    const shown = responseFromHistory(entry, 'u');
    expect(shown?.truncated).toBe(true);
    expect(shown?.notices).toContain('The body was not saved.');
    expect(responseFromHistory(recordExchange(request, { error: 'x' }, options), 'u')).toBeNull();
  });
});
