/**
 * Header rows as the header editors hold them (the REST client's request
 * headers, the WebSocket tool's handshake headers): rows with stable ids,
 * their `Name: value` bulk text, and the names offered as completions.
 */
import type { KeyValueRow } from '../../core/http/compose.ts';
import { blankQueryRow, type QueryRow } from '../../core/http/query.ts';

let lastId = 0;
/** A key for list rendering, unique within the page. */
export const nextId = () => ++lastId;

export interface Row extends KeyValueRow {
  id: number;
}

export const row = (name = '', value = '', enabled = true): Row => ({ id: nextId(), enabled, name, value });

/** A URL's query parameter as a table row (the query editors: REST client, WebSocket). */
export interface QueryRowState extends QueryRow {
  id: number;
}

/** A row for a parameter (a blank one by default). */
export const queryRow = (q: QueryRow = blankQueryRow()): QueryRowState => ({ ...q, id: nextId() });

/** Common request header names, offered as completions. */
export const COMMON_HEADER_NAMES = [
  'Accept',
  'Accept-Charset',
  'Accept-Encoding',
  'Accept-Language',
  'Authorization',
  'Cache-Control',
  'Connection',
  'Content-Disposition',
  'Content-Encoding',
  'Content-Language',
  'Content-Type',
  'Cookie',
  'DNT',
  'Forwarded',
  'If-Match',
  'If-Modified-Since',
  'If-None-Match',
  'If-Range',
  'If-Unmodified-Since',
  'Origin',
  'Pragma',
  'Prefer',
  'Range',
  'Referer',
  'TE',
  'User-Agent',
  'X-API-Key',
  'X-Correlation-ID',
  'X-Forwarded-For',
  'X-Forwarded-Host',
  'X-Forwarded-Proto',
  'X-Request-ID',
  'X-Requested-With',
] as const;

/** Common Content-Type values, offered for the Content-Type header's value. */
export const COMMON_CONTENT_TYPES = [
  'application/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'text/plain',
  'text/html',
  'application/xml',
  'application/octet-stream',
] as const;

/** Rows as bulk text: `Name: value` per line, disabled rows commented out with `//`. */
export function headersToBulk(rows: readonly KeyValueRow[]): string {
  return rows
    .filter((r) => r.name !== '' || r.value !== '')
    .map((r) => `${r.enabled ? '' : '//'}${r.name}: ${r.value}`)
    .join('\n');
}

/**
 * Bulk text back into rows. Each non-empty line is `Name: value` (the value
 * after the first colon, surrounding spaces trimmed); `//` comments a row
 * out (kept, disabled). `//` cannot start a header name, so it is unambiguous.
 */
export function bulkToHeaders(text: string): Row[] {
  const rows: Row[] = [];
  for (const line of text.split(/\r?\n/)) {
    let rest = line.trim();
    if (rest === '') continue;
    const enabled = !rest.startsWith('//');
    if (!enabled) rest = rest.slice(2).trimStart();
    const colon = rest.indexOf(':');
    const name = (colon === -1 ? rest : rest.slice(0, colon)).trim();
    const value = colon === -1 ? '' : rest.slice(colon + 1).trim();
    rows.push(row(name, value, enabled));
  }
  return rows;
}
