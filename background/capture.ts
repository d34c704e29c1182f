/**
 * Watches the background's own requests with webRequest, so the REST client
 * can show what really went on the wire (Cookie, Referer, User-Agent... which
 * fetch never reports), the real response headers (Set-Cookie included), the
 * status and Location of a redirect (which fetch hides behind an opaque
 * response), each hop of a followed redirect, and the browser's own error
 * code when a request fails.
 *
 * Matching a webRequest event to our fetch:
 * - Chrome: the first request to that exact URL made by this extension
 *   outside any tab. The transport lets one request per URL through at a time
 *   until its headers are sent, so there is never a second candidate.
 * - Firefox: a marker header with a token per request, seen (and removed, and
 *   replaced by the user's forbidden headers) by a blocking
 *   onBeforeSendHeaders listener.
 */
import type { HeaderLine } from '../src/core/http/request.ts';
import { rewriteRequestHeaders } from './header-rules.ts';

/** One network request within an exchange (a followed redirect continues the exchange with another hop). */
export interface HopRecord {
  url: string;
  method: string;
  /** The request headers as sent (Chrome: with extraHeaders, so Cookie and Referer too). */
  requestHeaders?: HeaderLine[];
  status?: number;
  statusLine?: string;
  responseHeaders?: HeaderLine[];
  /** Set when this hop was redirected (by the server, or internally by the browser). */
  redirectUrl?: string;
}

/** Firefox: what the blocking listener does to our request's headers. */
export interface HeaderRewrite {
  headers: HeaderLine[];
  sendCookies: boolean;
  /** The user's Cookie goes only to this origin (the request's own), not to other hosts a redirect leads to. */
  cookieOrigin: string;
}

/** Everything the browser reported about one fetch. */
export class Exchange {
  requestId: string | undefined;
  readonly hops: HopRecord[] = [];
  error: string | undefined;
  /** The first hop's headers went out. */
  headersSent = false;
  /** The final response's body started (no more redirects). */
  responseStarted = false;
  completed = false;
  /** The last hop was redirected and no next hop has started yet. */
  redirectedAway = false;
  /** Pending `until` calls: their check, and how to end them. */
  private readonly waiters = new Map<() => void, (value: boolean) => void>();

  constructor(
    readonly url: string,
    readonly rewrite?: HeaderRewrite,
    readonly marker?: string,
  ) {}

  get lastHop(): HopRecord | undefined {
    return this.hops[this.hops.length - 1];
  }

  changed(): void {
    for (const check of [...this.waiters.keys()]) check();
  }

  /** Resolves true once `ready()` holds, or false after `ms` milliseconds or when the exchange is disposed. */
  until(ready: () => boolean, ms: number): Promise<boolean> {
    if (ready()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const finish = (value: boolean) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(value);
      };
      const check = () => {
        if (ready()) finish(true);
      };
      const timer = setTimeout(() => finish(false), ms);
      this.waiters.set(check, finish);
    });
  }

  /** Ends every pending wait (with false). */
  dispose(): void {
    for (const finish of [...this.waiters.values()]) finish(false);
  }
}

// The parts of the webRequest API used here (both browsers), typed locally.
interface RawHeader {
  name: string;
  value?: string;
  binaryValue?: number[];
}
interface Details {
  requestId: string;
  url: string;
  method: string;
  tabId: number;
  /** Chrome: the origin that started the request. */
  initiator?: string;
  /** Firefox: the page that started the request. */
  originUrl?: string;
}
interface SendDetails extends Details {
  requestHeaders?: RawHeader[];
}
interface ResponseDetails extends Details {
  statusCode: number;
  statusLine?: string;
  responseHeaders?: RawHeader[];
}
interface RedirectDetails extends ResponseDetails {
  redirectUrl: string;
}
interface ErrorDetails extends Details {
  error: string;
}
interface RequestFilter {
  urls: string[];
  tabId?: number;
  types?: string[];
}
interface WebRequestEvent<D> {
  addListener(callback: (details: D) => unknown, filter: RequestFilter, extraInfoSpec?: string[]): void;
}
export interface WebRequestApi {
  onBeforeRequest: WebRequestEvent<Details>;
  onBeforeSendHeaders: WebRequestEvent<SendDetails>;
  onSendHeaders: WebRequestEvent<SendDetails>;
  onHeadersReceived: WebRequestEvent<ResponseDetails>;
  onBeforeRedirect: WebRequestEvent<RedirectDetails>;
  onResponseStarted: WebRequestEvent<ResponseDetails>;
  onCompleted: WebRequestEvent<ResponseDetails>;
  onErrorOccurred: WebRequestEvent<ErrorDetails>;
}

/** Firefox: the header that marks our request; the blocking listener removes it before anything is sent. */
export const MARKER_HEADER = 'X-Http-Workbench-Request';

/**
 * Header lines from webRequest's list. Firefox reports several Set-Cookie
 * lines as one value joined with line feeds (which no header value may
 * contain): they become separate lines again.
 */
const toLines = (headers: RawHeader[] | undefined): HeaderLine[] | undefined =>
  headers?.flatMap(({ name, value, binaryValue }) =>
    (value ?? (binaryValue ? String.fromCharCode(...binaryValue) : ''))
      .split('\n')
      .map((line) => ({ name, value: line })),
  );

export class WebRequestCapture {
  private readonly byRequestId = new Map<string, Exchange>();
  /** Chrome: exchanges waiting for their request to start, by URL. */
  private readonly byUrl = new Map<string, Exchange>();
  /** Firefox: exchanges waiting for their request, by marker token. */
  private readonly byMarker = new Map<string, Exchange>();

  constructor(
    private readonly browserKind: 'chrome' | 'firefox',
    /** Chrome: this extension's origin, e.g. chrome-extension://<id>. */
    private readonly ownOrigin: string,
  ) {}

  /** Registers the listeners; call once, at the top level of the background. */
  install(api: WebRequestApi): void {
    // Only requests outside any tab (the background's own), of the kinds fetch makes.
    const filter: RequestFilter = { urls: ['<all_urls>'], tabId: -1, types: ['xmlhttprequest', 'other'] };
    // Chrome hides Cookie, Set-Cookie, Referer... from listeners unless they ask for extraHeaders.
    const extra = this.browserKind === 'chrome' ? ['extraHeaders'] : [];

    api.onBeforeRequest.addListener((d) => this.onBeforeRequest(d), filter);
    if (this.browserKind === 'firefox') {
      api.onBeforeSendHeaders.addListener((d) => this.onBeforeSendHeaders(d), filter, ['blocking', 'requestHeaders']);
    }
    api.onSendHeaders.addListener((d) => this.onSendHeaders(d), filter, ['requestHeaders', ...extra]);
    api.onHeadersReceived.addListener((d) => this.update(d, (ex) => this.recordHead(ex, d)), filter, [
      'responseHeaders',
      ...extra,
    ]);
    api.onBeforeRedirect.addListener(
      (d) =>
        this.update(d, (ex) => {
          const hop = this.recordHead(ex, d);
          hop.redirectUrl = d.redirectUrl;
          ex.redirectedAway = true;
        }),
      filter,
      ['responseHeaders', ...extra],
    );
    api.onResponseStarted.addListener(
      (d) =>
        this.update(d, (ex) => {
          this.recordHead(ex, d);
          ex.responseStarted = true;
        }),
      filter,
      ['responseHeaders', ...extra],
    );
    api.onCompleted.addListener(
      (d) =>
        this.update(d, (ex) => {
          ex.completed = true;
        }),
      filter,
    );
    api.onErrorOccurred.addListener(
      (d) =>
        this.update(d, (ex) => {
          ex.error = d.error;
        }),
      filter,
    );
  }

  /** Chrome: watch the next request this extension makes to `url` (the caller serialises requests per URL). */
  expect(url: string): Exchange {
    const exchange = new Exchange(url);
    this.byUrl.set(url, exchange);
    return exchange;
  }

  /** Chrome: stop waiting for the request to start (it failed before reaching the network, or was claimed). */
  unexpect(exchange: Exchange): void {
    if (this.byUrl.get(exchange.url) === exchange) this.byUrl.delete(exchange.url);
  }

  /** Firefox: watch the request that carries this marker token, rewriting its headers. */
  expectMarked(url: string, token: string, rewrite: HeaderRewrite): Exchange {
    const exchange = new Exchange(url, rewrite, token);
    this.byMarker.set(token, exchange);
    return exchange;
  }

  /** Forgets the exchange (after its response was read or the request failed). */
  release(exchange: Exchange): void {
    exchange.dispose();
    this.unexpect(exchange);
    if (exchange.marker !== undefined) this.byMarker.delete(exchange.marker);
    if (exchange.requestId !== undefined && this.byRequestId.get(exchange.requestId) === exchange) {
      this.byRequestId.delete(exchange.requestId);
    }
  }

  private claim(exchange: Exchange, details: Details): void {
    exchange.requestId = details.requestId;
    this.byRequestId.set(details.requestId, exchange);
  }

  private onBeforeRequest(details: Details): void {
    let exchange = this.byRequestId.get(details.requestId);
    if (!exchange && this.browserKind === 'chrome' && details.initiator === this.ownOrigin) {
      const waiting = this.byUrl.get(details.url);
      if (waiting && waiting.requestId === undefined) {
        this.byUrl.delete(details.url);
        this.claim(waiting, details);
        exchange = waiting;
      }
    }
    if (!exchange) return;
    // A new hop: the first request, or the next one after a redirect.
    exchange.hops.push({ url: details.url, method: details.method });
    exchange.redirectedAway = false;
    exchange.changed();
  }

  /** Firefox only (blocking): recognises our request by its marker and puts the user's headers on it. */
  private onBeforeSendHeaders(details: SendDetails): { requestHeaders?: RawHeader[] } {
    const headers = toLines(details.requestHeaders) ?? [];
    const token = headers.find((h) => h.name.toLowerCase() === MARKER_HEADER.toLowerCase())?.value;
    if (token === undefined) return {};
    let exchange = this.byRequestId.get(details.requestId);
    if (!exchange) {
      exchange = this.byMarker.get(token);
      if (exchange) {
        this.byMarker.delete(token);
        this.claim(exchange, details);
        if (exchange.hops.length === 0) exchange.hops.push({ url: details.url, method: details.method });
        exchange.changed();
      }
    }
    const rewrite = exchange?.rewrite;
    let wanted = rewrite?.headers ?? [];
    if (rewrite && new URL(details.url).origin !== rewrite.cookieOrigin) {
      // Like fetch with Authorization and curl with Cookie: credentials the user wrote stay with their own host.
      wanted = wanted.filter((h) => h.name.toLowerCase() !== 'cookie');
    }
    const requestHeaders = rewriteRequestHeaders(headers, wanted, {
      removeName: MARKER_HEADER,
      sendCookies: rewrite?.sendCookies ?? false,
    });
    return { requestHeaders };
  }

  private onSendHeaders(details: SendDetails): void {
    this.update(details, (exchange) => {
      const hop = this.currentHop(exchange, details);
      hop.requestHeaders = toLines(details.requestHeaders);
      exchange.headersSent = true;
    });
  }

  private currentHop(exchange: Exchange, details: Details): HopRecord {
    let hop = exchange.lastHop;
    if (!hop || hop.url !== details.url || hop.redirectUrl !== undefined) {
      hop = { url: details.url, method: details.method };
      exchange.hops.push(hop);
    }
    return hop;
  }

  private recordHead(exchange: Exchange, details: ResponseDetails): HopRecord {
    const hop = this.currentHop(exchange, details);
    if (details.statusCode) hop.status = details.statusCode;
    if (details.statusLine) hop.statusLine = details.statusLine;
    const headers = toLines(details.responseHeaders);
    if (headers) hop.responseHeaders = headers;
    return hop;
  }

  private update(details: Details, apply: (exchange: Exchange) => void): void {
    const exchange = this.byRequestId.get(details.requestId);
    if (!exchange) return;
    apply(exchange);
    exchange.changed();
  }
}
