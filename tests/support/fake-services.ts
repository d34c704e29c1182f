/**
 * Fakes of the UI's services for driving the REST client's stores without a
 * browser: history and environments are the real core stores over an
 * in-memory area (so writes really land and really fail), with a change
 * notification after each write as storage.onChanged gives; sending is a
 * queue of replies the test settles itself.
 */
import { CollectionStore } from '../../src/core/collections/store.ts';
import { EnvironmentStore } from '../../src/core/env/store.ts';
import type { WireReport } from '../../src/protocol.ts';
import type { EnvironmentsState } from '../../src/core/env/state.ts';
import { HistoryStore } from '../../src/core/history/store.ts';
import { inProcessLock } from '../../src/core/storage.ts';
import type { HttpResponse, OutgoingRequest, SendOptions } from '../../src/protocol.ts';
import type { CollectionsService, EnvironmentsService, HistoryService, Services } from '../../src/ui/services.ts';
import { createMemoryArea, type MemoryArea } from './memory-area.ts';

/** A listener list; `emit` calls each one a moment later, as storage.onChanged does. */
function listeners<T extends unknown[]>() {
  const all = new Set<(...args: T) => void>();
  return {
    subscribe(listener: (...args: T) => void) {
      all.add(listener);
      return () => void all.delete(listener);
    },
    emit(...args: T) {
      for (const listener of all) setTimeout(() => listener(...args));
    },
    get size() {
      return all.size;
    },
  };
}

export interface FakeHistory extends HistoryService {
  area: MemoryArea;
  /** How many times `list` was called. */
  lists: number;
  /** Tells every subscriber the history changed, as another page's write would. */
  changed(): void;
  subscribers(): number;
}

/** The real history store over memory; every write tells the subscribers. */
export function fakeHistory(options: { capacity?: number } = {}): FakeHistory {
  const area = createMemoryArea();
  const store = new HistoryStore(area, inProcessLock(), { capacity: () => options.capacity ?? 1000 });
  const changes = listeners<[]>();
  const after = async <T>(write: Promise<T>): Promise<T> => {
    const result = await write;
    changes.emit();
    return result;
  };
  const fake: FakeHistory = {
    area,
    lists: 0,
    list: () => {
      fake.lists++;
      return store.list();
    },
    get: (id) => store.get(id),
    add: (entry) => after(store.add(entry)),
    setPinned: (id, pinned) => after(store.setPinned(id, pinned)),
    remove: (ids) => after(store.remove(ids)),
    clear: (clearOptions) => after(store.clear(clearOptions)),
    exportAll: () => store.exportAll(),
    importEntries: (entries) => after(store.importEntries(entries)),
    subscribe: (listener) => changes.subscribe(listener),
    changed: () => changes.emit(),
    subscribers: () => changes.size,
  };
  return fake;
}

export interface FakeEnvironments extends EnvironmentsService {
  /** What is stored now. */
  stored(): Promise<EnvironmentsState>;
}

/** The real environments store over memory, holding `initial`; every write tells the subscribers the new state. */
export async function fakeEnvironments(initial?: EnvironmentsState): Promise<FakeEnvironments> {
  const store = new EnvironmentStore(createMemoryArea(), inProcessLock());
  if (initial) await store.replace(initial);
  const changes = listeners<[EnvironmentsState]>();
  return {
    load: () => store.load(),
    update: async (change) => {
      const next = await store.update(change);
      changes.emit(next);
      return next;
    },
    subscribe: (listener) => changes.subscribe(listener),
    stored: async () => (await store.load()).state,
  };
}

export interface FakeCollections extends CollectionsService {
  area: MemoryArea;
  store: CollectionStore;
}

/** The real collections store over memory (optionally with a quota); every write tells the subscribers. */
export function fakeCollections(options: { quotaBytes?: number; area?: MemoryArea } = {}): FakeCollections {
  const area =
    options.area ?? createMemoryArea(options.quotaBytes === undefined ? {} : { quotaBytes: options.quotaBytes });
  const store = new CollectionStore(area, inProcessLock());
  const changes = listeners<[]>();
  const after = async <T>(write: Promise<T>): Promise<T> => {
    const result = await write;
    changes.emit();
    return result;
  };
  return {
    area,
    store,
    list: () => store.list(),
    getRequest: (id) => store.getRequest(id),
    getRequests: (ids) => store.getRequests(ids),
    create: (name) => after(store.create(name)),
    change: (id, edit) => after(store.change(id, edit)),
    moveAcross: (source, target, edit) => after(store.moveAcross(source, target, edit)),
    saveRequest: (input) => after(store.saveRequest(input)),
    copyRequests: (id, ids, edit) => after(store.copyRequests(id, ids, edit)),
    importCollections: (portables) => after(store.importCollections(portables)),
    remove: (collectionId, id) => after(store.remove(collectionId, id)),
    restore: (removed) => after(store.restore(removed)),
    subscribe: (listener) => changes.subscribe(listener),
  };
}

/** A response as the background gives it. */
export function response(fields: Partial<HttpResponse> = {}): HttpResponse {
  return {
    status: 200,
    statusText: 'OK',
    url: 'https://api.example.com/',
    redirected: false,
    redirects: [],
    headers: [{ name: 'content-type', value: 'application/json' }],
    requestHeaders: [],
    requestHeadersSource: 'requested',
    body: '{"ok":true}',
    bodyEncoding: 'text',
    size: 11,
    truncated: false,
    timeMs: 12,
    notices: [],
    ...fields,
  };
}

/** One send the fake received: the test settles it when it likes. */
export interface PendingSend {
  request: OutgoingRequest;
  options: SendOptions;
  reply(response: HttpResponse): void;
  fail(error: Error): void;
  /** The browser's later report of the exchange, as the background sends it after the response. */
  report?: (report: WireReport) => void;
}

export interface FakeSender {
  sendRequest: Services['sendRequest'];
  cancelRequest: Services['cancelRequest'];
  /** Every send, oldest first. */
  sent: PendingSend[];
  /** Ids passed to cancelRequest. */
  cancelled: string[];
}

/** A sender whose sends wait until the test replies to them (or that replies at once with `auto`). */
export function fakeSender(auto?: (request: OutgoingRequest) => HttpResponse): FakeSender {
  const sender: FakeSender = {
    sent: [],
    cancelled: [],
    sendRequest: (request, options, onWireReport) =>
      new Promise<HttpResponse>((resolve, reject) => {
        sender.sent.push({ request, options, reply: resolve, fail: reject, report: onWireReport });
        if (auto) resolve(auto(request));
      }),
    cancelRequest: async (id) => {
      sender.cancelled.push(id);
      return true;
    },
  };
  return sender;
}

/** Lets pending promise callbacks and zero-delay timers run. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
