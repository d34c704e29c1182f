import { useRef } from 'preact/hooks';
import { COMMON_METHODS } from '../../../core/http/request.ts';
import { AuthEditor } from './AuthEditor.tsx';
import { BodyEditor } from './BodyEditor.tsx';
import { HeadersEditor } from './HeadersEditor.tsx';
import { isCommonMethod, withUrl, type EditorState } from './model.ts';
import { QueryEditor } from './QueryEditor.tsx';
import type { PartId, Problem, SendSettings } from './rest-editor-store.ts';

interface Props {
  state: EditorState;
  update: (change: (state: EditorState) => EditorState) => void;
  part: PartId;
  onPart: (part: PartId) => void;
  sending: boolean;
  onSend: () => void;
  onCancel: () => void;
  settings: SendSettings;
  onSettings: (settings: SendSettings) => void;
  timeoutMs: number;
  problem: Problem | null;
  /** A curl command was pasted into the URL field. */
  onPasteCurl: (text: string) => void;
  /** Inside DevTools: offer "Send as the page". */
  canSendAsPage?: boolean;
  /** What the auth helper's "Inherit" gives this request. */
  inheritedAuth?: string;
}

const CUSTOM = '__custom__';

/** A pasted text that is a curl command rather than a URL. */
const CURL_COMMAND = /^\s*curl(\.exe)?\s/i;

function count(n: number): string {
  return n > 0 ? ` (${n})` : '';
}

/** Method, URL, Send/Cancel, the send options, and the request's parts in tabs. */
export function RequestEditor(props: Props) {
  const { state, update, part, onPart, sending, problem, settings } = props;
  const customRef = useRef<HTMLInputElement>(null);
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  const urlProblem = problem?.field === 'url' || problem?.field === 'method' ? problem : null;

  const parts: { id: PartId; label: string; name: string; extra: string }[] = [
    { id: 'query', label: 'Query', name: 'Request query', extra: count(state.query.filter((q) => q.enabled).length) },
    {
      id: 'headers',
      label: 'Headers',
      name: 'Request headers',
      extra: count(state.headers.filter((h) => h.enabled && h.name !== '').length),
    },
    { id: 'body', label: 'Body', name: 'Request body', extra: '' },
    { id: 'auth', label: 'Auth', name: 'Request auth', extra: '' },
  ];

  // Arrow keys move between the part tabs, as the ARIA tabs pattern asks.
  const onTabKey = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const index = parts.findIndex((p) => p.id === part);
    const next = parts[(index + step + parts.length) % parts.length]!;
    onPart(next.id);
    tabRefs.current[next.id]?.focus();
  };

  return (
    <div class="request-editor">
      <form
        class="request-line"
        aria-label="Request"
        onSubmit={(event) => {
          event.preventDefault();
          props.onSend();
        }}
      >
        <select
          aria-label="Method"
          class="method"
          value={state.customMethod ? CUSTOM : state.method}
          onChange={(e) => {
            const value = e.currentTarget.value;
            if (value === CUSTOM) {
              update((s) => ({ ...s, customMethod: true, method: isCommonMethod(s.method) ? '' : s.method }));
              setTimeout(() => customRef.current?.focus());
            } else update((s) => ({ ...s, customMethod: false, method: value }));
          }}
        >
          {COMMON_METHODS.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
          <option value={CUSTOM}>Custom…</option>
        </select>
        {state.customMethod && (
          <input
            ref={customRef}
            type="text"
            class="method custom-method"
            aria-label="Custom method"
            placeholder="PURGE"
            spellcheck={false}
            autoComplete="off"
            value={state.method}
            aria-invalid={problem?.field === 'method' ? true : undefined}
            aria-describedby={problem?.field === 'method' ? 'url-error' : undefined}
            onInput={(e) => {
              const method = e.currentTarget.value;
              update((s) => ({ ...s, method }));
            }}
          />
        )}
        <input
          type="text"
          aria-label="URL"
          placeholder="https://api.example.com/items (or paste a curl command)"
          spellcheck={false}
          autoComplete="off"
          value={state.url}
          aria-invalid={problem?.field === 'url' ? true : undefined}
          aria-describedby={problem?.field === 'url' ? 'url-error' : undefined}
          onInput={(e) => {
            const url = e.currentTarget.value;
            update((s) => withUrl(s, url));
          }}
          onPaste={(e) => {
            const text = e.clipboardData?.getData('text/plain') ?? '';
            if (!CURL_COMMAND.test(text)) return;
            e.preventDefault();
            props.onPasteCurl(text);
          }}
          class="url"
        />
        {sending ? (
          <button key="cancel" type="button" class="primary cancel" onClick={props.onCancel}>
            Cancel
          </button>
        ) : (
          <button key="send" type="submit" class="primary">
            Send
          </button>
        )}
      </form>
      {props.canSendAsPage && settings.asPage && (
        <p class="part-note as-page-note">
          Sent by the inspected page with its fetch: its origin and cookies go with it and it shows in the Network
          panel; CORS and the page's security policy apply, and headers pages may not set (Cookie, User-Agent, Referer…)
          are left to the browser. Without this option the extension sends it, with none of the page's cookies and no
          CORS.
        </p>
      )}
      {problem && (
        <p id={urlProblem ? 'url-error' : 'request-problem'} role="alert" class="field-error">
          {problem.message}
        </p>
      )}
      <div class="request-options">
        <label class="check">
          <input
            type="checkbox"
            checked={settings.followRedirects}
            onChange={(e) => props.onSettings({ ...settings, followRedirects: e.currentTarget.checked })}
          />
          Follow redirects
        </label>
        <label class="check">
          <input
            type="checkbox"
            checked={settings.sendCookies}
            onChange={(e) => props.onSettings({ ...settings, sendCookies: e.currentTarget.checked })}
          />
          Send browser cookies
        </label>
        {props.canSendAsPage && (
          <label
            class="check"
            title="Runs fetch in the inspected page: the page's origin and cookies go with it and it shows in the Network panel. CORS applies, and headers pages may not set (Cookie, User-Agent, Referer…) are left to the browser."
          >
            <input
              type="checkbox"
              checked={settings.asPage}
              onChange={(e) => props.onSettings({ ...settings, asPage: e.currentTarget.checked })}
            />
            Send as the page
          </label>
        )}
        <span class="meta" title="Change the timeout in Settings">
          Timeout {props.timeoutMs / 1000} s
        </span>
        <span class="hint">Ctrl+Enter sends · Esc cancels</span>
      </div>
      <div role="tablist" aria-label="Request parts" class="subtabs" onKeyDown={onTabKey}>
        {parts.map((p) => (
          <button
            key={p.id}
            ref={(el) => {
              tabRefs.current[p.id] = el;
            }}
            type="button"
            role="tab"
            id={`rest-tab-${p.id}`}
            aria-controls={`rest-panel-${p.id}`}
            aria-selected={part === p.id}
            aria-label={p.name}
            tabIndex={part === p.id ? 0 : -1}
            class="subtab"
            onClick={() => onPart(p.id)}
          >
            {p.label}
            {p.extra && <span aria-hidden="true">{p.extra}</span>}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`rest-panel-${part}`} aria-labelledby={`rest-tab-${part}`} class="request-part">
        {part === 'query' && <QueryEditor state={state} update={update} />}
        {part === 'headers' && <HeadersEditor state={state} update={update} />}
        {part === 'body' && <BodyEditor state={state} update={update} />}
        {part === 'auth' && <AuthEditor state={state} update={update} inherited={props.inheritedAuth} />}
      </div>
    </div>
  );
}
