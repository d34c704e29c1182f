import { describe, expect, it } from 'vitest';
import type { EnvironmentsState } from '../../src/core/env/state.ts';
import { SOCKETS_KEY, SocketDataStore } from '../../src/core/websocket/history.ts';
import { inProcessLock } from '../../src/core/storage.ts';
import { row } from '../../src/ui/components/header-rows.ts';
import type { SocketDataService } from '../../src/ui/services.ts';
import { createWebSocketStore } from '../../src/ui/tools/websocket/websocket-store.ts';
import { fakeEnvironments, settle } from '../support/fake-services.ts';
import { fakeSockets } from '../support/fake-sockets.ts';
import { createMemoryArea } from '../support/memory-area.ts';

const ENV: EnvironmentsState = {
  globals: [{ key: 'host', value: '127.0.0.1:9', enabled: true, secret: false }],
  environments: [
    { id: 'dev', name: 'Dev', variables: [{ key: 'token', value: 's3cret', enabled: true, secret: true }] },
  ],
  activeId: 'dev',
};

async function setup() {
  const sockets = fakeSockets();
  const area = createMemoryArea();
  const data = new SocketDataStore(area, inProcessLock());
  const socketData: SocketDataService = {
    load: () => data.load(),
    update: (change) => data.update(change),
    subscribe: () => () => {},
  };
  const timers: { fn: () => void; ms: number }[] = [];
  let now = 1_000;
  let ids = 0;
  const store = createWebSocketStore({
    sockets,
    socketData,
    environments: await fakeEnvironments(ENV),
    now: () => now,
    schedule: (flush) => flush(),
    setTimer: (fn, ms) => timers.push({ fn, ms }),
    clearTimer: () => undefined,
    newId: () => `id${++ids}`,
  });
  await store.start();
  return { store, sockets, area, timers, tick: (ms: number) => (now += ms) };
}

describe('the WebSocket tool store', () => {
  it('connects with variables filled in, Origin and User-Agent as headers, protocols to the constructor', async () => {
    const { store, sockets, area } = await setup();
    const tab = store.current.value;
    tab.url.value = 'ws://{{host}}/chat';
    tab.headers.value = {
      rows: [row('Authorization', 'Bearer {{token}}'), row('X-Off', '1', false)],
      bulk: false,
      bulkText: '',
    };
    tab.origin.value = 'https://app.example';
    tab.protocols.value = 'chat, v2';
    tab.connect();
    expect(tab.status.value).toBe('connecting');
    const socket = sockets.sockets[0]!;
    expect(socket.options).toEqual({
      url: 'ws://127.0.0.1:9/chat',
      protocols: ['chat', 'v2'],
      headers: [
        { name: 'Authorization', value: 'Bearer s3cret' },
        { name: 'Origin', value: 'https://app.example' },
      ],
    });
    // The browser's report is shown with the secret masked.
    socket.events.onHandshake({ requestHeaders: [{ name: 'Authorization', value: 'Bearer s3cret' }] });
    expect(tab.handshake.value?.requestHeaders).toEqual([{ name: 'Authorization', value: 'Bearer {{token}}' }]);
    socket.events.onOpen({ protocol: 'chat', extensions: '' });
    expect(tab.status.value).toBe('open');
    expect(tab.negotiated.value).toBe('chat');
    await settle();
    // Kept in the history, with no secret value in storage.
    const stored = JSON.stringify(await area.get([SOCKETS_KEY]));
    expect(stored).toContain('ws://{{host}}/chat');
    expect(stored).toContain('Bearer {{token}}');
    expect(stored).not.toContain('s3cret');
    expect(store.data.value.history[0]).toMatchObject({
      url: 'ws://{{host}}/chat',
      environment: 'Dev',
      outcome: 'open, protocol chat',
    });
  });

  it('stops before connecting when a variable is undefined or the URL is wrong, saying which', async () => {
    const { store, sockets } = await setup();
    const tab = store.current.value;
    tab.url.value = 'ws://{{nowhere}}/x';
    tab.connect();
    expect(tab.problem.value?.message).toBe('{{nowhere}} is not defined in the active environment or globals.');
    tab.url.value = 'ftp://h';
    tab.connect();
    expect(tab.problem.value).toMatchObject({ field: 'url' });
    expect(sockets.sockets).toHaveLength(0);
    expect(tab.status.value).toBe('idle');
  });

  it('sends text, JSON and hex, logs both directions, and refuses bad input with its place', async () => {
    const { store, sockets } = await setup();
    const tab = store.current.value;
    tab.url.value = 'ws://h/echo';
    tab.connect();
    const socket = sockets.sockets[0]!;
    socket.events.onOpen({ protocol: '', extensions: '' });
    tab.composerText.value = 'hello {{token}}';
    expect(tab.send()).toBe(true);
    tab.composerFormat.value = 'json';
    tab.composerText.value = '{"a":';
    expect(tab.send()).toBe(false);
    expect(tab.composerProblem.value).toMatch(/^Invalid JSON/);
    tab.composerText.value = '{"id":12345678901234567890}';
    tab.formatComposer();
    expect(tab.composerText.value).toBe('{\n  "id": 12345678901234567890\n}');
    expect(tab.send()).toBe(true);
    tab.composerFormat.value = 'hex';
    tab.composerText.value = '00 ff 1';
    expect(tab.send()).toBe(false);
    expect(tab.composerProblem.value).toBe('Not hex: 1 hex digits here: bytes take two digits each (line 1, column 7)');
    tab.composerText.value = '00 ff';
    expect(tab.send()).toBe(true);
    expect(socket.sent.map((d) => (typeof d === 'string' ? d : [...d]))).toEqual([
      'hello s3cret',
      '{\n  "id": 12345678901234567890\n}',
      [0, 255],
    ]);
    socket.events.onMessage(Uint8Array.of(0, 255));
    socket.events.onMessage('pong');
    const dirs = tab.messages.map((m) => m.direction);
    expect(dirs).toEqual(['event', 'event', 'out', 'out', 'out', 'in', 'in']);
    tab.setFilter({ direction: 'in', query: '' });
    expect(tab.visible.map((i) => tab.messages[i]!.kind)).toEqual(['binary', 'text']);
    tab.setFilter({ direction: 'all', query: 'PONG' });
    expect(tab.visible).toHaveLength(1);
    socket.events.onMessage('pong again');
    expect(tab.visible).toHaveLength(2);
    const exported = JSON.parse(tab.exportMessages().text) as { messages: { text?: string }[] };
    expect(exported.messages.map((m) => m.text)).toEqual(['pong', 'pong again']);
    tab.clear();
    expect(tab.messages).toHaveLength(0);
  });

  it('closes with the code and reason given, and refuses a code the API cannot send', async () => {
    const { store, sockets } = await setup();
    const tab = store.current.value;
    tab.url.value = 'ws://h/x';
    tab.connect();
    const socket = sockets.sockets[0]!;
    socket.events.onOpen({ protocol: '', extensions: '' });
    tab.closeCode.value = '1001';
    tab.disconnect();
    expect(tab.problem.value?.field).toBe('close');
    expect(socket.closed).toBeUndefined();
    tab.closeCode.value = '4000';
    tab.closeReason.value = 'done';
    tab.disconnect();
    expect(socket.closed).toEqual({ code: 4000, reason: 'done' });
    expect(tab.status.value).toBe('closing');
    socket.events.onClose({ code: 4000, reason: 'done', wasClean: true, opened: true });
    expect(tab.status.value).toBe('closed');
    expect(tab.closeInfo.value).toMatchObject({ code: 4000, reason: 'done', byUser: true });
    expect(tab.messages.at(-1)!.text).toBe('Closed: 4000 (application code), reason “done”');
  });

  it('explains a refused handshake and does not retry a 401; reconnects with back-off after a drop', async () => {
    const { store, sockets, timers } = await setup();
    const tab = store.current.value;
    tab.url.value = 'ws://h/auth';
    tab.reconnect.value = true;
    tab.connect();
    sockets.sockets[0]!.events.onClose({
      code: 1006,
      reason: '',
      wasClean: false,
      opened: false,
      report: {
        status: 401,
        statusLine: 'HTTP/1.1 401 Unauthorized',
        responseHeaders: [{ name: 'WWW-Authenticate', value: 'Bearer' }],
      },
    });
    expect(tab.closeInfo.value?.explanation).toMatch(
      /^The server refused the WebSocket handshake: HTTP\/1\.1 401 Unauthorized\./,
    );
    expect(timers).toHaveLength(0);

    tab.connect();
    sockets.sockets[1]!.events.onOpen({ protocol: '', extensions: '' });
    sockets.sockets[1]!.events.onClose({ code: 1006, reason: '', wasClean: false, opened: true });
    expect(timers).toHaveLength(1);
    expect(timers[0]!.ms).toBeGreaterThanOrEqual(400);
    expect(timers[0]!.ms).toBeLessThanOrEqual(600);
    expect(tab.reconnectState.value).toMatchObject({ attempt: 1 });
    timers[0]!.fn();
    expect(sockets.sockets).toHaveLength(3);
    sockets.sockets[2]!.events.onClose({ code: 1006, reason: '', wasClean: false, opened: false });
    expect(timers[1]!.ms).toBeGreaterThanOrEqual(800);
    // The user's own close stops it.
    timers[1]!.fn();
    sockets.sockets[3]!.events.onOpen({ protocol: '', extensions: '' });
    tab.disconnect();
    sockets.sockets[3]!.events.onClose({ code: 1000, reason: '', wasClean: true, opened: true });
    expect(timers).toHaveLength(2);
  });

  it('sends the keep-alive message at its interval while open', async () => {
    const { store, sockets, timers } = await setup();
    const tab = store.current.value;
    tab.url.value = 'ws://h/x';
    tab.keepAlive.value = true;
    tab.keepAliveSeconds.value = '15';
    tab.keepAliveMessage.value = '{"type":"ping"}';
    tab.connect();
    sockets.sockets[0]!.events.onOpen({ protocol: '', extensions: '' });
    expect(timers.map((t) => t.ms)).toEqual([15_000]);
    timers[0]!.fn();
    timers[1]!.fn();
    expect(sockets.sockets[0]!.sent).toEqual(['{"type":"ping"}', '{"type":"ping"}']);
  });

  it('reads an event stream with headers and a body, and resumes with Last-Event-ID', async () => {
    const { store, sockets, timers } = await setup();
    const tab = store.current.value;
    tab.mode.value = 'sse';
    tab.method.value = 'POST';
    tab.url.value = 'http://h/sse';
    tab.body.value = '{"topic":"{{token}}"}';
    tab.headers.value = { rows: [row('X-Api-Key', 'k')], bulk: false, bulkText: '' };
    tab.reconnect.value = true;
    tab.connect();
    const stream = sockets.streams[0]!;
    expect(stream.options).toEqual({
      url: 'http://h/sse',
      method: 'POST',
      headers: [
        { name: 'X-Api-Key', value: 'k' },
        { name: 'Accept', value: 'text/event-stream' },
      ],
      body: '{"topic":"s3cret"}',
    });
    stream.events.onResponse({
      status: 200,
      statusText: 'OK',
      headers: [{ name: 'content-type', value: 'text/event-stream' }],
    });
    expect(tab.status.value).toBe('open');
    stream.events.onChunk(
      new TextEncoder().encode('retry: 250\n\nid: 41\nevent: tick\ndata: one\n\nid: 42\ndata: two\n\n'),
    );
    stream.events.onEnd({ cancelled: false });
    const received = tab.messages.filter((m) => m.direction === 'in');
    expect(received.map((m) => [m.event, m.eventId, m.text])).toEqual([
      ['tick', '41', 'one'],
      ['message', '42', 'two'],
    ]);
    expect(tab.status.value).toBe('closed');
    // The server's retry: comes first, then the next attempt carries Last-Event-ID.
    expect(timers[0]!.ms).toBe(250);
    timers[0]!.fn();
    expect(sockets.streams[1]!.options.headers).toContainEqual({ name: 'Last-Event-ID', value: '42' });
    // Nothing to send on a stream.
    expect(tab.send()).toBe(false);
  });

  it('keeps several connections in tabs, and saves messages per URL', async () => {
    const { store, sockets, area } = await setup();
    store.current.value.url.value = 'ws://one';
    const second = store.addTab({ url: 'ws://two' })!;
    expect(store.tabs.value).toHaveLength(2);
    expect(store.current.value).toBe(second);
    expect(second.title.value).toBe('two');
    store.saveMessage('hello', 'text', 'hi {{token}}');
    store.saveMessage('', 'text', 'token is s3cret');
    await settle();
    expect(store.saved.value.map((m) => [m.name, m.text])).toEqual([
      ['hello', 'hi {{token}}'],
      ['token is {{token}}', 'token is {{token}}'],
    ]);
    expect(JSON.stringify(await area.get([SOCKETS_KEY]))).not.toContain('s3cret');
    second.connect();
    sockets.sockets[0]!.events.onOpen({ protocol: '', extensions: '' });
    expect(second.sendSaved('text', 'hi {{token}}')).toBe(true);
    expect(sockets.sockets[0]!.sent).toEqual(['hi s3cret']);
    store.closeTab(second.id);
    expect(sockets.sockets[0]!.closed).toEqual({ code: 1000, reason: '' });
    expect(store.tabs.value.map((t) => t.url.value)).toEqual(['ws://one']);
  });

  it('reopens a kept connection: Origin and User-Agent back in their fields, in a new tab when this one is connected', async () => {
    const { store, sockets } = await setup();
    const tab = store.current.value;
    tab.url.value = 'ws://h/kept';
    tab.origin.value = 'https://app.example';
    tab.userAgent.value = 'bot/1';
    tab.headers.value = { rows: [row('X-A', '1', false)], bulk: false, bulkText: '' };
    tab.protocols.value = 'chat';
    tab.connect();
    expect(sockets.sockets[0]!.options.headers).toEqual([
      { name: 'Origin', value: 'https://app.example' },
      { name: 'User-Agent', value: 'bot/1' },
    ]);
    sockets.sockets[0]!.events.onOpen({ protocol: 'chat', extensions: '' });
    const record = store.data.value.history[0]!;
    expect(record.headers).toEqual([
      { enabled: false, name: 'X-A', value: '1' },
      { enabled: true, name: 'Origin', value: 'https://app.example' },
      { enabled: true, name: 'User-Agent', value: 'bot/1' },
    ]);
    store.openRecord(record);
    expect(store.tabs.value).toHaveLength(2);
    const reopened = store.current.value;
    expect(reopened).not.toBe(tab);
    expect([reopened.url.value, reopened.origin.value, reopened.userAgent.value, reopened.protocols.value]).toEqual([
      'ws://h/kept',
      'https://app.example',
      'bot/1',
      'chat',
    ]);
    expect(reopened.headers.value.rows.map((r) => [r.enabled, r.name, r.value])).toEqual([[false, 'X-A', '1']]);
    store.removeRecord(record.id);
    await settle();
    expect(store.data.value.history).toEqual([]);
  });

  it('keeps the query rows and the URL in sync both ways', async () => {
    const { store, sockets } = await setup();
    const tab = store.current.value;
    tab.setUrl('ws://h/s?room=blue%20sky&x=1');
    expect(tab.query.value.map((q) => [q.name, q.value])).toEqual([
      ['room', 'blue sky'],
      ['x', '1'],
    ]);
    const [room, x] = tab.query.value;
    tab.setQuery([
      { ...room!, name: 'room', value: 'a&b', rawValue: 'a%26b' },
      { ...x!, enabled: false },
    ]);
    expect(tab.url.value).toBe('ws://h/s?room=a%26b');
    tab.connect();
    expect(sockets.sockets[0]!.options.url).toBe('ws://h/s?room=a%26b');
    expect(tab.query.value).toHaveLength(2);
  });
});
