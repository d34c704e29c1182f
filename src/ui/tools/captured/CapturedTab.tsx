import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import {
  capturedFrom,
  curlFromHar,
  importFromHar,
  matchesCaptured,
  type CapturedFilter,
} from '../../../core/capture/har.ts';
import type { CapturedRequest, HarEntryLike } from '../../../core/capture/types.ts';
import type { RestImport } from '../../../core/http/from-curl.ts';
import { statusInfo } from '../../../core/http/status.ts';
import { formatDuration, formatSize, scrollToShow, visibleRange } from '../rest-client/history-view.ts';
import type { InspectedNetwork } from '../../services.ts';
import {
  applyEvents,
  capturedCountLine,
  clip,
  droppedNote,
  EMPTY_LOG,
  failureText,
  isAtBottom,
  layoutCaptured,
  MAX_TITLE_TEXT,
  REQUEST_HEIGHT,
  TYPE_CHOICES,
  TYPE_LABELS,
  urlDisplay,
  withoutDuplicates,
  type CapturedLayout,
  type CapturedLog,
  type CapturedRow,
  type LogEvent,
  type TypeChoice,
} from './captured-view.ts';
import '../rest-client/rest.css';
import '../rest-client/history.css';
import './captured.css';
import { FilterBox, useFilterText } from '../../FilterBox.tsx';
import { useScrollViewport } from '../../scroll-viewport.ts';

export interface CapturedTabProps {
  network: InspectedNetwork;
  onEditAndResend(imported: RestImport): void;
  /** Opens the converter on this curl command. */
  onConvert(curl: string): void;
  copyText(text: string): Promise<void>;
}

/** Requests arriving within this time are added in one go: a page loading hundreds costs a few renders, not hundreds. */
const BATCH_MS = 50;
/** How long "Copied" stays. */
const COPIED_MS = 2000;

/** The row actions (their buttons' names), in the order the buttons appear. */
type Action = 'Edit and resend' | 'Convert to code' | 'Copy as curl';

/** Keys that move the focus between requests, and by how many. */
const STEPS: Record<string, (page: number) => number> = {
  ArrowDown: () => 1,
  ArrowUp: () => -1,
  PageDown: (page) => page,
  PageUp: (page) => -page,
  Home: () => -Infinity,
  End: () => Infinity,
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The inspected page's own requests, as DevTools reports them, newest last;
 * each can be edited and resent, converted to code or copied as curl. The
 * list is virtual (only the rows in view are in the page) and keeps the last
 * 5,000 requests. One request row holds the Tab stop; Up/Down/PageUp/PageDown/
 * Home/End move it.
 */
export function CapturedTab({ network, onEditAndResend, onConvert, copyText }: CapturedTabProps) {
  const [log, setLog] = useState<CapturedLog>(EMPTY_LOG);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [skipped, setSkipped] = useState<{ count: number; last: string } | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [copied, setCopied] = useState(0);
  const filter = useFilterText();
  const [type, setType] = useState<TypeChoice>('fetch-xhr');
  const [preserve, setPreserve] = useState(false);
  const [activeId, setActiveId] = useState<string | null>(null);

  const scroller = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  /** Follow new requests: true while the list is scrolled to its end. */
  const stick = useRef(true);
  const { viewport, scrollTop, setScrollTop } = useScrollViewport(scroller, {
    // Shown again after requests came in while hidden: catch up with the end.
    onResize(element) {
      if (element.clientHeight > 0 && stick.current) element.scrollTop = element.scrollHeight;
    },
    // Scrolling away from the end stops following (not while hidden: another tab is shown).
    onScroll(element) {
      if (element.clientHeight > 0)
        stick.current = isAtBottom(element.scrollTop, element.clientHeight, element.scrollHeight);
    },
  });
  /** Read when a navigation happens, which is outside any render. */
  const preserveRef = useRef(preserve);
  preserveRef.current = preserve;
  /** Events waiting for the next batch; Clear drops them too. */
  const queue = useRef<LogEvent[]>([]);
  /** The request row holding the focus, if any: when its row goes (cleared, navigated, dropped), the focus is put back. */
  const focusedId = useRef<string | null>(null);
  /** The request whose action button gets the focus after the next render, and which button. */
  const pendingFocus = useRef<{ id: string; action: number } | null>(null);

  // DevTools' requests so far, then each new one. Requests that finish while the snapshot
  // loads are held back, then added after it (without those it already has).
  useEffect(() => {
    let live = true;
    let loading = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let nextRequest = 0;
    let nextNavigation = 0;
    /** What happened while the snapshot was loading, in order. */
    const early: ({ entry: HarEntryLike } | { url: string; preserve: boolean })[] = [];

    const flush = () => {
      timer = undefined;
      const events = queue.current;
      queue.current = [];
      if (live && events.length > 0) setLog((current) => applyEvents(current, events));
    };
    const schedule = () => {
      timer ??= setTimeout(flush, BATCH_MS);
    };
    const request = (entry: HarEntryLike): LogEvent | null => {
      try {
        return { kind: 'request', request: capturedFrom(entry, `c${++nextRequest}`) };
      } catch (error) {
        // One odd entry costs only itself.
        setSkipped((s) => ({ count: (s?.count ?? 0) + 1, last: messageOf(error) }));
        return null;
      }
    };
    const navigation = (url: string, preserve: boolean): LogEvent => ({
      kind: 'navigation',
      id: `n${++nextNavigation}`,
      url,
      preserve,
    });

    const stopRequests = network.onRequestFinished((entry) => {
      if (!live) return;
      if (loading) {
        early.push({ entry });
        return;
      }
      const event = request(entry);
      if (event) queue.current.push(event);
      schedule();
    });
    const stopNavigations = network.onNavigated((url) => {
      if (!live) return;
      const preserve = preserveRef.current;
      if (loading) early.push({ url, preserve });
      else {
        queue.current.push(navigation(url, preserve));
        schedule();
      }
    });

    const loaded = (snapshot: HarEntryLike[]) => {
      if (!live) return;
      loading = false;
      const fresh = new Set(
        withoutDuplicates(
          early.flatMap((e) => ('entry' in e ? [e.entry] : [])),
          snapshot,
        ),
      );
      const events: LogEvent[] = [];
      for (const entry of snapshot) {
        const event = request(entry);
        if (event) events.push(event);
      }
      for (const e of early) {
        if (!('entry' in e)) events.push(navigation(e.url, e.preserve));
        else if (fresh.has(e.entry)) {
          const event = request(e.entry);
          if (event) events.push(event);
        }
      }
      early.length = 0;
      queue.current.push(...events);
      flush();
    };

    network
      .getEntries()
      .then(
        (entries) => loaded(Array.isArray(entries) ? entries : []),
        (error: unknown) => {
          if (!live) return;
          setLoadError(`Could not read the requests DevTools recorded before this tab opened: ${messageOf(error)}`);
          loaded([]);
        },
      )
      .catch((error: unknown) => live && setLoadError(`Could not list the captured requests: ${messageOf(error)}`));

    return () => {
      live = false;
      clearTimeout(timer);
      queue.current = [];
      stopRequests();
      stopNavigations();
    };
  }, [network]);

  // "Copied" goes away after a moment.
  useEffect(() => {
    if (copied === 0) return;
    const timer = setTimeout(() => setCopied(0), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const layout: CapturedLayout = useMemo(() => {
    const wanted: CapturedFilter = { text: filter.applied.trim(), type };
    const everything = wanted.text === '' && type === 'all';
    return layoutCaptured(log.items, everything ? () => true : (request) => matchesCaptured(request, wanted));
  }, [log, filter.applied, type]);

  // New rows (or a new size) while at the end: stay at the end, as DevTools' Network panel does.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || !stick.current || element.clientHeight === 0) return;
    const end = Math.max(0, element.scrollHeight - element.clientHeight);
    if (element.scrollTop !== end) element.scrollTop = end;
    setScrollTop(end);
  }, [layout.height, viewport]);

  // The Tab stop: the request last focused while it is listed, else the newest one.
  const tabStopId =
    activeId !== null && layout.rowOfId.has(activeId)
      ? activeId
      : (() => {
          const last = layout.rows[layout.requestRows[layout.requestRows.length - 1] ?? -1];
          return last?.kind === 'entry' ? last.request.id : null;
        })();
  const tabStopRow = tabStopId === null ? -1 : layout.rowOfId.get(tabStopId)!;

  // Focus asked for by the keyboard, once the request's row is in the page.
  useLayoutEffect(() => {
    const pending = pendingFocus.current;
    if (pending === null) return;
    for (const item of listRef.current?.children ?? []) {
      if ((item as HTMLElement).dataset.id === pending.id) {
        pendingFocus.current = null;
        item.querySelectorAll<HTMLButtonElement>('button')[pending.action]?.focus();
        return;
      }
    }
  });

  // The focused row went away with the rows around it: the focus goes to the Tab stop, or to the filter.
  useLayoutEffect(() => {
    const id = focusedId.current;
    if (id === null || layout.rowOfId.has(id)) return;
    focusedId.current = null;
    if (document.activeElement !== null && document.activeElement !== document.body) return;
    if (tabStopId !== null) moveTo(tabStopId, 0);
    else searchRef.current?.focus();
  }, [layout]);

  /** Makes a request the Tab stop, scrolls it into view and focuses the same action button in its row. */
  function moveTo(id: string, action: number) {
    const row = layout.rows[layout.rowOfId.get(id) ?? -1];
    if (!row) return;
    setActiveId(id);
    pendingFocus.current = { id, action };
    const element = scroller.current;
    if (element) {
      const top = scrollToShow(row.top, row.top + REQUEST_HEIGHT, element.scrollTop, element.clientHeight || viewport);
      if (top !== element.scrollTop) {
        element.scrollTop = top;
        setScrollTop(top);
      }
    }
  }

  const onListKey = (event: KeyboardEvent) => {
    const step = STEPS[event.key];
    if (!step || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const target = event.target as Element;
    const item = target.closest<HTMLElement>('[data-id]');
    const row = item ? layout.rows[layout.rowOfId.get(item.dataset.id!) ?? -1] : undefined;
    if (row?.kind !== 'entry') return;
    event.preventDefault();
    const action = Math.max(0, [...item!.querySelectorAll('button')].indexOf(target as HTMLButtonElement));
    const page = Math.max(1, Math.floor(viewport / REQUEST_HEIGHT) - 1);
    const position = Math.min(layout.requestCount, Math.max(1, row.position + step(page)));
    const next = layout.rows[layout.requestRows[position - 1]!];
    if (next?.kind === 'entry') moveTo(next.request.id, action);
  };

  const onListFocus = (event: FocusEvent) => {
    const id = (event.target as Element).closest<HTMLElement>('[data-id]')?.dataset.id;
    focusedId.current = id ?? null;
    if (id !== undefined && id !== activeId) setActiveId(id);
  };

  const onListBlur = (event: FocusEvent) => {
    const target = event.target as Element;
    // A row removed while focused keeps its claim (see above); a real blur gives it up.
    queueMicrotask(() => {
      if (target.isConnected && !listRef.current?.contains(document.activeElement)) focusedId.current = null;
    });
  };

  const clear = () => {
    queue.current = [];
    setLog((current) => applyEvents(current, [{ kind: 'clear' }]));
    setActiveId(null);
    stick.current = true;
    searchRef.current?.focus();
  };

  const clearFilter = () => {
    filter.clear();
    setType('all');
    searchRef.current?.focus();
  };

  const act = (action: Action, request: CapturedRequest) => {
    setActionError(null);
    try {
      if (action === 'Edit and resend') onEditAndResend(importFromHar(request.entry));
      else if (action === 'Convert to code') onConvert(curlFromHar(request.entry));
      else {
        setCopied(0);
        copyText(curlFromHar(request.entry)).then(
          () => setCopied(Date.now()),
          (error: unknown) => setActionError(`Could not copy the curl command: ${messageOf(error)}`),
        );
      }
    } catch (error) {
      setActionError(`${action} failed for ${request.method} ${clip(request.url, 200)}: ${messageOf(error)}`);
    }
  };

  // The rows in view, plus the Tab stop's row wherever it is, so Tab always reaches the list.
  const range = visibleRange(layout, scrollTop, viewport);
  const indices: number[] = [];
  if (tabStopRow !== -1 && tabStopRow < range.first) indices.push(tabStopRow);
  for (let i = range.first; i < range.last; i++) indices.push(i);
  if (tabStopRow >= range.last) indices.push(tabStopRow);

  const total = log.requestCount;

  return (
    <div class="history captured">
      <div class="captured-head">
        <p class="captured-intro">Requests the inspected page made. Edit and resend them, or turn them into code.</p>
        {network.browser === 'firefox' && (
          <p class="captured-note">
            Firefox reports requests only after its Network panel has been opened once in this DevTools window.
          </p>
        )}
        {loadError !== null && (
          <p class="captured-error" role="alert">
            {loadError}
          </p>
        )}
        {skipped !== null && (
          <p class="captured-error" role="alert">
            {skipped.count === 1 ? 'One request' : `${skipped.count} requests`} could not be read and{' '}
            {skipped.count === 1 ? 'is' : 'are'} left out: {skipped.last}
          </p>
        )}
        {actionError !== null && (
          <p class="captured-error" role="alert">
            {actionError}
            <button type="button" class="link-button" onClick={() => setActionError(null)}>
              Dismiss
            </button>
          </p>
        )}
      </div>
      <div class="history-toolbar">
        <FilterBox label="Filter captured requests" filter={filter} inputRef={searchRef} />
        <div class="captured-controls">
          <select
            class="captured-type"
            aria-label="Request type"
            title="Request type"
            value={type}
            onChange={(e) => setType(e.currentTarget.value as TypeChoice)}
          >
            {TYPE_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
          <label class="check" title="Keep the list when the inspected page navigates">
            <input type="checkbox" checked={preserve} onChange={(e) => setPreserve(e.currentTarget.checked)} />
            Preserve log
          </label>
          <button type="button" class="secondary small captured-clear" onClick={clear}>
            Clear
          </button>
        </div>
        <div class="history-summary">
          <span class="history-count" role="status" aria-label="Captured count">
            {capturedCountLine(layout.requestCount, total)}
          </span>
          <span class="captured-copied" role="status">
            {copied !== 0 && <span key={copied}>Copied</span>}
          </span>
        </div>
        {log.dropped && <p class="captured-dropped">{droppedNote()}</p>}
      </div>
      <div ref={scroller} class="history-scroll">
        {total === 0 ? (
          <p class="history-empty">No requests yet. Use the page: its requests appear here.</p>
        ) : layout.requestCount === 0 ? (
          <div class="history-empty">
            <p>No requests match the filter.</p>
            <button type="button" class="secondary small" onClick={clearFilter}>
              Show all requests
            </button>
          </div>
        ) : (
          <div
            ref={listRef}
            class="history-list"
            role="list"
            aria-label="Captured requests"
            style={{ height: `${layout.height}px` }}
            onKeyDown={onListKey}
            onFocusIn={onListFocus}
            onFocusOut={onListBlur}
          >
            {indices.map((i) => {
              const row = layout.rows[i]!;
              return row.kind === 'heading' ? (
                <Navigation key={row.key} row={row} index={i} size={layout.rows.length} />
              ) : (
                <Request
                  key={row.key}
                  row={row}
                  index={i}
                  size={layout.rows.length}
                  tabStop={row.request.id === tabStopId}
                  onAction={(action) => act(action, row.request)}
                />
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}

/** A preserved navigation: where the page went, between the requests before and after. */
function Navigation({
  row,
  index,
  size,
}: {
  row: Extract<CapturedRow, { kind: 'heading' }>;
  index: number;
  size: number;
}) {
  return (
    <div
      role="listitem"
      class="captured-nav"
      style={{ top: `${row.top}px` }}
      aria-setsize={size}
      aria-posinset={index + 1}
      title={clip(row.url, MAX_TITLE_TEXT)}
    >
      Navigated to <span class="captured-nav-url">{clip(row.url, 300)}</span>
    </div>
  );
}

interface RequestProps {
  row: Extract<CapturedRow, { kind: 'entry' }>;
  index: number;
  size: number;
  tabStop: boolean;
  onAction(action: Action): void;
}

function Request({ row, index, size, tabStop, onAction }: RequestProps) {
  const c = row.request;
  const tabIndex = tabStop ? 0 : -1;
  const methodClass = /^[A-Z]+$/i.test(c.method) ? `method-${c.method.toLowerCase()}` : '';
  const { path, host } = urlDisplay(c.url);
  const duration = formatDuration(c.timeMs ?? undefined);
  const bytes = formatSize(c.size ?? undefined);
  let status;
  if (c.status === 0) {
    const why = failureText(c);
    status = (
      <span class="history-status status-failed" title={why}>
        Failed<span class="visually-hidden">: {why}</span>
      </span>
    );
  } else {
    const info = statusInfo(c.status);
    const reason = c.statusText.trim() || info.reason;
    status = (
      <span class={`history-status status-${info.statusClass}`} title={`${c.status} ${reason}: ${info.meaning}`}>
        {c.status}
      </span>
    );
  }
  // Whitespace text between the pieces is not drawn (flex layout) but keeps them apart for screen readers.
  return (
    <div
      role="listitem"
      class="history-entry captured-entry"
      style={{ top: `${row.top}px` }}
      data-id={c.id}
      aria-setsize={size}
      aria-posinset={index + 1}
    >
      <div class="history-line">
        <span class={`history-method ${methodClass}`}>{c.method}</span>{' '}
        <span class="history-url captured-url" title={clip(c.url, MAX_TITLE_TEXT)}>
          <span class="captured-path">{path}</span>
          {host !== '' && (
            <>
              {' '}
              <span class="captured-host">{host}</span>
            </>
          )}
        </span>
      </div>{' '}
      <div class="history-line">
        <span class="history-facts">
          {status}{' '}
          <span class="history-meta captured-kind" title={`Type: ${c.type}`}>
            {TYPE_LABELS[c.type] ?? c.type}
          </span>{' '}
          {bytes && (
            <>
              <span class="history-meta" title="Response size">
                {bytes}
              </span>{' '}
            </>
          )}
          {duration && (
            <span class="history-meta" title="Total time">
              {duration}
            </span>
          )}
        </span>{' '}
        <span class="history-actions">
          <button
            type="button"
            class="history-action"
            aria-label="Edit and resend"
            title="Edit and resend in the REST client"
            tabIndex={tabIndex}
            onClick={() => onAction('Edit and resend')}
          >
            <Icon d="M10.5 2.5l3 3-7.5 7.5H3v-3zM9 4l3 3" />
          </button>
          <button
            type="button"
            class="history-action"
            aria-label="Convert to code"
            title="Convert to code in the converter"
            tabIndex={tabIndex}
            onClick={() => onAction('Convert to code')}
          >
            <Icon d="M5.5 4.5 2 8l3.5 3.5M10.5 4.5 14 8l-3.5 3.5M9 3 7 13" />
          </button>
          <button
            type="button"
            class="history-action"
            aria-label="Copy as curl"
            title="Copy as a curl command"
            tabIndex={tabIndex}
            onClick={() => onAction('Copy as curl')}
          >
            <Icon d="M5.5 5.5V3a.5.5 0 0 1 .5-.5h7a.5.5 0 0 1 .5.5v7a.5.5 0 0 1-.5.5h-2.5M3 5.5h7a.5.5 0 0 1 .5.5v7a.5.5 0 0 1-.5.5H3a.5.5 0 0 1-.5-.5V6a.5.5 0 0 1 .5-.5z" />
          </button>
        </span>
      </div>
    </div>
  );
}

/** A 16×16 line icon in the text colour; decorative (the button carries the name). */
function Icon({ d }: { d: string }) {
  return (
    <svg
      viewBox="0 0 16 16"
      width="14"
      height="14"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      stroke-width="1.4"
      stroke-linecap="round"
      stroke-linejoin="round"
    >
      <path d={d} />
    </svg>
  );
}
