import { describe, expect, it } from 'vitest';
import { deleteEnvironment, GLOBALS, type EnvironmentsState } from '../../src/core/env/state.ts';
import type { EnvironmentVariable } from '../../src/core/env/substitute.ts';
import { createEnvironmentsStore } from '../../src/ui/tools/rest-client/rest-env-store.ts';
import { fakeEnvironments, settle, type FakeEnvironments } from '../support/fake-services.ts';

const SECRET = 'tok-123';

const v = (key: string, value: string, extra: Partial<EnvironmentVariable> = {}): EnvironmentVariable => ({
  key,
  value,
  secret: false,
  enabled: true,
  ...extra,
});

const seed: EnvironmentsState = {
  globals: [v('version', 'v1')],
  environments: [
    { id: 'dev', name: 'dev', variables: [v('base', 'https://dev.example.com'), v('token', SECRET, { secret: true })] },
    { id: 'prod', name: 'prod', variables: [v('base', 'https://example.com')] },
  ],
  activeId: 'dev',
};

/** A store over `service` (or a fresh one holding the seed), loaded; its notices and downloads recorded. */
async function setup(service?: FakeEnvironments) {
  const environments = service ?? (await fakeEnvironments(seed));
  const notices: string[] = [];
  const downloads: { name: string; mime: string; text: string }[] = [];
  let ids = 0;
  const store = createEnvironmentsStore({
    environments,
    notify: (message) => notices.push(message),
    download: async (name, mime, text) => void downloads.push({ name, mime, text }),
    newId: () => `new-${++ids}`,
    saveDelayMs: 20,
  });
  const stop = store.start();
  await settle();
  return { service: environments, store, notices, downloads, stop };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the environments state', () => {
  it('loads, knows the active environment and switches it', async () => {
    const { store, service } = await setup();
    expect(store.state.value?.environments.map((e) => e.name)).toEqual(['dev', 'prod']);
    expect(store.active.value?.name).toBe('dev');
    await store.select('prod');
    expect(store.active.value?.name).toBe('prod');
    expect((await service.stored()).activeId).toBe('prod');
    await store.select(null);
    expect(store.active.value).toBeUndefined();
  });

  it('follows changes made by another page', async () => {
    const { store, service } = await setup();
    const other = await setup(service);
    await other.store.select('prod');
    await other.store.update((s) => ({ ...s, globals: [v('version', 'v2')] }));
    await settle();
    expect(store.active.value?.id).toBe('prod');
    expect(store.state.value?.globals).toEqual([v('version', 'v2')]);
  });

  it('says when switching fails', async () => {
    const { store, notices } = await setup();
    await store.select('no-such-id');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/^Could not switch environments: /);
    expect(store.active.value?.id).toBe('dev');
  });
});

describe('the manager', () => {
  it('opens on the active environment, or the globals', async () => {
    const { store } = await setup();
    const session = store.openManager()!;
    expect(session.current.value).toBe('dev');
    expect(session.editing.value.name?.text.value).toBe('dev');
    store.closeManager();
    await store.select(null);
    expect(store.openManager()!.current.value).toBe(GLOBALS);
  });

  it('renames, storing the trimmed name; a name in use is refused and the typed text kept', async () => {
    const { store, service } = await setup();
    const session = store.openManager()!;
    const name = session.editing.value.name!;
    name.setEditing(true);
    name.setText('  development ');
    expect(await name.commit()).toBe(true);
    expect(name.text.value).toBe('development');
    expect((await service.stored()).environments[0]!.name).toBe('development');

    name.setText('PROD');
    expect(await name.commit()).toBe(false);
    expect(name.error.value).toMatch(/already/i);
    expect(name.text.value).toBe('PROD');
    expect((await service.stored()).environments.map((e) => e.name)).toEqual(['development', 'prod']);
    // Saving what is pending fails while the name is refused, so the first close stays open and says why.
    expect(await session.requestClose()).toBe(false);
    expect(session.status.value).toBe('Some changes could not be saved. Close again to discard them.');
    expect(await session.requestClose()).toBe(true);
  });

  it('commits the value the field holds, even when its change comes before its input event', async () => {
    const { store, service } = await setup();
    const name = store.openManager()!.editing.value.name!;
    name.setText('stagin');
    expect(await name.commit('staging')).toBe(true);
    expect(name.text.value).toBe('staging');
    expect((await service.stored()).environments[0]!.name).toBe('staging');
  });

  it('deletes the selected environment, showing the globals and no active environment', async () => {
    const { store, service } = await setup();
    const session = store.openManager()!;
    expect(await session.remove()).toBe(true);
    expect(session.status.value).toBe('Deleted "dev".');
    expect(session.current.value).toBe(GLOBALS);
    expect(session.editing.value.name).toBeNull();
    const stored = await service.stored();
    expect(stored.environments.map((e) => e.id)).toEqual(['prod']);
    expect(stored.activeId).toBeNull();
    expect(store.active.value).toBeUndefined();
  });

  it('shows the globals when the selected environment is deleted elsewhere', async () => {
    const { store, service } = await setup();
    const session = store.openManager()!;
    const other = await setup(service);
    await other.store.update((s) => deleteEnvironment(s, 'dev'));
    await settle();
    expect(session.current.value).toBe(GLOBALS);
    expect(session.editing.value.table.rows.value.map((r) => r.key)).toEqual(['version']);
  });

  it('creates and duplicates environments, selecting each new one', async () => {
    const { store, service } = await setup();
    const session = store.openManager()!;
    expect(await session.create()).toBe('new-1');
    expect(session.current.value).toBe('new-1');
    expect(session.env.value?.name).toBe('New environment');
    await session.select('prod');
    expect(await session.duplicate()).toBe('new-2');
    expect(session.env.value?.name).toBe('prod copy');
    expect((await service.stored()).environments.map((e) => e.name)).toEqual([
      'dev',
      'prod',
      'prod copy',
      'New environment',
    ]);
  });
});

describe('the variables table', () => {
  it('masks secret values until revealed; marking a value secret hides it again', async () => {
    const { store } = await setup();
    const table = store.openManager()!.editing.value.table;
    const [base, token] = table.rows.value;
    expect(table.isMasked(base!)).toBe(false);
    expect(table.isMasked(token!)).toBe(true);
    table.toggleReveal(token!.rowId);
    expect(table.isMasked(table.rows.value[1]!)).toBe(false);
    table.toggleReveal(token!.rowId);
    expect(table.isMasked(table.rows.value[1]!)).toBe(true);

    table.toggleReveal(base!.rowId);
    table.setSecret(base!.rowId, true);
    expect(table.isMasked(table.rows.value[0]!)).toBe(true);
    await table.flush();
    expect(store.state.value?.environments[0]!.variables[0]).toEqual(
      v('base', 'https://dev.example.com', { secret: true }),
    );
  });

  it('saves typing a moment after the last keystroke, and at once on flush', async () => {
    const { store, service } = await setup();
    const session = store.openManager()!;
    const table = session.editing.value.table;
    const row = table.rows.value[0]!.rowId;
    table.edit(row, { value: 'https://d' }, false);
    table.edit(row, { value: 'https://dev2.example.com' }, false);
    expect((await service.stored()).environments[0]!.variables[0]!.value).toBe('https://dev.example.com');
    await wait(60);
    expect((await service.stored()).environments[0]!.variables[0]!.value).toBe('https://dev2.example.com');

    const added = table.add();
    table.edit(added, { key: 'region', value: 'eu' }, false);
    expect(await session.flushAll()).toBe(true);
    expect((await service.stored()).environments[0]!.variables.map((x) => x.key)).toEqual(['base', 'token', 'region']);
    expect(table.remove(added)).toEqual({ rowId: table.rows.value[1]!.rowId });
    await table.flush();
    expect((await service.stored()).environments[0]!.variables.map((x) => x.key)).toEqual(['base', 'token']);
  });

  it('keeps the row being edited when another page changes the same set, and takes the other rows', async () => {
    const { store, service } = await setup();
    const table = store.openManager()!.editing.value.table;
    const [base, token] = table.rows.value;
    table.setEditingRow(base!.rowId);
    table.edit(base!.rowId, { value: 'typing…' }, false);
    await table.flush();
    const other = await setup(service);
    await other.store.update((s) => ({
      ...s,
      environments: s.environments.map((e) =>
        e.id === 'dev' ? { ...e, variables: [v('base', 'theirs'), v('token', 'rotated', { secret: true })] } : e,
      ),
    }));
    await settle();
    expect(table.rows.value.map((r) => [r.rowId, r.value])).toEqual([
      [base!.rowId, 'typing…'],
      [token!.rowId, 'rotated'],
    ]);
    table.setEditingRow(null);
    expect(table.rows.value[0]!.value).toBe('theirs');
  });

  it('switching to another set saves what was typed first', async () => {
    const { store, service } = await setup();
    const session = store.openManager()!;
    const table = session.editing.value.table;
    table.edit(table.rows.value[0]!.rowId, { value: 'unsaved' }, false);
    await session.select(GLOBALS);
    expect((await service.stored()).environments[0]!.variables[0]!.value).toBe('unsaved');
    expect(session.editing.value.table.rows.value.map((r) => r.key)).toEqual(['version']);
  });
});

describe('import and export', () => {
  it('exports without secret values unless asked, saying which', async () => {
    const { store, downloads } = await setup();
    const session = store.openManager()!;
    await session.exportSelected();
    expect(downloads[0]!.name).toBe('dev.postman_environment.json');
    expect(downloads[0]!.text).not.toContain(SECRET);
    expect(JSON.parse(downloads[0]!.text).values.map((x: { key: string }) => x.key)).toEqual(['base', 'token']);
    expect(session.status.value).toBe('Exported "dev" without its secret values.');
    session.includeSecrets.value = true;
    await session.exportSelected();
    expect(downloads[1]!.text).toContain(SECRET);
    expect(session.status.value).toBe('Exported "dev" with its secret values.');
  });

  it('imports a Postman file, naming what was added and selecting it; a bad file is refused with its name', async () => {
    const { store, service } = await setup();
    const session = store.openManager()!;
    const file = (name: string, text: string) => ({ name, size: text.length, text: async () => text });
    await session.importFile(
      file(
        'staging.json',
        JSON.stringify({
          id: 'dev',
          name: 'dev',
          values: [{ key: 'base', value: 'https://staging.example.com', type: 'default', enabled: true }],
          _postman_variable_scope: 'environment',
        }),
      ),
    );
    expect(session.status.value).toBe('Imported "dev (imported)" (1 variable).');
    expect(session.env.value?.name).toBe('dev (imported)');
    expect((await service.stored()).environments).toHaveLength(3);

    await session.importFile(file('broken.json', '{not json'));
    expect(session.error.value).toMatch(/^Could not import "broken\.json": /);
    expect((await service.stored()).environments).toHaveLength(3);
  });
});
