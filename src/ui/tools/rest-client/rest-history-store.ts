/**
 * The REST client's history session: the list of summaries (kept current as
 * any page changes the history), the notices shown above it, the filters,
 * the entry last opened or sent (the selection), and pin, delete and clear.
 * Plain signals over an injected HistoryService, so it runs without a DOM.
 */
import { batch, computed, signal } from '@preact/signals';
import { filterEntries, type StatusClass } from '../../../core/history/model.ts';
import type { HistoryEntry, HistorySummary } from '../../../core/history/types.ts';
import { COMMON_METHODS } from '../../../core/http/request.ts';
import type { FilterText } from '../../FilterBox.tsx';
import type { HistoryService } from '../../services.ts';
import { methodChoices } from './history-view.ts';

/** Changes from any page are listed again at most this often. */
export const RELOAD_DELAY_MS = 150;
/** The text filter applies this long after the last keystroke, so typing over thousands of rows stays smooth. */
export const FILTER_DELAY_MS = 100;

export type HistoryStore = ReturnType<typeof createHistoryStore>;

export function createHistoryStore(history: HistoryService) {
  /** null while loading. Newest first. */
  const summaries = signal<HistorySummary[] | null>(null);
  /** Problems found while reading or saving (skipped entries, storage full…), shown above the list. */
  const notices = signal<string[]>([]);
  /** The entry last opened or sent, highlighted in the list. */
  const currentId = signal<string | null>(null);
  /** What the filter box shows, and what the list is filtered by (the same text, a moment later). */
  const filterText = signal('');
  const appliedText = signal('');
  const method = signal('');
  const statusClass = signal<StatusClass | ''>('');
  let filterTimer: ReturnType<typeof setTimeout> | undefined;
  let listedMarked = false;

  const filtering = computed(() => appliedText.value.trim() !== '' || method.value !== '' || statusClass.value !== '');
  /** The summaries the filters let through: the whole list itself when nothing filters. */
  const filtered = computed(() => {
    const all = summaries.value;
    if (!all || !filtering.value) return all;
    return filterEntries(all, {
      ...(appliedText.value.trim() !== '' && { text: appliedText.value }),
      ...(method.value !== '' && { method: method.value }),
      ...(statusClass.value !== '' && { statusClass: statusClass.value }),
    });
  });
  const methods = computed(() => methodChoices(summaries.value ?? [], COMMON_METHODS));
  const unpinned = computed(() => (summaries.value ?? []).reduce((n, s) => (s.pinned ? n : n + 1), 0));

  /** Adds notices; `unique` leaves out ones already shown (the same skipped entry, listed again). */
  const addNotices = (more: readonly string[], unique = false) => {
    if (more.length === 0) return;
    notices.value = unique ? [...new Set([...notices.value, ...more])] : [...notices.value, ...more];
  };

  /** Runs a change through the service; its failure becomes a notice. The list follows through `subscribe`. */
  const change = (action: Promise<unknown>): Promise<void> =>
    action.then(
      () => undefined,
      (error: Error) => addNotices([`History: ${error.message}`]),
    );

  const setFilterText = (text: string) => {
    filterText.value = text;
    clearTimeout(filterTimer);
    if (text !== appliedText.value) filterTimer = setTimeout(() => (appliedText.value = text), FILTER_DELAY_MS);
  };

  /** Empties the text filter at once (Escape in the box). */
  const clearText = () => {
    clearTimeout(filterTimer);
    batch(() => {
      filterText.value = '';
      appliedText.value = '';
    });
  };

  return {
    summaries,
    notices,
    currentId,
    filterText,
    appliedText,
    method,
    statusClass,
    filtering,
    filtered,
    methods,
    unpinned,

    /**
     * Lists the history now and again (at most every RELOAD_DELAY_MS) whenever
     * any page changes it; returns the function that stops. A listing that
     * finishes after a newer one is dropped, so the list never goes back.
     */
    start(): () => void {
      let live = true;
      let timer: ReturnType<typeof setTimeout> | undefined;
      let started = 0;
      let shown = 0;
      const reload = () => {
        const mine = ++started;
        return history
          .list()
          .then(({ summaries: list, notices: found }) => {
            if (!live || mine < shown) return;
            shown = mine;
            batch(() => {
              summaries.value = list;
              addNotices(found, true);
            });
          })
          .catch((error: Error) => {
            if (live) addNotices([`Could not read the history: ${error.message}`]);
            if (summaries.value === null) summaries.value = [];
          });
      };
      void reload();
      const stop = history.subscribe(() => {
        if (timer === undefined) timer = setTimeout(() => ((timer = undefined), void reload()), RELOAD_DELAY_MS);
      });
      return () => {
        live = false;
        clearTimeout(timer);
        stop();
      };
    },

    /** Marks (once) when the list first shows, for the tests and the benchmarks to read. */
    markListed() {
      if (listedMarked || summaries.peek() === null) return;
      listedMarked = true;
      performance.mark('history-listed', { detail: { entries: summaries.peek()!.length } });
    },

    addNotices,
    dismissNotices: () => (notices.value = []),
    select: (id: string | null) => (currentId.value = id),

    /** One whole entry, or null (with a notice) when it is gone or unreadable. */
    async get(id: string): Promise<HistoryEntry | null> {
      const entry = await history.get(id).catch(() => null);
      if (!entry) addNotices(['That history entry is gone or could not be read.']);
      return entry;
    },

    /** Saves an entry; what the store reports (evictions) or a failure becomes a notice. */
    add(entry: HistoryEntry): Promise<void> {
      return history.add(entry).then(
        ({ notices: found }) => addNotices(found),
        (error: Error) => addNotices([`This request could not be saved in history: ${error.message}`]),
      );
    },

    pin: (id: string, pinned: boolean) => change(history.setPinned(id, pinned)),
    remove: (id: string) => change(history.remove([id])),
    /** Deletes every unpinned entry. */
    clear: () => change(history.clear({ keepPinned: true })),

    setFilterText,
    clearText,
    setMethod: (value: string) => (method.value = value),
    setStatusClass: (value: StatusClass | '') => (statusClass.value = value),
    /** Empties every filter at once. */
    clearFilters() {
      batch(() => {
        clearText();
        method.value = '';
        statusClass.value = '';
      });
    },

    /** The filter box's view of the text filter (read in render, so the box follows it). */
    filterBox(): FilterText {
      return { text: filterText.value, setText: setFilterText, applied: appliedText.value, clear: clearText };
    },
  };
}
