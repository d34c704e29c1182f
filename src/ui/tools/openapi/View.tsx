import { useEffect, useMemo, useRef } from 'preact/hooks';
import { base64ToBytes } from '../../../core/bytes.ts';
import type { OperationSummary } from '../../../core/openapi/operations.ts';
import type { Problem } from '../../../core/openapi/types.ts';
import { useServices, type Services } from '../../services.ts';
import type { ToolViewProps } from '../types.ts';
import { workerClient } from './engine-client.ts';
import { createOpenApiStore, PROBLEM_LIMIT, type OpenApiStore } from './store.ts';
import './openapi.css';

const PLACEHOLDER = `Paste a Swagger 2.0 or OpenAPI 3.x document (YAML or JSON), open a file, or fetch one from a URL.
openapi: 3.1.0
info:
  title: Pets
  version: '1'
paths:
  /pets:
    get:
      responses:
        '200':
          description: the pets`;

/** Fetches a spec through the background, which is not bound by CORS. */
async function fetchThroughBackground(services: Services, url: string): Promise<string> {
  const response = await services.sendRequest(
    {
      id: `openapi-${Date.now()}`,
      method: 'GET',
      url,
      headers: [{ name: 'Accept', value: 'application/json, application/yaml, text/yaml, */*' }],
    },
    { timeoutMs: 30_000, followRedirects: true },
  );
  if (response.status < 200 || response.status > 299)
    throw new Error(`the server answered ${response.status} ${response.statusText}`.trim());
  if (response.truncated) throw new Error('the document is larger than the body size limit');
  return response.bodyEncoding === 'text' ? response.body : new TextDecoder().decode(base64ToBytes(response.body));
}

/** A spec in, every problem at its place, and its operations as requests. */
export default function OpenApiView({ shell, params, active }: ToolViewProps) {
  const services = useServices();
  const store = useMemo(
    () => createOpenApiStore({ engine: workerClient(), fetchText: (url) => fetchThroughBackground(services, url) }),
    [services],
  );
  const editor = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (active && params.focus === 'input') editor.current?.focus();
  }, [active, params.focus]);

  /** Selects the problem's text in the editor and scrolls it into view. */
  const select = (problem: Problem) => {
    const area = editor.current;
    if (!area) return;
    area.focus();
    const { offset, end } = problem.span;
    area.setSelectionRange(offset, Math.max(end, Math.min(offset + 1, area.value.length)));
    const lineHeight = parseFloat(getComputedStyle(area).lineHeight) || 18;
    area.scrollTop = Math.max(0, (problem.span.line - 3) * lineHeight);
  };

  const openFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    try {
      store.loadFile(file.name, await file.text());
    } catch (e) {
      store.error.value = `Could not read ${file.name}: ${(e as Error).message}`;
    }
    input.value = '';
  };

  const tryIt = async (op: OperationSummary) => {
    const request = await store.requestFor(op.pointer);
    if (request) shell.open({ kind: 'open-request', request });
  };
  const generate = async (op: OperationSummary) => {
    const text = await store.curlFor(op.pointer);
    if (text) shell.open({ kind: 'convert-command', text });
  };

  return (
    <div class="openapi" data-tool="openapi">
      <div class="openapi-toolbar">
        <label class="openapi-file secondary">
          Open file…
          <input
            type="file"
            accept=".yaml,.yml,.json,application/json,application/yaml,text/yaml"
            class="openapi-vh"
            onChange={(e) => void openFile(e.currentTarget)}
          />
        </label>
        <form
          class="openapi-url"
          onSubmit={(e) => {
            e.preventDefault();
            void store.loadUrl();
          }}
        >
          <label for="openapi-url">Spec URL</label>
          <input
            id="openapi-url"
            type="url"
            placeholder="https://example.com/openapi.yaml"
            value={store.url.value}
            onInput={(e) => store.setUrl(e.currentTarget.value)}
          />
          <button type="submit" class="secondary" disabled={store.fetching.value}>
            {store.fetching.value ? 'Fetching…' : 'Fetch'}
          </button>
        </form>
        <span role="status" class="openapi-muted openapi-summary">
          {store.checking.value ? 'Checking…' : store.summary.value}
        </span>
      </div>
      {store.error.value && (
        <div role="alert" class="convert-error openapi-error">
          {store.error.value}
        </div>
      )}
      <div class="openapi-body">
        <div class="openapi-editor">
          <label class="openapi-label" for="openapi-text">
            OpenAPI document
          </label>
          <textarea
            ref={editor}
            id="openapi-text"
            class="openapi-text"
            spellcheck={false}
            autoComplete="off"
            wrap="off"
            placeholder={PLACEHOLDER}
            value={store.text.value}
            onInput={(e) => store.setText(e.currentTarget.value)}
          />
        </div>
        <Problems store={store} select={select} />
        <Operations store={store} tryIt={tryIt} generate={generate} />
      </div>
    </div>
  );
}

function Problems({ store, select }: { store: OpenApiStore; select: (p: Problem) => void }) {
  const result = store.checked.value;
  const problems = result?.problems ?? [];
  return (
    <section class={`openapi-problems${store.stale.value ? ' stale' : ''}`} aria-labelledby="openapi-problems-title">
      <h2 id="openapi-problems-title" class="openapi-label">
        Problems{result ? ` (${problems.length})` : ''}
      </h2>
      {!result && <p class="openapi-muted">Problems show here, each at its line and column.</p>}
      {result && problems.length === 0 && <p class="openapi-ok">No problems found.</p>}
      {problems.length > 0 && (
        <ul class="openapi-list">
          {problems.slice(0, PROBLEM_LIMIT).map((problem, i) => (
            <li key={i}>
              <button type="button" class={`openapi-problem ${problem.severity}`} onClick={() => select(problem)}>
                <span class="openapi-place">
                  {problem.span.line}:{problem.span.column}
                </span>{' '}
                <span class="openapi-severity">{problem.severity}</span>{' '}
                <span class="openapi-message">{problem.message}</span> <span class="openapi-rule">{problem.rule}</span>
              </button>
              {problem.pointer && <span class="openapi-pointer">{problem.pointer}</span>}
            </li>
          ))}
        </ul>
      )}
      {problems.length > PROBLEM_LIMIT && (
        <p class="openapi-muted">
          The first {PROBLEM_LIMIT} of {problems.length} are listed; fix these and check again.
        </p>
      )}
    </section>
  );
}

function Operations({
  store,
  tryIt,
  generate,
}: {
  store: OpenApiStore;
  tryIt: (op: OperationSummary) => Promise<void>;
  generate: (op: OperationSummary) => Promise<void>;
}) {
  const result = store.checked.value;
  const servers = result?.servers ?? [];
  const groups = store.groups.value;
  return (
    <section class="openapi-operations" aria-labelledby="openapi-operations-title">
      <h2 id="openapi-operations-title" class="openapi-label">
        Operations{result ? ` (${store.operationCount.value})` : ''}
      </h2>
      <div class="openapi-op-controls">
        <input
          type="search"
          aria-label="Search operations"
          placeholder="Search: method, path, summary, tag"
          value={store.query.value}
          onInput={(e) => store.setQuery(e.currentTarget.value)}
        />
        {servers.length > 0 && (
          <label class="openapi-server">
            Server{' '}
            <select
              value={String(store.serverIndex.value)}
              onChange={(e) => store.setServer(Number(e.currentTarget.value))}
            >
              {servers.map((server, i) => (
                <option key={i} value={String(i)}>
                  {server.url}
                  {server.description ? ` (${server.description})` : ''}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <div class="openapi-groups">
        {result && groups.length === 0 && (
          <p class="openapi-muted">{store.operationCount.value === 0 ? 'No operations.' : 'No operation matches.'}</p>
        )}
        {groups.map((group) => (
          <div key={group.tag} class="openapi-group">
            <h3 class="openapi-tag">{group.tag}</h3>
            <ul class="openapi-list">
              {group.operations.map((op) => {
                const name = `${op.method} ${op.path}`;
                return (
                  <li key={op.pointer} class="openapi-op">
                    <span class={`openapi-method m-${op.method.toLowerCase()}`}>{op.method}</span>{' '}
                    <code class={op.deprecated ? 'openapi-deprecated' : ''}>{op.path}</code>{' '}
                    <span class="openapi-muted openapi-op-summary">{op.summary}</span>
                    <span class="openapi-op-actions">
                      <button type="button" class="secondary" aria-label={`Try ${name}`} onClick={() => void tryIt(op)}>
                        Try it
                      </button>
                      <button
                        type="button"
                        class="secondary"
                        aria-label={`Generate code for ${name}`}
                        onClick={() => void generate(op)}
                      >
                        Code
                      </button>
                    </span>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
