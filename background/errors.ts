import { ProtocolError } from '../src/protocol.ts';

/** Ports the Fetch standard blocks (https://fetch.spec.whatwg.org/#bad-port): fetch fails on them with no detail. */
export const BAD_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110,
  111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532,
  540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061,
  6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

export function blockedPortError(url: URL): ProtocolError {
  return new ProtocolError(
    `Browsers refuse to connect to port ${url.port} (it belongs to another protocol, so fetch blocks it as unsafe).`,
    'blocked-port',
  );
}

/** Why a request stopped on our side, when it did. */
export type StopReason = 'timeout' | 'cancelled' | undefined;

export interface FailureContext {
  /** The URL of the request that failed (the last hop when following redirects). */
  url: URL;
  /** The error fetch (or the body reader) threw. */
  error: unknown;
  /** Set when our own timer or a cancel call aborted the request. */
  stopped: StopReason;
  timeoutMs: number;
  /** The browser's own error for this request (webRequest.onErrorOccurred), when it reported one. */
  netError?: string;
  /** True when the response head had arrived and the body was being read. */
  duringBody?: boolean;
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/**
 * Turns fetch's terse failures ("Failed to fetch", "NetworkError when
 * attempting to fetch resource") into messages that say what went wrong and
 * where, using the browser's own error code when webRequest reported it
 * (Chrome: net::ERR_*, Firefox: NS_ERROR_* and NSS messages) and Node's
 * error codes when running under Node.
 */
export function describeFailure(context: FailureContext): ProtocolError {
  const { url, stopped, timeoutMs } = context;
  const where = `${url.protocol}//${url.host}`;
  if (stopped === 'timeout') {
    return new ProtocolError(
      context.duringBody
        ? `The response from ${where} did not finish within ${seconds(timeoutMs)}: the request timed out while the body was arriving.`
        : `No response from ${where} within ${seconds(timeoutMs)}: the request timed out.`,
      'timeout',
    );
  }
  if (stopped === 'cancelled') return new ProtocolError(`The request to ${where} was cancelled.`, 'cancelled');

  const code = context.netError ?? nodeErrorCode(context.error);
  let kind = code ? classify(code) : undefined;
  // A body cut short (fewer bytes than Content-Length, or no last chunk) means the server hung up mid-body.
  if (context.duringBody && (kind === undefined || (code && CUT_SHORT.test(code)))) kind = 'reset';
  const detail = code ? ` (${code})` : '';
  switch (kind) {
    case 'refused':
      return new ProtocolError(
        `Could not reach ${where}: the connection was refused. Is a server running on that port?${detail}`,
        'refused',
      );
    case 'dns':
      return new ProtocolError(
        `Could not reach ${where}: the host name "${url.hostname}" could not be resolved (DNS). Check its spelling.${detail}`,
        'dns',
      );
    case 'tls':
      return new ProtocolError(
        code && /CERT_AUTHORITY_INVALID|SEC_ERROR_UNKNOWN_ISSUER|SELF_SIGNED/i.test(code)
          ? `The secure connection to ${where} failed (TLS): its certificate is not trusted (self-signed or from an unknown issuer).${detail}`
          : `The secure connection to ${where} failed (TLS): the certificate was not accepted or the server does not speak TLS on that port.${detail}`,
        'tls',
      );
    case 'timeout':
      return new ProtocolError(
        `Could not reach ${where}: the connection timed out before the server answered.${detail}`,
        'timeout',
      );
    case 'aborted':
      return new ProtocolError(`The browser aborted the request to ${where}.${detail}`, 'cancelled');
    case 'reset':
      return new ProtocolError(
        context.duringBody
          ? `${where} closed the connection while sending the response body.${detail}`
          : `${where} closed the connection without answering.${detail}`,
        'reset',
      );
    case 'unreachable':
      return new ProtocolError(
        `Could not reach ${where}: the network or the address is unreachable.${detail}`,
        'network',
      );
    case 'blocked-port':
      return blockedPortError(url);
    case 'blocked':
      return new ProtocolError(
        `The request to ${where} was blocked inside the browser (by an extension or a policy).${detail}`,
        'blocked',
      );
    case 'redirects':
      return new ProtocolError(
        `Too many redirects starting from ${where}: the chain loops or is too long.${detail}`,
        'too-many-redirects',
      );
    case 'bad-redirect':
      return new ProtocolError(
        `${where} redirected to a URL the browser will not follow (not http or https).${detail}`,
        'bad-redirect',
      );
    case 'bad-response':
      return new ProtocolError(`${where} sent a response that is not valid HTTP.${detail}`, 'bad-response');
  }
  const message = context.error instanceof Error ? context.error.message : String(context.error);
  return new ProtocolError(
    `Could not reach ${where}${detail}: the request failed before a response arrived (${message}).`,
    'network',
  );
}

const CUT_SHORT = /ERR_CONTENT_LENGTH_MISMATCH|ERR_INCOMPLETE_CHUNKED_ENCODING|NS_ERROR_NET_PARTIAL_TRANSFER/;

type Kind =
  | 'refused'
  | 'dns'
  | 'tls'
  | 'timeout'
  | 'aborted'
  | 'reset'
  | 'unreachable'
  | 'blocked-port'
  | 'blocked'
  | 'redirects'
  | 'bad-redirect'
  | 'bad-response';

/** Browser (Chrome, Firefox) and Node error codes, by what they mean for the user. */
const KINDS: [RegExp, Kind][] = [
  [/ERR_CONNECTION_REFUSED|NS_ERROR_CONNECTION_REFUSED|^ECONNREFUSED$/, 'refused'],
  [
    /ERR_NAME_NOT_RESOLVED|ERR_NAME_RESOLUTION_FAILED|ERR_DNS_|NS_ERROR_UNKNOWN_HOST|NS_ERROR_UNKNOWN_PROXY_HOST|^ENOTFOUND$|^EAI_AGAIN$/,
    'dns',
  ],
  [
    /ERR_CERT_|ERR_SSL_|ERR_BAD_SSL|ERR_TLS|NS_ERROR_NET_INADEQUATE_SECURITY|SEC_ERROR_|SSL_ERROR_|MOZILLA_PKIX_ERROR|\bSSL\b|\bTLS\b|[Cc]ertificate|^DEPTH_ZERO_SELF_SIGNED_CERT$|^SELF_SIGNED_CERT|^UNABLE_TO_VERIFY|^CERT_/,
    'tls',
  ],
  [/ERR_TIMED_OUT|ERR_CONNECTION_TIMED_OUT|NS_ERROR_NET_TIMEOUT|^ETIMEDOUT$|^UND_ERR_CONNECT_TIMEOUT$/, 'timeout'],
  [/ERR_ABORTED|NS_BINDING_ABORTED/, 'aborted'],
  [
    /ERR_CONNECTION_RESET|ERR_CONNECTION_CLOSED|ERR_EMPTY_RESPONSE|ERR_CONNECTION_ABORTED|NS_ERROR_NET_RESET|NS_ERROR_NET_INTERRUPT|^ECONNRESET$|^UND_ERR_SOCKET$/,
    'reset',
  ],
  [
    /ERR_ADDRESS_UNREACHABLE|ERR_INTERNET_DISCONNECTED|ERR_NETWORK_CHANGED|ERR_NETWORK_ACCESS_DENIED|ERR_ADDRESS_INVALID|NS_ERROR_OFFLINE|^ENETUNREACH$|^EHOSTUNREACH$/,
    'unreachable',
  ],
  [/ERR_UNSAFE_PORT|NS_ERROR_PORT_ACCESS_NOT_ALLOWED/, 'blocked-port'],
  [/ERR_BLOCKED_BY_CLIENT|ERR_BLOCKED_BY_ADMINISTRATOR|NS_ERROR_BLOCKED/, 'blocked'],
  [/ERR_TOO_MANY_REDIRECTS|NS_ERROR_REDIRECT_LOOP/, 'redirects'],
  [/ERR_UNSAFE_REDIRECT|ERR_INVALID_REDIRECT/, 'bad-redirect'],
  [
    /ERR_INVALID_HTTP_RESPONSE|ERR_INVALID_CHUNKED_ENCODING|ERR_CONTENT_LENGTH_MISMATCH|ERR_RESPONSE_HEADERS_TOO_BIG|ERR_CONTENT_DECODING_FAILED|ERR_INCOMPLETE_CHUNKED_ENCODING|ERR_RESPONSE_HEADERS_MULTIPLE|NS_ERROR_NET_PARTIAL_TRANSFER|NS_ERROR_CORRUPTED_CONTENT|NS_ERROR_INVALID_CONTENT_ENCODING|^HPE_/,
    'bad-response',
  ],
];

function classify(code: string): Kind | undefined {
  return KINDS.find(([pattern]) => pattern.test(code))?.[1];
}

/** Node's fetch (undici) puts the system error code on `cause` (or the cause's cause). */
function nodeErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
