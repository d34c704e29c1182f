/**
 * The collections tree's session: the collections (kept current as any page
 * changes them), notices, which rows are expanded and which is selected, the
 * search (names, URLs and, once typed, bodies), rename, delete with undo,
 * duplicate, move (drag, or up/down from the keyboard), import and export,
 * and "Run" with its results. Plain signals over an injected
 * CollectionsService, so it runs without a DOM.
 */
import { batch, computed, signal } from '@preact/signals';
import {
  bodyText,
  CollectionError,
  duplicateSubtree,
  findInCollections,
  idsUnder,
  insertNode,
  locate,
  moveNode,
  patchNode,
  renameNode,
  requestsUnder,
  searchTree,
  shiftNode,
  toPortable,
  type Collection,
  type CollectionVariable,
  type FolderNode,
  type InheritableAuth,
  type SavedRequest,
  type TreeNode,
} from '../../../core/collections/model.ts';
import { exportNative } from '../../../core/collections/native.ts';
import { exportPostman } from '../../../core/collections/postman.ts';
import { runSequence, type RunProgress, type RunResult, type RunStep } from '../../../core/collections/runner.ts';
import type { RequestContext } from '../../../core/collections/scope.ts';
import type { Removed } from '../../../core/collections/store.ts';
import type { CollectionsService } from '../../services.ts';
import type { SavedLink } from './rest-editor-store.ts';

/** Changes from any page are listed again at most this often. */
export const RELOAD_DELAY_MS = 150;
/** The search applies this long after the last keystroke. */
export const SEARCH_DELAY_MS = 150;

/** One visible row of the tree. */
export interface TreeRow {
  id: string;
  kind: 'collection' | 'folder' | 'request';
  name: string;
  method?: string;
  url?: string;
  collectionId: string;
  /** 1 for collections. */
  level: number;
  expanded?: boolean;
  /** Position among its siblings (1-based) and how many there are, for the tree's ARIA. */
  posinset: number;
  setsize: number;
  /** The search matched this row itself (not only something below it). */
  match: boolean;
}

export interface ImportSession {
  text: string;
  busy: boolean;
  error: string | null;
  /** The last import: what it read and what it left out. */
  done: { format: string; names: string[]; notes: string[] } | null;
}

export interface RunState {
  title: string;
  progress: RunProgress;
}

export interface CollectionsStoreDeps {
  collections: CollectionsService;
  download: (name: string, mimeType: string, text: string) => Promise<void>;
  /** Sends one saved request as "Run" does; resolves with its result or throws why it could not be sent. */
  sendSaved?: (saved: SavedRequest, context: RequestContext | null) => Promise<Extract<RunResult, { state: 'done' }>>;
  newId?: () => string;
}

export type CollectionsStore = ReturnType<typeof createCollectionsStore>;

const safeFileName = (name: string) => name.replace(/[^\w.-]+/g, '_').replace(/^_+|_+$/g, '') || 'collection';

export function createCollectionsStore(deps: CollectionsStoreDeps) {
  const { collections: service } = deps;
  const newId = deps.newId ?? (() => crypto.randomUUID());
  /** null while loading. */
  const collections = signal<Collection[] | null>(null);
  const notices = signal<string[]>([]);
  const expanded = signal<ReadonlySet<string>>(new Set());
  const selectedId = signal<string | null>(null);
  const renamingId = signal<string | null>(null);
  const searchText = signal('');
  const appliedSearch = signal('');
  /** Searchable body text per request id, loaded when a search starts. */
  const bodies = signal<ReadonlyMap<string, string>>(new Map());
  const undo = signal<{ label: string; removed: Removed } | null>(null);
  const importSession = signal<ImportSession | null>(null);
  const run = signal<RunState | null>(null);
  const includeSecrets = signal(false);
  /** The collection or folder whose variables and auth are being edited, and the last save's error. */
  const settingsFor = signal<{ id: string; error: string | null } | null>(null);
  let searchTimer: ReturnType<typeof setTimeout> | undefined;
  let runCancelled = false;
  let bodiesFor: Collection[] | null = null;

  const addNotices = (more: readonly string[], unique = false) => {
    if (more.length === 0) return;
    notices.value = unique ? [...new Set([...notices.peek(), ...more])] : [...notices.peek(), ...more];
  };

  /** Runs a change; a CollectionError or a storage failure becomes a notice. */
  const change = async <T>(action: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await action();
    } catch (error) {
      addNotices([error instanceof CollectionError ? error.message : `Collections: ${(error as Error).message}`]);
      return undefined;
    }
  };

  const find = (id: string) => findInCollections(collections.peek() ?? [], id);

  const setExpanded = (id: string, open: boolean) => {
    const next = new Set(expanded.peek());
    if (open) next.add(id);
    else next.delete(id);
    expanded.value = next;
  };

  const searching = computed(() => appliedSearch.value.trim() !== '');

  /** The rows on screen: expanded parents' children, or (searching) every match with the folders above it. */
  const rows = computed((): TreeRow[] => {
    const all = collections.value ?? [];
    const open = expanded.value;
    const text = appliedSearch.value;
    const out: TreeRow[] = [];
    all.forEach((collection, ci) => {
      const found = searching.value ? searchTree(collection, text, bodies.value) : null;
      if (found && !found.shown.has(collection.id)) return;
      const isOpen = found ? true : open.has(collection.id);
      out.push({
        id: collection.id,
        kind: 'collection',
        name: collection.name,
        collectionId: collection.id,
        level: 1,
        expanded: isOpen,
        posinset: ci + 1,
        setsize: all.length,
        match: found?.matches.has(collection.id) ?? false,
      });
      if (!isOpen) return;
      const walk = (nodes: readonly TreeNode[], level: number) => {
        const visible = found ? nodes.filter((n) => found.shown.has(n.id)) : nodes;
        visible.forEach((node, i) => {
          const folderOpen = node.type === 'folder' && (found ? true : open.has(node.id));
          out.push({
            id: node.id,
            kind: node.type,
            name: node.name,
            ...(node.type === 'request' ? { method: node.method, url: node.url } : { expanded: folderOpen }),
            collectionId: collection.id,
            level,
            posinset: i + 1,
            setsize: visible.length,
            match: found?.matches.has(node.id) ?? false,
          });
          if (node.type === 'folder' && folderOpen) walk(node.children, level + 1);
        });
      };
      walk(collection.children, 2);
    });
    return out;
  });

  /** Loads the body text of every saved request for the search (once per version of the collections). */
  const loadBodies = async () => {
    const all = collections.peek();
    if (!all || bodiesFor === all) return;
    bodiesFor = all;
    const ids = all.flatMap((c) => requestsUnder(c.children).map((r) => r.id));
    const { requests } = await service.getRequests(ids).catch(() => ({ requests: new Map<string, SavedRequest>() }));
    if (bodiesFor !== all) return;
    bodies.value = new Map([...requests].map(([id, saved]) => [id, bodyText(saved)]));
  };

  const setSearch = (text: string) => {
    searchText.value = text;
    clearTimeout(searchTimer);
    searchTimer = setTimeout(() => {
      appliedSearch.value = text;
      if (text.trim() !== '') void loadBodies();
    }, SEARCH_DELAY_MS);
  };

  /** The context of a saved request (for its variables and inherited auth), or null when it is gone. */
  const contextOf = (link: SavedLink): RequestContext | null => {
    const collection = (collections.value ?? []).find((c) => c.id === link.collectionId);
    const where = collection ? locate(collection, link.requestId) : null;
    if (!collection || !where) return null;
    return { collection, folders: where.folders, request: { name: where.node.name, variables: link.variables } };
  };

  /** The parent a new item goes into from the selection: the selected folder or collection, or a request's parent. */
  const targetOf = (id: string | null): { collectionId: string; parentId: string | null } | null => {
    if (id === null) {
      const first = collections.peek()?.[0];
      return first ? { collectionId: first.id, parentId: null } : null;
    }
    const found = find(id);
    if (!found) return null;
    if (!found.location) return { collectionId: found.collection.id, parentId: null };
    const { node, parent } = found.location;
    return { collectionId: found.collection.id, parentId: node.type === 'folder' ? node.id : (parent?.id ?? null) };
  };

  return {
    collections,
    notices,
    expanded,
    selectedId,
    renamingId,
    searchText,
    appliedSearch,
    searching,
    rows,
    undo,
    importSession,
    run,
    includeSecrets,
    contextOf,
    targetOf,
    settingsFor,
    openSettings: (id: string) => (settingsFor.value = { id, error: null }),
    closeSettings: () => (settingsFor.value = null),
    /** What the settings dialog edits: the collection's or folder's name, variables and auth. */
    settingsOf(
      id: string,
    ): { kind: 'collection' | 'folder'; name: string; variables: CollectionVariable[]; auth: InheritableAuth } | null {
      const found = find(id);
      if (!found) return null;
      if (!found.location)
        return {
          kind: 'collection',
          name: found.collection.name,
          variables: found.collection.variables,
          auth: found.collection.auth,
        };
      const node = found.location.node;
      return node.type === 'folder'
        ? { kind: 'folder', name: node.name, variables: node.variables, auth: node.auth }
        : null;
    },
    /** Stores a collection's or folder's variables and auth. */
    async saveSettings(id: string, variables: CollectionVariable[], auth: InheritableAuth): Promise<boolean> {
      const found = find(id);
      if (!found) return false;
      try {
        await service.change(found.collection.id, (c) =>
          found.location ? patchNode<FolderNode>(c, id, { variables, auth }) : { ...c, variables, auth },
        );
        await this.refresh();
        settingsFor.value = null;
        return true;
      } catch (error) {
        settingsFor.value = { id, error: (error as Error).message };
        return false;
      }
    },

    /** Lists now, and again whenever any page changes the collections; returns the function that stops. */
    start(): () => void {
      let live = true;
      let timer: ReturnType<typeof setTimeout> | undefined;
      let started = 0;
      let shown = 0;
      let first = true;
      const reload = () => {
        const mine = ++started;
        // For the benchmark: the tree's first showing is measured from here.
        if (first && typeof performance !== 'undefined') performance.mark('collections-requested');
        first = false;
        return service
          .list()
          .then(({ collections: list, notices: found }) => {
            if (!live || mine < shown) return;
            shown = mine;
            batch(() => {
              collections.value = list;
              addNotices(found, true);
            });
            if (appliedSearch.peek().trim() !== '') void loadBodies();
          })
          .catch((error: Error) => {
            if (live) addNotices([`Could not read the collections: ${error.message}`]);
            if (collections.peek() === null) collections.value = [];
          });
      };
      void reload();
      const stop = service.subscribe(() => {
        if (timer === undefined) timer = setTimeout(() => ((timer = undefined), void reload()), RELOAD_DELAY_MS);
      });
      return () => {
        live = false;
        clearTimeout(timer);
        stop();
      };
    },

    /** Lists again now (after this page's own change, without waiting for the storage event). */
    async refresh(): Promise<void> {
      const { collections: list, notices: found } = await service.list();
      batch(() => {
        collections.value = list;
        addNotices(found, true);
      });
    },

    dismissNotices: () => (notices.value = []),
    addNotice: (message: string) => addNotices([message]),
    select: (id: string | null) => (selectedId.value = id),
    toggle: (id: string) => setExpanded(id, !expanded.peek().has(id)),
    setExpanded,
    setSearch,
    clearSearch() {
      clearTimeout(searchTimer);
      batch(() => {
        searchText.value = '';
        appliedSearch.value = '';
      });
    },

    /** A new collection, expanded and selected. */
    async createCollection(name: string): Promise<Collection | undefined> {
      const made = await change(() => service.create(name));
      if (made) {
        await this.refresh();
        batch(() => {
          setExpanded(made.id, true);
          selectedId.value = made.id;
        });
      }
      return made;
    },

    /** A new folder inside the selected folder or collection (or beside the selected request). */
    async newFolder(name: string): Promise<void> {
      const target = targetOf(selectedId.peek());
      if (!target) {
        addNotices(['Create a collection first.']);
        return;
      }
      const folder: FolderNode = {
        type: 'folder',
        id: newId(),
        name: name.trim() || 'New folder',
        variables: [],
        auth: null,
        children: [],
      };
      const done = await change(() =>
        service.change(target.collectionId, (c) => insertNode(c, target.parentId, folder)),
      );
      if (done) {
        await this.refresh();
        batch(() => {
          setExpanded(target.parentId ?? target.collectionId, true);
          selectedId.value = folder.id;
          renamingId.value = folder.id;
        });
      }
    },

    startRename: (id: string) => (renamingId.value = id),
    cancelRename: () => (renamingId.value = null),
    async rename(id: string, name: string): Promise<void> {
      const found = find(id);
      renamingId.value = null;
      if (!found) return;
      if (await change(() => service.change(found.collection.id, (c) => renameNode(c, id, name)))) await this.refresh();
    },

    /** Deletes the node (or collection) with everything under it; Undo puts it back. */
    async remove(id: string): Promise<void> {
      const found = find(id);
      if (!found) return;
      const label = found.location ? found.location.node.name : found.collection.name;
      const removed = await change(() => service.remove(found.collection.id, id));
      if (removed) {
        await this.refresh();
        batch(() => {
          undo.value = { label, removed };
          if (selectedId.peek() === id) selectedId.value = found.location?.parent?.id ?? found.collection.id;
          if (!found.location) selectedId.value = null;
        });
      }
    },

    async undoRemove(): Promise<void> {
      const last = undo.peek();
      if (!last) return;
      undo.value = null;
      if ((await change(() => service.restore(last.removed).then(() => true))) === true) await this.refresh();
    },
    dismissUndo: () => (undo.value = null),

    /** A copy of a folder or request right after it, with copies of its saved requests. */
    async duplicate(id: string): Promise<void> {
      const found = find(id);
      if (!found?.location) return;
      const { node, parent, index } = found.location;
      const { node: copy, ids } = duplicateSubtree(node, newId);
      const ok = await change(() =>
        service
          .copyRequests(found.collection.id, ids, (c) => insertNode(c, parent?.id ?? null, copy, index + 1))
          .then(() => true),
      );
      if (ok) {
        await this.refresh();
        selectedId.value = copy.id;
      }
    },

    /** Moves a node one place up (-1) or down (+1) among its siblings: the keyboard's way to reorder. */
    async shift(id: string, delta: number): Promise<void> {
      const found = find(id);
      if (!found?.location) return;
      if (await change(() => service.change(found.collection.id, (c) => shiftNode(c, id, delta)))) await this.refresh();
    },

    /**
     * Moves a node (drag and drop): into a folder or collection (at the end),
     * or before a request. Into itself is refused with a notice.
     */
    async move(id: string, ontoId: string): Promise<void> {
      if (id === ontoId) return;
      const from = find(id);
      const onto = find(ontoId);
      if (!from?.location || !onto) return;
      let parentId: string | null;
      let index: number | undefined;
      if (!onto.location) parentId = null;
      else if (onto.location.node.type === 'folder') parentId = onto.location.node.id;
      else {
        parentId = onto.location.parent?.id ?? null;
        index = onto.location.index;
      }
      if (idsUnder(from.location.node).includes(ontoId)) {
        addNotices(['A folder cannot move inside itself.']);
        return;
      }
      const ok = await change(() =>
        service
          .moveAcross(from.collection.id, onto.collection.id, (source, target) =>
            moveNode(source, id, source.id === target.id ? source : target, parentId, index),
          )
          .then(() => true),
      );
      if (ok) {
        await this.refresh();
        setExpanded(parentId ?? onto.collection.id, true);
      }
    },

    // ---------------------------------------------------------------- import and export

    openImport: () => (importSession.value = { text: '', busy: false, error: null, done: null }),
    closeImport: () => (importSession.value = null),
    setImportText(text: string) {
      const s = importSession.peek();
      if (s) importSession.value = { ...s, text, error: null };
    },

    /** Reads an export (any supported format) and stores its collections; what was left out is listed. */
    async importText(text: string): Promise<boolean> {
      const s = importSession.peek() ?? { text, busy: false, error: null, done: null };
      importSession.value = { ...s, busy: true, error: null };
      try {
        // The importers load on first use: the OpenAPI one brings the OpenAPI tool's readers (about 1.2 MB).
        const { importCollections } = await import('../../../core/collections/formats.ts');
        const result = importCollections(text);
        if (result.collections.length === 0) throw new Error('The file holds no collection.');
        const made = await service.importCollections(result.collections);
        await this.refresh();
        batch(() => {
          importSession.value = {
            text: '',
            busy: false,
            error: null,
            done: { format: result.format, names: made.map((c) => c.name), notes: result.notes },
          };
          for (const c of made) setExpanded(c.id, true);
          selectedId.value = made[0]?.id ?? null;
        });
        return true;
      } catch (error) {
        importSession.value = { ...s, text: s.text, busy: false, error: (error as Error).message };
        return false;
      }
    },

    /** Offers the collection as a file: Postman v2.1 or the project's own JSON. */
    async exportCollection(collectionId: string, format: 'postman' | 'native'): Promise<void> {
      const collection = collections.peek()?.find((c) => c.id === collectionId);
      if (!collection) return;
      const ids = requestsUnder(collection.children).map((r) => r.id);
      const { requests } = await service.getRequests(ids);
      const { portable, missing } = toPortable(collection, requests);
      if (missing.length > 0) {
        addNotices([
          `Left out of the export, their saved data could not be read: ${missing.map((m) => `"${m}"`).join(', ')}.`,
        ]);
      }
      const withSecrets = includeSecrets.peek();
      const doc =
        format === 'postman'
          ? exportPostman(portable, { includeSecrets: withSecrets, id: collection.id })
          : exportNative([portable], { includeSecrets: withSecrets });
      const name = safeFileName(collection.name);
      await deps.download(
        format === 'postman' ? `${name}.postman_collection.json` : `${name}.http-workbench.json`,
        'application/json',
        `${JSON.stringify(doc, null, 2)}\n`,
      );
    },
    setIncludeSecrets: (value: boolean) => (includeSecrets.value = value),

    // ---------------------------------------------------------------- run

    /** Sends every request under a folder or collection in order and lists status, time and size. */
    async runNode(id: string): Promise<void> {
      const found = find(id);
      if (
        !found ||
        !deps.sendSaved ||
        (run.peek()?.progress.current !== undefined && run.peek()!.progress.current >= 0)
      )
        return;
      const nodes = found.location ? [found.location.node] : found.collection.children;
      const list = requestsUnder(nodes);
      const title = found.location ? found.location.node.name : found.collection.name;
      const steps: RunStep[] = list.map((r) => ({ id: r.id, name: r.name, method: r.method }));
      runCancelled = false;
      run.value = {
        title,
        progress: {
          steps,
          results: steps.map(() => ({ state: 'pending' })),
          current: steps.length > 0 ? 0 : -1,
          cancelled: false,
        },
      };
      const { requests } = await service.getRequests(steps.map((s) => s.id));
      const sendSaved = deps.sendSaved;
      await runSequence(
        steps,
        async (step) => {
          const saved = requests.get(step.id);
          if (!saved) throw new Error('Its saved data could not be read.');
          const where = locate(found.collection, step.id);
          const context: RequestContext = {
            collection: found.collection,
            folders: where?.folders ?? [],
            request: { name: saved.name, variables: saved.variables },
          };
          return sendSaved(saved, context);
        },
        (progress) => (run.value = { title, progress }),
        () => runCancelled,
      );
    },
    stopRun: () => (runCancelled = true),
    closeRun: () => {
      runCancelled = true;
      run.value = null;
    },
  };
}
