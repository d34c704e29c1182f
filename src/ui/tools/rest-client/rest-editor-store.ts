/**
 * The REST client's editor and sending: the request being written, which part
 * of it is shown, import notes, the problem that stopped a send, the send
 * options, and the outcome (waiting, the response, a failure, a cancel, or a
 * response opened from history). Sending resolves `{{variables}}` against the
 * environments store, goes through the injected services (or the inspected
 * page), one request at a time, and records the exchange in history.
 * Plain signals, no DOM: keyboard shortcuts and focus are the components' part.
 */
import { batch, computed, signal, type ReadonlySignal } from '@preact/signals';
import type { CollectionVariable, SavedRequest } from '../../../core/collections/model.ts';
import {
  describeSource,
  inheritedAuth,
  scopedLookup,
  scopeSecrets,
  scopesFor,
  type RequestContext,
} from '../../../core/collections/scope.ts';
import { substituteDraft } from '../../../core/env/draft.ts';
import { activeEnvironment, EMPTY_ENVIRONMENTS, secretPairs, type EnvironmentsState } from '../../../core/env/state.ts';
import { redactSecrets } from '../../../core/history/model.ts';
import { recordExchange, responseFromHistory } from '../../../core/history/record.ts';
import { ComposeError, composeRequest, type AuthDraft, type RequestDraft } from '../../../core/http/compose.ts';
import type { RestImport } from '../../../core/http/from-curl.ts';
import type { RestRequestSource } from '../../../core/request-spec/from-rest.ts';
import type { Settings } from '../../../core/settings.ts';
import { applyWireReport, type HttpResponse, type OutgoingRequest } from '../../../protocol.ts';
import type { CollectionsService, Services } from '../../services.ts';
import {
  authDraft,
  draftWithoutFiles,
  emptyState,
  missingFiles,
  readDraft,
  stateFromImport,
  stateFromStored,
  storedRequestOf,
  type EditorState,
} from './model.ts';
import type { HistoryStore } from './rest-history-store.ts';
import { describeVariables, unresolvedMessage } from './variables-view.ts';

export type PartId = 'query' | 'headers' | 'body' | 'auth';

export interface SendSettings {
  followRedirects: boolean;
  sendCookies: boolean;
  /** Run the request with the inspected page's fetch (inside DevTools only). */
  asPage: boolean;
}

export interface Problem {
  field: string;
  message: string;
}

export type Outcome =
  | { state: 'idle' }
  /** `previous`: the last response, kept on screen (marked stale) until the new one arrives. */
  | {
      state: 'sending';
      request: OutgoingRequest;
      written: RestRequestSource;
      previous?: { response: HttpResponse; request: OutgoingRequest; written: RestRequestSource };
    }
  /** `written`: the request as the editor held it ({{variables}} unresolved), for "Copy as code". */
  | { state: 'done'; response: HttpResponse; request: OutgoingRequest; written: RestRequestSource }
  | { state: 'failed'; message: string; request: OutgoingRequest }
  | { state: 'cancelled'; request: OutgoingRequest }
  /** A response saved in history, opened again. */
  | { state: 'saved'; response: HttpResponse }
  | { state: 'saved-failure'; message: string };

/** What the editor needs of the settings. */
export type RestSettings = Pick<Settings, 'timeoutMs' | 'saveResponseBodies' | 'responseBodyCapKb'>;

const PART_OF_FIELD: Record<string, PartId | undefined> = { headers: 'headers', body: 'body', auth: 'auth' };

/** The part to show for a request just loaded: its body, else its headers, else its query. */
const partFor = (state: EditorState): PartId =>
  state.bodyKind !== 'none' ? 'body' : state.headers.length > 0 ? 'headers' : 'query';

export interface EditorStoreDeps {
  services: Pick<Services, 'sendRequest' | 'cancelRequest' | 'inspected'>;
  history: HistoryStore;
  environments: ReadonlySignal<EnvironmentsState | null>;
  settings: ReadonlySignal<RestSettings>;
  /** Where saved requests are saved; without it the editor has no Save. */
  collections?: Pick<CollectionsService, 'saveRequest'>;
  /**
   * Where a saved request sits now (its collection, folders and own
   * variables), read from the collections list, or null when it is gone.
   * Reads signals, so what depends on it follows changes to the tree.
   */
  contextOf?: (link: SavedLink) => RequestContext | null;
  newId?: () => string;
  now?: () => number;
}

/** The saved request an editor tab is linked to: saving overwrites it. */
export interface SavedLink {
  collectionId: string;
  requestId: string;
  name: string;
  /** The request's own variables (kept as they are when saving again). */
  variables: CollectionVariable[];
}

/** An editor tab while another one is shown. */
interface TabState {
  key: number;
  state: EditorState;
  link: SavedLink | null;
  baseline: string;
  part: PartId;
  notes: string[];
  problem: Problem | null;
  outcome: Outcome;
}

/** One editor tab as the tab strip shows it. */
export interface TabView {
  key: number;
  title: string;
  dirty: boolean;
  active: boolean;
  saved: boolean;
}

/** What Save asks for a request not yet saved. */
export interface SaveDialog {
  name: string;
  error: string | null;
  busy: boolean;
}

/** What decides "unsaved": the request as it would be saved, and whether its auth inherits. */
export const fingerprint = (state: EditorState): string =>
  JSON.stringify([storedRequestOf(state), state.auth.kind === 'inherit']);

const BLANK = fingerprint(emptyState());

/** A tab's title: the saved name, else the method and the URL's path, else "New request". */
export function tabTitle(link: SavedLink | null, state: EditorState): string {
  if (link) return link.name;
  const url = state.url.trim();
  if (url === '') return 'New request';
  const path = url.replace(/^[a-z][\w+.-]*:\/\/[^/?#]*/i, '') || url;
  return `${state.method} ${path}`.slice(0, 60);
}

export type EditorStore = ReturnType<typeof createEditorStore>;

/** How long a response on screen stays as it is after Send before it is shown as stale (nobody sees less). */
const WAITING_STATE_DELAY_MS = 100;

export function createEditorStore(deps: EditorStoreDeps) {
  const { services, history } = deps;
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const now = deps.now ?? Date.now;

  const editor = signal<EditorState>(emptyState());
  const part = signal<PartId>('query');
  const notes = signal<string[]>([]);
  const problem = signal<Problem | null>(null);
  const outcome = signal<Outcome>({ state: 'idle' });
  /** The saved request the shown tab is linked to. */
  const link = signal<SavedLink | null>(null);
  /** The shown tab's content as last saved or opened (a fingerprint). */
  const baseline = signal(BLANK);
  const dirty = computed(() => fingerprint(editor.value) !== baseline.value);
  const context = computed(() => {
    const current = link.value;
    return current && deps.contextOf ? deps.contextOf(current) : null;
  });
  const saveDialog = signal<SaveDialog | null>(null);
  /** A Save in progress (the shown tab's). */
  const saving = signal(false);
  /** Tabs not shown, by key; the shown tab lives in the signals above. */
  const hidden = new Map<number, TabState>();
  let lastKey = 1;
  const activeKey = signal(1);
  const order = signal<number[]>([1]);
  /** The tab whose Close waits for "Discard changes" (it has unsaved changes). */
  const closing = signal<number | null>(null);
  const sendSettings = signal<SendSettings>({ followRedirects: false, sendCookies: false, asPage: false });
  const canSendAsPage = services.inspected !== undefined;
  /** The request in flight (set before the first await, so a second Send cannot slip in). */
  let inFlight: { id: string; asPage: boolean } | null = null;

  /** A request from elsewhere (an import, history) never overwrites a saved request's tab: it gets a tab of its own. */
  const freeTab = () => {
    if (link.peek() !== null) newTab();
  };

  const load = (request: RestImport) => {
    freeTab();
    const next = stateFromImport(request);
    batch(() => {
      editor.value = next;
      notes.value = request.notes;
      problem.value = null;
      part.value = partFor(next);
    });
  };

  /**
   * Saves the exchange in history, as written (an inherited auth as the auth
   * it inherited) and without secret values, the collection's secrets
   * included; failures become notices.
   */
  const record = (
    sent: EditorState,
    ctx: RequestContext | null,
    result: { response: HttpResponse } | { error: string },
  ): Promise<void> => {
    const environments = deps.environments.peek();
    const settings = deps.settings.peek();
    const env = environments ? activeEnvironment(environments) : undefined;
    const written = { ...storedRequestOf(sent), auth: effectiveAuth(sent, ctx) };
    const entry = recordExchange(written, result, {
      id: newId(),
      createdAt: now(),
      environment: env ? { id: env.id, name: env.name } : null,
      saveBody: settings.saveResponseBodies,
      bodyCapBytes: settings.responseBodyCapKb * 1024,
    });
    const secrets = [
      ...(environments ? secretPairs(environments, { includeDisabled: true }) : []),
      ...scopeSecrets(scopesFor(ctx, null)),
    ];
    const safe = secrets.length > 0 ? redactSecrets(entry, secrets) : entry;
    history.select(safe.id);
    return history.add(safe);
  };

  /** The auth a state sends: its own, or (inheriting) its folder's or collection's. */
  const effectiveAuth = (state: EditorState, ctx: RequestContext | null): AuthDraft =>
    state.auth.kind === 'inherit' ? (ctx ? inheritedAuth(ctx).auth : { kind: 'none' }) : authDraft(state.auth);

  /**
   * The exact request to send for a state in a context: inherited auth
   * filled in, every variable resolved across the scopes (an undefined one
   * stops it with a ComposeError naming it), composed.
   */
  const prepare = async (
    from: EditorState,
    ctx: RequestContext | null,
    id: string,
  ): Promise<{ request: OutgoingRequest; draft: RequestDraft }> => {
    const draft: RequestDraft = { ...(await readDraft(from)), auth: effectiveAuth(from, ctx) };
    const environments = deps.environments.peek();
    const env = environments ? activeEnvironment(environments) : undefined;
    const blocked = unresolvedMessage(describeVariables(draft, environments, ctx), env?.name, ctx?.collection.name);
    if (blocked) throw new ComposeError(blocked, 'url');
    const resolved = substituteDraft(draft, scopedLookup(scopesFor(ctx, environments ?? EMPTY_ENVIRONMENTS)));
    return { request: composeRequest(resolved.draft, id), draft };
  };

  /** Sends the request (the editor's, or `from`): resolved, composed, and recorded in history. */
  const send = async (from: EditorState = editor.peek()): Promise<void> => {
    if (inFlight) return;
    const id = newId();
    const asPage = sendSettings.peek().asPage && canSendAsPage;
    inFlight = { id, asPage };
    const ctx = context.peek();
    let request: OutgoingRequest;
    let written: RestRequestSource;
    try {
      const prepared = await prepare(from, ctx, id);
      request = prepared.request;
      written = { draft: prepared.draft, followRedirects: sendSettings.peek().followRedirects };
    } catch (error) {
      inFlight = null;
      batch(() => {
        if (error instanceof ComposeError) {
          problem.value = { field: error.field, message: error.message };
          const where = PART_OF_FIELD[error.field];
          if (where) part.value = where;
        } else problem.value = { field: 'body', message: `Could not read the body: ${(error as Error).message}` };
      });
      return;
    }
    const before = outcome.peek();
    problem.value = null;
    // The last response stays mounted while waiting, so the next one updates it instead of building a new view.
    const showWaiting = () => {
      const shown = outcome.peek();
      outcome.value = {
        state: 'sending',
        request,
        written,
        previous:
          shown.state === 'done'
            ? { response: shown.response, request: shown.request, written: shown.written }
            : shown.state === 'sending'
              ? shown.previous
              : undefined,
      };
    };
    // With a response on screen, a quick answer replaces it in place: the waiting state (that response
    // dimmed, Cancel) is drawn only when the answer takes a while. Drawing it costs a frame before the
    // answer can be shown, and in Firefox the background shares this page's thread, so it delays the
    // request itself.
    const waiting =
      before.state === 'done'
        ? setTimeout(() => inFlight?.id === id && showWaiting(), WAITING_STATE_DELAY_MS)
        : (showWaiting(), undefined);
    const { followRedirects, sendCookies } = sendSettings.peek();
    const options = { timeoutMs: deps.settings.peek().timeoutMs, followRedirects, sendCookies };
    try {
      const response =
        asPage && services.inspected
          ? await services.inspected.sendAsPage(request, options)
          : await services.sendRequest(request, options, (report) => {
              // The browser's report of the exchange fills in the response shown, if it still is.
              const shown = outcome.peek();
              if (shown.state === 'done' && shown.request.id === id)
                outcome.value = { ...shown, response: applyWireReport(shown.response, report) };
            });
      if (inFlight?.id === id) {
        outcome.value = { state: 'done', response, request, written };
        void record(from, ctx, { response });
      }
    } catch (error) {
      if (inFlight?.id === id) {
        const message = (error as Error).message;
        outcome.value = { state: 'failed', message, request };
        void record(from, ctx, { error: message });
      }
    } finally {
      clearTimeout(waiting);
      if (inFlight?.id === id) inFlight = null;
    }
  };

  const snapshot = (): TabState => ({
    key: activeKey.peek(),
    state: editor.peek(),
    link: link.peek(),
    baseline: baseline.peek(),
    part: part.peek(),
    notes: notes.peek(),
    problem: problem.peek(),
    // A request in flight belongs to the tab it was sent from; its answer is dropped when that tab is hidden.
    outcome: outcome.peek().state === 'sending' ? { state: 'idle' } : outcome.peek(),
  });

  const show = (tab: TabState) => {
    batch(() => {
      activeKey.value = tab.key;
      editor.value = tab.state;
      link.value = tab.link;
      baseline.value = tab.baseline;
      part.value = tab.part;
      notes.value = tab.notes;
      problem.value = tab.problem;
      outcome.value = tab.outcome;
      saveDialog.value = null;
    });
  };

  const blankTab = (): TabState => ({
    key: ++lastKey,
    state: emptyState(),
    link: null,
    baseline: BLANK,
    part: 'query',
    notes: [],
    problem: null,
    outcome: { state: 'idle' },
  });

  /** Switching tabs stops waiting for the shown tab's request (its answer would land in another tab). */
  const leave = () => {
    if (inFlight) cancelInFlight();
    hidden.set(activeKey.peek(), snapshot());
  };

  /** Opens a new, empty tab after the others and shows it. */
  function newTab(): void {
    leave();
    const tab = blankTab();
    batch(() => {
      order.value = [...order.peek(), tab.key];
      show(tab);
    });
  }

  function switchTab(key: number): void {
    if (key === activeKey.peek()) return;
    const tab = hidden.get(key);
    if (!tab) return;
    leave();
    hidden.delete(key);
    show(tab);
  }

  /**
   * Closes a tab. One with unsaved changes first asks (`closing`), and
   * closes on a second call with `discard`. The last tab closing leaves an
   * empty one.
   */
  function closeTab(key: number, discard = false): void {
    const isActive = key === activeKey.peek();
    const unsaved = isActive ? dirty.peek() : fingerprint(hidden.get(key)!.state) !== hidden.get(key)!.baseline;
    if (unsaved && !discard) {
      closing.value = key;
      return;
    }
    closing.value = null;
    const keys = order.peek();
    const at = keys.indexOf(key);
    const rest = keys.filter((k) => k !== key);
    batch(() => {
      if (!isActive) {
        hidden.delete(key);
        order.value = rest;
        return;
      }
      if (inFlight) cancelInFlight();
      if (rest.length === 0) {
        const tab = blankTab();
        order.value = [tab.key];
        show(tab);
        return;
      }
      const next = rest[Math.min(at, rest.length - 1)]!;
      const tab = hidden.get(next)!;
      hidden.delete(next);
      order.value = rest;
      show(tab);
    });
  }

  /**
   * Opens a saved request: the tab already showing it, else the shown tab
   * when it is an untouched new one, else a new tab.
   */
  function openSaved(saved: SavedRequest, collectionId: string): void {
    const existing = order
      .peek()
      .find((key) =>
        key === activeKey.peek() ? link.peek()?.requestId === saved.id : hidden.get(key)?.link?.requestId === saved.id,
      );
    if (existing !== undefined) {
      switchTab(existing);
      return;
    }
    if (link.peek() !== null || dirty.peek()) newTab();
    const state = stateFromStored(saved.request, saved.inheritAuth);
    const missing = missingFiles(saved.request);
    batch(() => {
      editor.value = state;
      link.value = { collectionId, requestId: saved.id, name: saved.name, variables: saved.variables };
      baseline.value = fingerprint(state);
      notes.value = [];
      outcome.value = { state: 'idle' };
      part.value = partFor(state);
      problem.value =
        missing.length > 0
          ? {
              field: 'body',
              message: `Saved requests keep no file contents: choose ${missing.map((f) => `"${f}"`).join(', ')} before sending.`,
            }
          : null;
      if (missing.length > 0) part.value = 'body';
    });
  }

  const savedInput = (state: EditorState) => ({
    request: storedRequestOf(state),
    inheritAuth: state.auth.kind === 'inherit',
  });

  /**
   * Ctrl/Cmd+S: a linked tab is saved over its request; a new one opens the
   * save dialog (name, collection, folder). Failures (a full storage) show
   * as the problem and change nothing.
   */
  async function save(): Promise<void> {
    const current = link.peek();
    if (!deps.collections || saving.peek()) return;
    if (!current) {
      saveDialog.value = {
        name: tabTitle(null, editor.peek()) === 'New request' ? '' : tabTitle(null, editor.peek()),
        error: null,
        busy: false,
      };
      return;
    }
    const state = editor.peek();
    const key = activeKey.peek();
    saving.value = true;
    try {
      const name = deps.contextOf?.(current)?.request?.name ?? current.name;
      const saved = await deps.collections.saveRequest({
        collectionId: current.collectionId,
        parentId: null,
        id: current.requestId,
        name,
        variables: current.variables,
        ...savedInput(state),
      });
      updateTab(key, (tab) => ({ ...tab, baseline: fingerprint(state), link: { ...current, name: saved.name } }));
    } catch (error) {
      if (activeKey.peek() === key) problem.value = { field: 'url', message: `Not saved: ${(error as Error).message}` };
    } finally {
      saving.value = false;
    }
  }

  /** Saves the shown (unsaved) tab as a new request; the tab is linked to it. */
  async function saveAs(target: { collectionId: string; parentId: string | null; name: string }): Promise<boolean> {
    const dialog = saveDialog.peek();
    if (!deps.collections || !dialog || dialog.busy) return false;
    const state = editor.peek();
    const key = activeKey.peek();
    saveDialog.value = { ...dialog, name: target.name, busy: true, error: null };
    try {
      const saved = await deps.collections.saveRequest({
        collectionId: target.collectionId,
        parentId: target.parentId,
        name: target.name,
        ...savedInput(state),
      });
      updateTab(key, (tab) => ({
        ...tab,
        baseline: fingerprint(state),
        link: { collectionId: target.collectionId, requestId: saved.id, name: saved.name, variables: saved.variables },
      }));
      if (activeKey.peek() === key) saveDialog.value = null;
      return true;
    } catch (error) {
      const now = saveDialog.peek();
      if (now) saveDialog.value = { ...now, busy: false, error: (error as Error).message };
      return false;
    }
  }

  /** Changes a tab's link and baseline, shown or hidden. */
  function updateTab(key: number, change: (tab: TabState) => TabState): void {
    if (key === activeKey.peek()) {
      const next = change(snapshot());
      batch(() => {
        baseline.value = next.baseline;
        link.value = next.link;
      });
    } else {
      const tab = hidden.get(key);
      if (tab) hidden.set(key, change(tab));
      order.value = [...order.peek()];
    }
  }

  function cancelInFlight(): void {
    const cancelled = inFlight;
    if (!cancelled) return;
    inFlight = null;
    Promise.resolve()
      .then(async () => {
        if (cancelled.asPage && services.inspected) await services.inspected.cancelAsPage(cancelled.id);
        else await services.cancelRequest(cancelled.id);
      })
      .catch(() => undefined);
  }

  return {
    editor,
    part,
    notes,
    problem,
    outcome,
    sendSettings,
    canSendAsPage,
    sending: computed(() => outcome.value.state === 'sending'),
    /** The request's shape without file contents (inherited auth filled in), for the variables bar and the preview. */
    draftShape: computed(() => ({
      ...draftWithoutFiles(editor.value),
      auth: effectiveAuth(editor.value, context.value),
    })),
    link,
    dirty,
    /** Where the shown saved request sits (for variables and inherited auth), or null. */
    context,
    saveDialog,
    saving,
    closing,
    activeKey,
    /** The tab strip: every open tab, the shown one live. */
    tabs: computed((): TabView[] =>
      order.value.map((key) => {
        if (key === activeKey.value) {
          return {
            key,
            title: tabTitle(link.value, editor.value),
            dirty: dirty.value,
            active: true,
            saved: link.value !== null,
          };
        }
        const tab = hidden.get(key)!;
        return {
          key,
          title: tabTitle(tab.link, tab.state),
          dirty: fingerprint(tab.state) !== tab.baseline,
          active: false,
          saved: tab.link !== null,
        };
      }),
    ),
    /** What "Inherit" gives the shown request, in words. */
    inheritedDescription: computed((): string | undefined => {
      const ctx = context.value;
      if (!ctx) return undefined;
      const { auth, from } = inheritedAuth(ctx);
      const kind = { none: 'No auth', basic: 'Basic auth', bearer: 'A bearer token', apikey: 'An API key' }[auth.kind];
      return from
        ? `${kind} from the ${describeSource(from)}.`
        : 'Nothing above this request sets an auth: no auth is sent.';
    }),
    newTab,
    switchTab,
    closeTab,
    cancelClose: () => (closing.value = null),
    openSaved,
    save,
    saveAs,
    closeSaveDialog: () => (saveDialog.value = null),
    setSaveName: (name: string) => {
      const current = saveDialog.peek();
      if (current) saveDialog.value = { ...current, name, error: null };
    },
    /** The request as it would be sent from a saved request, for "Run" (not recorded in history). */
    prepareSaved(saved: SavedRequest, ctx: RequestContext | null, id: string): Promise<OutgoingRequest> {
      return prepare(stateFromStored(saved.request, saved.inheritAuth), ctx, id).then((p) => p.request);
    },

    update: (change: (state: EditorState) => EditorState) => (editor.value = change(editor.peek())),
    setPart: (id: PartId) => (part.value = id),
    setSendSettings: (settings: SendSettings) => (sendSettings.value = settings),
    /** Whether a request is on its way (Esc cancels it). */
    inFlight: () => inFlight !== null,

    /** Replaces the editor's content with an imported request (from the converter or a pasted curl). */
    load,

    /** Imports a pasted curl command; its first request replaces the editor's content. */
    async importCurl(text: string): Promise<void> {
      try {
        // Loaded on demand: the parser is not needed to draw the page.
        const [{ parseCurl }, { restRequestFromCurl }] = await Promise.all([
          import('../../../core/curl/parse.ts'),
          import('../../../core/http/from-curl.ts'),
        ]);
        const parsed = parseCurl(text);
        const [first] = parsed.requests;
        if (!first) throw new Error('no request found');
        const result = restRequestFromCurl(first);
        if (parsed.requests.length > 1) {
          result.notes.push(`The paste held ${parsed.requests.length} requests: the first one was imported.`);
        }
        load(result);
      } catch (error) {
        problem.value = { field: 'url', message: `Could not import the curl command: ${(error as Error).message}` };
      }
    },

    send,

    /** Stops waiting for the request in flight; its reply is ignored from now on, whatever it says. */
    cancel() {
      const cancelled = inFlight;
      if (!cancelled) return;
      inFlight = null;
      const current = outcome.peek();
      if ('request' in current) outcome.value = { state: 'cancelled', request: current.request };
      Promise.resolve()
        .then(async () => {
          if (cancelled.asPage && services.inspected) await services.inspected.cancelAsPage(cancelled.id);
          else await services.cancelRequest(cancelled.id);
        })
        .catch(() => undefined);
    },

    /** Loads a history entry into the editor; `andSend` replays it with the current variable values. */
    async open(entryId: string, andSend: boolean): Promise<void> {
      const entry = await history.get(entryId);
      if (!entry) return;
      freeTab();
      const next = stateFromStored(entry.request);
      const missing = missingFiles(entry.request);
      batch(() => {
        editor.value = next;
        notes.value = [];
        history.select(entry.id);
        part.value = partFor(next);
        if (missing.length > 0) {
          problem.value = {
            field: 'body',
            message: `History keeps no file contents: choose ${missing.map((f) => `"${f}"`).join(', ')} again, then send.`,
          };
          part.value = 'body';
          outcome.value = { state: 'idle' };
        } else problem.value = null;
      });
      if (missing.length > 0) return;
      if (andSend) {
        await send(next);
        return;
      }
      const saved = responseFromHistory(entry, entry.request.url);
      outcome.value = saved
        ? { state: 'saved', response: saved }
        : { state: 'saved-failure', message: `When sent, this request failed: ${entry.error ?? 'no response'}` };
    },
  };
}
