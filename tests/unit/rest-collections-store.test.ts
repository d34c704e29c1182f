import { signal } from '@preact/signals';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { EnvironmentsState } from '../../src/core/env/state.ts';
import { requestsUnder, type FolderNode } from '../../src/core/collections/model.ts';
import { createCollectionsStore, SEARCH_DELAY_MS } from '../../src/ui/tools/rest-client/rest-collections-store.ts';
import { createEditorStore, type RestSettings } from '../../src/ui/tools/rest-client/rest-editor-store.ts';
import { createHistoryStore } from '../../src/ui/tools/rest-client/rest-history-store.ts';
import { withUrl } from '../../src/ui/tools/rest-client/model.ts';
import { fakeCollections, fakeHistory, fakeSender, response, settle } from '../support/fake-services.ts';

const fixture = readFileSync(
  new URL('../fixtures/collections/postman/workbench-demo.postman_collection.json', import.meta.url),
  'utf8',
);

function setup(environments: EnvironmentsState | null = null) {
  const collectionsService = fakeCollections();
  const downloads: { name: string; text: string }[] = [];
  const sender = fakeSender((request) => response({ url: request.url }));
  const history = fakeHistory();
  let ids = 0;
  const collections = createCollectionsStore({
    collections: collectionsService,
    download: async (name, _mime, text) => void downloads.push({ name, text }),
    async sendSaved(saved, context) {
      const request = await editor.prepareSaved(saved, context, 'run');
      const r = await sender.sendRequest(request, { timeoutMs: 1000, followRedirects: false, sendCookies: false });
      return { state: 'done', status: r.status, statusText: r.statusText, timeMs: r.timeMs, size: r.size };
    },
    newId: () => `n${++ids}`,
  });
  const editor = createEditorStore({
    services: { sendRequest: sender.sendRequest, cancelRequest: sender.cancelRequest },
    history: createHistoryStore(history),
    environments: signal(environments),
    settings: signal<RestSettings>({ timeoutMs: 30_000, saveResponseBodies: true, responseBodyCapKb: 64 }),
    collections: collectionsService,
    contextOf: collections.contextOf,
    newId: () => `id-${++ids}`,
  });
  return { collections, editor, collectionsService, downloads, sender, history };
}

async function importDemo(s: ReturnType<typeof setup>) {
  expect(await s.collections.importText(fixture)).toBe(true);
  return s.collections.collections.value![0]!;
}

const rowNames = (s: ReturnType<typeof setup>) =>
  s.collections.rows.value.map((r) => `${'  '.repeat(r.level - 1)}${r.name}`);

describe('collections store', () => {
  it('imports, lists what was left out, and shows the tree as expanded', async () => {
    const s = setup();
    await importDemo(s);
    expect(s.collections.importSession.value?.done).toMatchObject({
      format: 'Postman Collection v2.1',
      names: ['Workbench Demo API'],
    });
    expect(s.collections.importSession.value!.done!.notes).toHaveLength(7);
    expect(rowNames(s)).toEqual(['Workbench Demo API', '  Users', '  Bodies']);
    s.collections.setExpanded(s.collections.rows.value[1]!.id, true);
    expect(rowNames(s)).toEqual([
      'Workbench Demo API',
      '  Users',
      '    Get user',
      '    Create user (JSON)',
      '    Admin',
      '  Bodies',
    ]);
    expect(s.collections.rows.value[2]).toMatchObject({
      kind: 'request',
      method: 'GET',
      level: 3,
      posinset: 1,
      setsize: 3,
    });
  });

  it('says clearly why a file cannot be imported and stores nothing', async () => {
    const s = setup();
    s.collections.openImport();
    expect(await s.collections.importText('{"a": }')).toBe(false);
    expect(s.collections.importSession.value?.error).toBe(
      'The file is not valid JSON at line 1, column 7: value expected.',
    );
    expect((await s.collectionsService.list()).collections).toEqual([]);
  });

  it('searches names, URLs and bodies, showing the path to each match', async () => {
    const s = setup();
    await importDemo(s);
    s.collections.setSearch('graphql');
    await new Promise((r) => setTimeout(r, SEARCH_DELAY_MS + 20));
    await settle();
    expect(rowNames(s)).toEqual(['Workbench Demo API', '  Bodies', '    GraphQL query']);
    s.collections.setSearch('userName');
    await new Promise((r) => setTimeout(r, SEARCH_DELAY_MS + 20));
    await settle();
    // Only bodies hold {{userName}}: the JSON create and the login form.
    expect(rowNames(s).filter((n) => n.startsWith('    '))).toEqual(['    Create user (JSON)', '    Login form']);
  });

  it('renames, reorders, duplicates, deletes and undoes', async () => {
    const s = setup();
    const c = await importDemo(s);
    const [users, bodies] = c.children;
    await s.collections.shift(bodies!.id, -1);
    expect(rowNames(s)).toEqual(['Workbench Demo API', '  Bodies', '  Users']);
    await s.collections.rename(users!.id, 'People');
    await s.collections.duplicate(users!.id);
    expect(rowNames(s)).toEqual(['Workbench Demo API', '  Bodies', '  People', '  People copy']);
    const copy = s.collections.collections.value![0]!.children[2]!;
    const copies = requestsUnder([copy]);
    expect(copies).toHaveLength(3);
    expect((await s.collectionsService.getRequest(copies[0]!.id))?.request.url).toBe(
      '{{baseUrl}}/echo/users/{{userId}}?fields={{fields}}',
    );
    await s.collections.remove(bodies!.id);
    expect(rowNames(s)).toEqual(['Workbench Demo API', '  People', '  People copy']);
    expect(s.collections.undo.value?.label).toBe('Bodies');
    await s.collections.undoRemove();
    expect(rowNames(s)).toEqual(['Workbench Demo API', '  Bodies', '  People', '  People copy']);
    expect(requestsUnder(s.collections.collections.value![0]!.children)).toHaveLength(11);
  });

  it('moves by drag: into a folder, before a request, never into itself', async () => {
    const s = setup();
    const c = await importDemo(s);
    const [users, bodies] = c.children as [FolderNode, FolderNode];
    const login = bodies.children[0]!;
    const getUser = users.children[0]!;
    await s.collections.move(login.id, users.id);
    expect(requestsUnder([s.collections.collections.value![0]!.children[0]!]).map((r) => r.name)).toEqual([
      'Get user',
      'Create user (JSON)',
      'Delete user',
      'Login form',
    ]);
    await s.collections.move(login.id, getUser.id);
    expect(requestsUnder([s.collections.collections.value![0]!.children[0]!]).map((r) => r.name)[0]).toBe('Login form');
    await s.collections.move(users.id, users.children[2]!.id);
    expect(s.collections.notices.value).toEqual(['A folder cannot move inside itself.']);
  });

  it('edits a folder’s variables and auth, which its requests then send with', async () => {
    const s = setup();
    const c = await importDemo(s);
    const users = c.children[0]!;
    s.collections.openSettings(users.id);
    expect(s.collections.settingsOf(users.id)).toMatchObject({ kind: 'folder', name: 'Users', auth: null });
    expect(
      await s.collections.saveSettings(users.id, [{ key: 'fields', value: 'id', secret: false, enabled: true }], {
        kind: 'apikey',
        name: 'X-Team-Key',
        value: '{{teamKey}}',
        in: 'header',
      }),
    ).toBe(true);
    expect(s.collections.settingsFor.value).toBeNull();
    await s.collections.saveSettings(
      c.id,
      [...c.variables, { key: 'teamKey', value: 'tk-1', secret: true, enabled: true }],
      c.auth,
    );
    await s.collections.runNode(users.id);
    const first = s.sender.sent[0]!.request;
    expect(first.url).toBe('http://127.0.0.1:8787/echo/users/7?fields=id');
    expect(first.headers.find((h) => h.name === 'X-Team-Key')?.value).toBe('tk-1');
  });

  it('exports Postman v2.1 and JSON, secret values only when asked', async () => {
    const s = setup();
    const c = await importDemo(s);
    await s.collections.exportCollection(c.id, 'postman');
    await s.collections.exportCollection(c.id, 'native');
    expect(s.downloads.map((d) => d.name)).toEqual([
      'Workbench_Demo_API.postman_collection.json',
      'Workbench_Demo_API.http-workbench.json',
    ]);
    expect(s.downloads.every((d) => !d.text.includes('tok-abc'))).toBe(true);
    s.collections.setIncludeSecrets(true);
    await s.collections.exportCollection(c.id, 'postman');
    expect(s.downloads[2]!.text).toContain('tok-abc');
  });

  it('runs a folder in order with the inherited auth and variables, listing each result', async () => {
    const s = setup();
    const c = await importDemo(s);
    await s.collections.runNode(c.children[0]!.id);
    const run = s.collections.run.value!;
    expect(run.title).toBe('Users');
    expect(run.progress.results.map((r) => r.state)).toEqual(['done', 'done', 'done']);
    expect(s.sender.sent.map((p) => `${p.request.method} ${p.request.url}`)).toEqual([
      'GET http://127.0.0.1:8787/echo/users/7?fields=name,email',
      'POST http://127.0.0.1:8787/echo/users',
      'DELETE http://127.0.0.1:8787/echo/users/99',
    ]);
    const auth = (i: number) => s.sender.sent[i]!.request.headers.find((h) => h.name === 'Authorization')?.value;
    expect(auth(0)).toBe('Bearer tok-abc');
    expect(auth(2)).toBe(`Basic ${btoa('admin:hunter2')}`);
  });
});

describe('editor tabs and saving', () => {
  it('saves a new request into a folder, then saves edits over it; the tab shows unsaved until then', async () => {
    const s = setup();
    const c = await importDemo(s);
    s.editor.update((st) => withUrl(st, '{{baseUrl}}/echo?new=1'));
    expect(s.editor.dirty.value).toBe(true);
    await s.editor.save();
    expect(s.editor.saveDialog.value).toMatchObject({ name: 'GET {{baseUrl}}/echo?new=1' });
    expect(await s.editor.saveAs({ collectionId: c.id, parentId: c.children[1]!.id, name: 'New one' })).toBe(true);
    expect(s.editor.saveDialog.value).toBeNull();
    expect(s.editor.dirty.value).toBe(false);
    expect(s.editor.tabs.value).toEqual([{ key: 1, title: 'New one', dirty: false, active: true, saved: true }]);
    s.editor.update((st) => withUrl(st, '{{baseUrl}}/echo?new=2'));
    expect(s.editor.tabs.value[0]!.dirty).toBe(true);
    await s.editor.save();
    expect(s.editor.dirty.value).toBe(false);
    const saved = await s.collectionsService.getRequest(s.editor.link.value!.requestId);
    expect(saved?.request.url).toBe('{{baseUrl}}/echo?new=2');
    await s.collections.refresh();
    expect(s.editor.context.value?.folders.map((f) => f.name)).toEqual(['Bodies']);
  });

  it('opens saved requests in tabs of their own, reusing the tab already showing one', async () => {
    const s = setup();
    const c = await importDemo(s);
    const [a, b] = requestsUnder(c.children);
    s.editor.openSaved((await s.collectionsService.getRequest(a!.id))!, c.id);
    s.editor.openSaved((await s.collectionsService.getRequest(b!.id))!, c.id);
    expect(s.editor.tabs.value.map((t) => [t.title, t.active])).toEqual([
      ['Get user', false],
      ['Create user (JSON)', true],
    ]);
    s.editor.openSaved((await s.collectionsService.getRequest(a!.id))!, c.id);
    expect(s.editor.tabs.value.map((t) => t.active)).toEqual([true, false]);
    expect(s.editor.editor.value.auth.kind).toBe('inherit');
    expect(s.editor.inheritedDescription.value).toBe('A bearer token from the collection "Workbench Demo API".');
  });

  it('asks before closing a tab with unsaved changes', async () => {
    const s = setup();
    s.editor.update((st) => withUrl(st, 'https://x'));
    s.editor.newTab();
    s.editor.switchTab(1);
    s.editor.closeTab(1);
    expect(s.editor.closing.value).toBe(1);
    expect(s.editor.tabs.value).toHaveLength(2);
    s.editor.closeTab(1, true);
    expect(s.editor.tabs.value.map((t) => t.key)).toEqual([2]);
    expect(s.editor.closing.value).toBeNull();
  });

  it('says why a save failed when storage is full, keeping the edits', async () => {
    const service = fakeCollections({ quotaBytes: 3_000 });
    const s = setup();
    const c = await service.create('Small');
    const editor = createEditorStore({
      services: { sendRequest: s.sender.sendRequest, cancelRequest: s.sender.cancelRequest },
      history: createHistoryStore(fakeHistory()),
      environments: signal(null),
      settings: signal<RestSettings>({ timeoutMs: 30_000, saveResponseBodies: true, responseBodyCapKb: 64 }),
      collections: service,
    });
    editor.update((st) => ({ ...withUrl(st, 'https://x'), bodyKind: 'text', bodyText: 'x'.repeat(5_000) }));
    await editor.save();
    expect(await editor.saveAs({ collectionId: c.id, parentId: null, name: 'Big' })).toBe(false);
    expect(editor.saveDialog.value?.error).toMatch(/^Storage is full, so this was not saved/);
    expect(editor.dirty.value).toBe(true);
  });

  it('records a sent saved request in history with its inherited auth, the collection secret redacted', async () => {
    const s = setup();
    const c = await importDemo(s);
    const get = requestsUnder(c.children)[0]!;
    s.editor.openSaved((await s.collectionsService.getRequest(get.id))!, c.id);
    await s.editor.send();
    await settle();
    const [summary] = (await s.history.list()).summaries;
    const entry = await s.history.get(summary!.id);
    expect(entry?.request.auth).toEqual({ kind: 'bearer', token: '{{apiToken}}' });
    expect(JSON.stringify(entry)).not.toContain('tok-abc');
  });
});
