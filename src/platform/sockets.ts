/**
 * WebSockets and event streams opened from this extension page, with the
 * handshake headers the WebSocket API cannot send. Sockets are opened here,
 * in the page, not in Chrome's service worker: the worker's sockets are
 * invisible to declarativeNetRequest and webRequest.
 *
 * - Chrome: one declarativeNetRequest session rule per handshake
 *   (`modifyHeaders`, `resourceTypes: ["websocket"]`, an unanchored
 *   `urlFilter`, only for this extension's requests), removed once the
 *   headers are sent. Its ids come from a range the background's rules never
 *   use.
 * - Firefox: a blocking `webRequest.onBeforeSendHeaders` listener puts the
 *   headers on the one handshake it is waiting for.
 * - Both: `webRequest` reports the handshake as sent and received, so a
 *   refused handshake shows its real status line and headers, not 1006.
 *
 * Sec-WebSocket-Protocol is never set by a rule (Chrome then fails the
 * connection): subprotocols go to the constructor.
 */
import { isForbiddenForFetch } from '../core/http/forbidden.ts';
import type { HeaderLine } from '../core/http/request.ts';
import {
  handshakeUrlFilter,
  headersMissing,
  sameSocketUrl,
  SOCKET_RULE_IDS,
  type HandshakeReport,
} from '../core/websocket/connection.ts';
import type { SocketEvents, SocketHandle, SocketService, StreamEvents } from '../ui/services.ts';
import { browser } from './browser.ts';

interface WebRequestHeader {
  name: string;
  value?: string;
  binaryValue?: number[];
}
interface Details {
  requestId: string;
  url: string;
  type: string;
  tabId: number;
  /** Chrome: the origin that started the request. */
  initiator?: string;
  /** Firefox: the URL of the document that started it. */
  originUrl?: string;
  requestHeaders?: WebRequestHeader[];
  responseHeaders?: WebRequestHeader[];
  statusLine?: string;
  statusCode?: number;
  error?: string;
}
interface WebRequestEvent {
  addListener(callback: (details: Details) => unknown, filter: object, extraInfoSpec?: string[]): void;
}
interface WebRequestApi {
  onBeforeRequest: WebRequestEvent;
  onBeforeSendHeaders: WebRequestEvent;
  onSendHeaders: WebRequestEvent;
  onHeadersReceived: WebRequestEvent;
  onErrorOccurred: WebRequestEvent;
}
interface SessionRule {
  id: number;
  priority?: number;
  action: { type: 'modifyHeaders'; requestHeaders: { header: string; operation: 'set'; value: string }[] };
  condition: { urlFilter: string; resourceTypes: string[]; initiatorDomains?: string[] };
}
interface DnrApi {
  updateSessionRules(options: { addRules?: SessionRule[]; removeRuleIds?: number[] }): Promise<void>;
  getSessionRules(): Promise<SessionRule[]>;
}

const target = __TARGET__;
const webRequest = (browser as unknown as { webRequest?: WebRequestApi }).webRequest;
const dnr = (browser as unknown as { declarativeNetRequest?: DnrApi }).declarativeNetRequest;

const lines = (headers: WebRequestHeader[] | undefined): HeaderLine[] =>
  (headers ?? []).map((h) => ({
    name: h.name,
    value: h.value ?? String.fromCharCode(...(h.binaryValue ?? [])),
  }));

/** One request this page is waiting for the browser's reports of. */
interface Watch {
  url: string;
  types: string[];
  requestId?: string;
  report: HandshakeReport;
  /** Firefox: the headers the blocking listener sets. */
  rewrite: HeaderLine[];
  changed(): void;
}

const watches = new Set<Watch>();
let installed = false;

function ours(d: Details): boolean {
  const from = d.initiator ?? d.originUrl ?? '';
  return from.startsWith(location.origin);
}

/** The watch a report belongs to: by requestId, or the first unclaimed watch for its URL and type. */
function watchFor(d: Details, claim: boolean): Watch | undefined {
  for (const w of watches) if (w.requestId === d.requestId) return w;
  if (!claim || !ours(d)) return undefined;
  for (const w of watches) {
    if (w.requestId === undefined && w.types.includes(d.type) && sameSocketUrl(d.url, w.url)) {
      w.requestId = d.requestId;
      return w;
    }
  }
  return undefined;
}

function install(api: WebRequestApi): void {
  if (installed) return;
  installed = true;
  const filter = { urls: ['<all_urls>'], types: ['websocket', 'xmlhttprequest'] };
  const extra = target === 'chrome' ? ['extraHeaders'] : [];
  api.onBeforeRequest.addListener((d) => void watchFor(d, true), filter);
  if (target === 'firefox') {
    api.onBeforeSendHeaders.addListener(
      (d) => {
        const w = watchFor(d, true);
        if (!w || w.rewrite.length === 0) return undefined;
        const replaced = new Set(w.rewrite.map((h) => h.name.toLowerCase()));
        const kept = lines(d.requestHeaders).filter((h) => !replaced.has(h.name.toLowerCase()));
        return { requestHeaders: [...kept, ...w.rewrite] };
      },
      filter,
      ['blocking', 'requestHeaders'],
    );
  }
  api.onSendHeaders.addListener(
    (d) => {
      const w = watchFor(d, true);
      if (!w) return;
      w.report = { ...w.report, requestHeaders: lines(d.requestHeaders) };
      w.changed();
    },
    filter,
    ['requestHeaders', ...extra],
  );
  api.onHeadersReceived.addListener(
    (d) => {
      const w = watchFor(d, false);
      if (!w) return;
      w.report = {
        ...w.report,
        ...(d.statusLine !== undefined ? { statusLine: d.statusLine } : {}),
        ...(d.statusCode !== undefined ? { status: d.statusCode } : {}),
        responseHeaders: lines(d.responseHeaders),
      };
      w.changed();
    },
    filter,
    ['responseHeaders', ...extra],
  );
  api.onErrorOccurred.addListener((d) => {
    const w = watchFor(d, false);
    if (!w) return;
    w.report = { ...w.report, error: d.error };
    w.changed();
  }, filter);
}

/** Requests to one URL with headers of their own take turns, so a report or a rule is never another's. */
const turns = new Map<string, Promise<void>>();
function takeTurn(url: string): Promise<() => void> {
  const before = turns.get(url) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  const chained = before.then(() => mine);
  turns.set(url, chained);
  void chained.then(() => {
    if (turns.get(url) === chained) turns.delete(url);
  });
  return before.then(() => {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      release();
    };
  });
}

/** Chrome: a session rule setting `headers` on this extension's requests of `types` to `url`; returns its id. */
async function addRule(api: DnrApi, url: string, types: string[], headers: HeaderLine[]): Promise<number> {
  const urlFilter = handshakeUrlFilter(url);
  // A rule for this URL left by a page closed mid-handshake would add its headers to ours: remove it.
  const stale = (await api.getSessionRules())
    .filter((r) => r.id >= SOCKET_RULE_IDS.first && r.condition.urlFilter === urlFilter)
    .map((r) => r.id);
  for (let tries = 0; ; tries++) {
    const id = SOCKET_RULE_IDS.first + Math.floor(Math.random() * (SOCKET_RULE_IDS.last - SOCKET_RULE_IDS.first));
    try {
      await api.updateSessionRules({
        removeRuleIds: stale,
        addRules: [
          {
            id,
            priority: 2,
            action: {
              type: 'modifyHeaders',
              requestHeaders: headers.map(({ name, value }) => ({ header: name, operation: 'set', value })),
            },
            condition: { urlFilter, resourceTypes: types, initiatorDomains: [browser.runtime.id] },
          },
        ],
      });
      return id;
    } catch (error) {
      // Another page took the id: pick again.
      if (tries >= 3) throw error;
    }
  }
}

/** Sets up the browser's side of one request: its watch and (with headers) the rule or rewrite. */
async function prepare(
  url: string,
  types: string[],
  headers: HeaderLine[],
  changed: () => void,
): Promise<{ watch: Watch; release: () => Promise<void>; notices: string[] }> {
  const notices: string[] = [];
  if (webRequest) install(webRequest);
  else if (headers.length > 0)
    notices.push('This browser does not let the extension see requests: headers may not be sent.');
  const releaseTurn = await takeTurn(url);
  const watch: Watch = { url, types, report: {}, rewrite: target === 'firefox' ? headers : [], changed };
  watches.add(watch);
  let ruleId: number | undefined;
  if (target === 'chrome' && headers.length > 0) {
    if (dnr) {
      try {
        ruleId = await addRule(dnr, url, types, headers);
      } catch (error) {
        notices.push(
          `${headers.map((h) => h.name).join(', ')} could not be sent: the browser refused the header rule (${(error as Error).message}).`,
        );
      }
    }
  }
  let released = false;
  return {
    watch,
    notices,
    async release() {
      if (released) return;
      released = true;
      try {
        if (ruleId !== undefined) await dnr?.updateSessionRules({ removeRuleIds: [ruleId] });
      } finally {
        releaseTurn();
      }
    },
  };
}

/**
 * How long a failed handshake waits for the browser's report of the answer before its close is told (Firefox
 * can deliver its webRequest events after the socket's close event, later still on a busy machine).
 */
const REPORT_WAIT_MS = 1_000;

function openSocket(
  options: { url: string; protocols: string[]; headers: HeaderLine[] },
  events: SocketEvents,
): SocketHandle {
  let socket: WebSocket | undefined;
  let closedByUser: { code: number; reason: string } | undefined;
  let finished = false;
  const pending: (string | Uint8Array)[] = [];

  const start = async (retry: boolean) => {
    let announced = false;
    const setup = await prepare(options.url, ['websocket'], options.headers, () => {
      const report = setup.watch.report;
      if (report.requestHeaders && !announced) {
        announced = true;
        void setup.release();
      }
      events.onHandshake(report);
    });
    for (const notice of setup.notices) events.onNotice(notice);
    if (closedByUser) {
      watches.delete(setup.watch);
      await setup.release();
      finish({ code: closedByUser.code, reason: closedByUser.reason, wasClean: false, opened: false });
      return;
    }
    let ws: WebSocket;
    try {
      ws = new WebSocket(options.url, options.protocols);
    } catch (error) {
      watches.delete(setup.watch);
      await setup.release();
      events.onNotice((error as Error).message);
      finish({ code: 1006, reason: '', wasClean: false, opened: false });
      return;
    }
    socket = ws;
    ws.binaryType = 'arraybuffer';
    let opened = false;
    ws.onopen = () => {
      opened = true;
      void setup.release();
      const sent = setup.watch.report.requestHeaders;
      const missing = sent ? headersMissing(options.headers, sent) : [];
      if (missing.length > 0 && missing.length === options.headers.length && !retry && target === 'chrome') {
        // The rule was not in effect yet when Chrome sent the handshake: open it once more.
        ws.onclose = null;
        ws.close(1000, '');
        watches.delete(setup.watch);
        events.onNotice(`${missing.map((h) => h.name).join(', ')} did not reach the handshake: connecting again.`);
        void start(true);
        return;
      }
      if (missing.length > 0) {
        events.onNotice(`Not sent as written: ${missing.map((h) => h.name).join(', ')} (see the handshake request).`);
      }
      events.onOpen({ protocol: ws.protocol, extensions: ws.extensions });
      if (closedByUser) ws.close(closedByUser.code, closedByUser.reason);
      for (const data of pending.splice(0)) ws.send(data as string | Uint8Array<ArrayBuffer>);
    };
    ws.onmessage = (event: MessageEvent) => {
      const data = event.data as string | ArrayBuffer;
      events.onMessage(typeof data === 'string' ? data : new Uint8Array(data));
    };
    ws.onclose = (event: CloseEvent) => {
      const tell = () => {
        watches.delete(setup.watch);
        void setup.release();
        finish({
          code: event.code,
          reason: event.reason,
          wasClean: event.wasClean,
          opened,
          report: setup.watch.report,
        });
      };
      const report = setup.watch.report;
      if (!opened && report.status === undefined && report.error === undefined) {
        // The error event carries nothing: give the browser's report a moment to come in.
        // A late report of the request headers alone is not the answer: keep waiting for a status or an error.
        const timer = setTimeout(tell, REPORT_WAIT_MS);
        setup.watch.changed = () => {
          events.onHandshake(setup.watch.report);
          if (setup.watch.report.status === undefined && setup.watch.report.error === undefined) return;
          clearTimeout(timer);
          tell();
        };
      } else {
        tell();
      }
    };
  };

  const finish = (info: Parameters<SocketEvents['onClose']>[0]) => {
    if (finished) return;
    finished = true;
    events.onClose(info);
  };

  void start(false);
  return {
    send(data) {
      if (socket?.readyState === WebSocket.OPEN) socket.send(data as string | Uint8Array<ArrayBuffer>);
      else pending.push(data);
    },
    close(code, reason) {
      closedByUser = { code, reason };
      if (socket && socket.readyState !== WebSocket.CLOSED) {
        // Closing before the handshake ends aborts it (the API then reports 1006).
        socket.close(code, reason);
      }
    },
    bufferedAmount: () => socket?.bufferedAmount ?? 0,
  };
}

function openStream(
  options: { url: string; method: string; headers: HeaderLine[]; body?: string },
  events: StreamEvents,
): { cancel(): void } {
  const controller = new AbortController();
  let cancelled = false;
  void (async () => {
    // Headers fetch would drop (Origin, User-Agent, Cookie...) go through the browser, as for sockets.
    const viaBrowser = options.headers.filter((h) => isForbiddenForFetch(h.name, h.value));
    const viaFetch = options.headers.filter((h) => !isForbiddenForFetch(h.name, h.value));
    let setup: Awaited<ReturnType<typeof prepare>> | undefined;
    try {
      if (viaBrowser.length > 0) {
        setup = await prepare(options.url, ['xmlhttprequest'], viaBrowser, () => {
          if (setup?.watch.report.requestHeaders) void setup.release();
        });
        for (const notice of setup.notices) events.onNotice(notice);
      }
      const response = await fetch(options.url, {
        method: options.method,
        headers: viaFetch.map((h) => [h.name, h.value] as [string, string]),
        ...(options.body !== undefined && !/^(GET|HEAD)$/i.test(options.method) ? { body: options.body } : {}),
        credentials: 'omit',
        cache: 'no-store',
        signal: controller.signal,
      });
      if (setup) {
        const sent = setup.watch.report.requestHeaders;
        const missing = sent ? headersMissing(viaBrowser, sent) : [];
        if (missing.length > 0) events.onNotice(`Not sent as written: ${missing.map((h) => h.name).join(', ')}.`);
        watches.delete(setup.watch);
        await setup.release();
      }
      events.onResponse({
        status: response.status,
        statusText: response.statusText,
        headers: [...response.headers].map(([name, value]) => ({ name, value })),
      });
      const reader = response.body?.getReader();
      if (reader) {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          events.onChunk(value);
        }
      }
      events.onEnd({ cancelled: false });
    } catch (error) {
      if (setup) {
        watches.delete(setup.watch);
        await setup.release().catch(() => undefined);
      }
      const report = setup?.watch.report;
      events.onEnd(
        cancelled
          ? { cancelled: true }
          : {
              cancelled: false,
              error: report?.error ? `${(error as Error).message} (${report.error})` : (error as Error).message,
            },
      );
    }
  })();
  return {
    cancel() {
      cancelled = true;
      controller.abort();
    },
  };
}

export const socketService: SocketService = { open: openSocket, stream: openStream };
