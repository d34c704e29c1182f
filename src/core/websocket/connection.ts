/**
 * What a WebSocket connection needs before it opens (a checked URL, the
 * subprotocols, the handshake headers split into those the browser must be
 * made to send and those it may not be asked for) and what its end means
 * (close codes, a refused handshake explained).
 */
import type { HeaderLine } from '../http/request.ts';

export interface ConnectionProblem {
  /** Which field: the URL, a header, the protocols, the close code. */
  field: 'url' | 'headers' | 'protocols' | 'close';
  message: string;
}

/**
 * Checks a WebSocket URL: ws:// or wss:// (http(s):// is taken as its
 * WebSocket twin, as browsers do), a host, and no fragment, which the
 * WebSocket constructor refuses.
 */
export function checkSocketUrl(text: string): { url: string } | { problem: ConnectionProblem } {
  const trimmed = text.trim();
  if (trimmed === '') return { problem: { field: 'url', message: 'Enter a ws:// or wss:// URL.' } };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { problem: { field: 'url', message: `“${trimmed}” is not a URL: write it as ws://host:port/path.` } };
  }
  if (url.protocol === 'http:') url.protocol = 'ws:';
  else if (url.protocol === 'https:') url.protocol = 'wss:';
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:') {
    return {
      problem: { field: 'url', message: `A WebSocket URL starts with ws:// or wss://, not ${url.protocol}//.` },
    };
  }
  if (url.hash !== '') {
    return { problem: { field: 'url', message: 'A WebSocket URL cannot have a #fragment: remove it.' } };
  }
  return { url: trimmed.replace(/^http(s?):/i, 'ws$1:') };
}

/** Checks an SSE URL: http:// or https://. */
export function checkStreamUrl(text: string): { url: string } | { problem: ConnectionProblem } {
  const trimmed = text.trim();
  if (trimmed === '') return { problem: { field: 'url', message: 'Enter an http:// or https:// URL.' } };
  try {
    const url = new URL(trimmed);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return {
        problem: {
          field: 'url',
          message: `An event stream URL starts with http:// or https://, not ${url.protocol}//.`,
        },
      };
    }
  } catch {
    return { problem: { field: 'url', message: `“${trimmed}” is not a URL: write it as https://host/path.` } };
  }
  return { url: trimmed };
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Subprotocols from the field (comma or space separated), each an HTTP token, no repeats. */
export function parseProtocols(text: string): { protocols: string[] } | { problem: ConnectionProblem } {
  const protocols = text
    .split(/[\s,]+/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  for (const p of protocols) {
    if (!TOKEN.test(p)) {
      return {
        problem: {
          field: 'protocols',
          message: `“${p}” cannot be a subprotocol: use letters, digits and !#$%&'*+-.^_\`|~.`,
        },
      };
    }
  }
  const seen = new Set<string>();
  for (const p of protocols) {
    if (seen.has(p)) return { problem: { field: 'protocols', message: `The subprotocol “${p}” is listed twice.` } };
    seen.add(p);
  }
  return { protocols };
}

/** Handshake headers the browser owns: asking a rule to set them breaks the handshake. */
const OWNED_BY_BROWSER = new Set([
  'host',
  'upgrade',
  'connection',
  'sec-websocket-key',
  'sec-websocket-version',
  'sec-websocket-extensions',
  'content-length',
  'transfer-encoding',
]);

export interface HandshakePlan {
  /** Headers the browser is made to send (a session rule in Chrome, the blocking listener in Firefox). */
  headers: HeaderLine[];
  /** Subprotocols written as a Sec-WebSocket-Protocol header go to the constructor instead. */
  protocols: string[];
  notices: string[];
}

/**
 * Splits the user's handshake headers. Sec-WebSocket-Protocol becomes
 * constructor subprotocols (a rule setting it makes Chrome fail the
 * connection); the headers the browser computes itself are left out with a
 * notice; repeated names are joined into one line (a rule sets one value).
 */
export function planHandshake(headers: readonly HeaderLine[], protocols: readonly string[]): HandshakePlan {
  const notices: string[] = [];
  const out = new Map<string, HeaderLine>();
  const allProtocols = [...protocols];
  for (const { name, value } of headers) {
    const lower = name.trim().toLowerCase();
    if (lower === '') continue;
    if (lower === 'sec-websocket-protocol') {
      for (const p of value.split(',').map((s) => s.trim()))
        if (p !== '' && !allProtocols.includes(p)) allProtocols.push(p);
      notices.push('Sec-WebSocket-Protocol is sent from the Protocols field (the browser negotiates it).');
      continue;
    }
    if (OWNED_BY_BROWSER.has(lower)) {
      notices.push(`${name.trim()} was not sent: the browser writes it for the handshake.`);
      continue;
    }
    const seen = out.get(lower);
    if (seen) seen.value += (lower === 'cookie' ? '; ' : ', ') + value;
    else out.set(lower, { name: name.trim(), value });
  }
  return { headers: [...out.values()], protocols: allProtocols, notices };
}

/**
 * The declarativeNetRequest `urlFilter` matching this socket's handshake in
 * both browsers: host, port and path without the scheme and unanchored at
 * the start (Firefox reports the handshake as http(s)://, so `|ws://` never
 * matches there), ending with `|` so a longer path does not match. `*`, `^`
 * and `|` are the filter's own syntax: a URL holding them is matched up to
 * the first one.
 */
export function handshakeUrlFilter(url: string): string {
  const parsed = new URL(url);
  const port = parsed.port ? `:${parsed.port}` : '';
  const whole = `${parsed.hostname}${port}${parsed.pathname}${parsed.search}`;
  const special = whole.search(/[*^|]/);
  return special === -1 ? `${whole}|` : whole.slice(0, special);
}

/** Whether a URL the browser reports (ws://, wss://, or Firefox's http(s)://) is this socket's. */
export function sameSocketUrl(reported: string, url: string): boolean {
  const norm = (u: string) => {
    try {
      const p = new URL(u.replace(/^http(s?):/i, 'ws$1:'));
      return `${p.protocol}//${p.host}${p.pathname}${p.search}`;
    } catch {
      return u;
    }
  };
  return norm(reported) === norm(url);
}

/** A close code the user may send: 1000, or 3000–4999 (the WebSocket API refuses others). */
export function checkCloseCode(text: string): { code: number } | { problem: ConnectionProblem } {
  const trimmed = text.trim();
  if (trimmed === '') return { code: 1000 };
  const code = Number(trimmed);
  if (!Number.isInteger(code) || !(code === 1000 || (code >= 3000 && code <= 4999))) {
    return {
      problem: {
        field: 'close',
        message: `${trimmed} cannot be sent as a close code: use 1000 (normal) or a code from 3000 to 4999.`,
      },
    };
  }
  return { code };
}

/** A close reason must fit in 123 bytes of UTF-8. */
export function checkCloseReason(reason: string): ConnectionProblem | null {
  const size = new TextEncoder().encode(reason).length;
  return size > 123
    ? {
        field: 'close',
        message: `The close reason is ${size} bytes long: at most 123 bytes of UTF-8 fit in a close frame.`,
      }
    : null;
}

const CLOSE_NAMES: Record<number, string> = {
  1000: 'Normal Closure',
  1001: 'Going Away',
  1002: 'Protocol Error',
  1003: 'Unsupported Data',
  1005: 'No Status Received',
  1006: 'Abnormal Closure',
  1007: 'Invalid Frame Payload Data',
  1008: 'Policy Violation',
  1009: 'Message Too Big',
  1010: 'Mandatory Extension',
  1011: 'Internal Error',
  1012: 'Service Restart',
  1013: 'Try Again Later',
  1014: 'Bad Gateway',
  1015: 'TLS Handshake',
};

/** `1000 Normal Closure`, `4001 (application)`, `3000 (registered)`. */
export function describeCloseCode(code: number): string {
  const name = CLOSE_NAMES[code];
  if (name) return `${code} ${name}`;
  if (code >= 4000 && code <= 4999) return `${code} (application code)`;
  if (code >= 3000 && code <= 3999) return `${code} (registered code)`;
  return String(code);
}

/** What the browser reported of the handshake (webRequest). */
export interface HandshakeReport {
  requestHeaders?: HeaderLine[];
  /** `HTTP/1.1 401 Unauthorized`. */
  statusLine?: string;
  status?: number;
  responseHeaders?: HeaderLine[];
  /** The browser's error (`net::ERR_CONNECTION_REFUSED`, `NS_ERROR_…`). */
  error?: string;
}

const header = (lines: readonly HeaderLine[] | undefined, name: string) =>
  lines?.find((h) => h.name.toLowerCase() === name)?.value;

/**
 * Why a connection that never opened failed, in words: the server's status
 * line and what it asks for, or the browser's network error, instead of the
 * API's bare 1006.
 */
export function explainFailedHandshake(report: HandshakeReport | undefined, url: string): string {
  if (report?.status !== undefined && report.status !== 101) {
    const line = report.statusLine ?? `HTTP ${report.status}`;
    const parts = [`The server refused the WebSocket handshake: ${line}.`];
    const challenge = header(report.responseHeaders, 'www-authenticate');
    if (report.status === 401) {
      parts.push(
        challenge
          ? `It asks for credentials (WWW-Authenticate: ${challenge}): add an Authorization header.`
          : 'It asks for credentials: add an Authorization header.',
      );
    } else if (report.status === 403) {
      parts.push('It forbids this client: servers often check the Origin header; set the one it expects.');
    } else if (report.status === 404) {
      parts.push('No WebSocket endpoint at this path.');
    } else if (report.status >= 300 && report.status < 400) {
      const location = header(report.responseHeaders, 'location');
      parts.push(`WebSocket handshakes do not follow redirects${location ? ` (Location: ${location})` : ''}.`);
    } else if (report.status === 200) {
      parts.push('It answered as plain HTTP: this URL is not a WebSocket endpoint.');
    } else if (report.status === 426) {
      parts.push('It asks for another protocol version.');
    }
    return parts.join(' ');
  }
  if (report?.status === 101) {
    return 'The server accepted the handshake, but the browser failed the connection: a subprotocol it did not offer, or an extension it did not ask for.';
  }
  if (report?.error) return `The connection failed: ${describeNetError(report.error, url)}`;
  return 'The connection failed before the server answered (the browser gave no reason: the host may be down, the port closed, or the certificate untrusted).';
}

function describeNetError(error: string, url: string): string {
  const host = (() => {
    try {
      return new URL(url).host;
    } catch {
      return url;
    }
  })();
  if (/CONNECTION_REFUSED/i.test(error))
    return `${host} refused the connection (${error}): nothing listens on that port.`;
  if (/NAME_NOT_RESOLVED|UNKNOWN_HOST/i.test(error)) return `the name ${host} does not resolve (${error}).`;
  if (/CERT|SSL|SEC_ERROR|TLS/i.test(error))
    return `the TLS connection to ${host} failed (${error}): its certificate is not trusted.`;
  if (/TIMED_OUT|TIMEOUT/i.test(error)) return `${host} did not answer in time (${error}).`;
  return `${error}.`;
}

/**
 * Session rule ids the WebSocket tool's pages use (the background's own
 * header rules stay below them). Pages pick ids at random in this range.
 */
export const SOCKET_RULE_IDS = { first: 1_000_000_000, last: 0x7fffffff } as const;

/** The headers of `wanted` the browser's report does not show with the value written. */
export function headersMissing(wanted: readonly HeaderLine[], sent: readonly HeaderLine[]): HeaderLine[] {
  return wanted.filter(
    ({ name, value }) => !sent.some((h) => h.name.toLowerCase() === name.toLowerCase() && h.value === value),
  );
}
