import { describe, expect, it } from 'vitest';
import { BodyEngine, type EngineReply } from '../../src/ui/tools/rest-client/response/body-engine.ts';
import {
  base64Length,
  base64Prefix,
  classifyBody,
  fileNameFor,
  hexDump,
  normaliseResponse,
  utf8Length,
} from '../../src/ui/tools/rest-client/response/body.ts';
import { jsonContext, jsonError, prettyJson } from '../../src/ui/tools/rest-client/response/json-pretty.ts';
import { indexText, rowAt } from '../../src/ui/tools/rest-client/response/text-index.ts';
import type { HttpResponse } from '../../src/protocol.ts';

describe('prettyJson', () => {
  it('matches JSON.stringify(…, null, 2) on ordinary JSON', () => {
    const value = { a: 1, b: [true, null, 'x', { c: [] }], d: {}, e: 'q"uote\\', f: [[1, 2], []] };
    expect(prettyJson(JSON.stringify(value)).text).toBe(JSON.stringify(value, null, 2));
    expect(prettyJson('  [ 1 ,\n 2 ]\n').text).toBe('[\n  1,\n  2\n]');
  });

  it('keeps every token exactly as written', () => {
    const raw = '{"big":12345678901234567890,"one":1.0,"e":1E+2,"s":"\\u00e9\\"\\\\","k":"a","k":"b"}';
    expect(prettyJson(raw).text).toBe(
      '{\n  "big": 12345678901234567890,\n  "one": 1.0,\n  "e": 1E+2,\n  "s": "\\u00e9\\"\\\\",\n  "k": "a",\n  "k": "b"\n}',
    );
  });

  it('keeps brackets, commas and colons inside strings as text', () => {
    expect(prettyJson('{"a":"{[,:]}","b\\"{":1}').text).toBe('{\n  "a": "{[,:]}",\n  "b\\"{": 1\n}');
  });

  it('never throws on text that is not JSON, and says why with jsonError', () => {
    for (const bad of ['{"a":', '}}}]]', '"unterminated', 'nope', '{"a" 1}', '']) {
      expect(() => prettyJson(bad)).not.toThrow();
      if (bad !== '') expect(jsonError(bad)).toEqual(expect.any(String));
    }
    expect(jsonError('{"a":1}')).toBeNull();
  });

  it('stops after maxLines with a prefix of the full output', () => {
    const raw = JSON.stringify({ list: Array.from({ length: 100 }, (_, i) => ({ i })) });
    const full = prettyJson(raw);
    const first = prettyJson(raw, { maxLines: 10 });
    expect(first.complete).toBe(false);
    expect(first.lines).toBe(10);
    expect(first.text.split('\n')).toHaveLength(10);
    expect(full.text.startsWith(first.text)).toBe(true);
    expect(full.complete).toBe(true);
    expect(full.lines).toBe(full.text.split('\n').length);
  });

  it('records the open containers at each checkpoint, including the one a closing line closes', () => {
    const raw = '{"a":[{"b":1},{"c":[2]}],"d":3}';
    const { text, stacks } = prettyJson(raw, { checkpointEvery: 1 });
    const lines = text.split('\n');
    expect(stacks).toHaveLength(lines.length);
    expect(lines.map((line, i) => [line, stacks[i]])).toEqual([
      ['{', ''],
      ['  "a": [', '{'],
      ['    {', '{['],
      ['      "b": 1', '{[{'],
      ['    },', '{[{'],
      ['    {', '{['],
      ['      "c": [', '{[{'],
      ['        2', '{[{['],
      ['      ]', '{[{['],
      ['    }', '{[{'],
      ['  ],', '{['],
      ['  "d": 3', '{'],
      ['}', '{'],
    ]);
  });

  it('turns a stack into grammar context code', () => {
    expect(jsonContext('')).toBe('');
    expect(jsonContext('{')).toBe('{');
    expect(jsonContext('[{')).toBe('[{');
    expect(jsonContext('{[{[')).toBe('{"":[{"":[');
  });
});

describe('text index', () => {
  it('indexes lines, and CRLF line ends are not part of a line', () => {
    const text = 'a\r\nbb\n\nccc';
    const index = indexText(text, 100);
    expect([...index.lineStarts]).toEqual([0, 3, 6, 7]);
    expect(index.rows).toBeNull();
    expect(index.rowCount).toBe(4);
    expect(index.longest).toBe(3);
    expect([0, 1, 2, 3].map((r) => text.slice(rowAt(text, index, r).start, rowAt(text, index, r).end))).toEqual([
      'a',
      'bb',
      '',
      'ccc',
    ]);
  });

  it('cuts long lines into rows, never inside a surrogate pair', () => {
    const text = 'abcdefghij\nxy\n' + 'é'.repeat(3) + '😀'.repeat(3);
    const index = indexText(text, 4);
    const rows = Array.from({ length: index.rowCount }, (_, r) => rowAt(text, index, r));
    expect(rows.map((r) => [text.slice(r.start, r.end), r.line, r.continued])).toEqual([
      ['abcd', 0, false],
      ['efgh', 0, true],
      ['ij', 0, true],
      ['xy', 1, false],
      ['ééé', 2, false],
      ['😀😀', 2, true],
      ['😀', 2, true],
    ]);
  });
});

function response(patch: Partial<HttpResponse>): HttpResponse {
  return normaliseResponse({ status: 200, statusText: 'OK', url: 'http://h/x/data', body: '', ...patch });
}

describe('body helpers', () => {
  it('fills the fields an older response shape lacks', () => {
    const r = normaliseResponse(
      { status: 200, statusText: 'OK', headers: [], body: 'x', bodyEncoding: 'text', size: 1, timeMs: 3 },
      { id: '1', method: 'GET', url: 'http://h/', headers: [{ name: 'A', value: '1' }] },
    );
    expect(r).toMatchObject({
      redirects: [],
      notices: [],
      truncated: false,
      requestHeaders: [{ name: 'A', value: '1' }],
      requestHeadersSource: 'requested',
      url: 'http://h/',
    });
  });

  it('keeps where the request headers came from, and takes an unknown source for "as requested"', () => {
    const headers = [{ name: 'A', value: '1' }];
    for (const source of ['wire', 'pending', 'unreported', 'requested'] as const) {
      expect(response({ requestHeaders: headers, requestHeadersSource: source }).requestHeadersSource).toBe(source);
    }
    const odd = { requestHeaders: headers, requestHeadersSource: 'guessed' } as unknown as Partial<HttpResponse>;
    expect(response(odd).requestHeadersSource).toBe('requested');
    // Without headers there is nothing the source could describe.
    expect(response({ requestHeadersSource: 'wire' }).requestHeadersSource).toBe('requested');
  });

  it('classifies bodies by type and encoding', () => {
    const ct = (value: string) => [{ name: 'Content-Type', value }];
    expect(classifyBody(response({ body: '' }))).toEqual({ kind: 'empty' });
    expect(classifyBody(response({ body: '{}', headers: ct('application/problem+json') }))).toMatchObject({
      kind: 'text',
      language: 'json',
    });
    expect(classifyBody(response({ body: 'a{}', headers: ct('text/css') }))).toMatchObject({ language: 'css' });
    expect(classifyBody(response({ body: '[1]' }))).toMatchObject({ kind: 'text', language: 'json' });
    expect(classifyBody(response({ body: '[1]', headers: ct('text/plain') }))).toMatchObject({ language: null });
    expect(classifyBody(response({ body: 'AAAA', bodyEncoding: 'base64', headers: ct('image/png') }))).toEqual({
      kind: 'image',
      mediaType: 'image/png',
    });
    expect(classifyBody(response({ body: '<svg/>', headers: ct('image/svg+xml') }))).toMatchObject({ kind: 'image' });
    expect(classifyBody(response({ body: 'AAAA', bodyEncoding: 'base64' }))).toEqual({
      kind: 'binary',
      mediaType: '',
    });
  });

  it('decodes only the start of a base64 body and measures sizes', () => {
    const bytes = Uint8Array.from({ length: 5000 }, (_, i) => i & 0xff);
    const base64 = Buffer.from(bytes).toString('base64');
    expect([...base64Prefix(base64, 4096)]).toEqual([...bytes.subarray(0, 4096)]);
    expect([...base64Prefix('AAE=', 4096)]).toEqual([0, 1]);
    expect(base64Length(base64)).toBe(5000);
    expect(base64Length('AAE=')).toBe(2);
    expect(utf8Length('aé☕😀')).toBe(Buffer.byteLength('aé☕😀'));
  });

  it('writes a classic hex dump', () => {
    expect(hexDump(Uint8Array.from([0x00, 0x41, 0x7e, 0x7f, 0xff]))).toBe(
      '00000000  00 41 7e 7f ff                                    |.A~..|',
    );
    const lines = hexDump(Uint8Array.from({ length: 32 }, (_, i) => 0x40 + i)).split('\n');
    expect(lines).toEqual([
      '00000000  40 41 42 43 44 45 46 47  48 49 4a 4b 4c 4d 4e 4f  |@ABCDEFGHIJKLMNO|',
      '00000010  50 51 52 53 54 55 56 57  58 59 5a 5b 5c 5d 5e 5f  |PQRSTUVWXYZ[\\]^_|',
    ]);
  });

  it('names a saved body safely', () => {
    const ct = (value: string) => ({ name: 'Content-Type', value });
    expect(fileNameFor(response({ headers: [ct('application/json')] }))).toBe('data.json');
    expect(fileNameFor(response({ url: 'http://h/report.csv', headers: [ct('text/csv')] }))).toBe('report.csv');
    expect(fileNameFor(response({ url: 'http://h/', headers: [ct('image/png')] }))).toBe('response.png');
    expect(
      fileNameFor(
        response({
          headers: [
            ct('application/pdf'),
            { name: 'Content-Disposition', value: 'attachment; filename="../../a:b.pdf"' },
          ],
        }),
      ),
    ).toBe('a_b.pdf');
    expect(
      fileNameFor(
        response({ headers: [{ name: 'Content-Disposition', value: "attachment; filename*=UTF-8''caf%C3%A9.txt" }] }),
      ),
    ).toBe('café.txt');
    expect(fileNameFor(response({ url: 'http://h/.env' }))).toBe('env.bin');
  });
});

describe('body engine (in the page, as without a worker)', () => {
  const run = async (requests: Parameters<BodyEngine['handle']>[0][], until: (replies: EngineReply[]) => boolean) => {
    const replies: EngineReply[] = [];
    const engine = new BodyEngine((reply) => replies.push(reply));
    for (const request of requests) engine.handle(request);
    const deadline = Date.now() + 10_000;
    while (!until(replies) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    return { replies, engine };
  };

  it('formats JSON, then highlights a window in the middle with the right context', async () => {
    const raw = JSON.stringify({ list: Array.from({ length: 300 }, (_, i) => ({ key: i, name: `n${i}` })) });
    const { replies } = await run(
      [
        { type: 'open', doc: 1, text: raw, language: 'json', pretty: true },
        { type: 'tokens', doc: 1, from: 700, to: 710 },
      ],
      (r) => r.some((x) => x.type === 'tokens'),
    );
    const doc = replies.find((r) => r.type === 'document')!;
    expect(doc).toMatchObject({ complete: true, formatted: true, highlight: true });
    expect(doc.type === 'document' && doc.text).toBe(JSON.stringify(JSON.parse(raw), null, 2));
    const tokens = replies.find((r) => r.type === 'tokens')!;
    if (tokens.type !== 'tokens') throw new Error('no tokens');
    expect(tokens.from).toBe(700);
    expect(tokens.lines).toHaveLength(10);
    const lines = (doc as { text: string }).text.split('\n').slice(700, 710);
    tokens.lines.forEach((line, i) => expect(line.filter((_, j) => j % 2 === 0).join('')).toBe(lines[i]));
    // Keys are coloured as keys (not as string values), thanks to the context.
    const styleOf = (text: string) => {
      for (const line of tokens.lines) {
        for (let j = 0; j < line.length; j += 2) if (line[j] === text) return tokens.styles[line[j + 1] as number];
      }
      return undefined;
    };
    const keyLine = lines.find((l) => l.includes('"key"'))!;
    const nameLine = lines.find((l) => l.includes('"name"'))!;
    expect(keyLine).toBeDefined();
    const value = nameLine.split(': ')[1]!.replace(/,$/, '');
    expect(styleOf('"key"')).toBeDefined();
    expect(styleOf(value)).toBeDefined();
    expect(styleOf('"key"')).not.toBe(styleOf(value));
  });

  it('shows invalid JSON as received, with the reason', async () => {
    const { replies } = await run([{ type: 'open', doc: 2, text: '{"a": 1,', language: 'json', pretty: true }], (r) =>
      r.some((x) => x.type === 'document' && x.complete),
    );
    const doc = replies.at(-1)!;
    expect(doc).toMatchObject({ type: 'document', text: '{"a": 1,', formatted: false });
    expect(doc.type === 'document' && doc.note).toMatch(/^Not valid JSON \(.+\), so it is shown as received\.$/);
  });

  it('sends a first screen of a large JSON body before the whole', async () => {
    const raw = JSON.stringify(Array.from({ length: 40_000 }, (_, i) => ({ i })));
    const { replies } = await run([{ type: 'open', doc: 3, text: raw, language: 'json', pretty: true }], (r) =>
      r.some((x) => x.type === 'document' && x.complete),
    );
    const docs = replies.filter((r) => r.type === 'document');
    expect(docs.map((d) => d.complete)).toEqual([false, true]);
    expect(docs[1]!.text.startsWith(docs[0]!.text)).toBe(true);
    expect(docs[0]!.index.lineStarts.length).toBe(400);
  });

  it('highlights other languages from the top, and not at all in raw mode', async () => {
    const css = Array.from({ length: 200 }, (_, i) => `.c${i} {\n  color: red;\n}`).join('\n');
    const { replies } = await run(
      [
        { type: 'open', doc: 4, text: css, language: 'css', pretty: true },
        { type: 'tokens', doc: 4, from: 500, to: 503 },
        { type: 'open', doc: 5, text: css, language: 'css', pretty: false },
      ],
      (r) => r.some((x) => x.type === 'tokens'),
    );
    const tokens = replies.find((r) => r.type === 'tokens')!;
    expect(tokens).toMatchObject({ doc: 4, from: 500 });
    expect(tokens.type === 'tokens' && tokens.lines.map((l) => l.filter((_, j) => j % 2 === 0).join(''))).toEqual(
      css.split('\n').slice(500, 503),
    );
    expect(replies.find((r) => r.type === 'document' && r.doc === 5)).toMatchObject({ highlight: false });
  });
});
