import { useEffect, useRef, useState } from 'preact/hooks';
import type { RestImport } from '../core/http/from-curl.ts';
import { checkRequest, COMMON_METHODS, methodAllowsBody, type HttpRequest } from '../core/http/request.ts';
import type { HttpResponse } from '../protocol.ts';
import { ResponseView } from './ResponseView.tsx';
import { useServices } from './services.ts';

type Outcome =
  | { state: 'idle' }
  | { state: 'sending' }
  | { state: 'done'; response: HttpResponse }
  | { state: 'failed'; message: string };

/** Builds a request, sends it through the background, shows what came back. */
interface HeaderRow {
  name: string;
  value: string;
}

export function RestClientTab({ timeoutMs, imported }: { timeoutMs: number; imported?: RestImport & { seq: number } }) {
  const services = useServices();
  const [method, setMethod] = useState('GET');
  const [url, setUrl] = useState('');
  const [body, setBody] = useState('');
  const [headers, setHeaders] = useState<HeaderRow[]>([]);
  const [notes, setNotes] = useState<string[]>([]);

  // A request opened from the converter replaces the editor's content.
  useEffect(() => {
    if (!imported) return;
    setMethod(imported.request.method);
    setUrl(imported.request.url);
    setHeaders(imported.request.headers.map((h) => ({ ...h })));
    setBody(imported.request.body ?? '');
    setNotes(imported.notes);
  }, [imported]);

  const methods = (COMMON_METHODS as readonly string[]).includes(method) ? COMMON_METHODS : [...COMMON_METHODS, method];
  const setHeader = (index: number, patch: Partial<HeaderRow>) =>
    setHeaders((rows) => rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });
  const sendSeq = useRef(0);

  const send = async (event?: Event) => {
    event?.preventDefault();
    const request: HttpRequest = {
      method,
      url: url.trim(),
      headers: headers.filter((h) => h.name.trim() !== '').map((h) => ({ name: h.name.trim(), value: h.value })),
      body: methodAllowsBody(method) && body !== '' ? body : undefined,
    };
    const check = checkRequest(request);
    if (!check.ok) {
      setProblem({ field: check.field, message: check.message });
      return;
    }
    setProblem(null);
    const seq = ++sendSeq.current;
    setOutcome({ state: 'sending' });
    try {
      const response = await services.sendRequest(request, { timeoutMs });
      if (seq === sendSeq.current) setOutcome({ state: 'done', response });
    } catch (error) {
      if (seq === sendSeq.current) setOutcome({ state: 'failed', message: (error as Error).message });
    }
  };

  const urlError = problem?.field === 'url' ? problem.message : null;
  return (
    <div class="rest">
      <form class="request-line" onSubmit={send} aria-label="Request">
        <select aria-label="Method" value={method} onChange={(e) => setMethod(e.currentTarget.value)} class="method">
          {methods.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
        <input
          type="text"
          aria-label="URL"
          placeholder="https://api.example.com/items"
          spellcheck={false}
          autoComplete="off"
          value={url}
          aria-invalid={urlError ? true : undefined}
          aria-describedby={urlError ? 'url-error' : undefined}
          onInput={(e) => setUrl(e.currentTarget.value)}
          class="url"
        />
        <button type="submit" class="primary" disabled={outcome.state === 'sending'}>
          {outcome.state === 'sending' ? 'Sending…' : 'Send'}
        </button>
      </form>
      {problem && (
        <p id="url-error" role="alert" class="field-error">
          {problem.message}
        </p>
      )}
      {notes.length > 0 && (
        <ul class="import-notes" aria-label="Import notes">
          {notes.map((note, i) => (
            <li key={i}>{note}</li>
          ))}
        </ul>
      )}
      <fieldset class="headers-editor">
        <legend>Headers</legend>
        {headers.map((header, i) => (
          <div class="header-row" key={i}>
            <input
              type="text"
              aria-label={`Header ${i + 1} name`}
              placeholder="Name"
              spellcheck={false}
              value={header.name}
              onInput={(e) => setHeader(i, { name: e.currentTarget.value })}
            />
            <input
              type="text"
              aria-label={`Header ${i + 1} value`}
              placeholder="Value"
              spellcheck={false}
              value={header.value}
              onInput={(e) => setHeader(i, { value: e.currentTarget.value })}
            />
            <button
              type="button"
              class="icon-button"
              aria-label={`Remove header ${i + 1}`}
              onClick={() => setHeaders((rows) => rows.filter((_, j) => j !== i))}
            >
              ×
            </button>
          </div>
        ))}
        <button
          type="button"
          class="link-button"
          onClick={() => setHeaders((rows) => [...rows, { name: '', value: '' }])}
        >
          + Add header
        </button>
      </fieldset>
      {methodAllowsBody(method) && (
        <label class="stacked">
          <span>Body</span>
          <textarea
            class="code-input"
            rows={5}
            spellcheck={false}
            value={body}
            onInput={(e) => setBody(e.currentTarget.value)}
          />
        </label>
      )}
      <div class="response-area" aria-live="polite">
        {outcome.state === 'idle' && (
          <p class="empty">Enter a URL and press Send. Requests go out from the extension itself: no CORS proxy.</p>
        )}
        {outcome.state === 'sending' && <p class="empty">Waiting for the response…</p>}
        {outcome.state === 'failed' && (
          <p role="alert" class="request-error">
            {outcome.message}
          </p>
        )}
        {outcome.state === 'done' && <ResponseView response={outcome.response} />}
      </div>
    </div>
  );
}
