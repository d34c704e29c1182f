/**
 * The request history over a key-value area (`storage.local` in the
 * extension). One key per whole entry, and the list index in shards of
 * summaries, so the list is drawn from a few reads and saving an entry writes
 * the entry and one shard, never the whole history. Every read-modify-write
 * runs under the shared storage lock and re-reads what it changes inside it,
 * so two pages writing at once lose nothing.
 */
import { flatMap } from '../arrays.ts';
import { isQuotaError, type Exclusive, type KeyValueArea } from '../storage.ts';
import { evictionPlan, summaryOf, validateEntry, validateSummary } from './model.ts';
import type { HistoryEntry, HistorySummary } from './types.ts';

/** The index layout's own version (independent of the entry schema). */
export const INDEX_SCHEMA = 1;
/** Summaries per shard: small enough that appending rewrites little, large enough that listing reads few keys. */
export const SHARD_SIZE = 100;
/** How many whole entries one read fetches when exporting. */
const EXPORT_BATCH = 200;
/** How many entries one write stores when importing. */
const IMPORT_BATCH = 200;
/** How often a write that hit the quota frees space and tries again. */
const QUOTA_RETRIES = 3;

export const META_KEY = 'history:meta';
const ENTRY_PREFIX = 'history:e:';
const SHARD_PREFIX = 'history:i:';
const SHARD_KEY = /^history:i:(\d+)$/;

/** The storage key of one whole entry. */
export const entryKey = (id: string): string => ENTRY_PREFIX + id;
/** The storage key of index shard `n`. */
export const shardKey = (n: number): string => SHARD_PREFIX + n;

/** Whether a storage key belongs to the history (for storage change listeners). */
export function isHistoryKey(key: string): boolean {
  return key === META_KEY || key.startsWith(ENTRY_PREFIX) || key.startsWith(SHARD_PREFIX);
}

/** `history:meta`: the shard numbers in creation order, and how many summaries each holds. */
interface Meta {
  schema: typeof INDEX_SCHEMA;
  shards: number[];
  /**
   * Summaries per shard, parallel to `shards`. Lets an add that needs no
   * eviction read only meta and the last shard. Optional: without it (or when
   * it disagrees with the shard) the add reads the whole index.
   */
  sizes?: number[];
}

interface Shard {
  n: number;
  items: HistorySummary[];
}

/** The index as read: readable shards in order (unreadable summaries left out), and what was wrong. */
interface Index {
  shards: Shard[];
  notices: string[];
  /** Set when meta was missing or damaged, or named unreadable shards: the next write under the lock repairs it. */
  damaged: boolean;
  /** Keys of shards that are not arrays, to delete on repair. */
  brokenKeys: string[];
  /**
   * Set when there was no meta and no shard: a profile that never saved history. Its meta is written
   * once (empty), so later reads find it instead of reading every key in storage to look for shards.
   */
  unindexed: boolean;
}

export interface HistoryStoreOptions {
  /** The most entries to keep (read at each write, so a settings change applies at once). */
  capacity: () => number;
  /** A fresh id for an added entry whose id is already stored. */
  newId?: () => string;
}

/** `one` for a count of one, else `many` (which carries its own number). */
const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

const isMeta = (value: unknown): value is Meta => {
  if (typeof value !== 'object' || value === null) return false;
  const { schema, shards } = value as Partial<Meta>;
  return (
    schema === INDEX_SCHEMA &&
    Array.isArray(shards) &&
    shards.every((n) => Number.isSafeInteger(n) && n >= 0) &&
    new Set(shards).size === shards.length
  );
};

const isCount = (n: unknown) => Number.isSafeInteger(n) && (n as number) >= 0;

/** The shard sizes when meta carries trustworthy ones. */
const sizesOf = (meta: Meta): number[] | null =>
  Array.isArray(meta.sizes) && meta.sizes.length === meta.shards.length && meta.sizes.every(isCount)
    ? meta.sizes
    : null;

const newestFirst = (a: { createdAt: number }, b: { createdAt: number }) => b.createdAt - a.createdAt;

/**
 * A shard as stored: its summaries as one JSON string. Chrome reads a
 * string an order of magnitude faster than the same data as an array of
 * objects (measured: 10,000 summaries in 100 shards, about 14 ms against
 * 190 ms), and the list is read on every panel open.
 */
const encodeShard = (items: readonly HistorySummary[]): string => JSON.stringify(items);

/** A stored shard's summaries (raw, unvalidated), or null when it is neither JSON text of a list nor a list (older layout). */
function decodeShard(raw: unknown): unknown[] | null {
  if (Array.isArray(raw)) return raw;
  if (typeof raw !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** The history was written by a newer version: it is left as it is. */
class NewerIndexError extends Error {
  constructor(schema: number) {
    super(
      `The history was saved by a newer version of HTTP Workbench (index schema ${schema}); this version can neither show nor change it.`,
    );
  }
}

/** Storage is full and freeing space did not help. */
class StorageFullError extends Error {}

/** The request history; safe to use from several pages at once when they share the area and the lock. */
export class HistoryStore {
  private readonly newId: () => string;

  constructor(
    private readonly area: KeyValueArea,
    private readonly lock: Exclusive,
    private readonly options: HistoryStoreOptions,
  ) {
    this.newId = options.newId ?? (() => crypto.randomUUID());
  }

  /** Every summary, newest first; `notices` tell what was skipped as unreadable. Reads without the lock. */
  async list(): Promise<{ summaries: HistorySummary[]; notices: string[] }> {
    let index: Index;
    try {
      index = await this.readIndex();
    } catch (error) {
      if (error instanceof NewerIndexError) return { summaries: [], notices: [error.message] };
      throw error;
    }
    // Repaired under the lock (re-read there), so a damage notice is shown once. Should the repair
    // fail, the list is still shown and the next change repairs it.
    if (index.damaged || index.unindexed) await this.lock(() => this.readForWrite(true)).catch(() => undefined);
    return { summaries: allSummaries(index).sort(newestFirst), notices: index.notices };
  }

  /** One whole entry (migrated to the current schema), or null when it is gone or unreadable. */
  async get(id: string): Promise<HistoryEntry | null> {
    const key = entryKey(id);
    const raw = (await this.area.get([key]))[key];
    if (raw === undefined) return null;
    const result = validateEntry(raw);
    return result.ok ? result.entry : null;
  }

  /**
   * Saves an entry, then evicts the oldest unpinned entries beyond capacity.
   * When storage is full, removes the oldest unpinned tenth (at least one)
   * and tries again, a few times. Throws when the entry is invalid, or when
   * storage is full and removing entries did not make room. An entry whose
   * id is already stored is saved under a fresh id.
   */
  async add(entry: HistoryEntry): Promise<{ notices: string[] }> {
    const checked = validateEntry(entry);
    if (!checked.ok) throw new Error(`Cannot save the history entry: ${checked.reason}.`);
    return this.lock(async () => {
      if (await this.quickAppend(checked.entry)) return { notices: [] };
      const index = await this.readForWrite();
      let toSave = checked.entry;
      if (allSummaries(index).some((s) => s.id === toSave.id)) toSave = { ...toSave, id: this.newId() };
      const notices: string[] = [];
      const freed = await this.appendFreeingSpace(index, [toSave]);
      if (freed > 0) notices.push(quotaNotice(freed));
      const evicted = await this.evictBeyondCapacity(index);
      if (evicted) notices.push(evicted);
      return { notices };
    });
  }

  /** Pins or unpins an entry (the entry and its summary); nothing happens when it is gone. */
  async setPinned(id: string, pinned: boolean): Promise<void> {
    await this.lock(async () => {
      const index = await this.readForWrite();
      const shard = index.shards.find((s) => s.items.some((item) => item.id === id));
      if (!shard) return;
      const key = entryKey(id);
      const raw = (await this.area.get([key]))[key];
      const writes: Record<string, unknown> = {
        [shardKey(shard.n)]: encodeShard(shard.items.map((item) => (item.id === id ? { ...item, pinned } : item))),
      };
      // An unreadable entry keeps its stored data; only its summary changes.
      const current = raw === undefined ? null : validateEntry(raw);
      if (current?.ok) writes[key] = { ...current.entry, pinned };
      await this.area.set(writes);
    });
  }

  /** Deletes these entries. */
  async remove(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.lock(async () => {
      const index = await this.readForWrite();
      await this.removeFrom(index, new Set(ids));
    });
  }

  /** Deletes every entry (or every unpinned one); returns how many were deleted. */
  async clear(options: { keepPinned: boolean }): Promise<number> {
    return this.lock(async () => {
      const index = await this.readForWrite();
      const doomed = allSummaries(index).filter((s) => !(options.keepPinned && s.pinned));
      if (options.keepPinned) {
        await this.removeFrom(index, new Set(doomed.map((s) => s.id)));
      } else {
        const shardKeys = index.shards.map((s) => shardKey(s.n));
        await this.area.remove([META_KEY, ...shardKeys, ...doomed.map((s) => entryKey(s.id))]);
      }
      return doomed.length;
    });
  }

  /** Every whole entry, newest first (for export); unreadable or missing ones are skipped with a notice. */
  async exportAll(): Promise<{ entries: HistoryEntry[]; notices: string[] }> {
    let index: Index;
    try {
      index = await this.readIndex();
    } catch (error) {
      if (error instanceof NewerIndexError) return { entries: [], notices: [error.message] };
      throw error;
    }
    const summaries = allSummaries(index).sort(newestFirst);
    const entries: HistoryEntry[] = [];
    const problems: string[] = [];
    for (let start = 0; start < summaries.length; start += EXPORT_BATCH) {
      const batch = summaries.slice(start, start + EXPORT_BATCH);
      const stored = await this.area.get(batch.map((s) => entryKey(s.id)));
      for (const summary of batch) {
        const raw = stored[entryKey(summary.id)];
        const result = raw === undefined ? { ok: false as const, reason: 'missing' } : validateEntry(raw);
        if (result.ok) entries.push(result.entry);
        else problems.push(`${summary.id}: ${result.reason}`);
      }
    }
    const notices = [...index.notices];
    if (problems.length > 0) notices.push(skippedNotice(problems, 'unreadable'));
    return { entries, notices };
  }

  /**
   * Adds entries (import), validating each: ids already stored (or repeated
   * in the import) are skipped, invalid entries are skipped with a notice.
   * They are appended oldest first, then the oldest unpinned entries beyond
   * capacity are evicted. `skipped` counts every entry not added.
   */
  async importEntries(entries: HistoryEntry[]): Promise<{ added: number; skipped: number; notices: string[] }> {
    if (!Array.isArray(entries)) throw new Error('Cannot import history: expected a list of entries.');
    const valid: HistoryEntry[] = [];
    const problems: string[] = [];
    (entries as unknown[]).forEach((raw, i) => {
      const result = validateEntry(raw);
      if (result.ok) valid.push(result.entry);
      else problems.push(`entry ${i + 1}: ${result.reason}`);
    });
    return this.lock(async () => {
      const index = await this.readForWrite();
      const seen = new Set(allSummaries(index).map((s) => s.id));
      const fresh = valid
        .filter((entry) => {
          if (seen.has(entry.id)) return false;
          seen.add(entry.id);
          return true;
        })
        .sort((a, b) => a.createdAt - b.createdAt);
      const notices: string[] = [];
      if (problems.length > 0) notices.push(skippedNotice(problems, 'invalid'));
      let added = 0;
      let freed = 0;
      let full: string | null = null;
      for (let start = 0; start < fresh.length && full === null; start += IMPORT_BATCH) {
        const batch = fresh.slice(start, start + IMPORT_BATCH);
        try {
          freed += await this.appendFreeingSpace(index, batch);
          added += batch.length;
        } catch (error) {
          if (!(error instanceof StorageFullError)) throw error;
          full = `Storage is full: imported ${added} of ${fresh.length} new entries.`;
        }
      }
      if (freed > 0) notices.push(quotaNotice(freed));
      if (full) notices.push(full);
      const evicted = await this.evictBeyondCapacity(index);
      if (evicted) notices.push(evicted);
      return { added, skipped: entries.length - added, notices };
    });
  }

  /**
   * The common case of `add`, reading only meta, the last shard and the
   * entry's key: the index is sound, the id is new, there is room under the
   * capacity and in storage. Returns false (having written nothing) whenever
   * any of that is not so, and `add` takes the full path.
   */
  private async quickAppend(entry: HistoryEntry): Promise<boolean> {
    const key = entryKey(entry.id);
    const stored = await this.area.get([META_KEY, key]);
    const meta = stored[META_KEY];
    if (stored[key] !== undefined || !isMeta(meta)) return false;
    const sizes = sizesOf(meta);
    if (!sizes) return false;
    const total = sizes.reduce((sum, n) => sum + n, 0);
    if (total + 1 > Math.max(0, Math.floor(this.options.capacity()))) return false;
    const shards = [...meta.shards];
    const counts = [...sizes];
    const last = shards.length - 1;
    let n: number;
    let items: unknown[];
    if (last < 0 || counts[last]! >= SHARD_SIZE) {
      n = shards.length === 0 ? 0 : Math.max(...shards) + 1;
      items = [];
      shards.push(n);
      counts.push(0);
    } else {
      n = shards[last]!;
      const raw = decodeShard((await this.area.get([shardKey(n)]))[shardKey(n)]);
      // A shard that disagrees with meta (unreadable summaries, damage), or already lists this id
      // (its entry gone missing), is left to the full path.
      if (!raw || raw.length !== counts[last]) return false;
      if (raw.some((item) => (item as { id?: unknown } | null)?.id === entry.id)) return false;
      items = raw;
    }
    counts[counts.length - 1]!++;
    try {
      await this.area.set({
        [key]: entry,
        // The stored items are appended to as they are: they agreed with meta, and the list validates on reading.
        [shardKey(n)]: JSON.stringify([...items, summaryOf(entry)]),
        [META_KEY]: { schema: INDEX_SCHEMA, shards, sizes: counts } satisfies Meta,
      });
    } catch (error) {
      if (isQuotaError(error)) return false;
      throw error;
    }
    return true;
  }

  /**
   * Reads meta and the shards it names. A missing or damaged meta is rebuilt
   * from the shard keys in the area; a shard that vanished between reading
   * meta and reading it (another page removed it) makes the read start over
   * once. Damage is only reported here; `readForWrite` repairs it.
   */
  private async readIndex(retry = true): Promise<Index> {
    const notices: string[] = [];
    const rawMeta = (await this.area.get([META_KEY]))[META_KEY];
    let numbers: number[];
    let damaged = false;
    let unindexed = false;
    if (isMeta(rawMeta)) {
      numbers = rawMeta.shards;
    } else {
      const schema = (rawMeta as { schema?: unknown } | undefined)?.schema;
      if (typeof schema === 'number' && schema > INDEX_SCHEMA) throw new NewerIndexError(schema);
      const keys = Object.keys(await this.area.get(null));
      numbers = flatMap(keys, (key) => {
        const match = SHARD_KEY.exec(key);
        return match ? [Number(match[1])] : [];
      }).sort((a, b) => a - b);
      if (rawMeta !== undefined || numbers.length > 0) {
        damaged = true;
        notices.push('The history index was missing or damaged and has been rebuilt.');
      } else unindexed = true;
    }
    const stored = numbers.length > 0 ? await this.area.get(numbers.map(shardKey)) : {};
    if (retry && !damaged && numbers.some((n) => stored[shardKey(n)] === undefined)) return this.readIndex(false);

    const seen = new Set<string>();
    const shards: Shard[] = [];
    const brokenKeys: string[] = [];
    let unreadable = 0;
    for (const n of numbers) {
      const raw = decodeShard(stored[shardKey(n)]);
      if (!raw) {
        brokenKeys.push(shardKey(n));
        continue;
      }
      const items: HistorySummary[] = [];
      for (const item of raw) {
        const summary = validateSummary(item);
        if (!summary) unreadable++;
        else if (!seen.has(summary.id)) {
          seen.add(summary.id);
          items.push(summary);
        }
      }
      shards.push({ n, items });
    }
    if (brokenKeys.length > 0) {
      damaged = true;
      notices.push(
        `Skipped ${plural(brokenKeys.length, 'an unreadable part', `${brokenKeys.length} unreadable parts`)} of the history index.`,
      );
    }
    if (unreadable > 0) {
      notices.push(
        `Skipped ${plural(unreadable, 'an unreadable history entry', `${unreadable} unreadable history entries`)}.`,
      );
    }
    return { shards, notices, damaged, brokenKeys, unindexed };
  }

  /**
   * The index for a change under the lock, with any damage repaired first (meta rewritten, broken shards
   * deleted); `writeEmpty` writes an empty meta where there was none (a change writes its own).
   */
  private async readForWrite(writeEmpty = false): Promise<Index> {
    const index = await this.readIndex();
    if (index.damaged || (writeEmpty && index.unindexed)) {
      await this.area.set({ [META_KEY]: metaOf(index.shards) });
      if (index.brokenKeys.length > 0) await this.area.remove(index.brokenKeys);
      index.damaged = false;
      index.unindexed = false;
      index.brokenKeys = [];
    }
    return index;
  }

  /**
   * Appends entries; when a write hits the quota, removes the oldest
   * unpinned tenth and tries again. Returns how many entries were removed
   * to make room. Throws StorageFullError when that does not help.
   */
  private async appendFreeingSpace(index: Index, entries: HistoryEntry[]): Promise<number> {
    let freed = 0;
    for (let attempt = 0; ; attempt++) {
      try {
        await this.append(index, entries);
        return freed;
      } catch (error) {
        if (!isQuotaError(error)) throw error;
        const summaries = allSummaries(index);
        const tenth = Math.max(1, Math.floor(summaries.length / 10));
        const victims = attempt < QUOTA_RETRIES ? evictionPlan(summaries, summaries.length - tenth) : [];
        if (victims.length === 0) {
          const removed =
            freed > 0
              ? ` (${plural(freed, 'The oldest entry was', `The ${freed} oldest entries were`)} removed trying to make room.)`
              : '';
          throw new StorageFullError(
            attempt >= QUOTA_RETRIES
              ? `Storage is full: removing the ${freed} oldest history entries did not make room. Save smaller response bodies, or delete some entries.`
              : summaries.length === 0
                ? 'Storage is full and there is nothing left to remove: the history is empty, so the entry is too large for the space left. Save smaller response bodies.'
                : `Storage is full and there is nothing left to remove: every saved history entry is pinned. Unpin or delete some, or save smaller response bodies.${removed}`,
          );
        }
        await this.removeFrom(index, new Set(victims));
        freed += victims.length;
      }
    }
  }

  /** Writes the entries, the shards their summaries land in and meta, in one `set`. */
  private async append(index: Index, entries: HistoryEntry[]): Promise<void> {
    const shards = [...index.shards];
    const writes: Record<string, unknown> = {};
    for (const entry of entries) {
      let last = shards[shards.length - 1];
      if (!last || last.items.length >= SHARD_SIZE) {
        // Numbered past every shard there is: meta's order is not trusted to be ascending.
        last = { n: shards.length === 0 ? 0 : Math.max(...shards.map((s) => s.n)) + 1, items: [] };
        shards.push(last);
      } else if (!(shardKey(last.n) in writes)) {
        // Copied before the first change, so a failed write leaves `index` as it was.
        last = { n: last.n, items: [...last.items] };
        shards[shards.length - 1] = last;
      }
      last.items.push(summaryOf(entry));
      writes[entryKey(entry.id)] = entry;
      writes[shardKey(last.n)] = encodeShard(last.items);
    }
    writes[META_KEY] = metaOf(shards);
    await this.area.set(writes);
    index.shards = shards;
  }

  /** Evicts the oldest unpinned entries beyond capacity; returns the notice, if any were removed. */
  private async evictBeyondCapacity(index: Index): Promise<string | null> {
    const capacity = Math.max(0, Math.floor(this.options.capacity()));
    const victims = evictionPlan(allSummaries(index), capacity);
    if (victims.length === 0) return null;
    await this.removeFrom(index, new Set(victims));
    return `Removed ${plural(victims.length, 'the oldest history entry', `${victims.length} oldest history entries`)} to stay within the limit of ${capacity}.`;
  }

  /**
   * Takes these ids out of the index (deleting shards that become empty)
   * and deletes their entries. The index is written first: should the
   * deletion fail, the entries are unreachable, never listed but gone.
   */
  private async removeFrom(index: Index, ids: ReadonlySet<string>): Promise<void> {
    const writes: Record<string, unknown> = {};
    const emptied: string[] = [];
    const kept: Shard[] = [];
    for (const shard of index.shards) {
      const items = shard.items.filter((item) => !ids.has(item.id));
      if (items.length === shard.items.length) kept.push(shard);
      else if (items.length === 0) emptied.push(shardKey(shard.n));
      else {
        writes[shardKey(shard.n)] = encodeShard(items);
        kept.push({ n: shard.n, items });
      }
    }
    if (Object.keys(writes).length > 0 || emptied.length > 0) writes[META_KEY] = metaOf(kept);
    if (Object.keys(writes).length > 0) await this.area.set(writes);
    index.shards = kept;
    await this.area.remove([...emptied, ...[...ids].map(entryKey)]);
  }
}

function metaOf(shards: readonly Shard[]): Meta {
  return { schema: INDEX_SCHEMA, shards: shards.map((s) => s.n), sizes: shards.map((s) => s.items.length) };
}

function allSummaries(index: Index): HistorySummary[] {
  return flatMap(index.shards, (s) => s.items);
}

function quotaNotice(removed: number): string {
  return `Storage is full: removed ${plural(removed, 'the oldest history entry', `the ${removed} oldest history entries`)}.`;
}

/** "Skipped 2 unreadable history entries (a: unknown schema 3; b: missing)." with the first few reasons. */
function skippedNotice(problems: string[], kind: 'unreadable' | 'invalid'): string {
  const shown = problems.slice(0, 3).join('; ');
  const more = problems.length > 3 ? `; ${problems.length - 3} more` : '';
  return `Skipped ${plural(problems.length, `an ${kind} history entry`, `${problems.length} ${kind} history entries`)} (${shown}${more}).`;
}
