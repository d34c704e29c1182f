/**
 * Turns a request model into the exact request curl puts on the wire:
 * method, request target, header lines in curl's order, body bytes. The REST
 * client sends with it; the tests compare it with what real curl sends.
 */
import { bytesToBase64 } from '../bytes.ts';
import { utf8Bytes } from '../raw-bytes.ts';
import type { HeaderLine } from '../http/request.ts';
import type { WireRequest } from '../http/wire.ts';
import { splitVariables } from '../variables.ts';
import type { CurlRequest, DataPiece, FormPart } from './model.ts';
import { isStdinPart, isStdinUrlencode } from './stdin.ts';
import { curlUrlEncodeBytes } from './urlencode.ts';
import { lookup } from '../shape.ts';

export interface WireOptions {
  /** Reads a file the command refers to (`-d @f`, `-F f=@f`, `-T f`, `-b f`). Missing files throw. */
  readFile?: (path: string) => Uint8Array;
  /** Standard input, for `@-`. */
  stdin?: Uint8Array;
  /** Values for shell variables left in the model. */
  variables?: Record<string, string>;
  /**
   * Add curl's own defaults (Host, `User-Agent: curl/…`, `Accept: *\/*`), as
   * curl sends them. The REST client leaves them to the browser.
   */
  curlDefaults?: boolean;
  /** curl's version for the default User-Agent. */
  curlVersion?: string;
  /** Multipart boundary; curl's style of random one when absent. */
  boundary?: string;
}

/** What the wire builder cannot produce; a message for a person. */
export class WireError extends Error {
  override name = 'WireError';
}

const encoder = new TextEncoder();

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** Replaces variable markers with their values, or fails naming the missing one. */
export function resolveVariables(text: string, variables: Record<string, string> = {}): string {
  return splitVariables(text)
    .map((part) => {
      if (typeof part === 'string') return part;
      const value = variables[part.variable];
      if (value === undefined) throw new WireError(`The shell variable $${part.variable} has no value.`);
      return value;
    })
    .join('');
}

export interface UrlParts {
  scheme: string;
  /** `user:password` as written before the host, if any. */
  userinfo?: string;
  /** Host as written (IPv6 in brackets). */
  host: string;
  port?: string;
  /** Path and query bytes as written, fragment removed; `/` when the path is empty. */
  target: string;
}

/** Splits a URL without normalising it, so query bytes stay exactly as written. */
export function splitUrl(url: string): UrlParts {
  const match = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)(.*)$/s.exec(url);
  if (!match) throw new WireError(`"${url}" is not an absolute URL.`);
  const [, scheme, authority, rest] = match as unknown as [string, string, string, string];
  const at = authority.lastIndexOf('@');
  const userinfo = at === -1 ? undefined : authority.slice(0, at);
  const hostport = at === -1 ? authority : authority.slice(at + 1);
  const portMatch = /^(\[[^\]]*\]|[^:]*)(?::(\d*))?$/.exec(hostport);
  const host = portMatch?.[1] ?? hostport;
  const port = portMatch?.[2] || undefined;
  if (host === '') throw new WireError(`"${url}" has no host name.`);
  const hash = rest.indexOf('#');
  const noFragment = hash === -1 ? rest : rest.slice(0, hash);
  const target = noFragment.startsWith('/') ? noFragment : `/${noFragment}`;
  return { scheme: scheme.toLowerCase(), userinfo, host, port, target };
}

const DEFAULT_PORTS: Record<string, string> = { http: '80', https: '443' };

const TYPES_BY_EXTENSION: Record<string, string> = {
  gif: 'image/gif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
  txt: 'text/plain',
  htm: 'text/html',
  html: 'text/html',
  pdf: 'application/pdf',
  xml: 'application/xml',
};

/** curl's guess of a file part's type from the file name (lib/mime.c, ContentTypeForFilename). */
export function contentTypeForFilename(path: string): string {
  return knownContentType(path) ?? 'application/octet-stream';
}

/**
 * The type curl guesses from a file name's extension, if it knows it: all a part that is not read from a
 * file gets (`-F f=@-` sends no Content-Type for the name `-`).
 */
export function knownContentType(path: string): string | undefined {
  const ext = /\.([A-Za-z0-9]+)$/.exec(path)?.[1]?.toLowerCase();
  return ext === undefined ? undefined : lookup(TYPES_BY_EXTENSION, ext);
}

/** A multipart boundary in curl's style: 24 dashes and 16 random hex digits. */
export function randomBoundary(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return '-'.repeat(24) + [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function readOrFail(options: WireOptions, path: string): Uint8Array {
  if (!options.readFile) throw new WireError(`The request reads the file "${path}", and no file reader was given.`);
  return options.readFile(path);
}

function stripNewlines(bytes: Uint8Array): Uint8Array {
  return bytes.filter((b) => b !== 0x0a && b !== 0x0d);
}

/**
 * The options with standard input as the command line gives it (a here-document or `< file`), unless the
 * caller gave stdin.
 */
function withCommandStdin(request: CurlRequest, options: WireOptions): WireOptions {
  const source = request.stdin;
  if (options.stdin !== undefined || !source) return options;
  const bytes = 'text' in source ? utf8Bytes(source.text) : readOrFail(options, source.file);
  return { ...options, stdin: bytes };
}

function pieceBytes(piece: DataPiece, options: WireOptions): Uint8Array {
  const vars = options.variables;
  switch (piece.type) {
    case 'literal':
      return utf8Bytes(resolveVariables(piece.text, vars));
    case 'file': {
      const bytes = readOrFail(options, resolveVariables(piece.path, vars));
      return piece.strip ? stripNewlines(bytes) : bytes;
    }
    case 'stdin': {
      const bytes = options.stdin ?? new Uint8Array();
      return piece.strip ? stripNewlines(bytes) : bytes;
    }
    case 'urlencode': {
      const prefix = piece.name !== undefined ? `${resolveVariables(piece.name, vars)}=` : '';
      return utf8Bytes(prefix + curlUrlEncodeBytes(utf8Bytes(resolveVariables(piece.value, vars))));
    }
    case 'urlencode-file': {
      const prefix = piece.name !== undefined ? `${resolveVariables(piece.name, vars)}=` : '';
      if (isStdinUrlencode(piece)) {
        // Empty standard input makes nothing at all, not even `name=`.
        const bytes = options.stdin ?? new Uint8Array();
        return bytes.length === 0 ? bytes : utf8Bytes(prefix + curlUrlEncodeBytes(bytes));
      }
      const bytes = readOrFail(options, resolveVariables(piece.path, vars));
      return utf8Bytes(prefix + curlUrlEncodeBytes(bytes));
    }
  }
}

/** `-d` pieces joined like curl: `&` between pieces, nothing before a `--json` piece. */
export function dataBytes(pieces: DataPiece[], options: WireOptions = {}): Uint8Array {
  const chunks: Uint8Array[] = [];
  // curl reads stdin to its end for the first `@-`: a second one reads nothing.
  let stdinRead = false;
  for (const [index, piece] of pieces.entries()) {
    if (index > 0 && !('json' in piece && piece.json)) chunks.push(encoder.encode('&'));
    const reads = piece.type === 'stdin' || isStdinUrlencode(piece);
    const again = reads && stdinRead;
    if (reads) stdinRead = true;
    chunks.push(pieceBytes(piece, again ? { ...options, stdin: new Uint8Array() } : options));
  }
  return concat(chunks);
}

/** The multipart/form-data body curl builds for these parts (files read through `options.readFile`). */
export function multipartBytes(parts: FormPart[], boundary: string, options: WireOptions): Uint8Array {
  const vars = options.variables;
  const chunks: Uint8Array[] = [];
  let stdinRead = false;
  for (const part of parts) {
    const name = resolveVariables(part.name, vars).replace(/"/g, '%22');
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${name}"`;
    let data: Uint8Array;
    let type = part.contentType;
    if (isStdinPart(part)) {
      // Standard input (read once): a file part named `-` for `@-`, whose type only a known extension gives.
      data = stdinRead ? new Uint8Array() : (options.stdin ?? new Uint8Array());
      stdinRead = true;
      if (part.type === 'file') {
        head += `; filename="${resolveVariables(part.filename, vars).replace(/"/g, '%22')}"`;
        type ??= knownContentType(part.filename);
      }
    } else if (part.type === 'file') {
      const path = resolveVariables(part.path, vars);
      head += `; filename="${resolveVariables(part.filename, vars).replace(/"/g, '%22')}"`;
      type ??= contentTypeForFilename(path);
      data = readOrFail(options, path);
    } else if (part.type === 'file-content') {
      data = readOrFail(options, resolveVariables(part.path, vars));
    } else {
      data = utf8Bytes(resolveVariables(part.value, vars));
      if (part.filename !== undefined) {
        const filename = resolveVariables(part.filename, vars);
        head += `; filename="${filename.replace(/"/g, '%22')}"`;
        type ??= knownContentType(filename);
      }
    }
    head += '\r\n';
    if (type) head += `Content-Type: ${type}\r\n`;
    for (const header of part.headers) head += `${header.name}: ${header.value}\r\n`;
    chunks.push(utf8Bytes(`${head}\r\n`), data, encoder.encode('\r\n'));
  }
  chunks.push(encoder.encode(`--${boundary}--\r\n`));
  return concat(chunks);
}

/** Cookies from a Netscape-format cookie file that curl would send to this URL. */
const LOOPBACK = ['localhost', '127.0.0.1', '::1'];

export function cookiesFromFile(content: string, url: UrlParts): string[] {
  const host = url.host.toLowerCase().replace(/^\[|\]$/g, '');
  const path = url.target.replace(/[?].*$/, '');
  const out: string[] = [];
  for (const rawLine of content.split(/\r?\n/)) {
    const line = rawLine.startsWith('#HttpOnly_') ? rawLine.slice('#HttpOnly_'.length) : rawLine;
    if (line.startsWith('#') || line.trim() === '') continue;
    const fields = line.split('\t');
    if (fields.length < 7) continue;
    const [domain, , cookiePath, secure, expires, name, value] = fields as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const d = domain.toLowerCase().replace(/^\./, '');
    const domainOk = host === d || host.endsWith(`.${d}`);
    const pathOk = path.startsWith(cookiePath || '/');
    // curl counts localhost and the loopback addresses as secure (https://curl.se/docs/cookies.html).
    const secureOk = secure.toUpperCase() !== 'TRUE' || url.scheme === 'https' || LOOPBACK.includes(host);
    // Expiry 0 is a session cookie; curl leaves out the ones that expired.
    const fresh = Number(expires) === 0 || Number(expires) * 1000 >= Date.now();
    if (domainOk && pathOk && secureOk && fresh) out.push(`${name}=${value}`);
  }
  return out;
}

/** Base64 of the bytes curl sends for a model string (its raw bytes as they are). */
function base64Utf8(text: string): string {
  return bytesToBase64(utf8Bytes(text));
}

function percentDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The wire request curl sends for this model (first request; redirects and auth challenges not followed). */
export function toWireRequest(request: CurlRequest, given: WireOptions = {}): WireRequest {
  const options = withCommandStdin(request, given);
  const vars = options.variables;
  const url = resolveVariables(request.url, vars);
  const parts = splitUrl(url);
  const method = resolveVariables(request.method, vars);
  const defaults = options.curlDefaults ?? true;
  const has = (name: string) => request.headers.some((h) => h.name.toLowerCase() === name.toLowerCase());
  const removed = (name: string) => request.removedHeaders.some((h) => h.toLowerCase() === name.toLowerCase());
  const userHeaders: HeaderLine[] = request.headers.map((h) => ({
    name: resolveVariables(h.name, vars),
    value: resolveVariables(h.value, vars),
  }));

  const out: HeaderLine[] = [];
  // Host first, as curl writes it; a user Host header takes its place.
  const userHost = userHeaders.find((h) => h.name.toLowerCase() === 'host');
  if (userHost) out.push(userHost);
  else if (defaults && !removed('host')) {
    const port = parts.port && parts.port !== DEFAULT_PORTS[parts.scheme] ? `:${parts.port}` : '';
    out.push({ name: 'Host', value: `${parts.host}${port}` });
  }

  const auth = request.auth;
  if (!has('authorization') && !removed('authorization')) {
    if (auth?.scheme === 'basic') {
      out.push({
        name: 'Authorization',
        value: `Basic ${base64Utf8(`${resolveVariables(auth.user ?? '', vars)}:${resolveVariables(auth.password ?? '', vars)}`)}`,
      });
    } else if (auth?.scheme === 'bearer') {
      out.push({ name: 'Authorization', value: `Bearer ${resolveVariables(auth.token ?? '', vars)}` });
    } else if (!auth && parts.userinfo !== undefined) {
      // Credentials in the URL are sent as Basic auth.
      const colon = parts.userinfo.indexOf(':');
      const user = percentDecode(colon === -1 ? parts.userinfo : parts.userinfo.slice(0, colon));
      const password = colon === -1 ? '' : percentDecode(parts.userinfo.slice(colon + 1));
      out.push({ name: 'Authorization', value: `Basic ${base64Utf8(`${user}:${password}`)}` });
    }
  }

  if (request.range !== undefined && request.body.kind === 'none' && !has('range')) {
    out.push({ name: 'Range', value: `bytes=${resolveVariables(request.range, vars)}` });
  }
  if (!has('user-agent') && !removed('user-agent')) {
    if (request.userAgent !== undefined)
      out.push({ name: 'User-Agent', value: resolveVariables(request.userAgent, vars) });
    else if (defaults) out.push({ name: 'User-Agent', value: `curl/${options.curlVersion ?? '7.88.1'}` });
  }
  if (defaults && !has('accept') && !removed('accept')) out.push({ name: 'Accept', value: '*/*' });
  if (request.transport.compressed && !has('accept-encoding') && !removed('accept-encoding')) {
    out.push({ name: 'Accept-Encoding', value: 'deflate, gzip, br, zstd' });
  }
  if (request.referer !== undefined && !has('referer') && !removed('referer')) {
    out.push({ name: 'Referer', value: resolveVariables(request.referer, vars) });
  }

  const cookies: string[] = [];
  for (const file of request.cookieFiles) {
    const path = resolveVariables(file, vars);
    // curl silently ignores a cookie file it cannot read.
    let content: Uint8Array | undefined;
    try {
      content = options.readFile?.(path);
    } catch {
      content = undefined;
    }
    if (content) cookies.push(...cookiesFromFile(new TextDecoder().decode(content), parts));
  }
  cookies.push(...request.cookies.map((c) => resolveVariables(c, vars)));
  if (cookies.length > 0 && !has('cookie') && !removed('cookie'))
    out.push({ name: 'Cookie', value: cookies.join(';') });

  for (const header of userHeaders) if (header.name.toLowerCase() !== 'host') out.push(header);

  let body: Uint8Array = new Uint8Array();
  const body0 = request.body;
  let contentType: string | undefined;
  if (body0.kind === 'data') {
    body = dataBytes(body0.pieces, options);
    contentType = 'application/x-www-form-urlencoded';
  } else if (body0.kind === 'multipart') {
    const boundary = options.boundary ?? randomBoundary();
    body = multipartBytes(body0.parts, boundary, options);
    contentType = `multipart/form-data; boundary=${boundary}`;
    const user = out.find((h) => h.name.toLowerCase() === 'content-type');
    if (user && /^multipart\//i.test(user.value) && !/boundary=/i.test(user.value)) {
      user.value = `${user.value}; boundary=${boundary}`;
    }
  } else if (body0.kind === 'upload') {
    body =
      body0.path === null
        ? body0.drained
          ? new Uint8Array()
          : (options.stdin ?? new Uint8Array())
        : readOrFail(options, resolveVariables(body0.path, vars));
  }
  if (
    body0.kind !== 'none' &&
    method.toUpperCase() !== 'HEAD' &&
    !has('content-length') &&
    !removed('content-length')
  ) {
    out.push({ name: 'Content-Length', value: String(body.length) });
  }
  if (contentType && !has('content-type') && !removed('content-type'))
    out.push({ name: 'Content-Type', value: contentType });

  return { method, url, target: parts.target, headers: out, body };
}
