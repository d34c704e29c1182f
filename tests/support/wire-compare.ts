import type { RecordedRequest } from '../../scripts/lib/demo-server.ts';
import type { WireRequest } from '../../src/core/http/wire.ts';

/**
 * Compares two HTTP requests as they went on the wire, after the normalisation
 * of the equivalence guide: strict about meaning, tolerant of client defaults.
 */

/** The common input shape: what one client put on the wire. */
export interface CapturedRequest {
  method: string;
  /** The raw request target: path and query bytes as sent. */
  target: string;
  /** Header lines in wire order, names as sent. */
  headers: [string, string][];
  body: Uint8Array;
}

export interface NormaliseOptions {
  /** Lower-cased names of the headers the command set explicitly (`-H`, `-A`, `-e`, `-b`, `-u`...): strict even at a default value. */
  userSet: ReadonlySet<string>;
  /**
   * Whether a file part's own Content-Type is compared: `true` when the command set one (`-F 'f=@x;type=...'`).
   * A set of part names limits it to those parts.
   */
  fileTypeSet?: boolean | ReadonlySet<string>;
}

export interface MultipartPart {
  /** Disposition type, lower-cased (`form-data`). */
  disposition: string;
  name: string;
  filename?: string;
  /** Disposition parameters other than name and filename, names lower-cased. */
  dispositionParams?: Record<string, string>;
  /** Absent when the part had none, or when it is a file part whose type the command did not set. */
  contentType?: string;
  /** The part's other headers: lower-cased name → values in arrival order. */
  headers: Record<string, string[]>;
  /** The part's data bytes, base64. */
  data: string;
}

export type NormalisedBody =
  | {
      kind: 'bytes';
      /** The body bytes, base64. */
      base64: string;
      /** Set when the Content-Type said multipart/form-data but the body could not be parsed as such. */
      invalidMultipart?: string;
    }
  | { kind: 'multipart'; parts: MultipartPart[] };

export interface NormalisedRequest {
  method: string;
  target: string;
  /** Lower-cased name → values, one per line, in arrival order (two lines stay distinct from one `a, b` line). Keys sorted. */
  headers: Record<string, string[]>;
  /** `name=value` pairs from every Cookie line, sorted. */
  cookies: string[];
  body: NormalisedBody;
}

export interface Comparison {
  equal: boolean;
  differences: string[];
}

/** Never part of the meaning of a request: connection management and framing. */
export const ALWAYS_IGNORED: readonly string[] = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'content-length',
  'transfer-encoding',
  'expect',
  'te',
  'upgrade',
  // Sent with Upgrade: h2c for --http2 on plain http: part of the connection upgrade, not the request.
  'http2-settings',
];

/** Client defaults: ignored unless the command set the header itself. */
export const TOLERATED_DEFAULTS: readonly string[] = [
  'host',
  'user-agent',
  'accept',
  'accept-encoding',
  'accept-language',
  'sec-fetch-mode',
];

const FORM_DATA = /^\s*multipart\/form-data\s*(;|$)/i;
const BOUNDARY_PARAM = /\s*;\s*boundary\s*=\s*(?:"([^"]*)"|([^;\s]*))/i;

export function fromRecorded(r: RecordedRequest): CapturedRequest {
  return {
    method: r.method,
    target: r.target,
    headers: r.rawHeaders.map(([name, value]) => [name, value]),
    body: new Uint8Array(r.body.buffer, r.body.byteOffset, r.body.byteLength),
  };
}

export function fromWire(w: WireRequest): CapturedRequest {
  return {
    method: w.method,
    target: w.target,
    headers: w.headers.map(({ name, value }) => [name, value]),
    body: w.body,
  };
}

const trimOws = (value: string) => value.replace(/^[ \t]+|[ \t]+$/g, '');

function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

function sortedRecord(map: Map<string, string[]>): Record<string, string[]> {
  return Object.fromEntries([...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export function normalise(request: CapturedRequest, options: NormaliseOptions): NormalisedRequest {
  const userSet = new Set([...options.userSet].map((name) => name.toLowerCase()));
  const headers = new Map<string, string[]>();
  const cookies: string[] = [];
  let contentType: string | undefined;
  for (const [rawName, rawValue] of request.headers) {
    const name = rawName.toLowerCase();
    const value = trimOws(rawValue);
    if (ALWAYS_IGNORED.includes(name)) continue;
    if (TOLERATED_DEFAULTS.includes(name) && !userSet.has(name)) continue;
    if (name === 'cookie') {
      for (const pair of value.split(';')) {
        const trimmed = pair.trim();
        if (trimmed) cookies.push(trimmed);
      }
      continue;
    }
    let kept = value;
    if (name === 'content-type') {
      contentType ??= value;
      if (FORM_DATA.test(value)) kept = value.replace(BOUNDARY_PARAM, '');
    }
    const list = headers.get(name);
    if (list) list.push(kept);
    else headers.set(name, [kept]);
  }
  cookies.sort();
  return {
    method: request.method,
    target: request.target,
    headers: sortedRecord(headers),
    cookies,
    body: normaliseBody(request.body, contentType, options.fileTypeSet ?? false),
  };
}

function normaliseBody(
  body: Uint8Array,
  contentType: string | undefined,
  fileTypeSet: boolean | ReadonlySet<string>,
): NormalisedBody {
  if (!contentType || !FORM_DATA.test(contentType)) return { kind: 'bytes', base64: toBase64(body) };
  const match = BOUNDARY_PARAM.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) return { kind: 'bytes', base64: toBase64(body), invalidMultipart: 'no boundary parameter' };
  const parsed = parseMultipart(Buffer.from(body.buffer, body.byteOffset, body.byteLength), boundary);
  if (typeof parsed === 'string') return { kind: 'bytes', base64: toBase64(body), invalidMultipart: parsed };
  for (const part of parsed) {
    const typeCompared = typeof fileTypeSet === 'boolean' ? fileTypeSet : fileTypeSet.has(part.name);
    if (part.filename !== undefined && !typeCompared) delete part.contentType;
  }
  return { kind: 'multipart', parts: parsed };
}

/** Splits a multipart body into ordered parts; returns a reason when it is not well formed. */
function parseMultipart(body: Buffer, boundary: string): MultipartPart[] | string {
  const delimiter = Buffer.from(`--${boundary}`, 'latin1');
  const nextDelimiter = Buffer.from(`\r\n--${boundary}`, 'latin1');
  let pos: number;
  if (body.subarray(0, delimiter.length).equals(delimiter)) pos = 0;
  else {
    const found = body.indexOf(nextDelimiter);
    if (found < 0) return `the boundary "${boundary}" does not occur in the body`;
    pos = found + 2;
  }
  const parts: MultipartPart[] = [];
  for (;;) {
    pos += delimiter.length;
    if (body[pos] === 0x2d && body[pos + 1] === 0x2d) return parts;
    while (body[pos] === 0x20 || body[pos] === 0x09) pos++;
    if (body[pos] !== 0x0d || body[pos + 1] !== 0x0a) return `no line break after boundary delimiter at byte ${pos}`;
    pos += 2;
    let headerText = '';
    let dataStart: number;
    if (body[pos] === 0x0d && body[pos + 1] === 0x0a) dataStart = pos + 2;
    else {
      const headerEnd = body.indexOf('\r\n\r\n', pos, 'latin1');
      if (headerEnd < 0) return `part ${parts.length + 1} has no end of headers`;
      headerText = body.subarray(pos, headerEnd).toString('utf8');
      dataStart = headerEnd + 4;
    }
    const dataEnd = body.indexOf(nextDelimiter, dataStart);
    if (dataEnd < 0) return `part ${parts.length + 1} is not closed by a boundary delimiter`;
    const part = partFromHeaders(headerText, body.subarray(dataStart, dataEnd));
    if (typeof part === 'string') return `part ${parts.length + 1}: ${part}`;
    parts.push(part);
    pos = dataEnd + 2;
  }
}

function partFromHeaders(headerText: string, data: Buffer): MultipartPart | string {
  const headers = new Map<string, string[]>();
  let disposition: string | undefined;
  let contentType: string | undefined;
  for (const line of headerText ? headerText.split('\r\n') : []) {
    const colon = line.indexOf(':');
    if (colon <= 0) return `malformed header line ${JSON.stringify(line)}`;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = trimOws(line.slice(colon + 1));
    if (name === 'content-disposition' && disposition === undefined) disposition = value;
    else if (name === 'content-type' && contentType === undefined) contentType = value;
    // RFC 7578 §4.8: receivers ignore a part's Content-Length (Guzzle writes one): one equal to the data's size means nothing.
    else if (name === 'content-length' && value === String(data.length)) continue;
    else headers.set(name, [...(headers.get(name) ?? []), value]);
  }
  if (disposition === undefined) return 'no Content-Disposition header';
  const parsed = parseDisposition(disposition);
  const part: MultipartPart = {
    disposition: parsed.type,
    name: parsed.params.get('name') ?? '',
    headers: sortedRecord(headers),
    data: data.toString('base64'),
  };
  const filename = parsed.params.get('filename');
  if (filename !== undefined) part.filename = filename;
  const extra = [...parsed.params].filter(([key]) => key !== 'name' && key !== 'filename');
  if (extra.length) part.dispositionParams = Object.fromEntries(extra);
  if (contentType !== undefined) part.contentType = contentType;
  return part;
}

/** `form-data; name="a"; filename="b.txt"`: a quoted value is kept as written between its quotes. */
function parseDisposition(value: string): { type: string; params: Map<string, string> } {
  const params = new Map<string, string>();
  const semicolon = value.indexOf(';');
  const type = (semicolon < 0 ? value : value.slice(0, semicolon)).trim().toLowerCase();
  let i = semicolon < 0 ? value.length : semicolon + 1;
  while (i < value.length) {
    const eq = value.indexOf('=', i);
    if (eq < 0) break;
    const key = value.slice(i, eq).trim().toLowerCase();
    let j = eq + 1;
    while (value[j] === ' ' || value[j] === '\t') j++;
    let param: string;
    if (value[j] === '"') {
      let k = j + 1;
      while (k < value.length && value[k] !== '"') k += value[k] === '\\' ? 2 : 1;
      param = value.slice(j + 1, k);
      j = k + 1;
      const next = value.indexOf(';', j);
      i = next < 0 ? value.length : next + 1;
    } else {
      const next = value.indexOf(';', j);
      param = value.slice(j, next < 0 ? value.length : next).trim();
      i = next < 0 ? value.length : next + 1;
    }
    if (key && !params.has(key)) params.set(key, param);
  }
  return { type, params };
}

const list = (values: string[] | undefined) => (values ? JSON.stringify(values) : '(absent)');
const text = (value: string | undefined) => (value === undefined ? '(absent)' : JSON.stringify(value));

/** A short, readable rendering of some bytes: the text when it is printable UTF-8, hex otherwise. */
export function describeBytes(bytes: Uint8Array, limit = 60): string {
  const size = `${bytes.length} byte${bytes.length === 1 ? '' : 's'}`;
  if (bytes.length === 0) return size;
  try {
    const decoded = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    // eslint-disable-next-line no-control-regex
    if (!/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(decoded)) {
      const shown = decoded.length > limit ? `${decoded.slice(0, limit)}…` : decoded;
      return `${size} ${JSON.stringify(shown)}`;
    }
  } catch {
    // Not UTF-8: shown as hex below.
  }
  const shown = [...bytes.subarray(0, Math.ceil(limit / 3))].map((b) => b.toString(16).padStart(2, '0')).join(' ');
  return `${size} hex ${shown}${bytes.length > Math.ceil(limit / 3) ? ' …' : ''}`;
}

function bytesDifference(prefix: string, expected: Buffer, actual: Buffer): string | undefined {
  if (expected.equals(actual)) return undefined;
  let at = 0;
  while (at < expected.length && at < actual.length && expected[at] === actual[at]) at++;
  return `${prefix} expected ${describeBytes(expected)} got ${describeBytes(actual)} (first difference at byte ${at})`;
}

function headerDifferences(what: string, expected: Record<string, string[]>, actual: Record<string, string[]>) {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  const out: string[] = [];
  for (const name of names) {
    const e = Object.hasOwn(expected, name) ? expected[name] : undefined;
    const a = Object.hasOwn(actual, name) ? actual[name] : undefined;
    if (JSON.stringify(e) !== JSON.stringify(a)) out.push(`${what} ${name}: expected ${list(e)} got ${list(a)}`);
  }
  return out;
}

function describeBody(body: NormalisedBody): string {
  if (body.kind === 'multipart') return `multipart/form-data with ${body.parts.length} part(s)`;
  const note = body.invalidMultipart ? ` (not valid multipart: ${body.invalidMultipart})` : '';
  return `${describeBytes(Buffer.from(body.base64, 'base64'))}${note}`;
}

function partDifferences(index: number, expected: MultipartPart, actual: MultipartPart): string[] {
  const label = `multipart part ${index + 1} (name ${JSON.stringify(expected.name)})`;
  const out: string[] = [];
  const field = (key: string, e: string | undefined, a: string | undefined) => {
    if (e !== a) out.push(`${label}: ${key} expected ${text(e)} got ${text(a)}`);
  };
  field('disposition', expected.disposition, actual.disposition);
  field('name', expected.name, actual.name);
  field('filename', expected.filename, actual.filename);
  field('content-type', expected.contentType, actual.contentType);
  const params = (p: MultipartPart) => (p.dispositionParams ? JSON.stringify(p.dispositionParams) : undefined);
  field('disposition parameters', params(expected), params(actual));
  out.push(...headerDifferences(`${label}: header`, expected.headers, actual.headers));
  const data = bytesDifference(
    `${label}: data`,
    Buffer.from(expected.data, 'base64'),
    Buffer.from(actual.data, 'base64'),
  );
  if (data) out.push(data);
  return out;
}

/** Readable differences between two normalised requests; empty when they are equivalent. */
export function diffNormalised(expected: NormalisedRequest, actual: NormalisedRequest): string[] {
  const out: string[] = [];
  if (expected.method !== actual.method)
    out.push(`method: expected ${text(expected.method)} got ${text(actual.method)}`);
  if (expected.target !== actual.target)
    out.push(`target: expected ${text(expected.target)} got ${text(actual.target)}`);
  out.push(...headerDifferences('header', expected.headers, actual.headers));
  if (JSON.stringify(expected.cookies) !== JSON.stringify(actual.cookies)) {
    out.push(`cookies: expected ${JSON.stringify(expected.cookies)} got ${JSON.stringify(actual.cookies)}`);
  }
  const eb = expected.body;
  const ab = actual.body;
  if (eb.kind === 'bytes' && ab.kind === 'bytes') {
    const bytes = bytesDifference('body:', Buffer.from(eb.base64, 'base64'), Buffer.from(ab.base64, 'base64'));
    if (bytes) out.push(bytes);
  } else if (eb.kind === 'multipart' && ab.kind === 'multipart') {
    if (eb.parts.length !== ab.parts.length) {
      const names = (parts: MultipartPart[]) => JSON.stringify(parts.map((p) => p.name));
      out.push(
        `multipart: expected ${eb.parts.length} part(s) ${names(eb.parts)} got ${ab.parts.length} ${names(ab.parts)}`,
      );
    }
    for (let i = 0; i < Math.min(eb.parts.length, ab.parts.length); i++) {
      out.push(...partDifferences(i, eb.parts[i]!, ab.parts[i]!));
    }
  } else {
    out.push(`body: expected ${describeBody(eb)} got ${describeBody(ab)}`);
  }
  return out;
}

/** Normalises both requests with the same options and lists what differs. */
export function compareRequests(
  expected: CapturedRequest,
  actual: CapturedRequest,
  options: NormaliseOptions,
): Comparison {
  const differences = diffNormalised(normalise(expected, options), normalise(actual, options));
  return { equal: differences.length === 0, differences };
}
