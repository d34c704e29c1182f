import { useRef, useState } from 'preact/hooks';
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
export function RestClientTab({ timeoutMs }: { timeoutMs: number }) {
  const services = useServices();
  const [method, setMethod] = useState('GET');
  const [url, setUrl] = useState('');
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });
  const sendSeq = useRef(0);

  const send = async (event?: Event) => {
    event?.preventDefault();
    const request: HttpRequest = {
      method,
      url: url.trim(),
      headers: [],
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
          {COMMON_METHODS.map((m) => (
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
