/**
 * Turns one exchange of the REST client into the history entry that records
 * it: the request as written, the response's summary and (if wanted) the
 * start of its text body.
 */
import type { HttpResponse } from '../../protocol.ts';
import { HISTORY_SCHEMA, type HistoryEntry, type StoredRequest, type StoredResponse } from './types.ts';

export interface RecordOptions {
  id: string;
  createdAt: number;
  environment?: { id: string; name: string } | null;
  /** Keep the body when it is text, cut to `bodyCapBytes` (UTF-8). */
  saveBody: boolean;
  bodyCapBytes: number;
}

const encoder = new TextEncoder();

/** The longest prefix of `text` whose UTF-8 encoding fits in `maxBytes`, never splitting a character. */
export function cutToBytes(text: string, maxBytes: number): { text: string; cut: boolean } {
  // Quick exit: UTF-8 takes at most 3 bytes per UTF-16 unit.
  if (text.length * 3 <= maxBytes) return { text, cut: false };
  // Never encode more than needed (a 50 MB body would take a 50 MB buffer and a visible pause): every
  // UTF-16 unit is at least one byte, so the first maxBytes + 1 units decide whether it fits.
  const head = text.length > maxBytes + 1 ? text.slice(0, maxBytes + 1) : text;
  if (head === text && encoder.encode(text).length <= maxBytes) return { text, cut: false };
  const { read } = encoder.encodeInto(head, new Uint8Array(Math.max(0, maxBytes)));
  return { text: text.slice(0, read), cut: true };
}

const header = (response: HttpResponse, name: string) =>
  response.headers.find((h) => h.name.toLowerCase() === name)?.value;

/** The entry for a request that got a response, or (with `error`) one that did not. */
export function recordExchange(
  request: StoredRequest,
  outcome: { response: HttpResponse } | { error: string },
  options: RecordOptions,
): HistoryEntry {
  const entry: HistoryEntry = {
    id: options.id,
    schema: HISTORY_SCHEMA,
    createdAt: options.createdAt,
    pinned: false,
    request,
  };
  if (options.environment) {
    entry.environmentId = options.environment.id;
    entry.environmentName = options.environment.name;
  }
  if ('error' in outcome) {
    entry.error = outcome.error;
    return entry;
  }
  const { response } = outcome;
  const stored: StoredResponse = {
    status: response.status,
    statusText: response.statusText,
    timeMs: Math.max(0, Math.round(response.timeMs)),
    size: response.size,
  };
  const contentType = header(response, 'content-type');
  if (contentType !== undefined) stored.contentType = contentType;
  if (options.saveBody && response.bodyEncoding === 'text') {
    const { text, cut } = cutToBytes(response.body, options.bodyCapBytes);
    stored.body = text;
    if (cut || response.truncated) stored.bodyTruncated = true;
  }
  entry.response = stored;
  return entry;
}

/** A saved response as the response viewer shows it (headers other than Content-Type were not kept). */
export function responseFromHistory(entry: HistoryEntry, url: string): HttpResponse | null {
  const saved = entry.response;
  if (!saved) return null;
  const notices = [
    `Saved response from ${new Date(entry.createdAt).toLocaleString()} (history keeps no other headers).`,
  ];
  if (saved.body === undefined) notices.push('The body was not saved.');
  else if (saved.bodyTruncated) notices.push('Only the start of the body was saved.');
  return {
    status: saved.status,
    statusText: saved.statusText,
    url,
    redirected: false,
    redirects: [],
    headers: saved.contentType === undefined ? [] : [{ name: 'Content-Type', value: saved.contentType }],
    requestHeaders: [],
    requestHeadersSource: 'requested',
    body: saved.body ?? '',
    bodyEncoding: 'text',
    size: saved.size,
    truncated: saved.body === undefined || saved.bodyTruncated === true,
    timeMs: saved.timeMs,
    notices,
  };
}
