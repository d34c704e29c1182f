/**
 * The request spec of a parsed curl command: the exact header lines to set
 * (curl's defaults left to the client), the body in the most idiomatic form
 * that still sends the same bytes, the transport settings and what no target
 * can send as written.
 */
import { flatMap } from '../arrays.ts';
import type { Warning } from '../errors.ts';
import { partFilename, type CurlRequest, type DataPiece } from '../curl/model.ts';
import { partsWithStdin, piecesWithStdin } from '../curl/stdin.ts';
import { curlUrlEncode } from '../curl/urlencode.ts';
import { splitUrl } from '../curl/wire.ts';
import { hasRawBytes } from '../raw-bytes.ts';
import { hasVariables, splitVariables, type TextPart } from '../variables.ts';
import { IDIOMATIC_BODY_LIMIT, jsonStyleOf, parseForm } from './encodings.ts';
import type { RequestSpec, SpecBody, SpecHeader } from './spec.ts';
import { specWarning } from './warnings.ts';

export function collectVariables(strings: string[]): string[] {
  const names: string[] = [];
  for (const text of strings) {
    if (!hasVariables(text)) continue;
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

function specBody(request: CurlRequest, warnings: Warning[]): SpecBody {
  const body = request.body;
  const stdin = request.stdin;
  switch (body.kind) {
    case 'none':
      return { kind: 'none' };
    case 'multipart':
      return { kind: 'multipart', parts: partsWithStdin(body.parts, stdin) };
    case 'upload':
      if (body.path !== null) return { kind: 'file', path: body.path, strip: false };
      if (body.drained) return { kind: 'text', text: '' };
      if (stdin)
        return 'file' in stdin ? { kind: 'file', path: stdin.file, strip: false } : { kind: 'text', text: stdin.text };
      return { kind: 'stdin', strip: false };
    case 'data': {
      const pieces = piecesWithStdin(body.pieces, stdin);
      if (pieces.length === 1 && pieces[0]!.type === 'file')
        return { kind: 'file', path: pieces[0]!.path, strip: pieces[0]!.strip };
      if (pieces.length === 1 && pieces[0]!.type === 'stdin') return { kind: 'stdin', strip: pieces[0]!.strip };
      // A variable inside a --data-urlencode value must be encoded when the program runs.
      const encodesVariable = pieces.some((p) => p.type === 'urlencode' && hasVariables(p.value));
      const text = encodesVariable ? null : pieces === body.pieces ? (body.text ?? dataText(pieces)) : dataText(pieces);
      if (text === null) return { kind: 'pieces', pieces };
      if (text.length > IDIOMATIC_BODY_LIMIT) return { kind: 'text', text };
      if (body.format === 'json' && !hasVariables(text)) {
        try {
          const value: unknown = JSON.parse(text);
          return { kind: 'json', text, value, style: jsonStyleOf(text, value) };
        } catch {
          warnings.push(specWarning('json-invalid'));
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

/** Whether a header name is `lower` (a lower-case name) in any case. */
const sameName = (name: string, lower: string) => name.length === lower.length && name.toLowerCase() === lower;

/** The spec of one parsed curl request: what a generated program must send. */
export function specFromCurl(request: CurlRequest): RequestSpec {
  const warnings: Warning[] = [];
  // A scan, not a set of lower-cased names: hashing each fresh name costs more than the few lookups below.
  const has = (name: string) => request.headers.some((h) => sameName(h.name, name));
  const removed = (name: string) => request.removedHeaders.some((h) => sameName(h, name));
  const headers: SpecHeader[] = [];
  let basicAuth: RequestSpec['basicAuth'];

  const auth = request.auth;
  if (!has('authorization') && !removed('authorization')) {
    if (auth?.scheme === 'basic') basicAuth = { user: auth.user ?? '', password: auth.password ?? '' };
    else if (auth?.scheme === 'bearer') headers.push({ name: 'Authorization', value: `Bearer ${auth.token ?? ''}` });
    else if (auth) {
      warnings.push(specWarning('auth-unsupported', { scheme: auth.scheme }, request.span));
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
  // https://curl.se/docs/manpage.html#-r: curl asks for the range on a request without a body.
  if (request.range !== undefined && request.body.kind === 'none' && !has('range')) {
    headers.push({ name: 'Range', value: `bytes=${request.range}` });
  }
  if (request.userAgent !== undefined && !has('user-agent') && !removed('user-agent')) {
    headers.push({ name: 'User-Agent', value: request.userAgent });
  }
  if (request.referer !== undefined && !has('referer') && !removed('referer')) {
    headers.push({ name: 'Referer', value: request.referer });
  }
  let cookieLine: string | undefined;
  if (request.cookies.length > 0 && !has('cookie') && !removed('cookie')) {
    cookieLine = request.cookies.join(';');
    headers.push({ name: 'Cookie', value: cookieLine });
  }
  for (const header of request.headers) {
    headers.push(header.span ? { name: header.name, value: header.value, span: header.span } : { ...header });
  }
  const body = specBody(request, warnings);
  if (request.body.kind === 'data' && !has('content-type') && !removed('content-type')) {
    headers.push({ name: 'Content-Type', value: 'application/x-www-form-urlencoded' });
  }

  const method = request.method;
  const implied = request.body.kind === 'none' ? 'GET' : request.body.kind === 'upload' ? 'PUT' : 'POST';
  const removedDefaults = request.removedHeaders
    .map((h) => h.toLowerCase())
    .filter((h) => ['accept', 'user-agent', 'host', 'content-type', 'accept-encoding'].includes(h) && !has(h));

  const output = request.transport.output;
  const strings = [request.method, request.url];
  for (const h of headers) strings.push(h.name, h.value);
  if (basicAuth) strings.push(basicAuth.user, basicAuth.password);
  for (const text of bodyStrings(body)) strings.push(text);
  if (request.transport.proxy !== undefined) strings.push(request.transport.proxy);
  if (request.transport.proxyUser !== undefined) strings.push(request.transport.proxyUser);
  if (output && 'file' in output) strings.push(output.file);
  if (strings.some(hasRawBytes)) {
    warnings.push(specWarning('raw-bytes', undefined, request.span));
  }
  return {
    source: 'curl',
    method,
    methodIsDefault: method === implied,
    url: request.url,
    headers,
    basicAuth,
    removedDefaults,
    body,
    transport: request.transport,
    cookieLine,
    cookieFiles: request.cookieFiles,
    variables: collectVariables(strings),
    warnings,
    span: request.span,
    urlSpan: request.urlSpan,
  };
}

function splitUrlSafe(url: string) {
  try {
    return splitUrl(url);
  } catch {
    return undefined;
  }
}

export function bodyStrings(body: SpecBody): string[] {
  switch (body.kind) {
    case 'text':
    case 'json':
    case 'form':
      return [body.text];
    case 'file':
      return [body.path];
    case 'pieces':
      return flatMap(body.pieces, (p) =>
        'text' in p ? [p.text] : 'path' in p ? [p.path] : 'value' in p ? [p.value] : [],
      );
    case 'multipart': {
      const strings: string[] = [];
      for (const p of body.parts) {
        strings.push(p.name, p.type === 'field' ? p.value : p.path);
        const filename = partFilename(p);
        if (filename !== undefined) strings.push(filename);
      }
      return strings;
    }
    default:
      return [];
  }
}
