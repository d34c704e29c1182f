/**
 * Turns what the REST client's editor holds (method, URL, header rows, a body
 * of some kind, an auth helper) into the exact request to send: header lines
 * in order and the body's bytes. Pure: files arrive as bytes already read.
 */
import type { OutgoingRequest } from '../../protocol.ts';
import { bytesToBase64 } from '../bytes.ts';
import { contentTypeForFilename, multipartBytes, randomBoundary } from '../curl/wire.ts';
import type { FormPart } from '../curl/model.ts';
import { appendQueryParam } from './query.ts';
import { checkRequest, methodAllowsBody, type HeaderLine } from './request.ts';

/** A name/value row with an enable checkbox (headers, form fields). */
export interface KeyValueRow {
  enabled: boolean;
  name: string;
  value: string;
}

/** A file the user picked, already read. */
export interface FileData {
  name: string;
  /** The browser's idea of its type; may be empty. */
  type: string;
  bytes: Uint8Array;
}

export type MultipartRow = KeyValueRow &
  ({ kind: 'text' } | { kind: 'file'; /** null until a file is chosen */ file: FileData | null });

export const BODY_KINDS = ['none', 'json', 'text', 'form', 'multipart', 'binary'] as const;
export type BodyKind = (typeof BODY_KINDS)[number];

export type BodyDraft =
  | { kind: 'none' }
  | { kind: 'json'; text: string }
  | { kind: 'text'; text: string }
  | { kind: 'form'; rows: KeyValueRow[] }
  | { kind: 'multipart'; rows: MultipartRow[] }
  | { kind: 'binary'; file: FileData | null };

export type AuthDraft =
  | { kind: 'none' }
  | { kind: 'basic'; user: string; password: string }
  | { kind: 'bearer'; token: string }
  | { kind: 'apikey'; name: string; value: string; in: 'header' | 'query' };

/** Everything the editor holds about one request. The URL already carries the query rows. */
export interface RequestDraft {
  method: string;
  url: string;
  headers: KeyValueRow[];
  body: BodyDraft;
  auth: AuthDraft;
}

/** A draft that cannot be sent as it is; `field` says where to look. */
export class ComposeError extends Error {
  override name = 'ComposeError';
  constructor(
    message: string,
    readonly field: 'method' | 'url' | 'headers' | 'body' | 'auth',
  ) {
    super(message);
  }
}

export interface ComposeOptions {
  /** Multipart boundary; a random one in curl's style when absent. */
  boundary?: string;
}

const encoder = new TextEncoder();

const isBlank = (row: KeyValueRow) => row.name === '' && row.value === '';

/** Header lines from the enabled rows, as written (names trimmed); blank rows are skipped. */
export function headerLines(rows: readonly KeyValueRow[]): HeaderLine[] {
  const out: HeaderLine[] = [];
  for (const row of rows) {
    if (!row.enabled || isBlank(row)) continue;
    out.push({ name: row.name.trim(), value: row.value });
  }
  return out;
}

/** The Authorization (or API key) header the auth helper adds, if any. */
export function authHeader(auth: AuthDraft): HeaderLine | null {
  switch (auth.kind) {
    case 'basic':
      return {
        name: 'Authorization',
        value: `Basic ${bytesToBase64(encoder.encode(`${auth.user}:${auth.password}`))}`,
      };
    case 'bearer':
      return { name: 'Authorization', value: `Bearer ${auth.token}` };
    case 'apikey':
      return auth.in === 'header' ? { name: auth.name.trim(), value: auth.value } : null;
    case 'none':
      return null;
  }
}

/** The body's bytes and the Content-Type it implies (null for no body). */
function bodyBytes(body: BodyDraft, boundary: string): { bytes: Uint8Array; contentType: string } | null {
  switch (body.kind) {
    case 'none':
      return null;
    case 'json':
      return { bytes: encoder.encode(body.text), contentType: 'application/json' };
    case 'text':
      return { bytes: encoder.encode(body.text), contentType: 'text/plain; charset=utf-8' };
    case 'form': {
      const pairs = body.rows
        .filter((row) => row.enabled && !isBlank(row))
        .map((row): [string, string] => [row.name, row.value]);
      return { bytes: encoder.encode(formEncode(pairs)), contentType: 'application/x-www-form-urlencoded' };
    }
    case 'multipart': {
      const files = new Map<string, Uint8Array>();
      const parts: FormPart[] = [];
      for (const [index, row] of body.rows.entries()) {
        if (!row.enabled) continue;
        if (row.kind === 'text') {
          if (isBlank(row)) continue;
          parts.push({ type: 'field', name: row.name, value: row.value, headers: [] });
          continue;
        }
        if (!row.file) {
          throw new ComposeError(
            `Multipart part ${index + 1}${row.name ? ` (${row.name})` : ''}: choose a file, or switch the part to text.`,
            'body',
          );
        }
        const key = `${index}`;
        files.set(key, row.file.bytes);
        parts.push({
          type: 'file',
          name: row.name,
          path: key,
          filename: row.file.name,
          contentType: row.file.type || contentTypeForFilename(row.file.name),
          headers: [],
        });
      }
      const bytes = multipartBytes(parts, boundary, {
        readFile: (path) => {
          const data = files.get(path);
          if (!data) throw new ComposeError(`A multipart file could not be read.`, 'body');
          return data;
        },
      });
      return { bytes, contentType: `multipart/form-data; boundary=${boundary}` };
    }
    case 'binary':
      if (!body.file) throw new ComposeError('Choose the file to send as the body.', 'body');
      return { bytes: body.file.bytes, contentType: body.file.type || 'application/octet-stream' };
  }
}

/**
 * WHATWG application/x-www-form-urlencoded, what browsers send for a form:
 * space as `+`, `*-._` kept, everything else percent-encoded (UTF-8, upper case).
 */
export function formEncode(pairs: readonly [string, string][]): string {
  return new URLSearchParams(pairs as [string, string][]).toString();
}

/**
 * Builds the request to send: the URL as written (plus an API key for the
 * query), the auth helper's header first, the enabled header rows in order,
 * then a Content-Type for the body unless a row sets one. GET and HEAD carry
 * no body (browsers refuse one), whatever the body editor holds.
 */
export function composeRequest(draft: RequestDraft, id: string, options: ComposeOptions = {}): OutgoingRequest {
  const method = draft.method.trim();
  let url = draft.url.trim();
  const userHeaders = headerLines(draft.headers);
  for (const [index, row] of userHeaders.entries()) {
    if (row.name === '') throw new ComposeError(`Header ${index + 1} has a value but no name.`, 'headers');
  }
  const userHas = (name: string) => userHeaders.some((h) => h.name.toLowerCase() === name.toLowerCase());

  const headers: HeaderLine[] = [];
  const auth = draft.auth;
  if (auth.kind === 'apikey' && auth.name.trim() === '') {
    throw new ComposeError('The API key needs a name (the header or query parameter to put it in).', 'auth');
  }
  const fromAuth = authHeader(auth);
  // A header row written by hand wins over the helper's.
  if (fromAuth && !userHas(fromAuth.name)) headers.push(fromAuth);
  headers.push(...userHeaders);

  if (method === '') throw new ComposeError('Enter a method name, for example PURGE.', 'method');
  const check = checkRequest({ method, url, headers });
  if (!check.ok) throw new ComposeError(check.message, check.field);
  if (auth.kind === 'apikey' && auth.in === 'query') url = appendQueryParam(url, auth.name.trim(), auth.value);

  let bodyBase64: string | undefined;
  if (methodAllowsBody(method)) {
    const body = bodyBytes(draft.body, options.boundary ?? randomBoundary());
    if (body) {
      bodyBase64 = bytesToBase64(body.bytes);
      const userType = headers.find((h) => h.name.toLowerCase() === 'content-type');
      if (!userType) headers.push({ name: 'Content-Type', value: body.contentType });
      else if (
        draft.body.kind === 'multipart' &&
        /^multipart\//i.test(userType.value) &&
        !/boundary=/i.test(userType.value)
      ) {
        // The parts are separated by our boundary: the header must name it.
        const boundary = body.contentType.slice(body.contentType.indexOf('boundary='));
        const at = headers.indexOf(userType);
        headers[at] = { name: userType.name, value: `${userType.value}; ${boundary}` };
      }
    }
  }
  return bodyBase64 === undefined ? { id, method, url, headers } : { id, method, url, headers, bodyBase64 };
}

export interface JsonProblem {
  message: string;
  /** 1-based, when the parser said where. */
  line?: number;
  column?: number;
}

/** Line and column (1-based) of a character offset. */
function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/** Checks a JSON body; null when it parses (an empty body is fine too). */
export function checkJson(text: string): JsonProblem | null {
  if (text.trim() === '') return null;
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    const raw = (error as Error).message;
    const lc = /line (\d+) column (\d+)/.exec(raw);
    const position = /position (\d+)/.exec(raw);
    const where = lc
      ? { line: Number(lc[1]), column: Number(lc[2]) }
      : position
        ? lineColumn(text, Number(position[1]))
        : /Unexpected end|end of (JSON )?data/i.test(raw)
          ? lineColumn(text, text.length)
          : undefined;
    // Engines word it differently; keep the reason, drop their position wording.
    const reason = raw
      .replace(/^JSON\.parse: /, '')
      .replace(/,? ?"[^"]*"\.{3}.*$/s, '')
      .replace(/ (in JSON )?at (position \d+|line \d+ column \d+).*$/s, '')
      .replace(/ of the JSON data$/, '')
      .trim();
    const message = where
      ? `Invalid JSON at line ${where.line}, column ${where.column}: ${reason}`
      : `Invalid JSON: ${reason}`;
    return where ? { message, ...where } : { message };
  }
}

/**
 * Re-indents a valid JSON text with two spaces. Works on the tokens, so
 * numbers, escapes and key order stay exactly as written (no precision lost
 * on big numbers). Returns null for text that is not JSON.
 */
export function formatJson(text: string): string | null {
  try {
    JSON.parse(text);
  } catch {
    return null;
  }
  let out = '';
  let depth = 0;
  const newline = () => `\n${'  '.repeat(depth)}`;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j;
    } else if (ch === '{' || ch === '[') {
      // Empty containers stay on one line.
      const rest = text.slice(i + 1).trimStart();
      if (rest.startsWith(ch === '{' ? '}' : ']')) {
        out += ch === '{' ? '{}' : '[]';
        i = text.indexOf(ch === '{' ? '}' : ']', i + 1);
      } else {
        depth++;
        out += ch + newline();
      }
    } else if (ch === '}' || ch === ']') {
      depth--;
      out += newline() + ch;
    } else if (ch === ',') out += `,${newline()}`;
    else if (ch === ':') out += ': ';
    else if (!/\s/.test(ch)) out += ch;
  }
  return out;
}
