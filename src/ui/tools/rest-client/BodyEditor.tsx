import { useMemo } from 'preact/hooks';
import { checkJson, formatJson, type BodyKind } from '../../../core/http/compose.ts';
import { methodAllowsBody } from '../../../core/http/request.ts';
import { formatBytes } from '../../format.ts';
import { KeyValueTable } from '../../components/KeyValueTable.tsx';
import { partRow, row, type EditorState, type PartRow, type Row } from './model.ts';

interface Props {
  state: EditorState;
  update: (change: (state: EditorState) => EditorState) => void;
}

const KINDS: { id: BodyKind; label: string }[] = [
  { id: 'none', label: 'None' },
  { id: 'json', label: 'JSON' },
  { id: 'text', label: 'Text' },
  { id: 'form', label: 'Form URL-encoded' },
  { id: 'multipart', label: 'Multipart form' },
  { id: 'binary', label: 'Binary file' },
];

function FileInfo({ file }: { file: File | null }) {
  if (!file) return <span class="meta">No file chosen</span>;
  return (
    <span class="file-info">
      {file.name} <span class="meta">({formatBytes(file.size)})</span>
    </span>
  );
}

/** The body by kind: JSON (validated, formattable), text, form rows, multipart rows with files, or one file. */
export function BodyEditor({ state, update }: Props) {
  const kind = state.bodyKind;
  const jsonProblem = useMemo(() => (kind === 'json' ? checkJson(state.bodyText) : null), [kind, state.bodyText]);
  const setForm = (change: (rows: Row[]) => Row[]) => update((s) => ({ ...s, formRows: change(s.formRows) }));
  const setParts = (change: (rows: PartRow[]) => PartRow[]) => update((s) => ({ ...s, parts: change(s.parts) }));
  const setPart = (id: number, patch: Partial<PartRow>) =>
    setParts((rows) => rows.map((r) => (r.id === id ? { ...r, ...patch } : r)));

  return (
    <div class="body-part">
      <div class="part-tools">
        <label class="inline">
          <span>Body type</span>
          <select
            aria-label="Body type"
            value={kind}
            onChange={(e) => {
              const next = e.currentTarget.value as BodyKind;
              update((s) => ({
                ...s,
                bodyKind: next,
                formRows: next === 'form' && s.formRows.length === 0 ? [row()] : s.formRows,
                parts: next === 'multipart' && s.parts.length === 0 ? [partRow()] : s.parts,
              }));
            }}
          >
            {KINDS.map((k) => (
              <option key={k.id} value={k.id}>
                {k.label}
              </option>
            ))}
          </select>
        </label>
        {kind === 'json' && (
          <button
            type="button"
            class="secondary small"
            disabled={jsonProblem !== null || state.bodyText.trim() === ''}
            onClick={() =>
              update((s) => {
                const formatted = formatJson(s.bodyText);
                return formatted === null ? s : { ...s, bodyText: formatted };
              })
            }
          >
            Format JSON
          </button>
        )}
      </div>
      {kind !== 'none' && !methodAllowsBody(state.method) && (
        <p class="part-note" role="note">
          {state.method.toUpperCase()} requests are sent without a body: browsers do not allow one.
        </p>
      )}
      {kind === 'none' && <p class="empty">This request has no body.</p>}
      {(kind === 'json' || kind === 'text') && (
        <>
          <textarea
            class="code-input body-text"
            aria-label="Body"
            aria-invalid={jsonProblem ? true : undefined}
            aria-describedby={jsonProblem ? 'rest-json-problem' : undefined}
            rows={10}
            spellcheck={false}
            placeholder={kind === 'json' ? '{"name": "value"}' : 'Request body'}
            value={state.bodyText}
            onInput={(e) => {
              const text = e.currentTarget.value;
              update((s) => ({ ...s, bodyText: text }));
            }}
          />
          {jsonProblem && (
            <p id="rest-json-problem" class="field-error" role="status">
              {jsonProblem.message}
            </p>
          )}
        </>
      )}
      {kind === 'form' && (
        <KeyValueTable
          rows={state.formRows}
          labels={{
            table: 'Form fields',
            enabled: 'Include field',
            name: 'Field name',
            value: 'Field value',
            remove: 'Remove field',
            add: 'Add field',
            empty: 'No fields.',
          }}
          onChange={(id, patch) => setForm((rows) => rows.map((r) => (r.id === id ? { ...r, ...patch } : r)))}
          onRemove={(id) => setForm((rows) => rows.filter((r) => r.id !== id))}
          onAdd={() => setForm((rows) => [...rows, row()])}
        />
      )}
      {kind === 'multipart' && (
        <KeyValueTable
          rows={state.parts}
          labels={{
            table: 'Multipart parts',
            enabled: 'Include part',
            name: 'Part name',
            value: 'Part value',
            remove: 'Remove part',
            add: 'Add part',
            empty: 'No parts.',
          }}
          onChange={setPart}
          onRemove={(id) => setParts((rows) => rows.filter((r) => r.id !== id))}
          onAdd={() => setParts((rows) => [...rows, partRow()])}
          renderExtra={(part) => (
            <select
              aria-label="Part type"
              value={part.kind}
              onChange={(e) => setPart(part.id, { kind: e.currentTarget.value as PartRow['kind'] })}
            >
              <option value="text">Text</option>
              <option value="file">File</option>
            </select>
          )}
          renderValue={(part) =>
            part.kind === 'text' ? (
              <input
                type="text"
                class="kv-input"
                aria-label="Part value"
                placeholder="Value"
                spellcheck={false}
                autoComplete="off"
                value={part.value}
                onInput={(e) => setPart(part.id, { value: e.currentTarget.value })}
              />
            ) : (
              <span class="file-cell">
                <input
                  type="file"
                  aria-label="Part file"
                  onChange={(e) => setPart(part.id, { file: e.currentTarget.files?.[0] ?? null })}
                />
                <FileInfo file={part.file} />
              </span>
            )
          }
        />
      )}
      {kind === 'binary' && (
        <div class="file-cell">
          <input
            type="file"
            aria-label="Body file"
            onChange={(e) => {
              const file = e.currentTarget.files?.[0] ?? null;
              update((s) => ({ ...s, binaryFile: file }));
            }}
          />
          <FileInfo file={state.binaryFile} />
          {state.binaryFile && <span class="meta">{state.binaryFile.type || 'application/octet-stream'}</span>}
        </div>
      )}
    </div>
  );
}
