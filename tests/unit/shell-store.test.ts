import { describe, expect, it } from 'vitest';
import type { Intent } from '../../src/core/intents/intents.ts';
import { formatHash, parseHash } from '../../src/ui/shell/location.ts';
import { createShellStore } from '../../src/ui/shell/store.ts';
import type { ToolMeta } from '../../src/ui/tools/types.ts';

const tool = (id: string, accepts: ToolMeta['accepts'] = []): ToolMeta => ({
  id,
  title: id.toUpperCase(),
  description: `${id} tool`,
  keywords: [],
  icon: '*',
  group: 'HTTP',
  surfaces: ['workspace'],
  accepts,
});
const TOOLS = [
  tool('converter', ['convert-command']),
  tool('rest-client', ['open-request']),
  tool('status-codes', ['show-status']),
];

function setup(last: string | null = null) {
  const writes: [string, 'push' | 'replace'][] = [];
  let stored = last;
  const store = createShellStore({
    tools: TOOLS,
    defaultTool: 'converter',
    lastTool: { get: () => stored, set: (id) => (stored = id) },
    writeHash: (hash, mode) => writes.push([hash, mode]),
  });
  return { store, writes, last: () => stored };
}

describe('deep links', () => {
  it('parses and formats #/<tool>?params', () => {
    expect(parseHash('#/status-codes?code=429&q=too%20many')).toEqual({
      tool: 'status-codes',
      params: { code: '429', q: 'too many' },
    });
    expect(parseHash('#/converter')).toEqual({ tool: 'converter', params: {} });
    expect(parseHash('#/converter/')).toEqual({ tool: 'converter', params: {} });
    expect(parseHash('#convert')).toBeNull();
    expect(parseHash('')).toBeNull();
    expect(parseHash('#/Bad Tool')).toBeNull();
    expect(formatHash({ tool: 'status-codes', params: { code: '429', q: 'a b&c' } })).toBe(
      '#/status-codes?code=429&q=a+b%26c',
    );
    const round = { tool: 'x', params: { q: '#/?&=%' } };
    expect(parseHash(formatHash(round))).toEqual(round);
  });

  it('starts on the address’s tool, else the last one open, else the default', () => {
    const a = setup('rest-client');
    a.store.start('#/status-codes?code=404');
    expect(a.store.active.value).toBe('status-codes');
    expect(a.store.activeParams.value).toEqual({ code: '404' });
    expect(a.writes).toEqual([]);

    const b = setup('rest-client');
    b.store.start('');
    expect(b.store.active.value).toBe('rest-client');
    expect(b.writes).toEqual([['#/rest-client', 'replace']]);

    const c = setup(null);
    c.store.start('#convert');
    expect(c.store.active.value).toBe('converter');

    const d = setup('removed-tool');
    d.store.start('');
    expect(d.store.active.value).toBe('converter');
  });

  it('refuses a tool this page does not show, with a notice, and keeps a valid address', () => {
    const { store, writes } = setup('rest-client');
    store.start('#/captured');
    expect(store.notice.value?.text).toContain('There is no tool “captured” here');
    expect(store.notice.value?.tone).toBe('alert');
    expect(store.active.value).toBe('rest-client');
    expect(writes.at(-1)).toEqual(['#/rest-client', 'replace']);
  });

  it('navigating pushes an entry and remembers the tool; parameters replace it', () => {
    const { store, writes, last } = setup();
    store.start('');
    store.navigate('status-codes', { code: '418' });
    expect(writes.at(-1)).toEqual(['#/status-codes?code=418', 'push']);
    expect(last()).toBe('status-codes');
    store.setParams('status-codes', { code: '429' });
    expect(writes.at(-1)).toEqual(['#/status-codes?code=429', 'replace']);
    const count = writes.length;
    store.setParams('status-codes', { code: '429' });
    expect(writes.length).toBe(count);
    // A hidden tool's parameters change without touching the address.
    store.setParams('converter', { focus: 'input' });
    expect(writes.length).toBe(count);
    expect(store.params.value.converter).toEqual({ focus: 'input' });
  });

  it('keeps each opened tool (views stay mounted) and follows Back/Forward', () => {
    const { store } = setup();
    store.start('#/converter');
    store.navigate('rest-client');
    store.applyHash('#/status-codes?code=500');
    expect(store.opened.value).toEqual(['converter', 'rest-client', 'status-codes']);
    store.applyHash('#/converter');
    expect(store.active.value).toBe('converter');
    expect(store.opened.value).toHaveLength(3);
  });
});

describe('intents', () => {
  it('hands each intent to the tool that accepts it, numbered so the same one twice is seen twice', () => {
    const { store } = setup();
    store.start('#/converter');
    const intent: Intent = { kind: 'show-status', code: 429 };
    expect(store.open(intent)?.id).toBe('status-codes');
    expect(store.active.value).toBe('status-codes');
    const first = store.inboxes.value['status-codes']!;
    expect(first.intent).toEqual(intent);
    store.open(intent);
    expect(store.inboxes.value['status-codes']!.seq).toBeGreaterThan(first.seq);

    store.open({
      kind: 'open-request',
      request: { method: 'GET', url: 'https://a.example/', headers: [], notes: [] } as never,
    });
    expect(store.active.value).toBe('rest-client');
    expect(store.inboxes.value['rest-client']!.intent.kind).toBe('open-request');
  });

  it('says so when no tool of this page accepts the intent', () => {
    const { store } = createShellStoreWith([tool('converter', ['convert-command'])]);
    store.start('');
    expect(store.open({ kind: 'show-status', code: 404 })).toBeNull();
    expect(store.active.value).toBe('converter');
    expect(store.notice.value?.text).toContain('No tool here can open that');
  });
});

function createShellStoreWith(tools: ToolMeta[]) {
  const store = createShellStore({
    tools,
    defaultTool: tools[0]!.id,
    lastTool: { get: () => null, set: () => undefined },
    writeHash: () => undefined,
  });
  return { store };
}
