import { allFakers } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_DEFINITION } from '../../src/core/fake/definition.ts';
import { makeDataSet } from '../../src/core/fake/run.ts';
import { DATA_SETS_KEY, DataSetStore } from '../../src/core/fake/store.ts';
import { inProcessLock } from '../../src/core/storage.ts';
import type { Generate } from '../../src/ui/tools/fake-data/generator.ts';
import { headOf, type GeneratedOutput } from '../../src/ui/tools/fake-data/protocol.ts';
import { runGeneration } from '../../src/ui/tools/fake-data/run-generation.ts';
import { createFakeStore } from '../../src/ui/tools/fake-data/store.ts';
import { createMemoryArea } from '../support/memory-area.ts';

/** A generator the test drives: each call waits until the test finishes or cancels it. */
function manualGenerator() {
  const calls: { rows: number; progress: (n: number) => void; finish: (text: string) => void; cancelled: boolean }[] =
    [];
  const generate: Generate = (request, onProgress) => {
    let resolve: (output: GeneratedOutput | null) => void = () => undefined;
    const done = new Promise<GeneratedOutput | null>((r) => (resolve = r));
    const call = {
      rows: request.rows,
      progress: onProgress,
      finish: (text: string) => resolve({ bytes: new TextEncoder().encode(text), ...headOf(text) }),
      cancelled: false,
    };
    calls.push(call);
    return {
      done,
      cancel: () => {
        call.cancelled = true;
        resolve(null);
      },
    };
  };
  return { calls, generate };
}

const loadFaker = (locale: string) => Promise.resolve((allFakers as Record<string, typeof allFakers.en>)[locale]!);

function setup() {
  const area = createMemoryArea();
  const dataSets = new DataSetStore(area, inProcessLock());
  const gen = manualGenerator();
  const store = createFakeStore({ generate: gen.generate, loadFaker, dataSets, newSeed: () => 77 });
  return { area, dataSets, gen, store };
}

describe('the Fake Data store', () => {
  it('previews the first rows at once, the same as the start of the output', async () => {
    const { store } = setup();
    await store.init();
    const preview = store.preview.value!;
    expect(preview.columns).toEqual(EXAMPLE_DEFINITION.fields.map((f) => f.name));
    expect(preview.rows).toHaveLength(10);
    const full = JSON.parse(makeDataSet(EXAMPLE_DEFINITION, allFakers.en, 10, 'json')) as Record<string, unknown>[];
    expect(preview.rows.map((row) => Object.fromEntries(preview.columns.map((c, i) => [c, row[i]])))).toEqual(full);
    store.reseed();
    await store.refreshPreview();
    expect(store.def.value.seed).toBe(77);
    expect(store.preview.value!.rows).not.toEqual(preview.rows);
  });

  it('generates with progress, and Cancel stops it', async () => {
    const { store, gen } = setup();
    store.setRows(5000);
    const running = store.generate();
    expect(store.run.value).toEqual({ kind: 'running', made: 0, total: 5000 });
    gen.calls[0]!.progress(2000);
    expect(store.run.value).toEqual({ kind: 'running', made: 2000, total: 5000 });
    store.cancel();
    await running;
    expect(gen.calls[0]!.cancelled).toBe(true);
    expect(store.run.value).toEqual({ kind: 'cancelled', made: 2000, total: 5000 });
    const again = store.generate();
    gen.calls[1]!.finish('[]\n');
    await again;
    expect(store.run.value).toMatchObject({ kind: 'done', head: '[]\n', complete: true, rows: 5000, seed: 1 });
    expect(store.output.value!.text()).toBe('[]\n');
    expect(store.output.value!.size).toBe(3);
  });

  it('refuses to generate with a bad definition or row count, saying why', async () => {
    const { store, gen } = setup();
    store.updateField(1, { name: 'id' });
    expect(store.problem.value).toBe('Field 2 (“id”): the name is used twice.');
    await store.generate();
    expect(store.run.value).toEqual({ kind: 'failed', message: 'Field 2 (“id”): the name is used twice.' });
    store.updateField(1, { name: 'first' });
    store.setRows(100_001);
    await store.generate();
    expect(store.run.value).toEqual({ kind: 'failed', message: 'Rows is a whole number from 1 to 100,000.' });
    expect(gen.calls).toHaveLength(0);
  });

  it('edits fields: add, type change resets options, move, remove', () => {
    const { store } = setup();
    const before = store.def.value.fields.length;
    store.addField();
    expect(store.def.value.fields.at(-1)).toMatchObject({ name: `field_${before + 1}`, type: 'lorem.word' });
    store.updateField(before, { type: 'number.int' });
    expect(store.def.value.fields[before]!.options).toEqual({ min: 0, max: 1000 });
    store.setOption(before, 'max', 5);
    expect(store.def.value.fields[before]!.options).toEqual({ min: 0, max: 5 });
    store.moveField(before, -1);
    expect(store.def.value.fields[before - 1]!.type).toBe('number.int');
    store.removeField(before - 1);
    expect(store.def.value.fields).toHaveLength(before);
  });

  it('saves, lists, opens and deletes definitions in storage; exports and imports JSON', async () => {
    const { store, area, dataSets } = setup();
    await store.init();
    store.setName('people');
    await store.save();
    expect(store.saved.value.map((s) => s.name)).toEqual(['people']);
    expect(((await area.get([DATA_SETS_KEY]))[DATA_SETS_KEY] as { sets: unknown[] }).sets).toHaveLength(1);
    store.setSeed(5);
    store.load('people');
    expect(store.def.value.seed).toBe(1);
    const exported = store.exportText();
    store.setName('other');
    expect(store.importText(exported)).toBe(true);
    expect(store.def.value.name).toBe('people');
    expect(store.importText('{"fields": 3}')).toBe(false);
    expect(store.status.value).toBe('Could not import: "fields" is a list of fields.');
    expect(store.importText('nope')).toBe(false);
    expect(store.status.value).toMatch(/^Could not import: The file is not JSON/);
    await store.remove('people');
    expect((await dataSets.list()).sets).toEqual([]);
  });

  it('keeps stored definitions it cannot read, with a notice', async () => {
    const { area, dataSets } = setup();
    await area.set({
      [DATA_SETS_KEY]: { version: 1, sets: [{ name: 'bad', fields: [{ name: 'a', type: 'future.type' }] }] },
    });
    const listed = await dataSets.list();
    expect(listed.sets).toEqual([]);
    expect(listed.notices).toEqual(['The saved data set “bad” is skipped: Field 1 (“a”): unknown type “future.type”.']);
    await dataSets.save(EXAMPLE_DEFINITION);
    const stored = (await area.get([DATA_SETS_KEY]))[DATA_SETS_KEY] as { sets: { name: string }[] };
    expect(stored.sets.map((s) => s.name)).toEqual(['users', 'bad']);
  });

  it('the worker’s piecewise generation gives the same text as the core in one go', async () => {
    const replies: { type: string }[] = [];
    let text = '';
    await runGeneration({ def: EXAMPLE_DEFINITION, rows: 4500, format: 'sql-postgres', table: 'users' }, (reply) => {
      replies.push(reply);
      if (reply.type === 'done') {
        text = new TextDecoder().decode(reply.bytes);
        expect(reply.head.split('\n')).toHaveLength(201);
        expect(reply.complete).toBe(false);
        expect(text.startsWith(reply.head)).toBe(true);
      }
    });
    expect(replies.map((r) => r.type)).toEqual(['progress', 'progress', 'progress', 'done']);
    expect(text).toBe(makeDataSet(EXAMPLE_DEFINITION, allFakers.en, 4500, 'sql-postgres'));
  });
});
