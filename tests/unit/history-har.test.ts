import { describe, expect, it } from 'vitest';
import { toHar, type HarEntry } from '../../src/core/history/har.ts';
import type { HistoryEntry } from '../../src/core/history/types.ts';

const base: HistoryEntry = {
  id: 'h',
  schema: 2,
  createdAt: Date.UTC(2024, 4, 1, 12, 30, 0, 250),
  pinned: false,
  request: {
    method: 'GET',
    url: 'https://api.test/items',
    headers: [],
    body: { kind: 'none' },
    auth: { kind: 'none' },
  },
  response: { status: 200, statusText: 'OK', timeMs: 87, size: 0 },
};

const entryWith = (request: Partial<HistoryEntry['request']>, rest: Partial<HistoryEntry> = {}): HistoryEntry => ({
  ...base,
  ...rest,
  request: { ...base.request, ...request },
});

const only = (entry: HistoryEntry, lookup?: (name: string) => string | undefined): HarEntry =>
  toHar([entry], { creatorVersion: '1.2.3', lookup: lookup ? () => lookup : undefined }).log.entries[0]!;

describe('toHar', () => {
  it('writes the log header and keeps the order given', () => {
    const har = toHar([entryWith({}, { id: 'b' }), entryWith({ url: 'https://api.test/second' })], {
      creatorVersion: '0.4.0',
    });
    expect(har.log.version).toBe('1.2');
    expect(har.log.creator).toEqual({ name: 'HTTP Workbench', version: '0.4.0' });
    expect(har.log.entries.map((e) => e.request.url)).toEqual(['https://api.test/items', 'https://api.test/second']);
    expect(toHar([], { creatorVersion: '1' })).toEqual({
      log: { version: '1.2', creator: { name: 'HTTP Workbench', version: '1' }, entries: [] },
    });
  });

  it('exports a JSON POST with its response', () => {
    const entry = entryWith(
      {
        method: 'POST',
        url: 'https://api.test/items?tag=a%20b&flag',
        headers: [
          { enabled: true, name: 'Accept', value: 'application/json' },
          { enabled: false, name: 'X-Off', value: '1' },
          { enabled: true, name: '', value: '' },
        ],
        body: { kind: 'json', text: '{"name":"café"}' },
        auth: { kind: 'bearer', token: 'tok' },
      },
      {
        response: {
          status: 201,
          statusText: 'Created',
          timeMs: 120.5,
          size: 9,
          contentType: 'application/json',
          body: '{"id":7}',
        },
      },
    );
    expect(only(entry)).toEqual({
      startedDateTime: '2024-05-01T12:30:00.250Z',
      time: 120.5,
      request: {
        method: 'POST',
        url: 'https://api.test/items?tag=a%20b&flag',
        httpVersion: 'HTTP/1.1',
        headers: [
          { name: 'Authorization', value: 'Bearer tok' },
          { name: 'Accept', value: 'application/json' },
          { name: 'Content-Type', value: 'application/json' },
        ],
        queryString: [
          { name: 'tag', value: 'a b' },
          { name: 'flag', value: '' },
        ],
        cookies: [],
        headersSize: -1,
        bodySize: 16,
        postData: { mimeType: 'application/json', text: '{"name":"café"}' },
      },
      response: {
        status: 201,
        statusText: 'Created',
        httpVersion: 'HTTP/1.1',
        headers: [],
        cookies: [],
        content: { size: 9, mimeType: 'application/json', text: '{"id":7}' },
        redirectURL: '',
        headersSize: -1,
        bodySize: 9,
      },
      cache: {},
      timings: { send: 0, wait: 120.5, receive: 0 },
    });
  });

  it('uses a Content-Type row for the body instead of adding one, and lets a row override the auth header', () => {
    const entry = entryWith({
      method: 'PUT',
      headers: [
        { enabled: true, name: 'content-type', value: 'text/csv' },
        { enabled: true, name: 'authorization', value: 'Token mine' },
      ],
      body: { kind: 'text', text: 'a,b' },
      auth: { kind: 'basic', user: 'u', password: 'p' },
    });
    const request = only(entry).request;
    expect(request.headers).toEqual([
      { name: 'content-type', value: 'text/csv' },
      { name: 'authorization', value: 'Token mine' },
    ]);
    expect(request.postData).toEqual({ mimeType: 'text/csv', text: 'a,b' });
    expect(request.bodySize).toBe(3);
  });

  it('exports a form body with params and the encoded text', () => {
    const entry = entryWith({
      method: 'POST',
      body: {
        kind: 'form',
        rows: [
          { enabled: true, name: 'q', value: 'a b&c' },
          { enabled: false, name: 'off', value: 'x' },
          { enabled: true, name: '', value: '' },
          { enabled: true, name: 'name', value: 'Zoë' },
        ],
      },
    });
    const request = only(entry).request;
    expect(request.headers).toEqual([{ name: 'Content-Type', value: 'application/x-www-form-urlencoded' }]);
    expect(request.postData).toEqual({
      mimeType: 'application/x-www-form-urlencoded',
      params: [
        { name: 'q', value: 'a b&c' },
        { name: 'name', value: 'Zoë' },
      ],
      text: 'q=a+b%26c&name=Zo%C3%AB',
    });
    expect(request.bodySize).toBe(23);
  });

  it('exports a multipart body as params, file parts by file name', () => {
    const entry = entryWith({
      method: 'POST',
      body: {
        kind: 'multipart',
        rows: [
          { kind: 'text', enabled: true, name: 'title', value: 'Report' },
          { kind: 'file', enabled: true, name: 'upload', fileName: 'data.csv' },
          { kind: 'text', enabled: false, name: 'off', value: 'x' },
          { kind: 'file', enabled: false, name: 'skip', fileName: 'b.bin' },
          { kind: 'text', enabled: true, name: '', value: '' },
        ],
      },
    });
    const request = only(entry).request;
    expect(request.headers).toEqual([{ name: 'Content-Type', value: 'multipart/form-data' }]);
    expect(request.postData).toEqual({
      mimeType: 'multipart/form-data',
      params: [
        { name: 'title', value: 'Report' },
        { name: 'upload', fileName: 'data.csv' },
      ],
    });
    expect(request.bodySize).toBe(-1);
  });

  it('exports a binary body by its file name', () => {
    const request = only(entryWith({ method: 'POST', body: { kind: 'binary', fileName: 'dump.bin' } })).request;
    expect(request.postData).toEqual({ mimeType: 'application/octet-stream', text: '', _fileName: 'dump.bin' });
    expect(request.bodySize).toBe(-1);
  });

  it('leaves the body out of GET and HEAD, as it was never sent', () => {
    const request = only(entryWith({ method: 'get', body: { kind: 'json', text: '{}' } })).request;
    expect(request.postData).toBeUndefined();
    expect(request.headers).toEqual([]);
    expect(request.bodySize).toBe(0);
  });

  it('exports an entry without a response with status 0 and the error', () => {
    const entry = entryWith({}, { response: undefined, error: 'Connection refused (api.test:443)' });
    const exported = only(entry);
    expect(exported.time).toBe(0);
    expect(exported.timings).toEqual({ send: 0, wait: 0, receive: 0 });
    expect(exported.response).toEqual({
      status: 0,
      statusText: '',
      httpVersion: '',
      headers: [],
      cookies: [],
      content: { size: 0, mimeType: 'x-unknown' },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
      _error: 'Connection refused (api.test:443)',
    });
  });

  it('marks a cut response body and an unknown content type', () => {
    const entry = entryWith(
      {},
      { response: { status: 200, statusText: 'OK', timeMs: 1, size: 5000, body: 'abc', bodyTruncated: true } },
    );
    expect(only(entry).response.content).toEqual({
      size: 5000,
      mimeType: 'x-unknown',
      text: 'abc',
      comment: 'Only the start of the body was saved.',
    });
  });

  it('substitutes variables through the lookup, leaving unknown ones as written', () => {
    const values: Record<string, string> = { base: 'https://api.test', id: '42', user: 'ann', pass: 'p:w', tok: 'T' };
    const lookup = (name: string) => values[name];
    const entry = entryWith({
      method: 'POST',
      url: '{{base}}/items/{{id}}?v={{missing}}',
      headers: [{ enabled: true, name: 'X-{{id}}', value: '{{tok}}-{{nope}}' }],
      body: { kind: 'json', text: '{"id":{{id}}}' },
      auth: { kind: 'basic', user: '{{user}}', password: '{{pass}}' },
    });
    const request = only(entry, lookup).request;
    expect(request.url).toBe('https://api.test/items/42?v={{missing}}');
    expect(request.queryString).toEqual([{ name: 'v', value: '{{missing}}' }]);
    expect(request.headers).toEqual([
      // base64("ann:p:w")
      { name: 'Authorization', value: 'Basic YW5uOnA6dw==' },
      { name: 'X-42', value: 'T-{{nope}}' },
      { name: 'Content-Type', value: 'application/json' },
    ]);
    expect(request.postData).toEqual({ mimeType: 'application/json', text: '{"id":42}' });
  });

  it('keeps variables as written without a lookup', () => {
    const request = only(entryWith({ url: '{{base}}/x', auth: { kind: 'bearer', token: '{{tok}}' } })).request;
    expect(request.url).toBe('{{base}}/x');
    expect(request.headers).toEqual([{ name: 'Authorization', value: 'Bearer {{tok}}' }]);
  });

  it('asks the lookup per entry', () => {
    const a = entryWith({ url: '{{host}}/a' }, { id: 'a', environmentName: 'Dev' });
    const b = entryWith({ url: '{{host}}/b' }, { id: 'b', environmentName: 'Prod' });
    const har = toHar([a, b], {
      creatorVersion: '1',
      lookup: (entry) =>
        entry.environmentName === 'Dev' ? (name) => (name === 'host' ? 'http://dev' : undefined) : undefined,
    });
    expect(har.log.entries.map((e) => e.request.url)).toEqual(['http://dev/a', '{{host}}/b']);
  });

  it('puts an API key in a header or, substituted and encoded, in the query', () => {
    const header = only(entryWith({ auth: { kind: 'apikey', name: 'X-Key', value: '{{k}}', in: 'header' } }), (n) =>
      n === 'k' ? 'v1' : undefined,
    ).request;
    expect(header.headers).toEqual([{ name: 'X-Key', value: 'v1' }]);
    const query = only(
      entryWith({ url: 'https://api.test/s?a=1', auth: { kind: 'apikey', name: 'key', value: '{{k}}', in: 'query' } }),
      (n) => (n === 'k' ? 'a b' : undefined),
    ).request;
    expect(query.url).toBe('https://api.test/s?a=1&key=a%20b');
    expect(query.queryString).toEqual([
      { name: 'a', value: '1' },
      { name: 'key', value: 'a b' },
    ]);
    expect(query.headers).toEqual([]);
  });

  it('survives an API key without a name', () => {
    const request = only(entryWith({ auth: { kind: 'apikey', name: ' ', value: 'v', in: 'query' } })).request;
    expect(request.url).toBe('https://api.test/items');
    const inHeader = only(entryWith({ auth: { kind: 'apikey', name: '', value: 'v', in: 'header' } })).request;
    expect(inHeader.headers).toEqual([]);
  });
});
