/**
 * The Status Codes reference: every code in the IANA HTTP Status Code
 * Registry, and the non-standard codes people meet in logs, each with what it
 * means, when to send it and when not, the headers that go with it, where it
 * is defined, and its constant in the languages the converter writes.
 *
 * Sources: the registry itself (http-status-codes-1.csv, its Description and
 * Reference columns copied verbatim below); the RFCs it cites, for the
 * defining sections; each vendor's own documentation or source for the
 * non-standard codes (named in `origin` and `references`). Constants are the
 * names in Python 3.11's http.HTTPStatus, Go's net/http, Rust's http crate
 * (1.x), Java's java.net.HttpURLConnection and .NET's System.Net.HttpStatusCode.
 */
import { reasonPhrase, statusClassOf, statusInfo, type StatusClass } from '../http/status.ts';

export interface Reference {
  /** "RFC 9110, Section 15.5.20", "nginx documentation: ngx_http_ssl_module". */
  label: string;
  /** Where to read it; absent where no stable public page says it. */
  url?: string;
}

export interface HeaderNote {
  name: string;
  note: string;
}

/** A code's constant in each language's standard library (or the de-facto HTTP crate); absent where there is none. */
export interface Constants {
  /** `http.HTTPStatus` member, as named in Python 3.11. */
  python?: string;
  /** Go `net/http` constant. */
  go?: string;
  /** Rust `http::StatusCode` associated constant (http 1.x). */
  rust?: string;
  /** `java.net.HttpURLConnection` field. */
  java?: string;
  /** `System.Net.HttpStatusCode` member. */
  csharp?: string;
}

/**
 * `permanent`, `temporary` (a provisional registration), `obsoleted` and
 * `unused` (reserved) are the registry's own states; `non-standard` is a code
 * the registry does not list at all.
 */
export type Registration = 'permanent' | 'temporary' | 'obsoleted' | 'unused' | 'non-standard';

/** Another meaning the same number has somewhere else (a vendor's, a joke's, a withdrawn draft's). */
export interface OtherMeaning {
  reason: string;
  /** Who uses it this way, and where that is written down. */
  origin: string;
  meaning: string;
  references: readonly Reference[];
}

export interface StatusEntry {
  code: number;
  /** The registry's phrase (without its status note), or the vendor's own name for a non-standard code. */
  reason: string;
  statusClass: StatusClass;
  /** True for the codes the IANA registry lists (including the reserved 306 and 418). */
  standard: boolean;
  registration: Registration;
  /** The registry's Description and Reference columns, verbatim (standard codes only). */
  registry?: { description: string; reference: string };
  /** One line. */
  summary: string;
  /** What it means, in plain words. */
  meaning: string;
  /** When to send it. */
  use: string;
  /** When not to (and what to send instead). */
  avoid: string;
  /** Headers that usually go with it (response headers unless the note says request). */
  headers: readonly HeaderNote[];
  /** Where it is defined: the registry's reference first, at the defining section. */
  references: readonly Reference[];
  /** Non-standard codes: who sends it and where that is documented. */
  origin?: string;
  /** Other names for the same code: older RFC phrases, library names. */
  aliases: readonly string[];
  constants: Constants;
  /** Other meanings of the same number. */
  otherMeanings: readonly OtherMeaning[];
}

const rfc = (number: number, section?: string): Reference => ({
  label: section ? `RFC ${number}, Section ${section}` : `RFC ${number}`,
  url: `https://www.rfc-editor.org/rfc/rfc${number}${section ? `#section-${section}` : ''}`,
});
const h = (name: string, note: string): HeaderNote => ({ name, note });

const WIKIPEDIA_LIST = 'https://en.wikipedia.org/wiki/List_of_HTTP_status_codes';
const NGINX_SSL_ERRORS: Reference = {
  label: 'nginx documentation: ngx_http_ssl_module, Error processing',
  url: 'https://nginx.org/en/docs/http/ngx_http_ssl_module.html#errors',
};
const NGINX_SOURCE: Reference = {
  label: 'nginx source: src/http/ngx_http_request.h',
  url: 'https://github.com/nginx/nginx/blob/master/src/http/ngx_http_request.h',
};
const CLOUDFLARE_5XX: Reference = {
  label: 'Cloudflare documentation: Cloudflare 5xx errors',
  url: 'https://developers.cloudflare.com/support/troubleshooting/http-status-codes/cloudflare-5xx-errors/',
};
const AWS_ALB: Reference = {
  label: 'AWS documentation: Troubleshoot your Application Load Balancers',
  url: 'https://docs.aws.amazon.com/elasticloadbalancing/latest/application/load-balancer-troubleshooting.html',
};
const ESRI = 'Esri ArcGIS Server’s REST API (token-based security)';

interface StandardDetails {
  registry: { description: string; reference: string };
  /** The defining section(s), the registry's own reference first. */
  references: readonly Reference[];
  meaning: string;
  use: string;
  avoid: string;
  headers?: readonly HeaderNote[];
  aliases?: readonly string[];
  otherMeanings?: readonly OtherMeaning[];
}

const r9110 = (section: string) => ({ description: '', reference: `[RFC9110, Section ${section}]` });

/** Every code the registry lists, keyed by code; reason and summary come from src/core/http/status.ts. */
const STANDARD: Record<number, StandardDetails> = {
  100: {
    registry: r9110('15.2.1'),
    references: [rfc(9110, '15.2.1'), rfc(9110, '10.1.1')],
    meaning:
      'An interim response: the server has read the request head and has not rejected it, so the client should send the body. The final response follows.',
    use: 'When a client sent Expect: 100-continue and the server is willing to read the body (servers and frameworks usually send it for you).',
    avoid:
      'Never as a final response, and not to a request that did not ask for it (HTTP/1.0 clients do not understand it).',
    headers: [h('Expect', 'request: 100-continue asks the server for this go-ahead before a large body is sent')],
  },
  101: {
    registry: r9110('15.2.2'),
    references: [rfc(9110, '15.2.2'), rfc(9110, '7.8')],
    meaning:
      'The server agrees to switch the connection to the protocol the client asked for in Upgrade; after this response the connection speaks that protocol.',
    use: 'To accept an HTTP/1.1 Upgrade, most often to WebSocket (RFC 6455).',
    avoid:
      'HTTP/2 and HTTP/3 forbid it (WebSocket there uses extended CONNECT, RFC 8441/9220); never switch to a protocol the client did not list.',
    headers: [
      h('Upgrade', 'the protocol being switched to, e.g. websocket'),
      h('Connection', 'must include upgrade'),
      h('Sec-WebSocket-Accept', 'WebSocket handshakes: proves the server read the key'),
    ],
  },
  102: {
    registry: { description: '', reference: '[RFC2518]' },
    references: [rfc(2518, '10.1')],
    meaning:
      'An interim WebDAV response saying the server has accepted the request and is still working on it, so the client should not time out.',
    use: 'Rarely: long-running WebDAV methods whose clients understand it.',
    avoid:
      'RFC 4918, which replaced RFC 2518, dropped it and few clients handle it; for slow work prefer 202 Accepted and a status URL.',
  },
  103: {
    registry: { description: '', reference: '[RFC8297]' },
    references: [rfc(8297, '2')],
    meaning:
      'An interim response carrying headers the final response will probably have, typically Link preloads, so the browser can start fetching subresources while the server is still thinking.',
    use: 'Before a slow HTML response, to let the browser preload or preconnect (Chrome and Firefox act on Link headers in 103).',
    avoid:
      'For headers that must be authoritative (the final response can differ), or to clients that may mishandle interim responses (some HTTP/1.1 clients).',
    headers: [h('Link', 'rel=preload or rel=preconnect hints the browser may act on early')],
  },
  104: {
    registry: {
      description:
        'Upload Resumption Supported (TEMPORARY - registered 2024-11-13, extension registered 2025-09-15, expires 2026-11-13)',
      reference: '[draft-ietf-httpbis-resumable-upload-05]',
    },
    references: [
      {
        label: 'draft-ietf-httpbis-resumable-upload-05',
        url: 'https://datatracker.ietf.org/doc/html/draft-ietf-httpbis-resumable-upload-05',
      },
    ],
    meaning:
      'An interim response from the IETF draft “Resumable Uploads for HTTP”: the server supports resuming this upload, and Location names the upload resource to resume at after an interruption.',
    use: 'By servers implementing resumable uploads, while the upload is being received.',
    avoid:
      'Its registration is temporary, tied to an Internet-Draft that may still change; clients that do not implement the draft simply ignore it.',
    headers: [
      h('Location', 'the upload resource, where an interrupted upload continues'),
      h(
        'Upload-Complete',
        'request (per the draft): marks the upload as resumable and says whether this is its last part',
      ),
    ],
  },
  200: {
    registry: r9110('15.3.1'),
    references: [rfc(9110, '15.3.1')],
    meaning:
      'The request succeeded. What the body holds depends on the method: the resource for GET, the result of the action for POST.',
    use: 'For a successful request that returns content.',
    avoid:
      'For errors wrapped in a success (an API that answers 200 with {"error": …} breaks clients, caches and monitoring); for creation prefer 201, for no body 204.',
    headers: [
      h('Content-Type', 'what the body is'),
      h('ETag', 'a validator for later conditional requests'),
      h('Cache-Control', 'how long and where it may be cached'),
    ],
  },
  201: {
    registry: r9110('15.3.2'),
    references: [rfc(9110, '15.3.2')],
    meaning: 'The request succeeded and created one or more new resources.',
    use: 'After a POST (or PUT) that created something, with Location pointing at it.',
    avoid: 'When nothing was created (use 200 or 204) or the creation is only queued (use 202).',
    headers: [
      h('Location', 'the new resource’s URL (the primary one if several)'),
      h('ETag', 'the new representation’s validator, if the body is that representation'),
    ],
  },
  202: {
    registry: r9110('15.3.3'),
    references: [rfc(9110, '15.3.3')],
    meaning:
      'The request was accepted for processing, which has not finished and may still fail. HTTP has no way to report the outcome later; the response should say how to check.',
    use: 'For asynchronous work: batch jobs, long exports, queued messages; return a status URL the client can poll.',
    avoid: 'When the work is already done (200, 201, 204).',
    headers: [
      h('Location', 'often a status monitor to poll (a convention, not required)'),
      h('Retry-After', 'when it is worth polling again'),
    ],
  },
  203: {
    registry: r9110('15.3.4'),
    references: [rfc(9110, '15.3.4')],
    meaning: 'Success, but a transforming proxy changed the content from what the origin server sent.',
    use: 'By a proxy that modified a 200 response (e.g. recompressed images), so clients know it is not the original.',
    avoid: 'By origin servers: they send 200.',
  },
  204: {
    registry: r9110('15.3.5'),
    references: [rfc(9110, '15.3.5')],
    meaning: 'Success, and there is intentionally no content in the body.',
    use: 'For a successful PUT, PATCH or DELETE with nothing to return, or a save that should leave the user’s view as it is.',
    avoid:
      'When the client needs a result (use 200); a 204 must not have a body at all, not even an empty JSON object.',
    headers: [h('ETag', 'the stored representation’s new validator, after a PUT')],
  },
  205: {
    registry: r9110('15.3.6'),
    references: [rfc(9110, '15.3.6')],
    meaning:
      'Success: the client should reset the view that sent the request, for example clear the form for the next entry.',
    use: 'After data entry forms where the user enters record after record.',
    avoid: 'With a body (it must not have content); browsers largely ignore the reset, so most APIs use 204.',
  },
  206: {
    registry: r9110('15.3.7'),
    references: [rfc(9110, '15.3.7'), rfc(9110, '14')],
    meaning: 'The body holds only the part(s) of the resource that the Range request asked for.',
    use: 'To answer a satisfiable Range request: resumable downloads, media seeking.',
    avoid:
      'Without a Range request; with ranges you cannot serve (send 200 with the whole thing, or 416 if none of them can be met).',
    headers: [
      h('Content-Range', 'which bytes this is, and the full length: bytes 0-1023/146515'),
      h('Accept-Ranges', 'bytes: tells clients ranges are supported'),
      h('Range', 'request: the byte ranges wanted'),
      h('If-Range', 'request: only a part if the resource is unchanged, else the whole'),
    ],
  },
  207: {
    registry: { description: '', reference: '[RFC4918]' },
    references: [rfc(4918, '11.1'), rfc(4918, '13')],
    meaning: 'A WebDAV response whose XML body holds a separate status for each of several resources.',
    use: 'For WebDAV methods (PROPFIND, PROPPATCH, COPY, MOVE…) that act on several resources.',
    avoid:
      'In ordinary APIs as a “partial success” code: clients that do not read the multistatus body will treat it as plain success.',
    headers: [h('Content-Type', 'application/xml (a DAV:multistatus document)')],
  },
  208: {
    registry: { description: '', reference: '[RFC5842]' },
    references: [rfc(5842, '7.1')],
    meaning:
      'Used inside a WebDAV multistatus body: the members of this binding were already listed earlier in the response and are not repeated.',
    use: 'Inside a 207 body, to avoid listing the same collection twice when bindings create loops.',
    avoid: 'As a response’s own status line.',
  },
  226: {
    registry: { description: '', reference: '[RFC3229]' },
    references: [rfc(3229, '10.4.1')],
    meaning:
      'The server fulfilled a GET with delta encoding: the body is the result of instance manipulations (e.g. a diff) applied to the current instance.',
    use: 'Only with clients that asked for it with A-IM (RFC 3229 delta encoding).',
    avoid: 'Otherwise: few clients or caches implement delta encoding.',
    headers: [
      h('IM', 'the instance manipulations applied'),
      h('A-IM', 'request: the manipulations the client accepts'),
      h('Delta-Base', 'the ETag of the instance the delta applies to'),
    ],
  },
  300: {
    registry: r9110('15.4.1'),
    references: [rfc(9110, '15.4.1')],
    meaning:
      'The resource has several representations, each with its own URL, and the client (or user) should pick one.',
    use: 'For reactive content negotiation, listing the choices in the body.',
    avoid:
      'Rarely the right tool: browsers do not choose automatically; prefer proactive negotiation (Accept headers) or a plain link page.',
    headers: [h('Location', 'the server’s preferred choice, which clients may follow automatically')],
  },
  301: {
    registry: r9110('15.4.2'),
    references: [rfc(9110, '15.4.2')],
    meaning: 'The resource has moved for good to the URL in Location; links and bookmarks should be updated.',
    use: 'For permanent URL changes of pages fetched with GET (site moves, http → https); search engines transfer ranking.',
    avoid:
      'When the method must be kept: clients may turn a POST into a GET on 301, so use 308; for temporary moves use 302 or 307.',
    headers: [
      h('Location', 'the new URL'),
      h('Cache-Control', 'a 301 is cacheable by default: set a lifetime deliberately'),
    ],
  },
  302: {
    registry: r9110('15.4.3'),
    references: [rfc(9110, '15.4.3')],
    meaning: 'The resource is temporarily at the URL in Location; keep using the original URL in future.',
    use: 'Temporary redirects for GET, such as sending a visitor to a login page.',
    avoid:
      'When the method and body must be kept (clients may switch POST to GET; use 307), or after a form POST to show a result (use 303).',
    headers: [h('Location', 'where it is for now')],
    aliases: ['Moved Temporarily'],
  },
  303: {
    registry: r9110('15.4.4'),
    references: [rfc(9110, '15.4.4')],
    meaning: 'Go and GET the URL in Location: the answer to this request is there (not the requested resource itself).',
    use: 'After a POST, to send the browser to a result page (Post/Redirect/Get), so a reload does not resubmit.',
    avoid: 'For moved resources (use 301/308 or 302/307).',
    headers: [h('Location', 'the URL to GET')],
  },
  304: {
    registry: r9110('15.4.5'),
    references: [rfc(9110, '15.4.5'), rfc(9110, '13.1')],
    meaning:
      'A conditional GET or HEAD found the resource unchanged: the client’s cached copy is still good, and no body is sent.',
    use: 'When If-None-Match or If-Modified-Since matches the current representation.',
    avoid: 'Without a conditional request; for methods other than GET and HEAD (a failed condition there is 412).',
    headers: [
      h('ETag', 'must be sent if a 200 would have had it'),
      h('Cache-Control', 'refreshes the cached copy’s freshness'),
      h('Vary', 'as a 200 would have sent it'),
      h('If-None-Match', 'request: the ETags the client holds'),
      h('If-Modified-Since', 'request: the date of the client’s copy'),
    ],
  },
  305: {
    registry: r9110('15.4.6'),
    references: [rfc(9110, '15.4.6')],
    meaning: 'Deprecated: it once told the client to repeat the request through the proxy in Location.',
    use: 'Never in new work.',
    avoid: 'Always: browsers ignore it because it allowed a server to redirect traffic through an attacker’s proxy.',
    headers: [h('Location', 'the proxy (historically)')],
  },
  306: {
    registry: { description: '(Unused)', reference: '[RFC9110, Section 15.4.7]' },
    references: [rfc(9110, '15.4.7')],
    meaning: 'Reserved: an earlier draft used it (“Switch Proxy”), it is no longer used, and the code stays reserved.',
    use: 'Never.',
    avoid: 'Always: no client gives it a meaning.',
    aliases: ['Switch Proxy'],
  },
  307: {
    registry: r9110('15.4.8'),
    references: [rfc(9110, '15.4.8')],
    meaning:
      'The resource is temporarily at the URL in Location, and the client must repeat the same method and body there.',
    use: 'Temporary redirects of POST, PUT or DELETE; HSTS upgrades in browsers appear as internal 307s.',
    avoid: 'For permanent moves (use 308).',
    headers: [h('Location', 'where to repeat the request')],
  },
  308: {
    registry: r9110('15.4.9'),
    references: [rfc(9110, '15.4.9')],
    meaning:
      'The resource has moved for good to the URL in Location, and the client must repeat the same method and body there.',
    use: 'Permanent moves of API endpoints and anything that receives POST.',
    avoid:
      'For temporary moves (use 307); very old clients that do not know 308 treat it as a generic 3xx without redirecting.',
    headers: [h('Location', 'the new URL'), h('Cache-Control', 'cacheable by default, like 301')],
  },
  400: {
    registry: r9110('15.5.1'),
    references: [rfc(9110, '15.5.1')],
    meaning:
      'The server cannot or will not process the request because of something it sees as a client error: bad syntax, invalid framing, malformed parameters.',
    use: 'For malformed requests, and as the general client error when nothing more specific fits; say what was wrong in the body.',
    avoid:
      'When a specific code says more: 401/403 for auth, 404, 405, 409, 413, 415, 422 for well-formed but invalid content, 429 for rate limits.',
    headers: [h('Content-Type', 'application/problem+json (RFC 9457) is a common way to say what was wrong')],
  },
  401: {
    registry: r9110('15.5.2'),
    references: [rfc(9110, '15.5.2'), rfc(9110, '11.6.1')],
    meaning:
      'The request lacks valid credentials for the target: they are missing, expired or wrong. Despite the name, it is about authentication.',
    use: 'When credentials are missing or invalid; the client may retry with (new) credentials.',
    avoid: 'When the user is known but not allowed (403); without WWW-Authenticate (the header is required).',
    headers: [
      h('WWW-Authenticate', 'required: the scheme(s) and parameters to authenticate with, e.g. Bearer realm="api"'),
      h('Authorization', 'request: the credentials that were missing or refused'),
    ],
  },
  402: {
    registry: r9110('15.5.3'),
    references: [rfc(9110, '15.5.3')],
    meaning: 'Reserved for future use. Some APIs send it when a payment, plan or quota must be settled first.',
    use: 'Only by convention with your own clients (e.g. a billing limit), documented in your API.',
    avoid: 'Expecting clients to understand it: no standard gives it semantics.',
  },
  403: {
    registry: r9110('15.5.4'),
    references: [rfc(9110, '15.5.4')],
    meaning:
      'The server understood the request and refuses it: these credentials (or no credentials) are not allowed to do this. New credentials of the same user will not help.',
    use: 'For permission failures of an authenticated user, and for refusals unrelated to credentials (IP blocks, WAF rules).',
    avoid:
      'When logging in again could help (401); when you want to hide that the resource exists (404 is allowed for that).',
  },
  404: {
    registry: r9110('15.5.5'),
    references: [rfc(9110, '15.5.5')],
    meaning: 'The server has no current representation at this URL, or will not say that one exists.',
    use: 'For unknown URLs and IDs; also to hide a resource from users who may not know it exists.',
    avoid: 'When it is gone for good and you know it (410); when the path exists but the method is wrong (405).',
  },
  405: {
    registry: r9110('15.5.6'),
    references: [rfc(9110, '15.5.6')],
    meaning: 'The URL exists, but does not support this method.',
    use: 'For e.g. DELETE on a read-only collection; list what is allowed in Allow.',
    avoid: 'Without an Allow header (required); for methods the server does not know at all (501).',
    headers: [h('Allow', 'required: the methods the resource supports, e.g. GET, HEAD, POST')],
  },
  406: {
    registry: r9110('15.5.7'),
    references: [rfc(9110, '15.5.7'), rfc(9110, '12')],
    meaning:
      'The server has no representation matching the request’s Accept, Accept-Language or Accept-Encoding headers and will not send a default.',
    use: 'Rarely: when sending a non-matching format would be worse than failing.',
    avoid: 'Usually: most servers just send their default representation, which clients can handle or reject.',
    headers: [
      h('Accept', 'request: the media types the client will take'),
      h('Vary', 'which request headers choose the representation'),
    ],
  },
  407: {
    registry: r9110('15.5.8'),
    references: [rfc(9110, '15.5.8'), rfc(9110, '11.7.1')],
    meaning: 'Like 401, but the proxy between client and server wants the client to authenticate with it.',
    use: 'By proxies that require authentication.',
    avoid: 'By origin servers (use 401); without Proxy-Authenticate (required).',
    headers: [
      h('Proxy-Authenticate', 'required: the scheme(s) to authenticate to the proxy with'),
      h('Proxy-Authorization', 'request: the credentials for the proxy'),
    ],
  },
  408: {
    registry: r9110('15.5.9'),
    references: [rfc(9110, '15.5.9')],
    meaning:
      'The server did not receive a complete request in the time it was prepared to wait, and is closing the connection.',
    use: 'When a client opened a connection and was too slow sending the request (idle keep-alive connections, slow uploads).',
    avoid: 'For a slow upstream (that is 504 Gateway Timeout).',
    headers: [h('Connection', 'close: the server closes the connection after it')],
  },
  409: {
    registry: r9110('15.5.10'),
    references: [rfc(9110, '15.5.10')],
    meaning: 'The request conflicts with the current state of the resource; the user might resolve it and resubmit.',
    use: 'Edit conflicts, duplicate unique keys, state-machine violations (cancelling a shipped order).',
    avoid: 'For failed preconditions sent by the client (412) or plain validation errors (400/422).',
  },
  410: {
    registry: r9110('15.5.11'),
    references: [rfc(9110, '15.5.11')],
    meaning: 'The resource is gone from this server on purpose, for good, with no forwarding address.',
    use: 'For deliberately removed content (expired promotions, deleted accounts) so that links and indexes can be cleaned up.',
    avoid: 'When you do not know it is permanent (404) or it moved (301/308).',
    headers: [h('Cache-Control', 'a 410 is cacheable by default')],
  },
  411: {
    registry: r9110('15.5.12'),
    references: [rfc(9110, '15.5.12')],
    meaning: 'The server refuses a request body without a Content-Length.',
    use: 'By servers that cannot accept chunked or unframed request bodies.',
    avoid: 'When the body is merely too large (413).',
    headers: [h('Content-Length', 'request: the body length the server wants to know up front')],
  },
  412: {
    registry: r9110('15.5.13'),
    references: [rfc(9110, '15.5.13'), rfc(9110, '13.1')],
    meaning:
      'A precondition in the request headers (If-Match, If-Unmodified-Since, If-None-Match on a write) did not hold, so the method was not applied.',
    use: 'For optimistic concurrency: an update with an outdated ETag.',
    avoid: 'For failed GET conditions where the cached copy is fine (304); for business rules (409/422).',
    headers: [
      h('If-Match', 'request: the ETag the client expects the resource to have'),
      h('If-Unmodified-Since', 'request: fail if changed after this date'),
      h('ETag', 'the current validator, so the client can refetch and retry'),
    ],
  },
  413: {
    registry: r9110('15.5.14'),
    references: [rfc(9110, '15.5.14')],
    meaning: 'The request body is larger than the server is willing or able to process.',
    use: 'For uploads over the limit; if the limit is temporary, say when to retry.',
    avoid: 'For long URLs (414) or large headers (431).',
    headers: [
      h('Retry-After', 'if the condition is temporary'),
      h('Connection', 'close: the server may close rather than read the rest'),
    ],
    aliases: ['Payload Too Large', 'Request Entity Too Large'],
  },
  414: {
    registry: r9110('15.5.15'),
    references: [rfc(9110, '15.5.15')],
    meaning: 'The request target (URL) is longer than the server will interpret.',
    use: 'When a URL exceeds the server’s limit, often a GET that carries too much in the query; move the data into a POST body.',
    avoid: 'For large bodies (413) or headers (431).',
    aliases: ['Request-URI Too Long'],
  },
  415: {
    registry: r9110('15.5.16'),
    references: [rfc(9110, '15.5.16')],
    meaning:
      'The server refuses the body because of its format: the Content-Type, Content-Encoding or the data itself is not supported for this method and resource.',
    use: 'When the body is XML but only JSON is accepted, or it is gzip-encoded and the server cannot decode it.',
    avoid:
      'When the format is right but the content is invalid (400/422); for what the client accepts in return (406).',
    headers: [
      h('Accept', 'if the media type was the problem: the media types that would have been accepted (RFC 9110)'),
      h(
        'Accept-Encoding',
        'if the content coding was the problem: the codings that would have been accepted (RFC 9110)',
      ),
      h('Accept-Patch', 'for PATCH: the patch document formats accepted (RFC 5789)'),
      h('Accept-Post', 'for POST: the media types accepted (W3C Linked Data Platform)'),
      h('Content-Type', 'request: what the client said it sent'),
    ],
  },
  416: {
    registry: r9110('15.5.17'),
    references: [rfc(9110, '15.5.17')],
    meaning: 'None of the ranges in the Range header overlap the resource (for example, bytes past its end).',
    use: 'For unsatisfiable byte ranges; say the current length in Content-Range.',
    avoid: 'For ranges you could serve but choose not to: send 200 with the whole resource instead.',
    headers: [
      h('Content-Range', 'bytes */<length>: the current length of the resource'),
      h('Range', 'request: the ranges that could not be met'),
    ],
    aliases: ['Requested Range Not Satisfiable'],
  },
  417: {
    registry: r9110('15.5.18'),
    references: [rfc(9110, '15.5.18'), rfc(9110, '10.1.1')],
    meaning: 'The server (or a server in the chain) cannot meet the expectation in the Expect header.',
    use: 'When a request carries an Expect value the server does not support (only 100-continue is defined).',
    avoid: 'For other failed preconditions (412).',
    headers: [h('Expect', 'request: what the client expected, normally 100-continue')],
  },
  418: {
    registry: { description: '(Unused)', reference: '[RFC9110, Section 15.5.19]' },
    references: [rfc(9110, '15.5.19')],
    meaning:
      'Reserved. RFC 2324 (an April 1 joke, the Hyper Text Coffee Pot Control Protocol) defined 418 “I’m a teapot”; it was deployed as a joke often enough that RFC 9110 reserves the code instead of assigning it, so it can be given a real meaning only if 4xx codes ever run out.',
    use: 'Never for real semantics: RFC 9110 says servers ought not to generate it.',
    avoid:
      'Always in real APIs (some sites send it to refuse bots; prefer 403 or 429). Python’s http.HTTPStatus, Go and Rust still name it after the teapot.',
    aliases: ["I'm a teapot"],
    otherMeanings: [
      {
        reason: "I'm a teapot",
        origin: 'Hyper Text Coffee Pot Control Protocol: RFC 2324 (1998) and RFC 7168 (2014), both April 1 RFCs',
        meaning:
          'A teapot was asked to brew coffee. Widely implemented as an easter egg; Node.js, Python, Go and Rust still name it.',
        references: [rfc(2324, '2.3.2'), rfc(7168, '2.3.3')],
      },
    ],
  },
  421: {
    registry: r9110('15.5.20'),
    references: [rfc(9110, '15.5.20')],
    meaning:
      'The request reached a server that cannot answer for this scheme and host, usually because a reused HTTP/2 or HTTP/3 connection (or TLS session) belongs to another origin.',
    use: 'When a connection was coalesced onto a server that does not serve the requested host; clients retry on a new connection.',
    avoid: 'For unknown paths on the right host (404).',
  },
  422: {
    registry: r9110('15.5.21'),
    references: [rfc(9110, '15.5.21')],
    meaning:
      'The body is in a supported format and syntactically correct, but its content cannot be processed: it fails validation.',
    use: 'For validation errors on well-formed JSON or forms (a missing required field, an invalid email); list the problems in the body.',
    avoid: 'For malformed syntax (400) or an unsupported format (415).',
    headers: [h('Content-Type', 'application/problem+json (RFC 9457) to say which fields failed')],
    aliases: ['Unprocessable Entity'],
  },
  423: {
    registry: { description: '', reference: '[RFC4918]' },
    references: [rfc(4918, '11.3')],
    meaning: 'The resource is locked (a WebDAV lock) and this request does not hold the lock.',
    use: 'For WebDAV resources locked by someone else.',
    avoid: 'In non-WebDAV APIs, 409 Conflict is usually clearer.',
    headers: [h('If', 'request (WebDAV): the lock token that would have unlocked it')],
  },
  424: {
    registry: { description: '', reference: '[RFC4918]' },
    references: [rfc(4918, '11.4')],
    meaning: 'The method could not be performed on this resource because another action it depended on failed.',
    use: 'Inside WebDAV multistatus responses (PROPPATCH), for the parts not done because another part failed.',
    avoid: 'Outside WebDAV few clients know it.',
  },
  425: {
    registry: { description: '', reference: '[RFC8470]' },
    references: [rfc(8470, '5.2')],
    meaning: 'The server will not process a request sent in TLS 1.3 early data (0-RTT), because it could be replayed.',
    use: 'When a non-idempotent request arrives in early data; the client retries after the handshake completes.',
    avoid: 'For anything unrelated to early data.',
    headers: [h('Early-Data', 'request: 1 when an intermediary forwarded it from early data (RFC 8470)')],
  },
  426: {
    registry: r9110('15.5.22'),
    references: [rfc(9110, '15.5.22')],
    meaning:
      'The server refuses to answer with the current protocol but might after the client upgrades to the one in Upgrade.',
    use: 'When a resource is only served over a newer protocol.',
    avoid: 'For http → https moves: redirect with 301/308 instead (browsers do not upgrade to TLS this way).',
    headers: [h('Upgrade', 'required: the protocol(s) to switch to'), h('Connection', 'upgrade')],
  },
  428: {
    registry: { description: '', reference: '[RFC6585]' },
    references: [rfc(6585, '3')],
    meaning: 'The server requires the request to be conditional, to prevent lost updates.',
    use: 'To force clients to send If-Match with their updates (optimistic locking).',
    avoid: 'When the condition was sent but failed (412).',
    headers: [h('If-Match', 'request: what the client should have sent')],
  },
  429: {
    registry: { description: '', reference: '[RFC6585]' },
    references: [rfc(6585, '4')],
    meaning: 'The client sent too many requests in a given time (rate limiting).',
    use: 'For rate limits and quotas per client, key or IP; tell the client when to come back.',
    avoid: 'For overload that is not the client’s fault (503); for permanent refusals (403).',
    headers: [
      h('Retry-After', 'seconds (or a date) to wait before trying again'),
      h('RateLimit', 'the remaining quota (IETF draft; many APIs send X-RateLimit-Limit / -Remaining / -Reset)'),
      h('RateLimit-Policy', 'the quota policy (IETF draft)'),
    ],
  },
  431: {
    registry: { description: '', reference: '[RFC6585]' },
    references: [rfc(6585, '5')],
    meaning:
      'The server will not process the request because its header fields are too large, all together or one of them.',
    use: 'When headers exceed limits, typically an overgrown Cookie or a huge token.',
    avoid: 'For large bodies (413) or URLs (414).',
    headers: [h('Cookie', 'request: the usual culprit; clearing cookies often fixes it')],
  },
  451: {
    registry: { description: '', reference: '[RFC7725]' },
    references: [rfc(7725, '3')],
    meaning:
      'The server is refusing access because of a legal demand: a court order, government censorship, a takedown.',
    use: 'When content is blocked for legal reasons; say who demanded it.',
    avoid: 'For ordinary permission failures (403).',
    headers: [h('Link', 'rel="blocked-by": the entity implementing the block')],
    otherMeanings: [
      {
        reason: 'Redirect',
        origin: 'Microsoft Exchange ActiveSync (protocol [MS-ASHTTP], section 3.1.5.2.2)',
        meaning:
          'The device connected to a server that cannot reach the user’s mailbox, or a more efficient one exists; the X-MS-Location header names the server to use.',
        references: [
          {
            label: 'Microsoft [MS-ASHTTP] 3.1.5.2.2 HTTP Error 451',
            url: 'https://learn.microsoft.com/en-us/openspecs/exchange_server_protocols/ms-ashttp/a907164a-907c-48b4-b2ef-44a06867f03f',
          },
        ],
      },
    ],
  },
  500: {
    registry: r9110('15.6.1'),
    references: [rfc(9110, '15.6.1')],
    meaning:
      'The server hit an unexpected condition that kept it from fulfilling the request: usually a bug or an unhandled exception.',
    use: 'As the generic server-side failure when nothing more specific applies.',
    avoid: 'For client mistakes (4xx), overload or maintenance (503), upstream failures (502/504).',
  },
  501: {
    registry: r9110('15.6.2'),
    references: [rfc(9110, '15.6.2')],
    meaning:
      'The server does not support the functionality needed, typically a request method it does not recognise at all.',
    use: 'For unknown methods, or features that are not built yet.',
    avoid: 'For known methods a resource does not allow (405).',
  },
  502: {
    registry: r9110('15.6.3'),
    references: [rfc(9110, '15.6.3')],
    meaning:
      'A gateway or proxy got an invalid response from the server behind it (it crashed, closed the connection, or sent garbage).',
    use: 'By proxies and load balancers when the upstream answer is unusable.',
    avoid: 'By the origin application for its own errors (500); for upstream timeouts (504).',
  },
  503: {
    registry: r9110('15.6.4'),
    references: [rfc(9110, '15.6.4')],
    meaning:
      'The server cannot handle the request right now, because it is overloaded or down for maintenance; it should be better later.',
    use: 'For planned maintenance, load shedding, or a dependency that is down; say when to retry.',
    avoid: 'For per-client rate limits (429); for permanent failures.',
    headers: [h('Retry-After', 'seconds (or a date) after which to try again')],
  },
  504: {
    registry: r9110('15.6.5'),
    references: [rfc(9110, '15.6.5')],
    meaning: 'A gateway or proxy did not get a timely response from the server behind it.',
    use: 'By proxies and load balancers when the upstream times out.',
    avoid: 'For the client being slow to send (408).',
  },
  505: {
    registry: r9110('15.6.6'),
    references: [rfc(9110, '15.6.6')],
    meaning: 'The server does not support the major HTTP version of the request.',
    use: 'When a request uses an HTTP version the server refuses.',
    avoid: 'For other protocol problems (400).',
  },
  506: {
    registry: { description: '', reference: '[RFC2295]' },
    references: [rfc(2295, '8.1')],
    meaning:
      'The server’s transparent content negotiation is misconfigured: the chosen variant is itself negotiable, a loop.',
    use: 'Only by servers implementing RFC 2295 negotiation (Apache’s mod_negotiation can).',
    avoid: 'Elsewhere.',
  },
  507: {
    registry: { description: '', reference: '[RFC4918]' },
    references: [rfc(4918, '11.5')],
    meaning: 'The server cannot store what it needs to complete the request (out of disk or quota).',
    use: 'For WebDAV and storage APIs that run out of space.',
    avoid: 'For a user’s quota that they must act on, 403 or 413 may be clearer.',
  },
  508: {
    registry: { description: '', reference: '[RFC5842]' },
    references: [rfc(5842, '7.2')],
    meaning:
      'The server stopped because it found an infinite loop while processing a request with Depth: infinity (WebDAV bindings).',
    use: 'WebDAV servers with bindings.',
    avoid: 'As a generic loop or redirect-loop error.',
  },
  510: {
    registry: {
      description: 'Not Extended (OBSOLETED)',
      reference: '[RFC2774][status-change-http-experiments-to-historic]',
    },
    references: [
      rfc(2774, '7'),
      {
        label: 'status-change-http-experiments-to-historic',
        url: 'https://datatracker.ietf.org/doc/status-change-http-experiments-to-historic/',
      },
    ],
    meaning:
      'Obsolete: the request did not meet the policy of the HTTP Extension Framework (RFC 2774) for this resource. That experimental framework was moved to historic status.',
    use: 'Never in new work.',
    avoid: 'Always: the extension framework it belongs to is historic and unimplemented.',
  },
  511: {
    registry: { description: '', reference: '[RFC6585]' },
    references: [rfc(6585, '6')],
    meaning:
      'The client must authenticate to gain network access: a captive portal (hotel or airport Wi-Fi) intercepted the request.',
    use: 'By captive portals, with a body linking to the login page.',
    avoid: 'By origin servers (their logins use 401); it is meant for intercepting proxies.',
  },
};

// The registry's Description for codes whose row is the plain reason phrase.
for (const [code, details] of Object.entries(STANDARD)) {
  if (details.registry.description === '') details.registry.description = reasonPhrase(Number(code))!;
}

/** Constants per code (see the file comment for the library versions). */
const CONSTANTS: Record<number, Constants> = {
  100: { python: 'CONTINUE', go: 'StatusContinue', rust: 'CONTINUE', csharp: 'Continue' },
  101: {
    python: 'SWITCHING_PROTOCOLS',
    go: 'StatusSwitchingProtocols',
    rust: 'SWITCHING_PROTOCOLS',
    csharp: 'SwitchingProtocols',
  },
  102: { python: 'PROCESSING', go: 'StatusProcessing', rust: 'PROCESSING', csharp: 'Processing' },
  103: { python: 'EARLY_HINTS', go: 'StatusEarlyHints', rust: 'EARLY_HINTS', csharp: 'EarlyHints' },
  200: { python: 'OK', go: 'StatusOK', rust: 'OK', java: 'HTTP_OK', csharp: 'OK' },
  201: { python: 'CREATED', go: 'StatusCreated', rust: 'CREATED', java: 'HTTP_CREATED', csharp: 'Created' },
  202: { python: 'ACCEPTED', go: 'StatusAccepted', rust: 'ACCEPTED', java: 'HTTP_ACCEPTED', csharp: 'Accepted' },
  203: {
    python: 'NON_AUTHORITATIVE_INFORMATION',
    go: 'StatusNonAuthoritativeInfo',
    rust: 'NON_AUTHORITATIVE_INFORMATION',
    java: 'HTTP_NOT_AUTHORITATIVE',
    csharp: 'NonAuthoritativeInformation',
  },
  204: {
    python: 'NO_CONTENT',
    go: 'StatusNoContent',
    rust: 'NO_CONTENT',
    java: 'HTTP_NO_CONTENT',
    csharp: 'NoContent',
  },
  205: {
    python: 'RESET_CONTENT',
    go: 'StatusResetContent',
    rust: 'RESET_CONTENT',
    java: 'HTTP_RESET',
    csharp: 'ResetContent',
  },
  206: {
    python: 'PARTIAL_CONTENT',
    go: 'StatusPartialContent',
    rust: 'PARTIAL_CONTENT',
    java: 'HTTP_PARTIAL',
    csharp: 'PartialContent',
  },
  207: { python: 'MULTI_STATUS', go: 'StatusMultiStatus', rust: 'MULTI_STATUS', csharp: 'MultiStatus' },
  208: { python: 'ALREADY_REPORTED', go: 'StatusAlreadyReported', rust: 'ALREADY_REPORTED', csharp: 'AlreadyReported' },
  226: { python: 'IM_USED', go: 'StatusIMUsed', rust: 'IM_USED', csharp: 'IMUsed' },
  300: {
    python: 'MULTIPLE_CHOICES',
    go: 'StatusMultipleChoices',
    rust: 'MULTIPLE_CHOICES',
    java: 'HTTP_MULT_CHOICE',
    csharp: 'MultipleChoices',
  },
  301: {
    python: 'MOVED_PERMANENTLY',
    go: 'StatusMovedPermanently',
    rust: 'MOVED_PERMANENTLY',
    java: 'HTTP_MOVED_PERM',
    csharp: 'MovedPermanently',
  },
  302: { python: 'FOUND', go: 'StatusFound', rust: 'FOUND', java: 'HTTP_MOVED_TEMP', csharp: 'Found' },
  303: { python: 'SEE_OTHER', go: 'StatusSeeOther', rust: 'SEE_OTHER', java: 'HTTP_SEE_OTHER', csharp: 'SeeOther' },
  304: {
    python: 'NOT_MODIFIED',
    go: 'StatusNotModified',
    rust: 'NOT_MODIFIED',
    java: 'HTTP_NOT_MODIFIED',
    csharp: 'NotModified',
  },
  305: { python: 'USE_PROXY', go: 'StatusUseProxy', rust: 'USE_PROXY', java: 'HTTP_USE_PROXY', csharp: 'UseProxy' },
  306: { csharp: 'Unused' },
  307: {
    python: 'TEMPORARY_REDIRECT',
    go: 'StatusTemporaryRedirect',
    rust: 'TEMPORARY_REDIRECT',
    csharp: 'TemporaryRedirect',
  },
  308: {
    python: 'PERMANENT_REDIRECT',
    go: 'StatusPermanentRedirect',
    rust: 'PERMANENT_REDIRECT',
    csharp: 'PermanentRedirect',
  },
  400: {
    python: 'BAD_REQUEST',
    go: 'StatusBadRequest',
    rust: 'BAD_REQUEST',
    java: 'HTTP_BAD_REQUEST',
    csharp: 'BadRequest',
  },
  401: {
    python: 'UNAUTHORIZED',
    go: 'StatusUnauthorized',
    rust: 'UNAUTHORIZED',
    java: 'HTTP_UNAUTHORIZED',
    csharp: 'Unauthorized',
  },
  402: {
    python: 'PAYMENT_REQUIRED',
    go: 'StatusPaymentRequired',
    rust: 'PAYMENT_REQUIRED',
    java: 'HTTP_PAYMENT_REQUIRED',
    csharp: 'PaymentRequired',
  },
  403: { python: 'FORBIDDEN', go: 'StatusForbidden', rust: 'FORBIDDEN', java: 'HTTP_FORBIDDEN', csharp: 'Forbidden' },
  404: { python: 'NOT_FOUND', go: 'StatusNotFound', rust: 'NOT_FOUND', java: 'HTTP_NOT_FOUND', csharp: 'NotFound' },
  405: {
    python: 'METHOD_NOT_ALLOWED',
    go: 'StatusMethodNotAllowed',
    rust: 'METHOD_NOT_ALLOWED',
    java: 'HTTP_BAD_METHOD',
    csharp: 'MethodNotAllowed',
  },
  406: {
    python: 'NOT_ACCEPTABLE',
    go: 'StatusNotAcceptable',
    rust: 'NOT_ACCEPTABLE',
    java: 'HTTP_NOT_ACCEPTABLE',
    csharp: 'NotAcceptable',
  },
  407: {
    python: 'PROXY_AUTHENTICATION_REQUIRED',
    go: 'StatusProxyAuthRequired',
    rust: 'PROXY_AUTHENTICATION_REQUIRED',
    java: 'HTTP_PROXY_AUTH',
    csharp: 'ProxyAuthenticationRequired',
  },
  408: {
    python: 'REQUEST_TIMEOUT',
    go: 'StatusRequestTimeout',
    rust: 'REQUEST_TIMEOUT',
    java: 'HTTP_CLIENT_TIMEOUT',
    csharp: 'RequestTimeout',
  },
  409: { python: 'CONFLICT', go: 'StatusConflict', rust: 'CONFLICT', java: 'HTTP_CONFLICT', csharp: 'Conflict' },
  410: { python: 'GONE', go: 'StatusGone', rust: 'GONE', java: 'HTTP_GONE', csharp: 'Gone' },
  411: {
    python: 'LENGTH_REQUIRED',
    go: 'StatusLengthRequired',
    rust: 'LENGTH_REQUIRED',
    java: 'HTTP_LENGTH_REQUIRED',
    csharp: 'LengthRequired',
  },
  412: {
    python: 'PRECONDITION_FAILED',
    go: 'StatusPreconditionFailed',
    rust: 'PRECONDITION_FAILED',
    java: 'HTTP_PRECON_FAILED',
    csharp: 'PreconditionFailed',
  },
  413: {
    python: 'REQUEST_ENTITY_TOO_LARGE',
    go: 'StatusRequestEntityTooLarge',
    rust: 'PAYLOAD_TOO_LARGE',
    java: 'HTTP_ENTITY_TOO_LARGE',
    csharp: 'RequestEntityTooLarge',
  },
  414: {
    python: 'REQUEST_URI_TOO_LONG',
    go: 'StatusRequestURITooLong',
    rust: 'URI_TOO_LONG',
    java: 'HTTP_REQ_TOO_LONG',
    csharp: 'RequestUriTooLong',
  },
  415: {
    python: 'UNSUPPORTED_MEDIA_TYPE',
    go: 'StatusUnsupportedMediaType',
    rust: 'UNSUPPORTED_MEDIA_TYPE',
    java: 'HTTP_UNSUPPORTED_TYPE',
    csharp: 'UnsupportedMediaType',
  },
  416: {
    python: 'REQUESTED_RANGE_NOT_SATISFIABLE',
    go: 'StatusRequestedRangeNotSatisfiable',
    rust: 'RANGE_NOT_SATISFIABLE',
    csharp: 'RequestedRangeNotSatisfiable',
  },
  417: {
    python: 'EXPECTATION_FAILED',
    go: 'StatusExpectationFailed',
    rust: 'EXPECTATION_FAILED',
    csharp: 'ExpectationFailed',
  },
  418: { python: 'IM_A_TEAPOT', go: 'StatusTeapot', rust: 'IM_A_TEAPOT' },
  421: {
    python: 'MISDIRECTED_REQUEST',
    go: 'StatusMisdirectedRequest',
    rust: 'MISDIRECTED_REQUEST',
    csharp: 'MisdirectedRequest',
  },
  422: {
    python: 'UNPROCESSABLE_ENTITY',
    go: 'StatusUnprocessableEntity',
    rust: 'UNPROCESSABLE_ENTITY',
    csharp: 'UnprocessableEntity',
  },
  423: { python: 'LOCKED', go: 'StatusLocked', rust: 'LOCKED', csharp: 'Locked' },
  424: {
    python: 'FAILED_DEPENDENCY',
    go: 'StatusFailedDependency',
    rust: 'FAILED_DEPENDENCY',
    csharp: 'FailedDependency',
  },
  425: { python: 'TOO_EARLY', go: 'StatusTooEarly', rust: 'TOO_EARLY' },
  426: { python: 'UPGRADE_REQUIRED', go: 'StatusUpgradeRequired', rust: 'UPGRADE_REQUIRED', csharp: 'UpgradeRequired' },
  428: {
    python: 'PRECONDITION_REQUIRED',
    go: 'StatusPreconditionRequired',
    rust: 'PRECONDITION_REQUIRED',
    csharp: 'PreconditionRequired',
  },
  429: {
    python: 'TOO_MANY_REQUESTS',
    go: 'StatusTooManyRequests',
    rust: 'TOO_MANY_REQUESTS',
    csharp: 'TooManyRequests',
  },
  431: {
    python: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
    go: 'StatusRequestHeaderFieldsTooLarge',
    rust: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
    csharp: 'RequestHeaderFieldsTooLarge',
  },
  451: {
    python: 'UNAVAILABLE_FOR_LEGAL_REASONS',
    go: 'StatusUnavailableForLegalReasons',
    rust: 'UNAVAILABLE_FOR_LEGAL_REASONS',
    csharp: 'UnavailableForLegalReasons',
  },
  500: {
    python: 'INTERNAL_SERVER_ERROR',
    go: 'StatusInternalServerError',
    rust: 'INTERNAL_SERVER_ERROR',
    java: 'HTTP_INTERNAL_ERROR',
    csharp: 'InternalServerError',
  },
  501: {
    python: 'NOT_IMPLEMENTED',
    go: 'StatusNotImplemented',
    rust: 'NOT_IMPLEMENTED',
    java: 'HTTP_NOT_IMPLEMENTED',
    csharp: 'NotImplemented',
  },
  502: {
    python: 'BAD_GATEWAY',
    go: 'StatusBadGateway',
    rust: 'BAD_GATEWAY',
    java: 'HTTP_BAD_GATEWAY',
    csharp: 'BadGateway',
  },
  503: {
    python: 'SERVICE_UNAVAILABLE',
    go: 'StatusServiceUnavailable',
    rust: 'SERVICE_UNAVAILABLE',
    java: 'HTTP_UNAVAILABLE',
    csharp: 'ServiceUnavailable',
  },
  504: {
    python: 'GATEWAY_TIMEOUT',
    go: 'StatusGatewayTimeout',
    rust: 'GATEWAY_TIMEOUT',
    java: 'HTTP_GATEWAY_TIMEOUT',
    csharp: 'GatewayTimeout',
  },
  505: {
    python: 'HTTP_VERSION_NOT_SUPPORTED',
    go: 'StatusHTTPVersionNotSupported',
    rust: 'HTTP_VERSION_NOT_SUPPORTED',
    java: 'HTTP_VERSION',
    csharp: 'HttpVersionNotSupported',
  },
  506: {
    python: 'VARIANT_ALSO_NEGOTIATES',
    go: 'StatusVariantAlsoNegotiates',
    rust: 'VARIANT_ALSO_NEGOTIATES',
    csharp: 'VariantAlsoNegotiates',
  },
  507: {
    python: 'INSUFFICIENT_STORAGE',
    go: 'StatusInsufficientStorage',
    rust: 'INSUFFICIENT_STORAGE',
    csharp: 'InsufficientStorage',
  },
  508: { python: 'LOOP_DETECTED', go: 'StatusLoopDetected', rust: 'LOOP_DETECTED', csharp: 'LoopDetected' },
  510: { python: 'NOT_EXTENDED', go: 'StatusNotExtended', rust: 'NOT_EXTENDED', csharp: 'NotExtended' },
  511: {
    python: 'NETWORK_AUTHENTICATION_REQUIRED',
    go: 'StatusNetworkAuthenticationRequired',
    rust: 'NETWORK_AUTHENTICATION_REQUIRED',
    csharp: 'NetworkAuthenticationRequired',
  },
};

/**
 * Python 3.13 renamed these members after RFC 9110 and kept the 3.11 names
 * as aliases; the entries show the 3.11 name, which works in both.
 */
export const PYTHON_313_NAMES: Readonly<Record<number, string>> = {
  413: 'CONTENT_TOO_LARGE',
  414: 'URI_TOO_LONG',
  416: 'RANGE_NOT_SATISFIABLE',
  422: 'UNPROCESSABLE_CONTENT',
};

type NonStandard = Omit<
  StatusEntry,
  'statusClass' | 'standard' | 'registration' | 'registry' | 'constants' | 'aliases' | 'otherMeanings' | 'headers'
> & {
  origin: string;
  headers?: readonly HeaderNote[];
  aliases?: readonly string[];
  otherMeanings?: readonly OtherMeaning[];
};

/** Codes the registry does not list, as vendors use them. Nothing here is invented: each names its source. */
const NON_STANDARD: readonly NonStandard[] = [
  {
    code: 218,
    reason: 'This is fine',
    origin:
      'Attributed to the Apache HTTP Server by Wikipedia’s list of HTTP status codes; Apache httpd’s own status table (modules/http/http_protocol.c) has no entry for 218.',
    summary: 'Said to be Apache’s pass-through code for error bodies; httpd itself does not define it.',
    meaning:
      'Described as a catch-all that lets an upstream error body through when ProxyErrorOverride is on. Apache httpd’s source leaves 218 empty, so if you see it, another component in the chain sent it.',
    use: 'Never: it is not defined by the server it is attributed to.',
    avoid: 'Always; send the real status (the upstream’s error, or 502).',
    references: [
      { label: 'Wikipedia: List of HTTP status codes', url: WIKIPEDIA_LIST },
      {
        label: 'Apache httpd source: modules/http/http_protocol.c (status lines)',
        url: 'https://github.com/apache/httpd/blob/trunk/modules/http/http_protocol.c',
      },
    ],
  },
  {
    code: 419,
    reason: 'Page Expired',
    origin:
      'Laravel (PHP framework): its exception handler turns a CSRF TokenMismatchException into a 419 with a “Page Expired” page.',
    summary: 'Laravel: the form’s CSRF token was missing or stale (the session expired).',
    meaning:
      'The form or AJAX request carried no valid CSRF token, usually because the session expired or the page was open too long; Laravel refused it.',
    use: 'Only as Laravel does it; in your own code prefer a standard code.',
    avoid: 'Outside Laravel: clients treat it as a generic 4xx; 403 is the standard choice for a failed CSRF check.',
    headers: [h('X-CSRF-TOKEN', 'request: the token Laravel checks for AJAX (or X-XSRF-TOKEN from its cookie)')],
    references: [
      {
        label: 'Laravel source: Illuminate/Foundation/Exceptions/Handler.php',
        url: 'https://github.com/laravel/framework/blob/13.x/src/Illuminate/Foundation/Exceptions/Handler.php',
      },
    ],
    otherMeanings: [
      {
        reason: 'Authentication Timeout',
        origin: 'ASP.NET Core: Microsoft.AspNetCore.Http.StatusCodes.Status419AuthenticationTimeout',
        meaning:
          'A constant ASP.NET Core defines for an expired authentication; the framework gives it no behaviour of its own.',
        references: [
          {
            label: 'ASP.NET Core API: StatusCodes.Status419AuthenticationTimeout',
            url: 'https://learn.microsoft.com/en-us/dotnet/api/microsoft.aspnetcore.http.statuscodes.status419authenticationtimeout',
          },
        ],
      },
      {
        reason: 'Insufficient Space On Resource',
        origin: 'Spring Framework: HttpStatus.INSUFFICIENT_SPACE_ON_RESOURCE (deprecated; from an early WebDAV draft)',
        meaning: 'A WebDAV draft’s code for a lack of storage, replaced by 507 in RFC 4918.',
        references: [],
      },
    ],
  },
  {
    code: 420,
    reason: 'Enhance Your Calm',
    origin: 'Twitter’s API version 1 (Search and Trends), since retired: sent when a client was being rate limited.',
    summary: 'Twitter’s old API: slow down, you are rate limited (today’s APIs send 429).',
    meaning: 'The client was rate limited by Twitter’s version 1 Search or Trends API. Twitter later switched to 429.',
    use: 'Never in new work.',
    avoid: 'Always: rate limits are 429 Too Many Requests.',
    references: [{ label: 'Wikipedia: List of HTTP status codes (Twitter)', url: WIKIPEDIA_LIST }],
    otherMeanings: [
      {
        reason: 'Method Failure',
        origin: 'Spring Framework: HttpStatus.METHOD_FAILURE (deprecated; from an early WebDAV draft)',
        meaning: 'A WebDAV draft’s code for a method that failed, later dropped.',
        references: [],
      },
    ],
  },
  {
    code: 440,
    reason: 'Login Time-out',
    origin: 'Microsoft IIS, as sent by Exchange Outlook Web App (forms-based authentication).',
    summary: 'Microsoft IIS/Exchange: the login session expired; sign in again.',
    meaning: 'The client’s forms-based login session expired; the user must sign in again.',
    use: 'Only as Microsoft’s products send it.',
    avoid: 'In your own APIs: 401 with WWW-Authenticate is the standard answer.',
    references: [
      { label: 'Wikipedia: List of HTTP status codes (Internet Information Services)', url: WIKIPEDIA_LIST },
    ],
  },
  {
    code: 444,
    reason: 'No Response',
    origin:
      'nginx: the non-standard code 444 of the return directive closes the connection without sending a response.',
    summary: 'nginx: closed the connection without sending any response.',
    meaning:
      'nginx closed the connection without sending anything; the client sees an empty reply or a reset, and the access log records 444.',
    use: 'In nginx configuration (return 444;) to drop unwanted requests: unknown Host headers, scanners.',
    avoid: 'Expecting a client to receive it: it never goes on the wire.',
    references: [
      {
        label: 'nginx documentation: ngx_http_rewrite_module, return',
        url: 'https://nginx.org/en/docs/http/ngx_http_rewrite_module.html#return',
      },
      NGINX_SOURCE,
    ],
  },
  {
    code: 449,
    reason: 'Retry With',
    origin:
      'Microsoft: WebDAV extensions protocol [MS-WDV] section 2.2.6 (also sent by Exchange ActiveSync when a device must provision first).',
    summary: 'Microsoft: send more information and retry (with Ms-Echo-Reply).',
    meaning:
      'The request cannot be satisfied because the client did not provide enough information; it should repeat it with the requested information.',
    use: 'Only between Microsoft clients and servers that implement [MS-WDV].',
    avoid: 'In your own APIs: clients that do not know it treat it as a plain 4xx.',
    headers: [
      h('Ms-Echo-Request', 'required with a 449: what the client must echo back'),
      h('Ms-Echo-Reply', 'request: the echo, on the retried request'),
    ],
    references: [
      {
        label: 'Microsoft [MS-WDV] 2.2.6 449 Retry With Status Code',
        url: 'https://learn.microsoft.com/en-us/openspecs/windows_protocols/ms-wdv/83ecf19f-e0f8-4706-aae5-ba618f52f100',
      },
    ],
  },
  {
    code: 460,
    reason: 'Client Closed Connection',
    origin: 'AWS Elastic Load Balancing (Application Load Balancer).',
    summary: 'AWS ALB: the client closed the connection before the load balancer’s idle timeout.',
    meaning:
      'The load balancer received a request, but the client closed the connection before the idle timeout elapsed, typically because the client’s own timeout is shorter than the target’s response time.',
    use: 'It is logged by the load balancer; you never send it.',
    avoid:
      'Sending it from your own servers: it is the load balancer’s own code, and clients only see a generic error.',
    references: [AWS_ALB],
  },
  {
    code: 463,
    reason: 'Too Many Forwarded IPs',
    origin: 'AWS Elastic Load Balancing (Application Load Balancer).',
    summary: 'AWS ALB: X-Forwarded-For holds more than 30 IP addresses.',
    meaning: 'The request’s X-Forwarded-For header had more than 30 IP addresses, which the load balancer refuses.',
    use: 'Sent by the load balancer; look for a proxy loop appending addresses.',
    avoid:
      'Sending it from your own servers: it is the load balancer’s own code, and clients only see a generic error.',
    headers: [h('X-Forwarded-For', 'request: the list of client and proxy addresses')],
    references: [AWS_ALB],
  },
  {
    code: 464,
    reason: 'Incompatible Protocol',
    origin: 'AWS Elastic Load Balancing (Application Load Balancer).',
    summary: 'AWS ALB: the request’s protocol does not match the target group’s protocol version.',
    meaning:
      'The incoming request protocol is incompatible with the target group’s protocol version (e.g. an HTTP/1.1 request to a gRPC or HTTP/2-only target group).',
    use: 'Sent by the load balancer; fix the listener or target group protocol version.',
    avoid:
      'Sending it from your own servers: it is the load balancer’s own code, and clients only see a generic error.',
    references: [AWS_ALB],
  },
  {
    code: 494,
    reason: 'Request Header Too Large',
    origin: 'nginx (NGX_HTTP_REQUEST_HEADER_TOO_LARGE in its source).',
    summary: 'nginx: request header or cookie too large; the client sees 400.',
    meaning:
      'A request line or header field did not fit nginx’s large_client_header_buffers. nginx answers the client with 400 Bad Request (“Request Header Or Cookie Too Large”); 494 is the code to use in error_page.',
    use: 'In nginx error_page directives, to serve a custom page for this case.',
    avoid: 'Expecting it on the wire or in the access log: both show 400. The standard code for this is 431.',
    references: [NGINX_SOURCE],
  },
  {
    code: 495,
    reason: 'SSL Certificate Error',
    origin: 'nginx: ngx_http_ssl_module (documented under “Error processing”).',
    summary: 'nginx: the client certificate failed verification; the client sees 400.',
    meaning:
      'An error occurred during client certificate verification (ssl_verify_client). The client receives 400; 495 is for error_page.',
    use: 'In nginx error_page directives.',
    avoid: 'Expecting it on the wire: nginx sends 400.',
    references: [NGINX_SSL_ERRORS],
  },
  {
    code: 496,
    reason: 'SSL Certificate Required',
    origin: 'nginx: ngx_http_ssl_module (documented under “Error processing”).',
    summary: 'nginx: the client sent no required certificate; the client sees 400.',
    meaning:
      'A client did not present the certificate that ssl_verify_client requires. The client receives 400; 496 is for error_page.',
    use: 'In nginx error_page directives.',
    avoid: 'Expecting it on the wire: nginx sends 400.',
    references: [NGINX_SSL_ERRORS],
  },
  {
    code: 497,
    reason: 'HTTP Request Sent to HTTPS Port',
    origin: 'nginx: ngx_http_ssl_module (documented under “Error processing”).',
    summary: 'nginx: plain HTTP arrived on an HTTPS port; the client sees 400.',
    meaning:
      'A plain HTTP request was sent to a port that expects TLS. The client receives 400; 497 is for error_page.',
    use: 'In nginx: error_page 497 =301 https://$host$request_uri; upgrades such requests.',
    avoid: 'Expecting it on the wire: nginx sends 400 unless error_page changes it.',
    references: [NGINX_SSL_ERRORS],
  },
  {
    code: 498,
    reason: 'Invalid Token',
    origin: ESRI,
    summary: 'Esri ArcGIS: the token is invalid or expired.',
    meaning: 'The token sent with the request is expired or otherwise invalid; get a new token.',
    use: 'Only as ArcGIS services send it.',
    avoid: 'In your own APIs: 401 is the standard answer.',
    references: [{ label: 'Wikipedia: List of HTTP status codes (Esri)', url: WIKIPEDIA_LIST }],
  },
  {
    code: 499,
    reason: 'Client Closed Request',
    origin:
      'nginx (NGX_HTTP_CLIENT_CLOSED_REQUEST in its source): logged when the client closed the connection while nginx was processing the request.',
    summary: 'nginx: the client closed the connection before the response was sent.',
    meaning:
      'The client gave up (closed the connection) while nginx was still waiting on the upstream or building the response. Nothing is sent; the access log records 499.',
    use: 'It appears in nginx logs; look at client timeouts and slow upstreams.',
    avoid: 'Expecting a client to receive it: the client is already gone.',
    references: [NGINX_SOURCE],
    otherMeanings: [
      {
        reason: 'Token Required',
        origin: ESRI,
        meaning: 'The resource needs a token and none was sent.',
        references: [{ label: 'Wikipedia: List of HTTP status codes (Esri)', url: WIKIPEDIA_LIST }],
      },
    ],
  },
  {
    code: 509,
    reason: 'Bandwidth Limit Exceeded',
    origin:
      'Shared-hosting control panels (cPanel) and bandwidth-limiting modules, when a site exceeds its traffic allowance; Node.js lists it in http.STATUS_CODES. Apache httpd’s own status table does not include it.',
    summary: 'Hosting: the site used up its bandwidth allowance.',
    meaning:
      'The site exceeded the bandwidth its hosting plan allows; it comes back when the period resets or the limit is raised.',
    use: 'Only as hosting software sends it.',
    avoid: 'In your own APIs: 503 with Retry-After (or 429 per client).',
    references: [
      { label: 'Node.js documentation: http.STATUS_CODES', url: 'https://nodejs.org/api/http.html#httpstatus_codes' },
      { label: 'Wikipedia: List of HTTP status codes', url: WIKIPEDIA_LIST },
    ],
  },
  {
    code: 520,
    reason: 'Web Server Returned an Unknown Error',
    origin: 'Cloudflare (between Cloudflare and the origin server).',
    summary: 'Cloudflare: the origin returned an empty, unknown or unexpected response.',
    meaning:
      'The origin server returned something Cloudflare could not use: an empty response, a reset connection, headers that are too large.',
    use: 'Sent by Cloudflare; check the origin’s error logs.',
    avoid: 'Sending it from your origin: visitors and monitoring would take it for Cloudflare’s own error.',
    references: [CLOUDFLARE_5XX],
  },
  {
    code: 521,
    reason: 'Web Server Is Down',
    origin: 'Cloudflare.',
    summary: 'Cloudflare: the origin refused the connection.',
    meaning:
      'The origin web server refused Cloudflare’s connection: it is down, or a firewall blocks Cloudflare’s addresses.',
    use: 'Sent by Cloudflare.',
    avoid: 'Sending it from your origin: visitors and monitoring would take it for Cloudflare’s own error.',
    references: [CLOUDFLARE_5XX],
  },
  {
    code: 522,
    reason: 'Connection Timed Out',
    origin: 'Cloudflare.',
    summary: 'Cloudflare: connecting to the origin timed out.',
    meaning:
      'Cloudflare could not complete a TCP connection to the origin in time, or the origin did not answer the request once connected.',
    use: 'Sent by Cloudflare.',
    avoid: 'Sending it from your origin: visitors and monitoring would take it for Cloudflare’s own error.',
    references: [CLOUDFLARE_5XX],
  },
  {
    code: 523,
    reason: 'Origin Is Unreachable',
    origin: 'Cloudflare.',
    summary: 'Cloudflare: no route to the origin (DNS or routing problem).',
    meaning:
      'Cloudflare cannot reach the origin at all, often because the DNS record points at a wrong or changed address.',
    use: 'Sent by Cloudflare.',
    avoid: 'Sending it from your origin: visitors and monitoring would take it for Cloudflare’s own error.',
    references: [CLOUDFLARE_5XX],
  },
  {
    code: 524,
    reason: 'A Timeout Occurred',
    origin: 'Cloudflare.',
    summary: 'Cloudflare: connected to the origin, but it sent no response in time.',
    meaning:
      'Cloudflare connected to the origin but did not receive an HTTP response before its timeout (100 seconds by default): a slow request on the origin.',
    use: 'Sent by Cloudflare; move long work to a background job.',
    avoid: 'Sending it from your origin: visitors and monitoring would take it for Cloudflare’s own error.',
    references: [CLOUDFLARE_5XX],
  },
  {
    code: 525,
    reason: 'SSL Handshake Failed',
    origin: 'Cloudflare.',
    summary: 'Cloudflare: the TLS handshake with the origin failed.',
    meaning: 'Cloudflare could not negotiate TLS with the origin (no shared cipher, no certificate, SNI problems).',
    use: 'Sent by Cloudflare.',
    avoid: 'Sending it from your origin: visitors and monitoring would take it for Cloudflare’s own error.',
    references: [CLOUDFLARE_5XX],
  },
  {
    code: 526,
    reason: 'Invalid SSL Certificate',
    origin: 'Cloudflare.',
    summary: 'Cloudflare: the origin’s certificate is invalid (Full (strict) mode).',
    meaning:
      'Cloudflare could not validate the origin’s certificate (expired, self-signed, wrong host name) while set to verify it.',
    use: 'Sent by Cloudflare.',
    avoid: 'Sending it from your origin: visitors and monitoring would take it for Cloudflare’s own error.',
    references: [CLOUDFLARE_5XX],
  },
  {
    code: 527,
    reason: 'Railgun Error',
    origin: 'Cloudflare (Railgun, a product since retired).',
    summary: 'Cloudflare: the connection to the origin’s Railgun listener failed.',
    meaning: 'A request through Cloudflare’s Railgun service could not reach the origin’s Railgun listener.',
    use: 'Sent by Cloudflare’s retired Railgun.',
    avoid: 'Sending it from your origin: visitors and monitoring would take it for Cloudflare’s own error.',
    references: [CLOUDFLARE_5XX],
  },
  {
    code: 529,
    reason: 'Site Is Overloaded',
    origin: 'Qualys SSL Labs API (documented in its API v3 documentation).',
    summary: 'SSL Labs API: the service is overloaded; come back later.',
    meaning:
      'The service is overloaded, through no fault of the client; SSL Labs suggests waiting around 30 minutes before retrying.',
    use: 'Only as the services that define it send it.',
    avoid: 'In your own APIs: 503 with Retry-After.',
    references: [
      {
        label: 'SSL Labs API v3 documentation: error response status codes',
        url: 'https://github.com/ssllabs/ssllabs-scan/blob/master/ssllabs-api-docs-v3.md',
      },
    ],
    otherMeanings: [
      {
        reason: 'Overloaded',
        origin: 'Anthropic API (overloaded_error)',
        meaning: 'The API is temporarily overloaded; retry with backoff.',
        references: [{ label: 'Anthropic API documentation: Errors', url: 'https://docs.anthropic.com/en/api/errors' }],
      },
    ],
  },
  {
    code: 530,
    reason: 'Origin Error (1xxx)',
    origin: 'Cloudflare: returned together with a Cloudflare 1xxx error shown on the page.',
    summary: 'Cloudflare: look up the 1xxx error code on the error page.',
    meaning:
      'Cloudflare answers 530 together with one of its 1xxx errors (DNS resolution errors and the like); the 1xxx code names the actual problem.',
    use: 'Sent by Cloudflare.',
    avoid: 'Sending it from your origin: visitors and monitoring would take it for Cloudflare’s own error.',
    references: [CLOUDFLARE_5XX],
  },
  {
    code: 561,
    reason: 'Unauthorized (Identity Provider)',
    origin: 'AWS Elastic Load Balancing (Application Load Balancer with user authentication).',
    summary: 'AWS ALB: the identity provider returned an error while authenticating the user.',
    meaning:
      'The load balancer is set to authenticate users, and the identity provider (IdP) returned an error code during authentication.',
    use: 'Sent by the load balancer; check the IdP configuration.',
    avoid:
      'Sending it from your own servers: it is the load balancer’s own code, and clients only see a generic error.',
    references: [AWS_ALB],
  },
  {
    code: 598,
    reason: 'Network Read Timeout Error',
    origin:
      'An informal convention, listed in Wikipedia’s list of HTTP status codes as used by some HTTP proxies; no vendor documentation defines it.',
    summary: 'Some proxies: reading the upstream response timed out.',
    meaning: 'A proxy signalling to its client that reading from the server behind it timed out.',
    use: 'Only where your proxy documents it.',
    avoid: 'In new work: 504 Gateway Timeout is the standard code.',
    references: [{ label: 'Wikipedia: List of HTTP status codes', url: WIKIPEDIA_LIST }],
  },
  {
    code: 599,
    reason: 'Network Connect Timeout Error',
    origin:
      'An informal convention for proxies (Wikipedia’s list of HTTP status codes); the Tornado web framework’s HTTP client reports 599 when no HTTP response was received, e.g. a timeout.',
    summary: 'Some proxies and clients: connecting timed out, or no HTTP response at all.',
    meaning:
      'A network-level failure reported as a status: the connection to the server timed out or failed before any HTTP response arrived.',
    use: 'Only where your proxy or client library documents it.',
    avoid: 'In new work: 504 (from a proxy) or a client-side error, not a status.',
    references: [
      {
        label: 'Tornado documentation: tornado.httpclient',
        url: 'https://www.tornadoweb.org/en/stable/httpclient.html',
      },
      { label: 'Wikipedia: List of HTTP status codes', url: WIKIPEDIA_LIST },
    ],
  },
];

function registrationOf(description: string): Registration {
  if (description === '(Unused)') return 'unused';
  if (description.includes('(OBSOLETED)')) return 'obsoleted';
  if (description.includes('(TEMPORARY')) return 'temporary';
  return 'permanent';
}

function buildEntries(): StatusEntry[] {
  const entries: StatusEntry[] = [];
  for (const [key, details] of Object.entries(STANDARD)) {
    const code = Number(key);
    const info = statusInfo(code);
    entries.push({
      code,
      reason: info.reason,
      statusClass: info.statusClass,
      standard: true,
      registration: registrationOf(details.registry.description),
      registry: details.registry,
      summary: info.meaning,
      meaning: details.meaning,
      use: details.use,
      avoid: details.avoid,
      headers: details.headers ?? [],
      references: details.references,
      aliases: details.aliases ?? [],
      constants: CONSTANTS[code] ?? {},
      otherMeanings: details.otherMeanings ?? [],
    });
  }
  for (const item of NON_STANDARD) {
    entries.push({
      ...item,
      statusClass: statusClassOf(item.code),
      standard: false,
      registration: 'non-standard',
      headers: item.headers ?? [],
      aliases: item.aliases ?? [],
      constants: {},
      otherMeanings: item.otherMeanings ?? [],
    });
  }
  return entries.sort((a, b) => a.code - b.code);
}

const ENTRIES: readonly StatusEntry[] = buildEntries();
const BY_CODE = new Map(ENTRIES.map((entry) => [entry.code, entry]));

/** Every entry, standard and non-standard, in code order. */
export function statusEntries(): readonly StatusEntry[] {
  return ENTRIES;
}

/** The entry for a code, or undefined when this reference has none. */
export function statusEntry(code: number): StatusEntry | undefined {
  return BY_CODE.get(code);
}

/** The groups the reference filters by. */
export const STATUS_FILTERS = ['all', '1xx', '2xx', '3xx', '4xx', '5xx', 'non-standard'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export const FILTER_LABELS: Readonly<Record<StatusFilter, string>> = {
  all: 'All',
  '1xx': '1xx Informational',
  '2xx': '2xx Success',
  '3xx': '3xx Redirection',
  '4xx': '4xx Client error',
  '5xx': '5xx Server error',
  'non-standard': 'Non-standard',
};

export function isStatusFilter(value: unknown): value is StatusFilter {
  return typeof value === 'string' && (STATUS_FILTERS as readonly string[]).includes(value);
}

export function matchesFilter(entry: StatusEntry, filter: StatusFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'non-standard') return !entry.standard;
  return String(entry.code)[0] === filter[0];
}

/** Where each language's constant lives, for display: `HTTPStatus.TOO_MANY_REQUESTS`. */
export const CONSTANT_LANGUAGES = [
  { key: 'python', label: 'Python', prefix: 'HTTPStatus.', note: 'http.HTTPStatus, Python 3.11' },
  { key: 'go', label: 'Go', prefix: 'http.', note: 'net/http' },
  { key: 'rust', label: 'Rust', prefix: 'StatusCode::', note: 'http crate 1.x' },
  { key: 'java', label: 'Java', prefix: 'HttpURLConnection.', note: 'java.net' },
  { key: 'csharp', label: 'C#', prefix: 'HttpStatusCode.', note: 'System.Net' },
] as const satisfies readonly { key: keyof Constants; label: string; prefix: string; note: string }[];

/** What the reference says about languages with no constants at all. */
export const NO_CONSTANTS_NOTE =
  'JavaScript (Node.js) and PHP have no standard constants (Node’s http.STATUS_CODES maps codes to phrases).';

export interface ConstantLine {
  language: string;
  constant: string;
  /** The library (and version) the name comes from. */
  note: string;
  /** Another name a newer version of the library adds (Python 3.13's RFC 9110 names). */
  newerName?: string;
}

/** The constants of an entry as display lines: Python, `HTTPStatus.TOO_MANY_REQUESTS`, `http.HTTPStatus, Python 3.11`. */
export function constantLines(entry: StatusEntry): ConstantLine[] {
  const lines: ConstantLine[] = [];
  for (const language of CONSTANT_LANGUAGES) {
    const name = entry.constants[language.key];
    if (!name) continue;
    const line: ConstantLine = { language: language.label, constant: `${language.prefix}${name}`, note: language.note };
    if (language.key === 'python' && Object.hasOwn(PYTHON_313_NAMES, entry.code)) {
      line.newerName = `Python 3.13 also: HTTPStatus.${PYTHON_313_NAMES[entry.code]}`;
    }
    lines.push(line);
  }
  return lines;
}

/** `#/status-codes?code=429`: the workspace's deep link to an entry. */
export function statusDeepLink(code: number): string {
  return `#/status-codes?code=${code}`;
}

/** How an entry's standing reads in a sentence: "Standard", "Non-standard (nginx …)". */
export function standingLabel(entry: StatusEntry): string {
  switch (entry.registration) {
    case 'permanent':
      return 'Standard';
    case 'temporary':
      return 'Standard, provisional (temporary registration)';
    case 'obsoleted':
      return 'Standard, obsoleted';
    case 'unused':
      return 'Reserved in the registry (unused)';
    default:
      return 'Non-standard';
  }
}
