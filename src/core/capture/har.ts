/**
 * Requests the inspected page made (HAR entries from DevTools) turned into
 * what the "Captured" list shows, what "Edit and resend" loads into the REST
 * client and what "Copy as curl" / "Convert to code" start from.
 */
import { toCurlCommand } from '../curl/to-curl.ts';
import { formEncode } from '../http/compose.ts';
import type { ImportedPart, RestImport } from '../http/from-curl.ts';
import { methodAllowsBody, type HeaderLine } from '../http/request.ts';
import { boundaryOf, buildMultipart, readMultipart } from './multipart.ts';
import type { CapturedRequest, CapturedType, HarEntryLike, HarPostParam } from './types.ts';

export type CapturedFilter = { text: string; type: 'fetch-xhr' | 'all' | CapturedType };

export const BINARY_NOTE = 'DevTools reports binary bodies as text: bytes that were not valid text may differ.';
export const MISSING_BODY_NOTE = "DevTools did not report this request's body (too large or binary): add it by hand.";

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0;
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The request's headers as reported, skipping malformed items. */
function reportedHeaders(entry: HarEntryLike): HeaderLine[] {
  const headers: unknown = entry.request?.headers;
  if (!Array.isArray(headers)) return [];
  return headers
    .filter((h): h is { name: string; value?: unknown } => typeof h?.name === 'string' && h.name !== '')
    .map((h) => ({ name: h.name, value: h.value == null ? '' : String(h.value) }));
}

const headerValue = (headers: readonly HeaderLine[], name: string) =>
  headers.find((h) => h.name.toLowerCase() === name)?.value;

// Chrome's `_resourceType` names that have a row type of their own; the rest
// (ping, preflight, eventsource, manifest, texttrack, wasm…) are "other".
const RESOURCE_TYPES: Record<string, CapturedType> = {
  fetch: 'fetch',
  xhr: 'xhr',
  document: 'document',
  script: 'script',
  stylesheet: 'stylesheet',
  image: 'image',
  font: 'font',
  media: 'media',
  websocket: 'websocket',
};

// What the browser fetched the resource for (Sec-Fetch-Dest, sent by Firefox
// and Chrome to secure origins).
const FETCH_DESTINATIONS: Record<string, CapturedType> = {
  document: 'document',
  iframe: 'document',
  frame: 'document',
  script: 'script',
  worker: 'script',
  sharedworker: 'script',
  serviceworker: 'script',
  style: 'stylesheet',
  image: 'image',
  font: 'font',
  audio: 'media',
  video: 'media',
  websocket: 'websocket',
};

/** The type of a response from its MIME type alone; null for types that say nothing (JSON, XML, text are "api"). */
function typeFromMime(mime: string): CapturedType | 'api' | null {
  const type = mime.split(';')[0]!.trim().toLowerCase();
  if (type === '') return null;
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'document';
  if (/(java|ecma)script/.test(type)) return 'script';
  if (type === 'text/css') return 'stylesheet';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('font/') || /^application\/(x-)?font-/.test(type) || type === 'application/vnd.ms-fontobject') {
    return 'font';
  }
  if (type.startsWith('audio/') || type.startsWith('video/')) return 'media';
  if (/[/+]json$/.test(type) || /[/+]xml$/.test(type) || type === 'text/plain') return 'api';
  return null;
}

/**
 * The row type. Chrome names it (`_resourceType`). Firefox does not, so it is
 * inferred, first match wins: a ws:/wss: URL or an Upgrade: websocket header;
 * the Sec-Fetch-Dest header; an X-Requested-With header ("xhr"); the response
 * MIME type (HTML document, script, stylesheet, image, font, media; JSON, XML
 * and plain text are API calls); any method but GET (an API call); else
 * "other". An API call is "xhr" with X-Requested-With and "fetch" otherwise,
 * since nothing else in the entry tells the two apart.
 */
function typeOf(entry: HarEntryLike, headers: readonly HeaderLine[]): CapturedType {
  const reported = entry._resourceType;
  if (typeof reported === 'string' && reported !== '') return RESOURCE_TYPES[reported.toLowerCase()] ?? 'other';
  const api: CapturedType = headerValue(headers, 'x-requested-with') !== undefined ? 'xhr' : 'fetch';
  if (/^wss?:/i.test(str(entry.request?.url)) || /websocket/i.test(headerValue(headers, 'upgrade') ?? '')) {
    return 'websocket';
  }
  const destination = headerValue(headers, 'sec-fetch-dest')?.trim().toLowerCase();
  if (destination === 'empty') return api;
  if (destination !== undefined && destination !== '') return FETCH_DESTINATIONS[destination] ?? 'other';
  if (api === 'xhr') return 'xhr';
  const fromMime = typeFromMime(str(entry.response?.content?.mimeType));
  if (fromMime === 'api') return api;
  if (fromMime !== null) return fromMime;
  return str(entry.request?.method).toUpperCase() === 'GET' ? 'other' : api;
}

/** One row of the Captured list from a HAR entry. */
export function capturedFrom(entry: HarEntryLike, id: string): CapturedRequest {
  const response = entry.response;
  const error = str(response?._error);
  const status = response?.status;
  const failed = error !== '' || !isCount(status);
  const size = [response?._transferSize, response?.content?.size, response?.bodySize].find(isCount) ?? null;
  const started = typeof entry.startedDateTime === 'string' ? Date.parse(entry.startedDateTime) : NaN;
  return {
    id,
    method: str(entry.request?.method),
    url: str(entry.request?.url),
    status: failed ? 0 : Math.trunc(status!),
    statusText: error !== '' ? error : str(response?.statusText),
    type: typeOf(entry, reportedHeaders(entry)),
    size,
    timeMs: isCount(entry.time) ? entry.time : null,
    startedAt: Number.isNaN(started) ? null : started,
    entry,
  };
}

/**
 * Whether a row passes the list's filter: the type (`fetch-xhr` is both), and
 * the text as a case-insensitive part of the URL, the method or the status code.
 */
export function matchesCaptured(c: CapturedRequest, filter: CapturedFilter): boolean {
  const typeMatches =
    filter.type === 'all' ||
    c.type === filter.type ||
    (filter.type === 'fetch-xhr' && (c.type === 'fetch' || c.type === 'xhr'));
  if (!typeMatches) return false;
  const text = filter.text.trim().toLowerCase();
  if (text === '') return true;
  return c.url.toLowerCase().includes(text) || c.method.toLowerCase().includes(text) || String(c.status).includes(text);
}

// Headers that describe the old connection or the old body's framing, not
// the request: the client sending it again writes its own.
const CONNECTION_HEADERS = new Set([
  'host',
  'content-length',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'te',
  'upgrade',
  'proxy-connection',
]);

const isMultipart = (contentType: string) => /^\s*multipart\/form-data\b/i.test(contentType);
const looksBinary = (text: string) => text.includes('\uFFFD') || text.includes('\0');

type Body =
  | { kind: 'none'; missing: boolean }
  | { kind: 'text'; text: string }
  | { kind: 'form'; text: string; params: HarPostParam[] }
  | { kind: 'multipart-params'; parts: ImportedPart[]; withoutContent: ImportedPart[] };

interface Resendable {
  method: string;
  url: string;
  /** Without pseudo and connection headers; Content-Type from the postData when the headers lack it. */
  headers: HeaderLine[];
  contentType: string;
  body: Body;
}

/** What both "Edit and resend" and "Copy as curl" start from. */
function resendable(entry: HarEntryLike): Resendable {
  const method = str(entry.request?.method);
  const all = reportedHeaders(entry);
  const headers = all.filter((h) => !h.name.startsWith(':') && !CONNECTION_HEADERS.has(h.name.toLowerCase()));
  const postData = entry.request?.postData;
  const mimeType = str(postData?.mimeType);
  let contentType = headerValue(headers, 'content-type') ?? mimeType;

  let body: Body;
  const params = Array.isArray(postData?.params)
    ? postData.params.filter((p): p is HarPostParam => typeof p?.name === 'string')
    : [];
  const text = str(postData?.text);
  if (!methodAllowsBody(method)) body = { kind: 'none', missing: false };
  else if (text !== '') body = { kind: 'text', text };
  else if (params.length > 0 && isMultipart(contentType)) {
    // Firefox may list the fields without the body text.
    const parts = params.map((p): ImportedPart => {
      const value = str(p.value);
      if (p.fileName === undefined) return { name: p.name, value };
      // HAR 1.2: a param with a file name and a value carries the file's content.
      const inline = p.value === undefined ? {} : { inline: true };
      return p.contentType
        ? { name: p.name, value, fileName: p.fileName, contentType: p.contentType, ...inline }
        : { name: p.name, value, fileName: p.fileName, ...inline };
    });
    const withoutContent = parts.filter((part, i) => part.fileName !== undefined && params[i]!.value === undefined);
    body = { kind: 'multipart-params', parts, withoutContent };
  } else if (params.length > 0) {
    // The params are the decoded fields: encode them as a browser does.
    body = { kind: 'form', text: formEncode(params.map((p) => [p.name, str(p.value)])), params };
    if (contentType === '') contentType = 'application/x-www-form-urlencoded';
  } else {
    const length = Number(headerValue(all, 'content-length') ?? '0');
    body = { kind: 'none', missing: Number.isFinite(length) && length > 0 };
  }
  if (body.kind !== 'none' && headerValue(headers, 'content-type') === undefined && contentType !== '') {
    headers.push({ name: 'Content-Type', value: contentType });
  }
  return { method, url: str(entry.request?.url), headers, contentType, body };
}

const withoutContentType = (headers: HeaderLine[]) => headers.filter((h) => h.name.toLowerCase() !== 'content-type');

const fieldLabel = (part: ImportedPart) =>
  part.fileName !== undefined ? `The file "${part.fileName}" (field "${part.name}")` : `The field "${part.name}"`;

/**
 * What "Edit and resend" loads into the REST client: the request as the page
 * sent it (headers in order and case, minus pseudo-headers, Host and the
 * connection's own), a multipart body as its fields, and notes on what
 * DevTools could not report faithfully.
 */
export function importFromHar(entry: HarEntryLike): RestImport {
  const r = resendable(entry);
  const notes: string[] = [];
  const request = { method: r.method, url: r.url, headers: r.headers };
  const body = r.body;
  switch (body.kind) {
    case 'none':
      if (body.missing) notes.push(MISSING_BODY_NOTE);
      return { request, notes };
    case 'form':
      if (body.params.some((p) => looksBinary(`${p.name}${str(p.value)}`))) notes.push(BINARY_NOTE);
      return { request: { ...request, body: body.text }, notes };
    case 'multipart-params':
      for (const part of body.parts) if (looksBinary(part.value)) notes.push(`${fieldLabel(part)}: ${BINARY_NOTE}`);
      for (const part of body.withoutContent) {
        notes.push(`${fieldLabel(part)}: DevTools did not report its content: choose the file again.`);
      }
      return { request: { ...request, headers: withoutContentType(r.headers) }, notes, parts: body.parts };
    case 'text': {
      if (isMultipart(r.contentType)) {
        const boundary = boundaryOf(r.contentType);
        const read = boundary
          ? readMultipart(body.text, boundary)
          : { ok: false as const, error: 'its Content-Type names no boundary' };
        if (read.ok) {
          for (const part of read.parts) {
            if (looksBinary(part.value)) notes.push(`${fieldLabel(part)}: ${BINARY_NOTE}`);
          }
          // The body text holds each file's content: nothing to choose again.
          const parts = read.parts.map((part) => (part.fileName === undefined ? part : { ...part, inline: true }));
          return { request: { ...request, headers: withoutContentType(r.headers) }, notes, parts };
        }
        notes.push(
          `The multipart body could not be split into fields (${read.error}): it is kept as text with its original Content-Type.`,
        );
      }
      if (looksBinary(body.text)) notes.push(BINARY_NOTE);
      return { request: { ...request, body: body.text }, notes };
    }
  }
}

/** A boundary that occurs in none of the values: a fixed one, numbered on the rare clash. */
function unusedBoundary(parts: readonly ImportedPart[]): string {
  const base = '----HttpWorkbenchFormBoundary';
  for (let n = 0; ; n++) {
    const boundary = n === 0 ? base : `${base}${n}`;
    if (!parts.some((p) => p.value.includes(boundary))) return boundary;
  }
}

/**
 * The curl command that sends the captured request again, for "Copy as curl"
 * and "Convert to code": the same headers as "Edit and resend" but with a
 * multipart Content-Type kept (the body text goes out as is, so its boundary
 * stays right). Fields reported without the body text are written out again
 * with a boundary of our own.
 */
export function curlFromHar(entry: HarEntryLike): string {
  const r = resendable(entry);
  const headers = [...r.headers];
  let body: string | undefined;
  switch (r.body.kind) {
    case 'none':
      break;
    case 'text':
    case 'form':
      body = r.body.text;
      break;
    case 'multipart-params': {
      const boundary = unusedBoundary(r.body.parts);
      body = buildMultipart(r.body.parts, boundary);
      const at = headers.findIndex((h) => h.name.toLowerCase() === 'content-type');
      const value = `multipart/form-data; boundary=${boundary}`;
      if (at === -1) headers.push({ name: 'Content-Type', value });
      else headers[at] = { name: headers[at]!.name, value };
      break;
    }
  }
  return toCurlCommand({ method: r.method, url: r.url, headers, body });
}
