/**
 * The WebSocket tool's session: connection tabs (each its own
 * ConnectionStore), the active environment (its variables fill `{{name}}`,
 * its secrets are masked and never stored), and the stored connection
 * history and saved messages, followed across pages.
 */
import { computed, signal } from '@preact/signals';
import {
  activeEnvironment,
  EMPTY_ENVIRONMENTS,
  lookupFor,
  secretPairs,
  type EnvironmentsState,
} from '../../../core/env/state.ts';
import {
  filterRecords,
  redactRecord,
  withRecord,
  type ConnectionRecord,
  type ConnectionSpec,
  type MessageFormat,
  type SavedMessage,
  type SocketData,
  SAVED_PER_URL,
} from '../../../core/websocket/history.ts';
import type { EnvironmentsService, SocketDataService, SocketService } from '../../services.ts';
import { createConnectionStore, type ConnectionDeps, type ConnectionStore } from './connection-store.ts';

export interface WebSocketDeps {
  sockets: SocketService;
  socketData: SocketDataService;
  environments: EnvironmentsService;
  now(): number;
  schedule(flush: () => void): void;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  newId(): string;
}

/** The most connection tabs open at once. */
export const MAX_TABS = 12;

export function createWebSocketStore(deps: WebSocketDeps) {
  const environments = signal<EnvironmentsState>(EMPTY_ENVIRONMENTS);
  const data = signal<SocketData>({ history: [], saved: {} });
  const historyQuery = signal('');
  const notice = signal<string | null>(null);

  const environment = () => {
    const state = environments.value;
    const active = activeEnvironment(state);
    return {
      lookup: lookupFor(state),
      secrets: secretPairs(state, { includeDisabled: true }),
      ...(active ? { name: active.name } : {}),
    };
  };

  const fail = (what: string) => (error: unknown) => {
    notice.value = `${what}: ${error instanceof Error ? error.message : String(error)}`;
  };

  const connectionDeps: ConnectionDeps = {
    sockets: deps.sockets,
    now: deps.now,
    schedule: deps.schedule,
    setTimer: deps.setTimer,
    clearTimer: deps.clearTimer,
    environment,
    newId: deps.newId,
    record(record) {
      // Secret values are replaced by {{name}} before anything is stored.
      const safe = redactRecord(record, environment().secrets);
      data.value = withRecord(data.value, safe);
      deps.socketData
        .update((stored) => withRecord(stored, safe))
        .then((next) => (data.value = next), fail('The connection was not kept in the history'));
    },
  };

  const tabs = signal<ConnectionStore[]>([createConnectionStore(connectionDeps)]);
  const activeId = signal(tabs.value[0]!.id);
  const current = computed(() => tabs.value.find((t) => t.id === activeId.value) ?? tabs.value[0]!);
  const historyShown = computed(() => filterRecords(data.value.history, historyQuery.value));
  const saved = computed(() => data.value.saved[current.value.url.value.trim()] ?? []);

  function addTab(spec?: Partial<ConnectionSpec>): ConnectionStore | null {
    if (tabs.value.length >= MAX_TABS) {
      notice.value = `At most ${MAX_TABS} connections are open at once: close one first.`;
      return null;
    }
    const tab = createConnectionStore(connectionDeps, spec);
    tabs.value = [...tabs.value, tab];
    activeId.value = tab.id;
    return tab;
  }

  function closeTab(id: number) {
    const index = tabs.value.findIndex((t) => t.id === id);
    if (index === -1) return;
    tabs.value[index]!.dispose();
    const rest = tabs.value.filter((t) => t.id !== id);
    tabs.value = rest.length > 0 ? rest : [createConnectionStore(connectionDeps)];
    if (activeId.value === id) activeId.value = tabs.value[Math.min(index, tabs.value.length - 1)]!.id;
  }

  /** Opens a kept connection: in the current tab when it is not connected, else in a new tab. */
  function openRecord(record: ConnectionRecord) {
    const tab = current.value;
    if (!tab.active.value) tab.load(record);
    else addTab(record)?.load(record);
  }

  function removeRecord(id: string) {
    data.value = { ...data.value, history: data.value.history.filter((r) => r.id !== id) };
    deps.socketData
      .update((d) => ({ ...d, history: d.history.filter((r) => r.id !== id) }))
      .then((next) => (data.value = next), fail('Could not delete'));
  }

  function clearHistory() {
    data.value = { ...data.value, history: [] };
    deps.socketData
      .update((d) => ({ ...d, history: [] }))
      .then((next) => (data.value = next), fail('Could not clear the history'));
  }

  /** Saves the composer's message for this connection's URL (secret values as {{name}}). */
  function saveMessage(name: string, format: MessageFormat, text: string) {
    const key = current.value.url.value.trim();
    if (key === '') {
      notice.value = 'Enter the connection’s URL first: saved messages belong to a URL.';
      return;
    }
    if (text.trim() === '') {
      notice.value = 'Write a message to save first.';
      return;
    }
    const redacted = redactRecord(
      { id: '', createdAt: 0, mode: 'websocket', url: '', headers: [], protocols: '', method: '', body: text },
      environment().secrets,
    ).body;
    const message: SavedMessage = {
      id: deps.newId(),
      name: name.trim() || redacted.slice(0, 40),
      format,
      text: redacted,
    };
    const change = (d: SocketData): SocketData => ({
      ...d,
      saved: { ...d.saved, [key]: [...(d.saved[key] ?? []), message].slice(-SAVED_PER_URL) },
    });
    data.value = change(data.value);
    deps.socketData.update(change).then((next) => (data.value = next), fail('The message was not saved'));
  }

  function removeSaved(id: string) {
    const key = current.value.url.value.trim();
    const change = (d: SocketData): SocketData => {
      const list = (d.saved[key] ?? []).filter((m) => m.id !== id);
      const next = { ...d.saved };
      if (list.length > 0) next[key] = list;
      else delete next[key];
      return { ...d, saved: next };
    };
    data.value = change(data.value);
    deps.socketData.update(change).then((next) => (data.value = next), fail('Could not delete the saved message'));
  }

  let unsubscribe: (() => void)[] = [];
  async function start() {
    unsubscribe = [
      deps.environments.subscribe((state) => (environments.value = state)),
      deps.socketData.subscribe((next) => (data.value = next)),
    ];
    const [env, stored] = await Promise.all([
      deps.environments.load().catch(() => ({ state: EMPTY_ENVIRONMENTS, notices: [] })),
      deps.socketData.load().catch(() => ({ history: [], saved: {} })),
    ]);
    environments.value = env.state;
    data.value = stored;
  }

  function dispose() {
    for (const off of unsubscribe) off();
    for (const tab of tabs.value) tab.dispose();
  }

  return {
    tabs,
    activeId,
    current,
    environments,
    environmentName: computed(() => activeEnvironment(environments.value)?.name ?? null),
    data,
    historyQuery,
    historyShown,
    saved,
    notice,
    addTab,
    closeTab,
    openRecord,
    removeRecord,
    clearHistory,
    saveMessage,
    removeSaved,
    start,
    dispose,
  };
}

export type WebSocketStore = ReturnType<typeof createWebSocketStore>;
