/**
 * Connections made (WebSocket and event streams) kept like the REST history,
 * and the messages saved per connection for one-click resend. Everything is
 * in one storage key, written under the shared lock from the freshest copy.
 * Secret values never reach storage: they are replaced by `{{name}}`.
 */
import type { KeyValueRow } from '../http/compose.ts';
import { secretRedactor } from '../history/model.ts';
import type { Exclusive, KeyValueArea } from '../storage.ts';

export type ConnectionMode = 'websocket' | 'sse';

/** What the connection form holds: enough to reconnect. */
export interface ConnectionSpec {
  mode: ConnectionMode;
  url: string;
  headers: KeyValueRow[];
  /** Subprotocols as typed (WebSocket). */
  protocols: string;
  /** Event streams: the method and request body. */
  method: string;
  body: string;
}

export interface ConnectionRecord extends ConnectionSpec {
  id: string;
  createdAt: number;
  /** The environment active when it was made (its variables fill `{{name}}` on reopen). */
  environment?: string;
  /** How it went: "open, protocol chat", "refused: HTTP/1.1 401 Unauthorized"... */
  outcome?: string;
}

export interface SavedMessage {
  id: string;
  /** A short name shown on the resend button. */
  name: string;
  format: MessageFormat;
  text: string;
}

export type MessageFormat = 'text' | 'json' | 'hex';

export interface SocketData {
  history: ConnectionRecord[];
  /** Saved messages by connection URL (as written). */
  saved: Record<string, SavedMessage[]>;
}

export const SOCKETS_KEY = 'sockets';
export const SOCKET_HISTORY_CAPACITY = 200;
export const SAVED_PER_URL = 100;

const isString = (v: unknown): v is string => typeof v === 'string';
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function parseRows(raw: unknown): KeyValueRow[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter(isObject)
    .filter((r) => isString(r.name) && isString(r.value))
    .map((r) => ({ enabled: r.enabled !== false, name: r.name as string, value: r.value as string }));
}

function parseRecord(raw: unknown): ConnectionRecord | null {
  if (!isObject(raw) || !isString(raw.id) || !isString(raw.url) || typeof raw.createdAt !== 'number') return null;
  return {
    id: raw.id,
    createdAt: raw.createdAt,
    mode: raw.mode === 'sse' ? 'sse' : 'websocket',
    url: raw.url,
    headers: parseRows(raw.headers),
    protocols: isString(raw.protocols) ? raw.protocols : '',
    method: isString(raw.method) ? raw.method : 'GET',
    body: isString(raw.body) ? raw.body : '',
    ...(isString(raw.environment) ? { environment: raw.environment } : {}),
    ...(isString(raw.outcome) ? { outcome: raw.outcome } : {}),
  };
}

function parseSaved(raw: unknown): SavedMessage | null {
  if (!isObject(raw) || !isString(raw.id) || !isString(raw.text)) return null;
  const format: MessageFormat = raw.format === 'json' || raw.format === 'hex' ? raw.format : 'text';
  return { id: raw.id, name: isString(raw.name) ? raw.name : raw.text.slice(0, 40), format, text: raw.text };
}

/** Stored data read leniently: an unreadable record costs only itself. */
export function parseSocketData(raw: unknown): SocketData {
  if (!isObject(raw)) return { history: [], saved: {} };
  const history = Array.isArray(raw.history)
    ? raw.history.map(parseRecord).filter((r): r is ConnectionRecord => r !== null)
    : [];
  const saved: Record<string, SavedMessage[]> = {};
  if (isObject(raw.saved)) {
    for (const [url, list] of Object.entries(raw.saved)) {
      if (!Array.isArray(list)) continue;
      const messages = list.map(parseSaved).filter((m): m is SavedMessage => m !== null);
      if (messages.length > 0) saved[url] = messages;
    }
  }
  return { history, saved };
}

/** The record with every secret value replaced by `{{name}}` (URL, headers, protocols, body). */
export function redactRecord(
  record: ConnectionRecord,
  secrets: Readonly<Record<string, string>> | readonly (readonly [string, string])[],
): ConnectionRecord {
  const redact = secretRedactor(secrets);
  if (!redact) return record;
  return {
    ...record,
    url: redact(record.url),
    headers: record.headers.map((h) => ({ ...h, name: redact(h.name), value: redact(h.value) })),
    protocols: redact(record.protocols),
    body: redact(record.body),
    ...(record.outcome !== undefined ? { outcome: redact(record.outcome) } : {}),
  };
}

const sameSpec = (a: ConnectionSpec, b: ConnectionSpec) =>
  a.mode === b.mode &&
  a.url === b.url &&
  a.protocols === b.protocols &&
  a.method === b.method &&
  a.body === b.body &&
  JSON.stringify(a.headers) === JSON.stringify(b.headers);

/** Adds a record at the top; the same connection made again moves up instead of repeating. */
export function withRecord(data: SocketData, record: ConnectionRecord, capacity = SOCKET_HISTORY_CAPACITY): SocketData {
  const rest = data.history.filter((r) => !sameSpec(r, record));
  return { ...data, history: [record, ...rest].slice(0, capacity) };
}

/** Case-insensitive search over URL, outcome and header names. */
export function filterRecords(records: readonly ConnectionRecord[], query: string): ConnectionRecord[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [...records];
  return records.filter(
    (r) =>
      r.url.toLowerCase().includes(q) ||
      (r.outcome?.toLowerCase().includes(q) ?? false) ||
      r.headers.some((h) => h.name.toLowerCase().includes(q)),
  );
}

/** The sockets key in storage: read, and changed under the lock from the freshest copy. */
export class SocketDataStore {
  constructor(
    private readonly area: KeyValueArea,
    private readonly lock: Exclusive,
  ) {}

  async load(): Promise<SocketData> {
    const stored = await this.area.get([SOCKETS_KEY]);
    return parseSocketData(stored[SOCKETS_KEY]);
  }

  update(change: (data: SocketData) => SocketData): Promise<SocketData> {
    return this.lock(async () => {
      const next = change(await this.load());
      await this.area.set({ [SOCKETS_KEY]: next });
      return next;
    });
  }

  addRecord(record: ConnectionRecord): Promise<SocketData> {
    return this.update((data) => withRecord(data, record));
  }

  removeRecord(id: string): Promise<SocketData> {
    return this.update((data) => ({ ...data, history: data.history.filter((r) => r.id !== id) }));
  }

  clearHistory(): Promise<SocketData> {
    return this.update((data) => ({ ...data, history: [] }));
  }

  saveMessage(url: string, message: SavedMessage): Promise<SocketData> {
    return this.update((data) => {
      const list = [...(data.saved[url] ?? []).filter((m) => m.id !== message.id), message].slice(-SAVED_PER_URL);
      return { ...data, saved: { ...data.saved, [url]: list } };
    });
  }

  removeMessage(url: string, id: string): Promise<SocketData> {
    return this.update((data) => {
      const list = (data.saved[url] ?? []).filter((m) => m.id !== id);
      const saved = { ...data.saved };
      if (list.length > 0) saved[url] = list;
      else delete saved[url];
      return { ...data, saved };
    });
  }
}
