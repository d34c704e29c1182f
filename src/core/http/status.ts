/**
 * A small HTTP status reference: the reason phrase and a one-line meaning of
 * every code in the IANA HTTP Status Code Registry (RFC 9110 and friends),
 * and a class for every code, so the response view can say what a status
 * means. Kept small on purpose: the REST client loads it. The full entries
 * (when to use a code, its headers, references, constants, and the
 * non-standard codes met in logs) live in src/core/status/codes.ts.
 */

export type StatusClass = 'informational' | 'success' | 'redirection' | 'client-error' | 'server-error' | 'unknown';

export interface StatusInfo {
  code: number;
  /** The standard reason phrase, or the class name for a code without one. */
  reason: string;
  /** One line saying what the code means and, where it helps, what to do. */
  meaning: string;
  statusClass: StatusClass;
  /** False for a code no standard defines (a server's own, or out of range). */
  known: boolean;
}

/**
 * Code → [reason phrase, meaning], one row per code the registry lists
 * (ranges marked Unassigned are not codes). The phrase is the registry's
 * Description without its status note: 510's "(OBSOLETED)" and 104's
 * "(TEMPORARY - …)" are kept in the full entries instead.
 */
const STATUSES: Record<number, readonly [string, string]> = {
  100: ['Continue', 'Go on: the server accepted the request head; send the body.'],
  101: ['Switching Protocols', 'The server is switching to the protocol named in Upgrade (e.g. WebSocket).'],
  102: ['Processing', 'Still working on it (WebDAV): the final response comes later.'],
  103: ['Early Hints', 'Preliminary headers (usually Link preloads) before the final response.'],
  104: ['Upload Resumption Supported', 'Interim (draft standard): this upload can be resumed at the URL in Location.'],
  200: ['OK', 'Success: the body holds the result.'],
  201: ['Created', 'Created: a new resource exists; Location usually says where.'],
  202: ['Accepted', 'Accepted for processing, not done yet: check back later.'],
  203: ['Non-Authoritative Information', 'Success, but a proxy changed the content from what the origin sent.'],
  204: ['No Content', 'Success with nothing to return: the body is empty.'],
  205: ['Reset Content', 'Success: reset the form or view that sent the request.'],
  206: ['Partial Content', 'Part of the resource, as the Range header asked.'],
  207: ['Multi-Status', 'Several results in one body (WebDAV): check each one.'],
  208: ['Already Reported', 'Members already listed earlier in this multi-status (WebDAV).'],
  226: ['IM Used', 'The result of instance manipulations applied to the resource (delta encoding).'],
  300: ['Multiple Choices', 'Several representations exist: pick one of those offered.'],
  301: ['Moved Permanently', 'Moved for good: use the URL in Location from now on.'],
  302: ['Found', 'Temporarily elsewhere: see Location (clients often switch to GET).'],
  303: ['See Other', 'Look at the URL in Location with a GET (typical after a POST).'],
  304: ['Not Modified', 'Your cached copy is still valid: no body is sent.'],
  305: ['Use Proxy', 'Deprecated: the resource must be reached through a proxy.'],
  306: ['(Unused)', 'Reserved: once "Switch Proxy" in a draft, no longer used; servers do not send it.'],
  307: ['Temporary Redirect', 'Temporarily elsewhere: repeat the same method and body at Location.'],
  308: ['Permanent Redirect', 'Moved for good: repeat the same method and body at Location from now on.'],
  400: ['Bad Request', 'The server could not understand the request: check the syntax, parameters and body.'],
  401: ['Unauthorized', 'Authentication needed or failed: send valid credentials (see WWW-Authenticate).'],
  402: ['Payment Required', 'Payment required: reserved, used by some APIs for billing limits.'],
  403: ['Forbidden', 'Understood but refused: these credentials may not do this.'],
  404: ['Not Found', 'Nothing at this URL: check the path (or the resource is hidden).'],
  405: ['Method Not Allowed', 'This URL does not accept this method: see Allow for the ones it does.'],
  406: ['Not Acceptable', 'No representation matches the Accept headers you sent.'],
  407: ['Proxy Authentication Required', 'The proxy wants credentials: see Proxy-Authenticate.'],
  408: ['Request Timeout', 'The server gave up waiting for the request: try again.'],
  409: ['Conflict', 'Conflicts with the current state of the resource (e.g. an edit conflict or duplicate).'],
  410: ['Gone', 'Gone for good, with no forwarding address.'],
  411: ['Length Required', 'Send a Content-Length header.'],
  412: ['Precondition Failed', 'A condition you sent (If-Match, If-Unmodified-Since…) did not hold.'],
  413: ['Content Too Large', 'The body is larger than the server accepts.'],
  414: ['URI Too Long', 'The URL is longer than the server accepts: move data into the body.'],
  415: ['Unsupported Media Type', 'The server does not accept this body format: check Content-Type.'],
  416: ['Range Not Satisfiable', 'The Range asked for lies outside the resource.'],
  417: ['Expectation Failed', 'The server cannot meet the Expect header.'],
  418: ['(Unused)', 'Reserved: the "I\'m a teapot" joke code (RFC 2324); servers ought not to send it.'],
  421: ['Misdirected Request', 'This server cannot answer for this host: a connection reuse or routing problem.'],
  422: ['Unprocessable Content', 'Well-formed but invalid: the body failed validation.'],
  423: ['Locked', 'The resource is locked (WebDAV).'],
  424: ['Failed Dependency', 'Failed because an earlier request it depended on failed (WebDAV).'],
  425: ['Too Early', 'The server will not risk processing a request that might be replayed.'],
  426: ['Upgrade Required', 'Switch to the protocol named in Upgrade and try again.'],
  428: ['Precondition Required', 'Make the request conditional (e.g. send If-Match) to avoid lost updates.'],
  429: ['Too Many Requests', 'Too many requests: slow down; see Retry-After.'],
  431: ['Request Header Fields Too Large', 'The headers (or one of them, often Cookie) are too large.'],
  451: ['Unavailable For Legal Reasons', 'Blocked for legal reasons.'],
  500: ['Internal Server Error', 'The server failed while handling the request: a bug or outage on its side.'],
  501: ['Not Implemented', 'The server does not support this method or feature.'],
  502: ['Bad Gateway', 'A gateway or proxy got an invalid answer from the server behind it.'],
  503: ['Service Unavailable', 'Overloaded or down for maintenance: try later; see Retry-After.'],
  504: ['Gateway Timeout', 'A gateway or proxy timed out waiting for the server behind it.'],
  505: ['HTTP Version Not Supported', 'The server does not support this HTTP version.'],
  506: ['Variant Also Negotiates', 'The server’s content negotiation is misconfigured.'],
  507: ['Insufficient Storage', 'The server has no room to store what is needed (WebDAV).'],
  508: ['Loop Detected', 'The server found an infinite loop while processing (WebDAV).'],
  510: ['Not Extended', 'Obsolete (RFC 2774 is historic): the request needs an extension the server requires.'],
  511: ['Network Authentication Required', 'Log in to the network first (a captive portal is in the way).'],
};

/**
 * Who uses a code no standard assigns, in a few words, so a response view can
 * say more than the class (the full entries are in src/core/status/codes.ts).
 */
const VENDOR_HINTS: Record<number, string> = {
  218: 'said to be Apache’s “This is fine”',
  419: 'Laravel: Page Expired (CSRF token mismatch)',
  420: 'Twitter’s old API: Enhance Your Calm (rate limited)',
  440: 'Microsoft IIS/Exchange: Login Time-out',
  444: 'nginx: closed the connection without a response',
  449: 'Microsoft: Retry With',
  460: 'AWS load balancer: client closed the connection',
  463: 'AWS load balancer: too many X-Forwarded-For addresses',
  464: 'AWS load balancer: protocol does not match the target group',
  494: 'nginx: Request Header Too Large',
  495: 'nginx: client certificate error',
  496: 'nginx: client certificate required',
  497: 'nginx: plain HTTP sent to an HTTPS port',
  498: 'Esri ArcGIS: Invalid Token',
  499: 'nginx: Client Closed Request',
  509: 'hosting panels: Bandwidth Limit Exceeded',
  520: 'Cloudflare: origin returned an unknown error',
  521: 'Cloudflare: origin web server is down',
  522: 'Cloudflare: connection to the origin timed out',
  523: 'Cloudflare: origin is unreachable',
  524: 'Cloudflare: origin took too long to answer',
  525: 'Cloudflare: TLS handshake with the origin failed',
  526: 'Cloudflare: origin certificate is invalid',
  527: 'Cloudflare: Railgun error',
  529: 'Qualys SSL Labs: service overloaded',
  530: 'Cloudflare: origin error, see the 1xxx code on the page',
  561: 'AWS load balancer: identity provider error',
  598: 'some proxies: network read timeout',
  599: 'some proxies and clients: network connect timeout',
};

const CLASSES: Record<Exclude<StatusClass, 'unknown'>, readonly [string, string]> = {
  informational: ['Informational', 'Informational: an interim response; the final one follows.'],
  success: ['Success', 'Success: the request worked.'],
  redirection: ['Redirection', 'Redirection: the resource is elsewhere or unchanged.'],
  'client-error': ['Client Error', 'Client error: something in the request is wrong.'],
  'server-error': ['Server Error', 'Server error: the server failed to handle a request it may have understood.'],
};

export function statusClassOf(code: number): StatusClass {
  if (!Number.isInteger(code)) return 'unknown';
  if (code >= 100 && code <= 199) return 'informational';
  if (code >= 200 && code <= 299) return 'success';
  if (code >= 300 && code <= 399) return 'redirection';
  if (code >= 400 && code <= 499) return 'client-error';
  if (code >= 500 && code <= 599) return 'server-error';
  return 'unknown';
}

/** The standard reason phrase of a code, or undefined when no standard names it. */
export function reasonPhrase(code: number): string | undefined {
  return Object.hasOwn(STATUSES, code) ? STATUSES[code]![0] : undefined;
}

/** What a status code means: its reason phrase, a one-line meaning, and its class. */
export function statusInfo(code: number): StatusInfo {
  const statusClass = statusClassOf(code);
  if (Object.hasOwn(STATUSES, code)) {
    const [reason, meaning] = STATUSES[code]!;
    return { code, reason, meaning, statusClass, known: true };
  }
  if (statusClass === 'unknown') {
    return {
      code,
      reason: 'Unknown',
      meaning: 'Not a valid HTTP status code (they run from 100 to 599).',
      statusClass,
      known: false,
    };
  }
  const [reason, meaning] = CLASSES[statusClass];
  const hint = Object.hasOwn(VENDOR_HINTS, code) ? `; ${VENDOR_HINTS[code]}` : '';
  return { code, reason, meaning: `${meaning} (${code} is not a standard code${hint}.)`, statusClass, known: false };
}

/** The codes no standard assigns that this reference can still name a user of. */
export function vendorHintCodes(): number[] {
  return Object.keys(VENDOR_HINTS)
    .map(Number)
    .sort((a, b) => a - b);
}

/** Every code in the registry (including the reserved 306 and 418), in order. */
export function knownStatusCodes(): number[] {
  return Object.keys(STATUSES)
    .map(Number)
    .sort((a, b) => a - b);
}
