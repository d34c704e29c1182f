import { useEffect, useRef, useState } from 'preact/hooks';
import { ComposeError, composeRequest } from '../core/http/compose.ts';
import { restRequestFromCurl, type RestImport } from '../core/http/from-curl.ts';
import { parseCurl } from '../core/index.ts';
import type { HttpResponse, OutgoingRequest } from '../protocol.ts';
import { ResponseView } from './ResponseView.tsx';
import { emptyState, readDraft, stateFromImport, type EditorState } from './rest/model.ts';
import { RequestEditor, type PartId, type Problem, type SendSettings } from './rest/RequestEditor.tsx';
import { useServices } from './services.ts';
import './rest/rest.css';

type Outcome =
  | { state: 'idle' }
  | { state: 'sending'; request: OutgoingRequest }
  | { state: 'done'; response: HttpResponse; request: OutgoingRequest }
  | { state: 'failed'; message: string; request: OutgoingRequest }
  | { state: 'cancelled'; request: OutgoingRequest };

const PART_OF_FIELD: Record<string, PartId | undefined> = { headers: 'headers', body: 'body', auth: 'auth' };

/**
 * The REST client: the request editor on top, the response below. Sends
 * through the background (with the extension's host permissions), one
 * request at a time, each cancellable by its id.
 */
export function RestClientTab({ timeoutMs, imported }: { timeoutMs: number; imported?: RestImport & { seq: number } }) {
  const services = useServices();
  const [state, setState] = useState<EditorState>(emptyState);
  const [part, setPart] = useState<PartId>('query');
  const [notes, setNotes] = useState<string[]>([]);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });
  const [settings, setSettings] = useState<SendSettings>({ followRedirects: false, sendCookies: false });
  /** The request in flight (set before the first await, so a second Send cannot slip in). */
  const current = useRef<{ id: string } | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);

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

  const importCurl = (text: string) => {
    try {
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

  const send = async () => {
    if (current.current) return;
    const id = crypto.randomUUID();
    current.current = { id };
    let request: OutgoingRequest;
    try {
      request = composeRequest(await readDraft(state), id);
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
    setOutcome({ state: 'sending', request });
    const options = { timeoutMs, followRedirects: settings.followRedirects, sendCookies: settings.sendCookies };
    try {
      const response = await services.sendRequest(request, options);
      if (current.current?.id === id) setOutcome({ state: 'done', response, request });
    } catch (error) {
      if (current.current?.id === id) setOutcome({ state: 'failed', message: (error as Error).message, request });
    } finally {
      if (current.current?.id === id) current.current = null;
    }
  };

  const cancel = () => {
    const inFlight = current.current;
    if (!inFlight) return;
    current.current = null;
    setOutcome((o) => ('request' in o ? { state: 'cancelled', request: o.request } : o));
    // The reply to the send is ignored from now on, whatever the background says.
    Promise.resolve()
      .then(() => services.cancelRequest(inFlight.id))
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

  return (
    <div class="rest" ref={rootRef}>
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
        onPasteCurl={importCurl}
      />
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
        {outcome.state === 'done' && <ResponseView response={outcome.response} request={outcome.request} />}
      </div>
    </div>
  );
}
