import { authHeader, headerLines } from '../../../core/http/compose.ts';
import { methodAllowsBody, type HeaderLine } from '../../../core/http/request.ts';
import { HeaderRowsEditor } from '../../components/HeaderRowsEditor.tsx';
import { authDraft, type EditorState } from './model.ts';

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

/** The request's header rows (the shared editor), with the headers the editor adds at send time. */
export function HeadersEditor({ state, update }: Props) {
  const added = addedHeaders(state);
  return (
    <HeaderRowsEditor
      rows={state.headers}
      bulk={state.bulkHeaders}
      bulkText={state.bulkText}
      onChange={(next) =>
        update((s) => ({ ...s, headers: next.rows, bulkHeaders: next.bulk, bulkText: next.bulkText }))
      }
    >
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
    </HeaderRowsEditor>
  );
}
