import { base64ToBytes, bytesToBase64 } from '../src/core/bytes.ts';
import { checkRequest, type HeaderLine } from '../src/core/http/request.ts';
import {
  applyWireReport,
  ProtocolError,
  type HttpResponse,
  type OutgoingRequest,
  type RedirectHop,
  type SendOptions,
  type WireReport,
} from '../src/protocol.ts';
import { encodeBody, jsonStringBytes, readBody, type BodyBytes, type EncodedBody } from './body.ts';
import { MARKER_HEADER, type Exchange, type HopRecord } from './capture.ts';
import { BAD_PORTS, blockedPortError, describeFailure, type StopReason } from './errors.ts';
import { notAsWritten, planHeaders } from './header-rules.ts';
import { directTransport, type HopChannel, type Transport } from './transport.ts';

export const DEFAULT_MAX_BODY_BYTES = 50 * 1024 * 1024;
const MAX_REDIRECTS = 20;
/**
 * How long the browser's webRequest report may take once fetch has its
 * answer (they travel separately). The response never waits for it, except a
 * redirect that is not followed: fetch hides its status, only the report has it.
 */
export const REPORT_WAIT_MS = 1500;
/** How many times a request the browser sent before its header rule took effect is sent again (idempotent only). */
const MAX_RULE_RETRIES = 2;

export interface SendDeps {
  fetch: typeof fetch;
  transport: Transport;
}

/** A response whose body is still in pieces (see body.ts): `response.body` is empty. */
export interface SendResult {
  response: HttpResponse;
  body: EncodedBody;
  /**
   * When the browser's report had not arrived with the response
   * (`requestHeadersSource: 'pending'`): the report once it arrives, or what
   * is known when the wait ends. Never rejects.
   */
  wire?: Promise<WireReport>;
}

/** Requests in flight, by the caller's id: how to cancel each. */
const inFlight = new Map<string, () => void>();

/** Cancels the request with this id; false when no such request is in flight. */
export function cancelRequest(id: string): boolean {
  const cancel = inFlight.get(id);
  if (!cancel) return false;
  cancel();
  return true;
}

/** Fetch sends these method names in upper case whatever case they were written in; others as written. */
const NORMALISED_METHODS = new Set(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT']);
const normaliseMethod = (method: string) =>
  NORMALISED_METHODS.has(method.toUpperCase()) ? method.toUpperCase() : method;

const MARKER_LOWER = MARKER_HEADER.toLowerCase();

const BODY_HEADERS = new Set(['content-type', 'content-encoding', 'content-language', 'content-location']);

function validate(request: OutgoingRequest, options: SendOptions): { url: URL; body: Uint8Array | undefined } {
  if (typeof request?.id !== 'string' || request.id === '') {
    throw new ProtocolError('The request needs an id (any unique string) so it can be cancelled.', 'invalid-id');
  }
  if (!Array.isArray(request.headers)) throw new ProtocolError('The headers must be a list.', 'invalid-headers');
  const check = checkRequest({ method: String(request.method), url: String(request.url), headers: request.headers });
  if (!check.ok) throw new ProtocolError(check.message, `invalid-${check.field}`);
  if (/^(connect|trace|track)$/i.test(request.method)) {
    throw new ProtocolError(
      `Browsers do not let extensions send ${request.method.toUpperCase()} requests.`,
      'invalid-method',
    );
  }
  if (!(Number.isFinite(options?.timeoutMs) && options.timeoutMs > 0)) {
    throw new ProtocolError('The timeout must be a positive number of milliseconds.', 'invalid-options');
  }
  if (options.maxBodyBytes !== undefined && !(Number.isFinite(options.maxBodyBytes) && options.maxBodyBytes >= 0)) {
    throw new ProtocolError('The body size limit must be a number of bytes.', 'invalid-options');
  }
  const url = new URL(request.url.trim());
  url.hash = '';
  if (BAD_PORTS.has(Number(url.port))) throw blockedPortError(url);
  let body: Uint8Array | undefined;
  if (request.bodyBase64 !== undefined) {
    try {
      body = base64ToBytes(request.bodyBase64);
    } catch {
      throw new ProtocolError('The body is not valid base64.', 'invalid-body');
    }
  }
  return { url, body };
}

const formatBytes = (n: number) =>
  n >= 1024 * 1024
    ? `${Math.round((n / 1024 / 1024) * 10) / 10} MB`
    : n >= 1024
      ? `${Math.round((n / 1024) * 10) / 10} KB`
      : `${n} bytes`;

const reasonPhrase = (statusLine: string | undefined) =>
  statusLine ? statusLine.replace(/^\S+\s+\d{3}\s?/, '').trim() : undefined;

const headerValue = (headers: HeaderLine[] | undefined, name: string) =>
  headers?.find((h) => h.name.toLowerCase() === name)?.value;

/**
 * Sends one request with the extension's host permissions and reads its
 * response: headers fetch refuses go out through the transport (a DNR rule
 * in Chrome, a blocking listener in Firefox), redirects are followed or not
 * (with the chain reported either way), cookies are sent only on request,
 * the body is read as a stream up to the cap, and the request can be
 * cancelled by id or time out.
 */
export async function executeRequest(
  request: OutgoingRequest,
  options: SendOptions,
  deps: SendDeps = { fetch, transport: directTransport() },
): Promise<SendResult> {
  const { url: firstUrl, body: requestBody } = validate(request, options);
  if (inFlight.has(request.id)) {
    throw new ProtocolError(`A request with the id "${request.id}" is already in flight.`, 'duplicate-id');
  }
  const controller = new AbortController();
  let stopped: StopReason;
  const stop = (reason: Exclude<StopReason, undefined>) => {
    stopped ??= reason;
    controller.abort(new DOMException(reason, reason === 'timeout' ? 'TimeoutError' : 'AbortError'));
  };
  const timer = setTimeout(() => stop('timeout'), options.timeoutMs);
  inFlight.set(request.id, () => stop('cancelled'));
  const signal = controller.signal;
  const follow = options.followRedirects ?? false;
  const sendCookies = options.sendCookies ?? false;
  const cap = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const notices: string[] = [];
  const note = (text: string) => {
    if (!notices.includes(text)) notices.push(text);
  };

  let url = firstUrl;
  let method = normaliseMethod(request.method);
  let body = requestBody;
  let headers = request.headers.map(({ name, value }) => ({ name, value }));
  if (headers.some((h) => h.name.toLowerCase() === MARKER_LOWER)) {
    // The browser's reports are matched to requests by this header: one the user wrote would confuse them.
    note(`${MARKER_HEADER} was not sent: HTTP Workbench uses that header name to recognise its own requests.`);
    headers = headers.filter((h) => h.name.toLowerCase() !== MARKER_LOWER);
  }
  if (body !== undefined && (method === 'GET' || method === 'HEAD')) {
    note(`The browser cannot send a body with ${method}: the body was left out.`);
    body = undefined;
  }
  if (url.username !== '' || url.password !== '') {
    // fetch refuses URLs with credentials; curl turns them into Basic authentication, and so do we.
    const user = safeDecode(url.username);
    if (!headers.some((h) => h.name.toLowerCase() === 'authorization')) {
      const token = bytesToBase64(new TextEncoder().encode(`${user}:${safeDecode(url.password)}`));
      headers.push({ name: 'Authorization', value: `Basic ${token}` });
      note(`The user name and password in the URL were sent as Basic authentication for "${user}".`);
    } else {
      note('The user name and password in the URL were not sent: the request has its own Authorization header.');
    }
    url.username = '';
    url.password = '';
  }
  const firstPlan = planHeaders(headers, body?.length);
  const manualFollow = follow && deps.transport.followManually(firstPlan.viaBrowser.length > 0);
  const redirects: RedirectHop[] = [];
  const started = performance.now();
  let duringBody = false;
  let channel: HopChannel | undefined;
  /** Set once the wait for the browser's report owns the last channel (it closes it). */
  let handedOff = false;
  let ttfbMs = 0;

  /** One attempt of the current hop: fetch's answer, or the failure explained. */
  const fetchHop = async (hop: HopChannel): Promise<Response> => {
    try {
      // Called unbound: the browsers' fetch refuses any `this` but the global.
      const fetchFn = deps.fetch;
      const response = await fetchFn(url.href, {
        method,
        headers: hop.fetchHeaders.map(({ name, value }) => [name, value] as [string, string]),
        body: body as BodyInit | undefined,
        redirect: follow && !manualFollow ? 'follow' : 'manual',
        credentials: sendCookies ? 'include' : 'omit',
        cache: 'no-store',
        signal,
      });
      ttfbMs = performance.now() - started;
      return response;
    } catch (error) {
      await hop.afterFetch(false, false);
      // The browser's own reason (refused, TLS, DNS...) may arrive just after fetch fails.
      const exchange = hop.exchange;
      if (exchange && !stopped) await exchange.until(() => exchange.error !== undefined, REPORT_WAIT_MS);
      const failedAt = exchange?.lastHop ? new URL(exchange.lastHop.url) : url;
      throw describeFailure({
        url: failedAt,
        error,
        stopped,
        timeoutMs: options.timeoutMs,
        netError: exchange?.error,
      });
    }
  };

  try {
    for (let hopIndex = 0; ; hopIndex++) {
      if (hopIndex > MAX_REDIRECTS) {
        throw new ProtocolError(
          `Too many redirects (more than ${MAX_REDIRECTS}) starting from ${firstUrl.origin}: the chain loops or is too long.`,
          'too-many-redirects',
        );
      }
      const plan = planHeaders(headers, body?.length);
      plan.notices.forEach(note);
      channel = await deps.transport.open({
        method,
        url: url.href,
        viaFetch: plan.viaFetch,
        viaBrowser: plan.viaBrowser,
        sendCookies,
        signal,
      });
      channel.notices.forEach(note);

      let response = await fetchHop(channel);
      for (let retries = 0; ; retries++) {
        const { again, missed } = await channel.afterFetch(true, retries < MAX_RULE_RETRIES);
        if (!again) break;
        // The server got this attempt without the user's headers; an idempotent method may be sent again.
        note(
          `The browser sent the request once before applying ${missed.map((h) => h.name).join(', ')}; ${method} is idempotent, so it was sent again.`,
        );
        void response.body?.cancel().catch(() => undefined);
        response = await fetchHop(channel);
      }
      const exchange = channel.exchange;

      const isRedirect =
        response.type === 'opaqueredirect' ||
        (!follow || manualFollow ? [301, 302, 303, 307, 308].includes(response.status) : false);
      if (isRedirect) {
        // The 3xx itself: fetch hides it behind an opaque response in the browser, webRequest tells what it was.
        const headKnown = () =>
          exchange !== undefined &&
          (exchange.redirectedAway ||
            exchange.completed ||
            exchange.error !== undefined ||
            (exchange.lastHop?.status ?? 0) >= 300);
        if (exchange && response.type === 'opaqueredirect') await exchange.until(headKnown, REPORT_WAIT_MS);
        const head = exchange?.lastHop;
        const status = response.type === 'opaqueredirect' ? (head?.status ?? 0) : response.status;
        const responseHeaders =
          response.type === 'opaqueredirect' ? head?.responseHeaders : listHeaders(response.headers);
        const location = headerValue(responseHeaders, 'location');
        if (status === 0) {
          throw new ProtocolError(
            `${url.origin} answered with a redirect, but the browser did not report its status or target.`,
            'network',
          );
        }
        if (manualFollow && location !== undefined) {
          redirects.push({ status, url: url.href, location });
          const next = nextHop(url, location, status, method);
          if (next.origin !== url.origin) {
            const dropped = headers.filter((h) => /^(cookie|authorization)$/i.test(h.name)).map((h) => h.name);
            if (dropped.length > 0) {
              note(
                `${dropped.join(' and ')} were not sent to ${next.origin} after the redirect: they stay with the host they were written for.`,
              );
              headers = headers.filter((h) => !/^(cookie|authorization)$/i.test(h.name));
            }
          }
          if (next.method !== method && next.method === 'GET') {
            body = undefined;
            headers = headers.filter((h) => !BODY_HEADERS.has(h.name.toLowerCase()));
          }
          method = next.method;
          url = next.url;
          void response.body?.cancel().catch(() => undefined);
          channel.close();
          channel = undefined;
          continue;
        }
        if (location !== undefined) redirects.push({ status, url: url.href, location });
        let bytes: BodyBytes = { parts: [], length: 0, received: 0, truncated: false };
        if (response.type === 'opaqueredirect') {
          if (follow) note(`The redirect was not followed: it has no usable Location header.`);
          else
            note(
              'Redirects are not followed, so this is the redirect itself; browsers do not let extensions read the body of a redirect.',
            );
        } else {
          duringBody = true;
          bytes = await readBody(response.body, cap);
        }
        return finish({
          response,
          status,
          statusText: reasonPhrase(head?.statusLine) ?? response.statusText,
          finalUrl: url.href,
          redirected: redirects.length > 0 && follow,
          responseHeaders: responseHeaders ?? [],
          bytes,
          // The hop is the redirect itself; its report is complete once its head and request headers are in.
          wireHop: () => exchange?.lastHop,
          reportReady: () => headKnown() && exchange!.hops.some((hop) => hop.requestHeaders),
        });
      }

      duringBody = true;
      const bytes = await readBody(response.body, cap);
      const finalStatus = response.status;
      return finish({
        response,
        status: finalStatus,
        statusText: response.statusText,
        finalUrl: response.url || url.href,
        redirected: response.redirected || redirects.length > 0,
        responseHeaders: listHeaders(response.headers),
        bytes,
        wireHop: () =>
          exchange
            ? [...exchange.hops].reverse().find((hop) => hop.status === finalStatus && !hop.redirectUrl)
            : undefined,
        // The final response's head (no more redirects) and the headers that went on the wire.
        reportReady: () =>
          exchange !== undefined &&
          (exchange.responseStarted || exchange.completed || exchange.error !== undefined) &&
          exchange.hops.some((hop) => hop.requestHeaders),
        browserFollowed: follow && !manualFollow,
        fetchSaysRedirected: response.redirected,
      });
    }
  } catch (error) {
    if (error instanceof ProtocolError) throw error;
    // Failed while reading the body (or waiting for its turn): the browser's reason may still be on its way.
    const exchange = channel?.exchange;
    if (exchange && !stopped) await exchange.until(() => exchange.error !== undefined, REPORT_WAIT_MS);
    throw describeFailure({
      url,
      error,
      stopped,
      timeoutMs: options.timeoutMs,
      netError: exchange?.error,
      duringBody,
    });
  } finally {
    clearTimeout(timer);
    inFlight.delete(request.id);
    if (!handedOff) channel?.close();
  }

  function finish(parts: {
    response: Response;
    status: number;
    statusText: string;
    finalUrl: string;
    redirected: boolean;
    responseHeaders: HeaderLine[];
    bytes: BodyBytes;
    /** The hop of the browser's report that this response is, once reported. */
    wireHop: () => HopRecord | undefined;
    /** Whether the browser's report of this exchange is all in. */
    reportReady: () => boolean;
    /** The browser followed the redirects itself (the chain is only in its report). */
    browserFollowed?: boolean;
    fetchSaysRedirected?: boolean;
  }): SendResult {
    const { bytes } = parts;
    const timeMs = performance.now() - started;
    const hop = channel!;
    const requested = [...hop.fetchHeaders, ...hop.browserHeaders].filter((h) => h.name.toLowerCase() !== MARKER_LOWER);
    const contentType =
      headerValue(parts.responseHeaders, 'content-type') ?? parts.response.headers.get('content-type');
    let size = bytes.received;
    if (bytes.truncated) {
      const announced = Number(headerValue(parts.responseHeaders, 'content-length') ?? NaN);
      const identity = !headerValue(parts.responseHeaders, 'content-encoding');
      if (identity && Number.isFinite(announced) && announced > size) size = announced;
      note(
        `The body is larger than the ${formatBytes(cap)} limit: only the first ${formatBytes(bytes.length)} ${
          size > bytes.received ? `of ${formatBytes(size)} ` : ''
        }were read.`,
      );
    }
    const encoded = encodeBody(bytes, contentType);
    const exchange = hop.exchange;
    const response: HttpResponse = {
      status: parts.status,
      statusText: parts.statusText,
      url: parts.finalUrl,
      redirected: parts.redirected,
      redirects,
      headers: parts.responseHeaders,
      requestHeaders: requested,
      requestHeadersSource: exchange ? 'pending' : 'requested',
      body: '',
      bodyEncoding: encoded.encoding,
      size,
      truncated: bytes.truncated,
      timeMs: Math.round(timeMs * 10) / 10,
      ttfbMs: Math.round(ttfbMs * 10) / 10,
      notices,
    };
    if (!exchange) return { response, body: encoded };
    const report = (): WireReport =>
      wireReport(exchange, parts.wireHop(), hop.browserHeaders, sendCookies, {
        browserFollowed: parts.browserFollowed ?? false,
        fetchSaysRedirected: parts.fetchSaysRedirected ?? false,
      });
    // Usually the report is already in: then the response carries it.
    if (parts.reportReady()) return { response: applyWireReport(response, report()), body: encoded };
    handedOff = true;
    const wire = exchange
      .until(parts.reportReady, REPORT_WAIT_MS)
      .then(report)
      .catch((error: unknown): WireReport => {
        console.warn('Could not read the browser’s report:', error);
        return { notices: [] };
      })
      .finally(() => hop.close());
    return { response, body: encoded, wire };
  }
}

/** What the browser reported about the exchange, as the response's update. */
function wireReport(
  exchange: Exchange,
  wireHop: HopRecord | undefined,
  browserHeaders: HeaderLine[],
  sendCookies: boolean,
  context: { browserFollowed: boolean; fetchSaysRedirected: boolean },
): WireReport {
  const notices: string[] = [];
  const report: WireReport = { notices };
  const wire = wireHop?.requestHeaders ?? lastSentHeaders(exchange);
  if (wire) {
    report.requestHeaders = wire;
    for (const { name } of notAsWritten(browserHeaders, wire, sendCookies)) {
      const sent = wire.filter((h) => h.name.toLowerCase() === name.toLowerCase()).map((h) => h.value);
      notices.push(
        sent.length === 0
          ? `${name} could not be sent: the browser left it out.`
          : `${name} could not be sent as written: the browser sent "${sent.join(', ')}".`,
      );
    }
    if (wire.some((h) => h.name.toLowerCase() === MARKER_LOWER)) {
      notices.push(
        `The request also carried the ${MARKER_HEADER} header: the browser had not yet applied the rule that removes it.`,
      );
    }
  } else if (browserHeaders.length > 0) {
    notices.push(
      `The browser did not report the headers it sent, so ${browserHeaders.map((h) => h.name).join(', ')} may not have gone out as written.`,
    );
  }
  if (wireHop?.responseHeaders) report.headers = wireHop.responseHeaders;
  const reason = reasonPhrase(wireHop?.statusLine);
  if (reason) report.statusText = reason;
  if (context.browserFollowed) {
    const chain: RedirectHop[] = [];
    for (const hop of exchange.hops) {
      if (hop.redirectUrl === undefined || !hop.status) continue;
      chain.push({
        status: hop.status,
        url: hop.url,
        location: headerValue(hop.responseHeaders, 'location') ?? hop.redirectUrl,
      });
    }
    if (chain.length > 0) report.redirects = chain;
    else if (context.fetchSaysRedirected) {
      notices.push('The response came after a redirect; the browser did not report the chain.');
    }
  }
  return report;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function lastSentHeaders(exchange: Exchange | undefined): HeaderLine[] | undefined {
  return exchange ? [...exchange.hops].reverse().find((hop) => hop.requestHeaders)?.requestHeaders : undefined;
}

function listHeaders(headers: Headers): HeaderLine[] {
  return [...headers].map(([name, value]) => ({ name, value }));
}

/** Where a redirect leads and with which method, as fetch decides (https://fetch.spec.whatwg.org/#http-redirect-fetch). */
function nextHop(
  from: URL,
  location: string,
  status: number,
  method: string,
): { url: URL; method: string; origin: string } {
  let url: URL;
  try {
    url = new URL(location, from);
  } catch {
    throw new ProtocolError(`${from.origin} redirected to "${location}", which is not a valid URL.`, 'bad-redirect');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ProtocolError(
      `${from.origin} redirected to "${location}": only http and https redirects are followed.`,
      'bad-redirect',
    );
  }
  url.hash = '';
  const toGet =
    ((status === 301 || status === 302) && method === 'POST') ||
    (status === 303 && method !== 'GET' && method !== 'HEAD');
  return { url, method: toGet ? 'GET' : method, origin: url.origin };
}

/** Chrome counts a message's JSON size against a 64 MiB limit; a body gets most of it. */
export const MESSAGE_BODY_BUDGET = 48 * 1024 * 1024;

/**
 * The whole response in one object, for a runtime.sendMessage reply: a body
 * too large for one message is cut to fit, with a notice (the Port channel,
 * see stream.ts, carries any size up to the cap).
 */
export async function sendRequest(
  request: OutgoingRequest,
  options: SendOptions,
  deps?: SendDeps,
  budget = MESSAGE_BODY_BUDGET,
): Promise<HttpResponse> {
  const { response: head, body, wire } = await executeRequest(request, options, deps);
  // One reply carries everything: the browser's report too, when it came after the response.
  const response = wire ? applyWireReport(head, await wire) : head;
  const pieces: string[] = [];
  let used = 0;
  for (const piece of body.pieces()) {
    const bytes = body.encoding === 'base64' ? piece.length : jsonStringBytes(piece);
    if (used + bytes > budget) {
      const room = budget - used;
      pieces.push(piece.slice(0, fitPrefix(piece, room, body.encoding)));
      response.truncated = true;
      response.notices.push(
        `Only the first ${formatBytes(used + room)} of the body fit in one message; open the response through the workspace to get all of it.`,
      );
      break;
    }
    pieces.push(piece);
    used += bytes;
  }
  response.body = pieces.join('');
  return response;
}

/** The longest prefix of `text` whose JSON size fits in `room` (whole base64 groups, whole characters). */
function fitPrefix(text: string, room: number, encoding: 'text' | 'base64'): number {
  if (encoding === 'base64') return Math.max(0, Math.floor((room - 2) / 4) * 4);
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (jsonStringBytes(text.slice(0, mid)) <= room) low = mid;
    else high = mid - 1;
  }
  const last = text.charCodeAt(low - 1);
  return last >= 0xd800 && last <= 0xdbff ? low - 1 : low;
}
