import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryEntry, HistorySummary } from '../../src/core/history/types.ts';
import type { HistoryService } from '../../src/ui/services.ts';
import {
  createHistoryStore,
  FILTER_DELAY_MS,
  RELOAD_DELAY_MS,
} from '../../src/ui/tools/rest-client/rest-history-store.ts';
import { fakeHistory } from '../support/fake-services.ts';

const entry = (id: string, createdAt: number, fields: Partial<HistoryEntry> = {}, method = 'GET'): HistoryEntry => ({
  id,
  schema: 2,
  createdAt,
  pinned: false,
  request: {
    method,
    url: `https://api.example.com/${id}`,
    headers: [],
    body: { kind: 'none' },
    auth: { kind: 'none' },
  },
  response: { status: 200, statusText: 'OK', timeMs: 5, size: 2 },
  ...fields,
});

const ids = (list: readonly HistorySummary[] | null) => list?.map((s) => s.id) ?? null;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Runs timers and the promise callbacks they start until nothing is left for `ms`. */
const pass = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

async function started(seed: HistoryEntry[] = []) {
  const service = fakeHistory();
  for (const e of seed) await service.add(e);
  const store = createHistoryStore(service);
  const stop = store.start();
  await pass(RELOAD_DELAY_MS);
  service.lists = 0;
  return { service, store, stop };
}

describe('the list', () => {
  it('is null while loading, then every summary newest first', async () => {
    const service = fakeHistory();
    await service.add(entry('old', 1));
    await service.add(entry('new', 2));
    const store = createHistoryStore(service);
    expect(store.summaries.value).toBeNull();
    store.start();
    await pass();
    expect(ids(store.summaries.value)).toEqual(['new', 'old']);
  });

  it('follows changes made by another page, listing once for a burst of changes', async () => {
    const { service, store } = await started([entry('a', 1)]);
    // Another page (its own store over the same history) adds entries.
    const other = createHistoryStore(service);
    other.start();
    await service.add(entry('b', 2));
    await service.add(entry('c', 3));
    service.changed();
    await pass(RELOAD_DELAY_MS - 1);
    expect(ids(store.summaries.value)).toEqual(['a']);
    await pass(1);
    expect(ids(store.summaries.value)).toEqual(['c', 'b', 'a']);
    expect(ids(other.summaries.value)).toEqual(['c', 'b', 'a']);
    // One listing each for the burst (this store and the other page's).
    expect(service.lists).toBe(2 + 1);
  });

  it('never goes back to an older listing that finishes after a newer one', async () => {
    const replies: ((list: HistorySummary[]) => void)[] = [];
    let notify = () => {};
    const service = {
      list: () => new Promise((resolve) => replies.push((summaries) => resolve({ summaries, notices: [] }))),
      subscribe: (listener: () => void) => ((notify = listener), () => {}),
    } as unknown as HistoryService;
    const store = createHistoryStore(service);
    store.start();
    notify();
    await pass(RELOAD_DELAY_MS);
    expect(replies).toHaveLength(2);
    const summary = (id: string) => ({ id, createdAt: 1, pinned: false, method: 'GET', url: id, status: 200 });
    replies[1]!([summary('newer')]);
    await pass();
    replies[0]!([summary('older')]);
    await pass();
    expect(ids(store.summaries.value)).toEqual(['newer']);
  });

  it('stops following when stopped', async () => {
    const { service, store, stop } = await started([entry('a', 1)]);
    stop();
    expect(service.subscribers()).toBe(0);
    await service.add(entry('b', 2));
    await pass(RELOAD_DELAY_MS);
    expect(ids(store.summaries.value)).toEqual(['a']);
  });

  it('shows an empty list and a notice when the history cannot be read', async () => {
    const service = fakeHistory();
    service.list = () => Promise.reject(new Error('disk on fire'));
    const store = createHistoryStore(service);
    store.start();
    await pass();
    expect(store.summaries.value).toEqual([]);
    expect(store.notices.value).toEqual(['Could not read the history: disk on fire']);
  });
});

describe('filters', () => {
  it('filters by text a moment after typing, and by method and status class at once', async () => {
    const { store } = await started([
      entry('users-1', 1),
      entry('users-2', 2, { response: { status: 404, statusText: 'Not Found', timeMs: 1, size: 0 } }),
      entry('orders-1', 3, {}, 'POST'),
      entry('failed', 4, { response: undefined, error: 'refused' }),
      entry('purge', 5, {}, 'PURGE'),
    ]);
    const all = store.summaries.value;
    expect(store.filtered.value).toBe(all);
    expect(store.methods.value.at(-1)).toBe('PURGE');

    store.setFilterText('users');
    expect(store.filterText.value).toBe('users');
    expect(store.filtered.value).toBe(all);
    await pass(FILTER_DELAY_MS);
    expect(ids(store.filtered.value)).toEqual(['users-2', 'users-1']);

    store.setStatusClass('4xx');
    expect(ids(store.filtered.value)).toEqual(['users-2']);
    store.setStatusClass('error');
    expect(ids(store.filtered.value)).toEqual([]);

    store.clearFilters();
    expect(store.filterText.value).toBe('');
    expect(store.filtered.value).toBe(all);
    store.setMethod('POST');
    expect(ids(store.filtered.value)).toEqual(['orders-1']);
    store.setMethod('');
    store.setStatusClass('error');
    expect(ids(store.filtered.value)).toEqual(['failed']);
  });

  it('Escape in the box empties the text filter at once, keeping the others', async () => {
    const { store } = await started([entry('a', 1), entry('b', 2, {}, 'POST')]);
    store.setMethod('POST');
    store.setFilterText('zzz');
    await pass(FILTER_DELAY_MS);
    expect(ids(store.filtered.value)).toEqual([]);
    store.filterBox().clear();
    expect(store.appliedText.value).toBe('');
    expect(ids(store.filtered.value)).toEqual(['b']);
  });
});

describe('pin, delete and clear', () => {
  it('pins, deletes one and clears all but the pinned, the list following each change', async () => {
    const { store } = await started([entry('a', 1), entry('b', 2), entry('c', 3)]);
    expect(store.unpinned.value).toBe(3);
    await store.pin('a', true);
    await pass(RELOAD_DELAY_MS);
    expect(store.summaries.value?.find((s) => s.id === 'a')?.pinned).toBe(true);
    expect(store.unpinned.value).toBe(2);

    await store.remove('c');
    await pass(RELOAD_DELAY_MS);
    expect(ids(store.summaries.value)).toEqual(['b', 'a']);

    await store.clear();
    await pass(RELOAD_DELAY_MS);
    expect(ids(store.summaries.value)).toEqual(['a']);
    expect(store.unpinned.value).toBe(0);
    expect(store.notices.value).toEqual([]);
  });

  it('turns a failed change into a notice, and notices can be dismissed', async () => {
    const { service, store } = await started([entry('a', 1)]);
    service.remove = () => Promise.reject(new Error('locked'));
    await store.remove('a');
    expect(store.notices.value).toEqual(['History: locked']);
    store.dismissNotices();
    expect(store.notices.value).toEqual([]);
  });

  it('says when an entry could not be saved', async () => {
    const { service, store } = await started();
    service.add = () => Promise.reject(new Error('Storage is full'));
    await store.add(entry('x', 1));
    expect(store.notices.value).toEqual(['This request could not be saved in history: Storage is full']);
  });
});
