/**
 * One connection tab's session: the form (URL, handshake headers, Origin,
 * User-Agent, subprotocols; for event streams the method and body), the
 * connection's state, the browser's report of the handshake, the message
 * log with its filter, the message editor, auto-reconnect and keep-alive.
 * A plain module over injected services, so tests drive it without a DOM.
 */
import { batch, computed, signal } from '@preact/signals';
import { checkJson, formatJson, headerLines } from '../../../core/http/compose.ts';
import type { HeaderLine } from '../../../core/http/request.ts';
import { substitute, type Lookup } from '../../../core/env/substitute.ts';
import { secretRedactor } from '../../../core/history/model.ts';
import { backoffDelay, DEFAULT_BACKOFF, shouldReconnect } from '../../../core/websocket/backoff.ts';
import {
  checkCloseCode,
  checkCloseReason,
  checkSocketUrl,
  checkStreamUrl,
  describeCloseCode,
  explainFailedHandshake,
  parseProtocols,
  planHandshake,
  type ConnectionProblem,
  type HandshakeReport,
} from '../../../core/websocket/connection.ts';
import type {
  ConnectionMode,
  ConnectionRecord,
  ConnectionSpec,
  MessageFormat,
} from '../../../core/websocket/history.ts';
import {
  exportFileName,
  exportLog,
  filterIndexes,
  matches,
  NO_FILTER,
  type LogFilter,
} from '../../../core/websocket/log.ts';
import {
  binaryMessage,
  parseHex,
  textMessage,
  MessageInputError,
  type LogMessage,
} from '../../../core/websocket/message.ts';
import { createStreamReader, isEventStream, type StreamReader } from '../../../core/websocket/sse.ts';
import { queryRow, row, type QueryRowState, type Row } from '../../components/header-rows.ts';
import { mergeQueryRows, parseQuery, writeQueryRows } from '../../../core/http/query.ts';
import type { HeaderRowsState } from '../../components/HeaderRowsEditor.tsx';
import type { SocketHandle, SocketService } from '../../services.ts';

export type ConnectionStatus = 'idle' | 'connecting' | 'open' | 'closing' | 'closed';

export interface EnvironmentView {
  lookup: Lookup;
  /** Secret values by name, for masking and redaction. */
  secrets: [string, string][];
  /** The active environment's name, if any. */
  name?: string;
}

export interface ConnectionDeps {
  sockets: SocketService;
  now(): number;
  /** Runs `flush` soon (next frame in the page), once for many calls: the log redraws once per frame. */
  schedule(flush: () => void): void;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  environment(): EnvironmentView;
  /** Keeps the connection in the history. */
  record(record: ConnectionRecord): void;
  newId(): string;
}

export interface CloseInfo {
  code: number;
  reason: string;
  wasClean: boolean;
  /** Why it ended, in words (a refused handshake, a network error). */
  explanation?: string;
  byUser: boolean;
}

/** The most messages a log keeps; beyond it the oldest tenth goes. */
export const LOG_CAPACITY = 200_000;

export type ComposerFormat = MessageFormat | 'file';

let tabCounter = 0;

export function createConnectionStore(deps: ConnectionDeps, initial?: Partial<ConnectionSpec>) {
  const id = ++tabCounter;
  const mode = signal<ConnectionMode>(initial?.mode ?? 'websocket');
  const url = signal(initial?.url ?? '');
  // The URL's query as rows, kept in sync both ways (src/core/http/query.ts), as in the REST client.
  const query = signal<QueryRowState[]>(parseQuery(initial?.url ?? '').map((q) => queryRow(q)));
  const headers = signal<HeaderRowsState>({
    rows: (initial?.headers ?? []).map((h) => row(h.name, h.value, h.enabled)),
    bulk: false,
    bulkText: '',
  });
  const origin = signal('');
  const userAgent = signal('');
  const protocols = signal(initial?.protocols ?? '');
  const method = signal(initial?.method ?? 'GET');
  const body = signal(initial?.body ?? '');

  const status = signal<ConnectionStatus>('idle');
  const closeInfo = signal<CloseInfo | null>(null);
  const handshake = signal<HandshakeReport | null>(null);
  const negotiated = signal('');
  const streamResponse = signal<{ status: number; statusText: string; headers: HeaderLine[] } | null>(null);
  const notices = signal<string[]>([]);
  const problem = signal<ConnectionProblem | null>(null);

  // The log: a plain array (100,000 messages are not copied on each arrival) and a version the view follows.
  const messages: LogMessage[] = [];
  let filtered: number[] = [];
  let nextMessageId = 1;
  const logVersion = signal(0);
  const filter = signal<LogFilter>(NO_FILTER);
  const paused = signal(false);
  const selected = signal<number | null>(null);
  let flushPending = false;

  const composerFormat = signal<ComposerFormat>('text');
  const composerText = signal('');
  const composerFile = signal<{ name: string; bytes: Uint8Array } | null>(null);
  const composerProblem = signal<string | null>(null);

  const closeCode = signal('1000');
  const closeReason = signal('');

  const reconnect = signal(false);
  const reconnectState = signal<{ attempt: number; inMs: number } | null>(null);
  const keepAlive = signal(false);
  const keepAliveSeconds = signal('30');
  const keepAliveMessage = signal('ping');

  let socket: SocketHandle | null = null;
  let stream: { cancel(): void } | null = null;
  let reader: StreamReader | null = null;
  let closingByUser = false;
  let attempt = 0;
  let reconnectTimer: unknown = null;
  let keepAliveTimer: unknown = null;
  let openedAt = 0;
  let lastEventId: string | undefined;

  const title = computed(() => {
    const text = url.value.trim();
    if (text === '') return mode.value === 'sse' ? 'New stream' : 'New connection';
    try {
      const u = new URL(text);
      return `${u.host}${u.pathname === '/' ? '' : u.pathname}`;
    } catch {
      return text.slice(0, 40);
    }
  });

  const active = computed(() => status.value === 'connecting' || status.value === 'open' || status.value === 'closing');

  function mask(text: string): string {
    const redact = secretRedactor(deps.environment().secrets);
    return redact ? redact(text) : text;
  }

  function maskReport(report: HandshakeReport): HandshakeReport {
    const lines = (list?: HeaderLine[]) => list?.map((h) => ({ name: h.name, value: mask(h.value) }));
    return {
      ...report,
      ...(report.requestHeaders ? { requestHeaders: lines(report.requestHeaders) } : {}),
      ...(report.responseHeaders ? { responseHeaders: lines(report.responseHeaders) } : {}),
    };
  }

  // ------------------------------------------------------------------ log

  function flush() {
    flushPending = false;
    // Only the messages since the last flush are looked at, and their indexes added in place.
    const current = filter.value;
    for (let i = scannedTo; i < messages.length; i++) if (matches(messages[i]!, current)) filtered.push(i);
    scannedTo = messages.length;
    logVersion.value++;
  }
  let scannedTo = 0;

  /** Adds a message (made with id 0: it gets the next id here, without a copy). */
  function append(message: LogMessage) {
    if (messages.length >= LOG_CAPACITY) {
      messages.splice(0, Math.floor(LOG_CAPACITY / 10));
      refilter();
    }
    message.id = nextMessageId++;
    messages.push(message);
    if (!flushPending) {
      flushPending = true;
      deps.schedule(flush);
    }
  }

  function refilter() {
    filtered = filterIndexes(messages, filter.value);
    scannedTo = messages.length;
    logVersion.value++;
  }

  function event(text: string) {
    append(textMessage(0, 'event', text, deps.now()));
  }

  function note(message: string) {
    notices.value = [...notices.value, message];
  }

  // ------------------------------------------------------------------ connect

  /** The handshake headers as the browser is to send them: the rows, then Origin and User-Agent, variables filled in. */
  function resolved(): { url: string; headers: HeaderLine[]; protocols: string[]; body: string } | ConnectionProblem {
    const env = deps.environment();
    const unresolved: string[] = [];
    const fill = (text: string) => {
      const out = substitute(text, env.lookup);
      for (const name of out.unresolved) if (!unresolved.includes(name)) unresolved.push(name);
      return out.text;
    };
    const filledUrl = fill(url.value);
    const checked = mode.value === 'sse' ? checkStreamUrl(filledUrl) : checkSocketUrl(filledUrl);
    const lines: HeaderLine[] = headerLines(headers.value.rows).map((h) => ({
      name: fill(h.name),
      value: fill(h.value),
    }));
    for (const [name, value] of [
      ['Origin', origin.value],
      ['User-Agent', userAgent.value],
    ] as const) {
      if (value.trim() === '') continue;
      const kept = lines.filter((h) => h.name.toLowerCase() !== name.toLowerCase());
      lines.length = 0;
      lines.push(...kept, { name, value: fill(value.trim()) });
    }
    const parsed = parseProtocols(fill(protocols.value));
    const filledBody = fill(body.value);
    if (unresolved.length > 0) {
      return {
        field: 'headers',
        message: `${unresolved.map((n) => `{{${n}}}`).join(', ')} ${unresolved.length === 1 ? 'is' : 'are'} not defined in the active environment or globals.`,
      };
    }
    if ('problem' in checked) return checked.problem;
    if ('problem' in parsed) return parsed.problem;
    return { url: checked.url, headers: lines, protocols: parsed.protocols, body: filledBody };
  }

  function spec(): ConnectionSpec {
    const rows = headers.value.rows.map(({ enabled, name, value }) => ({ enabled, name, value }));
    if (origin.value.trim()) rows.push({ enabled: true, name: 'Origin', value: origin.value.trim() });
    if (userAgent.value.trim()) rows.push({ enabled: true, name: 'User-Agent', value: userAgent.value.trim() });
    return {
      mode: mode.value,
      url: url.value.trim(),
      headers: rows,
      protocols: protocols.value,
      method: method.value,
      body: body.value,
    };
  }

  function remember(outcome: string) {
    const env = deps.environment();
    const record: ConnectionRecord = {
      ...spec(),
      id: deps.newId(),
      createdAt: deps.now(),
      outcome,
      ...(env.name ? { environment: env.name } : {}),
    };
    deps.record(record);
  }

  function connect(options: { isReconnect?: boolean } = {}) {
    if (active.value) return;
    const ready = resolved();
    if ('message' in ready) {
      problem.value = ready;
      return;
    }
    if (!options.isReconnect) {
      attempt = 0;
      lastEventId = undefined;
    }
    batch(() => {
      problem.value = null;
      notices.value = [];
      handshake.value = null;
      streamResponse.value = null;
      closeInfo.value = null;
      negotiated.value = '';
      reconnectState.value = null;
      status.value = 'connecting';
    });
    closingByUser = false;
    if (mode.value === 'sse') return openStream(ready);
    const plan = planHandshake(ready.headers, ready.protocols);
    for (const notice of plan.notices) note(notice);
    event(
      `Connecting to ${mask(ready.url)}${plan.protocols.length ? ` (protocols: ${plan.protocols.join(', ')})` : ''}`,
    );
    let announced = false;
    socket = deps.sockets.open(
      { url: ready.url, protocols: plan.protocols, headers: plan.headers },
      {
        onHandshake: (report) => {
          handshake.value = maskReport(report);
        },
        onOpen: (info) => {
          announced = true;
          openedAt = deps.now();
          batch(() => {
            status.value = 'open';
            negotiated.value = info.protocol;
          });
          event(
            `Connected${info.protocol ? `, protocol ${info.protocol}` : ''}${info.extensions ? `, extensions ${info.extensions}` : ''}`,
          );
          if (!options.isReconnect) remember(`open${info.protocol ? `, protocol ${info.protocol}` : ''}`);
          startKeepAlive();
        },
        onMessage: (data) => {
          append(
            typeof data === 'string'
              ? textMessage(0, 'in', data, deps.now())
              : binaryMessage(0, 'in', data, deps.now()),
          );
        },
        onClose: (info) => {
          socket = null;
          stopKeepAlive();
          const report = info.report ? maskReport(info.report) : undefined;
          if (report) handshake.value = report;
          const explanation = !info.opened && !closingByUser ? explainFailedHandshake(report, ready.url) : undefined;
          const byUser = closingByUser;
          batch(() => {
            closeInfo.value = {
              code: info.code,
              reason: info.reason,
              wasClean: info.wasClean,
              byUser,
              ...(explanation ? { explanation } : {}),
            };
            status.value = 'closed';
          });
          event(
            explanation ??
              `Closed: ${describeCloseCode(info.code)}${info.reason ? `, reason “${info.reason}”` : ''}${info.wasClean ? '' : ' (not clean)'}`,
          );
          if (!announced && !options.isReconnect && !byUser) remember(explanation ?? `closed ${info.code}`);
          // A connection that stayed up a while was healthy: the next failure starts the back-off over.
          if (info.opened && deps.now() - openedAt > 10_000) attempt = 0;
          maybeReconnect({
            code: info.code,
            byUser,
            ...(report?.status !== undefined ? { handshakeStatus: report.status } : {}),
          });
        },
        onNotice: note,
      },
    );
  }

  function openStream(ready: { url: string; headers: HeaderLine[]; body: string }) {
    const sent = [...ready.headers];
    if (lastEventId !== undefined && !sent.some((h) => h.name.toLowerCase() === 'last-event-id')) {
      sent.push({ name: 'Last-Event-ID', value: lastEventId });
    }
    if (!sent.some((h) => h.name.toLowerCase() === 'accept')) sent.push({ name: 'Accept', value: 'text/event-stream' });
    handshake.value = maskReport({ requestHeaders: sent });
    event(`${method.value} ${mask(ready.url)}${lastEventId !== undefined ? ` (Last-Event-ID: ${lastEventId})` : ''}`);
    reader = createStreamReader({
      onEvent: (e) => {
        if (e.id !== undefined) lastEventId = e.id;
        append({
          ...textMessage(0, 'in', e.data, deps.now()),
          event: e.event,
          ...(e.id !== undefined ? { eventId: e.id } : {}),
        });
      },
      onProblem: note,
    });
    let answered = false;
    stream = deps.sockets.stream(
      { url: ready.url, method: method.value, headers: sent, ...(ready.body !== '' ? { body: ready.body } : {}) },
      {
        onResponse: (info) => {
          answered = true;
          streamResponse.value = {
            ...info,
            headers: info.headers.map((h) => ({ name: h.name, value: mask(h.value) })),
          };
          handshake.value = {
            ...handshake.value,
            status: info.status,
            statusLine: `${info.status} ${info.statusText}`.trim(),
            responseHeaders: streamResponse.value.headers,
          };
          const type = info.headers.find((h) => h.name.toLowerCase() === 'content-type')?.value;
          if (info.status < 200 || info.status > 299) {
            event(`The server answered ${info.status} ${info.statusText}: not an event stream.`);
          } else if (!isEventStream(type)) {
            note(`The response is ${type ?? 'without a Content-Type'}, not text/event-stream: read as events anyway.`);
          }
          if (info.status >= 200 && info.status <= 299) {
            status.value = 'open';
            openedAt = deps.now();
            event(`Stream open: ${info.status} ${info.statusText}`.trim());
            if (attempt === 0) remember(`stream ${info.status}`);
          }
        },
        onChunk: (chunk) => reader?.feed(chunk),
        onEnd: (info) => {
          reader?.end();
          stream = null;
          const byUser = closingByUser || info.cancelled;
          batch(() => {
            closeInfo.value = {
              code: 0,
              reason: info.error ?? '',
              wasClean: !info.error,
              byUser,
              ...(info.error ? { explanation: `The stream failed: ${info.error}` } : {}),
            };
            status.value = 'closed';
          });
          event(
            byUser ? 'Stream closed' : info.error ? `The stream failed: ${info.error}` : 'The server ended the stream',
          );
          if (!answered && !byUser) remember(`failed: ${info.error ?? 'no answer'}`);
          if (reader?.retry !== undefined) DEFAULT_RETRY.value = reader.retry;
          maybeReconnect({
            code: 1006,
            byUser,
            ...(handshake.value?.status !== undefined && handshake.value.status >= 300
              ? { handshakeStatus: handshake.value.status }
              : {}),
          });
        },
        onNotice: note,
      },
    );
  }
  const DEFAULT_RETRY = { value: undefined as number | undefined };

  function maybeReconnect(close: { code: number; byUser: boolean; handshakeStatus?: number }) {
    if (!reconnect.value || !shouldReconnect(close)) return;
    attempt++;
    const wait =
      mode.value === 'sse' && DEFAULT_RETRY.value !== undefined && attempt === 1
        ? DEFAULT_RETRY.value
        : backoffDelay(attempt, DEFAULT_BACKOFF);
    if (wait === null) {
      event(`Gave up reconnecting after ${attempt - 1} attempts.`);
      return;
    }
    reconnectState.value = { attempt, inMs: wait };
    event(`Reconnecting in ${(wait / 1000).toFixed(1)} s (attempt ${attempt})`);
    reconnectTimer = deps.setTimer(() => {
      reconnectTimer = null;
      reconnectState.value = null;
      connect({ isReconnect: true });
    }, wait);
  }

  function cancelReconnect() {
    if (reconnectTimer !== null) deps.clearTimer(reconnectTimer);
    reconnectTimer = null;
    reconnectState.value = null;
  }

  function startKeepAlive() {
    stopKeepAlive();
    if (!keepAlive.value) return;
    const seconds = Number(keepAliveSeconds.value);
    if (!Number.isFinite(seconds) || seconds < 1) {
      note(`Keep-alive is off: “${keepAliveSeconds.value}” is not a number of seconds (1 or more).`);
      return;
    }
    const tick = () => {
      keepAliveTimer = deps.setTimer(() => {
        if (status.value !== 'open' || !socket) return;
        socket.send(keepAliveMessage.value);
        append(textMessage(0, 'out', keepAliveMessage.value, deps.now()));
        tick();
      }, seconds * 1000);
    };
    tick();
  }

  function stopKeepAlive() {
    if (keepAliveTimer !== null) deps.clearTimer(keepAliveTimer);
    keepAliveTimer = null;
  }

  function disconnect() {
    cancelReconnect();
    if (mode.value === 'sse') {
      if (!stream) return;
      closingByUser = true;
      stream.cancel();
      return;
    }
    if (!socket) return;
    const code = checkCloseCode(closeCode.value);
    if ('problem' in code) {
      problem.value = code.problem;
      return;
    }
    const reasonProblem = checkCloseReason(closeReason.value);
    if (reasonProblem) {
      problem.value = reasonProblem;
      return;
    }
    problem.value = null;
    closingByUser = true;
    status.value = 'closing';
    stopKeepAlive();
    socket.close(code.code, closeReason.value);
  }

  // ------------------------------------------------------------------ send

  /** The composer's content as a message, or a problem with its place. */
  function composed(format: ComposerFormat, text: string): string | Uint8Array | { problem: string } {
    if (format === 'file') {
      const file = composerFile.value;
      return file ? file.bytes : { problem: 'Choose a file to send.' };
    }
    const filled = substitute(text, deps.environment().lookup);
    if (filled.unresolved.length > 0) {
      return {
        problem: `${filled.unresolved.map((n) => `{{${n}}}`).join(', ')} not defined in the active environment or globals.`,
      };
    }
    if (format === 'json') {
      const bad = checkJson(filled.text);
      if (bad) return { problem: bad.message };
      if (filled.text.trim() === '') return { problem: 'The message is empty: write some JSON.' };
      return filled.text;
    }
    if (format === 'hex') {
      try {
        return parseHex(filled.text);
      } catch (error) {
        if (error instanceof MessageInputError) return { problem: `Not hex: ${error.message}` };
        throw error;
      }
    }
    return filled.text;
  }

  function sendData(data: string | Uint8Array): boolean {
    if (status.value !== 'open' || !socket) {
      composerProblem.value =
        mode.value === 'sse'
          ? 'An event stream only receives: there is nothing to send on it.'
          : 'Connect first: the connection is not open.';
      return false;
    }
    socket.send(data);
    append(
      typeof data === 'string' ? textMessage(0, 'out', data, deps.now()) : binaryMessage(0, 'out', data, deps.now()),
    );
    return true;
  }

  function send(): boolean {
    const data = composed(composerFormat.value, composerText.value);
    if (typeof data === 'object' && 'problem' in data) {
      composerProblem.value = data.problem;
      return false;
    }
    composerProblem.value = null;
    return sendData(data);
  }

  function sendSaved(format: MessageFormat, text: string): boolean {
    const data = composed(format, text);
    if (typeof data === 'object' && 'problem' in data) {
      composerProblem.value = data.problem;
      return false;
    }
    composerProblem.value = null;
    return sendData(data);
  }

  /** JSON re-indented, numbers kept exactly as written. */
  function formatComposer() {
    const pretty = formatJson(composerText.value);
    if (pretty === null) {
      composerProblem.value = checkJson(composerText.value)?.message ?? 'The message is empty: write some JSON.';
      return;
    }
    composerText.value = pretty;
    composerProblem.value = null;
  }

  // ------------------------------------------------------------------ log actions

  function setFilter(next: LogFilter) {
    filter.value = next;
    refilter();
  }

  function clear() {
    messages.length = 0;
    filtered = [];
    scannedTo = 0;
    selected.value = null;
    logVersion.value++;
  }

  function exportMessages(): { name: string; text: string } {
    const list = filtered.length === messages.length ? messages : filtered.map((i) => messages[i]!);
    const now = deps.now();
    return {
      name: exportFileName(url.value, now),
      text: exportLog(list, { url: mask(url.value), ...(negotiated.value ? { protocol: negotiated.value } : {}), now }),
    };
  }

  function dispose() {
    cancelReconnect();
    stopKeepAlive();
    closingByUser = true;
    socket?.close(1000, '');
    stream?.cancel();
  }

  /** The URL as typed: the query rows follow it. */
  function setUrl(text: string) {
    batch(() => {
      url.value = text;
      query.value = mergeQueryRows(query.value, text, (q) => queryRow(q));
    });
  }

  /** The query rows as edited: the URL follows them. */
  function setQuery(rows: QueryRowState[]) {
    batch(() => {
      query.value = rows;
      url.value = writeQueryRows(url.value, rows);
    });
  }

  /** Loads a connection from the history into this tab (when it is not connected). */
  function load(record: ConnectionSpec) {
    if (active.value) return;
    batch(() => {
      mode.value = record.mode;
      url.value = record.url;
      query.value = parseQuery(record.url).map((q) => queryRow(q));
      const rows: Row[] = [];
      origin.value = '';
      userAgent.value = '';
      for (const h of record.headers) {
        const lower = h.name.toLowerCase();
        if (lower === 'origin' && h.enabled) origin.value = h.value;
        else if (lower === 'user-agent' && h.enabled) userAgent.value = h.value;
        else rows.push(row(h.name, h.value, h.enabled));
      }
      headers.value = { rows, bulk: false, bulkText: '' };
      protocols.value = record.protocols;
      method.value = record.method;
      body.value = record.body;
      problem.value = null;
    });
  }

  return {
    id,
    mode,
    url,
    query,
    setUrl,
    setQuery,
    headers,
    origin,
    userAgent,
    protocols,
    method,
    body,
    status,
    closeInfo,
    handshake,
    negotiated,
    streamResponse,
    notices,
    problem,
    logVersion,
    filter,
    paused,
    selected,
    composerFormat,
    composerText,
    composerFile,
    composerProblem,
    closeCode,
    closeReason,
    reconnect,
    reconnectState,
    keepAlive,
    keepAliveSeconds,
    keepAliveMessage,
    title,
    active,
    /** Every message, oldest first (do not change it). */
    get messages(): readonly LogMessage[] {
      return messages;
    },
    /** Indexes into `messages` that pass the filter. */
    get visible(): readonly number[] {
      return filtered;
    },
    connect: () => connect(),
    disconnect,
    send,
    sendSaved,
    formatComposer,
    setFilter,
    clear,
    exportMessages,
    dispose,
    load,
    spec,
    /** Writes everything pending to the log now (tests; the page flushes once per frame). */
    flush,
  };
}

export type ConnectionStore = ReturnType<typeof createConnectionStore>;
