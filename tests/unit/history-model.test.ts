import { describe, expect, it } from 'vitest';
import {
  evictionPlan,
  filterEntries,
  groupByDay,
  redactSecrets,
  validateEntry,
  type HistoryEntry,
} from '../../src/core/history/model.ts';

const entry = (
  id: string,
  createdAt: number,
  fields: { method?: string; url?: string; status?: number; pinned?: boolean } = {},
): HistoryEntry => ({
  id,
  schema: 1,
  createdAt,
  pinned: fields.pinned ?? false,
  request: { method: fields.method ?? 'GET', url: fields.url ?? `https://example.com/${id}`, headers: [] },
  ...(fields.status === undefined ? {} : { response: { status: fields.status, statusText: '', timeMs: 10, size: 0 } }),
});

const full: HistoryEntry = {
  id: 'h1',
  schema: 1,
  createdAt: 1_700_000_000_000,
  pinned: true,
  environmentName: 'Staging',
  request: {
    method: 'POST',
    url: '{{base}}/items',
    headers: [{ name: 'Authorization', value: 'Bearer {{token}}' }],
    body: '{"a":1}',
  },
  response: { status: 201, statusText: 'Created', timeMs: 42.5, size: 12, body: '{"id":7}', bodyTruncated: false },
};

describe('validateEntry', () => {
  it('accepts a schema-1 entry unchanged', () => {
    expect(validateEntry(JSON.parse(JSON.stringify(full)))).toEqual({ ok: true, entry: full });
  });

  it('accepts an entry without response, body or environment', () => {
    const minimal = entry('m', 5);
    expect(validateEntry(minimal)).toEqual({ ok: true, entry: minimal });
  });

  it('drops unknown fields', () => {
    expect(validateEntry({ ...full, extra: 1, request: { ...full.request, junk: true } })).toEqual({
      ok: true,
      entry: full,
    });
  });

  it('migrates a schema-0 entry to schema 1', () => {
    expect(
      validateEntry({ id: 'old', time: 1_600_000_000_000, method: 'DELETE', url: 'https://x/1', status: 204 }),
    ).toEqual({
      ok: true,
      entry: {
        id: 'old',
        schema: 1,
        createdAt: 1_600_000_000_000,
        pinned: false,
        request: { method: 'DELETE', url: 'https://x/1', headers: [] },
        response: { status: 204, statusText: '', timeMs: 0, size: 0 },
      },
    });
  });

  it('migrates a schema-0 entry with status 0 to one without a response', () => {
    expect(validateEntry({ id: 'old', time: 1, method: 'GET', url: 'https://x', status: 0 })).toEqual({
      ok: true,
      entry: {
        id: 'old',
        schema: 1,
        createdAt: 1,
        pinned: false,
        request: { method: 'GET', url: 'https://x', headers: [] },
      },
    });
  });

  it.each<[string, unknown, string]>([
    ['null', null, 'entry is not an object'],
    ['an array', [full], 'entry is not an object'],
    ['a string', 'h1', 'entry is not an object'],
    ['a newer schema', { ...full, schema: 2 }, 'unknown schema 2'],
    ['a non-numeric schema', { ...full, schema: '1' }, 'unknown schema "1"'],
    ['a missing id', { ...full, id: undefined }, 'id is not a string'],
    ['an empty id', { ...full, id: '' }, 'id is empty'],
    ['a non-finite createdAt', { ...full, createdAt: Number.NaN }, 'createdAt is not a number'],
    ['a string pinned', { ...full, pinned: 'yes' }, 'pinned is not a boolean'],
    ['a missing request', { ...full, request: undefined }, 'request is not an object'],
    ['headers not an array', { ...full, request: { ...full.request, headers: {} } }, 'request.headers is not an array'],
    [
      'a bad header',
      {
        ...full,
        request: {
          ...full.request,
          headers: [
            { name: 'A', value: 'b' },
            { name: 'B', value: 3 },
          ],
        },
      },
      'request.headers[1].value is not a string',
    ],
    ['a numeric body', { ...full, request: { ...full.request, body: 5 } }, 'request.body is not a string'],
    [
      'a bad status',
      { ...full, response: { ...full.response, status: 'ok' } },
      'response.status is not an HTTP status',
    ],
    [
      'a negative size',
      { ...full, response: { ...full.response, size: -1 } },
      'response.size is not a non-negative number',
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
  ])('rejects %s', (_label, raw, reason) => {
    expect(validateEntry(raw)).toEqual({ ok: false, reason });
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
    entry('a', 100, { method: 'GET', url: 'https://api.example.com/Users', status: 200 }),
    entry('b', 300, { method: 'POST', url: 'https://api.example.com/users', status: 201 }),
    entry('c', 200, { method: 'GET', url: 'https://other.test/x', status: 404 }),
    entry('d', 400, { method: 'DELETE', url: 'https://api.example.com/users/1', status: 503 }),
    entry('e', 500, { method: 'GET', url: 'https://down.test/' }),
    entry('f', 50, { method: 'GET', url: 'https://api.example.com/r', status: 302 }),
  ];
  const ids = (list: HistoryEntry[]) => list.map((e) => e.id);

  it('returns everything newest first without criteria', () => {
    expect(ids(filterEntries(entries, {}))).toEqual(['e', 'd', 'b', 'c', 'a', 'f']);
  });

  it('matches text case-insensitively in the URL or the method', () => {
    expect(ids(filterEntries(entries, { text: ' USERS ' }))).toEqual(['d', 'b', 'a']);
    expect(ids(filterEntries(entries, { text: 'post' }))).toEqual(['b']);
  });

  it('matches the method exactly, in any case', () => {
    expect(ids(filterEntries(entries, { method: 'get' }))).toEqual(['e', 'c', 'a', 'f']);
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

  it('combines criteria', () => {
    expect(ids(filterEntries(entries, { text: 'example', method: 'GET', statusClass: '2xx' }))).toEqual(['a']);
  });

  it('does not reorder its input', () => {
    filterEntries(entries, {});
    expect(ids(entries)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });
});

describe('groupByDay', () => {
  // 2024-03-09T23:30Z is already 2024-03-10 at UTC+02:00, but still 2024-03-09 at UTC-05:00.
  const lateUtc = entry('late', Date.UTC(2024, 2, 9, 23, 30));
  const earlyUtc = entry('early', Date.UTC(2024, 2, 9, 21, 59));
  const nextUtc = entry('next', Date.UTC(2024, 2, 10, 3, 0));
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
});

describe('redactSecrets', () => {
  const sent: HistoryEntry = {
    ...full,
    request: {
      method: 'POST',
      url: 'https://x/items?key=s3cret&again=s3cret',
      headers: [
        { name: 'Authorization', value: 'Bearer tok-123' },
        { name: 'X-Host', value: 'example.com' },
      ],
      body: '{"k":"s3cret","t":"tok-123"}',
    },
    response: { ...full.response!, body: 'echo tok-123' },
  };

  it('replaces every literal secret value with its {{name}}', () => {
    expect(redactSecrets(sent, { apiKey: 's3cret', token: 'tok-123' })).toEqual({
      ...sent,
      request: {
        method: 'POST',
        url: 'https://x/items?key={{apiKey}}&again={{apiKey}}',
        headers: [
          { name: 'Authorization', value: 'Bearer {{token}}' },
          { name: 'X-Host', value: 'example.com' },
        ],
        body: '{"k":"{{apiKey}}","t":"{{token}}"}',
      },
      response: { ...full.response, body: 'echo {{token}}' },
    });
  });

  it('does not modify the input', () => {
    redactSecrets(sent, { apiKey: 's3cret' });
    expect(sent.request.url).toBe('https://x/items?key=s3cret&again=s3cret');
  });

  it('prefers the longest value and never re-matches inserted names', () => {
    const e = entry('r', 1, { url: 'https://x/?a=abcdef&b=abc' });
    expect(redactSecrets(e, { short: 'abc', long: 'abcdef', nested: 'short' }).request.url).toBe(
      'https://x/?a={{long}}&b={{short}}',
    );
  });

  it('treats values with regex characters literally and ignores empty values', () => {
    const e = entry('r', 1, { url: 'https://x/?p=a.b*c&q=aXbbc' });
    expect(redactSecrets(e, { pat: 'a.b*c', blank: '' }).request.url).toBe('https://x/?p={{pat}}&q=aXbbc');
  });

  it('keeps an absent request body and response absent', () => {
    const e = entry('r', 1, { url: 'https://x/s3cret' });
    expect(redactSecrets(e, { k: 's3cret' })).toEqual({ ...e, request: { ...e.request, url: 'https://x/{{k}}' } });
  });
});
