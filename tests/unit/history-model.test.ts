import { describe, expect, it } from 'vitest';
import {
  evictionPlan,
  filterEntries,
  groupByDay,
  redactSecrets,
  statusClassOf,
  summaryOf,
  validateEntry,
  validateSummary,
  type HistoryEntry,
  type HistorySummary,
} from '../../src/core/history/model.ts';

const summary = (
  id: string,
  createdAt: number,
  fields: Partial<Omit<HistorySummary, 'id' | 'createdAt'>> = {},
): HistorySummary => ({
  id,
  createdAt,
  pinned: false,
  method: 'GET',
  url: `https://example.com/${id}`,
  status: 200,
  ...fields,
});

const full: HistoryEntry = {
  id: 'h1',
  schema: 2,
  createdAt: 1_700_000_000_000,
  pinned: true,
  environmentId: 'env-1',
  environmentName: 'Staging',
  request: {
    method: 'POST',
    url: '{{base}}/items',
    headers: [
      { enabled: true, name: 'Content-Type', value: 'application/json' },
      { enabled: false, name: 'X-Debug', value: '1' },
    ],
    body: { kind: 'json', text: '{"a":1}' },
    auth: { kind: 'bearer', token: '{{token}}' },
  },
  response: {
    status: 201,
    statusText: 'Created',
    timeMs: 42.5,
    size: 12,
    contentType: 'application/json',
    body: '{"id":7}',
    bodyTruncated: false,
  },
};

const minimal: HistoryEntry = {
  id: 'm',
  schema: 2,
  createdAt: 5,
  pinned: false,
  request: { method: 'GET', url: 'https://x', headers: [], body: { kind: 'none' }, auth: { kind: 'none' } },
};

const withRequest = (request: Record<string, unknown>) => ({ ...full, request: { ...full.request, ...request } });

describe('validateEntry', () => {
  it('accepts a schema-2 entry unchanged', () => {
    expect(validateEntry(JSON.parse(JSON.stringify(full)))).toEqual({ ok: true, entry: full });
  });

  it('accepts an entry without response, environment or error', () => {
    expect(validateEntry(minimal)).toEqual({ ok: true, entry: minimal });
  });

  it('accepts an entry with an error and no response', () => {
    const failed = { ...minimal, error: 'Timed out after 30 s' };
    expect(validateEntry(failed)).toEqual({ ok: true, entry: failed });
  });

  it.each<[string, HistoryEntry['request']['body']]>([
    ['text', { kind: 'text', text: 'hello' }],
    [
      'form',
      {
        kind: 'form',
        rows: [
          { enabled: true, name: 'a', value: '1' },
          { enabled: false, name: 'b', value: '' },
        ],
      },
    ],
    [
      'multipart',
      {
        kind: 'multipart',
        rows: [
          { kind: 'text', enabled: true, name: 'title', value: 'x' },
          { kind: 'file', enabled: false, name: 'upload', fileName: 'a.png' },
        ],
      },
    ],
    ['binary', { kind: 'binary', fileName: '' }],
  ])('accepts a %s body', (_kind, body) => {
    const entry = { ...minimal, request: { ...minimal.request, method: 'POST', body } };
    expect(validateEntry(JSON.parse(JSON.stringify(entry)))).toEqual({ ok: true, entry });
  });

  it.each<[string, HistoryEntry['request']['auth']]>([
    ['basic', { kind: 'basic', user: 'u', password: 'p' }],
    ['apikey in a header', { kind: 'apikey', name: 'X-Key', value: 'k', in: 'header' }],
    ['apikey in the query', { kind: 'apikey', name: 'key', value: 'k', in: 'query' }],
  ])('accepts %s auth', (_kind, auth) => {
    const entry = { ...minimal, request: { ...minimal.request, auth } };
    expect(validateEntry(entry)).toEqual({ ok: true, entry });
  });

  it('drops unknown fields at every level', () => {
    const noisy = {
      ...full,
      extra: 1,
      request: {
        ...full.request,
        junk: true,
        headers: [{ ...full.request.headers[0], x: 1 }, full.request.headers[1]],
        body: { ...full.request.body, more: 'x' },
        auth: { ...full.request.auth, user: 'stray' },
      },
      response: { ...full.response, headers: [] },
    };
    expect(validateEntry(noisy)).toEqual({ ok: true, entry: full });
  });

  it('migrates a schema-0 entry to schema 2', () => {
    expect(
      validateEntry({ id: 'old', time: 1_600_000_000_000, method: 'DELETE', url: 'https://x/1', status: 204 }),
    ).toEqual({
      ok: true,
      entry: {
        id: 'old',
        schema: 2,
        createdAt: 1_600_000_000_000,
        pinned: false,
        request: { method: 'DELETE', url: 'https://x/1', headers: [], body: { kind: 'none' }, auth: { kind: 'none' } },
        response: { status: 204, statusText: '', timeMs: 0, size: 0 },
      },
    });
  });

  it('migrates a schema-0 entry with status 0 to one without a response', () => {
    expect(validateEntry({ id: 'old', time: 1, method: 'GET', url: 'https://x', status: 0 })).toEqual({
      ok: true,
      entry: {
        id: 'old',
        schema: 2,
        createdAt: 1,
        pinned: false,
        request: { method: 'GET', url: 'https://x', headers: [], body: { kind: 'none' }, auth: { kind: 'none' } },
      },
    });
  });

  const schema1 = {
    id: 'v1',
    schema: 1,
    createdAt: 1_650_000_000_000,
    pinned: true,
    environmentName: 'Prod',
    request: {
      method: 'POST',
      url: '{{base}}/items',
      headers: [
        { name: 'Content-Type', value: 'application/vnd.api+json; charset=utf-8' },
        { name: 'Authorization', value: 'Bearer {{token}}' },
      ],
      body: '{"a":1}',
    },
    response: { status: 201, statusText: 'Created', timeMs: 9, size: 8, body: '{"id":1}', bodyTruncated: false },
  };

  it('migrates a schema-1 entry with a JSON body to schema 2', () => {
    expect(validateEntry(schema1)).toEqual({
      ok: true,
      entry: {
        id: 'v1',
        schema: 2,
        createdAt: 1_650_000_000_000,
        pinned: true,
        environmentName: 'Prod',
        request: {
          method: 'POST',
          url: '{{base}}/items',
          headers: [
            { enabled: true, name: 'Content-Type', value: 'application/vnd.api+json; charset=utf-8' },
            { enabled: true, name: 'Authorization', value: 'Bearer {{token}}' },
          ],
          body: { kind: 'json', text: '{"a":1}' },
          auth: { kind: 'none' },
        },
        response: { status: 201, statusText: 'Created', timeMs: 9, size: 8, body: '{"id":1}', bodyTruncated: false },
      },
    });
  });

  it('migrates a schema-1 body to text unless the Content-Type names JSON', () => {
    const textOf = (headers: { name: string; value: string }[]) => {
      const result = validateEntry({ ...schema1, request: { ...schema1.request, headers } });
      return result.ok ? result.entry.request.body : result.reason;
    };
    expect(textOf([{ name: 'content-type', value: 'text/plain' }])).toEqual({ kind: 'text', text: '{"a":1}' });
    expect(textOf([])).toEqual({ kind: 'text', text: '{"a":1}' });
    expect(textOf([{ name: 'Content-Type', value: 'application/jsonp' }])).toEqual({ kind: 'text', text: '{"a":1}' });
    expect(textOf([{ name: 'CONTENT-TYPE', value: 'Application/JSON' }])).toEqual({ kind: 'json', text: '{"a":1}' });
  });

  it('migrates a schema-1 entry without a body to a none body', () => {
    const { body: _body, ...request } = schema1.request;
    const result = validateEntry({ ...schema1, request, response: undefined });
    expect(result).toEqual({
      ok: true,
      entry: {
        id: 'v1',
        schema: 2,
        createdAt: 1_650_000_000_000,
        pinned: true,
        environmentName: 'Prod',
        request: {
          method: 'POST',
          url: '{{base}}/items',
          headers: [
            { enabled: true, name: 'Content-Type', value: 'application/vnd.api+json; charset=utf-8' },
            { enabled: true, name: 'Authorization', value: 'Bearer {{token}}' },
          ],
          body: { kind: 'none' },
          auth: { kind: 'none' },
        },
      },
    });
  });

  it.each<[string, unknown, string]>([
    ['null', null, 'entry is not an object'],
    ['an array', [full], 'entry is not an object'],
    ['a string', 'h1', 'entry is not an object'],
    ['a newer schema', { ...full, schema: 3 }, 'unknown schema 3'],
    ['a non-numeric schema', { ...full, schema: '2' }, 'unknown schema "2"'],
    ['a negative schema', { ...full, schema: -1 }, 'unknown schema -1'],
    ['a missing id', { ...full, id: undefined }, 'id is not a string'],
    ['an empty id', { ...full, id: '' }, 'id is empty'],
    ['a non-finite createdAt', { ...full, createdAt: Number.NaN }, 'createdAt is not a number'],
    ['a string pinned', { ...full, pinned: 'yes' }, 'pinned is not a boolean'],
    ['a numeric environmentId', { ...full, environmentId: 3 }, 'environmentId is not a string'],
    ['a numeric environmentName', { ...full, environmentName: 3 }, 'environmentName is not a string'],
    ['a non-string error', { ...full, error: { message: 'x' } }, 'error is not a string'],
    ['a missing request', { ...full, request: undefined }, 'request is not an object'],
    ['a numeric method', withRequest({ method: 1 }), 'request.method is not a string'],
    ['a missing url', withRequest({ url: undefined }), 'request.url is not a string'],
    ['headers not an array', withRequest({ headers: {} }), 'request.headers is not an array'],
    ['a header that is not an object', withRequest({ headers: ['A: b'] }), 'request.headers[0] is not an object'],
    [
      'a header without enabled',
      withRequest({ headers: [full.request.headers[0], { name: 'B', value: 'c' }] }),
      'request.headers[1].enabled is not a boolean',
    ],
    [
      'a header with a numeric value',
      withRequest({ headers: [{ enabled: true, name: 'B', value: 3 }] }),
      'request.headers[0].value is not a string',
    ],
    ['a string body', withRequest({ body: 'x' }), 'request.body is not an object'],
    [
      'an unknown body kind',
      withRequest({ body: { kind: 'xml', text: '' } }),
      'request.body.kind is not one of none, json, text, form, multipart, binary',
    ],
    ['a json body without text', withRequest({ body: { kind: 'json' } }), 'request.body.text is not a string'],
    [
      'form rows not an array',
      withRequest({ body: { kind: 'form', rows: null } }),
      'request.body.rows is not an array',
    ],
    [
      'a form row with a numeric name',
      withRequest({
        body: {
          kind: 'form',
          rows: [
            { enabled: true, name: 'a', value: '' },
            { enabled: true, name: 'b', value: '' },
            { enabled: true, name: 7, value: '' },
          ],
        },
      }),
      'request.body.rows[2].name is not a string',
    ],
    [
      'a multipart part of unknown kind',
      withRequest({ body: { kind: 'multipart', rows: [{ kind: 'blob', enabled: true, name: 'a' }] } }),
      'request.body.rows[0].kind is not one of text, file',
    ],
    [
      'a file part without a file name',
      withRequest({ body: { kind: 'multipart', rows: [{ kind: 'file', enabled: true, name: 'a', value: 'x' }] } }),
      'request.body.rows[0].fileName is not a string',
    ],
    [
      'a text part without a value',
      withRequest({ body: { kind: 'multipart', rows: [{ kind: 'text', enabled: true, name: 'a' }] } }),
      'request.body.rows[0].value is not a string',
    ],
    [
      'a binary body without a file name',
      withRequest({ body: { kind: 'binary' } }),
      'request.body.fileName is not a string',
    ],
    ['a missing auth', withRequest({ auth: undefined }), 'request.auth is not an object'],
    [
      'an unknown auth kind',
      withRequest({ auth: { kind: 'digest' } }),
      'request.auth.kind is not one of none, basic, bearer, apikey',
    ],
    [
      'basic auth without a password',
      withRequest({ auth: { kind: 'basic', user: 'u' } }),
      'request.auth.password is not a string',
    ],
    ['bearer auth without a token', withRequest({ auth: { kind: 'bearer' } }), 'request.auth.token is not a string'],
    [
      'an api key in the body',
      withRequest({ auth: { kind: 'apikey', name: 'k', value: 'v', in: 'body' } }),
      'request.auth.in is not one of header, query',
    ],
    ['a response that is an array', { ...full, response: [] }, 'response is not an object'],
    [
      'a bad status',
      { ...full, response: { ...full.response, status: 'ok' } },
      'response.status is not an HTTP status',
    ],
    [
      'a status above 999',
      { ...full, response: { ...full.response, status: 1000 } },
      'response.status is not an HTTP status',
    ],
    [
      'a negative size',
      { ...full, response: { ...full.response, size: -1 } },
      'response.size is not a non-negative number',
    ],
    [
      'a numeric content type',
      { ...full, response: { ...full.response, contentType: 1 } },
      'response.contentType is not a string',
    ],
    [
      'a string bodyTruncated',
      { ...full, response: { ...full.response, bodyTruncated: 'no' } },
      'response.bodyTruncated is not a boolean',
    ],
    [
      'a schema-0 entry without time',
      { id: 'x', method: 'GET', url: 'u', status: 200 },
      'schema 0: time is not a number',
    ],
    [
      'a schema-0 entry with a string status',
      { id: 'x', time: 1, method: 'GET', url: 'u', status: '200' },
      'schema 0: status is not a number',
    ],
    ['a schema-1 entry without a request', { ...schema1, request: 'GET /' }, 'schema 1: request is not an object'],
    [
      'a schema-1 entry with a bad header',
      { ...schema1, request: { ...schema1.request, headers: [{ name: 'A', value: 'b' }, { name: 'B' }] } },
      'schema 1: request.headers[1].value is not a string',
    ],
    [
      'a schema-1 entry with a numeric body',
      { ...schema1, request: { ...schema1.request, body: 5 } },
      'schema 1: request.body is not a string',
    ],
    [
      'a schema-1 entry with a bad method (checked after migrating)',
      { ...schema1, request: { ...schema1.request, method: null } },
      'request.method is not a string',
    ],
  ])('rejects %s', (_label, raw, reason) => {
    expect(validateEntry(raw)).toEqual({ ok: false, reason });
  });
});

describe('validateSummary and summaryOf', () => {
  it('summarises an entry with a response', () => {
    expect(summaryOf(full)).toEqual({
      id: 'h1',
      createdAt: 1_700_000_000_000,
      pinned: true,
      method: 'POST',
      url: '{{base}}/items',
      status: 201,
      timeMs: 42.5,
      size: 12,
      environmentName: 'Staging',
    });
  });

  it('summarises an entry without a response as status 0 with its error, leaving absent fields out', () => {
    const result = summaryOf({ ...minimal, error: 'Connection refused' });
    expect(result).toEqual({
      id: 'm',
      createdAt: 5,
      pinned: false,
      method: 'GET',
      url: 'https://x',
      status: 0,
      error: 'Connection refused',
    });
    expect(Object.keys(result)).toEqual(['id', 'createdAt', 'pinned', 'method', 'url', 'status', 'error']);
  });

  it('accepts a stored summary and drops unknown fields', () => {
    const stored = summaryOf(full);
    expect(validateSummary({ ...stored, extra: [1] })).toEqual(stored);
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['an array', []],
    ['an empty id', { ...summaryOf(full), id: '' }],
    ['a string createdAt', { ...summaryOf(full), createdAt: '1' }],
    ['a missing pinned', { ...summaryOf(full), pinned: undefined }],
    ['a numeric url', { ...summaryOf(full), url: 1 }],
    ['a fractional status', { ...summaryOf(full), status: 200.5 }],
    ['a negative time', { ...summaryOf(full), timeMs: -1 }],
    ['a string size', { ...summaryOf(full), size: '1' }],
    ['a numeric environment name', { ...summaryOf(full), environmentName: 1 }],
    ['a boolean error', { ...summaryOf(full), error: true }],
  ])('rejects a summary with %s', (_label, raw) => {
    expect(validateSummary(raw)).toBeNull();
  });
});

describe('evictionPlan', () => {
  const list = [
    { id: 'c', createdAt: 30, pinned: false },
    { id: 'a', createdAt: 10, pinned: false },
    { id: 'p', createdAt: 5, pinned: true },
    { id: 'b', createdAt: 20, pinned: false },
    { id: 'd', createdAt: 40, pinned: false },
  ];

  it('removes nothing within capacity', () => {
    expect(evictionPlan(list, 5)).toEqual([]);
    expect(evictionPlan(list, 10)).toEqual([]);
  });

  it('removes the oldest unpinned entries, skipping older pinned ones', () => {
    expect(evictionPlan(list, 3)).toEqual(['a', 'b']);
    expect(evictionPlan(list, 4)).toEqual(['a']);
  });

  it('works on summaries', () => {
    const summaries = [summary('x', 3), summary('y', 1, { pinned: true }), summary('z', 2)];
    expect(evictionPlan(summaries, 1)).toEqual(['z', 'x']);
  });

  it('removes every unpinned entry but no pinned one when pins fill the capacity', () => {
    const pins = [
      { id: 'p1', createdAt: 1, pinned: true },
      { id: 'u', createdAt: 2, pinned: false },
      { id: 'p2', createdAt: 3, pinned: true },
      { id: 'p3', createdAt: 4, pinned: true },
    ];
    expect(evictionPlan(pins, 2)).toEqual(['u']);
    expect(evictionPlan(pins, 0)).toEqual(['u']);
  });
});

describe('filterEntries', () => {
  const entries = [
    summary('a', 100, { method: 'GET', url: 'https://api.example.com/Users', status: 200 }),
    summary('b', 300, { method: 'POST', url: 'https://api.example.com/users', status: 201, environmentName: 'Prod' }),
    summary('c', 200, { method: 'GET', url: 'https://other.test/x', status: 404 }),
    summary('d', 400, { method: 'DELETE', url: 'https://api.example.com/users/1', status: 503 }),
    summary('e', 500, { method: 'GET', url: 'https://down.test/', status: 0, error: 'Connection refused' }),
    summary('f', 50, { method: 'GET', url: 'https://api.example.com/r', status: 302, environmentName: 'Staging' }),
    summary('g', 60, { method: 'GET', url: 'https://api.example.com/info', status: 101 }),
  ];
  const ids = (list: HistorySummary[]) => list.map((e) => e.id);

  it('returns everything newest first without criteria', () => {
    expect(ids(filterEntries(entries, {}))).toEqual(['e', 'd', 'b', 'c', 'a', 'g', 'f']);
  });

  it('matches text case-insensitively in the URL or the method', () => {
    expect(ids(filterEntries(entries, { text: ' USERS ' }))).toEqual(['d', 'b', 'a']);
    expect(ids(filterEntries(entries, { text: 'post' }))).toEqual(['b']);
  });

  it('matches text in the environment name', () => {
    expect(ids(filterEntries(entries, { text: 'staging' }))).toEqual(['f']);
    expect(ids(filterEntries(entries, { text: 'PROD' }))).toEqual(['b']);
  });

  it('matches text in the status code, never the 0 of a failed request', () => {
    expect(ids(filterEntries(entries, { text: '404' }))).toEqual(['c']);
    expect(ids(filterEntries(entries, { text: '50' }))).toEqual(['d']);
    expect(ids(filterEntries(entries, { text: '0' }))).toEqual(['d', 'b', 'c', 'a', 'g', 'f']);
  });

  it('matches the method exactly, in any case', () => {
    expect(ids(filterEntries(entries, { method: 'get' }))).toEqual(['e', 'c', 'a', 'g', 'f']);
  });

  it.each([
    ['2xx', ['b', 'a']],
    ['3xx', ['f']],
    ['4xx', ['c']],
    ['5xx', ['d']],
    ['error', ['e']],
  ] as const)('filters status class %s', (statusClass, expected) => {
    expect(ids(filterEntries(entries, { statusClass }))).toEqual(expected);
  });

  it('gives 1xx no class', () => {
    expect(statusClassOf({ status: 101 })).toBeUndefined();
    expect(statusClassOf({ status: 0 })).toBe('error');
    expect(statusClassOf({ status: 599 })).toBe('5xx');
  });

  it('combines criteria', () => {
    expect(ids(filterEntries(entries, { text: 'example', method: 'GET', statusClass: '2xx' }))).toEqual(['a']);
  });

  it('does not reorder its input', () => {
    filterEntries(entries, {});
    expect(ids(entries)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
  });
});

describe('groupByDay', () => {
  // 2024-03-09T23:30Z is already 2024-03-10 at UTC+02:00, but still 2024-03-09 at UTC-05:00.
  const lateUtc = summary('late', Date.UTC(2024, 2, 9, 23, 30));
  const earlyUtc = summary('early', Date.UTC(2024, 2, 9, 21, 59));
  const nextUtc = summary('next', Date.UTC(2024, 2, 10, 3, 0));
  const entries = [earlyUtc, nextUtc, lateUtc];

  it('groups by UTC day with offset 0', () => {
    expect(groupByDay(entries, 0)).toEqual([
      { day: '2024-03-10', entries: [nextUtc] },
      { day: '2024-03-09', entries: [lateUtc, earlyUtc] },
    ]);
  });

  it('moves entries across midnight east of UTC', () => {
    expect(groupByDay(entries, 120)).toEqual([
      { day: '2024-03-10', entries: [nextUtc, lateUtc] },
      { day: '2024-03-09', entries: [earlyUtc] },
    ]);
  });

  it('moves entries across midnight west of UTC', () => {
    expect(groupByDay(entries, -300)).toEqual([{ day: '2024-03-09', entries: [nextUtc, lateUtc, earlyUtc] }]);
  });

  it('returns no groups for no entries', () => {
    expect(groupByDay([], 60)).toEqual([]);
  });

  it('puts an entry at exactly local midnight on its new day, also before 1970', () => {
    const midnight = summary('midnight', Date.UTC(2024, 2, 10, 0, 0) - 120 * 60_000);
    const justBefore = summary('before', midnight.createdAt - 1);
    expect(groupByDay([justBefore, midnight], 120)).toEqual([
      { day: '2024-03-10', entries: [midnight] },
      { day: '2024-03-09', entries: [justBefore] },
    ]);
    const old = summary('old', Date.UTC(1969, 11, 31, 23, 59, 59, 999));
    const older = summary('older', Date.UTC(1969, 11, 30, 0, 0));
    expect(groupByDay([older, old], 0)).toEqual([
      { day: '1969-12-31', entries: [old] },
      { day: '1969-12-30', entries: [older] },
    ]);
    expect(groupByDay([old], 1)).toEqual([{ day: '1970-01-01', entries: [old] }]);
  });

  it('agrees with the date of each entry over many days and offsets', () => {
    const many = Array.from({ length: 500 }, (_, i) => summary(`e${i}`, Date.UTC(2024, 0, 1) + i * 7_777_777 - 3e9));
    for (const offset of [-720, -300, 0, 330, 840]) {
      const groups = groupByDay(many, offset);
      for (const group of groups) {
        for (const entry of group.entries) {
          expect(new Date(entry.createdAt + offset * 60_000).toISOString().slice(0, 10)).toBe(group.day);
        }
      }
      expect(new Set(groups.map((g) => g.day)).size).toBe(groups.length);
      expect(groups.flatMap((g) => g.entries)).toHaveLength(many.length);
    }
  });
});

describe('redactSecrets', () => {
  const sent: HistoryEntry = {
    ...full,
    request: {
      method: 'POST',
      url: 'https://x/items?key=s3cret&again=s3cret',
      headers: [
        { enabled: true, name: 'Authorization', value: 'Bearer tok-123' },
        { enabled: false, name: 'X-tok-123', value: 'example.com' },
      ],
      body: { kind: 'json', text: '{"k":"s3cret","t":"tok-123"}' },
      auth: { kind: 'basic', user: 'admin', password: 's3cret' },
    },
    response: { ...full.response!, body: 'echo tok-123' },
    error: 'server said s3cret',
  };
  const secrets = { apiKey: 's3cret', token: 'tok-123' };

  it('takes [name, value] pairs, so one name with several values (dev and prod) loses them all', () => {
    const echoed: HistoryEntry = { ...sent, response: { ...full.response!, body: 'dev=tok-dev prod=tok-prod' } };
    const redacted = redactSecrets(echoed, [
      ['token', 'tok-dev'],
      ['token', 'tok-prod'],
    ]);
    expect(redacted.response?.body).toBe('dev={{token}} prod={{token}}');
  });

  it('replaces every literal secret value with its {{name}}', () => {
    expect(redactSecrets(sent, secrets)).toEqual({
      ...sent,
      request: {
        method: 'POST',
        url: 'https://x/items?key={{apiKey}}&again={{apiKey}}',
        headers: [
          { enabled: true, name: 'Authorization', value: 'Bearer {{token}}' },
          { enabled: false, name: 'X-{{token}}', value: 'example.com' },
        ],
        body: { kind: 'json', text: '{"k":"{{apiKey}}","t":"{{token}}"}' },
        auth: { kind: 'basic', user: 'admin', password: '{{apiKey}}' },
      },
      response: { ...full.response, body: 'echo {{token}}' },
      error: 'server said {{apiKey}}',
    });
  });

  const withBody = (body: HistoryEntry['request']['body']): HistoryEntry => ({
    ...minimal,
    request: { ...minimal.request, body },
  });
  const withAuth = (auth: HistoryEntry['request']['auth']): HistoryEntry => ({
    ...minimal,
    request: { ...minimal.request, auth },
  });

  it('redacts text bodies', () => {
    expect(redactSecrets(withBody({ kind: 'text', text: 'a s3cret b' }), secrets).request.body).toEqual({
      kind: 'text',
      text: 'a {{apiKey}} b',
    });
  });

  it('redacts form row names and values', () => {
    const body = {
      kind: 'form' as const,
      rows: [{ enabled: false, name: 'tok-123', value: 'x-s3cret' }],
    };
    expect(redactSecrets(withBody(body), secrets).request.body).toEqual({
      kind: 'form',
      rows: [{ enabled: false, name: '{{token}}', value: 'x-{{apiKey}}' }],
    });
  });

  it('redacts multipart part names, values and file names', () => {
    const body = {
      kind: 'multipart' as const,
      rows: [
        { kind: 'text' as const, enabled: true, name: 'k-s3cret', value: 'tok-123' },
        { kind: 'file' as const, enabled: true, name: 'tok-123', fileName: 's3cret.txt' },
      ],
    };
    expect(redactSecrets(withBody(body), secrets).request.body).toEqual({
      kind: 'multipart',
      rows: [
        { kind: 'text', enabled: true, name: 'k-{{apiKey}}', value: '{{token}}' },
        { kind: 'file', enabled: true, name: '{{token}}', fileName: '{{apiKey}}.txt' },
      ],
    });
  });

  it('redacts a binary body file name', () => {
    expect(redactSecrets(withBody({ kind: 'binary', fileName: 'dump-s3cret.bin' }), secrets).request.body).toEqual({
      kind: 'binary',
      fileName: 'dump-{{apiKey}}.bin',
    });
  });

  it('redacts bearer and api key auth', () => {
    expect(redactSecrets(withAuth({ kind: 'bearer', token: 'tok-123' }), secrets).request.auth).toEqual({
      kind: 'bearer',
      token: '{{token}}',
    });
    expect(
      redactSecrets(withAuth({ kind: 'apikey', name: 'key-s3cret', value: 'tok-123', in: 'query' }), secrets).request
        .auth,
    ).toEqual({ kind: 'apikey', name: 'key-{{apiKey}}', value: '{{token}}', in: 'query' });
  });

  it('leaves the method alone', () => {
    const entry = { ...minimal, request: { ...minimal.request, method: 'PURGE' } };
    expect(redactSecrets(entry, { m: 'PURGE' }).request.method).toBe('PURGE');
  });

  it('does not modify the input', () => {
    redactSecrets(sent, secrets);
    expect(sent.request.url).toBe('https://x/items?key=s3cret&again=s3cret');
    expect(sent.request.auth).toEqual({ kind: 'basic', user: 'admin', password: 's3cret' });
  });

  it('prefers the longest value and never re-matches inserted names', () => {
    const e = { ...minimal, request: { ...minimal.request, url: 'https://x/?a=abcdef&b=abc' } };
    expect(redactSecrets(e, { short: 'abc', long: 'abcdef', nested: 'short' }).request.url).toBe(
      'https://x/?a={{long}}&b={{short}}',
    );
  });

  it('treats values with regex characters literally and ignores empty values', () => {
    const e = { ...minimal, request: { ...minimal.request, url: 'https://x/?p=a.b*c&q=aXbbc' } };
    expect(redactSecrets(e, { pat: 'a.b*c', blank: '' }).request.url).toBe('https://x/?p={{pat}}&q=aXbbc');
  });

  it('keeps an absent response and error absent', () => {
    const e = { ...minimal, request: { ...minimal.request, url: 'https://x/s3cret' } };
    const redacted = redactSecrets(e, { k: 's3cret' });
    expect(redacted).toEqual({ ...e, request: { ...e.request, url: 'https://x/{{k}}' } });
    expect('response' in redacted || 'error' in redacted).toBe(false);
  });
});
