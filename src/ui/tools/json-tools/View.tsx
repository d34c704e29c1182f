import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { PrecisionNote, type PrecisionContext } from '../../components/PrecisionNote.tsx';
import { precisionNotice } from '../../../core/json/precision.ts';
import { useServices } from '../../services.ts';
import type { ToolViewProps } from '../types.ts';
import { WorkerConnection } from './client.ts';
import { EditorMarks, MAX_MARKS } from './EditorMarks.tsx';
import { JsonLines } from './JsonLines.tsx';
import { viewText } from './lines.ts';
import { createJsonToolsStore, MODE_TITLES, MODES, type JsonToolsStore, type Mode } from './store.ts';
import './json-tools.css';

const isMode = (value: string | undefined): value is Mode => MODES.includes(value as Mode);

/** Above this many characters the document is not put into the text box (see onPaste). */
const BIG_TEXT = 1_000_000;

/** Format, validate, compare, JSONPath, query and schema generation over one document, worked in a worker. */
export default function JsonToolsView({ shell, params, setParams, inbox, active }: ToolViewProps) {
  const connection = useMemo(() => new WorkerConnection(), []);
  const store = useMemo(() => createJsonToolsStore({ engine: connection }), [connection]);
  useEffect(() => () => connection.dispose(), [connection]);
  const input = useRef<HTMLTextAreaElement>(null);
  const services = useServices();

  useLayoutEffect(() => {
    if (isMode(params.mode)) store.setMode(params.mode);
  }, [store, params.mode]);

  useLayoutEffect(() => {
    if (inbox?.intent.kind !== 'open-json') return;
    store.receive(inbox.intent.text, inbox.intent.title);
  }, [store, inbox?.seq]);

  useEffect(() => {
    if (active && params.focus === 'input') input.current?.focus();
  }, [active, params.focus]);

  const choose = (mode: Mode) => {
    store.setMode(mode);
    setParams(mode === 'format' ? {} : { mode });
  };

  /** Selects a place of the document box and scrolls to it. */
  const showInInput = (offset: number, length: number, line: number) => {
    const area = input.current;
    if (!area) return;
    area.focus();
    area.setSelectionRange(offset, offset + Math.max(1, length));
    area.scrollTop = Math.max(0, (line - 3) * 18);
  };

  const copy = async (text: string, what: string) => {
    try {
      await services.copyText(text);
      store.announce(`Copied ${what}.`);
    } catch (error) {
      store.announce(`Could not copy: ${(error as Error).message}`);
    }
  };

  const useAsBody = (body: string) =>
    shell.open({
      kind: 'open-request',
      request: {
        request: { method: 'POST', url: '', headers: [{ name: 'Content-Type', value: 'application/json' }], body },
        notes: [],
      },
    });

  const [editBig, setEditBig] = useState(false);
  const big = store.text.value.length > BIG_TEXT;
  /**
   * A big paste skips the text box: the browser lays out every line of a text box's value on the main thread
   * (over a second for 10 MB), so a big document is kept in the store and shown formatted, virtualised.
   */
  const onPaste = (e: ClipboardEvent) => {
    const pasted = e.clipboardData?.getData('text/plain') ?? '';
    if (pasted.length <= BIG_TEXT) return;
    e.preventDefault();
    const area = e.currentTarget as HTMLTextAreaElement;
    const current = area.readOnly ? '' : area.value;
    const start = area.readOnly ? 0 : area.selectionStart;
    const end = area.readOnly ? 0 : area.selectionEnd;
    setEditBig(false);
    store.setText(current.slice(0, start) + pasted + current.slice(end));
  };

  const mode = store.mode.value;
  const doc = store.document.value;
  const problems = doc?.problems ?? [];
  const tabIds = (m: Mode) => ({ tab: `jt-tab-${m}`, panel: `jt-panel-${m}` });

  return (
    <div class="jt" data-tool="json-tools">
      <div class="jt-top">
        <div role="tablist" aria-label="JSON Tools mode" class="jt-tabs">
          {MODES.map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              id={tabIds(m).tab}
              aria-controls={tabIds(m).panel}
              aria-selected={mode === m}
              tabIndex={mode === m ? 0 : -1}
              class={`jt-tab${mode === m ? ' active' : ''}`}
              onClick={() => choose(m)}
              onKeyDown={(e) => {
                const i = MODES.indexOf(mode);
                const next =
                  e.key === 'ArrowRight'
                    ? MODES[(i + 1) % MODES.length]
                    : e.key === 'ArrowLeft'
                      ? MODES[(i + MODES.length - 1) % MODES.length]
                      : undefined;
                if (!next) return;
                e.preventDefault();
                choose(next);
                document.getElementById(tabIds(next).tab)?.focus();
              }}
            >
              {MODE_TITLES[m]}
            </button>
          ))}
        </div>
        <label class="jt-check">
          <input
            type="checkbox"
            checked={store.jsonc.value}
            onChange={(e) => store.setJsonc(e.currentTarget.checked)}
          />{' '}
          Allow comments (JSONC)
        </label>
        <span role="status" class="jt-muted jt-status">
          {store.busy.value ? 'Working…' : store.status.value}
        </span>
      </div>
      <div class="jt-body">
        <section class="jt-input" aria-label="Document">
          <label class="jt-label" for="jt-text">
            JSON document{store.title.value ? <span class="jt-muted"> — {store.title.value}</span> : null}
          </label>
          {big && !editBig ? (
            <>
              <textarea
                ref={input}
                id="jt-text"
                class="jt-text jt-big"
                readOnly
                spellcheck={false}
                aria-describedby="jt-big-note jt-problems"
                placeholder="Paste here to replace the document"
                value=""
                onPaste={onPaste}
              />
              <p id="jt-big-note" class="jt-muted">
                A large document ({(store.text.value.length / 1024 / 1024).toFixed(1)} MB) is loaded: it is shown
                formatted on the right. Paste into the box to replace it.{' '}
                <button type="button" class="secondary" onClick={() => setEditBig(true)}>
                  Edit the text here (slow)
                </button>{' '}
                <button type="button" class="secondary" onClick={() => store.setText('')}>
                  Clear
                </button>
              </p>
            </>
          ) : (
            <div class="jt-editor">
              <textarea
                ref={input}
                id="jt-text"
                class="jt-text"
                spellcheck={false}
                autoComplete="off"
                wrap="off"
                aria-invalid={problems.length > 0}
                aria-describedby="jt-problems"
                placeholder='Paste JSON, e.g. {"id": 12345678901234567890, "price": 1.10}'
                value={store.text.value}
                onPaste={onPaste}
                onInput={(e) => store.setText(e.currentTarget.value)}
              />
              <EditorMarks text={store.text.value} problems={problems} area={input} />
            </div>
          )}
          <div id="jt-problems" class="jt-problems">
            {store.text.value.trim() === '' ? (
              <button type="button" class="secondary" onClick={() => store.loadExample()}>
                Try an example
              </button>
            ) : problems.length === 0 ? (
              doc && <span class="jt-ok">✓ Valid JSON{store.jsonc.value ? ' (with comments allowed)' : ''}</span>
            ) : (
              <>
                <span class="jt-bad">
                  {problems.length === 1 ? '1 syntax error' : `${problems.length} syntax errors`}:
                </span>
                <ul aria-label="Syntax errors" class="jt-problem-list">
                  {problems.slice(0, MAX_MARKS).map((p) => (
                    <li key={`${p.offset} ${p.code}`}>
                      <button
                        type="button"
                        class="warning-link"
                        onClick={() => showInInput(p.offset, p.length, p.line)}
                      >
                        <span class="where">
                          Line {p.line}, column {p.column}:
                        </span>{' '}
                        {p.message}. <span class="jt-muted">{p.hint}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        </section>
        <section class="jt-panel" role="tabpanel" id={tabIds(mode).panel} aria-labelledby={tabIds(mode).tab}>
          {mode === 'format' && <FormatPanel store={store} copy={copy} useAsBody={useAsBody} />}
          {mode === 'validate' && <ValidatePanel store={store} showInInput={showInInput} />}
          {mode === 'compare' && <ComparePanel store={store} copy={copy} />}
          {mode === 'path' && <PathPanel store={store} copy={copy} />}
          {mode === 'query' && <QueryPanel store={store} copy={copy} useAsBody={useAsBody} />}
          {mode === 'schema' && <SchemaPanel store={store} copy={copy} choose={choose} />}
        </section>
      </div>
    </div>
  );
}

type Copy = (text: string, what: string) => Promise<void>;

function Viewer({
  store,
  copy,
  label,
  highlighted,
  reveal,
}: {
  store: JsonToolsStore;
  copy: Copy;
  label: string;
  highlighted?: ReadonlySet<number>;
  reveal?: { line: number; seq: number };
}) {
  const view = store.document.value?.view;
  if (!view) return <p class="jt-muted jt-empty">The formatted document shows here once it reads without errors.</p>;
  if (view.lineStarts.length === 1 && view.bytes.length > 100_000) {
    return (
      <p class="jt-muted jt-empty">
        Minified: {view.bytes.length.toLocaleString('en')} bytes on one line. Copy or download it; choose an indent to
        read it.
      </p>
    );
  }
  return (
    <JsonLines
      doc={view}
      label={label}
      highlighted={highlighted}
      reveal={reveal}
      pathAt={(line) => store.pathAt(line)}
      onCopyPath={(path) => void copy(path, 'the path')}
    />
  );
}

function FormatPanel({ store, copy, useAsBody }: { store: JsonToolsStore; copy: Copy; useAsBody(body: string): void }) {
  const services = useServices();
  /** The document before "Use as document", so that step can be undone. */
  const [undo, setUndo] = useState<string | null>(null);
  const view = store.document.value?.view;
  const str = store.stringResult.value;
  /** Decoded only when asked for: the whole text of a 10 MB view is costly to build. */
  const output = () => str?.text ?? (view ? viewText(view) : undefined);
  const hasOutput = str?.text !== undefined || view !== undefined;
  const withOutput = (use: (text: string) => void) => () => {
    const text = output();
    if (text) use(text);
  };
  return (
    <>
      <div class="jt-bar">
        <label class="jt-field">
          Indent{' '}
          <select
            value={String(store.indent.value)}
            onChange={(e) => {
              const v = e.currentTarget.value;
              store.setIndent(v === 'tab' || v === 'minify' ? v : (Number(v) as 2 | 4));
            }}
          >
            <option value="2">2 spaces</option>
            <option value="4">4 spaces</option>
            <option value="tab">Tab</option>
            <option value="minify">Minified</option>
          </select>
        </label>
        <label class="jt-check">
          <input
            type="checkbox"
            checked={store.sortKeys.value}
            onChange={(e) => store.setSortKeys(e.currentTarget.checked)}
          />{' '}
          Sort keys
        </label>
        <button
          type="button"
          class="secondary"
          onClick={() => void store.transformString('escape')}
          disabled={!store.text.value}
        >
          Escape as string
        </button>
        <button
          type="button"
          class="secondary"
          onClick={() => void store.transformString('unescape')}
          disabled={!store.text.value}
        >
          Unescape string
        </button>
        <button
          type="button"
          class="secondary"
          disabled={!hasOutput}
          onClick={withOutput((text) => void copy(text, 'the output'))}
        >
          Copy
        </button>
        <button
          type="button"
          class="secondary"
          disabled={!hasOutput}
          onClick={withOutput((text) => void services.downloadFile('document.json', 'application/json', text))}
        >
          Download
        </button>
        <button type="button" class="secondary" disabled={!hasOutput} onClick={withOutput(useAsBody)}>
          Use as request body
        </button>
        {undo !== null && (
          <button
            type="button"
            class="secondary"
            onClick={() => {
              store.setText(undo);
              setUndo(null);
            }}
          >
            Undo: restore the previous document
          </button>
        )}
        {store.document.value && store.document.value.values > 0 && (
          <span class="jt-muted">
            {store.document.value.values.toLocaleString('en')} values, {view?.lineStarts.length.toLocaleString('en')}{' '}
            lines
          </span>
        )}
      </div>
      {str ? (
        <div class="jt-string">
          {str.error ? (
            <p role="alert" class="jt-bad">
              {str.error}
            </p>
          ) : (
            <>
              <pre class="jt-pre" aria-label="String result">
                {str.text!.length > 200_000 ? `${str.text!.slice(0, 200_000)}…` : str.text}
              </pre>
              <div class="jt-bar">
                <button
                  type="button"
                  onClick={() => {
                    const previous = store.useStringResult();
                    if (previous !== null) setUndo(previous);
                  }}
                >
                  Use as document
                </button>
                <button type="button" class="secondary" onClick={() => (store.stringResult.value = null)}>
                  Back to the formatted view
                </button>
              </div>
            </>
          )}
        </div>
      ) : (
        <Viewer store={store} copy={copy} label="Formatted document" />
      )}
    </>
  );
}

function ValidatePanel({
  store,
  showInInput,
}: {
  store: JsonToolsStore;
  showInInput(offset: number, length: number, line: number): void;
}) {
  const result = store.validation.value;
  return (
    <div class="jt-split">
      <div class="jt-col">
        <label class="jt-label" for="jt-schema">
          JSON Schema <span class="jt-muted">($schema picks the draft: 4, 6, 7, 2019-09, 2020-12)</span>
        </label>
        <textarea
          id="jt-schema"
          class="jt-text"
          spellcheck={false}
          wrap="off"
          placeholder='{"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "required": ["id"]}'
          value={store.schemaText.value}
          onInput={(e) => store.setSchemaText(e.currentTarget.value)}
        />
        <label class="jt-field">
          Formats{' '}
          <select
            value={store.formats.value}
            onChange={(e) => store.setFormats(e.currentTarget.value as 'default' | 'assert' | 'annotate')}
          >
            <option value="default">As the draft says</option>
            <option value="assert">Check formats</option>
            <option value="annotate">Do not check formats</option>
          </select>
        </label>
      </div>
      <div class="jt-col jt-results" aria-label="Schema validation" role="region">
        {!result ? (
          <p class="jt-muted">
            Paste a JSON Schema to check the document against it. Syntax errors are listed under the document.
          </p>
        ) : result.error ? (
          <p role="alert" class="jt-bad">
            {result.error}
          </p>
        ) : result.valid ? (
          <p class="jt-ok">
            ✓ Valid against the schema ({result.draft}
            {result.assumed ? ', assumed: the schema has no $schema' : ''}).
          </p>
        ) : (
          <>
            <p class="jt-bad">
              ✗ {result.problems!.length === 1 ? '1 error' : `${result.problems!.length} errors`} ({result.draft}
              {result.assumed ? ', assumed' : ''}):
            </p>
            <ul class="jt-problem-list" aria-label="Schema errors">
              {result.problems!.map((p, i) => (
                <li key={i}>
                  <button
                    type="button"
                    class="warning-link"
                    disabled={!p.place}
                    onClick={() => p.place && showInInput(p.place.offset, p.place.length, p.place.line)}
                  >
                    <span class="where">
                      {p.place ? `Line ${p.place.line}, column ${p.place.column}:` : 'Document:'}
                    </span>{' '}
                    <code>{p.pointer || '/'}</code>: {p.message}{' '}
                    <span class="jt-muted">
                      (<code>{p.keyword}</code> at <code>{p.schemaPath}</code>)
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}

function ComparePanel({ store, copy }: { store: JsonToolsStore; copy: Copy }) {
  const result = store.diff.value;
  return (
    <div class="jt-split">
      <div class="jt-col">
        <label class="jt-label" for="jt-right">
          Compare with <span class="jt-muted">(the document on the left is the original)</span>
        </label>
        <textarea
          id="jt-right"
          class="jt-text"
          spellcheck={false}
          wrap="off"
          placeholder="Paste the other JSON document"
          value={store.right.value}
          onInput={(e) => store.setRight(e.currentTarget.value)}
        />
        <div class="jt-bar">
          <label class="jt-field">
            Match array items by key{' '}
            <input
              type="text"
              size={8}
              placeholder="id"
              value={store.arrayKey.value}
              onInput={(e) => store.setArrayKey(e.currentTarget.value)}
            />
          </label>
          <label class="jt-check">
            <input
              type="checkbox"
              checked={store.ignoreOrder.value}
              onChange={(e) => store.setIgnoreOrder(e.currentTarget.checked)}
            />{' '}
            Ignore array order
          </label>
        </div>
        <p class="jt-muted">
          Numbers are compared by their exact decimal value, never as doubles: <code>12345678901234567890</code> and{' '}
          <code>12345678901234567891</code> differ; <code>1.0</code>, <code>1.00</code> and <code>1</code> (or{' '}
          <code>1e2</code> and <code>100</code>) are the same number, as JSON and JSON Patch's equality define it.
        </p>
      </div>
      <div class="jt-col jt-results" role="region" aria-label="Differences">
        {!result ? (
          <p class="jt-muted">Paste a second document: the differences and a JSON Patch show here.</p>
        ) : result.error ? (
          <p role="alert" class="jt-bad">
            {result.error}
          </p>
        ) : result.changes!.length === 0 ? (
          <p class="jt-ok">✓ The documents are the same (numbers compared exactly).</p>
        ) : (
          <>
            <table class="jt-diff">
              <caption class="jt-muted">
                {result.changes!.length === 1 ? '1 change' : `${result.changes!.length} changes`}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Change</th>
                  <th scope="col">Path</th>
                  <th scope="col">Left</th>
                  <th scope="col">Right</th>
                </tr>
              </thead>
              <tbody>
                {result.changes!.slice(0, 500).map((c, i) => (
                  <tr key={i} class={`jt-${c.kind}`}>
                    <td>{c.kind}</td>
                    <td>
                      <code>{c.path || '/'}</code>
                      {c.to ? (
                        <>
                          {' '}
                          → <code>{c.to}</code>
                        </>
                      ) : null}
                    </td>
                    <td>
                      <code>{c.left ?? ''}</code>
                    </td>
                    <td>
                      <code>{c.right ?? ''}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <div class="jt-bar">
              <strong class="jt-label">JSON Patch (RFC 6902)</strong>
              <button type="button" class="secondary" onClick={() => void copy(result.patch!, 'the JSON Patch')}>
                Copy patch
              </button>
            </div>
            <pre class="jt-pre" aria-label="JSON Patch">
              {result.patch}
            </pre>
          </>
        )}
      </div>
    </div>
  );
}

/** The document's numbers beyond double precision, where a JSONPath filter or a query meets them. */
function DocumentPrecision({ store, where }: { store: JsonToolsStore; where: PrecisionContext }) {
  const inexact = precisionNotice(store.document.value?.inexact);
  return inexact ? <PrecisionNote inexact={inexact} where={where} /> : null;
}

function PathPanel({ store, copy }: { store: JsonToolsStore; copy: Copy }) {
  const reply = store.pathReply.value;
  const [reveal, setReveal] = useState<{ line: number; seq: number } | undefined>();
  const hits = useMemo(() => new Set(reply?.results.map((r) => r.line) ?? []), [reply]);
  const error = reply?.error;
  return (
    <div class="jt-split">
      <div class="jt-col">
        <label class="jt-label" for="jt-selector">
          JSONPath selector <span class="jt-muted">(RFC 9535)</span>
        </label>
        <input
          id="jt-selector"
          class="jt-input-line"
          type="text"
          spellcheck={false}
          autoComplete="off"
          aria-invalid={!!error && error.offset >= 0}
          aria-describedby="jt-selector-error"
          value={store.selector.value}
          onInput={(e) => store.setSelector(e.currentTarget.value)}
        />
        <DocumentPrecision store={store} where="path" />
        <div id="jt-selector-error">
          {error &&
            (error.offset >= 0 ? (
              <div role="alert" class="jt-bad">
                <pre class="jt-caret">
                  {store.selector.value}
                  {'\n'}
                  {' '.repeat(error.offset)}^
                </pre>
                Column {error.offset + 1}: {error.message}
              </div>
            ) : (
              <p class="jt-bad">{error.message}</p>
            ))}
        </div>
        {reply && !error && (
          <>
            <div class="jt-bar">
              <span class="jt-muted">{reply.results.length === 1 ? '1 match' : `${reply.results.length} matches`}</span>
              <button
                type="button"
                class="secondary"
                disabled={reply.results.length === 0}
                onClick={() => void copy(`[${reply.results.map((r) => r.preview).join(',')}]`, 'the matches')}
              >
                Copy values
              </button>
              <button
                type="button"
                class="secondary"
                disabled={reply.results.length === 0}
                onClick={() =>
                  void copy(
                    JSON.stringify(
                      reply.results.map((r) => r.path),
                      null,
                      2,
                    ),
                    'the paths',
                  )
                }
              >
                Copy paths
              </button>
            </div>
            <ul class="jt-matches" aria-label="Matches">
              {reply.results.slice(0, 1000).map((r, i) => (
                <li key={r.path}>
                  <button
                    type="button"
                    class="warning-link"
                    onClick={() => setReveal({ line: r.line, seq: (reveal?.seq ?? 0) + 1 })}
                  >
                    <code class="where">{r.path}</code> <code class="jt-muted">{r.preview}</code>
                  </button>
                  {i === 999 && reply.results.length > 1000 && (
                    <span class="jt-muted"> and {reply.results.length - 1000} more</span>
                  )}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      <div class="jt-col">
        <Viewer store={store} copy={copy} label="Document with matches" highlighted={hits} reveal={reveal} />
      </div>
    </div>
  );
}

function QueryPanel({ store, copy, useAsBody }: { store: JsonToolsStore; copy: Copy; useAsBody(body: string): void }) {
  const reply = store.queryReply.value;
  return (
    <div class="jt-split">
      <div class="jt-col">
        <div class="jt-bar">
          <label class="jt-field">
            Language{' '}
            <select
              value={store.language.value}
              onChange={(e) => store.setLanguage(e.currentTarget.value as 'jmespath' | 'jsonata')}
            >
              <option value="jmespath">JMESPath</option>
              <option value="jsonata">JSONata</option>
            </select>
          </label>
        </div>
        <label class="jt-label" for="jt-expression">
          Expression
        </label>
        <textarea
          id="jt-expression"
          class="jt-text jt-short"
          spellcheck={false}
          wrap="off"
          placeholder={store.language.value === 'jmespath' ? 'items[?qty > `5`].name' : '$sum(items.qty)'}
          value={store.expression.value}
          onInput={(e) => store.setExpression(e.currentTarget.value)}
        />
        <p class="jt-muted">Runs in the background; an expression still running after 3 s is stopped.</p>
        <DocumentPrecision store={store} where="query" />
      </div>
      <div class="jt-col jt-results" role="region" aria-label="Query result">
        {!reply ? (
          <p class="jt-muted">Type an expression: the result shows here as you type.</p>
        ) : reply.error ? (
          <p role="alert" class="jt-bad">
            {reply.error.offset !== undefined ? `Column ${reply.error.offset + 1}: ` : ''}
            {reply.error.message}
          </p>
        ) : (
          <>
            <div class="jt-bar">
              <button type="button" class="secondary" onClick={() => void copy(reply.result!, 'the result')}>
                Copy result
              </button>
              <button type="button" class="secondary" onClick={() => useAsBody(reply.result!)}>
                Use as request body
              </button>
              <button type="button" class="secondary" onClick={() => store.setText(reply.result!)}>
                Open as document
              </button>
            </div>
            <pre class="jt-pre" aria-label="Result">
              {reply.result!.length > 200_000 ? `${reply.result!.slice(0, 200_000)}…` : reply.result}
            </pre>
          </>
        )}
      </div>
    </div>
  );
}

function SchemaPanel({ store, copy, choose }: { store: JsonToolsStore; copy: Copy; choose(mode: Mode): void }) {
  const reply = store.generated.value;
  return (
    <>
      <div class="jt-bar">
        <label class="jt-check">
          <input type="checkbox" checked={store.each.value} onChange={(e) => store.setEach(e.currentTarget.checked)} />{' '}
          Each item of the top-level array is a sample
        </label>
        {reply?.schema && (
          <>
            <span class="jt-muted">
              Draft-07, from {reply.samples === 1 ? '1 sample' : `${reply.samples} samples`}; every sample validates.
            </span>
            <button type="button" class="secondary" onClick={() => void copy(reply.schema!, 'the schema')}>
              Copy schema
            </button>
            <button
              type="button"
              class="secondary"
              onClick={() => {
                store.setSchemaText(reply.schema!);
                choose('validate');
              }}
            >
              Validate with it
            </button>
          </>
        )}
      </div>
      {!reply ? (
        <p class="jt-muted">Paste one or more samples: the schema shows here.</p>
      ) : reply.error ? (
        <p role="alert" class="jt-bad">
          {reply.error}
        </p>
      ) : (
        <pre class="jt-pre" aria-label="Generated schema">
          {reply.schema}
        </pre>
      )}
    </>
  );
}
