import { useEffect, useMemo, useRef } from 'preact/hooks';
import { MAX_ROWS } from '../../../core/fake/definition.ts';
import { FORMAT_LABELS, FORMATS, type OutputFormat } from '../../../core/fake/formats.ts';
import { LOCALES, loadFaker } from '../../../core/fake/locales.ts';
import { FIELD_TYPES, fieldType, type FieldType } from '../../../core/fake/types.ts';
import { useServices } from '../../services.ts';
import type { ToolViewProps } from '../types.ts';
import { generateInWorker } from './generator.ts';
import { createFakeStore, type FakeStore } from './store.ts';
import '../mock-api/mock-api.css';
import './fake-data.css';

const GROUPS: [string, FieldType[]][] = [];
for (const type of FIELD_TYPES) {
  const last = GROUPS[GROUPS.length - 1];
  if (last?.[0] === type.group) last[1].push(type);
  else GROUPS.push([type.group, [type]]);
}

const cellText = (value: unknown) => (value === null ? '∅' : typeof value === 'string' ? value : JSON.stringify(value));

/** Fields in, rows out: definition, preview, generation with progress and Cancel, saved data sets. */
export default function FakeDataView(_props: ToolViewProps) {
  const services = useServices();
  const store = useMemo(
    () => createFakeStore({ generate: generateInWorker, loadFaker, dataSets: services.dataSets }),
    [services],
  );
  useEffect(() => {
    void store.init();
  }, [store]);

  return (
    <div class="mock fake" data-tool="fake-data">
      <div class="mock-body">
        <section class="mock-input" aria-label="Data set">
          <DataSetBar store={store} />
          <Fields store={store} />
        </section>
        <section class="mock-output" aria-label="Rows">
          <RunBar store={store} />
          <Preview store={store} />
          <Output store={store} />
        </section>
      </div>
    </div>
  );
}

function DataSetBar({ store }: { store: FakeStore }) {
  const services = useServices();
  const fileInput = useRef<HTMLInputElement>(null);
  const def = store.def.value;
  const saved = store.saved.value;
  const exportDefinition = async () => {
    await services.downloadFile(`${def.name || 'data'}.dataset.json`, 'application/json', store.exportText());
    store.announce(`Exported “${def.name}”.`);
  };
  const importFile = async (file: File | undefined) => {
    if (!file) return;
    store.importText(await file.text());
    if (fileInput.current) fileInput.current.value = '';
  };
  return (
    <>
      <div class="mock-settings">
        <label>
          Data set name <input type="text" value={def.name} onInput={(e) => store.setName(e.currentTarget.value)} />
        </label>
        <button type="button" class="secondary" onClick={() => void store.save()}>
          Save
        </button>
        <label>
          Saved{' '}
          <select
            value=""
            disabled={saved.length === 0}
            onChange={(e) => e.currentTarget.value && store.load(e.currentTarget.value)}
          >
            <option value="">{saved.length === 0 ? 'none yet' : 'Open…'}</option>
            {saved.map((s) => (
              <option key={s.name} value={s.name}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          class="secondary"
          disabled={!saved.some((s) => s.name === def.name)}
          onClick={() => void store.remove(def.name)}
        >
          Delete saved
        </button>
        <button type="button" class="secondary" onClick={() => void exportDefinition()}>
          Export
        </button>
        <button type="button" class="secondary" onClick={() => fileInput.current?.click()}>
          Import
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          class="mock-vh"
          tabIndex={-1}
          aria-label="Definition file to import"
          onChange={(e) => void importFile(e.currentTarget.files?.[0])}
        />
      </div>
      <div class="mock-settings">
        <label>
          Locale{' '}
          <select id="fake-locale" value={def.locale} onChange={(e) => store.setLocale(e.currentTarget.value)}>
            {LOCALES.map((locale) => (
              <option key={locale} value={locale}>
                {locale}
              </option>
            ))}
          </select>
        </label>
        <label>
          Seed{' '}
          <input
            type="number"
            step={1}
            value={def.seed}
            onInput={(e) => store.setSeed(Number(e.currentTarget.value))}
          />
        </label>
        <button type="button" class="secondary" onClick={() => store.reseed()}>
          New seed
        </button>
      </div>
      {store.notices.value.map((notice) => (
        <p key={notice} class="mock-muted">
          {notice}
        </p>
      ))}
    </>
  );
}

function Fields({ store }: { store: FakeStore }) {
  const fields = store.def.value.fields;
  return (
    <>
      <table class="fake-fields">
        <caption class="mock-vh">Fields</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Type and options</th>
            <th scope="col">Blank %</th>
            <th scope="col">Unique</th>
            <th scope="col">
              <span class="mock-vh">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field, i) => {
            const n = i + 1;
            const type = fieldType(field.type);
            return (
              <tr key={i}>
                <td>
                  <input
                    type="text"
                    aria-label={`Name of field ${n}`}
                    value={field.name}
                    onInput={(e) => store.updateField(i, { name: e.currentTarget.value })}
                  />
                </td>
                <td>
                  <select
                    aria-label={`Type of field ${n}`}
                    value={field.type}
                    onChange={(e) => store.updateField(i, { type: e.currentTarget.value })}
                  >
                    {GROUPS.map(([group, types]) => (
                      <optgroup key={group} label={group}>
                        {types.map((t) => (
                          <option key={t.id} value={t.id}>
                            {t.title}
                          </option>
                        ))}
                      </optgroup>
                    ))}
                  </select>
                  {type?.options?.map((option) =>
                    option.kind === 'list' ? (
                      <textarea
                        key={option.key}
                        class="fake-list"
                        aria-label={`${option.label} of field ${n}`}
                        value={String(field.options[option.key] ?? option.default)}
                        onInput={(e) => store.setOption(i, option.key, e.currentTarget.value)}
                      />
                    ) : (
                      <OptionInput
                        key={option.key}
                        number={option.kind === 'number'}
                        label={`${option.label} of field ${n}`}
                        placeholder={option.label}
                        value={String(field.options[option.key] ?? option.default)}
                        onValue={(text) =>
                          store.setOption(i, option.key, option.kind === 'number' ? Number(text) : text)
                        }
                      />
                    ),
                  )}
                </td>
                <td>
                  <input
                    type="number"
                    min={0}
                    max={100}
                    class="fake-blank"
                    aria-label={`Blank percentage of field ${n}`}
                    value={field.blank}
                    onInput={(e) => store.updateField(i, { blank: Number(e.currentTarget.value) })}
                  />
                </td>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Unique values in field ${n}`}
                    checked={field.unique}
                    onChange={(e) => store.updateField(i, { unique: e.currentTarget.checked })}
                  />
                </td>
                <td class="fake-actions">
                  <button
                    type="button"
                    class="secondary"
                    aria-label={`Move field ${n} up`}
                    disabled={i === 0}
                    onClick={() => store.moveField(i, -1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    class="secondary"
                    aria-label={`Move field ${n} down`}
                    disabled={i === fields.length - 1}
                    onClick={() => store.moveField(i, 1)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    class="secondary"
                    aria-label={`Remove field ${n}`}
                    onClick={() => store.removeField(i)}
                  >
                    ✕
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div>
        <button type="button" class="secondary" onClick={() => store.addField()}>
          Add field
        </button>
      </div>
    </>
  );
}

function OptionInput(props: {
  number: boolean;
  label: string;
  placeholder: string;
  value: string;
  onValue: (text: string) => void;
}) {
  const common = {
    class: 'fake-option',
    'aria-label': props.label,
    placeholder: props.placeholder,
    title: props.placeholder,
    value: props.value,
    onInput: (e: Event) => props.onValue((e.currentTarget as HTMLInputElement).value),
  };
  return props.number ? <input type="number" {...common} /> : <input type="text" {...common} />;
}

function RunBar({ store }: { store: FakeStore }) {
  const run = store.run.value;
  const running = run.kind === 'running';
  return (
    <>
      <div class="mock-settings">
        <label>
          Rows{' '}
          <input
            type="number"
            min={1}
            max={MAX_ROWS}
            value={store.rows.value}
            onInput={(e) => store.setRows(Number(e.currentTarget.value))}
          />
        </label>
        <label>
          Format{' '}
          <select value={store.format.value} onChange={(e) => store.setFormat(e.currentTarget.value as OutputFormat)}>
            {FORMATS.map((f) => (
              <option key={f} value={f}>
                {FORMAT_LABELS[f]}
              </option>
            ))}
          </select>
        </label>
        {running ? (
          <button type="button" onClick={() => store.cancel()}>
            Cancel
          </button>
        ) : (
          <button type="button" onClick={() => void store.generate()} disabled={store.problem.value !== null}>
            Generate
          </button>
        )}
        <span role="status" class="mock-muted">
          {run.kind === 'done'
            ? `${run.rows.toLocaleString('en')} rows, seed ${run.seed}.`
            : run.kind === 'cancelled'
              ? `Cancelled after ${run.made.toLocaleString('en')} of ${run.total.toLocaleString('en')} rows.`
              : ''}{' '}
          {store.status.value}
        </span>
      </div>
      {running && (
        <progress
          class="fake-progress"
          aria-label="Generating rows"
          max={run.total}
          value={run.made}
        >{`${run.made} of ${run.total}`}</progress>
      )}
      {run.kind === 'failed' && (
        <div role="alert" class="convert-error">
          {run.message}
        </div>
      )}
      {store.problem.value && run.kind !== 'failed' && (
        <div role="alert" class="convert-error">
          {store.problem.value}
        </div>
      )}
    </>
  );
}

function Preview({ store }: { store: FakeStore }) {
  const preview = store.preview.value;
  if (store.previewProblem.value && !store.problem.value) {
    return (
      <div role="alert" class="convert-error">
        {store.previewProblem.value}
      </div>
    );
  }
  if (!preview) return null;
  return (
    <div class="fake-preview" tabIndex={0} aria-label="Preview of the first rows" role="region">
      <table>
        <thead>
          <tr>
            {preview.columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((row, r) => (
            <tr key={r}>
              {row.map((value, c) => (
                <td key={c}>{cellText(value)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Output({ store }: { store: FakeStore }) {
  const services = useServices();
  const output = store.output.value;
  if (output === null) return null;
  const copy = async () => {
    try {
      await services.copyText(output.text());
      store.announce('Copied to the clipboard.');
    } catch (error) {
      store.announce(`Could not copy: ${(error as Error).message}`);
    }
  };
  const download = async () => {
    const name = store.fileName();
    await services.downloadFile(name, store.mediaType(), output.text());
    store.announce(`Saved as ${name}.`);
  };
  return (
    <>
      <div class="mock-row">
        <button type="button" class="secondary" onClick={() => void copy()}>
          Copy
        </button>
        <button type="button" class="secondary" onClick={() => void download()}>
          Download
        </button>
        <span class="mock-muted">
          {output.size.toLocaleString('en')} bytes
          {output.complete ? '' : ' (the start is shown; Copy and Download take it all)'}
        </span>
      </div>
      {/* Plain text: highlighting would add a long task for what is only a glimpse of the output. */}
      <pre class="code-view fake-output" aria-label="Generated data" tabIndex={0}>
        {output.head}
      </pre>
    </>
  );
}
