/**
 * The request model shared by both tools. The converter's parser produces it,
 * the REST client edits and sends it. Plain data only, so it crosses the
 * message boundary as is.
 */

/** One header line as the user wrote it: name case and order are kept. */
export interface HeaderLine {
  name: string;
  value: string;
}

export interface HttpRequest {
  method: string;
  /** The URL exactly as written (query bytes are never re-encoded). */
  url: string;
  headers: HeaderLine[];
  /** Text body, or undefined for none. */
  body?: string;
}

/** Methods offered in menus; any other token is allowed as a custom method. */
export const COMMON_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

/** RFC 9110 token characters: what a method name may consist of. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

export type UrlCheck = { ok: true; url: URL } | { ok: false; message: string };

/**
 * Checks a URL the way a user needs to hear about it: a missing protocol or
 * an unsupported one gets a hint saying what to write instead.
 */
export function checkUrl(text: string): UrlCheck {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: 'Enter a URL, for example https://api.example.com/items.' };
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(trimmed);
  if (!scheme || (!trimmed.includes('//') && !/^(data|about):/i.test(trimmed))) {
    return {
      ok: false,
      message: `The URL needs a protocol: write http://${trimmed.replace(/^\/+/, '')} or https://${trimmed.replace(/^\/+/, '')}.`,
    };
  }
  const protocol = scheme[1]!.toLowerCase();
  if (protocol !== 'http' && protocol !== 'https') {
    return { ok: false, message: `The protocol "${protocol}:" is not supported: use http:// or https://.` };
  }
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, message: `"${trimmed}" is not a valid URL: check the host name and port.` };
  }
  if (url.hostname === '') return { ok: false, message: 'The URL has no host name after the protocol.' };
  return { ok: true, url };
}

export type RequestCheck = { ok: true } | { ok: false; field: 'method' | 'url' | 'headers'; message: string };

/** Validates a request before it is sent; every problem names its field. */
export function checkRequest(request: HttpRequest): RequestCheck {
  if (!TOKEN.test(request.method)) {
    return { ok: false, field: 'method', message: `"${request.method}" is not a valid HTTP method name.` };
  }
  const url = checkUrl(request.url);
  if (!url.ok) return { ok: false, field: 'url', message: url.message };
  for (const [index, header] of request.headers.entries()) {
    if (!TOKEN.test(header.name)) {
      return {
        ok: false,
        field: 'headers',
        message: `Header ${index + 1}: "${header.name}" is not a valid header name.`,
      };
    }
    if (/[\r\n\0]/.test(header.value)) {
      return {
        ok: false,
        field: 'headers',
        message: `Header ${index + 1} (${header.name}): the value may not contain line breaks or NUL.`,
      };
    }
  }
  return { ok: true };
}

/** Methods whose requests carry no body, as fetch insists. */
export function methodAllowsBody(method: string): boolean {
  const upper = method.toUpperCase();
  return upper !== 'GET' && upper !== 'HEAD';
}
