/**
 * What every generator needs to know about a request, worked out once: the
 * exact header lines to set (curl's defaults left to the client), the body in
 * the most idiomatic form that still sends the same bytes, and what the
 * target must be warned about. Generators only render this.
 */
import type { Warning } from '../errors.ts';
import type { HeaderLine } from '../http/request.ts';
import type { CurlRequest, DataPiece, FormPart, Transport } from '../curl/model.ts';
import { curlUrlEncode } from '../curl/urlencode.ts';
import { splitUrl } from '../curl/wire.ts';
import { hasRawBytes } from '../raw-bytes.ts';
import { hasVariables, splitVariables, type TextPart } from '../variables.ts';

export type PreparedBody =
  | { kind: 'none' }
  /** The exact body text (may hold variable markers). */
  | { kind: 'text'; text: string }
  /**
   * A JSON body: `text` is exact; `value` is the parsed document. A generator
   * may write `value` as a literal only if its serializer reproduces `text`
   * byte for byte (see `jsonStyleOf`).
   */
  | { kind: 'json'; text: string; value: unknown; style: JsonStyle | null }
  /** `application/x-www-form-urlencoded` pairs that `text` decodes to exactly (names and values decoded). */
  | { kind: 'form'; text: string; pairs: [string, string][] }
  /** The whole body is one file's bytes; `strip` removes CR and LF first (`-d @file`). */
  | { kind: 'file'; path: string; strip: boolean }
  /** Pieces to concatenate at run time (files mixed with text, url-encoded file contents). */
  | { kind: 'pieces'; pieces: DataPiece[] }
  | { kind: 'multipart'; parts: FormPart[] }
  | { kind: 'stdin'; strip: boolean };

/** How a JSON text is laid out, when it is exactly one serializer's output. */
export type JsonStyle =
  /** `JSON.stringify(v)` (also serde_json's `to_string`, and Go's `json.Marshal` when the text has no `<>&`) */
  | 'compact'
  /** Python's `json.dumps(v)`: `", "` and `": "` separators, ASCII escapes */
  | 'python';

export interface PreparedRequest {
  method: string;
  /** True when the method is the one the body implies (GET without body, POST with one), so a helper like `requests.post` fits. */
  methodIsDefault: boolean;
  url: string;
  /** Header lines the program must set, in curl's order, names as written. Excludes Host, Content-Length and curl's own defaults. */
  headers: HeaderLine[];
  /** Basic credentials to express with the client's auth idiom (only when no Authorization header is set). */
  basicAuth?: { user: string; password: string };
  /** Headers curl's defaults would include that the command removed (`-H 'Accept:'`), lower-cased. */
  removedDefaults: string[];
  body: PreparedBody;
  transport: Transport;
  /** Names of shell variables the program reads from the environment, in first-use order. */
  variables: string[];
  warnings: Warning[];
}

const FORM_SAFE = /^[A-Za-z0-9\-._~*%+=&!'()]*$/;

/** Exact percent-decoding of a form component (`+` is a space); null when the text is not valid form encoding. */
function formDecode(text: string): string | null {
  if (/%(?![0-9A-Fa-f]{2})/.test(text)) return null;
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** Splits `a=1&b=2` into decoded pairs when it is plain form encoding; null when it is not (or would not round-trip). */
export function parseForm(text: string): [string, string][] | null {
  if (text === '' || hasVariables(text) || !FORM_SAFE.test(text)) return null;
  const pairs: [string, string][] = [];
  for (const item of text.split('&')) {
    const eq = item.indexOf('=');
    if (eq <= 0) return null;
    const name = formDecode(item.slice(0, eq));
    const value = formDecode(item.slice(eq + 1));
    if (name === null || value === null) return null;
    pairs.push([name, value]);
  }
  return pairs;
}

/**
 * Encodes form pairs the way most clients do (WHATWG application/x-www-form-urlencoded:
 * space as `+`, `*-._` kept, everything else percent-encoded in upper case).
 */
export function whatwgFormEncode(pairs: [string, string][]): string {
  return new URLSearchParams(pairs).toString();
}

/** Python's `urllib.parse.urlencode` (used by requests and httpx for `data=` dicts): `quote_plus`, keeps `_.-~`. */
export function pythonFormEncode(pairs: [string, string][]): string {
  const enc = (s: string) =>
    [...new TextEncoder().encode(s)]
      .map((b) => {
        const ch = String.fromCharCode(b);
        if (/[A-Za-z0-9_.\-~]/.test(ch)) return ch;
        if (b === 0x20) return '+';
        return `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
      })
      .join('');
  return pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&');
}

/** Go's `url.Values.Encode()`: keys sorted, `QueryEscape` (space as `+`, keeps `-_.~`). */
export function goFormEncode(pairs: [string, string][]): string {
  const sorted = [...pairs]
    .map((p, i) => [p, i] as const)
    .sort((a, b) => (a[0][0] < b[0][0] ? -1 : a[0][0] > b[0][0] ? 1 : a[1] - b[1]));
  return pythonFormEncode(sorted.map(([p]) => p));
}

function pythonJsonDumps(value: unknown): string | null {
  // json.dumps(ensure_ascii=True) with ", " and ": " separators.
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // Python prints floats differently from JavaScript in places (1e21, 1.0): only plain integers and
    // simple decimals are trusted.
    const text = String(value);
    // repr() switches to exponents below 1e-4 and from 1e16; trust only what both print alike.
    const magnitude = Math.abs(value);
    if (!Number.isInteger(value) && magnitude !== 0 && (magnitude < 1e-4 || magnitude >= 1e16)) return null;
    return /^-?\d+(\.\d+)?$/.test(text) ? text : null;
  }
  if (typeof value === 'string') {
    return `"${[...value]
      .map((ch) => {
        const code = ch.codePointAt(0)!;
        if (ch === '"') return '\\"';
        if (ch === '\\') return '\\\\';
        if (ch === '\n') return '\\n';
        if (ch === '\r') return '\\r';
        if (ch === '\t') return '\\t';
        if (ch === '\b') return '\\b';
        if (ch === '\f') return '\\f';
        if (code < 0x20 || code > 0x7e) {
          if (code > 0xffff) {
            const hi = Math.floor((code - 0x10000) / 0x400) + 0xd800;
            const lo = ((code - 0x10000) % 0x400) + 0xdc00;
            return `\\u${hi.toString(16)}\\u${lo.toString(16)}`;
          }
          return `\\u${code.toString(16).padStart(4, '0')}`;
        }
        return ch;
      })
      .join('')}"`;
  }
  if (Array.isArray(value)) {
    const items = value.map(pythonJsonDumps);
    return items.includes(null) ? null : `[${items.join(', ')}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => {
      const key = pythonJsonDumps(k);
      const val = pythonJsonDumps(v);
      return key === null || val === null ? null : `${key}: ${val}`;
    });
    return entries.includes(null) ? null : `{${entries.join(', ')}}`;
  }
  return null;
}

/** Which serializer would write exactly this JSON text, if any. */
export function jsonStyleOf(text: string, value: unknown): JsonStyle | null {
  // A text with duplicate keys never matches: the parsed value has lost one of them.
  if (JSON.stringify(value) === text) return 'compact';
  if (pythonJsonDumps(value) === text) return 'python';
  return null;
}

function collectVariables(strings: string[]): string[] {
  const names: string[] = [];
  for (const text of strings) {
    for (const part of splitVariables(text) as TextPart[]) {
      if (typeof part !== 'string' && !names.includes(part.variable)) names.push(part.variable);
    }
  }
  return names;
}

function dataText(pieces: DataPiece[]): string | null {
  let out = '';
  for (const [i, piece] of pieces.entries()) {
    let text: string;
    if (piece.type === 'literal') text = piece.text;
    else if (piece.type === 'urlencode')
      text = (piece.name !== undefined ? `${piece.name}=` : '') + curlUrlEncode(piece.value);
    else return null;
    out += i === 0 || ('json' in piece && piece.json) ? text : `&${text}`;
  }
  return out;
}

/**
 * Bodies longer than this are written as one exact string literal instead of
 * an idiomatic object or form literal: nobody reads a 1 MB literal as code,
 * and laying one out as nested structures costs a hundred times more.
 */
export const IDIOMATIC_BODY_LIMIT = 64 * 1024;

function prepareBody(request: CurlRequest, warnings: Warning[]): PreparedBody {
  const body = request.body;
  switch (body.kind) {
    case 'none':
      return { kind: 'none' };
    case 'multipart':
      return { kind: 'multipart', parts: body.parts };
    case 'upload':
      return body.path === null ? { kind: 'stdin', strip: false } : { kind: 'file', path: body.path, strip: false };
    case 'data': {
      const pieces = body.pieces;
      if (pieces.length === 1 && pieces[0]!.type === 'file')
        return { kind: 'file', path: pieces[0]!.path, strip: pieces[0]!.strip };
      if (pieces.length === 1 && pieces[0]!.type === 'stdin') return { kind: 'stdin', strip: pieces[0]!.strip };
      // A variable inside a --data-urlencode value must be encoded when the program runs.
      const encodesVariable = pieces.some((p) => p.type === 'urlencode' && hasVariables(p.value));
      const text = encodesVariable ? null : (body.text ?? dataText(pieces));
      if (text === null) return { kind: 'pieces', pieces };
      if (text.length > IDIOMATIC_BODY_LIMIT) return { kind: 'text', text };
      if (body.format === 'json' && !hasVariables(text)) {
        try {
          const value: unknown = JSON.parse(text);
          return { kind: 'json', text, value, style: jsonStyleOf(text, value) };
        } catch {
          warnings.push({
            code: 'json-invalid',
            message: 'The body is declared as JSON but does not parse as JSON; it is sent as text.',
          });
          return { kind: 'text', text };
        }
      }
      if (body.format === 'urlencoded') {
        const pairs = parseForm(text);
        if (pairs) return { kind: 'form', text, pairs };
      }
      return { kind: 'text', text };
    }
  }
}

/** Works out the request a generated program must send. */
export function prepareRequest(request: CurlRequest): PreparedRequest {
  const warnings: Warning[] = [];
  const has = (name: string) => request.headers.some((h) => h.name.toLowerCase() === name);
  const removed = (name: string) => request.removedHeaders.some((h) => h.toLowerCase() === name);
  const headers: HeaderLine[] = [];
  let basicAuth: PreparedRequest['basicAuth'];

  const auth = request.auth;
  if (!has('authorization') && !removed('authorization')) {
    if (auth?.scheme === 'basic') basicAuth = { user: auth.user ?? '', password: auth.password ?? '' };
    else if (auth?.scheme === 'bearer') headers.push({ name: 'Authorization', value: `Bearer ${auth.token ?? ''}` });
    else if (auth) {
      warnings.push({
        code: 'auth-unsupported',
        message: `${auth.scheme} authentication is not generated: add it with the client's own support for it.`,
      });
    } else {
      const userinfo = splitUrlSafe(request.url)?.userinfo;
      if (userinfo !== undefined) {
        const colon = userinfo.indexOf(':');
        const decode = (s: string) => {
          try {
            return decodeURIComponent(s);
          } catch {
            return s;
          }
        };
        basicAuth = {
          user: decode(colon === -1 ? userinfo : userinfo.slice(0, colon)),
          password: colon === -1 ? '' : decode(userinfo.slice(colon + 1)),
        };
      }
    }
  }
  if (request.userAgent !== undefined && !has('user-agent') && !removed('user-agent')) {
    headers.push({ name: 'User-Agent', value: request.userAgent });
  }
  if (request.referer !== undefined && !has('referer') && !removed('referer')) {
    headers.push({ name: 'Referer', value: request.referer });
  }
  if (request.cookieFiles.length > 0) {
    warnings.push({
      code: 'cookie-file',
      message: `Cookies from ${request.cookieFiles.join(', ')} are not loaded by the generated code.`,
    });
  }
  if (request.cookies.length > 0 && !has('cookie') && !removed('cookie')) {
    headers.push({ name: 'Cookie', value: request.cookies.join(';') });
  }
  for (const header of request.headers) {
    if (header.name.toLowerCase() === 'host') {
      warnings.push({
        code: 'host-header',
        message: 'A custom Host header is set; some clients replace it with the URL host.',
      });
    }
    headers.push({ name: header.name, value: header.value });
  }
  const body = prepareBody(request, warnings);
  if (request.body.kind === 'data' && !has('content-type') && !removed('content-type')) {
    headers.push({ name: 'Content-Type', value: 'application/x-www-form-urlencoded' });
  }

  const method = request.method;
  const implied = request.body.kind === 'none' ? 'GET' : request.body.kind === 'upload' ? 'PUT' : 'POST';
  const removedDefaults = request.removedHeaders
    .map((h) => h.toLowerCase())
    .filter((h) => ['accept', 'user-agent', 'host', 'content-type', 'accept-encoding'].includes(h) && !has(h));

  const output = request.transport.output;
  const strings = [
    request.method,
    request.url,
    ...headers.flatMap((h) => [h.name, h.value]),
    ...(basicAuth ? [basicAuth.user, basicAuth.password] : []),
    ...bodyStrings(body),
    ...(request.transport.proxy !== undefined ? [request.transport.proxy] : []),
    ...(request.transport.proxyUser !== undefined ? [request.transport.proxyUser] : []),
    ...(output && 'file' in output ? [output.file] : []),
  ];
  if (strings.some(hasRawBytes)) {
    warnings.push({
      code: 'raw-bytes',
      message:
        "The request holds bytes that are not UTF-8 text (from \\xHH or \\NNN escapes in $'...'), which a string " +
        'in the generated code cannot hold: they are not sent as they are. Write them as text, or send the body from a file.',
    });
  }
  return {
    method,
    methodIsDefault: method === implied,
    url: request.url,
    headers,
    basicAuth,
    removedDefaults,
    body,
    transport: request.transport,
    variables: collectVariables(strings),
    warnings,
  };
}

function splitUrlSafe(url: string) {
  try {
    return splitUrl(url);
  } catch {
    return undefined;
  }
}

function bodyStrings(body: PreparedBody): string[] {
  switch (body.kind) {
    case 'text':
    case 'json':
    case 'form':
      return [body.text];
    case 'file':
      return [body.path];
    case 'pieces':
      return body.pieces.flatMap((p) =>
        'text' in p ? [p.text] : 'path' in p ? [p.path] : 'value' in p ? [p.value] : [],
      );
    case 'multipart':
      return body.parts.flatMap((p) => [
        p.name,
        p.type === 'field' ? p.value : p.path,
        ...(p.type === 'file' ? [p.filename] : []),
      ]);
    default:
      return [];
  }
}
