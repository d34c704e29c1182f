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
import { substituteDraft } from '../../../core/env/draft.ts';
import { activeEnvironment, lookupFor, secretPairs, type EnvironmentsState } from '../../../core/env/state.ts';
import { redactSecrets } from '../../../core/history/model.ts';
import { recordExchange, responseFromHistory } from '../../../core/history/record.ts';
import { ComposeError, composeRequest } from '../../../core/http/compose.ts';
import type { RestImport } from '../../../core/http/from-curl.ts';
import type { RestRequestSource } from '../../../core/request-spec/from-rest.ts';
import type { Settings } from '../../../core/settings.ts';
import { applyWireReport, type HttpResponse, type OutgoingRequest } from '../../../protocol.ts';
import type { Services } from '../../services.ts';
import {
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
  newId?: () => string;
  now?: () => number;
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
  const sendSettings = signal<SendSettings>({ followRedirects: false, sendCookies: false, asPage: false });
  const canSendAsPage = services.inspected !== undefined;
  /** The request in flight (set before the first await, so a second Send cannot slip in). */
  let inFlight: { id: string; asPage: boolean } | null = null;

  const load = (request: RestImport) => {
    const next = stateFromImport(request);
    batch(() => {
      editor.value = next;
      notes.value = request.notes;
      problem.value = null;
      part.value = partFor(next);
    });
  };

  /** Saves the exchange in history, as written and without secret values; failures become notices. */
  const record = (sent: EditorState, result: { response: HttpResponse } | { error: string }): Promise<void> => {
    const environments = deps.environments.peek();
    const settings = deps.settings.peek();
    const env = environments ? activeEnvironment(environments) : undefined;
    const entry = recordExchange(storedRequestOf(sent), result, {
      id: newId(),
      createdAt: now(),
      environment: env ? { id: env.id, name: env.name } : null,
      saveBody: settings.saveResponseBodies,
      bodyCapBytes: settings.responseBodyCapKb * 1024,
    });
    const safe = environments ? redactSecrets(entry, secretPairs(environments, { includeDisabled: true })) : entry;
    history.select(safe.id);
    return history.add(safe);
  };

  /** Sends the request (the editor's, or `from`): resolved, composed, and recorded in history. */
  const send = async (from: EditorState = editor.peek()): Promise<void> => {
    if (inFlight) return;
    const id = newId();
    const asPage = sendSettings.peek().asPage && canSendAsPage;
    inFlight = { id, asPage };
    let request: OutgoingRequest;
    let written: RestRequestSource;
    try {
      const draft = await readDraft(from);
      written = { draft, followRedirects: sendSettings.peek().followRedirects };
      const environments = deps.environments.peek();
      const env = environments ? activeEnvironment(environments) : undefined;
      const blocked = unresolvedMessage(describeVariables(draft, environments), env?.name);
      if (blocked) throw new ComposeError(blocked, 'url');
      const resolved = substituteDraft(
        draft,
        lookupFor(environments ?? { globals: [], environments: [], activeId: null }, { includeSecrets: true }),
      );
      request = composeRequest(resolved.draft, id);
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
        void record(from, { response });
      }
    } catch (error) {
      if (inFlight?.id === id) {
        const message = (error as Error).message;
        outcome.value = { state: 'failed', message, request };
        void record(from, { error: message });
      }
    } finally {
      clearTimeout(waiting);
      if (inFlight?.id === id) inFlight = null;
    }
  };

  return {
    editor,
    part,
    notes,
    problem,
    outcome,
    sendSettings,
    canSendAsPage,
    sending: computed(() => outcome.value.state === 'sending'),
    /** The request's shape without file contents, for the variables bar (files are read only to send). */
    draftShape: computed(() => draftWithoutFiles(editor.value)),

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
          import('../../../core/index.ts'),
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
