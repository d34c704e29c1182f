/**
 * The REST client's history: the stored entry, its versioned validation, and
 * the pure logic over a list of entries (eviction, filtering, grouping,
 * keeping secrets out). Storage-independent.
 */
import type { HeaderLine } from '../http/request.ts';

export const HISTORY_SCHEMA = 1;

export interface HistoryEntry {
  id: string;
  schema: 1;
  /** When the request was sent, in ms since the epoch. */
  createdAt: number;
  pinned: boolean;
  /** The environment active when it was sent. */
  environmentName?: string;
  /** The request as written, `{{variables}}` not substituted. */
  request: { method: string; url: string; headers: HeaderLine[]; body?: string };
  /** Absent when no response came back (network error, timeout, cancel). */
  response?: {
    status: number;
    statusText: string;
    timeMs: number;
    size: number;
    body?: string;
    bodyTruncated?: boolean;
  };
}

export type ValidationResult = { ok: true; entry: HistoryEntry } | { ok: false; reason: string };

type Raw = Record<string, unknown>;

const isObject = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

class Invalid extends Error {}

/**
 * Migrations, keyed by the version they read: each turns a valid entry of
 * that version into the shape of the next one. A new schema adds its
 * migration here and bumps HISTORY_SCHEMA; validation only knows the newest.
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
};

function field<T>(raw: Raw, key: string, check: (v: unknown) => v is T, what: string, path = ''): T {
  const value = raw[key];
  if (!check(value)) throw new Invalid(`${path}${key} is not ${what}`);
  return value;
}

function optional<T>(raw: Raw, key: string, check: (v: unknown) => v is T, what: string, path = ''): T | undefined {
  return raw[key] === undefined ? undefined : field(raw, key, check, what, path);
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isCount = (v: unknown): v is number => isNumber(v) && v >= 0;
const isStatus = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 999;

function readCurrent(raw: Raw): HistoryEntry {
  const id = field(raw, 'id', isString, 'a string');
  if (id === '') throw new Invalid('id is empty');
  const request = field(raw, 'request', isObject, 'an object');
  const headers = field(request, 'headers', Array.isArray, 'an array', 'request.');
  const entry: HistoryEntry = {
    id,
    schema: 1,
    createdAt: field(raw, 'createdAt', isNumber, 'a number'),
    pinned: field(raw, 'pinned', isBoolean, 'a boolean'),
    request: {
      method: field(request, 'method', isString, 'a string', 'request.'),
      url: field(request, 'url', isString, 'a string', 'request.'),
      headers: headers.map((h: unknown, i) => {
        const path = `request.headers[${i}]`;
        if (!isObject(h)) throw new Invalid(`${path} is not an object`);
        return {
          name: field(h, 'name', isString, 'a string', `${path}.`),
          value: field(h, 'value', isString, 'a string', `${path}.`),
        };
      }),
    },
  };
  const environmentName = optional(raw, 'environmentName', isString, 'a string');
  if (environmentName !== undefined) entry.environmentName = environmentName;
  const body = optional(request, 'body', isString, 'a string', 'request.');
  if (body !== undefined) entry.request.body = body;
  const response = optional(raw, 'response', isObject, 'an object');
  if (response) {
    const p = 'response.';
    entry.response = {
      status: field(response, 'status', isStatus, 'an HTTP status', p),
      statusText: field(response, 'statusText', isString, 'a string', p),
      timeMs: field(response, 'timeMs', isCount, 'a non-negative number', p),
      size: field(response, 'size', isCount, 'a non-negative number', p),
    };
    const responseBody = optional(response, 'body', isString, 'a string', p);
    if (responseBody !== undefined) entry.response.body = responseBody;
    const truncated = optional(response, 'bodyTruncated', isBoolean, 'a boolean', p);
    if (truncated !== undefined) entry.response.bodyTruncated = truncated;
  }
  return entry;
}

/**
 * Checks stored data and brings it to the current schema. Anything corrupt,
 * or written by a newer version than this one knows, is rejected with a
 * reason. Unknown fields are dropped.
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
  /** Case-insensitive substring of the URL or the method. */
  text?: string;
  /** Exact method, any case. */
  method?: string;
  /** `error`: no response came back (or status 0). */
  statusClass?: StatusClass;
}

export function statusClassOf(entry: HistoryEntry): StatusClass | undefined {
  const status = entry.response?.status ?? 0;
  if (status === 0) return 'error';
  if (status >= 200 && status < 600) return `${Math.floor(status / 100)}xx` as StatusClass;
  return undefined;
}

const newestFirst = (a: HistoryEntry, b: HistoryEntry) => b.createdAt - a.createdAt;

/** The entries matching every given criterion, newest first. */
export function filterEntries(entries: readonly HistoryEntry[], filter: HistoryFilter): HistoryEntry[] {
  const text = filter.text?.trim().toLowerCase() ?? '';
  const method = filter.method?.trim().toUpperCase() ?? '';
  return entries
    .filter(
      (e) =>
        (text === '' || e.request.url.toLowerCase().includes(text) || e.request.method.toLowerCase().includes(text)) &&
        (method === '' || e.request.method.toUpperCase() === method) &&
        (filter.statusClass === undefined || statusClassOf(e) === filter.statusClass),
    )
    .sort(newestFirst);
}

/**
 * Entries grouped by local calendar day, newest day and newest entry first.
 * `timeZoneOffsetMinutes` is minutes east of UTC (UTC+02:00 is 120), i.e.
 * `-new Date().getTimezoneOffset()`.
 */
export function groupByDay(
  entries: readonly HistoryEntry[],
  timeZoneOffsetMinutes: number,
): { day: string; entries: HistoryEntry[] }[] {
  const groups: { day: string; entries: HistoryEntry[] }[] = [];
  for (const entry of [...entries].sort(newestFirst)) {
    const day = new Date(entry.createdAt + timeZoneOffsetMinutes * 60_000).toISOString().slice(0, 10);
    const last = groups[groups.length - 1];
    if (last?.day === day) last.entries.push(entry);
    else groups.push({ day, entries: [entry] });
  }
  return groups;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The entry with every literal occurrence of a secret's value (in the URL,
 * header names and values, request body and response body) replaced by
 * `{{name}}`, so a secret is never stored. `secrets` maps names to values;
 * empty values are ignored, and where values overlap the longest one wins.
 */
export function redactSecrets(entry: HistoryEntry, secrets: Readonly<Record<string, string>>): HistoryEntry {
  const nameOf = new Map<string, string>();
  for (const [name, value] of Object.entries(secrets)) {
    if (value !== '' && !nameOf.has(value)) nameOf.set(value, name);
  }
  if (nameOf.size === 0) return entry;
  const pattern = new RegExp(
    [...nameOf.keys()]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|'),
    'g',
  );
  // One pass, so a replacement's `{{name}}` is never matched by another secret.
  const redact = (text: string) => text.replace(pattern, (value) => `{{${nameOf.get(value) ?? ''}}}`);
  const request: HistoryEntry['request'] = {
    ...entry.request,
    url: redact(entry.request.url),
    headers: entry.request.headers.map((h) => ({ name: redact(h.name), value: redact(h.value) })),
  };
  if (entry.request.body !== undefined) request.body = redact(entry.request.body);
  const redacted: HistoryEntry = { ...entry, request };
  if (entry.response?.body !== undefined) redacted.response = { ...entry.response, body: redact(entry.response.body) };
  return redacted;
}
