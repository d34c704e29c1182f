import { flatMap } from '../arrays';
/**
 * The REST client's query-parameter table, kept in sync with the URL both
 * ways. The URL text is the source of truth: rows are read from it, and an
 * edit rewrites only the part of the URL that changed. Untouched parameters
 * keep their bytes exactly as written (never decoded and re-encoded).
 */

/** One query parameter as the table shows it. */
export interface QueryRow {
  /** Disabled rows live only in the table: they are not in the URL. */
  enabled: boolean;
  /** Decoded for display (percent escapes resolved; `+` stays `+`). */
  name: string;
  value: string;
  /** The name exactly as it appears in the URL. */
  rawName: string;
  /** The value exactly as in the URL; null when the parameter has no `=`. */
  rawValue: string | null;
}

/** A URL cut at its query: `base` + (`?` + `query`) + (`#` + `fragment`) is the URL again. */
export interface UrlQueryParts {
  base: string;
  /** Text between `?` and `#`, or null when the URL has no `?`. */
  query: string | null;
  /** Text after `#`, or null when the URL has none. */
  fragment: string | null;
}

export function splitQuery(url: string): UrlQueryParts {
  const hash = url.indexOf('#');
  const beforeHash = hash === -1 ? url : url.slice(0, hash);
  const fragment = hash === -1 ? null : url.slice(hash + 1);
  const question = beforeHash.indexOf('?');
  if (question === -1) return { base: beforeHash, query: null, fragment };
  return { base: beforeHash.slice(0, question), query: beforeHash.slice(question + 1), fragment };
}

export function joinQuery(parts: UrlQueryParts): string {
  return (
    parts.base + (parts.query === null ? '' : `?${parts.query}`) + (parts.fragment === null ? '' : `#${parts.fragment}`)
  );
}

/**
 * Characters written as they are in a query name or value. Everything else is
 * percent-encoded as UTF-8: space (as `%20`, never `+`), `&`, `=`, `%`, `#`,
 * `+`, quotes, `<>`, `\^|` and backtick, controls, and all non-ASCII. Braces
 * stay, so `{{VAR}}` templates remain readable.
 */
const QUERY_SAFE = /[A-Za-z0-9\-._~!$()*,;:@/?{}[\]]/;

const encoder = new TextEncoder();

/** Percent-encodes one query name or value (upper-case hex, UTF-8). */
export function encodeQueryComponent(text: string): string {
  let out = '';
  for (const char of text) {
    if (char.length === 1 && QUERY_SAFE.test(char)) {
      out += char;
      continue;
    }
    for (const byte of encoder.encode(char)) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

const strictDecoder = new TextDecoder('utf-8', { fatal: true });

/** Length of the UTF-8 sequence a lead byte starts, or 0 for a byte that cannot start one. */
function utf8Length(lead: number): number {
  if (lead < 0x80) return 1;
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

/**
 * Percent-decodes for display. Escapes that form valid UTF-8 become their
 * characters; a stray `%` or an escape that is not valid UTF-8 stays as
 * written. `+` is left alone: its meaning is up to the server.
 */
export function decodeQueryComponent(raw: string): string {
  if (!raw.includes('%')) return raw;
  let out = '';
  let i = 0;
  const byteAt = (at: number): number | null =>
    raw[at] === '%' && /^[0-9A-Fa-f]{2}$/.test(raw.slice(at + 1, at + 3))
      ? parseInt(raw.slice(at + 1, at + 3), 16)
      : null;
  while (i < raw.length) {
    const lead = byteAt(i);
    if (lead === null) {
      out += raw[i];
      i++;
      continue;
    }
    const length = utf8Length(lead);
    const bytes: number[] = [lead];
    for (let k = 1; k < length; k++) {
      const next = byteAt(i + k * 3);
      if (next === null) break;
      bytes.push(next);
    }
    if (length > 0 && bytes.length === length) {
      try {
        out += strictDecoder.decode(new Uint8Array(bytes));
        i += length * 3;
        continue;
      } catch {
        // not valid UTF-8: fall through and keep the escape as written
      }
    }
    out += raw.slice(i, i + 3);
    i += 3;
  }
  return out;
}

/** The URL's query parameters in order. Empty segments (`a&&b`, a trailing `&`) are skipped. */
export function parseQuery(url: string): QueryRow[] {
  const { query } = splitQuery(url);
  if (query === null) return [];
  const rows: QueryRow[] = [];
  for (const segment of query.split('&')) {
    if (segment === '') continue;
    const eq = segment.indexOf('=');
    const rawName = eq === -1 ? segment : segment.slice(0, eq);
    const rawValue = eq === -1 ? null : segment.slice(eq + 1);
    rows.push({
      enabled: true,
      name: decodeQueryComponent(rawName),
      value: rawValue === null ? '' : decodeQueryComponent(rawValue),
      rawName,
      rawValue,
    });
  }
  return rows;
}

/** The row's text in the URL. */
export function rawSegment(row: Pick<QueryRow, 'rawName' | 'rawValue'>): string {
  return row.rawValue === null ? row.rawName : `${row.rawName}=${row.rawValue}`;
}

/** Whether the row is written into the URL: enabled, and not a blank row still being filled in. */
export function isInUrl(row: QueryRow): boolean {
  return row.enabled && !(row.rawName === '' && row.rawValue === null);
}

/** A new, empty row (not in the URL until it gets a name or a value). */
export function blankQueryRow(): QueryRow {
  return { enabled: true, name: '', value: '', rawName: '', rawValue: null };
}

/**
 * Applies an edit of a row's name or value: only the edited part is encoded
 * again; the other keeps its bytes.
 */
export function editQueryRow<T extends QueryRow>(row: T, patch: { name?: string; value?: string }): T {
  const next = { ...row };
  if (patch.name !== undefined) {
    next.name = patch.name;
    next.rawName = encodeQueryComponent(patch.name);
  }
  if (patch.value !== undefined) {
    next.value = patch.value;
    next.rawValue = patch.value === '' && row.rawValue === null ? null : encodeQueryComponent(patch.value);
  }
  return next;
}

/**
 * Writes the rows into the URL. When the rows still match the URL's
 * parameters one for one, each is replaced in place (so `&&` and the like stay
 * as written); when rows were added or removed the query is joined afresh
 * from the rows' raw text. The path and the fragment are never touched.
 */
export function writeQueryRows(url: string, rows: readonly QueryRow[]): string {
  const parts = splitQuery(url);
  const wanted = rows.filter(isInUrl).map(rawSegment);
  const segments = parts.query === null ? [] : parts.query.split('&');
  const present = flatMap(segments, (segment, index) => (segment === '' ? [] : [index]));
  if (wanted.length === 0) {
    if (present.length === 0) return url;
    return joinQuery({ ...parts, query: null });
  }
  if (present.length === wanted.length) {
    const next = [...segments];
    present.forEach((index, k) => {
      next[index] = wanted[k]!;
    });
    return joinQuery({ ...parts, query: next.join('&') });
  }
  return joinQuery({ ...parts, query: wanted.join('&') });
}

/**
 * Reads the URL back into the table after the user edited the URL text.
 * Rows that are not in the URL (disabled or blank) keep their places; the
 * URL's parameters fill the other places in order, an unchanged row keeping
 * its identity; extra parameters are appended, missing ones dropped.
 */
export function mergeQueryRows<T extends QueryRow>(
  previous: readonly T[],
  url: string,
  make: (row: QueryRow) => T,
): T[] {
  const parsed = parseQuery(url);
  const out: T[] = [];
  let next = 0;
  for (const row of previous) {
    if (!isInUrl(row)) {
      out.push(row);
      continue;
    }
    const segment = parsed[next++];
    if (!segment) continue;
    out.push(
      segment.rawName === row.rawName && segment.rawValue === row.rawValue
        ? row
        : { ...row, ...segment, enabled: true },
    );
  }
  for (; next < parsed.length; next++) out.push(make(parsed[next]!));
  return out;
}

/** Appends one parameter (encoded) to the URL's query, before any fragment. */
export function appendQueryParam(url: string, name: string, value: string): string {
  const parts = splitQuery(url);
  const segment = `${encodeQueryComponent(name)}=${encodeQueryComponent(value)}`;
  const query =
    parts.query === null || parts.query === ''
      ? segment
      : parts.query.endsWith('&')
        ? parts.query + segment
        : `${parts.query}&${segment}`;
  return joinQuery({ ...parts, query });
}
