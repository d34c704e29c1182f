import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { HarEntryLike } from '../core/capture/types.ts';
import type { Handoff } from '../core/intents/intents.ts';
import type { Collection, PortableCollection, SavedRequest } from '../core/collections/model.ts';
import type { Removed, SaveRequestInput } from '../core/collections/store.ts';
import type { EnvironmentsState } from '../core/env/state.ts';
import type { DataSetDef } from '../core/fake/definition.ts';
import type { HistoryEntry, HistorySummary } from '../core/history/types.ts';
import type { Settings } from '../core/settings.ts';
import type { HttpResponse, OutgoingRequest, SendOptions, WireReport } from '../protocol.ts';
import type { HeaderLine } from '../core/http/request.ts';
import type { HandshakeReport } from '../core/websocket/connection.ts';
import type { SocketData } from '../core/websocket/history.ts';

/**
 * What the UI needs from the outside world. Entries wire real platform
 * services in; tests and the plain-page playground wire fakes.
 */
export interface Services {
  /**
   * Sends through the background; the whole (possibly truncated) body comes
   * back in one response, as soon as it is there. A response that says
   * `requestHeadersSource: 'pending'` gets the browser's report through
   * `onWireReport` later (after this promise resolved; empty if it never came).
   */
  sendRequest(
    request: OutgoingRequest,
    options: SendOptions,
    onWireReport?: (report: WireReport) => void,
  ): Promise<HttpResponse>;
  /** Cancels the request with this id; false when it had already finished. */
  cancelRequest(id: string): Promise<boolean>;
  settings: {
    load(): Promise<Settings>;
    save(settings: Settings): Promise<void>;
    /** Changes some fields, keeping the others as stored now. */
    update(patch: Partial<Settings>): Promise<Settings>;
    subscribe(listener: (settings: Settings) => void): () => void;
  };
  /** DevTools' own theme when the panel runs inside DevTools, else undefined. */
  devtoolsTheme?: 'light' | 'dark';
  /** Calls back when DevTools' theme changes (inside DevTools); returns an unsubscribe function. */
  onDevtoolsThemeChange?(listener: (theme: 'light' | 'dark') => void): () => void;
  /** Opens the workspace in a tab, on this tool (a registry id) or on the last one open. */
  openWorkspace(tool?: string): Promise<void>;
  /** Puts text on the clipboard. */
  copyText(text: string): Promise<void>;
  /** An intent (or a notice) handed over by the context menu or the popup, taken once. */
  takeHandoff(): Promise<Handoff | null>;
  /** Opens the full workspace converting this command. */
  openWorkspaceWith(text: string): Promise<void>;
  openOptions(): Promise<void>;
  history: HistoryService;
  environments: EnvironmentsService;
  /** Fake Data's saved data set definitions. */
  dataSets: DataSetsService;
  collections: CollectionsService;
  /** Bytes the extension's local storage holds, or null when the browser cannot tell. */
  storageBytesInUse(): Promise<number | null>;
  /** Offers a file to save (a download). */
  downloadFile(name: string, mimeType: string, text: string): Promise<void>;
  /** The inspected page's network requests; only when the workspace runs inside DevTools. */
  inspected?: InspectedNetwork;
  /** WebSockets and event streams opened from this page, with the handshake headers the user wrote. */
  sockets: SocketService;
  /** Connection history and saved messages of the WebSocket tool. */
  socketData: SocketDataService;
}

/** What a connection reports as it goes. */
export interface SocketEvents {
  /** The browser's report of the handshake: called with the request headers, then again with the response. */
  onHandshake(report: HandshakeReport): void;
  onOpen(info: { protocol: string; extensions: string }): void;
  onMessage(data: string | Uint8Array): void;
  /** The end; `report` is the handshake as far as the browser reported it (for a refused one: its status line). */
  onClose(info: { code: number; reason: string; wasClean: boolean; opened: boolean; report?: HandshakeReport }): void;
  /** Something the user should know (a header that could not be sent). */
  onNotice(message: string): void;
}

export interface SocketHandle {
  send(data: string | Uint8Array): void;
  close(code: number, reason: string): void;
  /** Bytes queued but not yet sent. */
  bufferedAmount(): number;
}

export interface StreamEvents {
  onResponse(info: { status: number; statusText: string; headers: HeaderLine[] }): void;
  /** Bytes of the body as they arrive. */
  onChunk(chunk: Uint8Array): void;
  /** The body ended (`error` when it failed, not when it was cancelled). */
  onEnd(info: { error?: string; cancelled: boolean }): void;
  onNotice(message: string): void;
}

export interface SocketService {
  /** Opens a WebSocket from this page: the headers through the browser (they cannot go through the API). */
  open(options: { url: string; protocols: string[]; headers: HeaderLine[] }, events: SocketEvents): SocketHandle;
  /** Starts a request whose response body is read as a stream (Server-Sent Events); returns how to stop it. */
  stream(
    options: { url: string; method: string; headers: HeaderLine[]; body?: string },
    events: StreamEvents,
  ): { cancel(): void };
}

export interface SocketDataService {
  load(): Promise<SocketData>;
  update(change: (data: SocketData) => SocketData): Promise<SocketData>;
  /** Calls back when any page changes it; returns an unsubscribe function. */
  subscribe(listener: (data: SocketData) => void): () => void;
}

/** What DevTools reports of the inspected page's requests. */
export interface InspectedNetwork {
  browser: 'chrome' | 'firefox';
  /** The requests DevTools has recorded so far (since it opened), oldest first. */
  getEntries(): Promise<HarEntryLike[]>;
  /** Each request as it finishes; returns an unsubscribe function. */
  onRequestFinished(listener: (entry: HarEntryLike) => void): () => void;
  /** The inspected page navigated; returns an unsubscribe function. */
  onNavigated(listener: (url: string) => void): () => void;
  /** Sends with the inspected page's own fetch (its origin, its cookies, in its Network panel). */
  sendAsPage(request: OutgoingRequest, options: SendOptions): Promise<HttpResponse>;
  cancelAsPage(id: string): Promise<void>;
}

/** The request history in local storage; safe to use from several pages at once. */
export interface HistoryService {
  /** Every entry's summary, newest first; `notices` tell what was skipped as unreadable. */
  list(): Promise<{ summaries: HistorySummary[]; notices: string[] }>;
  /** One whole entry, or null when it is gone or unreadable. */
  get(id: string): Promise<HistoryEntry | null>;
  /** Saves an entry, evicting the oldest unpinned ones beyond capacity; `notices` tell of any eviction. */
  add(entry: HistoryEntry): Promise<{ notices: string[] }>;
  setPinned(id: string, pinned: boolean): Promise<void>;
  remove(ids: string[]): Promise<void>;
  /** Deletes every entry (or every unpinned one); returns how many were deleted. */
  clear(options: { keepPinned: boolean }): Promise<number>;
  /** Every entry, whole, newest first (for export). */
  exportAll(): Promise<{ entries: HistoryEntry[]; notices: string[] }>;
  /** Adds entries (import); ids already stored are skipped. */
  importEntries(entries: HistoryEntry[]): Promise<{ added: number; skipped: number; notices: string[] }>;
  /** Calls back whenever any page changes the history; returns an unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/** Environments and globals in local storage (never sync). */
export interface EnvironmentsService {
  load(): Promise<{ state: EnvironmentsState; notices: string[] }>;
  /** Applies a change to the freshest stored state under the storage lock; returns the new state. Throws the change's own errors. */
  update(change: (state: EnvironmentsState) => EnvironmentsState): Promise<EnvironmentsState>;
  subscribe(listener: (state: EnvironmentsState) => void): () => void;
}

/** Saved Fake Data definitions in local storage, by name. */
export interface DataSetsService {
  list(): Promise<{ sets: DataSetDef[]; notices: string[] }>;
  /** Saves (replacing the one of the same name); returns the saved list. */
  save(def: DataSetDef): Promise<DataSetDef[]>;
  remove(name: string): Promise<DataSetDef[]>;
}

/** Saved requests in collections, in local storage; safe to use from several pages at once (same guarantees as history). */
export interface CollectionsService {
  /** Every readable collection in order; `notices` tell what was skipped. */
  list(): Promise<{ collections: Collection[]; notices: string[] }>;
  getRequest(id: string): Promise<SavedRequest | null>;
  getRequests(ids: readonly string[]): Promise<{ requests: Map<string, SavedRequest>; problems: string[] }>;
  create(name: string): Promise<Collection>;
  /** Changes one collection's tree under the storage lock, applied to the freshest stored copy. */
  change(collectionId: string, edit: (collection: Collection) => Collection): Promise<Collection>;
  /** Moves a node between two collections in one step. */
  moveAcross(
    sourceId: string,
    targetId: string,
    edit: (source: Collection, target: Collection) => { source: Collection; target: Collection },
  ): Promise<void>;
  saveRequest(input: SaveRequestInput): Promise<SavedRequest>;
  /** Copies saved requests under new ids (duplicate), with the tree change, in one step. */
  copyRequests(
    collectionId: string,
    ids: ReadonlyMap<string, string>,
    edit: (collection: Collection) => Collection,
  ): Promise<void>;
  importCollections(portables: readonly PortableCollection[]): Promise<Collection[]>;
  remove(collectionId: string, id: string): Promise<Removed>;
  restore(removed: Removed): Promise<void>;
  /** Calls back whenever any page changes the collections; returns an unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('Services are not provided: wrap the UI in <ServicesContext.Provider>.');
  return services;
}
