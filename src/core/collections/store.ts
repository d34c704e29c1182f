/**
 * Saved collections over a key-value area (`storage.local` in the extension),
 * with the history's guarantees through the same mechanism: the shared
 * storage lock (`Exclusive`) around every read-modify-write, which re-reads
 * what it changes inside the lock, so two panels saving at once both land;
 * one `set` per change (all of it stored, or on error none of it); quota
 * errors recognised by `isQuotaError` and reported in words; unreadable data
 * skipped with a notice and never overwritten.
 *
 * Layout: `collections:meta` holds the collections' order; each collection's
 * tree (folders, and per request only its name, method and URL) is one key,
 * `collections:c:<id>`, stored as JSON text (Chrome reads one string much
 * faster than the same data as objects, as the history's shards showed);
 * each saved request is its own key, `collections:r:<id>`. Opening a
 * collection of 1,000 requests reads two keys; saving a request writes its
 * key and its collection's tree. Saved requests are the user's work: unlike
 * history entries, none is ever removed to make room.
 */
import { flatMap } from '../arrays.ts';
import { isQuotaError, type Exclusive, type KeyValueArea } from '../storage.ts';
import { isObject } from '../shape.ts';
import {
  CollectionError,
  checkName,
  fromPortable,
  idsUnder,
  locate,
  readCollection,
  readSavedRequest,
} from './model.ts';
import {
  COLLECTION_SCHEMA,
  type Collection,
  type PortableCollection,
  type SavedRequest,
  type TreeNode,
} from './types.ts';

export const META_KEY = 'collections:meta';
const COLLECTION_PREFIX = 'collections:c:';
const REQUEST_PREFIX = 'collections:r:';
/** Saved requests one read fetches (export, run, search). */
const READ_BATCH = 500;

export const collectionKey = (id: string): string => COLLECTION_PREFIX + id;
export const requestKey = (id: string): string => REQUEST_PREFIX + id;

/** Whether a storage key belongs to the collections (for storage change listeners). */
export function isCollectionsKey(key: string): boolean {
  return key === META_KEY || key.startsWith(COLLECTION_PREFIX) || key.startsWith(REQUEST_PREFIX);
}

interface Meta {
  schema: typeof COLLECTION_SCHEMA;
  /** Collection ids in the user's order. */
  order: string[];
}

const isMeta = (value: unknown): value is Meta =>
  isObject(value) &&
  value.schema === COLLECTION_SCHEMA &&
  Array.isArray(value.order) &&
  value.order.every((id) => typeof id === 'string');

/** What one change writes. */
export interface Changes {
  /** Collections to store (new or changed). */
  collections?: Collection[];
  /** Collections to delete, with their requests listed in `dropRequests`. */
  removeCollections?: string[];
  /** The new order of collection ids (default: as it was, new collections at the end). */
  order?: string[];
  putRequests?: SavedRequest[];
  dropRequests?: string[];
}

/** The collections as read inside a change: readable ones by id, and the order. */
export interface Snapshot {
  collections: Map<string, Collection>;
  order: string[];
}

const FULL_MESSAGE =
  'Storage is full, so this was not saved (nothing was changed). Clear some history in the options page, or delete saved requests you no longer need, then try again.';

/** What saving a request needs. */
export interface SaveRequestInput {
  collectionId: string;
  /** The folder to save into (null: the collection's top level). Ignored when the request is already saved somewhere. */
  parentId: string | null;
  /** The saved request to overwrite; absent for a new one. */
  id?: string;
  name: string;
  request: SavedRequest['request'];
  inheritAuth: boolean;
  variables?: SavedRequest['variables'];
}

export interface CollectionStoreOptions {
  newId?: () => string;
  now?: () => number;
}

export class CollectionStore {
  private readonly newId: () => string;
  private readonly now: () => number;

  constructor(
    private readonly area: KeyValueArea,
    private readonly lock: Exclusive,
    options: CollectionStoreOptions = {},
  ) {
    this.newId = options.newId ?? (() => crypto.randomUUID());
    this.now = options.now ?? Date.now;
  }

  /** Every readable collection in order; `notices` tell what was skipped. Reads without the lock. */
  async list(): Promise<{ collections: Collection[]; notices: string[] }> {
    const { snapshot, notices, rebuilt } = await this.read();
    // A list rebuilt from every key in storage is written back under the lock (read again there), so
    // neither the scan nor its notice comes back on the next open. Should that fail, the next change writes it.
    if (rebuilt) await this.lock(() => this.persistRebuilt(snapshot.order)).catch(() => undefined);
    return { collections: flatMap(snapshot.order, (id) => snapshot.collections.get(id) ?? []), notices };
  }

  /** One saved request, or null when it is gone or unreadable. */
  async getRequest(id: string): Promise<SavedRequest | null> {
    const raw = (await this.area.get([requestKey(id)]))[requestKey(id)];
    if (raw === undefined) return null;
    const result = readSavedRequest(raw);
    return result.ok ? result.saved : null;
  }

  /** Many saved requests at once; missing or unreadable ones are named in `problems`. */
  async getRequests(ids: readonly string[]): Promise<{ requests: Map<string, SavedRequest>; problems: string[] }> {
    const requests = new Map<string, SavedRequest>();
    const problems: string[] = [];
    for (let start = 0; start < ids.length; start += READ_BATCH) {
      const batch = ids.slice(start, start + READ_BATCH);
      const stored = await this.area.get(batch.map(requestKey));
      for (const id of batch) {
        const raw = stored[requestKey(id)];
        const result = raw === undefined ? { ok: false as const, reason: 'missing' } : readSavedRequest(raw);
        if (result.ok) requests.set(id, result.saved);
        else problems.push(`${id}: ${result.reason}`);
      }
    }
    return { requests, problems };
  }

  /**
   * Applies `change` to the freshest stored collections under the lock and
   * writes what it returns in one step. Errors thrown by `change` pass
   * through and nothing is written. A full storage is a CollectionError with
   * a message for the user.
   */
  update<T>(
    change: (snapshot: Snapshot) => { changes: Changes; result: T } | Promise<{ changes: Changes; result: T }>,
  ): Promise<T> {
    return this.lock(async () => {
      const { snapshot, unreadable } = await this.read();
      const { changes, result } = await change(snapshot);
      await this.write(snapshot, unreadable, changes);
      return result;
    });
  }

  /** A new, empty collection at the end. */
  create(name: string): Promise<Collection> {
    const collection: Collection = {
      id: this.newId(),
      schema: COLLECTION_SCHEMA,
      name: checkName(name, 'collection'),
      variables: [],
      auth: null,
      children: [],
    };
    return this.update(() => ({ changes: { collections: [collection] }, result: collection }));
  }

  /** Changes one collection's tree (rename, move, folders, variables…); returns the new collection. */
  change(collectionId: string, edit: (collection: Collection) => Collection): Promise<Collection> {
    return this.update(({ collections }) => {
      const current = collections.get(collectionId);
      if (!current) throw new CollectionError('That collection no longer exists.');
      const next = edit(current);
      return { changes: { collections: [next] }, result: next };
    });
  }

  /** Changes two collections in one step (moving a node from one to the other). */
  moveAcross(
    sourceId: string,
    targetId: string,
    edit: (source: Collection, target: Collection) => { source: Collection; target: Collection },
  ): Promise<void> {
    return this.update(({ collections }) => {
      const source = collections.get(sourceId);
      const target = collections.get(targetId);
      if (!source || !target) throw new CollectionError('That collection no longer exists.');
      const next = edit(source, target);
      return {
        changes: { collections: sourceId === targetId ? [next.target] : [next.source, next.target] },
        result: undefined,
      };
    });
  }

  /**
   * Copies saved requests to new ids (`ids`: old → new) together with a tree
   * change that adds their rows (duplicate), in one step. A request that can
   * no longer be read is left out of the copy's tree.
   */
  copyRequests(
    collectionId: string,
    ids: ReadonlyMap<string, string>,
    edit: (collection: Collection) => Collection,
  ): Promise<void> {
    return this.update(async ({ collections }) => {
      const collection = collections.get(collectionId);
      if (!collection) throw new CollectionError('That collection no longer exists.');
      const { requests } = await this.getRequests([...ids.keys()]);
      const copies: SavedRequest[] = [];
      for (const [from, to] of ids) {
        const original = requests.get(from);
        if (original) copies.push({ ...structuredClone(original), id: to, savedAt: this.now() });
      }
      let next = edit(collection);
      const missing = [...ids.values()].filter((id) => !copies.some((c) => c.id === id));
      for (const id of missing) {
        const where = locate(next, id);
        if (where) {
          next = structuredClone(next);
          const again = locate(next, id)!;
          (again.parent ? again.parent.children : next.children).splice(again.index, 1);
        }
      }
      return { changes: { collections: [next], putRequests: copies }, result: undefined };
    });
  }

  /**
   * Saves a request: overwrites it where it is when `id` is saved already,
   * else adds it under `parentId`. The tree's row follows the name, method
   * and URL. Returns the saved request.
   */
  saveRequest(input: SaveRequestInput): Promise<SavedRequest> {
    const name = checkName(input.name, 'request');
    return this.update(({ collections }) => {
      let collection = collections.get(input.collectionId);
      if (!collection) throw new CollectionError('That collection no longer exists.');
      collection = structuredClone(collection);
      const existing = input.id ? locate(collection, input.id) : null;
      const id = existing ? existing.node.id : this.newId();
      const saved: SavedRequest = {
        id,
        schema: COLLECTION_SCHEMA,
        name,
        request: input.request,
        inheritAuth: input.inheritAuth,
        variables: input.variables ?? [],
        savedAt: this.now(),
      };
      const row: TreeNode = { type: 'request', id, name, method: input.request.method, url: input.request.url };
      if (existing) {
        Object.assign(existing.node, row);
      } else {
        const parent = input.parentId === null ? null : locate(collection, input.parentId);
        if (input.parentId !== null && (!parent || parent.node.type !== 'folder')) {
          throw new CollectionError('That folder no longer exists.');
        }
        (parent?.node.type === 'folder' ? parent.node.children : collection.children).push(row);
      }
      return { changes: { collections: [collection], putRequests: [saved] }, result: saved };
    });
  }

  /** Stores imported collections (with fresh ids) at the end, all or nothing. */
  importCollections(portables: readonly PortableCollection[]): Promise<Collection[]> {
    return this.update(() => {
      const made = portables.map((p) => fromPortable(p, { newId: this.newId, now: this.now() }));
      return {
        changes: { collections: made.map((m) => m.collection), putRequests: flatMap(made, (m) => m.requests) },
        result: made.map((m) => m.collection),
      };
    });
  }

  /**
   * Deletes a node (folder or request) or a whole collection, with the
   * saved requests under it. Returns what was removed (the saved requests
   * read inside the same locked step), for undo.
   */
  remove(collectionId: string, id: string): Promise<Removed> {
    return this.update<Removed>(async ({ collections, order }) => {
      const collection = collections.get(collectionId);
      if (!collection) throw new CollectionError('That collection no longer exists.');
      if (id === collectionId) {
        const ids = flatMap(collection.children, idsUnder);
        const { requests } = await this.getRequests(ids);
        const result: Removed = {
          kind: 'collection',
          collection,
          index: order.indexOf(collectionId),
          requests: [...requests.values()],
        };
        return { changes: { removeCollections: [collectionId], dropRequests: ids }, result };
      }
      const found = locate(collection, id);
      if (!found) throw new CollectionError('That item no longer exists.');
      const next = structuredClone(collection);
      const where = locate(next, id)!;
      (where.parent ? where.parent.children : next.children).splice(where.index, 1);
      const ids = idsUnder(found.node);
      const { requests } = await this.getRequests(ids);
      const result: Removed = {
        kind: 'node',
        collectionId,
        node: found.node,
        parentId: found.parent?.id ?? null,
        index: found.index,
        requests: [...requests.values()],
      };
      return { changes: { collections: [next], dropRequests: ids }, result };
    });
  }

  /** Puts back what `remove` took (undo). A node whose folder is gone goes to the top level. */
  restore(removed: Removed): Promise<void> {
    const requests = removed.requests;
    return this.update(({ collections, order }) => {
      if (removed.kind === 'collection') {
        const nextOrder = [...order];
        nextOrder.splice(Math.max(0, Math.min(nextOrder.length, removed.index)), 0, removed.collection.id);
        return {
          changes: { collections: [removed.collection], order: nextOrder, putRequests: [...requests] },
          result: undefined,
        };
      }
      const collection = collections.get(removed.collectionId);
      if (!collection) throw new CollectionError('The collection it was in no longer exists.');
      const next = structuredClone(collection);
      const parent = removed.parentId === null ? null : locate(next, removed.parentId);
      const list = parent?.node.type === 'folder' ? parent.node.children : next.children;
      list.splice(Math.min(list.length, removed.index), 0, removed.node);
      return { changes: { collections: [next], putRequests: [...requests] }, result: undefined };
    });
  }

  /**
   * Writes the list rebuilt by a read, unless a change has written one since: every change writes
   * meta under this lock, so a meta still missing here means the collections are those the scan found.
   */
  private async persistRebuilt(order: string[]): Promise<void> {
    if (isMeta((await this.area.get([META_KEY]))[META_KEY])) return;
    await this.area.set({ [META_KEY]: { schema: COLLECTION_SCHEMA, order } satisfies Meta });
  }

  /**
   * Reads meta and every collection it names; rebuilds a lost meta from the keys there are
   * (`rebuilt`: also when there were none, as before the first collection).
   */
  private async read(): Promise<{
    snapshot: Snapshot;
    notices: string[];
    unreadable: Set<string>;
    rebuilt: boolean;
  }> {
    const notices: string[] = [];
    const rawMeta = (await this.area.get([META_KEY]))[META_KEY];
    let order: string[];
    const rebuilt = !isMeta(rawMeta);
    if (isMeta(rawMeta)) {
      order = [...new Set(rawMeta.order)];
    } else {
      const schema = isObject(rawMeta) ? rawMeta.schema : undefined;
      if (typeof schema === 'number' && schema > COLLECTION_SCHEMA) {
        throw new CollectionError(
          'The collections were saved by a newer version of HTTP Workbench; this version can neither show nor change them.',
        );
      }
      const keys = Object.keys(await this.area.get(null));
      order = keys.filter((k) => k.startsWith(COLLECTION_PREFIX)).map((k) => k.slice(COLLECTION_PREFIX.length));
      if (rawMeta !== undefined || order.length > 0)
        notices.push('The list of collections was damaged and has been rebuilt.');
    }
    const stored = order.length > 0 ? await this.area.get(order.map(collectionKey)) : {};
    const collections = new Map<string, Collection>();
    const unreadable = new Set<string>();
    const kept: string[] = [];
    for (const id of order) {
      const raw = stored[collectionKey(id)];
      // Deleted by another page between the two reads, or never written: not listed.
      if (raw === undefined) continue;
      kept.push(id);
      const collection = readCollection(raw, notices);
      if (collection && collection.id === id) collections.set(id, collection);
      else unreadable.add(id);
    }
    return { snapshot: { collections, order: kept }, notices, unreadable, rebuilt };
  }

  private async write(snapshot: Snapshot, unreadable: ReadonlySet<string>, changes: Changes): Promise<void> {
    const writes: Record<string, unknown> = {};
    const removed = new Set(changes.removeCollections ?? []);
    for (const id of removed) {
      if (unreadable.has(id)) throw new CollectionError('That collection cannot be read, so it is left as it is.');
    }
    for (const collection of changes.collections ?? []) {
      if (unreadable.has(collection.id)) {
        throw new CollectionError('That collection cannot be read, so it is left as it is.');
      }
      writes[collectionKey(collection.id)] = JSON.stringify(collection);
    }
    for (const saved of changes.putRequests ?? []) writes[requestKey(saved.id)] = saved;
    let order = (changes.order ?? snapshot.order).filter((id) => !removed.has(id));
    for (const collection of changes.collections ?? [])
      if (!order.includes(collection.id)) order = [...order, collection.id];
    // Unreadable collections keep their place: they are never dropped from the list by a write.
    for (const id of unreadable) if (!order.includes(id) && !removed.has(id)) order.push(id);
    writes[META_KEY] = { schema: COLLECTION_SCHEMA, order } satisfies Meta;
    try {
      await this.area.set(writes);
    } catch (error) {
      if (isQuotaError(error)) throw new CollectionError(FULL_MESSAGE);
      throw error;
    }
    const drop = [...(changes.dropRequests ?? []).map(requestKey), ...[...removed].map(collectionKey)];
    // The tree no longer names them, so should this fail they are unreachable, never listed.
    if (drop.length > 0) await this.area.remove(drop);
  }
}

/** What `remove` took away. */
export type Removed =
  | { kind: 'collection'; collection: Collection; index: number; requests: SavedRequest[] }
  | {
      kind: 'node';
      collectionId: string;
      node: TreeNode;
      parentId: string | null;
      index: number;
      requests: SavedRequest[];
    };
