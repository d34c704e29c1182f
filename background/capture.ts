/**
 * Watches the background's own requests with webRequest, so the REST client
 * can show what really went on the wire (Cookie, Referer, User-Agent... which
 * fetch never reports), the real response headers (Set-Cookie included), the
 * status and Location of a redirect (which fetch hides behind an opaque
 * response), each hop of a followed redirect, and the browser's own error
 * code when a request fails.
 *
 * Matching a webRequest event to our fetch, the same way in both browsers:
 * every request carries a marker header with a token of its own, and the
 * onBeforeSendHeaders report that shows the token ties the browser's
 * requestId to that request; every other report is matched by requestId.
 * Nothing depends on the URL or on when a report arrives: reports that come
 * before the one naming the token are kept and replayed, and a request's
 * watch lasts until the sender lets it go, not until fetch resolves. The
 * marker never reaches the server: Firefox's blocking onBeforeSendHeaders
 * listener removes it (and puts the user's forbidden headers on), Chrome
 * removes it with one standing declarativeNetRequest session rule, which
 * applies after its non-blocking listeners have seen the headers.
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

/**
 * The header that marks our request with its token. It never reaches the
 * server: Firefox's blocking listener removes it, Chrome a standing session
 * rule (header-rules.ts).
 */
export const MARKER_HEADER = 'X-Http-Workbench-Request';
const MARKER_LOWER = MARKER_HEADER.toLowerCase();

/** How many requests' early reports are kept while waiting for the report that names their token. */
const UNCLAIMED_LIMIT = 64;

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
  /** Exchanges waiting for the report that names their token. */
  private readonly byMarker = new Map<string, Exchange>();
  /**
   * Reports about requests not known (yet) to be ours, in arrival order, by
   * requestId: replayed when the report naming the token arrives, so no
   * order of arrival loses one. Requests that are never claimed (not ours,
   * or whose claiming report never came) fall out, oldest first.
   */
  private readonly unclaimed = new Map<string, ((exchange: Exchange) => void)[]>();

  constructor(private readonly browserKind: 'chrome' | 'firefox') {}

  /** Registers the listeners; call once, at the top level of the background. */
  install(api: WebRequestApi): void {
    // Only requests outside any tab (the background's own), of the kinds fetch makes.
    const filter: RequestFilter = { urls: ['<all_urls>'], tabId: -1, types: ['xmlhttprequest', 'other'] };
    // Chrome hides Cookie, Set-Cookie, Referer... from listeners unless they ask for extraHeaders.
    const extra = this.browserKind === 'chrome' ? ['extraHeaders'] : [];

    api.onBeforeRequest.addListener(
      (d) =>
        this.update(d, (ex) => {
          // A new hop: the first request, or the next one after a redirect.
          this.startHop(ex, d);
        }),
      filter,
    );
    // Firefox: blocking, to remove the marker and set the user's headers. Chrome: only watching (its
    // listeners see the headers before the session rules change them, so the marker is still there).
    api.onBeforeSendHeaders.addListener(
      (d) => this.onBeforeSendHeaders(d),
      filter,
      this.browserKind === 'firefox' ? ['blocking', 'requestHeaders'] : ['requestHeaders'],
    );
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

  /**
   * Watches the request that will carry this token in the marker header
   * (Firefox: rewriting its headers). Call before fetch starts; the watch
   * lasts until `release`.
   */
  expect(url: string, token: string, rewrite?: HeaderRewrite): Exchange {
    const exchange = new Exchange(url, rewrite, token);
    this.byMarker.set(token, exchange);
    return exchange;
  }

  /** Forgets the exchange (after its report was read, or the request failed). */
  release(exchange: Exchange): void {
    exchange.dispose();
    if (exchange.marker !== undefined && this.byMarker.get(exchange.marker) === exchange) {
      this.byMarker.delete(exchange.marker);
    }
    if (exchange.requestId !== undefined && this.byRequestId.get(exchange.requestId) === exchange) {
      this.byRequestId.delete(exchange.requestId);
    }
  }

  /** The exchange whose token these headers carry, claimed for this requestId with the reports kept so far. */
  private claimByMarker(details: Details, headers: HeaderLine[]): Exchange | undefined {
    const token = headers.find((h) => h.name.toLowerCase() === MARKER_LOWER)?.value;
    if (token === undefined) return undefined;
    const exchange = this.byMarker.get(token);
    if (!exchange) return undefined;
    this.byMarker.delete(token);
    exchange.requestId = details.requestId;
    this.byRequestId.set(details.requestId, exchange);
    const early = this.unclaimed.get(details.requestId);
    this.unclaimed.delete(details.requestId);
    early?.forEach((apply) => apply(exchange));
    return exchange;
  }

  private onBeforeSendHeaders(details: SendDetails): { requestHeaders?: RawHeader[] } | undefined {
    const headers = toLines(details.requestHeaders) ?? [];
    const exchange = this.byRequestId.get(details.requestId) ?? this.claimByMarker(details, headers);
    if (exchange) {
      this.currentHop(exchange, details);
      exchange.changed();
    } else if (!headers.some((h) => h.name.toLowerCase() === MARKER_LOWER)) {
      this.keep(details, (ex) => this.currentHop(ex, details));
    }
    if (this.browserKind !== 'firefox') return undefined;
    // Firefox only (blocking): our request loses its marker and gets the user's headers.
    if (!headers.some((h) => h.name.toLowerCase() === MARKER_LOWER)) return {};
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
    const headers = toLines(details.requestHeaders) ?? [];
    // Claiming here means the marker went out on the wire (its rule was not in effect): still ours.
    const exchange = this.byRequestId.get(details.requestId) ?? this.claimByMarker(details, headers);
    const apply = (ex: Exchange) => {
      const hop = this.currentHop(ex, details);
      hop.requestHeaders = headers;
      ex.headersSent = true;
    };
    if (exchange) {
      apply(exchange);
      exchange.changed();
    } else this.keep(details, apply);
  }

  private startHop(exchange: Exchange, details: Details): void {
    exchange.hops.push({ url: details.url, method: details.method });
    exchange.redirectedAway = false;
  }

  private currentHop(exchange: Exchange, details: Details): HopRecord {
    let hop = exchange.lastHop;
    if (!hop || hop.url !== details.url || hop.redirectUrl !== undefined) {
      hop = { url: details.url, method: details.method };
      exchange.hops.push(hop);
      exchange.redirectedAway = false;
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

  /** Applies a report to its exchange, or keeps it until the report naming the request's token arrives. */
  private update(details: Details, apply: (exchange: Exchange) => void): void {
    const exchange = this.byRequestId.get(details.requestId);
    if (!exchange) {
      this.keep(details, apply);
      return;
    }
    apply(exchange);
    exchange.changed();
  }

  private keep(details: Details, apply: (exchange: Exchange) => void): void {
    let early = this.unclaimed.get(details.requestId);
    if (!early) {
      if (this.unclaimed.size >= UNCLAIMED_LIMIT) this.unclaimed.delete(this.unclaimed.keys().next().value!);
      early = [];
      this.unclaimed.set(details.requestId, early);
    }
    early.push(apply);
  }
}
