import { describe, expect, it } from 'vitest';
import type { HistoryEntry, HistorySummary } from '../../src/core/history/model.ts';
import { HistoryStore, META_KEY, SHARD_SIZE, entryKey, isHistoryKey, shardKey } from '../../src/core/history/store.ts';
import { inProcessLock, type Exclusive, type KeyValueArea } from '../../src/core/storage.ts';
import { createMemoryArea, type MemoryArea } from '../support/memory-area.ts';

const entry = (id: string, createdAt: number, fields: Partial<HistoryEntry> = {}): HistoryEntry => ({
  id,
  schema: 2,
  createdAt,
  pinned: false,
  request: {
    method: 'GET',
    url: `https://example.com/${id}`,
    headers: [],
    body: { kind: 'none' },
    auth: { kind: 'none' },
  },
  response: { status: 200, statusText: 'OK', timeMs: 5, size: 2 },
  ...fields,
});

const summary = (id: string, createdAt: number, pinned = false): HistorySummary => ({
  id,
  createdAt,
  pinned,
  method: 'GET',
  url: `https://example.com/${id}`,
  status: 200,
  timeMs: 5,
  size: 2,
});

/** Every call the store made to the area: the keys each one named, and whether each set succeeded. */
interface AreaLog {
  gets: (string[] | null)[];
  sets: { keys: string[]; ok: boolean }[];
  removes: string[][];
}

/** Wraps an area to record the keys passed to get, set and remove (sorted, so tests need not know the order). */
function recording(inner: KeyValueArea): { area: KeyValueArea; log: AreaLog; reset: () => void } {
  const log: AreaLog = { gets: [], sets: [], removes: [] };
  const area: KeyValueArea = {
    get: (keys) => {
      log.gets.push(keys === null ? null : [...keys].sort());
      return inner.get(keys);
    },
    set: async (items) => {
      const keys = Object.keys(items).sort();
      try {
        await inner.set(items);
        log.sets.push({ keys, ok: true });
      } catch (error) {
        log.sets.push({ keys, ok: false });
        throw error;
      }
    },
    remove: (keys) => {
      log.removes.push([...keys].sort());
      return inner.remove(keys);
    },
  };
  const reset = () => {
    log.gets = [];
    log.sets = [];
    log.removes = [];
  };
  return { area, log, reset };
}

/** Every key read, once each, sorted (`*` for a read of everything). */
const keysRead = (log: AreaLog) => [...new Set(log.gets.flatMap((keys) => keys ?? ['*']))].sort();

/** A store over a memory area (`area`, for dumps) whose calls are recorded in `log`. */
const setup = (options: { capacity?: number; quotaBytes?: number; newId?: () => string } = {}) => {
  const area = createMemoryArea({ quotaBytes: options.quotaBytes });
  const recorded = recording(area);
  const lock = inProcessLock();
  const store = new HistoryStore(recorded.area, lock, {
    capacity: () => options.capacity ?? 10_000,
    newId: options.newId,
  });
  return { area, lock, store, log: recorded.log, resetLog: recorded.reset };
};

/** The stored meta and the number of summaries in each shard it names. */
const layout = (area: MemoryArea) => {
  const dump = area.dump();
  const meta = dump[META_KEY] as { shards: number[] };
  return { meta, lengths: meta.shards.map((n) => storedShard(dump, n).length) };
};

/** A shard's summaries as stored (JSON text; arrays in the older layout). */
function storedShard(dump: Record<string, unknown>, n: number): unknown[] {
  const raw = dump[shardKey(n)];
  return (typeof raw === 'string' ? JSON.parse(raw) : raw) as unknown[];
}

const shardIds = (area: MemoryArea, n: number) => (storedShard(area.dump(), n) as HistorySummary[]).map((s) => s.id);

const ids = async (store: HistoryStore) => (await store.list()).summaries.map((s) => s.id);

/** Adds entries one after another, ids `e0`…, createdAt = i. */
async function addMany(store: HistoryStore, count: number): Promise<void> {
  for (let i = 0; i < count; i++) await store.add(entry(`e${i}`, i));
}

/** The same entries as addMany in one import (quicker where adding one by one is not the point). */
async function seed(store: HistoryStore, count: number): Promise<void> {
  const result = await store.importEntries(Array.from({ length: count }, (_, i) => entry(`e${i}`, i)));
  expect(result.added).toBe(count);
}

describe('memory area', () => {
  it('copies values in and out', async () => {
    const area = createMemoryArea();
    const value = { a: [1] };
    await area.set({ k: value });
    value.a.push(2);
    const read = (await area.get(['k'])).k as { a: number[] };
    expect(read).toEqual({ a: [1] });
    read.a.push(3);
    expect(area.dump()).toEqual({ k: { a: [1] } });
  });

  it('reads everything with null and skips missing keys', async () => {
    const area = createMemoryArea();
    await area.set({ a: 1, b: 'x' });
    expect(await area.get(null)).toEqual({ a: 1, b: 'x' });
    expect(await area.get(['b', 'zzz'])).toEqual({ b: 'x' });
    await area.remove(['a', 'zzz']);
    expect(area.dump()).toEqual({ b: 'x' });
  });

  it('counts bytes as key length plus JSON length and refuses a set beyond the quota, writing nothing', async () => {
    const area = createMemoryArea({ quotaBytes: 20 });
    await area.set({ ab: 'xyz' }); // 2 + 5
    expect(area.bytesInUse()).toBe(7);
    await area.set({ ab: 'é' }); // 2 + 4 (é is two bytes)
    expect(area.bytesInUse()).toBe(6);
    await expect(area.set({ c: 1, d: 'a long value' })).rejects.toThrow('QUOTA_BYTES quota exceeded');
    expect(area.dump()).toEqual({ ab: 'é' });
    expect(area.bytesInUse()).toBe(6);
    await area.remove(['ab']);
    expect(area.bytesInUse()).toBe(0);
  });
});

describe('keys', () => {
  it('recognises history keys only', () => {
    expect([META_KEY, entryKey('x'), shardKey(3)].map(isHistoryKey)).toEqual([true, true, true]);
    expect(['settings', 'environments', 'history', 'historyX'].map(isHistoryKey)).toEqual([false, false, false, false]);
    expect(entryKey('abc')).toBe('history:e:abc');
    expect(shardKey(0)).toBe('history:i:0');
  });
});

describe('HistoryStore', () => {
  it('starts empty', async () => {
    const { store } = setup();
    expect(await store.list()).toEqual({ summaries: [], notices: [] });
    expect(await store.exportAll()).toEqual({ entries: [], notices: [] });
    expect(await store.get('nope')).toBeNull();
  });

  it('writes an empty index once on a profile without history, so later lists read no other key', async () => {
    const { store, area, log, resetLog } = setup();
    await area.set({ 'mock:routes': ['other data'], 'collections:1': { name: 'c' } });
    resetLog();
    expect(await store.list()).toEqual({ summaries: [], notices: [] });
    // The first list looks for shards among all keys (meta missing), then writes meta under the lock.
    expect(keysRead(log)).toContain('*');
    expect(log.sets).toEqual([{ keys: [META_KEY], ok: true }]);
    expect(area.dump()[META_KEY]).toEqual({ schema: 1, shards: [], sizes: [] });
    resetLog();
    expect(await store.list()).toEqual({ summaries: [], notices: [] });
    expect(keysRead(log)).toEqual([META_KEY]);
    expect(log.sets).toEqual([]);
    // Other data is untouched, and the first add still writes in one set.
    expect(area.dump()['mock:routes']).toEqual(['other data']);
    resetLog();
    await store.add(entry('a', 1));
    expect(log.sets).toHaveLength(1);
  });

  it('adds, lists newest first and gets an entry back', async () => {
    const { store, area } = setup();
    const first = entry('a', 100, { environmentId: 'env', environmentName: 'Dev' });
    const second = entry('b', 200, { response: undefined, error: 'Connection refused' });
    expect(await store.add(first)).toEqual({ notices: [] });
    expect(await store.add(second)).toEqual({ notices: [] });
    expect(await store.list()).toEqual({
      summaries: [
        {
          id: 'b',
          createdAt: 200,
          pinned: false,
          method: 'GET',
          url: 'https://example.com/b',
          status: 0,
          error: 'Connection refused',
        },
        { ...summary('a', 100), environmentName: 'Dev' },
      ],
      notices: [],
    });
    expect(await store.get('a')).toEqual(first);
    expect(await store.get('b')).toEqual(second);
    expect(Object.keys(area.dump()).sort()).toEqual(['history:e:a', 'history:e:b', 'history:i:0', META_KEY]);
    expect(area.dump()[META_KEY]).toEqual({ schema: 1, shards: [0], sizes: [2] });
  });

  it('rejects an invalid entry with the reason and stores nothing', async () => {
    const { store, area } = setup();
    const bad = { ...entry('x', 1), request: { ...entry('x', 1).request, url: 5 } } as unknown as HistoryEntry;
    await expect(store.add(bad)).rejects.toThrow('Cannot save the history entry: request.url is not a string.');
    expect(area.dump()).toEqual({});
  });

  it('saves an entry whose id is already stored under a fresh id', async () => {
    const { store } = setup({ newId: () => 'fresh' });
    await store.add(entry('a', 1));
    await store.add(entry('a', 2, { pinned: true }));
    expect(await ids(store)).toEqual(['fresh', 'a']);
    expect(await store.get('fresh')).toEqual({ ...entry('a', 2, { pinned: true }), id: 'fresh' });
    expect(await store.get('a')).toEqual(entry('a', 1));
  });

  describe('adding to a sound index', () => {
    it('reads only meta, the entry key and the last shard, and writes those three in one set', async () => {
      const { store, area, log, resetLog } = setup();
      await seed(store, SHARD_SIZE + 1);
      resetLog();
      expect(await store.add(entry('new', 99_999))).toEqual({ notices: [] });
      expect(keysRead(log)).toEqual([entryKey('new'), shardKey(1), META_KEY]);
      expect(log.sets).toEqual([{ keys: [entryKey('new'), shardKey(1), META_KEY], ok: true }]);
      expect(log.removes).toEqual([]);
      expect(shardIds(area, 1)).toEqual([`e${SHARD_SIZE}`, 'new']);
      expect(layout(area)).toEqual({
        meta: { schema: 1, shards: [0, 1], sizes: [SHARD_SIZE, 2] },
        lengths: [SHARD_SIZE, 2],
      });
      expect(await store.get('new')).toEqual(entry('new', 99_999));
    });

    it.each([
      ['no sizes (the older layout)', { schema: 1, shards: [0, 1] }],
      ['sizes of another length', { schema: 1, shards: [0, 1], sizes: [SHARD_SIZE, 3, 0] }],
      ['sizes that are not counts', { schema: 1, shards: [0, 1], sizes: [-1, 3] }],
      ['a last size that disagrees with the last shard', { schema: 1, shards: [0, 1], sizes: [SHARD_SIZE, 2] }],
    ])('adds through the whole index when meta has %s, then writes correct sizes', async (_, meta) => {
      const { store, area, log, resetLog } = setup();
      await seed(store, SHARD_SIZE + 3);
      await area.set({ [META_KEY]: meta });
      resetLog();
      expect(await store.add(entry('new', 99_999))).toEqual({ notices: [] });
      // Shard 0 is read only when the whole index is.
      expect(keysRead(log)).toContain(shardKey(0));
      expect(layout(area)).toEqual({
        meta: { schema: 1, shards: [0, 1], sizes: [SHARD_SIZE, 4] },
        lengths: [SHARD_SIZE, 4],
      });
      expect((await ids(store)).slice(0, 2)).toEqual(['new', `e${SHARD_SIZE + 2}`]);
      // Sound again: the next add reads only meta, its key and the last shard.
      resetLog();
      await store.add(entry('next', 100_000));
      expect(keysRead(log)).toEqual([entryKey('next'), shardKey(1), META_KEY]);
    });

    it('adds through the whole index when the last shard holds an unreadable summary', async () => {
      const { store, area, log, resetLog } = setup();
      await addMany(store, 3);
      const shard = storedShard(area.dump(), 0);
      await area.set({ [shardKey(0)]: [shard[0], { id: 'broken' }, shard[1], shard[2]] });
      expect(area.dump()[META_KEY]).toEqual({ schema: 1, shards: [0], sizes: [3] });
      expect((await store.list()).notices).toEqual(['Skipped an unreadable history entry.']);
      resetLog();
      expect(await store.add(entry('new', 10))).toEqual({ notices: [] });
      // Rewritten from the readable summaries: the unreadable one is gone and meta counts what is there.
      expect(log.sets).toEqual([{ keys: [entryKey('new'), shardKey(0), META_KEY], ok: true }]);
      expect(layout(area)).toEqual({ meta: { schema: 1, shards: [0], sizes: [4] }, lengths: [4] });
      expect(await store.list()).toEqual({
        summaries: [summary('new', 10), summary('e2', 2), summary('e1', 1), summary('e0', 0)],
        notices: [],
      });
    });

    it('fills up to capacity quickly, then evicts through the whole index and says so', async () => {
      const capacity = SHARD_SIZE + 3;
      const { store, area, log, resetLog } = setup({ capacity });
      await seed(store, capacity - 1);
      resetLog();
      expect(await store.add(entry('last', 99_998))).toEqual({ notices: [] });
      expect(keysRead(log)).toEqual([entryKey('last'), shardKey(1), META_KEY]);
      resetLog();
      expect(await store.add(entry('over', 99_999))).toEqual({
        notices: [`Removed the oldest history entry to stay within the limit of ${capacity}.`],
      });
      expect(keysRead(log)).toContain(shardKey(0));
      expect(log.removes).toEqual([[entryKey('e0')]]);
      expect((await ids(store)).slice(0, 2)).toEqual(['over', 'last']);
      expect(await store.get('e0')).toBeNull();
      expect(layout(area)).toEqual({
        meta: { schema: 1, shards: [0, 1], sizes: [SHARD_SIZE - 1, 4] },
        lengths: [SHARD_SIZE - 1, 4],
      });
    });

    it('starts a new shard numbered one past the highest when the last one is full', async () => {
      const { store, area, log, resetLog } = setup();
      await seed(store, SHARD_SIZE * 3);
      // Emptying shard 0 leaves shards 1 and 2: numbering the new shard by their count would overwrite shard 2.
      await store.remove(Array.from({ length: SHARD_SIZE }, (_, i) => `e${i}`));
      expect(area.dump()[META_KEY]).toEqual({ schema: 1, shards: [1, 2], sizes: [SHARD_SIZE, SHARD_SIZE] });
      resetLog();
      expect(await store.add(entry('new', 99_999))).toEqual({ notices: [] });
      // A full last shard need not be read.
      expect(keysRead(log)).toEqual([entryKey('new'), META_KEY]);
      expect(log.sets).toEqual([{ keys: [entryKey('new'), shardKey(3), META_KEY], ok: true }]);
      expect(layout(area)).toEqual({
        meta: { schema: 1, shards: [1, 2, 3], sizes: [SHARD_SIZE, SHARD_SIZE, 1] },
        lengths: [SHARD_SIZE, SHARD_SIZE, 1],
      });
      expect(shardIds(area, 2).at(-1)).toBe(`e${SHARD_SIZE * 3 - 1}`);
      expect(shardIds(area, 3)).toEqual(['new']);
      expect((await ids(store)).length).toBe(SHARD_SIZE * 2 + 1);
    });

    it('numbers a new shard past the highest even when meta lists the shards out of order', async () => {
      const { store, area } = setup();
      await seed(store, SHARD_SIZE * 2);
      await area.set({ [META_KEY]: { schema: 1, shards: [1, 0], sizes: [SHARD_SIZE, SHARD_SIZE] } });
      await store.add(entry('new', 99_999));
      expect(area.dump()[META_KEY]).toEqual({ schema: 1, shards: [1, 0, 2], sizes: [SHARD_SIZE, SHARD_SIZE, 1] });
      expect(shardIds(area, 2)).toEqual(['new']);
      expect((await ids(store)).length).toBe(SHARD_SIZE * 2 + 1);
    });

    it('passes on a write error that is not about space, having written nothing', async () => {
      const area = createMemoryArea();
      const store = new HistoryStore(area, inProcessLock(), { capacity: () => 100 });
      await addMany(store, 2);
      const before = area.dump();
      // Only the first write fails: trying again by another path would succeed and hide the error.
      let failures = 1;
      const failing: KeyValueArea = {
        get: (keys) => area.get(keys),
        set: (items) => (failures-- > 0 ? Promise.reject(new Error('disk on fire')) : area.set(items)),
        remove: (keys) => area.remove(keys),
      };
      const writer = new HistoryStore(failing, inProcessLock(), { capacity: () => 100 });
      await expect(writer.add(entry('new', 5))).rejects.toThrow('disk on fire');
      expect(area.dump()).toEqual(before);
    });
  });

  it('spreads added entries over shards of 100 summaries, counted in meta', async () => {
    expect(SHARD_SIZE).toBe(100);
    const { store, area } = setup();
    const count = SHARD_SIZE * 2 + 40;
    await addMany(store, count);
    expect(layout(area)).toEqual({
      meta: { schema: 1, shards: [0, 1, 2], sizes: [SHARD_SIZE, SHARD_SIZE, 40] },
      lengths: [SHARD_SIZE, SHARD_SIZE, 40],
    });
    expect(shardIds(area, 1)[0]).toBe(`e${SHARD_SIZE}`);
    const listed = await ids(store);
    expect(listed.length).toBe(count);
    expect(listed.slice(0, 3)).toEqual([`e${count - 1}`, `e${count - 2}`, `e${count - 3}`]);
    expect(listed.at(-1)).toBe('e0');
  });

  it('saves under a fresh id when the id has a summary but its entry is missing', async () => {
    const { store, area } = setup({ newId: () => 'fresh' });
    await addMany(store, 3);
    await area.remove([entryKey('e1')]);
    await store.add(entry('e1', 10));
    expect(await ids(store)).toEqual(['fresh', 'e2', 'e1', 'e0']);
  });

  it('numbers a new shard past every shard even when meta lists them out of order', async () => {
    const { store, area } = setup();
    await seed(store, SHARD_SIZE * 2);
    await area.set({ [META_KEY]: { schema: 1, shards: [1, 0] } });
    await store.add(entry('new', 99_999));
    expect((await ids(store)).length).toBe(SHARD_SIZE * 2 + 1);
  });

  it('evicts the oldest unpinned entries beyond capacity and says so', async () => {
    const { store } = setup({ capacity: 3 });
    await store.add(entry('p', 1, { pinned: true }));
    await store.add(entry('a', 2));
    await store.add(entry('b', 3));
    expect(await store.add(entry('c', 4))).toEqual({
      notices: ['Removed the oldest history entry to stay within the limit of 3.'],
    });
    expect(await ids(store)).toEqual(['c', 'b', 'p']);
    expect(await store.get('a')).toBeNull();
  });

  it('never evicts pinned entries, even beyond capacity', async () => {
    const capacity = { value: 10 };
    const area = createMemoryArea();
    const store = new HistoryStore(area, inProcessLock(), { capacity: () => capacity.value });
    for (let i = 0; i < 4; i++) await store.add(entry(`p${i}`, i, { pinned: true }));
    await store.add(entry('u1', 10));
    await store.add(entry('u2', 11));
    capacity.value = 2;
    expect(await store.add(entry('u3', 12))).toEqual({
      notices: ['Removed 3 oldest history entries to stay within the limit of 2.'],
    });
    expect(await ids(store)).toEqual(['p3', 'p2', 'p1', 'p0']);
    expect(Object.keys(area.dump()).filter((k) => k.startsWith('history:e:')).length).toBe(4);
  });

  it('drops shards that eviction empties', async () => {
    const capacity = { value: 10_000 };
    const area = createMemoryArea();
    const store = new HistoryStore(area, inProcessLock(), { capacity: () => capacity.value });
    const seeded = SHARD_SIZE * 2 + 10;
    await seed(store, seeded);
    capacity.value = 20;
    const evicted = seeded + 1 - 20;
    expect((await store.add(entry('last', 99_999))).notices).toEqual([
      `Removed ${evicted} oldest history entries to stay within the limit of 20.`,
    ]);
    // e0…e190 went: shard 0 is empty and deleted, shard 1 keeps its last 9, shard 2 its 10 and the new one.
    const dump = area.dump();
    expect(dump[META_KEY]).toEqual({ schema: 1, shards: [1, 2], sizes: [9, 11] });
    expect(shardKey(0) in dump).toBe(false);
    expect(shardIds(area, 1)).toEqual(Array.from({ length: 9 }, (_, i) => `e${evicted + i}`));
    expect(shardIds(area, 2).slice(-2)).toEqual([`e${seeded - 1}`, 'last']);
    expect(Object.keys(dump).filter((k) => k.startsWith('history:e:')).length).toBe(20);
    expect((await ids(store)).slice(0, 2)).toEqual(['last', `e${seeded - 1}`]);
  });

  it('loses nothing when two stores write at once through the same lock', async () => {
    const area = createMemoryArea();
    const lock = inProcessLock();
    const one = new HistoryStore(area, lock, { capacity: () => 5_000 });
    const two = new HistoryStore(area, lock, { capacity: () => 5_000 });
    const adds: Promise<unknown>[] = [];
    for (let i = 0; i < 500; i++) {
      adds.push(one.add(entry(`one${i}`, i)));
      adds.push(two.add(entry(`two${i}`, i)));
    }
    await Promise.all(adds);
    const listed = await ids(one);
    expect(listed.length).toBe(1000);
    expect(new Set(listed).size).toBe(1000);
    expect(await ids(two)).toEqual(listed);
  });

  it('runs every change inside the lock', async () => {
    const { area } = setup();
    let inside = 0;
    const entered: string[] = [];
    const lock: Exclusive = async (task) => {
      inside++;
      try {
        return await task();
      } finally {
        inside--;
      }
    };
    const watched: KeyValueArea = {
      get: (keys) => area.get(keys),
      set: (items) => {
        entered.push(inside === 1 ? 'set in lock' : 'set outside');
        return area.set(items);
      },
      remove: (keys) => {
        entered.push(inside === 1 ? 'remove in lock' : 'remove outside');
        return area.remove(keys);
      },
    };
    const store = new HistoryStore(watched, lock, { capacity: () => 1 });
    await store.add(entry('a', 1));
    await store.add(entry('b', 2));
    await store.setPinned('b', true);
    await store.importEntries([entry('c', 3)]);
    await store.remove(['c']);
    await store.clear({ keepPinned: false });
    expect(entered.length).toBeGreaterThan(5);
    expect(entered.filter((e) => e.endsWith('outside'))).toEqual([]);
  });

  describe('when storage is full', () => {
    it('removes the oldest unpinned tenth, saves the entry and says so', async () => {
      // Each entry takes about 640 bytes: the 43rd does not fit next to the 43 stored.
      const { store, area, log, resetLog } = setup({ quotaBytes: 30_700 });
      const body = 'x'.repeat(300);
      const big = (id: string, createdAt: number, pinned = false) =>
        entry(id, createdAt, { pinned, response: { status: 200, statusText: 'OK', timeMs: 1, size: 300, body } });
      await store.add(big('pin', 0, true));
      for (let i = 1; i <= 42; i++) expect(await store.add(big(`e${i}`, i))).toEqual({ notices: [] });
      expect(area.dump()[META_KEY]).toEqual({ schema: 1, shards: [0], sizes: [43] });
      resetLog();
      expect(await store.add(big('e43', 43))).toEqual({
        notices: ['Storage is full: removed the 4 oldest history entries.'],
      });
      const saving = [entryKey('e43'), shardKey(0), META_KEY];
      expect(log.sets).toEqual([
        { keys: saving, ok: false }, // the quick path, which then leaves it to the whole-index path
        { keys: saving, ok: false },
        { keys: [shardKey(0), META_KEY], ok: true }, // the oldest unpinned tenth taken out of the index
        { keys: saving, ok: true },
      ]);
      expect(log.removes).toEqual([['e1', 'e2', 'e3', 'e4'].map(entryKey)]);
      expect(area.dump()[META_KEY]).toEqual({ schema: 1, shards: [0], sizes: [40] });
      const expected = [...Array.from({ length: 39 }, (_, i) => `e${43 - i}`), 'pin'];
      expect(await ids(store)).toEqual(expected);
      expect(await store.get('e4')).toBeNull();
      expect(await store.get('e43')).toEqual(big('e43', 43));
      expect(area.bytesInUse()).toBeLessThanOrEqual(30_700);
    });

    it('says so when it removed a single entry', async () => {
      const { store } = setup({ quotaBytes: 12_400 });
      const body = 'x'.repeat(300);
      const big = (id: string, createdAt: number) =>
        entry(id, createdAt, { response: { status: 200, statusText: 'OK', timeMs: 1, size: 300, body } });
      for (let i = 1; i <= 17; i++) await store.add(big(`e${i}`, i));
      expect(await store.add(big('e18', 18))).toEqual({
        notices: ['Storage is full: removed the oldest history entry.'],
      });
      expect((await ids(store)).at(-1)).toBe('e2');
    });

    it('refuses when every stored entry is pinned, removing nothing', async () => {
      const { store } = setup({ quotaBytes: 3_000 });
      const body = 'x'.repeat(400);
      let stored = 0;
      await expect(
        (async () => {
          for (let i = 0; ; i++) {
            await store.add(
              entry(`p${i}`, i, { pinned: true, response: { status: 200, statusText: '', timeMs: 1, size: 1, body } }),
            );
            stored++;
          }
        })(),
      ).rejects.toThrow(
        'Storage is full and there is nothing left to remove: every saved history entry is pinned. Unpin or delete some, or save smaller response bodies.',
      );
      expect((await store.list()).summaries.length).toBe(stored);
    });

    it('refuses an entry too large for an empty history', async () => {
      const { store, area } = setup({ quotaBytes: 500 });
      const huge = entry('h', 1, {
        response: { status: 200, statusText: '', timeMs: 1, size: 1, body: 'x'.repeat(600) },
      });
      await expect(store.add(huge)).rejects.toThrow(
        'Storage is full and there is nothing left to remove: the history is empty, so the entry is too large for the space left.',
      );
      expect(area.dump()).toEqual({});
    });

    it('gives up after a few rounds when the entry never fits', async () => {
      const { store } = setup({ quotaBytes: 40_000 });
      await addMany(store, 100);
      const huge = entry('h', 1_000, {
        response: { status: 200, statusText: '', timeMs: 1, size: 1, body: 'x'.repeat(50_000) },
      });
      await expect(store.add(huge)).rejects.toThrow(
        'Storage is full: removing the 27 oldest history entries did not make room.',
      );
      // 10 + 9 + 8 removed (a tenth each round), the rest kept.
      expect((await store.list()).summaries.length).toBe(73);
    });
  });

  describe('reading damaged storage', () => {
    it('skips a shard that is not an array, lists the rest and repairs the index', async () => {
      const { store, area } = setup();
      await seed(store, SHARD_SIZE + 3);
      await area.set({ [shardKey(0)]: 'garbage' });
      const first = await store.list();
      expect(first.notices).toEqual(['Skipped an unreadable part of the history index.']);
      expect(first.summaries.map((s) => s.id)).toEqual([`e${SHARD_SIZE + 2}`, `e${SHARD_SIZE + 1}`, `e${SHARD_SIZE}`]);
      // Repaired: meta no longer names it, and the broken key is gone.
      expect(area.dump()[META_KEY]).toEqual({ schema: 1, shards: [1], sizes: [3] });
      expect(shardKey(0) in area.dump()).toBe(false);
      expect(await store.list()).toEqual({ summaries: first.summaries, notices: [] });
    });

    it('skips unreadable summaries with a count', async () => {
      const { store, area } = setup();
      await addMany(store, 3);
      const shard = storedShard(area.dump(), 0);
      await area.set({ [shardKey(0)]: [shard[0], { id: 'x' }, 42, shard[1], null, shard[2]] });
      expect(await store.list()).toEqual({
        summaries: [summary('e2', 2), summary('e1', 1), summary('e0', 0)],
        notices: ['Skipped 3 unreadable history entries.'],
      });
    });

    it('rebuilds a missing meta from the shard keys', async () => {
      const { store, area } = setup();
      await seed(store, SHARD_SIZE * 2 + 1);
      await area.remove([META_KEY]);
      await area.set({ unrelated: 1, 'history:i:x': [] });
      const listed = await store.list();
      expect(listed.notices).toEqual(['The history index was missing or damaged and has been rebuilt.']);
      expect(listed.summaries.length).toBe(SHARD_SIZE * 2 + 1);
      expect(area.dump()[META_KEY]).toEqual({ schema: 1, shards: [0, 1, 2], sizes: [SHARD_SIZE, SHARD_SIZE, 1] });
      expect((await store.list()).notices).toEqual([]);
      await store.add(entry('next', 5_000));
      expect(area.dump()[META_KEY]).toEqual({ schema: 1, shards: [0, 1, 2], sizes: [SHARD_SIZE, SHARD_SIZE, 2] });
      expect(shardIds(area, 2)).toEqual([`e${SHARD_SIZE * 2}`, 'next']);
    });

    it('rebuilds a corrupt meta', async () => {
      const { store, area } = setup();
      await addMany(store, 2);
      await area.set({ [META_KEY]: { schema: 1, shards: 'all' } });
      expect(await store.list()).toEqual({
        summaries: [summary('e1', 1), summary('e0', 0)],
        notices: ['The history index was missing or damaged and has been rebuilt.'],
      });
    });

    it('leaves an index written by a newer version alone', async () => {
      const { store, area } = setup();
      await area.set({ [META_KEY]: { schema: 9, layout: 'new' } });
      const message =
        'The history was saved by a newer version of HTTP Workbench (index schema 9); this version can neither show nor change it.';
      expect(await store.list()).toEqual({ summaries: [], notices: [message] });
      await expect(store.add(entry('a', 1))).rejects.toThrow(message);
      expect(area.dump()).toEqual({ [META_KEY]: { schema: 9, layout: 'new' } });
    });

    it('returns null for an unreadable or newer entry, and export skips them with reasons', async () => {
      const { store, area } = setup();
      await addMany(store, 4);
      await area.set({
        [entryKey('e1')]: { ...entry('e1', 1), schema: 3 },
        [entryKey('e2')]: { ...entry('e2', 2), pinned: 'no' },
      });
      await area.remove([entryKey('e3')]);
      expect(await store.get('e1')).toBeNull();
      expect(await store.get('e2')).toBeNull();
      expect(await store.get('e3')).toBeNull();
      expect((await store.list()).summaries.length).toBe(4);
      expect(await store.exportAll()).toEqual({
        entries: [entry('e0', 0)],
        notices: [
          'Skipped 3 unreadable history entries (e3: missing; e2: pinned is not a boolean; e1: unknown schema 3).',
        ],
      });
    });

    it('migrates an older stored entry on read', async () => {
      const { store, area } = setup();
      await store.add(entry('old', 1));
      await area.set({ [entryKey('old')]: { id: 'old', time: 1, method: 'GET', url: 'https://x', status: 204 } });
      expect(await store.get('old')).toEqual({
        id: 'old',
        schema: 2,
        createdAt: 1,
        pinned: false,
        request: { method: 'GET', url: 'https://x', headers: [], body: { kind: 'none' }, auth: { kind: 'none' } },
        response: { status: 204, statusText: '', timeMs: 0, size: 0 },
      });
    });
  });

  it('pins and unpins an entry and its summary', async () => {
    const { store } = setup();
    await addMany(store, 3);
    await store.setPinned('e1', true);
    expect((await store.list()).summaries.map((s) => [s.id, s.pinned])).toEqual([
      ['e2', false],
      ['e1', true],
      ['e0', false],
    ]);
    expect((await store.get('e1'))?.pinned).toBe(true);
    await store.setPinned('e1', false);
    expect((await store.get('e1'))?.pinned).toBe(false);
    expect((await store.list()).summaries.every((s) => !s.pinned)).toBe(true);
    await store.setPinned('gone', true);
    expect((await store.list()).summaries.length).toBe(3);
  });

  it('removes entries and their keys', async () => {
    const { store, area } = setup();
    await addMany(store, 4);
    await store.remove(['e1', 'e3', 'unknown']);
    expect(await ids(store)).toEqual(['e2', 'e0']);
    expect(Object.keys(area.dump()).sort()).toEqual(['history:e:e0', 'history:e:e2', 'history:i:0', META_KEY]);
    await store.remove(['e0', 'e2']);
    expect(area.dump()).toEqual({ [META_KEY]: { schema: 1, shards: [], sizes: [] } });
    expect(await store.list()).toEqual({ summaries: [], notices: [] });
    await store.add(entry('again', 9));
    expect(await ids(store)).toEqual(['again']);
    expect(area.dump()[META_KEY]).toEqual({ schema: 1, shards: [0], sizes: [1] });
  });

  it('clears everything, or everything but the pinned entries', async () => {
    const { store, area } = setup();
    await addMany(store, 5);
    await store.setPinned('e2', true);
    expect(await store.clear({ keepPinned: true })).toBe(4);
    expect(await ids(store)).toEqual(['e2']);
    expect(Object.keys(area.dump()).sort()).toEqual(['history:e:e2', 'history:i:0', META_KEY]);
    expect(await store.clear({ keepPinned: false })).toBe(1);
    expect(area.dump()).toEqual({});
    expect(await store.clear({ keepPinned: false })).toBe(0);
  });

  it('exports whole entries newest first, across export batches', async () => {
    const { store } = setup();
    await seed(store, 450);
    await store.setPinned('e7', true);
    const { entries, notices } = await store.exportAll();
    expect(notices).toEqual([]);
    expect(entries.length).toBe(450);
    expect(entries[0]).toEqual(entry('e449', 449));
    expect(entries[442]).toEqual(entry('e7', 7, { pinned: true }));
    expect(entries.at(-1)).toEqual(entry('e0', 0));
  });

  it('imports entries oldest first, skipping stored ids, repeats and invalid entries', async () => {
    const { store } = setup();
    await store.add(entry('a', 10));
    const result = await store.importEntries([
      entry('c', 30, { pinned: true }),
      entry('a', 99),
      entry('b', 5),
      { ...entry('bad', 1), createdAt: 'yesterday' } as unknown as HistoryEntry,
      entry('c', 31),
    ]);
    expect(result).toEqual({
      added: 2,
      skipped: 3,
      notices: ['Skipped an invalid history entry (entry 4: createdAt is not a number).'],
    });
    expect(await ids(store)).toEqual(['c', 'a', 'b']);
    expect(await store.get('a')).toEqual(entry('a', 10));
    expect(await store.get('c')).toEqual(entry('c', 30, { pinned: true }));
  });

  it('refuses an import that is not a list', async () => {
    const { store } = setup();
    await expect(store.importEntries({ entries: [] } as unknown as HistoryEntry[])).rejects.toThrow(
      'Cannot import history: expected a list of entries.',
    );
  });

  it('still lists when repairing the index fails', async () => {
    const area = createMemoryArea();
    const store = new HistoryStore(area, inProcessLock(), { capacity: () => 100 });
    await store.add(entry('a', 1));
    await area.remove([META_KEY]);
    const failing: KeyValueArea = {
      get: (keys) => area.get(keys),
      set: () => Promise.reject(new Error('disk on fire')),
      remove: (keys) => area.remove(keys),
    };
    const reader = new HistoryStore(failing, inProcessLock(), { capacity: () => 100 });
    expect(await reader.list()).toEqual({
      summaries: [summary('a', 1)],
      notices: ['The history index was missing or damaged and has been rebuilt.'],
    });
    await expect(reader.add(entry('b', 2))).rejects.toThrow('disk on fire');
  });

  it('imports old-schema entries migrated', async () => {
    const { store } = setup();
    const result = await store.importEntries([
      { id: 'v0', time: 3, method: 'GET', url: 'https://x', status: 200 } as unknown as HistoryEntry,
    ]);
    expect(result).toEqual({ added: 1, skipped: 0, notices: [] });
    expect((await store.get('v0'))?.schema).toBe(2);
  });

  it('imports many entries into full shards and evicts beyond capacity', async () => {
    const { store, area } = setup({ capacity: 700 });
    await store.add(entry('pinned-old', 0, { pinned: true }));
    const many = Array.from({ length: 1000 }, (_, i) => entry(`i${i}`, 1000 - i));
    const result = await store.importEntries(many);
    expect(result).toEqual({
      added: 1000,
      skipped: 0,
      notices: ['Removed 301 oldest history entries to stay within the limit of 700.'],
    });
    const listed = await ids(store);
    expect(listed.length).toBe(700);
    expect(listed[0]).toBe('i0');
    expect(listed.at(-2)).toBe('i698');
    expect(listed.at(-1)).toBe('pinned-old');
    // Imported oldest first: shard 0 held the pinned entry and the 99 oldest imports, shards 1…9 a hundred
    // each, shard 10 the newest. The 301 evicted emptied shards 0 (but for the pinned entry), 1 and 2, and
    // took 2 from shard 3.
    const sizes = [1, 98, 100, 100, 100, 100, 100, 100, 1];
    expect(layout(area)).toEqual({
      meta: { schema: 1, shards: [0, 3, 4, 5, 6, 7, 8, 9, 10], sizes },
      lengths: sizes,
    });
    expect(shardIds(area, 0)).toEqual(['pinned-old']);
  });
});

describe('shard encoding', () => {
  it('stores shards as JSON text, and still reads shards of the older array layout', async () => {
    const area = createMemoryArea();
    const store = new HistoryStore(area, inProcessLock(), { capacity: () => 100 });
    await store.add(entry('a', 1));
    expect(typeof area.dump()[shardKey(0)]).toBe('string');
    // Rewritten the old way: an array of summary objects.
    await area.set({ [shardKey(0)]: JSON.parse(area.dump()[shardKey(0)] as string) as unknown[] });
    await store.add(entry('b', 2));
    expect((await store.list()).summaries.map((s) => s.id)).toEqual(['b', 'a']);
    expect(typeof area.dump()[shardKey(0)]).toBe('string');
  });

  it('treats text that is not a JSON list as an unreadable shard', async () => {
    const area = createMemoryArea();
    const store = new HistoryStore(area, inProcessLock(), { capacity: () => 100 });
    await store.add(entry('a', 1));
    await area.set({ [shardKey(0)]: '{"not":"a list"}' });
    const listed = await store.list();
    expect(listed.summaries).toEqual([]);
    expect(listed.notices).toEqual(['Skipped an unreadable part of the history index.']);
  });
});
