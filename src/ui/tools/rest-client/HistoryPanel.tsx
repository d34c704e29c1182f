import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { StatusClass } from '../../../core/history/model.ts';
import { filterEntries, groupByDay } from '../../../core/history/model.ts';
import type { HistorySummary } from '../../../core/history/types.ts';
import { COMMON_METHODS } from '../../../core/http/request.ts';
import { statusInfo } from '../../../core/http/status.ts';
import {
  countLine,
  dayKey,
  dayLabel,
  ENTRY_HEIGHT,
  entriesText,
  formatAge,
  formatClock,
  formatDateTime,
  formatDuration,
  formatSize,
  layoutRows,
  methodChoices,
  scrollToShow,
  urlPieces,
  visibleRange,
  type HistoryLayout,
  type HistoryRow,
} from './history-view.ts';
import './rest.css';
import './history.css';
import { FilterBox, useFilterText } from '../../FilterBox.tsx';
import { useScrollViewport } from '../../scroll-viewport.ts';

export interface HistoryPanelProps {
  /** null while loading. Newest first. */
  summaries: HistorySummary[] | null;
  /** Problems found while reading (skipped entries, storage full…), shown above the list, dismissable. */
  notices: string[];
  onDismissNotices(): void;
  onReplay(id: string): void;
  onOpen(id: string): void;
  onPin(id: string, pinned: boolean): void;
  onDelete(id: string): void;
  /** Deletes every unpinned entry (the panel asks for confirmation first). */
  onClear(): void;
  /** The entry last opened or replayed, highlighted. */
  currentId?: string | null;
  /** For tests and "today/yesterday" labels; defaults to Date.now / local offset. */
  now?: () => number;
}

const STATUS_CHOICES: { value: StatusClass | ''; label: string }[] = [
  { value: '', label: 'All statuses' },
  { value: '2xx', label: '2xx' },
  { value: '3xx', label: '3xx' },
  { value: '4xx', label: '4xx' },
  { value: '5xx', label: '5xx' },
  { value: 'error', label: 'Failed' },
];

/** Keys that move the focus through the list, and by how many entries. */
const STEPS: Record<string, (page: number) => number> = {
  ArrowDown: () => 1,
  ArrowUp: () => -1,
  PageDown: (page) => page,
  PageUp: (page) => -page,
  Home: () => -Infinity,
  End: () => Infinity,
};

/**
 * The request history: a filter bar, then the entries grouped by day, newest
 * first. The list is virtual (only the rows in view are in the page), so it
 * stays fast with tens of thousands of entries. One entry holds the Tab stop;
 * Up/Down/PageUp/PageDown/Home/End move it between entries.
 */
export function HistoryPanel(props: HistoryPanelProps) {
  const { summaries, notices, currentId = null } = props;
  const nowValue = (props.now ?? Date.now)();
  const offset = -new Date(nowValue).getTimezoneOffset();
  const today = dayKey(nowValue, offset);

  const filter = useFilterText();
  const [method, setMethod] = useState('');
  const [statusClass, setStatusClass] = useState<StatusClass | ''>('');
  const [confirming, setConfirming] = useState(false);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const scroller = useRef<HTMLDivElement>(null);
  const { viewport, scrollTop, setScrollTop } = useScrollViewport(scroller);
  const listRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const clearRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  /** The entry whose Open button gets the focus after the next render. */
  const pendingFocus = useRef<string | null>(null);
  /** An entry deleted from the keyboard or mouse: the focus moves to its neighbour once it is gone. */
  const deleted = useRef<{ id: string; position: number } | null>(null);
  const confirmTitle = useId();
  const confirmText = useId();

  const methods = useMemo(() => methodChoices(summaries ?? [], COMMON_METHODS), [summaries]);
  const unpinned = useMemo(() => (summaries ?? []).reduce((n, s) => (s.pinned ? n : n + 1), 0), [summaries]);
  const filtering = filter.applied.trim() !== '' || method !== '' || statusClass !== '';

  // The whole list's layout is kept apart from the filtered one, so clearing a filter is instant.
  const allLayout = useMemo(() => layoutRows(groupByDay(summaries ?? [], offset)), [summaries, offset]);
  const layout: HistoryLayout = useMemo(() => {
    if (!summaries || !filtering) return allLayout;
    const filtered = filterEntries(summaries, {
      ...(filter.applied.trim() !== '' && { text: filter.applied }),
      ...(method !== '' && { method }),
      ...(statusClass !== '' && { statusClass }),
    });
    return layoutRows(groupByDay(filtered, offset));
  }, [summaries, allLayout, filtering, filter.applied, method, statusClass, offset]);

  // Day labels are made for the rows on screen only; "Today" changes at midnight, so they are kept per day.
  const labels = useMemo(() => new Map<string, string>(), [today, offset]);
  const labelOf = (day: string) => {
    let label = labels.get(day);
    if (label === undefined) labels.set(day, (label = dayLabel(day, nowValue, offset)));
    return label;
  };

  // A new filter shows its results from the top.
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
    setScrollTop(0);
  }, [filter.applied, method, statusClass]);

  // Nothing left to clear: the question no longer applies.
  useEffect(() => {
    if (confirming && unpinned === 0) setConfirming(false);
  }, [confirming, unpinned]);

  useEffect(() => {
    if (confirming) cancelRef.current?.focus();
  }, [confirming]);

  // The entry holding the Tab stop: the one last focused, else the current one, else the first.
  const tabStopId =
    activeId !== null && layout.rowOfId.has(activeId)
      ? activeId
      : currentId !== null && layout.rowOfId.has(currentId)
        ? currentId
        : (() => {
            const first = layout.rows[layout.entryRows[0] ?? -1];
            return first?.kind === 'entry' ? first.summary.id : null;
          })();
  const tabStopRow = tabStopId === null ? -1 : layout.rowOfId.get(tabStopId)!;

  // After a deletion, the focus goes to the entry that took the deleted one's place.
  useLayoutEffect(() => {
    const gone = deleted.current;
    if (!gone || layout.rowOfId.has(gone.id)) return;
    deleted.current = null;
    // Only when the focus went with the deleted row (or is still in the list): never steal it from elsewhere.
    const focused = document.activeElement;
    if (focused && focused !== document.body && !listRef.current?.contains(focused)) return;
    if (layout.entryCount === 0) {
      searchRef.current?.focus();
      return;
    }
    const row = layout.rows[layout.entryRows[Math.min(gone.position, layout.entryCount) - 1]!]!;
    if (row.kind === 'entry') moveTo(row.summary.id);
  }, [layout]);

  // Focus asked for by the keyboard, once the entry's row is in the page.
  useLayoutEffect(() => {
    const id = pendingFocus.current;
    if (id === null) return;
    for (const item of listRef.current?.children ?? []) {
      if ((item as HTMLElement).dataset.id === id) {
        pendingFocus.current = null;
        item.querySelector<HTMLButtonElement>('.history-open')?.focus();
        return;
      }
    }
  });

  /** Makes an entry the Tab stop, scrolls it into view and focuses its Open button. */
  function moveTo(id: string) {
    const index = layout.rowOfId.get(id) ?? -1;
    const row = layout.rows[index];
    if (!row) return;
    // The first entry of a day brings its heading into view with it.
    const above = layout.rows[index - 1];
    const rowTop = above?.kind === 'heading' ? above.top : row.top;
    setActiveId(id);
    pendingFocus.current = id;
    const element = scroller.current;
    if (element) {
      const top = scrollToShow(rowTop, row.top + ENTRY_HEIGHT, element.scrollTop, element.clientHeight || viewport);
      if (top !== element.scrollTop) {
        element.scrollTop = top;
        setScrollTop(top);
      }
    }
  }

  const onListKey = (event: KeyboardEvent) => {
    const step = STEPS[event.key];
    if (!step || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const item = (event.target as Element).closest<HTMLElement>('[data-id]');
    const from = item ? layout.rowOfId.get(item.dataset.id!) : undefined;
    const row = from === undefined ? undefined : layout.rows[from];
    if (row?.kind !== 'entry') return;
    event.preventDefault();
    const page = Math.max(1, Math.floor(viewport / ENTRY_HEIGHT) - 1);
    const position = Math.min(layout.entryCount, Math.max(1, row.position + step(page)));
    const target = layout.rows[layout.entryRows[position - 1]!];
    if (target?.kind === 'entry') moveTo(target.summary.id);
  };

  const onListFocus = (event: FocusEvent) => {
    const id = (event.target as Element).closest<HTMLElement>('[data-id]')?.dataset.id;
    if (id !== undefined && id !== activeId) setActiveId(id);
  };

  const clearFilter = () => {
    filter.clear();
    setMethod('');
    setStatusClass('');
    searchRef.current?.focus();
  };

  const remove = (summary: HistorySummary, position: number) => {
    deleted.current = { id: summary.id, position };
    setAnnouncement(`Deleted ${summary.method} ${summary.url}`);
    props.onDelete(summary.id);
  };

  const closeConfirm = (cleared: boolean) => {
    setConfirming(false);
    // After clearing, the Clear button is disabled, so the focus goes to the filter.
    if (cleared) searchRef.current?.focus();
    else clearRef.current?.focus();
  };

  // The rows in view, plus the Tab stop's row wherever it is, so Tab always reaches the list.
  const range = visibleRange(layout, scrollTop, viewport);
  const indices: number[] = [];
  if (tabStopRow !== -1 && tabStopRow < range.first) indices.push(tabStopRow);
  for (let i = range.first; i < range.last; i++) indices.push(i);
  if (tabStopRow >= range.last) indices.push(tabStopRow);

  const total = summaries?.length ?? 0;

  return (
    <section class="history" aria-label="Request history">
      {notices.length > 0 && (
        <div class="notice history-notices" role="alert" aria-label="History notices">
          <ul>
            {notices.map((notice, i) => (
              <li key={i}>{notice}</li>
            ))}
          </ul>
          <button type="button" class="link-button" onClick={() => props.onDismissNotices()}>
            Dismiss
          </button>
        </div>
      )}
      <div class="history-toolbar">
        <FilterBox label="Filter history" filter={filter} inputRef={searchRef} />
        <div class="history-selects">
          <select aria-label="Method filter" value={method} onChange={(e) => setMethod(e.currentTarget.value)}>
            <option value="">All methods</option>
            {methods.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
          <select
            aria-label="Status filter"
            value={statusClass}
            onChange={(e) => setStatusClass(e.currentTarget.value as StatusClass | '')}
          >
            {STATUS_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
        <div class="history-summary">
          <span class="history-count" role="status" aria-label="History count">
            {summaries ? countLine(layout.entryCount, total) : ''}
          </span>
          <button
            ref={clearRef}
            type="button"
            class="secondary small history-clear"
            disabled={unpinned === 0}
            aria-expanded={confirming}
            title={unpinned === 0 ? 'Nothing to clear: pinned entries are kept' : undefined}
            onClick={() => (confirming ? cancelRef.current?.focus() : setConfirming(true))}
          >
            Clear history
          </button>
        </div>
        {confirming && (
          <div
            class="history-confirm"
            role="alertdialog"
            aria-labelledby={confirmTitle}
            aria-describedby={confirmText}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.preventDefault();
                closeConfirm(false);
              }
            }}
          >
            <p id={confirmTitle} class="history-confirm-title">
              Clear history?
            </p>
            <p id={confirmText}>Delete {entriesText(unpinned)}? Pinned entries are kept.</p>
            <div class="history-confirm-actions">
              <button
                type="button"
                class="danger"
                onClick={() => {
                  props.onClear();
                  setAnnouncement('History cleared.');
                  closeConfirm(true);
                }}
              >
                Delete {entriesText(unpinned)}
              </button>
              <button ref={cancelRef} type="button" class="secondary small" onClick={() => closeConfirm(false)}>
                Cancel
              </button>
            </div>
          </div>
        )}
      </div>
      <div ref={scroller} class="history-scroll">
        {summaries === null ? (
          <p class="history-empty">Loading history…</p>
        ) : total === 0 ? (
          <p class="history-empty">No requests yet. Sent requests appear here.</p>
        ) : layout.entryCount === 0 ? (
          <div class="history-empty">
            <p>No entries match the filter.</p>
            <button type="button" class="secondary small" onClick={clearFilter}>
              Clear filter
            </button>
          </div>
        ) : (
          <div
            ref={listRef}
            class="history-list"
            role="list"
            aria-label="History"
            style={{ height: `${layout.height}px` }}
            onKeyDown={onListKey}
            onFocusIn={onListFocus}
          >
            {indices.map((i) => {
              const row = layout.rows[i]!;
              return row.kind === 'heading' ? (
                <DayHeading key={row.key} row={row} label={labelOf(row.day)} />
              ) : (
                <Entry
                  key={row.key}
                  row={row}
                  total={layout.entryCount}
                  current={row.summary.id === currentId}
                  tabStop={row.summary.id === tabStopId}
                  now={nowValue}
                  dayLabel={labelOf(row.day)}
                  onReplay={() => props.onReplay(row.summary.id)}
                  onOpen={() => props.onOpen(row.summary.id)}
                  onPin={() => props.onPin(row.summary.id, !row.summary.pinned)}
                  onDelete={() => remove(row.summary, row.position)}
                />
              );
            })}
          </div>
        )}
      </div>
      <span class="visually-hidden" aria-live="polite">
        {announcement}
      </span>
    </section>
  );
}

/** A day's heading; only visual (a list may hold only items), each entry says its day to screen readers. */
function DayHeading({ row, label }: { row: Extract<HistoryRow, { kind: 'heading' }>; label: string }) {
  return (
    <div class="history-day" aria-hidden="true" style={{ top: `${row.top}px` }}>
      <span>{label}</span>
      <span class="history-day-count">{row.count}</span>
    </div>
  );
}

interface EntryProps {
  row: Extract<HistoryRow, { kind: 'entry' }>;
  total: number;
  current: boolean;
  tabStop: boolean;
  now: number;
  dayLabel: string;
  onReplay(): void;
  onOpen(): void;
  onPin(): void;
  onDelete(): void;
}

function Entry({ row, total, current, tabStop, now, dayLabel, onReplay, onOpen, onPin, onDelete }: EntryProps) {
  const s = row.summary;
  // The entry's own offset, so a time from before a daylight-saving change reads as it did then.
  const offset = -new Date(s.createdAt).getTimezoneOffset();
  const tabIndex = tabStop ? 0 : -1;
  const methodClass = /^[A-Z]+$/i.test(s.method) ? `method-${s.method.toLowerCase()}` : '';
  const duration = formatDuration(s.timeMs);
  const size = formatSize(s.size);
  let status;
  if (s.status === 0) {
    const why = s.error?.trim() || 'No response came back.';
    status = (
      <span class="history-status status-failed" title={why}>
        Failed<span class="visually-hidden">: {why}</span>
      </span>
    );
  } else {
    const info = statusInfo(s.status);
    status = (
      <span class={`history-status status-${info.statusClass}`} title={`${s.status} ${info.reason}: ${info.meaning}`}>
        {s.status}
      </span>
    );
  }
  // Whitespace text between the pieces is not drawn (flex layout) but keeps them apart for screen readers.
  return (
    <div
      role="listitem"
      class={`history-entry${current ? ' current' : ''}${s.pinned ? ' pinned' : ''}`}
      style={{ top: `${row.top}px` }}
      data-id={s.id}
      aria-setsize={total}
      aria-posinset={row.position}
      aria-current={current ? 'true' : undefined}
      onClick={(event) => {
        // A click on the entry itself (not one of its buttons) opens it.
        if (!(event.target as Element).closest('button') && !getSelection()?.toString()) onOpen();
      }}
    >
      <div class="history-line">
        <span class={`history-method ${methodClass}`}>{s.method}</span>{' '}
        <span class="history-url" title={s.url}>
          {urlPieces(s.url).map((piece, i) =>
            piece.variable ? (
              <span key={i} class="history-var">
                {piece.text}
              </span>
            ) : (
              piece.text
            ),
          )}
        </span>
      </div>{' '}
      <div class="history-line">
        <span class="history-facts">
          {status}{' '}
          {duration && (
            <>
              <span class="history-meta" title="Total time">
                {duration}
              </span>{' '}
            </>
          )}
          {size && (
            <>
              <span class="history-meta" title="Response size">
                {size}
              </span>{' '}
            </>
          )}
          {s.environmentName !== undefined && s.environmentName !== '' && (
            <span class="history-env" title={`Environment: ${s.environmentName}`}>
              <span class="visually-hidden">environment </span>
              {s.environmentName}
            </span>
          )}{' '}
          <time
            class="history-clock"
            dateTime={new Date(s.createdAt).toISOString()}
            title={`${formatDateTime(s.createdAt, offset)} (${formatAge(s.createdAt, now)})`}
          >
            {formatClock(s.createdAt, offset)}
            <span class="visually-hidden">, {dayLabel}</span>
          </time>
        </span>{' '}
        <span class="history-actions">
          <button
            type="button"
            class="history-action"
            aria-label="Replay"
            title="Send this request again"
            tabIndex={tabIndex}
            onClick={onReplay}
          >
            <Icon d="M4.5 2.8v10.4L13 8z" fill />
          </button>
          <button
            type="button"
            class="history-action history-open"
            aria-label="Open"
            title="Open in the editor"
            tabIndex={tabIndex}
            onClick={onOpen}
          >
            <Icon d="M9.5 2.5h4v4M13.5 2.5 7.5 8.5M12 9.5v3a1 1 0 0 1-1 1H3.5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3" />
          </button>
          <button
            type="button"
            class="history-action history-pin"
            aria-label="Pin"
            aria-pressed={s.pinned}
            title={
              s.pinned
                ? 'Pinned: kept when the history is cleared or full. Click to unpin'
                : 'Pin: keep it when the history is cleared or full'
            }
            tabIndex={tabIndex}
            onClick={onPin}
          >
            <Icon d="M8 1.8l1.85 3.9 4.25.5-3.15 2.9.85 4.2L8 11.2l-3.8 2.1.85-4.2L1.9 6.2l4.25-.5z" fill={s.pinned} />
          </button>
          <button
            type="button"
            class="history-action history-delete"
            aria-label="Delete"
            title="Delete this entry"
            tabIndex={tabIndex}
            onClick={onDelete}
          >
            <Icon d="M2.5 4.5h11M6.5 4.5V2.8h3v1.7M4 4.5l.7 8.7h6.6l.7-8.7M6.7 7v4M9.3 7v4" />
          </button>
        </span>
      </div>
    </div>
  );
}

/** A 16×16 line icon in the text colour; decorative (the button carries the name). */
function Icon({ d, fill = false }: { d: string; fill?: boolean }) {
  return (
    <svg
      viewBox="0 0 16 16"
      width="14"
      height="14"
      aria-hidden="true"
      focusable="false"
      fill={fill ? 'currentColor' : 'none'}
      stroke="currentColor"
      stroke-width="1.4"
      stroke-linecap="round"
      stroke-linejoin="round"
    >
      <path d={d} />
    </svg>
  );
}
