import { describe, expect, it } from 'vitest';
import { HeaderRules } from '../../background/header-rules.ts';
import { base64ToBytes } from '../../src/core/bytes.ts';
import { backoffDelay, DEFAULT_BACKOFF, shouldReconnect } from '../../src/core/websocket/backoff.ts';
import {
  checkCloseCode,
  checkCloseReason,
  checkSocketUrl,
  checkStreamUrl,
  describeCloseCode,
  explainFailedHandshake,
  handshakeUrlFilter,
  headersMissing,
  parseProtocols,
  planHandshake,
  sameSocketUrl,
  SOCKET_RULE_IDS,
} from '../../src/core/websocket/connection.ts';
import {
  filterRecords,
  parseSocketData,
  redactRecord,
  SocketDataStore,
  withRecord,
  type ConnectionRecord,
} from '../../src/core/websocket/history.ts';
import { exportFileName, exportLog, filterIndexes, type ExportedLog } from '../../src/core/websocket/log.ts';
import {
  binaryMessage,
  formatSize,
  formatTime,
  hexDump,
  MessageInputError,
  parseHex,
  preview,
  prettyJson,
  textMessage,
  toHex,
  utf8Size,
} from '../../src/core/websocket/message.ts';
import { createStreamReader, isEventStream, type StreamEvent } from '../../src/core/websocket/sse.ts';
import { inProcessLock } from '../../src/core/storage.ts';
import { createMemoryArea } from '../support/memory-area.ts';

describe('messages', () => {
  it('parses hex in the spellings people paste, byte for byte', () => {
    expect([...parseHex('48 65 6c')]).toEqual([0x48, 0x65, 0x6c]);
    expect([...parseHex('48656C')]).toEqual([0x48, 0x65, 0x6c]);
    expect([...parseHex('0x00, 0xFF\n0x7f:80')]).toEqual([0, 255, 127, 128]);
    expect([...parseHex('')]).toEqual([]);
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect([...parseHex(toHex(all))]).toEqual([...all]);
  });

  it('says where hex goes wrong, with line and column', () => {
    expect(() => parseHex('48 6')).toThrow(MessageInputError);
    expect(() => parseHex('48 6')).toThrow('1 hex digits here: bytes take two digits each (line 1, column 4)');
    expect(() => parseHex('48\n6g')).toThrow('1 hex digits here: bytes take two digits each (line 2, column 1)');
    expect(() => parseHex('48\n g0')).toThrow('“g” is not a hex digit (line 2, column 2)');
    try {
      parseHex('00 zz');
      expect.unreachable();
    } catch (error) {
      expect((error as MessageInputError).span).toMatchObject({ offset: 3, line: 1, column: 4 });
    }
  });

  it('measures UTF-8 sizes and shows times, sizes and previews', () => {
    expect(utf8Size('abc')).toBe(3);
    expect(utf8Size('é☕')).toBe(5);
    expect(textMessage(1, 'out', 'Café', 0).size).toBe(5);
    expect(binaryMessage(2, 'in', Uint8Array.of(1, 2), 0)).toMatchObject({ kind: 'binary', size: 2 });
    expect(formatTime(Date.UTC(2026, 0, 1, 13, 4, 5, 67), 0)).toBe('13:04:05.067');
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(preview(textMessage(1, 'in', 'a\nb', 0))).toBe('a ⏎ b');
    expect(preview(binaryMessage(1, 'in', Uint8Array.of(0, 255), 0))).toBe('00 ff');
    expect(hexDump(Uint8Array.of(0x41, 0x00, 0x7e))).toBe('00000000  41 00 7e' + ' '.repeat(39) + '  A.~');
  });

  it('pretty-prints JSON keeping numbers as written, and leaves other text alone', () => {
    expect(prettyJson('{"id":12345678901234567890,"p":1.10,"a":[]}')).toBe(
      '{\n  "id": 12345678901234567890,\n  "p": 1.10,\n  "a": []\n}',
    );
    expect(prettyJson('hello')).toBeNull();
    expect(prettyJson('42')).toBeNull();
    expect(prettyJson('{"broken":')).toBeNull();
  });
});

describe('the log', () => {
  const log = [
    textMessage(1, 'event', 'Connected', 0),
    textMessage(2, 'out', 'Hello World', 1),
    textMessage(3, 'in', '{"hello":"world"}', 2),
    binaryMessage(4, 'in', Uint8Array.of(0xde, 0xad, 0xbe, 0xef), 3),
  ];

  it('filters by direction and searches text (case-insensitive) and binary as hex', () => {
    expect(filterIndexes(log, { direction: 'all', query: '' })).toEqual([0, 1, 2, 3]);
    expect(filterIndexes(log, { direction: 'in', query: '' })).toEqual([2, 3]);
    expect(filterIndexes(log, { direction: 'out', query: '' })).toEqual([1]);
    expect(filterIndexes(log, { direction: 'all', query: 'HELLO' })).toEqual([1, 2]);
    expect(filterIndexes(log, { direction: 'all', query: 'ad be' })).toEqual([3]);
    expect(filterIndexes(log, { direction: 'in', query: 'hello' })).toEqual([2]);
    // Continuing from an index looks only at what came after.
    expect(filterIndexes(log, { direction: 'all', query: '' }, 2)).toEqual([2, 3]);
  });

  it('exports JSON with times, sizes, text and binary as base64', () => {
    const text = exportLog(log, { url: 'ws://h/x', protocol: 'chat', now: Date.UTC(2026, 0, 1) });
    const parsed = JSON.parse(text) as ExportedLog;
    expect(parsed).toMatchObject({
      format: 'http-workbench-message-log',
      version: 1,
      url: 'ws://h/x',
      protocol: 'chat',
    });
    expect(parsed.messages).toHaveLength(4);
    expect(parsed.messages[1]).toEqual({
      direction: 'out',
      time: '1970-01-01T00:00:00.001Z',
      kind: 'text',
      size: 11,
      text: 'Hello World',
    });
    expect([...base64ToBytes(parsed.messages[3]!.base64!)]).toEqual([0xde, 0xad, 0xbe, 0xef]);
    expect(exportFileName('ws://127.0.0.1:8080/x', Date.UTC(2026, 0, 1))).toBe(
      'messages-127.0.0.1_8080-2026-01-01T00-00-00-000Z.json',
    );
  });
});

describe('connections', () => {
  it('checks URLs', () => {
    expect(checkSocketUrl('ws://h:1/p?q=1')).toEqual({ url: 'ws://h:1/p?q=1' });
    expect(checkSocketUrl('https://h/p')).toEqual({ url: 'wss://h/p' });
    expect(checkSocketUrl('')).toMatchObject({ problem: { field: 'url' } });
    expect(checkSocketUrl('ftp://h')).toMatchObject({ problem: { message: /ws:\/\/ or wss:\/\/, not ftp:\/\// } });
    expect(checkSocketUrl('ws://h/#x')).toMatchObject({ problem: { message: /fragment/ } });
    expect(checkSocketUrl('not a url')).toMatchObject({ problem: { message: /is not a URL/ } });
    expect(checkStreamUrl('http://h/sse')).toEqual({ url: 'http://h/sse' });
    expect(checkStreamUrl('ws://h/sse')).toMatchObject({ problem: { field: 'url' } });
  });

  it('parses subprotocols and refuses what is not a token', () => {
    expect(parseProtocols('chat, superchat  v2')).toEqual({ protocols: ['chat', 'superchat', 'v2'] });
    expect(parseProtocols('')).toEqual({ protocols: [] });
    expect(parseProtocols('a(b)')).toMatchObject({ problem: { field: 'protocols' } });
    expect(parseProtocols('chat chat')).toMatchObject({ problem: { message: /listed twice/ } });
  });

  it('plans the handshake: Sec-WebSocket-Protocol goes to the constructor, browser-owned headers are left out', () => {
    const plan = planHandshake(
      [
        { name: 'Authorization', value: 'Bearer x' },
        { name: 'Sec-WebSocket-Protocol', value: 'mqtt, chat' },
        { name: 'Sec-WebSocket-Key', value: 'abc' },
        { name: 'X-A', value: '1' },
        { name: 'x-a', value: '2' },
        { name: 'Cookie', value: 'a=1' },
        { name: 'Cookie', value: 'b=2' },
      ],
      ['chat'],
    );
    expect(plan.headers).toEqual([
      { name: 'Authorization', value: 'Bearer x' },
      { name: 'X-A', value: '1, 2' },
      { name: 'Cookie', value: 'a=1; b=2' },
    ]);
    expect(plan.protocols).toEqual(['chat', 'mqtt']);
    expect(plan.notices).toHaveLength(2);
    expect(plan.notices[1]).toMatch(/Sec-WebSocket-Key was not sent/);
  });

  it('writes an unanchored URL filter that matches both ws:// and Firefox’s http:// spelling', () => {
    expect(handshakeUrlFilter('ws://127.0.0.1:8080/ws/echo?x=1')).toBe('127.0.0.1:8080/ws/echo?x=1|');
    expect(handshakeUrlFilter('wss://api.example.com/socket')).toBe('api.example.com/socket|');
    expect(handshakeUrlFilter('ws://h/a*b')).toBe('h/a');
    expect(sameSocketUrl('http://h:1/p?q', 'ws://h:1/p?q')).toBe(true);
    expect(sameSocketUrl('https://h/p', 'wss://h/p')).toBe(true);
    expect(sameSocketUrl('ws://h/p', 'ws://h/other')).toBe(false);
  });

  it('accepts only the close codes the API may send, and reasons that fit', () => {
    expect(checkCloseCode('')).toEqual({ code: 1000 });
    expect(checkCloseCode('4000')).toEqual({ code: 4000 });
    expect(checkCloseCode('1001')).toMatchObject({ problem: { field: 'close' } });
    expect(checkCloseCode('5000')).toMatchObject({
      problem: { message: /1000 \(normal\) or a code from 3000 to 4999/ },
    });
    expect(checkCloseCode('3000.5')).toMatchObject({ problem: {} });
    expect(checkCloseReason('x'.repeat(123))).toBeNull();
    expect(checkCloseReason('é'.repeat(62))).toMatchObject({ message: /124 bytes/ });
    expect(describeCloseCode(1000)).toBe('1000 Normal Closure');
    expect(describeCloseCode(1006)).toBe('1006 Abnormal Closure');
    expect(describeCloseCode(4001)).toBe('4001 (application code)');
    expect(describeCloseCode(3003)).toBe('3003 (registered code)');
  });

  it('explains a refused handshake with its status line and challenge, not 1006', () => {
    const refused = explainFailedHandshake(
      {
        status: 401,
        statusLine: 'HTTP/1.1 401 Unauthorized',
        responseHeaders: [{ name: 'WWW-Authenticate', value: 'Bearer realm="demo"' }],
      },
      'ws://h/x',
    );
    expect(refused).toBe(
      'The server refused the WebSocket handshake: HTTP/1.1 401 Unauthorized. It asks for credentials (WWW-Authenticate: Bearer realm="demo"): add an Authorization header.',
    );
    expect(explainFailedHandshake({ status: 403, statusLine: 'HTTP/1.1 403 Forbidden' }, 'ws://h')).toMatch(/Origin/);
    expect(explainFailedHandshake({ error: 'net::ERR_CONNECTION_REFUSED' }, 'ws://h:9/x')).toMatch(
      /h:9 refused the connection \(net::ERR_CONNECTION_REFUSED\)/,
    );
    expect(explainFailedHandshake(undefined, 'ws://h')).toMatch(/before the server answered/);
    expect(headersMissing([{ name: 'A', value: '1' }], [{ name: 'a', value: '1' }])).toEqual([]);
    expect(headersMissing([{ name: 'A', value: '1' }], [{ name: 'a', value: '2' }])).toHaveLength(1);
  });
});

describe('reconnecting', () => {
  it('backs off exponentially up to a cap, with bounded jitter, and gives up after the last attempt', () => {
    const exact = { ...DEFAULT_BACKOFF, jitter: 0 };
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, exact))).toEqual([500, 1000, 2000, 4000]);
    expect(backoffDelay(9, exact)).toBe(30_000);
    expect(backoffDelay(11, exact)).toBeNull();
    expect(backoffDelay(1, DEFAULT_BACKOFF, () => 0)).toBe(400);
    expect(backoffDelay(1, DEFAULT_BACKOFF, () => 1)).toBe(600);
    expect(backoffDelay(50, { ...exact, maxAttempts: 0 })).toBe(30_000);
  });

  it('does not reconnect after the user’s close, a 4xx refusal or a policy close', () => {
    expect(shouldReconnect({ code: 1006, byUser: false })).toBe(true);
    expect(shouldReconnect({ code: 1006, byUser: true })).toBe(false);
    expect(shouldReconnect({ code: 1006, byUser: false, handshakeStatus: 401 })).toBe(false);
    expect(shouldReconnect({ code: 1006, byUser: false, handshakeStatus: 503 })).toBe(true);
    expect(shouldReconnect({ code: 1008, byUser: false })).toBe(false);
  });
});

describe('event streams', () => {
  it('parses events split anywhere, remembers the last id and the retry', () => {
    const events: StreamEvent[] = [];
    const reader = createStreamReader({ onEvent: (e) => events.push(e) });
    const text =
      'retry: 2500\n\nid: 7\nevent: tick\ndata: {"n":1}\n\ndata: line one\ndata: line two\n\n: comment\nid: 8\ndata: café\n\n';
    const bytes = new TextEncoder().encode(text);
    // One byte at a time: a character's bytes and every line straddle chunks.
    for (let i = 0; i < bytes.length; i++) reader.feed(bytes.subarray(i, i + 1));
    reader.end();
    expect(events).toEqual([
      { event: 'tick', id: '7', data: '{"n":1}' },
      { event: 'message', data: 'line one\nline two' },
      { event: 'message', id: '8', data: 'café' },
    ]);
    expect(reader.lastEventId).toBe('8');
    expect(reader.retry).toBe(2500);
  });

  it('drops an event the stream ended before finishing', () => {
    const events: StreamEvent[] = [];
    const reader = createStreamReader({ onEvent: (e) => events.push(e) });
    reader.feed(new TextEncoder().encode('data: whole\n\ndata: cut'));
    reader.end();
    expect(events).toEqual([{ event: 'message', data: 'whole' }]);
    expect(isEventStream('text/event-stream; charset=utf-8')).toBe(true);
    expect(isEventStream('application/json')).toBe(false);
  });
});

describe('connection history', () => {
  const record = (fields: Partial<ConnectionRecord> = {}): ConnectionRecord => ({
    id: 'r1',
    createdAt: 1,
    mode: 'websocket',
    url: 'wss://api.example.com/socket?token=s3cret-value',
    headers: [{ enabled: true, name: 'Authorization', value: 'Bearer s3cret-value' }],
    protocols: 'chat',
    method: 'GET',
    body: '',
    ...fields,
  });

  it('never stores a secret value: it becomes {{name}}', () => {
    const safe = redactRecord(record({ outcome: 'refused for s3cret-value' }), [['token', 's3cret-value']]);
    expect(safe.url).toBe('wss://api.example.com/socket?token={{token}}');
    expect(safe.headers[0]!.value).toBe('Bearer {{token}}');
    expect(safe.outcome).toBe('refused for {{token}}');
    expect(JSON.stringify(safe)).not.toContain('s3cret-value');
  });

  it('keeps the newest first, moves a repeated connection up, and caps the list', () => {
    let data = { history: [], saved: {} } as ReturnType<typeof parseSocketData>;
    data = withRecord(data, record({ id: 'a', url: 'ws://one' }));
    data = withRecord(data, record({ id: 'b', url: 'ws://two' }));
    data = withRecord(data, record({ id: 'c', url: 'ws://one' }));
    expect(data.history.map((r) => r.id)).toEqual(['c', 'b']);
    for (let i = 0; i < 10; i++) data = withRecord(data, record({ id: `x${i}`, url: `ws://${i}` }), 5);
    expect(data.history).toHaveLength(5);
    expect(filterRecords(data.history, 'WS://9').map((r) => r.id)).toEqual(['x9']);
  });

  it('reads stored data leniently: a bad record costs only itself', () => {
    const parsed = parseSocketData({
      history: [
        record(),
        { id: 3 },
        'junk',
        { ...record({ id: 'r2' }), headers: [{ name: 'A' }, { name: 'B', value: '2' }] },
      ],
      saved: { 'ws://x': [{ id: 's', text: 'hi', format: 'json' }, { nope: 1 }], 'ws://y': 'junk' },
    });
    expect(parsed.history.map((r) => r.id)).toEqual(['r1', 'r2']);
    expect(parsed.history[1]!.headers).toEqual([{ enabled: true, name: 'B', value: '2' }]);
    expect(parsed.saved).toEqual({ 'ws://x': [{ id: 's', name: 'hi', format: 'json', text: 'hi' }] });
    expect(parseSocketData(undefined)).toEqual({ history: [], saved: {} });
  });

  it('stores records and saved messages under one key, changed from the freshest copy', async () => {
    const area = createMemoryArea();
    const store = new SocketDataStore(area, inProcessLock());
    await store.addRecord(record());
    await store.saveMessage('ws://x', { id: 'm1', name: 'ping', format: 'text', text: 'ping' });
    await store.saveMessage('ws://x', { id: 'm2', name: 'hex', format: 'hex', text: '00 ff' });
    await store.removeMessage('ws://x', 'm1');
    const loaded = await store.load();
    expect(loaded.history.map((r) => r.id)).toEqual(['r1']);
    expect(loaded.saved['ws://x']!.map((m) => m.id)).toEqual(['m2']);
    await store.removeMessage('ws://x', 'm2');
    await store.clearHistory();
    expect(await store.load()).toEqual({ history: [], saved: {} });
  });
});

describe('session rule ids', () => {
  it('the background’s clean-up leaves the WebSocket pages’ rules alone', async () => {
    let rules = [{ id: 5 }, { id: SOCKET_RULE_IDS.first + 7 }];
    const removed: number[] = [];
    const api = {
      getSessionRules: async () => rules,
      updateSessionRules: async (options: { addRules?: { id: number }[]; removeRuleIds?: number[] }) => {
        removed.push(...(options.removeRuleIds ?? []));
        rules = rules.filter((r) => !options.removeRuleIds?.includes(r.id)).concat(options.addRules ?? []);
      },
    };
    await new HeaderRules(api, 'ext', 'X-Marker').ready();
    expect(removed).toEqual([5]);
    expect(rules.map((r) => r.id)).toContain(SOCKET_RULE_IDS.first + 7);
  });
});
