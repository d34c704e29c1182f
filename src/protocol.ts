/**
 * The one message protocol between extension pages (panel, popup, options)
 * and the background. Plain-data types only: everything here crosses
 * runtime.sendMessage, which carries JSON-serialisable values.
 */
import type { HeaderLine } from './core/http/request.ts';

/** A request as the REST client sends it: exact header lines and exact body bytes. */
export interface OutgoingRequest {
  /** Chosen by the caller, so it can cancel this request. */
  id: string;
  method: string;
  url: string;
  /** Header lines as written, including ones fetch refuses (Cookie, Referer, User-Agent, Origin...). */
  headers: HeaderLine[];
  /** The exact body bytes, base64-encoded; absent for no body. */
  bodyBase64?: string;
}

export interface SendOptions {
  /** Abort after this many milliseconds. */
  timeoutMs: number;
  /** Follow redirects (and report the chain), or return the first response. Default false, like curl. */
  followRedirects?: boolean;
  /** Send the browser's cookies for the URL. Default false: only the Cookie header the user wrote. */
  sendCookies?: boolean;
  /** Stop reading the body after this many bytes (the response says it was truncated). Default 50 MB. */
  maxBodyBytes?: number;
}

export interface RedirectHop {
  status: number;
  url: string;
  location: string;
}

export interface HttpResponse {
  status: number;
  statusText: string;
  /** The final URL, after redirects. */
  url: string;
  redirected: boolean;
  /** Each redirect followed (or the one not followed), in order. */
  redirects: RedirectHop[];
  /** Response headers as received, Set-Cookie included where the browser shows them. */
  headers: HeaderLine[];
  /** Request headers as they went on the wire where the browser reports them, else as requested. */
  requestHeaders: HeaderLine[];
  /**
   * `wire`: reported by the browser. `requested`: this sender gets no report
   * (sent as the page, from history, outside a browser). `pending`: the
   * browser's report (headers as sent, Set-Cookie lines, the redirect chain)
   * comes later, in a WireReport. `unreported`: the browser never sent it.
   */
  requestHeadersSource: 'wire' | 'requested' | 'pending' | 'unreported';
  /** The body as text, or base64 when it is not text. */
  body: string;
  bodyEncoding: 'text' | 'base64';
  /** Body size in bytes as received (before truncation). */
  size: number;
  /** True when the body was cut at maxBodyBytes. */
  truncated: boolean;
  /** Time from send to the last body byte, in milliseconds. */
  timeMs: number;
  /** Time to the response head, when known. */
  ttfbMs?: number;
  /** Things the user should know about this exchange (e.g. a header the browser could not send). */
  notices: string[];
}

/**
 * What the browser reported about an exchange, sent after the response when
 * it arrives later (the response then says `requestHeadersSource:
 * 'pending'`). A field left out was not reported.
 */
export interface WireReport {
  /** The request headers as they went on the wire (the final hop's). */
  requestHeaders?: HeaderLine[];
  /** The response headers as received, Set-Cookie lines included. */
  headers?: HeaderLine[];
  /** The reason phrase, when fetch gave none. */
  statusText?: string;
  /** The redirects the browser followed. */
  redirects?: RedirectHop[];
  /** What the report showed that the user should know (a header not sent as written...). */
  notices: string[];
}

/** The response with the browser's report filled in (or marked as never reported). */
export function applyWireReport(response: HttpResponse, report: WireReport): HttpResponse {
  const followed = report.redirects ?? [];
  return {
    ...response,
    statusText: response.statusText || report.statusText || '',
    redirected: response.redirected || followed.length > 0,
    redirects: [...response.redirects, ...followed],
    headers: report.headers ?? response.headers,
    requestHeaders: report.requestHeaders ?? response.requestHeaders,
    requestHeadersSource: report.requestHeaders ? 'wire' : 'unreported',
    notices: [...response.notices, ...report.notices.filter((notice) => !response.notices.includes(notice))],
  };
}

/** Every call the background serves: name, arguments, result. */
export interface BackgroundApi {
  ping(): { version: string; target: 'chrome' | 'firefox' };
  sendRequest(request: OutgoingRequest, options: SendOptions): HttpResponse;
  /** Cancels a request in flight; false when it had already finished. */
  cancelRequest(id: string): boolean;
}

export type CallKind = keyof BackgroundApi;
export type CallArgs<K extends CallKind> = Parameters<BackgroundApi[K]>;
export type CallResult<K extends CallKind> = ReturnType<BackgroundApi[K]>;

/** The handler object on the background side: a missing handler is a compile error. */
export type Handlers = {
  [K in CallKind]: (...args: CallArgs<K>) => Promise<CallResult<K>> | CallResult<K>;
};

export interface CallMessage<K extends CallKind = CallKind> {
  /** Marks our own messages, so stray ones are told apart from malformed ones. */
  protocol: 'http-workbench/1';
  kind: K;
  args: CallArgs<K>;
}

export interface SerializedError {
  name: string;
  message: string;
  /** A stable machine-readable code, e.g. "timeout", "network", "refused". */
  code: string;
}

export type Reply<T = unknown> = { ok: true; value: T } | { ok: false; error: SerializedError };

/** An error that happened on the other side of the message boundary. */
export class RemoteError extends Error {
  override name = 'RemoteError';
  constructor(
    message: string,
    readonly code: string,
    readonly remoteName: string,
  ) {
    super(message);
  }
}

/** An error a handler throws on purpose, with a code the caller can act on. */
export class ProtocolError extends Error {
  override name = 'ProtocolError';
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

export function makeCall<K extends CallKind>(kind: K, args: CallArgs<K>): CallMessage<K> {
  return { protocol: 'http-workbench/1', kind, args };
}

export function serializeError(error: unknown): SerializedError {
  if (error instanceof ProtocolError || error instanceof RemoteError) {
    return { name: error.name, message: error.message, code: error.code };
  }
  if (error instanceof Error) return { name: error.name, message: error.message, code: 'internal' };
  return { name: 'Error', message: String(error), code: 'internal' };
}

/** Turns a reply back into a value, or rethrows its error on the caller's side. */
export function unwrapReply<T>(reply: unknown): T {
  if (reply === undefined || reply === null || typeof reply !== 'object' || !('ok' in reply)) {
    throw new RemoteError('The background did not answer. Reload the extension and try again.', 'no-answer', 'Error');
  }
  const typed = reply as Reply<T>;
  if (typed.ok) return typed.value;
  throw new RemoteError(typed.error.message, typed.error.code, typed.error.name);
}

/** What the background knows about who sent a message. */
export interface SenderInfo {
  id?: string;
  url?: string;
  /** Set for content scripts (and pages in tabs); frames of web pages too. */
  origin?: string;
}

/**
 * Only this extension's own pages may call the background: same extension id
 * and a URL under the extension's own origin. Content scripts (which we do not
 * have) and web pages fail the URL check.
 */
export function isTrustedSender(sender: SenderInfo, ownId: string, ownBaseUrl: string): boolean {
  if (sender.id !== ownId) return false;
  if (typeof sender.url !== 'string' || !sender.url.startsWith(ownBaseUrl)) return false;
  if (sender.origin !== undefined && !ownBaseUrl.startsWith(sender.origin)) return false;
  return true;
}

function isCallMessage(message: unknown): message is CallMessage {
  return (
    message !== null &&
    typeof message === 'object' &&
    (message as CallMessage).protocol === 'http-workbench/1' &&
    typeof (message as CallMessage).kind === 'string' &&
    Array.isArray((message as CallMessage).args)
  );
}

/**
 * Runs one incoming message against the handler object. Never throws: every
 * failure becomes an error reply, so the caller always hears back.
 */
export async function dispatch(
  handlers: Handlers,
  message: unknown,
  sender: SenderInfo,
  own: { id: string; baseUrl: string },
): Promise<Reply> {
  if (!isTrustedSender(sender, own.id, own.baseUrl)) {
    return {
      ok: false,
      error: { name: 'ProtocolError', message: 'Refused: only HTTP Workbench pages may use it.', code: 'refused' },
    };
  }
  if (!isCallMessage(message)) {
    return { ok: false, error: { name: 'ProtocolError', message: 'Malformed message.', code: 'malformed' } };
  }
  if (!Object.hasOwn(handlers, message.kind)) {
    return {
      ok: false,
      error: { name: 'ProtocolError', message: `Unknown call "${message.kind}".`, code: 'unknown-call' },
    };
  }
  try {
    const handler = handlers[message.kind] as (...args: unknown[]) => unknown;
    return { ok: true, value: await handler(...message.args) };
  } catch (error) {
    return { ok: false, error: serializeError(error) };
  }
}
