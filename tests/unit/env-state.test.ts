import { describe, expect, it } from 'vitest';
import {
  EMPTY_ENVIRONMENTS,
  EnvironmentError,
  activeEnvironment,
  addImportedEnvironment,
  createEnvironment,
  deleteEnvironment,
  duplicateEnvironment,
  lookupFor,
  parseEnvironmentsFields,
  parseEnvironmentsState,
  renameEnvironment,
  secretPairs,
  secretValues,
  serializeEnvironments,
  setActiveEnvironment,
  setVariables,
  type EnvironmentsState,
} from '../../src/core/env/state.ts';
import { ENVIRONMENTS_KEY, EnvironmentStore } from '../../src/core/env/store.ts';
import type { EnvironmentVariable } from '../../src/core/env/substitute.ts';
import { inProcessLock } from '../../src/core/storage.ts';
import { createMemoryArea } from '../support/memory-area.ts';

const v = (key: string, value: string, flags: { secret?: boolean; enabled?: boolean } = {}): EnvironmentVariable => ({
  key,
  value,
  secret: flags.secret ?? false,
  enabled: flags.enabled ?? true,
});

const sample: EnvironmentsState = {
  globals: [v('base', 'https://global.example'), v('token', 'g-secret', { secret: true })],
  environments: [
    { id: 'e1', name: 'dev', variables: [v('base', 'https://dev.example'), v('token', 'd-secret', { secret: true })] },
    { id: 'e2', name: 'prod', variables: [v('base', 'https://prod.example')] },
  ],
  activeId: 'e1',
};

/** Runs `fn` and returns the message of the EnvironmentError it throws. */
function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(EnvironmentError);
    return (error as Error).message;
  }
  throw new Error('expected an EnvironmentError');
}

describe('parseEnvironmentsState', () => {
  it('reads what serializeEnvironments wrote, unchanged and without notices', () => {
    const stored = JSON.parse(JSON.stringify(serializeEnvironments(sample)));
    expect(stored.schema).toBe(1);
    expect(parseEnvironmentsState(stored)).toEqual({ state: sample, notices: [] });
  });

  it('gives the empty state without notices when nothing is stored', () => {
    expect(parseEnvironmentsState(undefined)).toEqual({ state: EMPTY_ENVIRONMENTS, notices: [] });
    expect(parseEnvironmentsState(null)).toEqual({ state: EMPTY_ENVIRONMENTS, notices: [] });
  });

  it('reads data without a schema field as the current schema', () => {
    const { schema: _schema, ...rest } = serializeEnvironments(sample);
    expect(parseEnvironmentsState(rest)).toEqual({ state: sample, notices: [] });
  });

  it('drops each bad variable with a notice naming it and keeps the rest', () => {
    const raw = {
      schema: 1,
      globals: [v('a', '1'), { key: 7, value: '', secret: false, enabled: true }, 'junk'],
      environments: [
        {
          id: 'e1',
          name: 'dev',
          variables: [
            { key: 'k', value: 5, secret: false, enabled: true },
            { key: 'k', value: 'x', secret: 'no', enabled: true },
            { key: 'k', value: 'x', secret: false },
            v('ok', 'yes'),
          ],
        },
      ],
      activeId: null,
    };
    expect(parseEnvironmentsState(raw)).toEqual({
      state: {
        globals: [v('a', '1')],
        environments: [{ id: 'e1', name: 'dev', variables: [v('ok', 'yes')] }],
        activeId: null,
      },
      notices: [
        'Dropped variable 2 of the globals: its key is not a string.',
        'Dropped variable 3 of the globals: it is a string, not an object.',
        'Dropped variable 1 of environment "dev": its value is not a string.',
        'Dropped variable 2 of environment "dev": "secret" is not true or false.',
        'Dropped variable 3 of environment "dev": "enabled" is not true or false.',
      ],
    });
  });

  it('drops each bad environment with a notice naming it and keeps the rest', () => {
    const raw = {
      schema: 1,
      globals: [],
      environments: [
        { id: 'e1', name: 'dev', variables: [] },
        null,
        { name: 'no id', variables: [] },
        { id: 'e1', name: 'same id', variables: [] },
        { id: 'globals', name: 'reserved', variables: [] },
        { id: 'e3', name: 42, variables: [] },
        { id: 'e4', name: 'bad vars', variables: 'none' },
        { id: 'e5', name: 'qa', variables: [v('x', '1')] },
      ],
      activeId: 'e5',
    };
    expect(parseEnvironmentsState(raw)).toEqual({
      state: {
        globals: [],
        environments: [
          { id: 'e1', name: 'dev', variables: [] },
          { id: 'e4', name: 'bad vars', variables: [] },
          { id: 'e5', name: 'qa', variables: [v('x', '1')] },
        ],
        activeId: 'e5',
      },
      notices: [
        'Dropped environment 2: it is null, not an object.',
        'Dropped environment 3 ("no id"): its id is missing or not a string.',
        'Dropped environment 4 ("same id"): another environment already has its id "e1".',
        'Dropped environment 5 ("reserved"): its id "globals" is reserved for the global variables.',
        'Dropped environment 6: its name is not a string.',
        'Dropped the variables of environment "bad vars": they are a string, not a list.',
      ],
    });
  });

  it('drops lists that are not lists', () => {
    expect(parseEnvironmentsState({ schema: 1, globals: {}, environments: 'x', activeId: null })).toEqual({
      state: EMPTY_ENVIRONMENTS,
      notices: [
        'Dropped the variables of the globals: they are an object, not a list.',
        'Dropped all environments: they are a string, not a list.',
      ],
    });
  });

  it('makes an active id that names no environment null, with a notice', () => {
    const raw = { ...serializeEnvironments(sample), activeId: 'gone' };
    expect(parseEnvironmentsState(raw)).toEqual({
      state: { ...sample, activeId: null },
      notices: ['The active environment (id "gone") does not exist; no environment is active.'],
    });
    expect(parseEnvironmentsState({ ...raw, activeId: 3 }).notices).toEqual([
      'The active environment id is a number, not a string; no environment is active.',
    ]);
  });

  it('leaves data from a newer schema untouched: empty state, a notice, and the reason not to overwrite', () => {
    const reason =
      'The stored environments were written by a newer version of HTTP Workbench (schema 2); they were left ' +
      'untouched. Update the extension to use them.';
    expect(parseEnvironmentsState({ ...serializeEnvironments(sample), schema: 2 })).toEqual({
      state: EMPTY_ENVIRONMENTS,
      notices: [reason],
      untouchable: reason,
    });
  });

  it.each([
    ['a string', 'oops', 'The stored environments are a string, not an object, so they could not be read.'],
    ['a list', [1], 'The stored environments are a list, not an object, so they could not be read.'],
    [
      'an odd schema',
      { schema: '1', globals: [] },
      'The stored environments have an unknown schema ("1"), so they could not be read.',
    ],
    ['schema 0', { schema: 0 }, 'The stored environments have an unknown schema (0), so they could not be read.'],
  ])('refuses %s as a whole', (_label, raw, reason) => {
    expect(parseEnvironmentsState(raw)).toEqual({ state: EMPTY_ENVIRONMENTS, notices: [reason], untouchable: reason });
  });
});

describe('parseEnvironmentsFields', () => {
  it('reads the state without a schema and reports what is not an object', () => {
    expect(parseEnvironmentsFields(JSON.parse(JSON.stringify(sample)))).toEqual({ state: sample, notices: [] });
    expect(parseEnvironmentsFields([])).toEqual({
      state: EMPTY_ENVIRONMENTS,
      notices: ['Dropped the environments: they are a list, not an object.'],
    });
  });
});

describe('serializeEnvironments', () => {
  it('writes the schema and copies, so later changes to the state do not reach the stored value', () => {
    const stored = serializeEnvironments(sample);
    expect(stored).toEqual({ schema: 1, ...sample });
    expect(stored.globals[0]).not.toBe(sample.globals[0]);
  });
});

describe('createEnvironment', () => {
  it('adds an empty environment at the end with the trimmed name, not active, without changing the input', () => {
    const before = JSON.parse(JSON.stringify(sample));
    const next = createEnvironment(sample, '  staging ', 'e3');
    expect(next.environments.map((e) => [e.id, e.name])).toEqual([
      ['e1', 'dev'],
      ['e2', 'prod'],
      ['e3', 'staging'],
    ]);
    expect(next.environments[2]!.variables).toEqual([]);
    expect(next.activeId).toBe('e1');
    expect(sample).toEqual(before);
  });

  it('refuses bad names with a message saying why', () => {
    expect(errorOf(() => createEnvironment(sample, '   ', 'e3'))).toBe('An environment needs a name.');
    expect(errorOf(() => createEnvironment(sample, 'x'.repeat(101), 'e3'))).toBe(
      'An environment name can be at most 100 characters long (this one has 101).',
    );
    expect(errorOf(() => createEnvironment(sample, ' DEV ', 'e3'))).toBe('An environment named "DEV" already exists.');
    expect(createEnvironment(sample, 'x'.repeat(100), 'e3').environments[2]!.name).toHaveLength(100);
  });

  it('refuses an id that is empty, in use or reserved', () => {
    expect(errorOf(() => createEnvironment(sample, 'new', ''))).toBe('A new environment needs a non-empty id.');
    expect(errorOf(() => createEnvironment(sample, 'new', 'e2'))).toBe(
      'An environment with the id "e2" already exists.',
    );
    expect(errorOf(() => createEnvironment(sample, 'new', 'globals'))).toBe(
      'The id "globals" is reserved for the global variables.',
    );
  });
});

describe('renameEnvironment', () => {
  it('renames, allowing a change of case of its own name', () => {
    expect(renameEnvironment(sample, 'e1', ' Development ').environments[0]!.name).toBe('Development');
    expect(renameEnvironment(sample, 'e1', 'DEV').environments[0]!.name).toBe('DEV');
    expect(sample.environments[0]!.name).toBe('dev');
  });

  it('refuses a name another environment has and an unknown id', () => {
    expect(errorOf(() => renameEnvironment(sample, 'e1', 'Prod'))).toBe('An environment named "Prod" already exists.');
    expect(errorOf(() => renameEnvironment(sample, 'nope', 'x'))).toBe(
      'The environment with id "nope" does not exist (it may have been deleted elsewhere).',
    );
  });
});

describe('duplicateEnvironment', () => {
  it('places "X copy" right after the original with copied variables', () => {
    const next = duplicateEnvironment(sample, 'e1', 'c1');
    expect(next.environments.map((e) => [e.id, e.name])).toEqual([
      ['e1', 'dev'],
      ['c1', 'dev copy'],
      ['e2', 'prod'],
    ]);
    expect(next.environments[1]!.variables).toEqual(sample.environments[0]!.variables);
    expect(next.environments[1]!.variables[0]).not.toBe(sample.environments[0]!.variables[0]);
    expect(next.activeId).toBe('e1');
  });

  it('numbers further copies and fits long names into the limit', () => {
    let state = duplicateEnvironment(sample, 'e1', 'c1');
    state = duplicateEnvironment(state, 'e1', 'c2');
    state = duplicateEnvironment(state, 'e1', 'c3');
    expect(state.environments.map((e) => e.name)).toEqual(['dev', 'dev copy 3', 'dev copy 2', 'dev copy', 'prod']);
    const long = createEnvironment(EMPTY_ENVIRONMENTS, 'n'.repeat(100), 'l');
    expect(duplicateEnvironment(long, 'l', 'l2').environments[1]!.name).toBe(`${'n'.repeat(95)} copy`);
  });

  it('refuses an unknown original or a used new id', () => {
    expect(errorOf(() => duplicateEnvironment(sample, 'x', 'c1'))).toBe(
      'The environment with id "x" does not exist (it may have been deleted elsewhere).',
    );
    expect(errorOf(() => duplicateEnvironment(sample, 'e1', 'e2'))).toBe(
      'An environment with the id "e2" already exists.',
    );
  });
});

describe('deleteEnvironment', () => {
  it('removes it and clears the active id when it was active', () => {
    expect(deleteEnvironment(sample, 'e1')).toEqual({
      ...sample,
      environments: [sample.environments[1]],
      activeId: null,
    });
    expect(deleteEnvironment(sample, 'e2').activeId).toBe('e1');
  });

  it('changes nothing for an environment already gone', () => {
    expect(deleteEnvironment(sample, 'gone')).toEqual(sample);
  });
});

describe('setActiveEnvironment and activeEnvironment', () => {
  it('sets and clears the active environment', () => {
    expect(activeEnvironment(sample)?.name).toBe('dev');
    expect(activeEnvironment(setActiveEnvironment(sample, 'e2'))?.name).toBe('prod');
    expect(activeEnvironment(setActiveEnvironment(sample, null))).toBeUndefined();
    expect(errorOf(() => setActiveEnvironment(sample, 'gone'))).toBe(
      'The environment with id "gone" does not exist (it may have been deleted elsewhere).',
    );
  });
});

describe('setVariables', () => {
  it('replaces the globals or one environment’s variables, keeping empty and repeated keys', () => {
    const rows = [v('', ''), v('a', '1'), v('a', '2', { enabled: false })];
    expect(setVariables(sample, 'globals', rows).globals).toEqual(rows);
    const next = setVariables(sample, 'e2', rows);
    expect(next.environments[1]!.variables).toEqual(rows);
    expect(next.environments[0]).toBe(sample.environments[0]);
    expect(sample.environments[1]!.variables).toEqual([v('base', 'https://prod.example')]);
  });

  it('refuses an unknown environment and malformed variables', () => {
    expect(errorOf(() => setVariables(sample, 'gone', []))).toBe(
      'The environment with id "gone" does not exist (it may have been deleted elsewhere).',
    );
    const bad = [v('a', '1'), { key: 'b', value: 2 }] as unknown as EnvironmentVariable[];
    expect(errorOf(() => setVariables(sample, 'globals', bad))).toBe(
      'Variable 2 cannot be saved: its value is not a string.',
    );
  });
});

describe('addImportedEnvironment', () => {
  const imported = { id: 'p1', name: 'Staging', variables: [v('k', 'v')] };

  it('adds it at the end as it is when nothing clashes', () => {
    expect(addImportedEnvironment(sample, imported).environments[2]).toEqual(imported);
  });

  it('renames on a name clash and takes a new id on an id clash', () => {
    let state = addImportedEnvironment(sample, { ...imported, id: 'e1', name: 'DEV' }, { newId: () => 'n1' });
    expect(state.environments[2]).toEqual({ id: 'n1', name: 'DEV (imported)', variables: [v('k', 'v')] });
    state = addImportedEnvironment(state, { ...imported, name: 'dev' });
    expect(state.environments[3]!.name).toBe('dev (imported 2)');
    state = addImportedEnvironment(state, { ...imported, id: 'globals', name: '  ' }, { newId: () => 'n2' });
    expect(state.environments[4]).toMatchObject({ id: 'n2', name: 'Imported' });
  });

  it('refuses malformed variables and a new id that clashes too', () => {
    const bad = { ...imported, variables: [{ key: 1 }] } as unknown as typeof imported;
    expect(errorOf(() => addImportedEnvironment(sample, bad))).toBe(
      'Variable 1 cannot be saved: its key is not a string.',
    );
    expect(errorOf(() => addImportedEnvironment(sample, { ...imported, id: 'e1' }, { newId: () => 'e2' }))).toBe(
      'An environment with the id "e2" already exists.',
    );
  });
});

describe('lookupFor', () => {
  it('resolves the active environment over globals, secrets included by default', () => {
    const lookup = lookupFor(sample);
    expect(lookup('base')).toBe('https://dev.example');
    expect(lookup('token')).toBe('d-secret');
    expect(lookup('nope')).toBeUndefined();
    expect(lookupFor(setActiveEnvironment(sample, null))('base')).toBe('https://global.example');
  });

  it('hides a name whose winning variable is secret when secrets are excluded', () => {
    const state = setVariables(sample, 'globals', [v('token', 'plain'), v('only', 'g', { secret: true })]);
    const lookup = lookupFor(state, { includeSecrets: false });
    expect(lookup('base')).toBe('https://dev.example');
    expect(lookup('token')).toBeUndefined();
    expect(lookup('only')).toBeUndefined();
    expect(lookupFor(setActiveEnvironment(state, 'e2'), { includeSecrets: false })('token')).toBe('plain');
  });
});

describe('secretPairs and secretValues', () => {
  const state = setVariables(sample, 'e2', [
    v('token', 'p-secret', { secret: true }),
    v('token', 'd-secret', { secret: true }),
    v('off', 'x', { secret: true, enabled: false }),
    v('empty', '', { secret: true }),
    v(' ', 'no name', { secret: true }),
    v('constructor', 'c-secret', { secret: true }),
  ]);

  it('lists every enabled non-empty secret of globals and all environments, each pair once', () => {
    expect(secretPairs(state)).toEqual([
      ['token', 'g-secret'],
      ['token', 'd-secret'],
      ['token', 'p-secret'],
      ['constructor', 'c-secret'],
    ]);
    expect(secretPairs(state, { includeDisabled: true })).toContainEqual(['off', 'x']);
  });

  it('maps each name to its first value', () => {
    expect(secretValues(state)).toEqual({ token: 'g-secret', constructor: 'c-secret' });
  });
});

describe('EnvironmentStore', () => {
  const setup = () => {
    const area = createMemoryArea();
    return { area, store: new EnvironmentStore(area, inProcessLock()) };
  };

  it('loads the empty state from an empty area', async () => {
    const { store } = setup();
    expect(await store.load()).toEqual({ state: EMPTY_ENVIRONMENTS, notices: [] });
  });

  it('stores each change under the "environments" key and loads it back', async () => {
    const { area, store } = setup();
    const next = await store.update((s) => createEnvironment(s, 'dev', 'e1'));
    expect(next.environments).toEqual([{ id: 'e1', name: 'dev', variables: [] }]);
    expect(ENVIRONMENTS_KEY).toBe('environments');
    expect(area.dump()).toEqual({
      environments: {
        schema: 1,
        globals: [],
        environments: [{ id: 'e1', name: 'dev', variables: [] }],
        activeId: null,
      },
    });
    expect(await store.load()).toEqual({ state: next, notices: [] });
  });

  it('passes errors of the change through and writes nothing', async () => {
    const { area, store } = setup();
    await store.update((s) => createEnvironment(s, 'dev', 'e1'));
    await expect(store.update((s) => createEnvironment(s, 'Dev', 'e2'))).rejects.toThrow(
      'An environment named "Dev" already exists.',
    );
    expect((area.dump().environments as EnvironmentsState).environments).toHaveLength(1);
  });

  it('reports corrupt parts on load and drops them with the next change', async () => {
    const { area, store } = setup();
    await area.set({ environments: { schema: 1, globals: [v('a', '1'), 5], environments: [], activeId: 'x' } });
    expect(await store.load()).toEqual({
      state: { globals: [v('a', '1')], environments: [], activeId: null },
      notices: [
        'Dropped variable 2 of the globals: it is a number, not an object.',
        'The active environment (id "x") does not exist; no environment is active.',
      ],
    });
    await store.update((s) => createEnvironment(s, 'dev', 'e1'));
    expect(area.dump().environments).toEqual({
      schema: 1,
      globals: [v('a', '1')],
      environments: [{ id: 'e1', name: 'dev', variables: [] }],
      activeId: null,
    });
  });

  it.each([
    ['a newer schema', { schema: 9, future: true }, 'newer version of HTTP Workbench (schema 9)'],
    ['data that is not an object', 'garbage', 'are a string, not an object'],
  ])('refuses to change %s and leaves it as stored', async (_label, stored, part) => {
    const { area, store } = setup();
    await area.set({ environments: stored });
    const failure = store.update((s) => createEnvironment(s, 'dev', 'e1'));
    await expect(failure).rejects.toBeInstanceOf(EnvironmentError);
    await expect(failure).rejects.toThrow(part);
    await expect(failure).rejects.toThrow('Nothing was changed, so that data is not destroyed.');
    expect(area.dump()).toEqual({ environments: stored });
  });

  it('overwrites anything with replace', async () => {
    const { area, store } = setup();
    await area.set({ environments: { schema: 9 } });
    await store.replace(sample);
    expect(area.dump()).toEqual({ environments: { schema: 1, ...sample } });
  });

  it('refuses to store a state that would not read back', async () => {
    const { area, store } = setup();
    await expect(store.update((s) => ({ ...s, activeId: 'ghost' }))).rejects.toThrow(
      'The environments were not saved, they are not valid: The active environment (id "ghost") does not exist; ' +
        'no environment is active.',
    );
    expect(area.dump()).toEqual({});
  });

  it('lands every change of two stores sharing one area and lock, none lost', async () => {
    const area = createMemoryArea();
    const lock = inProcessLock();
    const a = new EnvironmentStore(area, lock);
    const b = new EnvironmentStore(area, lock);
    const names = Array.from({ length: 50 }, (_, i) => i);
    await Promise.all(
      names.flatMap((i) => [
        a.update((s) => createEnvironment(s, `a${i}`, `a-${i}`)),
        b.update((s) => createEnvironment(s, `b${i}`, `b-${i}`)),
      ]),
    );
    const { state, notices } = await a.load();
    expect(notices).toEqual([]);
    expect(state.environments).toHaveLength(100);
    expect(new Set(state.environments.map((e) => e.id)).size).toBe(100);
    expect(state.environments.slice(0, 4).map((e) => e.name)).toEqual(['a0', 'b0', 'a1', 'b1']);
  });
});
