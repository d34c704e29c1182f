/**
 * The REST client's history: versioned validation of stored entries and
 * summaries, and the pure logic over a list of them (eviction, filtering,
 * grouping, keeping secrets out). Storage-independent; the shapes live in
 * types.ts.
 */
import type { AuthDraft, KeyValueRow } from '../http/compose.ts';
import {
  HISTORY_SCHEMA,
  type HistoryEntry,
  type HistorySummary,
  type StoredBody,
  type StoredPart,
  type StoredRequest,
  type StoredResponse,
} from './types.ts';
import { isObject, type Raw } from '../shape.ts';

export * from './types.ts';

export type ValidationResult = { ok: true; entry: HistoryEntry } | { ok: false; reason: string };

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isCount = (v: unknown): v is number => isNumber(v) && v >= 0;
const isStatus = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 999;

/** Thrown inside validation only; its message is the reason, naming the path of the bad field. */
class Invalid extends Error {}

/** `request.headers` + `2` → `request.headers[2]`; `request` + `url` → `request.url`. */
const join = (path: string, key: string | number) =>
  typeof key === 'number' ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`;

function need<T>(raw: Raw, key: string, path: string, check: (v: unknown) => v is T, what: string): T {
  const value = raw[key];
  if (!check(value)) throw new Invalid(`${join(path, key)} is not ${what}`);
  return value;
}

function maybe<T>(raw: Raw, key: string, path: string, check: (v: unknown) => v is T, what: string): T | undefined {
  return raw[key] === undefined ? undefined : need(raw, key, path, check, what);
}

function objectAt(value: unknown, path: string): Raw {
  if (!isObject(value)) throw new Invalid(`${path} is not an object`);
  return value;
}

function listOf<T>(raw: Raw, key: string, path: string, read: (item: unknown, path: string) => T): T[] {
  const items = need(raw, key, path, Array.isArray, 'an array') as unknown[];
  return items.map((item, i) => read(item, join(join(path, key), i)));
}

function oneOf<T extends string>(raw: Raw, key: string, path: string, allowed: readonly T[]): T {
  const value = raw[key];
  if (!allowed.includes(value as T)) throw new Invalid(`${join(path, key)} is not one of ${allowed.join(', ')}`);
  return value as T;
}

/**
 * Migrations, keyed by the version they read: each turns an entry of that
 * version into the shape of the next one, checking only what it needs.
 * Validation then checks the newest shape in full. A new schema adds its
 * migration here and bumps HISTORY_SCHEMA in types.ts.
 */
const MIGRATIONS: Record<number, (raw: Raw) => Raw> = {
  // Schema 0 (no `schema` field): { id, time, method, url, status }, status 0 or absent for no response.
  0: (raw) => {
    if (typeof raw.id !== 'string') throw new Invalid('schema 0: id is not a string');
    if (!isNumber(raw.time)) throw new Invalid('schema 0: time is not a number');
    if (typeof raw.method !== 'string') throw new Invalid('schema 0: method is not a string');
    if (typeof raw.url !== 'string') throw new Invalid('schema 0: url is not a string');
    if (raw.status !== undefined && !isNumber(raw.status)) throw new Invalid('schema 0: status is not a number');
    const migrated: Raw = {
      id: raw.id,
      schema: 1,
      createdAt: raw.time,
      pinned: false,
      request: { method: raw.method, url: raw.url, headers: [] },
    };
    if (isNumber(raw.status) && raw.status > 0) {
      migrated.response = { status: raw.status, statusText: '', timeMs: 0, size: 0 };
    }
    return migrated;
  },
  // Schema 1: request { method, url, headers: [{name, value}], body?: string }, no auth helper.
  // Schema 2 keeps the editor's model: header rows with a checkbox, a typed body, the auth helper.
  1: (raw) => {
    const request = raw.request;
    if (!isObject(request)) throw new Invalid('schema 1: request is not an object');
    if (!Array.isArray(request.headers)) throw new Invalid('schema 1: request.headers is not an array');
    const headers = request.headers.map((h: unknown, i): KeyValueRow => {
      const path = `schema 1: request.headers[${i}]`;
      if (!isObject(h)) throw new Invalid(`${path} is not an object`);
      if (typeof h.name !== 'string') throw new Invalid(`${path}.name is not a string`);
      if (typeof h.value !== 'string') throw new Invalid(`${path}.value is not a string`);
      return { name: h.name, value: h.value, enabled: true };
    });
    const text = request.body;
    if (text !== undefined && typeof text !== 'string') throw new Invalid('schema 1: request.body is not a string');
    let body: StoredBody = { kind: 'none' };
    if (text !== undefined) {
      const contentType = headers.find((h) => h.name.trim().toLowerCase() === 'content-type')?.value ?? '';
      body = { kind: /[/+]json\b/i.test(contentType) ? 'json' : 'text', text };
    }
    return {
      ...raw,
      schema: 2,
      request: { method: request.method, url: request.url, headers, body, auth: { kind: 'none' } },
    };
  },
};

function readRow(item: unknown, path: string): KeyValueRow {
  const row = objectAt(item, path);
  return {
    enabled: need(row, 'enabled', path, isBoolean, 'a boolean'),
    name: need(row, 'name', path, isString, 'a string'),
    value: need(row, 'value', path, isString, 'a string'),
  };
}

function readPart(item: unknown, path: string): StoredPart {
  const part = objectAt(item, path);
  const kind = oneOf(part, 'kind', path, ['text', 'file'] as const);
  const enabled = need(part, 'enabled', path, isBoolean, 'a boolean');
  const name = need(part, 'name', path, isString, 'a string');
  return kind === 'text'
    ? { kind, enabled, name, value: need(part, 'value', path, isString, 'a string') }
    : {
        kind,
        enabled,
        name,
        fileName: need(part, 'fileName', path, isString, 'a string'),
        ...(isString(part.content) ? { content: part.content } : {}),
        ...(isString(part.contentType) ? { contentType: part.contentType } : {}),
      };
}

function readBody(value: unknown, path: string): StoredBody {
  const body = objectAt(value, path);
  const kind = oneOf(body, 'kind', path, ['none', 'json', 'text', 'form', 'multipart', 'binary'] as const);
  switch (kind) {
    case 'none':
      return { kind };
    case 'json':
    case 'text':
      return { kind, text: need(body, 'text', path, isString, 'a string') };
    case 'form':
      return { kind, rows: listOf(body, 'rows', path, readRow) };
    case 'multipart':
      return { kind, rows: listOf(body, 'rows', path, readPart) };
    case 'binary':
      return { kind, fileName: need(body, 'fileName', path, isString, 'a string') };
  }
}

function readAuth(value: unknown, path: string): AuthDraft {
  const auth = objectAt(value, path);
  const kind = oneOf(auth, 'kind', path, ['none', 'basic', 'bearer', 'apikey'] as const);
  const text = (key: string) => need(auth, key, path, isString, 'a string');
  switch (kind) {
    case 'none':
      return { kind };
    case 'basic':
      return { kind, user: text('user'), password: text('password') };
    case 'bearer':
      return { kind, token: text('token') };
    case 'apikey':
      return {
        kind,
        name: text('name'),
        value: text('value'),
        in: oneOf(auth, 'in', path, ['header', 'query'] as const),
      };
  }
}

function readRequest(value: unknown, path: string): StoredRequest {
  const request = objectAt(value, path);
  return {
    method: need(request, 'method', path, isString, 'a string'),
    url: need(request, 'url', path, isString, 'a string'),
    headers: listOf(request, 'headers', path, readRow),
    body: readBody(request.body, join(path, 'body')),
    auth: readAuth(request.auth, join(path, 'auth')),
  };
}

/**
 * A stored request (as history and saved collections keep it) read from
 * untrusted data: the request, or the reason naming the path of the first bad
 * field. Shared so every store validates requests the same way.
 */
export function validateStoredRequest(
  raw: unknown,
  path = 'request',
): { ok: true; request: StoredRequest } | { ok: false; reason: string } {
  try {
    return { ok: true, request: readRequest(raw, path) };
  } catch (error) {
    if (error instanceof Invalid) return { ok: false, reason: error.message };
    throw error;
  }
}

/** An auth helper's settings read from untrusted data, or the reason it is not one. */
export function validateAuth(
  raw: unknown,
  path = 'auth',
): { ok: true; auth: AuthDraft } | { ok: false; reason: string } {
  try {
    return { ok: true, auth: readAuth(raw, path) };
  } catch (error) {
    if (error instanceof Invalid) return { ok: false, reason: error.message };
    throw error;
  }
}

function readResponse(value: unknown, path: string): StoredResponse {
  const response = objectAt(value, path);
  const out: StoredResponse = {
    status: need(response, 'status', path, isStatus, 'an HTTP status'),
    statusText: need(response, 'statusText', path, isString, 'a string'),
    timeMs: need(response, 'timeMs', path, isCount, 'a non-negative number'),
    size: need(response, 'size', path, isCount, 'a non-negative number'),
  };
  const contentType = maybe(response, 'contentType', path, isString, 'a string');
  if (contentType !== undefined) out.contentType = contentType;
  const body = maybe(response, 'body', path, isString, 'a string');
  if (body !== undefined) out.body = body;
  const truncated = maybe(response, 'bodyTruncated', path, isBoolean, 'a boolean');
  if (truncated !== undefined) out.bodyTruncated = truncated;
  return out;
}

function readCurrent(raw: Raw): HistoryEntry {
  const id = need(raw, 'id', '', isString, 'a string');
  if (id === '') throw new Invalid('id is empty');
  const entry: HistoryEntry = {
    id,
    schema: HISTORY_SCHEMA,
    createdAt: need(raw, 'createdAt', '', isNumber, 'a number'),
    pinned: need(raw, 'pinned', '', isBoolean, 'a boolean'),
    request: readRequest(raw.request, 'request'),
  };
  const environmentId = maybe(raw, 'environmentId', '', isString, 'a string');
  if (environmentId !== undefined) entry.environmentId = environmentId;
  const environmentName = maybe(raw, 'environmentName', '', isString, 'a string');
  if (environmentName !== undefined) entry.environmentName = environmentName;
  if (raw.response !== undefined) entry.response = readResponse(raw.response, 'response');
  const error = maybe(raw, 'error', '', isString, 'a string');
  if (error !== undefined) entry.error = error;
  return entry;
}

/**
 * Checks stored (or imported) data and brings it to the current schema.
 * Anything corrupt, or written by a newer version than this one knows, is
 * rejected with a reason naming the field (`request.body.rows[2].name is not
 * a string`). Unknown fields are dropped.
 */
export function validateEntry(raw: unknown): ValidationResult {
  if (!isObject(raw)) return { ok: false, reason: 'entry is not an object' };
  let version: number;
  if (raw.schema === undefined) version = 0;
  else if (Number.isInteger(raw.schema) && (raw.schema as number) >= 0) version = raw.schema as number;
  else return { ok: false, reason: `unknown schema ${JSON.stringify(raw.schema)}` };
  if (version > HISTORY_SCHEMA) return { ok: false, reason: `unknown schema ${version}` };
  try {
    let current = raw;
    for (; version < HISTORY_SCHEMA; version++) {
      const migrate = MIGRATIONS[version];
      if (!migrate) return { ok: false, reason: `no migration from schema ${version}` };
      current = migrate(current);
    }
    return { ok: true, entry: readCurrent(current) };
  } catch (error) {
    if (error instanceof Invalid) return { ok: false, reason: error.message };
    throw error;
  }
}

/** A summary as stored in the list index, or null when it is corrupt. Unknown fields are dropped. */
export function validateSummary(raw: unknown): HistorySummary | null {
  if (!isObject(raw)) return null;
  const { id, createdAt, pinned, method, url, status, timeMs, size, environmentName, error } = raw;
  if (!isString(id) || id === '' || !isNumber(createdAt) || !isBoolean(pinned)) return null;
  if (!isString(method) || !isString(url) || !isStatus(status)) return null;
  if ((timeMs !== undefined && !isCount(timeMs)) || (size !== undefined && !isCount(size))) return null;
  if ((environmentName !== undefined && !isString(environmentName)) || (error !== undefined && !isString(error))) {
    return null;
  }
  const summary: HistorySummary = { id, createdAt, pinned, method, url, status };
  if (timeMs !== undefined) summary.timeMs = timeMs;
  if (size !== undefined) summary.size = size;
  if (environmentName !== undefined) summary.environmentName = environmentName;
  if (error !== undefined) summary.error = error;
  return summary;
}

/** What the history list keeps of an entry. Absent fields stay absent (storage drops `undefined` anyway). */
export function summaryOf(entry: HistoryEntry): HistorySummary {
  const summary: HistorySummary = {
    id: entry.id,
    createdAt: entry.createdAt,
    pinned: entry.pinned,
    method: entry.request.method,
    url: entry.request.url,
    status: entry.response?.status ?? 0,
  };
  if (entry.response) {
    summary.timeMs = entry.response.timeMs;
    summary.size = entry.response.size;
  }
  if (entry.environmentName !== undefined) summary.environmentName = entry.environmentName;
  if (entry.error !== undefined) summary.error = entry.error;
  return summary;
}

/**
 * Ids to delete so that at most `capacity` entries remain: oldest unpinned
 * first. Pinned entries are never removed, even when they alone exceed
 * the capacity.
 */
export function evictionPlan(
  entries: readonly { id: string; createdAt: number; pinned: boolean }[],
  capacity: number,
): string[] {
  const excess = entries.length - Math.max(0, Math.floor(capacity));
  if (excess <= 0) return [];
  return entries
    .filter((e) => !e.pinned)
    .sort((a, b) => a.createdAt - b.createdAt)
    .slice(0, excess)
    .map((e) => e.id);
}

export type StatusClass = '2xx' | '3xx' | '4xx' | '5xx' | 'error';

export interface HistoryFilter {
  /** Case-insensitive substring of the URL, the method, the environment name or the status code. */
  text?: string;
  /** Exact method, any case. */
  method?: string;
  /** `error`: no response came back (status 0). */
  statusClass?: StatusClass;
}

/** The status class of a summary; undefined for codes outside 2xx–5xx (1xx, 6xx…). */
export function statusClassOf(item: { status: number }): StatusClass | undefined {
  if (item.status === 0) return 'error';
  if (item.status >= 200 && item.status < 600) return `${Math.floor(item.status / 100)}xx` as StatusClass;
  return undefined;
}

const DAY_MS = 86_400_000;

const newestFirst = (a: { createdAt: number }, b: { createdAt: number }) => b.createdAt - a.createdAt;

/** The summaries matching every given criterion, newest first. The input is not reordered. */
export function filterEntries<T extends HistorySummary>(entries: readonly T[], filter: HistoryFilter): T[] {
  const text = filter.text?.trim().toLowerCase() ?? '';
  const method = filter.method?.trim().toUpperCase() ?? '';
  const matchesText = (e: T) =>
    e.url.toLowerCase().includes(text) ||
    e.method.toLowerCase().includes(text) ||
    (e.environmentName?.toLowerCase().includes(text) ?? false) ||
    (e.status > 0 && String(e.status).includes(text));
  return entries
    .filter(
      (e) =>
        (text === '' || matchesText(e)) &&
        (method === '' || e.method.toUpperCase() === method) &&
        (filter.statusClass === undefined || statusClassOf(e) === filter.statusClass),
    )
    .sort(newestFirst);
}

/**
 * Items grouped by local calendar day, newest day and newest item first.
 * `timeZoneOffsetMinutes` is minutes east of UTC (UTC+02:00 is 120), i.e.
 * `-new Date().getTimezoneOffset()`.
 */
export function groupByDay<T extends { createdAt: number }>(
  entries: readonly T[],
  timeZoneOffsetMinutes: number,
): { day: string; entries: T[] }[] {
  const groups: { day: string; entries: T[] }[] = [];
  const offset = timeZoneOffsetMinutes * 60_000;
  // Days are whole multiples of DAY_MS in JavaScript time: the date text is made once per day, not per entry.
  let current: { day: string; entries: T[] } | undefined;
  let currentIndex = NaN;
  for (const entry of [...entries].sort(newestFirst)) {
    const index = Math.floor((entry.createdAt + offset) / DAY_MS);
    if (index === currentIndex) {
      current!.entries.push(entry);
      continue;
    }
    currentIndex = index;
    current = { day: new Date(index * DAY_MS).toISOString().slice(0, 10), entries: [entry] };
    groups.push(current);
  }
  return groups;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A function replacing every literal occurrence of a secret's value with
 * `{{name}}` (longest value first, in one pass, so a replacement's `{{name}}`
 * is never matched by another secret), or null when there is no secret value.
 * `secrets` maps names to values, as a record or as `[name, value]` pairs.
 */
export function secretRedactor(
  secrets: Readonly<Record<string, string>> | readonly (readonly [string, string])[],
): ((text: string) => string) | null {
  const nameOf = new Map<string, string>();
  for (const [name, value] of Array.isArray(secrets) ? secrets : Object.entries(secrets)) {
    if (value !== '' && !nameOf.has(value)) nameOf.set(value, name);
  }
  if (nameOf.size === 0) return null;
  const pattern = new RegExp(
    [...nameOf.keys()]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|'),
    'g',
  );
  return (text: string) => text.replace(pattern, (value) => `{{${nameOf.get(value) ?? ''}}}`);
}

/**
 * The entry with every literal occurrence of a secret's value replaced by
 * `{{name}}`, so a secret is never stored: in the request's URL, header and
 * form rows, body text, multipart part names, values and file names, and
 * auth fields, and in the response body and the error message. `secrets`
 * maps names to values, as a record or as `[name, value]` pairs (one name
 * may then have several values); empty values are ignored, and where values overlap
 * the longest one wins. The method is left alone (replay does not substitute it).
 */
export function redactSecrets(
  entry: HistoryEntry,
  secrets: Readonly<Record<string, string>> | readonly (readonly [string, string])[],
): HistoryEntry {
  const redact = secretRedactor(secrets);
  if (!redact) return entry;
  const row = (r: KeyValueRow): KeyValueRow => ({ ...r, name: redact(r.name), value: redact(r.value) });

  const { request } = entry;
  let body: StoredBody;
  switch (request.body.kind) {
    case 'none':
      body = request.body;
      break;
    case 'json':
    case 'text':
      body = { kind: request.body.kind, text: redact(request.body.text) };
      break;
    case 'form':
      body = { kind: 'form', rows: request.body.rows.map(row) };
      break;
    case 'multipart':
      body = {
        kind: 'multipart',
        rows: request.body.rows.map((part): StoredPart =>
          part.kind === 'text'
            ? { ...part, name: redact(part.name), value: redact(part.value) }
            : {
                ...part,
                name: redact(part.name),
                fileName: redact(part.fileName),
                ...(part.content === undefined ? {} : { content: redact(part.content) }),
              },
        ),
      };
      break;
    case 'binary':
      body = { kind: 'binary', fileName: redact(request.body.fileName) };
      break;
  }
  let auth: AuthDraft;
  switch (request.auth.kind) {
    case 'none':
      auth = request.auth;
      break;
    case 'basic':
      auth = { kind: 'basic', user: redact(request.auth.user), password: redact(request.auth.password) };
      break;
    case 'bearer':
      auth = { kind: 'bearer', token: redact(request.auth.token) };
      break;
    case 'apikey':
      auth = { ...request.auth, name: redact(request.auth.name), value: redact(request.auth.value) };
      break;
  }
  const redacted: HistoryEntry = {
    ...entry,
    request: { ...request, url: redact(request.url), headers: request.headers.map(row), body, auth },
  };
  if (entry.response?.body !== undefined) redacted.response = { ...entry.response, body: redact(entry.response.body) };
  if (entry.error !== undefined) redacted.error = redact(entry.error);
  return redacted;
}
