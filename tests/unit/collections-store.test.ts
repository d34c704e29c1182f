import { describe, expect, it } from 'vitest';
import { locate, requestsUnder, type SavedRequest } from '../../src/core/collections/model.ts';
import {
  CollectionStore,
  META_KEY,
  collectionKey,
  isCollectionsKey,
  requestKey,
} from '../../src/core/collections/store.ts';
import type { StoredRequest } from '../../src/core/history/types.ts';
import { inProcessLock, type Exclusive } from '../../src/core/storage.ts';
import { createMemoryArea } from '../support/memory-area.ts';

const request = (url: string, method = 'GET'): StoredRequest => ({
  method,
  url,
  headers: [{ enabled: true, name: 'Accept', value: 'application/json' }],
  body: { kind: 'none' },
  auth: { kind: 'none' },
});

let n = 0;
const ids = () => `id${++n}`;

function setup(quotaBytes?: number) {
  const area = createMemoryArea(quotaBytes === undefined ? {} : { quotaBytes });
  const lock = inProcessLock();
  return { area, lock, store: new CollectionStore(area, lock, { newId: ids, now: () => 1000 }) };
}

describe('CollectionStore', () => {
  it('creates a collection, saves requests into it and a folder, and lists them back', async () => {
    const { store, area } = setup();
    const c = await store.create('  My API ');
    expect(c.name).toBe('My API');
    const withFolder = await store.change(c.id, (col) => ({
      ...col,
      children: [...col.children, { type: 'folder', id: 'f1', name: 'Users', variables: [], auth: null, children: [] }],
    }));
    expect(withFolder.children).toHaveLength(1);
    const a = await store.saveRequest({
      collectionId: c.id,
      parentId: null,
      name: 'A',
      request: request('https://x/a'),
      inheritAuth: true,
    });
    const b = await store.saveRequest({
      collectionId: c.id,
      parentId: 'f1',
      name: 'B',
      request: request('https://x/b', 'POST'),
      inheritAuth: false,
    });
    const { collections, notices } = await store.list();
    expect(notices).toEqual([]);
    expect(collections).toHaveLength(1);
    expect(requestsUnder(collections[0]!.children).map((r) => [r.name, r.method, r.url])).toEqual([
      ['B', 'POST', 'https://x/b'],
      ['A', 'GET', 'https://x/a'],
    ]);
    expect((await store.getRequest(a.id))?.inheritAuth).toBe(true);
    expect((await store.getRequest(b.id))?.request.url).toBe('https://x/b');
    // The tree is stored as JSON text, each request under its own key.
    expect(typeof area.dump()[collectionKey(c.id)]).toBe('string');
    expect(area.dump()[requestKey(b.id)]).toMatchObject({ name: 'B' });
    expect(isCollectionsKey(META_KEY) && isCollectionsKey(requestKey('x')) && !isCollectionsKey('history:meta')).toBe(
      true,
    );
  });

  it('overwrites a saved request in place, and the tree row follows its name, method and URL', async () => {
    const { store } = setup();
    const c = await store.create('C');
    const saved = await store.saveRequest({
      collectionId: c.id,
      parentId: null,
      name: 'Old',
      request: request('https://x/1'),
      inheritAuth: false,
    });
    await store.saveRequest({
      collectionId: c.id,
      parentId: null,
      id: saved.id,
      name: 'New',
      request: request('https://x/2', 'PUT'),
      inheritAuth: false,
    });
    const [listed] = (await store.list()).collections;
    expect(listed!.children).toEqual([
      { type: 'request', id: saved.id, name: 'New', method: 'PUT', url: 'https://x/2' },
    ]);
  });

  it('loses nothing when two panels save into one collection at once', async () => {
    const area = createMemoryArea();
    const lock = inProcessLock();
    const one = new CollectionStore(area, lock);
    const two = new CollectionStore(area, lock);
    const c = await one.create('Shared');
    const saves: Promise<SavedRequest>[] = [];
    for (let i = 0; i < 200; i++) {
      saves.push(
        one.saveRequest({
          collectionId: c.id,
          parentId: null,
          name: `one ${i}`,
          request: request(`https://x/one/${i}`),
          inheritAuth: false,
        }),
      );
      saves.push(
        two.saveRequest({
          collectionId: c.id,
          parentId: null,
          name: `two ${i}`,
          request: request(`https://x/two/${i}`),
          inheritAuth: false,
        }),
      );
    }
    const saved = await Promise.all(saves);
    const [listed] = (await two.list()).collections;
    const names = requestsUnder(listed!.children).map((r) => r.name);
    expect(names).toHaveLength(400);
    expect(new Set(names).size).toBe(400);
    for (const s of saved) expect(await one.getRequest(s.id)).not.toBeNull();
  });

  it('runs every change inside the lock, re-reading there', async () => {
    const area = createMemoryArea();
    let inside = 0;
    let maxInside = 0;
    const queue = inProcessLock();
    const lock: Exclusive = (task) =>
      queue(async () => {
        inside++;
        maxInside = Math.max(maxInside, inside);
        try {
          return await task();
        } finally {
          inside--;
        }
      });
    const store = new CollectionStore(area, lock);
    const c = await store.create('C');
    await Promise.all([
      store.saveRequest({
        collectionId: c.id,
        parentId: null,
        name: 'a',
        request: request('https://a'),
        inheritAuth: false,
      }),
      store.change(c.id, (col) => ({ ...col, name: 'Renamed' })),
    ]);
    expect(maxInside).toBe(1);
    const [listed] = (await store.list()).collections;
    expect(listed!.name).toBe('Renamed');
    expect(listed!.children).toHaveLength(1);
  });

  it('reports a full storage in words and changes nothing', async () => {
    const { store, area } = setup(2_000);
    const c = await store.create('C');
    const before = area.dump();
    await expect(
      store.saveRequest({
        collectionId: c.id,
        parentId: null,
        name: 'big',
        request: { ...request('https://x'), body: { kind: 'text', text: 'x'.repeat(5_000) } },
        inheritAuth: false,
      }),
    ).rejects.toThrow(/Storage is full, so this was not saved \(nothing was changed\)/);
    expect(area.dump()).toEqual(before);
  });

  it('skips an unreadable collection with a notice and never overwrites it', async () => {
    const { store, area } = setup();
    const good = await store.create('Good');
    await area.set({ [collectionKey('broken')]: '{not json', [META_KEY]: { schema: 1, order: ['broken', good.id] } });
    const listed = await store.list();
    expect(listed.collections.map((c) => c.name)).toEqual(['Good']);
    expect(listed.notices).toEqual(['Skipped a collection: its stored data is not valid JSON.']);
    await store.create('Another');
    expect(area.dump()[collectionKey('broken')]).toBe('{not json');
    expect((area.dump()[META_KEY] as { order: string[] }).order).toContain('broken');
  });

  it('skips unreadable nodes inside a collection, keeping the rest', async () => {
    const { store, area } = setup();
    const tree = {
      id: 'c1',
      schema: 1,
      name: 'C',
      variables: [{ key: 'ok', value: '1', secret: false, enabled: true }, { key: 3 }],
      auth: null,
      children: [
        { type: 'request', id: 'r1', name: 'fine', method: 'GET', url: 'https://x' },
        { type: 'request', id: 'r2', name: 'no url', method: 'GET' },
        { type: 'gadget', id: 'g', name: 'odd' },
      ],
    };
    await area.set({ [collectionKey('c1')]: JSON.stringify(tree), [META_KEY]: { schema: 1, order: ['c1'] } });
    const { collections, notices } = await store.list();
    expect(collections[0]!.children.map((c) => c.id)).toEqual(['r1']);
    expect(collections[0]!.variables).toEqual([{ key: 'ok', value: '1', secret: false, enabled: true }]);
    expect(notices).toEqual([
      'Skipped variable 2 of collection "C": it is not a readable variable.',
      'Skipped "no url" in collection "C": its method or URL is not readable.',
      'Skipped "odd" in collection "C": it is neither a folder nor a request.',
    ]);
  });

  it('rebuilds a lost list of collections from the keys there are', async () => {
    const { store, area } = setup();
    const c = await store.create('Kept');
    await area.remove([META_KEY]);
    const listed = await store.list();
    expect(listed.collections.map((x) => x.id)).toEqual([c.id]);
    expect(listed.notices).toEqual(['The list of collections was damaged and has been rebuilt.']);
    // Written back: the next open neither scans nor says it again.
    expect(area.dump()[META_KEY]).toEqual({ schema: 1, order: [c.id] });
    expect((await store.list()).notices).toEqual([]);
  });

  it('scans every key only once before the first collection: the first list writes an empty list', async () => {
    const { store, area } = setup();
    await area.set({ 'history:i:0': '[]' });
    let scans = 0;
    const get = area.get.bind(area);
    area.get = (keys) => {
      if (keys === null) scans++;
      return get(keys);
    };
    expect(await store.list()).toEqual({ collections: [], notices: [] });
    expect(area.dump()[META_KEY]).toEqual({ schema: 1, order: [] });
    await store.list();
    expect(scans).toBe(1); // the first read; none after
  });

  it('reads a saved request only when it is valid', async () => {
    const { store, area } = setup();
    await area.set({ [requestKey('bad')]: { id: 'bad', schema: 1, name: 'x', request: { method: 'GET' } } });
    expect(await store.getRequest('bad')).toBeNull();
    const { problems } = await store.getRequests(['bad', 'gone']);
    expect(problems).toEqual(['bad: request.url is not a string', 'gone: missing']);
  });

  it('deletes a folder with its requests and restores all of it on undo', async () => {
    const { store, area } = setup();
    const c = await store.create('C');
    await store.change(c.id, (col) => ({
      ...col,
      children: [{ type: 'folder', id: 'f', name: 'F', variables: [], auth: null, children: [] }],
    }));
    const r = await store.saveRequest({
      collectionId: c.id,
      parentId: 'f',
      name: 'R',
      request: request('https://r'),
      inheritAuth: false,
    });
    const removed = await store.remove(c.id, 'f');
    expect(removed.requests.map((s) => s.id)).toEqual([r.id]);
    expect(area.dump()[requestKey(r.id)]).toBeUndefined();
    expect((await store.list()).collections[0]!.children).toEqual([]);
    await store.restore(removed);
    const [back] = (await store.list()).collections;
    expect(locate(back!, r.id)?.folders.map((f) => f.name)).toEqual(['F']);
    expect((await store.getRequest(r.id))?.name).toBe('R');
  });

  it('deletes and restores a whole collection in its place', async () => {
    const { store } = setup();
    const a = await store.create('A');
    const b = await store.create('B');
    await store.saveRequest({
      collectionId: a.id,
      parentId: null,
      name: 'R',
      request: request('https://r'),
      inheritAuth: false,
    });
    const removed = await store.remove(a.id, a.id);
    expect((await store.list()).collections.map((c) => c.name)).toEqual(['B']);
    await store.restore(removed);
    expect((await store.list()).collections.map((c) => c.name)).toEqual(['A', 'B']);
    expect(b.name).toBe('B');
    expect(requestsUnder((await store.list()).collections[0]!.children)).toHaveLength(1);
  });

  it('imports portable collections all at once with fresh ids', async () => {
    const { store } = setup();
    const [made] = await store.importCollections([
      {
        name: 'Imported',
        variables: [{ key: 'base', value: 'https://x', secret: false, enabled: true }],
        auth: { kind: 'bearer', token: '{{t}}' },
        items: [
          {
            type: 'folder',
            name: 'F',
            variables: [],
            auth: null,
            items: [{ type: 'request', name: 'R', request: request('{{base}}/r'), inheritAuth: true, variables: [] }],
          },
        ],
      },
    ]);
    const [listed] = (await store.list()).collections;
    expect(listed).toEqual(made);
    const [r] = requestsUnder(listed!.children);
    expect((await store.getRequest(r!.id))?.request.url).toBe('{{base}}/r');
  });
});
