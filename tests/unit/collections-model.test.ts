import { describe, expect, it } from 'vitest';
import {
  CollectionError,
  duplicateSubtree,
  insertNode,
  locate,
  moveNode,
  removeNode,
  renameNode,
  requestsUnder,
  searchTree,
  shiftNode,
  type Collection,
  type FolderNode,
} from '../../src/core/collections/model.ts';
import { runSequence, type RunProgress } from '../../src/core/collections/runner.ts';
import {
  inheritedAuth,
  resolveScopes,
  scopedLookup,
  scopesFor,
  scopeSecrets,
} from '../../src/core/collections/scope.ts';
import type { EnvironmentsState } from '../../src/core/env/state.ts';

const v = (key: string, value: string, fields: { secret?: boolean; enabled?: boolean } = {}) => ({
  key,
  value,
  secret: fields.secret ?? false,
  enabled: fields.enabled ?? true,
});

function sample(): Collection {
  return {
    id: 'c',
    schema: 1,
    name: 'API',
    variables: [v('base', 'https://collection'), v('who', 'collection')],
    auth: { kind: 'bearer', token: '{{token}}' },
    children: [
      {
        type: 'folder',
        id: 'f1',
        name: 'Users',
        variables: [v('who', 'folder1')],
        auth: null,
        children: [
          { type: 'request', id: 'r1', name: 'List users', method: 'GET', url: '{{base}}/users' },
          {
            type: 'folder',
            id: 'f2',
            name: 'Admin',
            variables: [v('who', 'folder2')],
            auth: { kind: 'basic', user: 'root', password: '{{pw}}' },
            children: [{ type: 'request', id: 'r2', name: 'Delete user', method: 'DELETE', url: '{{base}}/users/1' }],
          },
        ],
      },
      { type: 'request', id: 'r3', name: 'Health', method: 'GET', url: '{{base}}/health' },
    ],
  };
}

const names = (c: Collection) => requestsUnder(c.children).map((r) => r.name);

describe('tree operations', () => {
  it('locates nodes with the folders above them', () => {
    expect(locate(sample(), 'r2')?.folders.map((f) => f.name)).toEqual(['Users', 'Admin']);
    expect(locate(sample(), 'nope')).toBeNull();
  });

  it('inserts, removes, renames without touching the original', () => {
    const c = sample();
    const added = insertNode(c, 'f1', { type: 'request', id: 'r9', name: 'New', method: 'GET', url: '/' }, 0);
    expect(names(added)).toEqual(['New', 'List users', 'Delete user', 'Health']);
    expect(names(c)).toEqual(['List users', 'Delete user', 'Health']);
    const { collection, removed, parentId, index } = removeNode(c, 'f2');
    expect([removed.name, parentId, index]).toEqual(['Admin', 'f1', 1]);
    expect(names(collection)).toEqual(['List users', 'Health']);
    expect(renameNode(c, 'r3', '  Ping ').children[1]!.name).toBe('Ping');
    expect(renameNode(c, 'c', 'Renamed').name).toBe('Renamed');
    expect(() => renameNode(c, 'r3', '  ')).toThrow(new CollectionError('The request needs a name.'));
  });

  it('moves up and down among siblings (the keyboard alternative to dragging)', () => {
    const c = sample();
    expect(shiftNode(c, 'r3', -1).children.map((n) => n.id)).toEqual(['r3', 'f1']);
    expect(shiftNode(c, 'f1', -1)).toBe(c);
    expect((shiftNode(c, 'r1', 1).children[0] as FolderNode).children.map((n) => n.id)).toEqual(['f2', 'r1']);
  });

  it('moves into another folder or collection, never a folder into itself', () => {
    const c = sample();
    const { source } = moveNode(c, 'r3', c, 'f2', 0);
    expect(locate(source, 'r3')?.folders.map((f) => f.id)).toEqual(['f1', 'f2']);
    // Within one list, the index counts places before the move.
    expect(moveNode(c, 'f1', c, null, 2).source.children.map((n) => n.id)).toEqual(['r3', 'f1']);
    expect(() => moveNode(c, 'f1', c, 'f2')).toThrow('A folder cannot move inside itself.');
    const other: Collection = { ...sample(), id: 'd', children: [] };
    const across = moveNode(c, 'f2', other, null);
    expect(names(across.source)).toEqual(['List users', 'Health']);
    expect(names(across.target)).toEqual(['Delete user']);
  });

  it('duplicates a subtree with fresh ids and maps the requests', () => {
    let n = 0;
    const { node, ids } = duplicateSubtree(locate(sample(), 'f1')!.node, () => `x${++n}`);
    expect(node.name).toBe('Users copy');
    expect([...ids]).toEqual([
      ['r1', 'x2'],
      ['r2', 'x4'],
    ]);
  });

  it('searches names, URLs and bodies, showing the folders above each match', () => {
    const c = sample();
    const byUrl = searchTree(c, 'users/1')!;
    expect([...byUrl.matches]).toEqual(['r2']);
    expect([...byUrl.shown].sort()).toEqual(['c', 'f1', 'f2', 'r2']);
    const byBody = searchTree(c, 'needle', new Map([['r3', '{"q": "Needle"}']]))!;
    expect([...byBody.matches]).toEqual(['r3']);
    expect(searchTree(c, '  ')).toBeNull();
    expect(searchTree(c, 'nothing-like-this')!.matches.size).toBe(0);
  });
});

describe('variables and inherited auth', () => {
  const environments: EnvironmentsState = {
    globals: [v('who', 'globals'), v('onlyGlobal', 'g'), v('token', 'global-token', { secret: true })],
    environments: [
      { id: 'e', name: 'Staging', variables: [v('base', 'https://staging'), v('off', 'x', { enabled: false })] },
    ],
    activeId: 'e',
  };
  const c = sample();
  const where = locate(c, 'r2')!;
  const context = {
    collection: c,
    folders: where.folders,
    request: { name: 'Delete user', variables: [v('req', 'r')] },
  };

  it('resolves environment > request > inner folder > outer folder > collection > globals, saying where each came from', () => {
    const resolved = resolveScopes(scopesFor(context, environments));
    expect(resolved.get('base')).toMatchObject({
      value: 'https://staging',
      source: { kind: 'environment', name: 'Staging' },
    });
    expect(resolved.get('base')!.shadowed).toEqual([{ kind: 'collection', name: 'API' }]);
    expect(resolved.get('who')).toMatchObject({ value: 'folder2', source: { kind: 'folder', name: 'Admin' } });
    expect(resolved.get('who')!.shadowed.map((s) => s.kind)).toEqual(['folder', 'collection', 'globals']);
    expect(resolved.get('req')).toMatchObject({ source: { kind: 'request' } });
    expect(resolved.get('onlyGlobal')).toMatchObject({ value: 'g', source: { kind: 'globals' } });
    expect(resolved.has('off')).toBe(false);
  });

  it('hides secret values from a preview lookup and lists them for redaction', () => {
    const scopes = scopesFor(context, environments);
    expect(scopedLookup(scopes)('token')).toBe('global-token');
    expect(scopedLookup(scopes, { includeSecrets: false })('token')).toBeUndefined();
    expect(scopeSecrets(scopes)).toEqual([['token', 'global-token']]);
  });

  it('takes auth from the nearest folder that sets one, else the collection', () => {
    expect(inheritedAuth(context)).toEqual({
      auth: { kind: 'basic', user: 'root', password: '{{pw}}' },
      from: { kind: 'folder', name: 'Admin' },
    });
    expect(inheritedAuth({ collection: c, folders: locate(c, 'r1')!.folders })).toEqual({
      auth: { kind: 'bearer', token: '{{token}}' },
      from: { kind: 'collection', name: 'API' },
    });
    expect(inheritedAuth({ collection: { ...c, auth: null }, folders: [] })).toEqual({
      auth: { kind: 'none' },
      from: null,
    });
  });
});

describe('runSequence', () => {
  const steps = [
    { id: 'a', name: 'A', method: 'GET' },
    { id: 'b', name: 'B', method: 'GET' },
    { id: 'c', name: 'C', method: 'GET' },
  ];

  it('sends one after another in order, a failure not stopping the run', async () => {
    const order: string[] = [];
    let active = 0;
    const progress: RunProgress[] = [];
    const result = await runSequence(
      steps,
      async (step) => {
        active++;
        expect(active).toBe(1);
        order.push(step.id);
        await new Promise((r) => setTimeout(r, 1));
        active--;
        if (step.id === 'b') throw new Error('Undefined variable: {{x}}');
        return { state: 'done', status: 200, statusText: 'OK', timeMs: 3, size: 10 };
      },
      (p) => progress.push(p),
    );
    expect(order).toEqual(['a', 'b', 'c']);
    expect(result.results).toEqual([
      { state: 'done', status: 200, statusText: 'OK', timeMs: 3, size: 10 },
      { state: 'failed', message: 'Undefined variable: {{x}}' },
      { state: 'done', status: 200, statusText: 'OK', timeMs: 3, size: 10 },
    ]);
    expect(progress[0]!.results[0]).toEqual({ state: 'running' });
    expect(result.current).toBe(-1);
  });

  it('skips the rest once cancelled', async () => {
    let cancelled = false;
    const result = await runSequence(
      steps,
      async () => {
        cancelled = true;
        return { state: 'done', status: 204, statusText: 'No Content', timeMs: 1, size: 0 };
      },
      () => undefined,
      () => cancelled,
    );
    expect(result.results.map((r) => r.state)).toEqual(['done', 'skipped', 'skipped']);
    expect(result.cancelled).toBe(true);
  });
});
