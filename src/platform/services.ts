import { CollectionStore, isCollectionsKey } from '../core/collections/store.ts';
import { parseEnvironmentsState } from '../core/env/state.ts';
import { ENVIRONMENTS_KEY, EnvironmentStore } from '../core/env/store.ts';
import { HistoryStore, isHistoryKey } from '../core/history/store.ts';
import { DEFAULT_SETTINGS } from '../core/settings.ts';
import type { CollectionsService, DataSetsService, EnvironmentsService, HistoryService } from '../ui/services.ts';
import { browser } from './browser.ts';
import { devtoolsTheme, inspectedNetwork, onDevtoolsThemeChange } from './devtools.ts';
import { call, sendRequestStreamed } from './messaging.ts';
import { openWorkspaceWith, takeHandoff, WORKSPACE_PATH } from './handoff.ts';
import { settingsStore } from './settings-store.ts';
import { socketService } from './sockets.ts';
import { parseSocketData, SocketDataStore, SOCKETS_KEY } from '../core/websocket/history.ts';
import { bytesInUse, downloadFile, localArea, onLocalChange, storageLock } from './storage.ts';
import type { Services } from '../ui/services.ts';

/**
 * Copies with the async clipboard API, falling back to execCommand where the
 * page may not use it (a DevTools panel frame is not always "focused").
 */
async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    // fall through to the older route
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('the browser refused clipboard access');
}

/**
 * History in storage.local, its capacity following the settings live. With
 * `prefetch`, the list is read at once (while the page is still rendering)
 * and handed to the first `list()` call.
 */
function historyService(prefetch: boolean): HistoryService {
  let capacity = DEFAULT_SETTINGS.historyCapacity;
  void settingsStore
    .load()
    .then((s) => (capacity = s.historyCapacity))
    .catch(() => undefined);
  settingsStore.subscribe((s) => (capacity = s.historyCapacity));
  const store = new HistoryStore(localArea, storageLock, { capacity: () => capacity });
  let early: ReturnType<HistoryStore['list']> | null = prefetch ? store.list() : null;
  early?.catch(() => undefined);
  let unsubscribeEarly = () => {};
  // A change before the first list() makes the early read stale.
  if (early) {
    unsubscribeEarly = onLocalChange((changes) => {
      if (Object.keys(changes).some(isHistoryKey)) early = null;
    });
  }
  return {
    list: () => {
      const first = early;
      early = null;
      unsubscribeEarly();
      return first ?? store.list();
    },
    get: (id) => store.get(id),
    add: (entry) => store.add(entry),
    setPinned: (id, pinned) => store.setPinned(id, pinned),
    remove: (ids) => store.remove(ids),
    clear: (options) => store.clear(options),
    exportAll: () => store.exportAll(),
    importEntries: (entries) => store.importEntries(entries),
    subscribe: (listener) =>
      onLocalChange((changes) => {
        if (Object.keys(changes).some(isHistoryKey)) listener();
      }),
  };
}

function environmentsService(): EnvironmentsService {
  const store = new EnvironmentStore(localArea, storageLock);
  return {
    load: () => store.load(),
    update: (change) => store.update(change),
    subscribe: (listener) =>
      onLocalChange((changes) => {
        if (ENVIRONMENTS_KEY in changes) listener(parseEnvironmentsState(changes[ENVIRONMENTS_KEY]?.newValue).state);
      }),
  };
}

/** Fake Data's saved definitions; the store (and the field-type table it checks against) loads on first use. */
function dataSetsService(): DataSetsService {
  let store: Promise<import('../core/fake/store.ts').DataSetStore> | undefined;
  const get = () =>
    (store ??= import('../core/fake/store.ts').then(({ DataSetStore }) => new DataSetStore(localArea, storageLock)));
  return {
    list: async () => (await get()).list(),
    save: async (def) => (await get()).save(def),
    remove: async (name) => (await get()).remove(name),
  };
}

function socketDataService(): Services['socketData'] {
  const store = new SocketDataStore(localArea, storageLock);
  return {
    load: () => store.load(),
    update: (change) => store.update(change),
    subscribe: (listener) =>
      onLocalChange((changes) => {
        if (SOCKETS_KEY in changes) listener(parseSocketData(changes[SOCKETS_KEY]?.newValue));
      }),
  };
}

/** Saved collections in storage.local, under the same lock as the history and environments. */
function collectionsService(): CollectionsService {
  const store = new CollectionStore(localArea, storageLock);
  return {
    list: () => store.list(),
    getRequest: (id) => store.getRequest(id),
    getRequests: (ids) => store.getRequests(ids),
    create: (name) => store.create(name),
    change: (id, edit) => store.change(id, edit),
    moveAcross: (source, target, edit) => store.moveAcross(source, target, edit),
    saveRequest: (input) => store.saveRequest(input),
    copyRequests: (id, ids, edit) => store.copyRequests(id, ids, edit),
    importCollections: (portables) => store.importCollections(portables),
    remove: (collectionId, id) => store.remove(collectionId, id),
    restore: (removed) => store.restore(removed),
    subscribe: (listener) =>
      onLocalChange((changes) => {
        if (Object.keys(changes).some(isCollectionsKey)) listener();
      }),
  };
}

/**
 * The real services, for extension pages. `prefetchHistory`: start reading
 * the history list now (the workspace shows it at once).
 */
export function platformServices(options: { prefetchHistory?: boolean } = {}): Services {
  return {
    sendRequest: (request, options, onWireReport) => sendRequestStreamed(request, options, onWireReport),
    cancelRequest: (id) => call('cancelRequest', id),
    settings: settingsStore,
    devtoolsTheme: devtoolsTheme(),
    onDevtoolsThemeChange,
    inspected: inspectedNetwork(__TARGET__),
    async openWorkspace(tool?: string) {
      await browser.tabs.create({ url: `${browser.runtime.getURL(WORKSPACE_PATH)}${tool ? `#/${tool}` : ''}` });
    },
    copyText,
    takeHandoff,
    async openWorkspaceWith(text: string) {
      await openWorkspaceWith({ intent: { kind: 'convert-command', text } }, 'converter');
    },
    async openOptions() {
      await browser.runtime.openOptionsPage();
    },
    history: historyService(options.prefetchHistory ?? false),
    environments: environmentsService(),
    dataSets: dataSetsService(),
    collections: collectionsService(),
    storageBytesInUse: bytesInUse,
    downloadFile,
    sockets: socketService,
    socketData: socketDataService(),
  };
}
