import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { substituteDraft } from '../../../core/env/draft.ts';
import {
  activeEnvironment,
  lookupFor,
  secretPairs,
  setActiveEnvironment,
  type EnvironmentsState,
} from '../../../core/env/state.ts';
import { redactSecrets } from '../../../core/history/model.ts';
import { recordExchange, responseFromHistory } from '../../../core/history/record.ts';
import type { HistoryEntry, HistorySummary } from '../../../core/history/types.ts';
import { ComposeError, composeRequest } from '../../../core/http/compose.ts';
import type { RestImport } from '../../../core/http/from-curl.ts';
import type { Settings } from '../../../core/settings.ts';
import { applyWireReport, type HttpResponse, type OutgoingRequest } from '../../../protocol.ts';
import { ResponseView } from './ResponseView.tsx';
import { EnvironmentBar } from './EnvironmentBar.tsx';
import { EnvironmentManager } from './EnvironmentManager.tsx';
import { HistoryPanel } from './HistoryPanel.tsx';
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
import { RequestEditor, type PartId, type Problem, type SendSettings } from './RequestEditor.tsx';
import { describeVariables, unresolvedMessage, VariablesBar } from './VariablesBar.tsx';
import { useServices } from '../../services.ts';
import './rest.css';

type Outcome =
  | { state: 'idle' }
  /** `previous`: the last response, kept on screen (marked stale) until the new one arrives. */
  | { state: 'sending'; request: OutgoingRequest; previous?: { response: HttpResponse; request: OutgoingRequest } }
  | { state: 'done'; response: HttpResponse; request: OutgoingRequest }
  | { state: 'failed'; message: string; request: OutgoingRequest }
  | { state: 'cancelled'; request: OutgoingRequest }
  /** A response saved in history, opened again. */
  | { state: 'saved'; response: HttpResponse }
  | { state: 'saved-failure'; message: string };

/** What the tab needs of the settings. */
export type RestSettings = Pick<Settings, 'timeoutMs' | 'saveResponseBodies' | 'responseBodyCapKb'>;

const PART_OF_FIELD: Record<string, PartId | undefined> = { headers: 'headers', body: 'body', auth: 'auth' };

/** How long a response on screen stays as it is after Send before it is shown as stale (nobody sees less). */
const WAITING_STATE_DELAY_MS = 100;

/**
 * The REST client: the request editor on top, the response below. Sends
 * through the background (with the extension's host permissions), one
 * request at a time, each cancellable by its id.
 */
export function RestClientTab({
  settings: appSettings,
  imported,
}: {
  settings: RestSettings;
  imported?: RestImport & { seq: number };
}) {
  const { timeoutMs } = appSettings;
  const services = useServices();
  const [environments, setEnvironments] = useState<EnvironmentsState | null>(null);
  const [managing, setManaging] = useState(false);
  /** Where focus was when the environment manager opened; it goes back there on close. */
  const opener = useRef<HTMLElement | null>(null);
  const [summaries, setSummaries] = useState<HistorySummary[] | null>(null);
  const [historyNotices, setHistoryNotices] = useState<string[]>([]);
  const [historyOpen, setHistoryOpen] = useState(true);
  const [currentEntry, setCurrentEntry] = useState<string | null>(null);
  const [state, setState] = useState<EditorState>(emptyState);
  const [part, setPart] = useState<PartId>('query');
  const [notes, setNotes] = useState<string[]>([]);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });
  const [settings, setSettings] = useState<SendSettings>({ followRedirects: false, sendCookies: false, asPage: false });
  const asPage = settings.asPage && services.inspected !== undefined;
  /** The request in flight (set before the first await, so a second Send cannot slip in). */
  const current = useRef<{ id: string; asPage: boolean } | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  // Environments: loaded once, then kept in step with every page's changes.
  useEffect(() => {
    let live = true;
    services.environments
      .load()
      .then(({ state: loaded, notices }) => {
        if (!live) return;
        setEnvironments(loaded);
        if (notices.length > 0) setHistoryNotices((n) => [...n, ...notices]);
      })
      .catch((error: Error) => setHistoryNotices((n) => [...n, `Could not read the environments: ${error.message}`]));
    const stop = services.environments.subscribe((next) => setEnvironments(next));
    return () => {
      live = false;
      stop();
    };
  }, [services]);

  // History: listed at once, then again (at most every 150 ms) whenever any page changes it.
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reload = () =>
      services.history
        .list()
        .then(({ summaries: list, notices }) => {
          if (!live) return;
          setSummaries(list);
          if (notices.length > 0) setHistoryNotices((n) => [...new Set([...n, ...notices])]);
        })
        .catch((error: Error) => {
          if (live) setHistoryNotices((n) => [...n, `Could not read the history: ${error.message}`]);
          setSummaries((s) => s ?? []);
        });
    void reload();
    const stop = services.history.subscribe(() => {
      if (timer === undefined) timer = setTimeout(() => ((timer = undefined), void reload()), 150);
    });
    return () => {
      live = false;
      clearTimeout(timer);
      stop();
    };
  }, [services]);

  // When the history list first shows, as a performance mark (read by the tests and the benchmarks).
  const listedMark = useRef(false);
  useEffect(() => {
    if (summaries === null || listedMark.current) return;
    listedMark.current = true;
    performance.mark('history-listed', { detail: { entries: summaries.length } });
  }, [summaries]);

  const draftShape = useMemo(() => draftWithoutFiles(state), [state]);

  const load = (request: RestImport) => {
    const next = stateFromImport(request);
    setState(next);
    setNotes(request.notes);
    setProblem(null);
    setPart(next.bodyKind !== 'none' ? 'body' : next.headers.length > 0 ? 'headers' : 'query');
  };

  // A request opened from the converter replaces the editor's content.
  useEffect(() => {
    if (imported) load(imported);
  }, [imported]);

  const importCurl = async (text: string) => {
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
      setProblem({ field: 'url', message: `Could not import the curl command: ${(error as Error).message}` });
    }
  };

  /** Saves the exchange in history, as written and without secret values; failures become notices. */
  const record = (sent: EditorState, outcome: { response: HttpResponse } | { error: string }) => {
    const env = environments ? activeEnvironment(environments) : undefined;
    const entry: HistoryEntry = recordExchange(storedRequestOf(sent), outcome, {
      id: crypto.randomUUID(),
      createdAt: Date.now(),
      environment: env ? { id: env.id, name: env.name } : null,
      saveBody: appSettings.saveResponseBodies,
      bodyCapBytes: appSettings.responseBodyCapKb * 1024,
    });
    const safe = environments ? redactSecrets(entry, secretPairs(environments, { includeDisabled: true })) : entry;
    setCurrentEntry(safe.id);
    services.history
      .add(safe)
      .then(({ notices }) => {
        if (notices.length > 0) setHistoryNotices((n) => [...n, ...notices]);
      })
      .catch((error: Error) =>
        setHistoryNotices((n) => [...n, `This request could not be saved in history: ${error.message}`]),
      );
  };

  const send = async (editor: EditorState = state) => {
    if (current.current) return;
    const id = crypto.randomUUID();
    current.current = { id, asPage };
    let request: OutgoingRequest;
    try {
      const draft = await readDraft(editor);
      const env = environments ? activeEnvironment(environments) : undefined;
      const blocked = unresolvedMessage(describeVariables(draft, environments), env?.name);
      if (blocked) throw new ComposeError(blocked, 'url');
      const resolved = substituteDraft(
        draft,
        lookupFor(environments ?? { globals: [], environments: [], activeId: null }, { includeSecrets: true }),
      );
      request = composeRequest(resolved.draft, id);
    } catch (error) {
      current.current = null;
      if (error instanceof ComposeError) {
        setProblem({ field: error.field, message: error.message });
        const where = PART_OF_FIELD[error.field];
        if (where) setPart(where);
      } else setProblem({ field: 'body', message: `Could not read the body: ${(error as Error).message}` });
      return;
    }
    setProblem(null);
    // The last response stays mounted while waiting, so the next one updates it instead of building a new view.
    const showWaiting = () =>
      setOutcome((o) => ({
        state: 'sending',
        request,
        previous:
          o.state === 'done'
            ? { response: o.response, request: o.request }
            : o.state === 'sending'
              ? o.previous
              : undefined,
      }));
    // With a response on screen, a quick answer replaces it in place: the waiting state (that response
    // dimmed, Cancel) is drawn only when the answer takes a while. Drawing it costs a frame before the
    // answer can be shown, and in Firefox the background shares this page's thread, so it delays the
    // request itself.
    const waiting =
      outcome.state === 'done'
        ? setTimeout(() => current.current?.id === id && showWaiting(), WAITING_STATE_DELAY_MS)
        : (showWaiting(), undefined);
    const options = { timeoutMs, followRedirects: settings.followRedirects, sendCookies: settings.sendCookies };
    try {
      const response =
        asPage && services.inspected
          ? await services.inspected.sendAsPage(request, options)
          : await services.sendRequest(request, options, (report) =>
              // The browser's report of the exchange fills in the response shown, if it still is.
              setOutcome((o) =>
                o.state === 'done' && o.request.id === id ? { ...o, response: applyWireReport(o.response, report) } : o,
              ),
            );
      if (current.current?.id === id) {
        setOutcome({ state: 'done', response, request });
        record(editor, { response });
      }
    } catch (error) {
      if (current.current?.id === id) {
        const message = (error as Error).message;
        setOutcome({ state: 'failed', message, request });
        record(editor, { error: message });
      }
    } finally {
      clearTimeout(waiting);
      if (current.current?.id === id) current.current = null;
    }
  };

  /** Loads a history entry into the editor; `andSend` replays it with the current variable values. */
  const fromHistory = async (entryId: string, andSend: boolean) => {
    const entry = await services.history.get(entryId).catch(() => null);
    if (!entry) {
      setHistoryNotices((n) => [...n, 'That history entry is gone or could not be read.']);
      return;
    }
    const next = stateFromStored(entry.request);
    setState(next);
    setNotes([]);
    setCurrentEntry(entry.id);
    setPart(next.bodyKind !== 'none' ? 'body' : next.headers.length > 0 ? 'headers' : 'query');
    const missing = missingFiles(entry.request);
    if (missing.length > 0) {
      setProblem({
        field: 'body',
        message: `History keeps no file contents: choose ${missing.map((f) => `"${f}"`).join(', ')} again, then send.`,
      });
      setPart('body');
      setOutcome({ state: 'idle' });
      return;
    }
    setProblem(null);
    if (andSend) {
      await send(next);
      return;
    }
    const saved = responseFromHistory(entry, entry.request.url);
    setOutcome(
      saved
        ? { state: 'saved', response: saved }
        : { state: 'saved-failure', message: `When sent, this request failed: ${entry.error ?? 'no response'}` },
    );
  };

  const cancel = () => {
    const inFlight = current.current;
    if (!inFlight) return;
    current.current = null;
    setOutcome((o) => ('request' in o ? { state: 'cancelled', request: o.request } : o));
    // The reply to the send is ignored from now on, whatever the background says.
    Promise.resolve()
      .then(async () => {
        if (inFlight.asPage && services.inspected) await services.inspected.cancelAsPage(inFlight.id);
        else await services.cancelRequest(inFlight.id);
      })
      .catch(() => undefined);
  };

  // Ctrl/Cmd+Enter sends and Esc cancels, from anywhere in this tab (or with nothing focused).
  const keys = useRef({ send, cancel });
  keys.current = { send, cancel };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const root = rootRef.current;
      if (!root || root.closest('[hidden]')) return;
      const target = event.target as Node | null;
      if (target && target !== document.body && target !== document.documentElement && !root.contains(target)) return;
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        void keys.current.send();
      } else if (event.key === 'Escape' && current.current) {
        event.preventDefault();
        keys.current.cancel();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const selectEnvironment = (id: string | null) =>
    void services.environments
      .update((s) => setActiveEnvironment(s, id))
      .then(setEnvironments)
      .catch((error: Error) => setHistoryNotices((n) => [...n, `Could not switch environments: ${error.message}`]));

  const historyCall = (action: Promise<unknown>) =>
    void action.catch((error: Error) => setHistoryNotices((n) => [...n, `History: ${error.message}`]));

  return (
    <div class={`rest-layout${historyOpen ? ' with-history' : ''}`}>
      {historyOpen && (
        <aside class="history-sidebar" aria-label="History panel">
          <HistoryPanel
            summaries={summaries}
            notices={historyNotices}
            onDismissNotices={() => setHistoryNotices([])}
            onReplay={(id) => void fromHistory(id, true)}
            onOpen={(id) => void fromHistory(id, false)}
            onPin={(id, pinned) => historyCall(services.history.setPinned(id, pinned))}
            onDelete={(id) => historyCall(services.history.remove([id]))}
            onClear={() => historyCall(services.history.clear({ keepPinned: true }))}
            currentId={currentEntry}
          />
        </aside>
      )}
      <div class="rest" ref={rootRef}>
        <div class="rest-toolbar">
          <button
            type="button"
            class="secondary small"
            aria-expanded={historyOpen}
            onClick={() => setHistoryOpen(!historyOpen)}
          >
            {historyOpen ? 'Hide history' : 'Show history'}
          </button>
          <EnvironmentBar
            state={environments}
            onSelect={selectEnvironment}
            onManage={() => {
              opener.current = document.activeElement as HTMLElement | null;
              setManaging(true);
            }}
          />
        </div>
        <RequestEditor
          state={state}
          update={setState}
          part={part}
          onPart={setPart}
          sending={outcome.state === 'sending'}
          onSend={() => void send()}
          onCancel={cancel}
          settings={settings}
          onSettings={setSettings}
          timeoutMs={timeoutMs}
          problem={problem}
          onPasteCurl={(text) => void importCurl(text)}
          canSendAsPage={services.inspected !== undefined}
        />
        <VariablesBar draft={draftShape} state={environments} />
        {notes.length > 0 && (
          <ul class="import-notes" aria-label="Import notes">
            {notes.map((note, i) => (
              <li key={i}>{note}</li>
            ))}
          </ul>
        )}
        <div class="response-area" aria-live="polite">
          {outcome.state === 'idle' && (
            <p class="empty">Enter a URL and press Send. Requests go out from the extension itself: no CORS proxy.</p>
          )}
          {outcome.state === 'sending' && <p class="empty">Waiting for the response… (Esc cancels)</p>}
          {outcome.state === 'cancelled' && <p class="empty">Request cancelled.</p>}
          {outcome.state === 'failed' && (
            <p role="alert" class="request-error">
              {outcome.message}
            </p>
          )}
          {(outcome.state === 'done' || (outcome.state === 'sending' && outcome.previous)) && (
            // Stale while sending: dimmed and hidden from assistive technology until the new response arrives.
            <div
              class={outcome.state === 'sending' ? 'response-stale' : undefined}
              aria-hidden={outcome.state === 'sending' ? true : undefined}
              data-exchange={outcome.state === 'done' ? outcome.request.id : undefined}
            >
              <ResponseView
                response={outcome.state === 'done' ? outcome.response : outcome.previous!.response}
                request={outcome.state === 'done' ? outcome.request : outcome.previous!.request}
              />
            </div>
          )}
          {outcome.state === 'saved' && (
            <>
              <p class="saved-label">From history. Send to get a fresh response.</p>
              <ResponseView response={outcome.response} />
            </>
          )}
          {outcome.state === 'saved-failure' && <p class="empty">{outcome.message}</p>}
        </div>
      </div>
      {managing && environments && (
        <EnvironmentManager
          state={environments}
          update={async (change) => {
            const next = await services.environments.update(change);
            setEnvironments(next);
            return next;
          }}
          onClose={() => {
            setManaging(false);
            setTimeout(() => opener.current?.focus());
          }}
          download={(name, mime, text) => services.downloadFile(name, mime, text)}
        />
      )}
    </div>
  );
}
