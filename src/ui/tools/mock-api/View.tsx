import { useLayoutEffect, useMemo } from 'preact/hooks';
import { CodeView } from '../../CodeView.tsx';
import { useServices } from '../../services.ts';
import type { ToolViewProps } from '../types.ts';
import { workerRunner } from './runner.ts';
import { createMockStore, MAX_UI_COUNT, type MockStore, type Source } from './store.ts';
import './mock-api.css';

/** A number box's value, or null when it is empty. */
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/** A schema or an OpenAPI operation in, mock values out, each checked against the schema. */
export default function MockApiView({ shell, params, setParams, inbox }: ToolViewProps) {
  const store = useMemo(() => createMockStore({ run: workerRunner() }), []);

  useLayoutEffect(() => {
    if (params.source === 'openapi' || params.source === 'schema') void store.setSource(params.source);
  }, [store, params.source]);

  useLayoutEffect(() => {
    const intent = inbox?.intent;
    if (intent?.kind === 'mock-schema') void store.receiveSchema(intent.schema, intent.title);
    else if (intent?.kind === 'mock-openapi') void store.receiveOpenApi(intent.document, intent.method, intent.path);
  }, [store, inbox?.seq]);

  const source = store.source.value;
  const choose = (next: Source) => {
    void store.setSource(next);
    setParams(next === 'openapi' ? { source: 'openapi' } : {});
  };

  return (
    <div class="mock" data-tool="mock-api">
      <div class="mock-body">
        <section class="mock-input" aria-label="Input">
          <fieldset class="mock-row mock-plain">
            <legend class="mock-vh">Mock from</legend>
            <label>
              <input type="radio" name="mock-source" checked={source === 'schema'} onChange={() => choose('schema')} />{' '}
              JSON Schema
            </label>
            <label>
              <input
                type="radio"
                name="mock-source"
                checked={source === 'openapi'}
                onChange={() => choose('openapi')}
              />{' '}
              OpenAPI operation
            </label>
          </fieldset>
          {source === 'schema' ? (
            <>
              <label class="mock-label" for="mock-schema">
                JSON Schema
              </label>
              {store.title.value && (
                <p id="mock-schema-from" class="mock-muted">
                  {store.title.value}
                </p>
              )}
              <textarea
                id="mock-schema"
                aria-describedby={store.title.value ? 'mock-schema-from' : undefined}
                class="mock-text"
                spellcheck={false}
                autoComplete="off"
                wrap="off"
                placeholder='{ "type": "object", "properties": { "id": { "type": "integer" } } }'
                value={store.schemaText.value}
                onInput={(e) => store.setSchemaText(e.currentTarget.value)}
              />
            </>
          ) : (
            <>
              <label class="mock-label" for="mock-openapi">
                OpenAPI document (YAML or JSON)
              </label>
              <textarea
                id="mock-openapi"
                class="mock-text"
                spellcheck={false}
                autoComplete="off"
                wrap="off"
                placeholder={'openapi: 3.1.0\npaths:\n  /pets:\n    get: …'}
                value={store.documentText.value}
                onInput={(e) => store.setDocumentText(e.currentTarget.value)}
              />
              <label class="mock-label" for="mock-operation">
                Operation
              </label>
              <select
                id="mock-operation"
                value={store.operation.value}
                disabled={store.operations.value.length === 0}
                onChange={(e) => store.setOperation(e.currentTarget.value)}
              >
                {store.operations.value.map((op) => {
                  const key = `${op.method} ${op.path}`;
                  return (
                    <option key={key} value={key}>
                      {key}
                      {op.summary ? ` — ${op.summary}` : ''}
                    </option>
                  );
                })}
              </select>
            </>
          )}
          <SettingsForm store={store} />
        </section>
        <Output store={store} shell={shell} />
      </div>
    </div>
  );
}

function SettingsForm({ store }: { store: MockStore }) {
  const s = store.settings.value;
  return (
    <div class="mock-settings">
      <label>
        Seed{' '}
        <input
          type="number"
          step={1}
          value={s.seed}
          onInput={(e) => {
            const value = numberOrNull(e.currentTarget.value);
            if (value !== null) store.change({ seed: value });
          }}
        />
      </label>
      <button type="button" class="secondary" onClick={() => store.reseed()}>
        New seed
      </button>
      <label>
        Count{' '}
        <input
          type="number"
          min={1}
          max={MAX_UI_COUNT}
          value={s.count}
          onInput={(e) => store.change({ count: Number(e.currentTarget.value) })}
        />
      </label>
      <label>
        Optional properties %{' '}
        <input
          type="number"
          min={0}
          max={100}
          value={s.optionalPercent}
          onInput={(e) =>
            store.change({ optionalPercent: Math.max(0, Math.min(100, Number(e.currentTarget.value) || 0)) })
          }
        />
      </label>
      <label>
        Array size from{' '}
        <input
          type="number"
          min={0}
          value={s.minItems ?? ''}
          placeholder="schema"
          onInput={(e) => store.change({ minItems: numberOrNull(e.currentTarget.value) })}
        />
      </label>
      <label>
        to{' '}
        <input
          type="number"
          min={0}
          value={s.maxItems ?? ''}
          placeholder="schema"
          aria-label="Array size to"
          onInput={(e) => store.change({ maxItems: numberOrNull(e.currentTarget.value) })}
        />
      </label>
      <label class="mock-check">
        <input
          type="checkbox"
          checked={s.preferExamples}
          onChange={(e) => store.change({ preferExamples: e.currentTarget.checked })}
        />{' '}
        Prefer examples and defaults
      </label>
    </div>
  );
}

function Output({ store, shell }: { store: MockStore; shell: ToolViewProps['shell'] }) {
  const services = useServices();
  const output = store.output.value;
  const result = store.result.value;
  const problem = store.problem.value;
  const shown = store.shown.value;

  const copy = async () => {
    if (output === null) return;
    try {
      await services.copyText(output);
      store.announce('Copied to the clipboard.');
    } catch (error) {
      store.announce(`Could not copy: ${(error as Error).message}`);
    }
  };
  const download = async () => {
    if (output === null) return;
    await services.downloadFile('mock.json', 'application/json', output);
    store.announce('Saved as mock.json.');
  };
  const openInJsonTools = () => {
    if (output !== null) shell.open({ kind: 'open-json', text: output, title: 'Mock API output' });
  };
  const useAsBody = () => {
    const request = store.requestImport();
    if (request) shell.open({ kind: 'open-request', request });
  };

  return (
    <section class="mock-output" aria-label="Mock output">
      <div class="mock-row">
        <button type="button" class="secondary" onClick={() => void copy()} disabled={output === null}>
          Copy
        </button>
        <button type="button" class="secondary" onClick={() => void download()} disabled={output === null}>
          Download
        </button>
        <button type="button" class="secondary" onClick={openInJsonTools} disabled={output === null}>
          Open in JSON Tools
        </button>
        <button type="button" class="secondary" onClick={useAsBody} disabled={output === null}>
          Use as request body
        </button>
        <span role="status" class="mock-muted">
          {store.status.value}
        </span>
      </div>
      {problem && (
        <div role="alert" class="convert-error">
          {problem}
        </div>
      )}
      {result?.kind === 'openapi' && !problem && (
        <>
          <fieldset class="mock-row mock-plain">
            <legend class="mock-label">Response</legend>
            {result.responses.map((response) => (
              <label key={response.status}>
                <input
                  type="radio"
                  name="mock-response"
                  checked={shown?.status === response.status}
                  onChange={() => store.showResponse(response.status)}
                />{' '}
                {response.status}
                {response.description ? ` ${response.description}` : ''}
              </label>
            ))}
          </fieldset>
          {shown && (
            <div class="mock-response-head">
              {shown.contentTypes.length > 1 && (
                <label class="mock-settings">
                  Content type{' '}
                  <select
                    value={shown.contentType}
                    onChange={(e) => void store.setContentType(shown.status, e.currentTarget.value)}
                  >
                    {shown.contentTypes.map((type) => (
                      <option key={type} value={type}>
                        {type}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              {shown.headers.length > 0 ? (
                <ul aria-label="Response headers" class="mock-headers">
                  {shown.headers.map((h) => (
                    <li key={h.name}>
                      <strong>{h.name}:</strong> {h.value}
                    </li>
                  ))}
                </ul>
              ) : (
                <p class="mock-muted">No headers or body declared for {shown.status}.</p>
              )}
              {shown.problem && (
                <p role="alert" class="convert-error">
                  {shown.problem}
                </p>
              )}
            </div>
          )}
        </>
      )}
      {output !== null ? (
        <>
          <CodeView code={output} language="json" label="Mock values" />
          <p class="mock-muted" aria-label="Validation">
            ✓ Every value validates against the schema (seed {result?.seed}).
            {result?.kind === 'schema' && result.fallbacks > 0
              ? ` ${result.fallbacks} came from the schema’s own values or a minimal value: the generator could not meet it.`
              : ''}
          </p>
        </>
      ) : (
        !problem &&
        !result && (
          <div class="mock-empty">
            <p>
              Paste a JSON Schema (drafts 4 to 2020-12) or an OpenAPI document. Values are made from a seed: the same
              seed gives the same values. <code>examples</code>, <code>default</code> and <code>const</code> come first,{' '}
              <code>x-faker</code> hints pick faker’s generators, and every value is checked against the schema.
            </p>
            <button type="button" class="secondary" onClick={() => store.loadExample()}>
              Try an example
            </button>
          </div>
        )
      )}
    </section>
  );
}
