import { authHeader, headerLines } from '../../../core/http/compose.ts';
import { methodAllowsBody, type HeaderLine } from '../../../core/http/request.ts';
import { KeyValueTable } from './KeyValueTable.tsx';
import {
  authDraft,
  bulkToHeaders,
  COMMON_CONTENT_TYPES,
  COMMON_HEADER_NAMES,
  headersToBulk,
  row,
  type EditorState,
  type Row,
} from './model.ts';

interface Props {
  state: EditorState;
  update: (change: (state: EditorState) => EditorState) => void;
}

const BODY_TYPES: Record<string, string> = {
  json: 'application/json',
  text: 'text/plain; charset=utf-8',
  form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data; boundary=…',
  binary: 'the file’s type',
};

/** Header lines the editor adds at send time, so the user sees them before sending. */
function addedHeaders(state: EditorState): (HeaderLine & { from: string })[] {
  const written = headerLines(state.headers).map((h) => h.name.toLowerCase());
  const out: (HeaderLine & { from: string })[] = [];
  const fromAuth = authHeader(authDraft(state.auth));
  if (fromAuth && fromAuth.name !== '' && !written.includes(fromAuth.name.toLowerCase())) {
    out.push({ ...fromAuth, value: state.auth.kind === 'basic' ? 'Basic …' : fromAuth.value, from: 'Auth' });
  }
  const type = BODY_TYPES[state.bodyKind];
  if (type && methodAllowsBody(state.method) && !written.includes('content-type')) {
    out.push({ name: 'Content-Type', value: type, from: 'Body' });
  }
  return out;
}

/** Header rows with enable checkboxes and name completion, or all of them as `Name: value` text. */
export function HeadersEditor({ state, update }: Props) {
  const setRows = (change: (rows: Row[]) => Row[]) =>
    update((s) => {
      const headers = change(s.headers);
      return { ...s, headers, bulkText: headersToBulk(headers) };
    });
  const added = addedHeaders(state);
  return (
    <div class="headers-part">
      <div class="part-tools">
        <button
          type="button"
          class="secondary small"
          aria-pressed={state.bulkHeaders}
          onClick={() =>
            update((s) =>
              s.bulkHeaders
                ? { ...s, bulkHeaders: false }
                : { ...s, bulkHeaders: true, bulkText: headersToBulk(s.headers) },
            )
          }
        >
          Bulk edit
        </button>
      </div>
      {state.bulkHeaders ? (
        <label class="stacked">
          <span>
            One header per line as <code>Name: value</code>; start a line with <code>//</code> to keep it without
            sending it.
          </span>
          <textarea
            class="code-input"
            aria-label="Bulk headers"
            rows={8}
            spellcheck={false}
            value={state.bulkText}
            onInput={(e) => {
              const text = e.currentTarget.value;
              update((s) => ({ ...s, bulkText: text, headers: bulkToHeaders(text) }));
            }}
          />
        </label>
      ) : (
        <KeyValueTable
          rows={state.headers}
          labels={{
            table: 'Headers',
            enabled: 'Send header',
            name: 'Header name',
            value: 'Header value',
            remove: 'Remove header',
            add: 'Add header',
            empty: 'No headers of your own.',
          }}
          nameSuggestions={COMMON_HEADER_NAMES}
          valueSuggestions={(r) => (r.name.trim().toLowerCase() === 'content-type' ? COMMON_CONTENT_TYPES : undefined)}
          onChange={(id, patch) => setRows((rows) => rows.map((r) => (r.id === id ? { ...r, ...patch } : r)))}
          onRemove={(id) => setRows((rows) => rows.filter((r) => r.id !== id))}
          onAdd={() => setRows((rows) => [...rows, row()])}
        />
      )}
      {added.length > 0 && (
        <ul class="added-headers" aria-label="Headers added when sent">
          {added.map((h) => (
            <li key={h.name}>
              <code>
                {h.name}: {h.value}
              </code>{' '}
              <span class="meta">from {h.from}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
