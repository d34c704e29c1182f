/** What a response body is, and the byte-level helpers the viewers share. */
import type { HeaderLine } from '../../../../core/http/request.ts';
import type { HttpResponse, OutgoingRequest } from '../../../../protocol.ts';
import { languageFor } from '../../../highlight.ts';
import type { BodyLanguage } from './body-engine.ts';

/** A response as the view uses it: fields a sender may leave out are filled with their empty values. */
export type ResponseModel = HttpResponse;

const REPORTED_SOURCES = new Set<HttpResponse['requestHeadersSource']>(['wire', 'pending', 'unreported']);

/** Tolerates an older or partial response shape: missing lists are empty, missing flags false. */
export function normaliseResponse(response: Partial<HttpResponse>, request?: OutgoingRequest): ResponseModel {
  const requestHeaders = Array.isArray(response.requestHeaders) ? response.requestHeaders : null;
  return {
    status: response.status ?? 0,
    statusText: response.statusText ?? '',
    url: response.url ?? request?.url ?? '',
    redirected: response.redirected ?? false,
    redirects: Array.isArray(response.redirects) ? response.redirects : [],
    headers: Array.isArray(response.headers) ? response.headers : [],
    requestHeaders: requestHeaders ?? request?.headers ?? [],
    requestHeadersSource:
      requestHeaders && REPORTED_SOURCES.has(response.requestHeadersSource!)
        ? response.requestHeadersSource!
        : 'requested',
    body: response.body ?? '',
    bodyEncoding: response.bodyEncoding === 'base64' ? 'base64' : 'text',
    size: response.size ?? 0,
    truncated: response.truncated ?? false,
    timeMs: response.timeMs ?? 0,
    ttfbMs: response.ttfbMs,
    notices: Array.isArray(response.notices) ? response.notices : [],
  };
}

export function headerValue(headers: HeaderLine[], name: string): string | undefined {
  const lower = name.toLowerCase();
  return headers.find((h) => h.name.toLowerCase() === lower)?.value;
}

export type BodyKind =
  | { kind: 'empty' }
  | { kind: 'text'; language: BodyLanguage | null; mediaType: string }
  | { kind: 'image'; mediaType: string }
  | { kind: 'binary'; mediaType: string };

/** The media type without parameters, lower-cased ('' when there is none). */
export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

export function classifyBody(response: ResponseModel): BodyKind {
  const contentType = headerValue(response.headers, 'content-type') ?? '';
  const mediaType = mediaTypeOf(contentType);
  if (response.body === '') return { kind: 'empty' };
  if (mediaType.startsWith('image/')) return { kind: 'image', mediaType };
  if (response.bodyEncoding === 'base64') return { kind: 'binary', mediaType };
  let language: BodyLanguage | null = languageFor(contentType);
  // A body without a type that looks like JSON is shown as JSON (and as received if it is not).
  if (language === null && mediaType === '' && /^\s*[[{]/.test(response.body.slice(0, 64))) language = 'json';
  return { kind: 'text', language, mediaType };
}

/** Bytes of at most `limit` from the start of a base64 body, decoding only what is needed. */
export function base64Prefix(base64: string, limit: number): Uint8Array {
  const chars = Math.ceil(limit / 3) * 4;
  const binary = atob(base64.slice(0, chars));
  const length = Math.min(limit, binary.length);
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Decoded length of a base64 text. */
export function base64Length(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** UTF-8 length of a string, without encoding it. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** The body's bytes as a Blob, decoding base64 a slice at a time so a large body never blocks for long. */
export async function bodyBlob(response: ResponseModel, type: string): Promise<Blob> {
  if (response.bodyEncoding === 'text') return new Blob([response.body], { type });
  const parts: BlobPart[] = [];
  const slice = 1024 * 1024; // base64 characters per step: a multiple of 4
  for (let at = 0; at < response.body.length; at += slice) {
    const binary = atob(response.body.slice(at, at + slice));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    parts.push(bytes);
    if (at + slice < response.body.length) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return new Blob(parts, { type });
}

/** A classic hex dump: offset, 16 bytes in two groups of 8, and the printable ASCII. */
export function hexDump(bytes: Uint8Array, offset = 0): string {
  const lines: string[] = [];
  for (let at = 0; at < bytes.length; at += 16) {
    const row = bytes.subarray(at, at + 16);
    let hex = '';
    let ascii = '';
    for (let i = 0; i < 16; i++) {
      if (i === 8) hex += ' ';
      if (i < row.length) {
        hex += row[i]!.toString(16).padStart(2, '0') + ' ';
        ascii += row[i]! >= 0x20 && row[i]! < 0x7f ? String.fromCharCode(row[i]!) : '.';
      } else hex += '   ';
    }
    lines.push(`${(offset + at).toString(16).padStart(8, '0')}  ${hex} |${ascii}|`);
  }
  return lines.join('\n');
}

const EXTENSIONS: Record<string, string> = {
  'application/json': 'json',
  'application/xml': 'xml',
  'text/xml': 'xml',
  'text/html': 'html',
  'text/css': 'css',
  'text/javascript': 'js',
  'application/javascript': 'js',
  'text/plain': 'txt',
  'text/csv': 'csv',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/svg+xml': 'svg',
  'image/x-icon': 'ico',
  'image/vnd.microsoft.icon': 'ico',
  'application/pdf': 'pdf',
  'application/zip': 'zip',
  'application/gzip': 'gz',
  'application/octet-stream': 'bin',
};

function extensionFor(mediaType: string): string {
  if (Object.hasOwn(EXTENSIONS, mediaType)) return EXTENSIONS[mediaType]!;
  if (mediaType.endsWith('+json')) return 'json';
  if (mediaType.endsWith('+xml')) return 'xml';
  if (mediaType.startsWith('text/')) return 'txt';
  return 'bin';
}

/** A safe file name for saving the body: Content-Disposition's, else the URL's last segment, with an extension. */
export function fileNameFor(response: ResponseModel): string {
  const disposition = headerValue(response.headers, 'content-disposition') ?? '';
  const extended = /filename\*\s*=\s*[^']*'[^']*'([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(disposition);
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text);
    } catch {
      return text;
    }
  };
  let name = extended ? decode(extended.trim()) : (plain?.[1] ?? plain?.[2] ?? '').trim();
  if (!name) {
    try {
      name = decode(new URL(response.url).pathname.split('/').filter(Boolean).pop() ?? '');
    } catch {
      // Not a URL: no name from it.
    }
  }
  // The last path segment only, no control or reserved characters, no hidden files.
  name = name
    .split(/[/\\]/)
    .pop()!
    // eslint-disable-next-line no-control-regex
    .replace(/[\x00-\x1f\x7f/\\:*?"<>|]+/g, '_')
    .replace(/^[.\s]+/, '')
    .slice(0, 120);
  const extension = extensionFor(mediaTypeOf(headerValue(response.headers, 'content-type')));
  if (!name) return `response.${extension}`;
  return /\.[A-Za-z0-9]{1,8}$/.test(name) ? name : `${name}.${extension}`;
}

/** Starts a download of this blob under this name. */
export function downloadBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
