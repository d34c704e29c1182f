/**
 * History entries as a HAR 1.2 log, for tools that read browser network
 * exports. The request is rebuilt the way the REST client sends it (auth
 * helper's header, enabled rows, the body's implied Content-Type), with
 * `{{variables}}` substituted when a lookup is given. What history does not
 * keep (response headers, file bytes, the multipart boundary) is left out.
 */
import { authHeader, formEncode, headerLines, type AuthDraft, type KeyValueRow } from '../http/compose.ts';
import { appendQueryParam, parseQuery } from '../http/query.ts';
import { methodAllowsBody, type HeaderLine } from '../http/request.ts';
import { substitute, type Lookup } from '../env/substitute.ts';
import type { HistoryEntry, StoredBody } from './types.ts';

export interface HarNameValue {
  name: string;
  value: string;
}

export interface HarParam {
  name: string;
  value?: string;
  fileName?: string;
}

export interface HarPostData {
  mimeType: string;
  text?: string;
  params?: HarParam[];
  /** The file sent as a binary body (its bytes are not kept). */
  _fileName?: string;
}

export interface HarRequest {
  method: string;
  url: string;
  httpVersion: string;
  headers: HarNameValue[];
  queryString: HarNameValue[];
  cookies: [];
  headersSize: -1;
  /** -1 when unknown (file bodies). */
  bodySize: number;
  postData?: HarPostData;
}

export interface HarResponse {
  status: number;
  statusText: string;
  httpVersion: string;
  headers: HarNameValue[];
  cookies: [];
  content: { size: number; mimeType: string; text?: string; comment?: string };
  redirectURL: '';
  headersSize: -1;
  bodySize: number;
  /** Why no response came back. */
  _error?: string;
}

export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: HarRequest;
  response: HarResponse;
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
}

export interface Har {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    entries: HarEntry[];
  };
}

export interface HarOptions {
  /** The extension's version, for `log.creator`. */
  creatorVersion: string;
  /** The variables to substitute for an entry (e.g. its environment's); unresolved names stay as `{{name}}`. */
  lookup?: (entry: HistoryEntry) => Lookup | undefined;
}

const encoder = new TextEncoder();

/** The entries as one HAR 1.2 log, in the order given. */
export function toHar(entries: readonly HistoryEntry[], options: HarOptions): Har {
  return {
    log: {
      version: '1.2',
      creator: { name: 'HTTP Workbench', version: options.creatorVersion },
      entries: entries.map((entry) => harEntry(entry, options.lookup?.(entry))),
    },
  };
}

function harEntry(entry: HistoryEntry, lookup: Lookup | undefined): HarEntry {
  const time = entry.response?.timeMs ?? 0;
  return {
    startedDateTime: new Date(entry.createdAt).toISOString(),
    time,
    request: harRequest(entry, lookup),
    response: harResponse(entry),
    cache: {},
    timings: { send: 0, wait: time, receive: 0 },
  };
}

function harRequest(entry: HistoryEntry, lookup: Lookup | undefined): HarRequest {
  const sub = (text: string) => (lookup ? substitute(text, lookup).text : text);
  const subRow = (row: KeyValueRow): KeyValueRow => ({ ...row, name: sub(row.name), value: sub(row.value) });
  const { request } = entry;
  const method = request.method.trim();
  const auth = substituteAuth(request.auth, sub);
  let url = sub(request.url.trim());
  if (auth.kind === 'apikey' && auth.in === 'query' && auth.name.trim() !== '') {
    url = appendQueryParam(url, auth.name.trim(), auth.value);
  }

  // The same order as composeRequest: the helper's header (unless a row sets it), the rows, then Content-Type.
  const rows = headerLines(request.headers.map(subRow));
  const has = (name: string) => rows.some((h) => h.name.toLowerCase() === name.toLowerCase());
  const headers: HeaderLine[] = [];
  const fromAuth = authHeader(auth);
  if (fromAuth && fromAuth.name !== '' && !has(fromAuth.name)) headers.push(fromAuth);
  headers.push(...rows);

  const body = methodAllowsBody(method) ? harBody(request.body, sub) : null;
  if (body) {
    const written = headers.find((h) => h.name.toLowerCase() === 'content-type');
    if (written) body.postData.mimeType = written.value;
    else headers.push({ name: 'Content-Type', value: body.postData.mimeType });
  }

  const out: HarRequest = {
    method,
    url,
    httpVersion: 'HTTP/1.1',
    headers: headers.map(({ name, value }) => ({ name, value })),
    queryString: parseQuery(url).map(({ name, value }) => ({ name, value })),
    cookies: [],
    headersSize: -1,
    bodySize: body ? body.size : 0,
  };
  if (body) out.postData = body.postData;
  return out;
}

function substituteAuth(auth: AuthDraft, sub: (text: string) => string): AuthDraft {
  switch (auth.kind) {
    case 'none':
      return auth;
    case 'basic':
      return { kind: 'basic', user: sub(auth.user), password: sub(auth.password) };
    case 'bearer':
      return { kind: 'bearer', token: sub(auth.token) };
    case 'apikey':
      return { ...auth, name: sub(auth.name), value: sub(auth.value) };
  }
}

const isBlank = (row: { name: string; value: string }) => row.name === '' && row.value === '';

/** The body's postData and size in bytes (-1 when it depends on file bytes not kept); null for no body. */
function harBody(body: StoredBody, sub: (text: string) => string): { postData: HarPostData; size: number } | null {
  switch (body.kind) {
    case 'none':
      return null;
    case 'json':
    case 'text': {
      const text = sub(body.text);
      const mimeType = body.kind === 'json' ? 'application/json' : 'text/plain; charset=utf-8';
      return { postData: { mimeType, text }, size: encoder.encode(text).length };
    }
    case 'form': {
      const params = body.rows
        .filter((row) => row.enabled && !isBlank(row))
        .map((row) => ({ name: sub(row.name), value: sub(row.value) }));
      const text = formEncode(params.map((p): [string, string] => [p.name, p.value]));
      return {
        postData: { mimeType: 'application/x-www-form-urlencoded', params, text },
        size: encoder.encode(text).length,
      };
    }
    case 'multipart': {
      const params: HarParam[] = [];
      for (const part of body.rows) {
        if (!part.enabled) continue;
        if (part.kind === 'text') {
          if (!isBlank(part)) params.push({ name: sub(part.name), value: sub(part.value) });
        } else {
          params.push({ name: sub(part.name), fileName: part.fileName });
        }
      }
      // The boundary was random for each send and is not kept.
      return { postData: { mimeType: 'multipart/form-data', params }, size: -1 };
    }
    case 'binary':
      return {
        postData: { mimeType: 'application/octet-stream', text: '', _fileName: body.fileName },
        size: -1,
      };
  }
}

function harResponse(entry: HistoryEntry): HarResponse {
  const response = entry.response;
  if (!response) {
    return {
      status: 0,
      statusText: '',
      httpVersion: '',
      headers: [],
      cookies: [],
      content: { size: 0, mimeType: 'x-unknown' },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
      _error: entry.error ?? 'No response was received.',
    };
  }
  const content: HarResponse['content'] = { size: response.size, mimeType: response.contentType ?? 'x-unknown' };
  if (response.body !== undefined) content.text = response.body;
  if (response.bodyTruncated) content.comment = 'Only the start of the body was saved.';
  return {
    status: response.status,
    statusText: response.statusText,
    httpVersion: 'HTTP/1.1',
    headers: [],
    cookies: [],
    content,
    redirectURL: '',
    headersSize: -1,
    bodySize: response.size,
  };
}
