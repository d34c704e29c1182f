import { batch, computed, signal } from '@preact/signals';
import { isStatusFilter, statusEntry, type StatusEntry, type StatusFilter } from '../../../core/status/codes.ts';
import { searchStatus } from '../../../core/status/search.ts';
import type { ToolParams } from '../types.ts';

/** How far Page Up / Page Down move in the list. */
export const PAGE_STEP = 10;

/** A deep link's `code`: three digits, else nothing. */
export function parseCodeParam(value: string | undefined): number | null {
  return value !== undefined && /^\d{3}$/.test(value) ? Number(value) : null;
}

function paramsKey(params: ToolParams): string {
  return JSON.stringify(Object.entries(params).sort(([a], [b]) => a.localeCompare(b)));
}

export type Move = 'next' | 'previous' | 'first' | 'last' | 'page-down' | 'page-up';

/**
 * The Status Codes view's state: the search text, the class filter, the
 * selected code, and what follows from them. Every change the user makes is
 * reported through `onParams` at once (the deep link follows); `applyParams`
 * takes a deep link in without echoing it back. No DOM: unit-tested.
 */
export function createStatusCodesStore(options: { onParams?: (params: ToolParams) => void } = {}) {
  const query = signal('');
  const filter = signal<StatusFilter>('all');
  /** The code on show, which may be one this reference has no entry for (a deep link to 299). */
  const selected = signal<number | null>(null);

  const results = computed<readonly StatusEntry[]>(() =>
    searchStatus(query.value, { filter: filter.value }).map((match) => match.entry),
  );
  const selectedEntry = computed(() => (selected.value === null ? undefined : statusEntry(selected.value)));
  /** The selected code's place in the list, or -1 when the search or filter hides it. */
  const activeIndex = computed(() => results.value.findIndex((entry) => entry.code === selected.value));
  const params = computed<ToolParams>(() => {
    const out: Record<string, string> = {};
    if (selected.value !== null) out.code = String(selected.value);
    if (query.value !== '') out.q = query.value;
    if (filter.value !== 'all') out.class = filter.value;
    return out;
  });

  let reported = paramsKey(params.value);
  function report() {
    const key = paramsKey(params.value);
    if (key === reported) return;
    reported = key;
    options.onParams?.(params.value);
  }

  /** After the list changed: a selection the list no longer shows moves to the best match. */
  function followResults() {
    if (query.value === '' && filter.value === 'all') return;
    if (activeIndex.value === -1 && results.value.length > 0) selected.value = results.value[0]!.code;
  }

  return {
    query,
    filter,
    selected,
    results,
    selectedEntry,
    activeIndex,
    params,

    setQuery(text: string) {
      batch(() => {
        query.value = text;
        followResults();
      });
      report();
    },

    setFilter(value: StatusFilter) {
      batch(() => {
        filter.value = value;
        followResults();
      });
      report();
    },

    select(code: number) {
      selected.value = code;
      report();
    },

    /** Moves the selection through the list (arrow keys, Home, End, Page Up, Page Down). */
    move(how: Move) {
      const list = results.value;
      if (list.length === 0) return;
      const at = activeIndex.value;
      const last = list.length - 1;
      let next: number;
      switch (how) {
        case 'first':
          next = 0;
          break;
        case 'last':
          next = last;
          break;
        case 'next':
          next = at === -1 ? 0 : Math.min(last, at + 1);
          break;
        case 'previous':
          next = at === -1 ? last : Math.max(0, at - 1);
          break;
        case 'page-down':
          next = at === -1 ? 0 : Math.min(last, at + PAGE_STEP);
          break;
        case 'page-up':
          next = at === -1 ? 0 : Math.max(0, at - PAGE_STEP);
          break;
      }
      selected.value = list[next]!.code;
      report();
    },

    /**
     * Shows a code handed over by another tool (a "show-status" intent): when
     * the search or filter would hide it, they are cleared so it is in the list.
     */
    showCode(code: number) {
      batch(() => {
        selected.value = code;
        if (statusEntry(code) && activeIndex.value === -1) {
          query.value = '';
          filter.value = 'all';
        }
      });
      report();
    },

    /** Takes in a deep link (`code`, `q`, `class`); its own echo changes nothing. */
    applyParams(incoming: ToolParams) {
      const key = paramsKey(incoming);
      if (key === paramsKey(params.value)) {
        reported = key;
        return;
      }
      batch(() => {
        query.value = incoming.q ?? '';
        filter.value = isStatusFilter(incoming.class) ? incoming.class : 'all';
        selected.value = parseCodeParam(incoming.code);
        if (selected.value === null) followResults();
      });
      reported = key;
      // A link without a code (or with one that is not three digits) gains the code now shown.
      report();
    },
  };
}

export type StatusCodesStore = ReturnType<typeof createStatusCodesStore>;
