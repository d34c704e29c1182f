import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { groupByDay } from '../../../core/history/model.ts';
import type { HistorySummary } from '../../../core/history/types.ts';
import { DayHeading, HistoryEntry } from './HistoryEntry.tsx';
import { HistoryToolbar } from './HistoryToolbar.tsx';
import {
  dayKey,
  dayLabel,
  ENTRY_HEIGHT,
  layoutRows,
  scrollToShow,
  visibleRange,
  type HistoryLayout,
} from './history-view.ts';
import type { HistoryStore } from './rest-history-store.ts';
import './rest.css';
import './history.css';
import { useScrollViewport } from '../../scroll-viewport.ts';

export interface HistoryPanelProps {
  /** The list, its notices, filters and selection; pin, delete and clear go straight to it. */
  store: HistoryStore;
  onReplay(id: string): void;
  onOpen(id: string): void;
  /** For tests and "today/yesterday" labels; defaults to Date.now / local offset. */
  now?: () => number;
}

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
  const { store } = props;
  const summaries = store.summaries.value;
  const notices = store.notices.value;
  const currentId = store.currentId.value;
  const method = store.method.value;
  const statusClass = store.statusClass.value;
  const applied = store.appliedText.value;
  const filtered = store.filtered.value;
  const nowValue = (props.now ?? Date.now)();
  const offset = -new Date(nowValue).getTimezoneOffset();
  const today = dayKey(nowValue, offset);

  const [activeId, setActiveId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const scroller = useRef<HTMLDivElement>(null);
  const { viewport, scrollTop, setScrollTop } = useScrollViewport(scroller);
  const listRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  /** The entry whose Open button gets the focus after the next render. */
  const pendingFocus = useRef<string | null>(null);
  /** An entry deleted from the keyboard or mouse: the focus moves to its neighbour once it is gone. */
  const deleted = useRef<{ id: string; position: number } | null>(null);

  // The whole list's layout is kept apart from the filtered one, so clearing a filter is instant.
  const allLayout = useMemo(() => layoutRows(groupByDay(summaries ?? [], offset)), [summaries, offset]);
  const layout: HistoryLayout = useMemo(
    () => (filtered === summaries || !filtered ? allLayout : layoutRows(groupByDay(filtered, offset))),
    [summaries, filtered, allLayout, offset],
  );

  // When the history list first shows, as a performance mark (read by the tests and the benchmarks).
  useEffect(() => {
    if (summaries !== null) store.markListed();
  }, [summaries]);

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
  }, [applied, method, statusClass]);

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
    store.clearFilters();
    searchRef.current?.focus();
  };

  const remove = (summary: HistorySummary, position: number) => {
    deleted.current = { id: summary.id, position };
    setAnnouncement(`Deleted ${summary.method} ${summary.url}`);
    void store.remove(summary.id);
  };

  // The rows in view, plus the Tab stop's row wherever it is, so Tab always reaches the list.
  const range = visibleRange(layout, scrollTop, viewport);
  const indices: number[] = [];
  if (tabStopRow !== -1 && tabStopRow < range.first) indices.push(tabStopRow);
  for (let i = range.first; i < range.last; i++) indices.push(i);
  if (tabStopRow >= range.last) indices.push(tabStopRow);

  return (
    <section class="history" aria-label="Request history">
      {notices.length > 0 && (
        <div class="notice history-notices" role="alert" aria-label="History notices">
          <ul>
            {notices.map((notice, i) => (
              <li key={i}>{notice}</li>
            ))}
          </ul>
          <button type="button" class="link-button" onClick={() => store.dismissNotices()}>
            Dismiss
          </button>
        </div>
      )}
      <HistoryToolbar
        store={store}
        shown={layout.entryCount}
        searchRef={searchRef}
        onCleared={() => setAnnouncement('History cleared.')}
      />
      <div ref={scroller} class="history-scroll">
        {summaries === null ? (
          <p class="history-empty">Loading history…</p>
        ) : summaries.length === 0 ? (
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
                <HistoryEntry
                  key={row.key}
                  row={row}
                  total={layout.entryCount}
                  current={row.summary.id === currentId}
                  tabStop={row.summary.id === tabStopId}
                  now={nowValue}
                  dayLabel={labelOf(row.day)}
                  onReplay={() => props.onReplay(row.summary.id)}
                  onOpen={() => props.onOpen(row.summary.id)}
                  onPin={() => void store.pin(row.summary.id, !row.summary.pinned)}
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
