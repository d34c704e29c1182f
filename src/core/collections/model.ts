/**
 * Collections as pure data: reading stored collections and saved requests
 * (an unreadable node or variable costs only itself, with a notice), the tree
 * operations (insert, remove, move, rename, duplicate, move up/down), the
 * walk that lists a folder's requests in order, search, and turning a
 * portable collection (an import) into a stored one.
 */
import { flatMap } from '../arrays.ts';
import { validateAuth, validateStoredRequest } from '../history/model.ts';
import { isObject, kindOf } from '../shape.ts';
import {
  COLLECTION_SCHEMA,
  type Collection,
  type CollectionVariable,
  type FolderNode,
  type InheritableAuth,
  type PortableCollection,
  type PortableItem,
  type RequestNode,
  type SavedRequest,
  type TreeNode,
} from './types.ts';

export * from './types.ts';

/** A change to collections that cannot be made as asked; the message says why, for the user. */
export class CollectionError extends Error {
  override name = 'CollectionError';
}

/** The longest name of a collection, folder or request, in characters. */
export const MAX_NAME_LENGTH = 200;
/** How deep folders may nest (a bound for malicious files; real collections stay far below). */
export const MAX_DEPTH = 32;

/** A usable name: trimmed, not empty, not too long. Throws a CollectionError saying what is wrong. */
export function checkName(name: string, what: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw new CollectionError(`The ${what} needs a name.`);
  if (trimmed.length > MAX_NAME_LENGTH) {
    throw new CollectionError(`The ${what}'s name is longer than ${MAX_NAME_LENGTH} characters.`);
  }
  return trimmed;
}

// ---------------------------------------------------------------- reading

function readVariables(raw: unknown, owner: string, notices: string[]): CollectionVariable[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    notices.push(`Skipped the variables of ${owner}: they are ${kindOf(raw)}, not a list.`);
    return [];
  }
  const out: CollectionVariable[] = [];
  raw.forEach((item, i) => {
    if (
      isObject(item) &&
      typeof item.key === 'string' &&
      typeof item.value === 'string' &&
      typeof item.secret === 'boolean' &&
      typeof item.enabled === 'boolean'
    ) {
      out.push({ key: item.key, value: item.value, secret: item.secret, enabled: item.enabled });
    } else notices.push(`Skipped variable ${i + 1} of ${owner}: it is not a readable variable.`);
  });
  return out;
}

function readInheritableAuth(raw: unknown, owner: string, notices: string[]): InheritableAuth {
  if (raw === null || raw === undefined) return null;
  const result = validateAuth(raw, 'auth');
  if (result.ok) return result.auth;
  notices.push(`The auth of ${owner} could not be read (${result.reason}): it inherits instead.`);
  return null;
}

function readNodes(raw: unknown, owner: string, depth: number, seen: Set<string>, notices: string[]): TreeNode[] {
  if (!Array.isArray(raw)) {
    notices.push(`Skipped the contents of ${owner}: they are ${kindOf(raw)}, not a list.`);
    return [];
  }
  const nodes: TreeNode[] = [];
  raw.forEach((item, i) => {
    const label = isObject(item) && typeof item.name === 'string' ? `"${item.name}"` : `item ${i + 1}`;
    const where = `${label} in ${owner}`;
    if (!isObject(item) || typeof item.id !== 'string' || item.id === '' || typeof item.name !== 'string') {
      notices.push(`Skipped ${where}: it has no readable id and name.`);
      return;
    }
    if (seen.has(item.id)) {
      notices.push(`Skipped ${where}: its id is used twice.`);
      return;
    }
    if (item.type === 'request') {
      if (typeof item.method !== 'string' || typeof item.url !== 'string') {
        notices.push(`Skipped ${where}: its method or URL is not readable.`);
        return;
      }
      seen.add(item.id);
      nodes.push({ type: 'request', id: item.id, name: item.name, method: item.method, url: item.url });
    } else if (item.type === 'folder') {
      if (depth >= MAX_DEPTH) {
        notices.push(`Skipped ${where}: folders nest deeper than ${MAX_DEPTH}.`);
        return;
      }
      seen.add(item.id);
      const name = `folder "${item.name}"`;
      nodes.push({
        type: 'folder',
        id: item.id,
        name: item.name,
        variables: readVariables(item.variables, name, notices),
        auth: readInheritableAuth(item.auth, name, notices),
        children: readNodes(item.children, name, depth + 1, seen, notices),
      });
    } else notices.push(`Skipped ${where}: it is neither a folder nor a request.`);
  });
  return nodes;
}

/**
 * A stored collection, or null (with a notice) when it cannot be read as
 * one. Unreadable nodes and variables inside are skipped with a notice each.
 */
export function readCollection(raw: unknown, notices: string[]): Collection | null {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      notices.push('Skipped a collection: its stored data is not valid JSON.');
      return null;
    }
  }
  if (!isObject(value) || typeof value.id !== 'string' || typeof value.name !== 'string') {
    notices.push('Skipped a collection: it has no readable id and name.');
    return null;
  }
  if (value.schema !== COLLECTION_SCHEMA) {
    notices.push(
      typeof value.schema === 'number' && value.schema > COLLECTION_SCHEMA
        ? `Skipped collection "${value.name}": a newer version of HTTP Workbench saved it.`
        : `Skipped collection "${value.name}": its format is unknown.`,
    );
    return null;
  }
  const owner = `collection "${value.name}"`;
  return {
    id: value.id,
    schema: COLLECTION_SCHEMA,
    name: value.name,
    variables: readVariables(value.variables, owner, notices),
    auth: readInheritableAuth(value.auth, owner, notices),
    children: readNodes(value.children, owner, 0, new Set([value.id]), notices),
  };
}

/** A stored saved request, or the reason it cannot be read. */
export function readSavedRequest(raw: unknown): { ok: true; saved: SavedRequest } | { ok: false; reason: string } {
  if (!isObject(raw)) return { ok: false, reason: `it is ${kindOf(raw)}` };
  if (raw.schema !== COLLECTION_SCHEMA) return { ok: false, reason: `unknown format ${String(raw.schema)}` };
  if (typeof raw.id !== 'string' || typeof raw.name !== 'string') return { ok: false, reason: 'no id or name' };
  const request = validateStoredRequest(raw.request);
  if (!request.ok) return { ok: false, reason: request.reason };
  const notices: string[] = [];
  const variables = readVariables(raw.variables, 'the request', notices);
  if (notices.length > 0) return { ok: false, reason: notices[0]! };
  return {
    ok: true,
    saved: {
      id: raw.id,
      schema: COLLECTION_SCHEMA,
      name: raw.name,
      request: request.request,
      inheritAuth: raw.inheritAuth === true,
      variables,
      savedAt: typeof raw.savedAt === 'number' && Number.isFinite(raw.savedAt) ? raw.savedAt : 0,
    },
  };
}

// ---------------------------------------------------------------- finding

/** Where a node sits: its parent (null: the collection's top level), its index there, and the folders above it, outermost first. */
export interface Location {
  node: TreeNode;
  parent: FolderNode | null;
  index: number;
  folders: FolderNode[];
}

/** Finds a node by id, or null. */
export function locate(collection: Collection, id: string): Location | null {
  const walk = (nodes: TreeNode[], parent: FolderNode | null, folders: FolderNode[]): Location | null => {
    for (const [index, node] of nodes.entries()) {
      if (node.id === id) return { node, parent, index, folders };
      if (node.type === 'folder') {
        const found = walk(node.children, node, [...folders, node]);
        if (found) return found;
      }
    }
    return null;
  };
  return walk(collection.children, null, []);
}

/** The collection holding this node (or being it), with the node's location. */
export function findInCollections(
  collections: readonly Collection[],
  id: string,
): { collection: Collection; location: Location | null } | null {
  for (const collection of collections) {
    if (collection.id === id) return { collection, location: null };
    const location = locate(collection, id);
    if (location) return { collection, location };
  }
  return null;
}

/** Every request under these nodes, depth first in the user's order (what "Run" sends). */
export function requestsUnder(nodes: readonly TreeNode[]): RequestNode[] {
  const out: RequestNode[] = [];
  const walk = (list: readonly TreeNode[]) => {
    for (const node of list) {
      if (node.type === 'request') out.push(node);
      else walk(node.children);
    }
  };
  walk(nodes);
  return out;
}

/** Every id in a subtree (the node's own included). */
export function idsUnder(node: TreeNode): string[] {
  return node.type === 'request' ? [node.id] : [node.id, ...flatMap(node.children, idsUnder)];
}

/** How many requests the collection holds. */
export const requestCount = (collection: Collection): number => requestsUnder(collection.children).length;

// ---------------------------------------------------------------- changing

/** The children list of a parent: the collection's top level, or a folder's. Throws when the folder is not there. */
function childrenOf(collection: Collection, parentId: string | null): TreeNode[] {
  if (parentId === null || parentId === collection.id) return collection.children;
  const found = locate(collection, parentId);
  if (!found || found.node.type !== 'folder') throw new CollectionError('That folder no longer exists.');
  return found.node.children;
}

/** A deep copy (changes below never touch the caller's collection). */
const copy = <T>(value: T): T => structuredClone(value);

/** The collection with `node` inserted under `parentId` (null: top level) at `index` (default: the end). */
export function insertNode(
  collection: Collection,
  parentId: string | null,
  node: TreeNode,
  index?: number,
): Collection {
  const next = copy(collection);
  const list = childrenOf(next, parentId);
  const at = index === undefined ? list.length : Math.max(0, Math.min(list.length, index));
  list.splice(at, 0, copy(node));
  return next;
}

/** The collection without this node; `removed` is the node taken out, with where it was (for undo). */
export function removeNode(
  collection: Collection,
  id: string,
): { collection: Collection; removed: TreeNode; parentId: string | null; index: number } {
  const next = copy(collection);
  const found = locate(next, id);
  if (!found) throw new CollectionError('That item no longer exists.');
  const list = found.parent ? found.parent.children : next.children;
  list.splice(found.index, 1);
  return { collection: next, removed: found.node, parentId: found.parent?.id ?? null, index: found.index };
}

/** Renames a node (or the collection itself, when `id` is its id). */
export function renameNode(collection: Collection, id: string, name: string): Collection {
  const next = copy(collection);
  if (id === next.id) {
    next.name = checkName(name, 'collection');
    return next;
  }
  const found = locate(next, id);
  if (!found) throw new CollectionError('That item no longer exists.');
  found.node.name = checkName(name, found.node.type);
  return next;
}

/** Changes one node's fields (a folder's variables and auth; a request row's method and URL after a save). */
export function patchNode<T extends TreeNode>(collection: Collection, id: string, patch: Partial<T>): Collection {
  const next = copy(collection);
  const found = locate(next, id);
  if (!found) throw new CollectionError('That item no longer exists.');
  Object.assign(found.node, patch);
  return next;
}

/**
 * Moves a node by `delta` places among its siblings (the keyboard's move up
 * and down). Returns the collection unchanged at either end.
 */
export function shiftNode(collection: Collection, id: string, delta: number): Collection {
  const found = locate(collection, id);
  if (!found) throw new CollectionError('That item no longer exists.');
  const siblings = found.parent ? found.parent.children : collection.children;
  const to = Math.max(0, Math.min(siblings.length - 1, found.index + delta));
  if (to === found.index) return collection;
  const next = copy(collection);
  const list = childrenOf(next, found.parent?.id ?? null);
  const [node] = list.splice(found.index, 1);
  list.splice(to, 0, node!);
  return next;
}

/**
 * Moves a node into another parent (folder or top level, possibly of another
 * collection) at `index`. A folder cannot go inside itself. Returns the
 * changed collections (one, or source and target).
 */
export function moveNode(
  source: Collection,
  id: string,
  target: Collection,
  parentId: string | null,
  index?: number,
): { source: Collection; target: Collection } {
  const found = locate(source, id);
  if (!found) throw new CollectionError('That item no longer exists.');
  if (parentId !== null && parentId !== target.id && idsUnder(found.node).includes(parentId)) {
    throw new CollectionError('A folder cannot move inside itself.');
  }
  const taken = removeNode(source, id);
  let at = index;
  // Within one list, removing the node first shifts the places after it.
  const sameList = source.id === target.id && (found.parent?.id ?? null) === (parentId === target.id ? null : parentId);
  if (sameList && at !== undefined && at > found.index) at -= 1;
  const base = source.id === target.id ? taken.collection : target;
  const moved = insertNode(base, parentId === target.id ? null : parentId, taken.removed, at);
  return source.id === target.id ? { source: moved, target: moved } : { source: taken.collection, target: moved };
}

/**
 * A copy of a node with fresh ids throughout, named "… copy" at the top;
 * `ids` maps each old request id to its copy's (the saved requests to copy).
 */
export function duplicateSubtree(node: TreeNode, newId: () => string): { node: TreeNode; ids: Map<string, string> } {
  const ids = new Map<string, string>();
  const clone = (n: TreeNode): TreeNode => {
    const id = newId();
    if (n.type === 'request') {
      ids.set(n.id, id);
      return { ...n, id };
    }
    return { ...copy(n), id, children: n.children.map(clone) };
  };
  const top = clone(node);
  top.name = `${node.name} copy`.slice(0, MAX_NAME_LENGTH);
  return { node: top, ids };
}

// ---------------------------------------------------------------- search

/**
 * The ids that match a search (case-insensitive, every word must appear):
 * requests whose name, method, URL or body text (`bodies`, when given) holds
 * the words, folders whose name does, and every folder above a match (so the
 * tree can show the path to it). Empty text matches everything: null.
 */
export function searchTree(
  collection: Collection,
  text: string,
  bodies?: ReadonlyMap<string, string>,
): { matches: Set<string>; shown: Set<string> } | null {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  const hit = (haystack: string) => {
    const lower = haystack.toLowerCase();
    return words.every((w) => lower.includes(w));
  };
  const matches = new Set<string>();
  const shown = new Set<string>();
  const walk = (nodes: readonly TreeNode[], above: string[]): void => {
    for (const node of nodes) {
      const own =
        node.type === 'request'
          ? hit(`${node.name}\n${node.method}\n${node.url}\n${bodies?.get(node.id) ?? ''}`)
          : hit(node.name);
      if (own) {
        matches.add(node.id);
        shown.add(node.id);
        for (const id of above) shown.add(id);
      }
      if (node.type === 'folder') walk(node.children, [...above, node.id]);
    }
  };
  if (hit(collection.name)) matches.add(collection.id);
  walk(collection.children, [collection.id]);
  if (matches.size > 0) shown.add(collection.id);
  return { matches, shown };
}

/** The searchable text of a saved request's body (text, JSON, form and multipart fields). */
export function bodyText(saved: SavedRequest): string {
  const { body, headers } = saved.request;
  const headerText = headers.map((h) => `${h.name}: ${h.value}`).join('\n');
  switch (body.kind) {
    case 'json':
    case 'text':
      return `${headerText}\n${body.text}`;
    case 'form':
      return `${headerText}\n${body.rows.map((r) => `${r.name}=${r.value}`).join('\n')}`;
    case 'multipart':
      return `${headerText}\n${body.rows.map((r) => `${r.name}=${r.kind === 'text' ? r.value : r.fileName}`).join('\n')}`;
    case 'binary':
      return `${headerText}\n${body.fileName}`;
    case 'none':
      return headerText;
  }
}

// ---------------------------------------------------------------- portable collections

/**
 * A portable collection (an import, or the project's own export) as a stored
 * collection and its saved requests, with fresh ids.
 */
export function fromPortable(
  portable: PortableCollection,
  options: { newId: () => string; now: number },
): { collection: Collection; requests: SavedRequest[] } {
  const requests: SavedRequest[] = [];
  const convert = (items: readonly PortableItem[], depth: number): TreeNode[] =>
    flatMap(items, (item): TreeNode[] => {
      const id = options.newId();
      const name = (item.name.trim() || (item.type === 'folder' ? 'Folder' : 'Request')).slice(0, MAX_NAME_LENGTH);
      if (item.type === 'request') {
        requests.push({
          id,
          schema: COLLECTION_SCHEMA,
          name,
          request: copy(item.request),
          inheritAuth: item.inheritAuth,
          variables: copy(item.variables),
          savedAt: options.now,
        });
        return [{ type: 'request', id, name, method: item.request.method, url: item.request.url }];
      }
      // Deeper folders than the store reads are flattened into their parent rather than lost.
      if (depth >= MAX_DEPTH) return convert(item.items, depth);
      return [
        {
          type: 'folder',
          id,
          name,
          variables: copy(item.variables),
          auth: copy(item.auth),
          children: convert(item.items, depth + 1),
        },
      ];
    });
  const collection: Collection = {
    id: options.newId(),
    schema: COLLECTION_SCHEMA,
    name: (portable.name.trim() || 'Imported collection').slice(0, MAX_NAME_LENGTH),
    variables: copy(portable.variables),
    auth: copy(portable.auth),
    children: convert(portable.items, 0),
  };
  return { collection, requests };
}

/**
 * A stored collection with its saved requests inline (export). A request
 * whose saved data is missing is left out and named in `missing`.
 */
export function toPortable(
  collection: Collection,
  saved: ReadonlyMap<string, SavedRequest>,
): { portable: PortableCollection; missing: string[] } {
  const missing: string[] = [];
  const convert = (nodes: readonly TreeNode[]): PortableItem[] =>
    flatMap(nodes, (node): PortableItem[] => {
      if (node.type === 'folder') {
        return [
          {
            type: 'folder',
            name: node.name,
            variables: copy(node.variables),
            auth: copy(node.auth),
            items: convert(node.children),
          },
        ];
      }
      const request = saved.get(node.id);
      if (!request) {
        missing.push(node.name);
        return [];
      }
      return [
        {
          type: 'request',
          name: node.name,
          request: copy(request.request),
          inheritAuth: request.inheritAuth,
          variables: copy(request.variables),
        },
      ];
    });
  return {
    portable: {
      name: collection.name,
      variables: copy(collection.variables),
      auth: copy(collection.auth),
      items: convert(collection.children),
    },
    missing,
  };
}
