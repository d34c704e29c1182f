import { batch, computed, signal } from '@preact/signals';
import type { Faker } from '@faker-js/faker';
import {
  DefinitionError,
  EXAMPLE_DEFINITION,
  fieldProblem,
  MAX_ROWS,
  parseDefinition,
  type DataSetDef,
  type FieldDef,
} from '../../../core/fake/definition.ts';
import { FILE_EXTENSIONS, MEDIA_TYPES, type OutputFormat } from '../../../core/fake/formats.ts';
import { createRowSource, type Row } from '../../../core/fake/generate.ts';
import { fieldType } from '../../../core/fake/types.ts';
import type { DataSetsService } from '../../services.ts';
import type { Generate, Generation } from './generator.ts';
import type { GeneratedOutput } from './protocol.ts';

export const PREVIEW_ROWS = 10;

export type RunState =
  | { kind: 'idle' }
  | { kind: 'running'; made: number; total: number }
  | ({ kind: 'done'; rows: number; format: OutputFormat; seed: number } & GeneratedOutput)
  | { kind: 'cancelled'; made: number; total: number }
  | { kind: 'failed'; message: string };

export interface FakeStoreDeps {
  generate: Generate;
  loadFaker: (locale: string) => Promise<Faker>;
  dataSets: DataSetsService;
  newSeed?: () => number;
}

const cloneDef = (def: DataSetDef): DataSetDef => JSON.parse(JSON.stringify(def)) as DataSetDef;

/** Default options of a type, for a field that just took it. */
function defaultOptions(typeId: string): FieldDef['options'] {
  return Object.fromEntries((fieldType(typeId)?.options ?? []).map((o) => [o.key, o.default]));
}

/**
 * Fake Data's state: the definition being edited (fields, locale, seed), the preview of its first rows (made at
 * once in the page with the same seed, so it is the start of the output), the generation (in a worker, with
 * progress and Cancel), and the saved definitions. No DOM: unit-tested with a fake generator and storage.
 */
export function createFakeStore(deps: FakeStoreDeps) {
  const newSeed = deps.newSeed ?? (() => Math.floor(Math.random() * 2_147_483_647));
  const def = signal<DataSetDef>(cloneDef(EXAMPLE_DEFINITION));
  const rows = signal(1000);
  const format = signal<OutputFormat>('json');
  const preview = signal<{ columns: string[]; rows: Row[] } | null>(null);
  const previewProblem = signal<string | null>(null);
  const run = signal<RunState>({ kind: 'idle' });
  const saved = signal<DataSetDef[]>([]);
  const notices = signal<string[]>([]);
  const status = signal('');
  let current: Generation | null = null;
  let previewSeq = 0;

  const problem = computed(() => fieldProblem(def.value.fields) ?? null);

  async function refreshPreview() {
    const seq = ++previewSeq;
    const snapshot = def.value;
    if (problem.value) {
      preview.value = null;
      previewProblem.value = problem.value;
      return;
    }
    try {
      const faker = await deps.loadFaker(snapshot.locale);
      if (seq !== previewSeq) return;
      const source = createRowSource(snapshot, faker, Math.min(PREVIEW_ROWS, rows.value || PREVIEW_ROWS));
      const made = source.take(PREVIEW_ROWS);
      batch(() => {
        preview.value = { columns: [...source.columns], rows: made };
        previewProblem.value = null;
      });
    } catch (error) {
      if (seq !== previewSeq) return;
      batch(() => {
        preview.value = null;
        previewProblem.value = (error as Error).message;
      });
    }
  }

  function edit(change: (d: DataSetDef) => void) {
    const next = cloneDef(def.value);
    change(next);
    batch(() => {
      def.value = next;
      if (run.value.kind === 'done' || run.value.kind === 'cancelled' || run.value.kind === 'failed') {
        run.value = { kind: 'idle' };
      }
    });
    void refreshPreview();
  }

  let statusTimer: ReturnType<typeof setTimeout> | undefined;
  const announce = (message: string, ms = 3000) => {
    clearTimeout(statusTimer);
    status.value = message;
    statusTimer = setTimeout(() => (status.value = ''), ms);
  };

  /** The finished output: its size, its first lines, and the whole text on demand (Copy, Download). */
  const output = computed(() => {
    const r = run.value;
    if (r.kind !== 'done') return null;
    return {
      size: r.bytes.byteLength,
      head: r.head,
      complete: r.complete,
      text: () => new TextDecoder().decode(r.bytes),
    };
  });

  return {
    def,
    rows,
    format,
    preview,
    previewProblem,
    problem,
    run,
    saved,
    notices,
    status,
    output,
    announce,
    refreshPreview,

    /** Reads the saved definitions. */
    async init() {
      const listed = await deps.dataSets.list();
      batch(() => {
        saved.value = listed.sets;
        notices.value = listed.notices;
      });
      await refreshPreview();
    },
    setName: (name: string) => edit((d) => (d.name = name)),
    setLocale: (locale: string) => edit((d) => (d.locale = locale)),
    setSeed: (seed: number) => {
      if (Number.isSafeInteger(seed)) edit((d) => (d.seed = seed));
    },
    reseed: () => edit((d) => (d.seed = newSeed())),
    setRows(count: number) {
      rows.value = count;
      void refreshPreview();
    },
    setFormat(next: OutputFormat) {
      batch(() => {
        format.value = next;
        if (run.value.kind !== 'running') run.value = { kind: 'idle' };
      });
    },
    addField() {
      edit((d) => {
        let n = d.fields.length + 1;
        while (d.fields.some((f) => f.name === `field_${n}`)) n++;
        d.fields.push({ name: `field_${n}`, type: 'lorem.word', options: {}, blank: 0, unique: false });
      });
    },
    removeField: (index: number) => edit((d) => d.fields.splice(index, 1)),
    moveField: (index: number, by: -1 | 1) =>
      edit((d) => {
        const to = index + by;
        if (to < 0 || to >= d.fields.length) return;
        const [field] = d.fields.splice(index, 1);
        d.fields.splice(to, 0, field!);
      }),
    updateField: (index: number, patch: Partial<FieldDef>) =>
      edit((d) => {
        const field = d.fields[index]!;
        if (patch.type !== undefined && patch.type !== field.type) field.options = defaultOptions(patch.type);
        Object.assign(field, patch);
      }),
    setOption: (index: number, key: string, value: string | number) =>
      edit((d) => {
        d.fields[index]!.options = { ...d.fields[index]!.options, [key]: value };
      }),

    /** Generates the rows in the worker; the text replaces any earlier output. */
    async generate() {
      if (run.value.kind === 'running') return;
      if (problem.value) {
        run.value = { kind: 'failed', message: problem.value };
        return;
      }
      const total = rows.value;
      if (!Number.isInteger(total) || total < 1 || total > MAX_ROWS) {
        run.value = { kind: 'failed', message: `Rows is a whole number from 1 to ${MAX_ROWS.toLocaleString('en')}.` };
        return;
      }
      const request = { def: cloneDef(def.value), rows: total, format: format.value, table: def.value.name };
      run.value = { kind: 'running', made: 0, total };
      const generation = deps.generate(request, (made) => {
        if (current === generation) run.value = { kind: 'running', made, total };
      });
      current = generation;
      try {
        const result = await generation.done;
        if (current !== generation) return;
        run.value =
          result === null
            ? { kind: 'cancelled', made: run.value.kind === 'running' ? run.value.made : 0, total }
            : { kind: 'done', ...result, rows: total, format: request.format, seed: request.def.seed };
      } catch (error) {
        if (current === generation) run.value = { kind: 'failed', message: (error as Error).message };
      } finally {
        if (current === generation) current = null;
      }
    },
    cancel() {
      current?.cancel();
    },
    fileName: () => `${def.value.name.replace(/[^\w.-]+/g, '_') || 'data'}.${FILE_EXTENSIONS[format.value]}`,
    mediaType: () => MEDIA_TYPES[format.value],

    async save() {
      try {
        saved.value = await deps.dataSets.save(cloneDef(def.value));
        announce(`Saved “${def.value.name}”.`);
      } catch (error) {
        announce(`Could not save: ${(error as Error).message}`);
      }
    },
    load(name: string) {
      const found = saved.value.find((s) => s.name === name);
      if (!found) return;
      edit((d) => Object.assign(d, cloneDef(found)));
      announce(`Opened “${name}”.`);
    },
    async remove(name: string) {
      try {
        saved.value = await deps.dataSets.remove(name);
        announce(`Deleted “${name}”.`);
      } catch (error) {
        announce(`Could not delete: ${(error as Error).message}`);
      }
    },
    /** The definition as JSON, for Export. */
    exportText: () => `${JSON.stringify(def.value, null, 2)}\n`,
    /** Reads an exported definition; says what is wrong instead when it cannot. */
    importText(text: string): boolean {
      try {
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch (error) {
          throw new DefinitionError(`The file is not JSON: ${(error as Error).message}`);
        }
        const read = parseDefinition(json);
        edit((d) => Object.assign(d, read));
        announce(`Imported “${read.name}”.`);
        return true;
      } catch (error) {
        if (!(error instanceof DefinitionError)) throw error;
        announce(`Could not import: ${error.message}`, 8000);
        return false;
      }
    },
  };
}

export type FakeStore = ReturnType<typeof createFakeStore>;
