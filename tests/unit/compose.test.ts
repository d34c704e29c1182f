import { describe, expect, it } from 'vitest';
import { base64ToBytes } from '../../src/core/bytes.ts';
import {
  checkJson,
  ComposeError,
  composeRequest,
  formatJson,
  formEncode,
  type RequestDraft,
} from '../../src/core/http/compose.ts';

const draft = (patch: Partial<RequestDraft> = {}): RequestDraft => ({
  method: 'POST',
  url: 'http://127.0.0.1:9/items',
  headers: [],
  body: { kind: 'none' },
  auth: { kind: 'none' },
  ...patch,
});

const text = (base64: string | undefined) =>
  base64 === undefined ? undefined : new TextDecoder().decode(base64ToBytes(base64));
const bytes = (list: number[]) => new Uint8Array(list);

describe('composeRequest: headers', () => {
  it('sends enabled rows only, in order, names trimmed and values as written', () => {
    const out = composeRequest(
      draft({
        method: 'GET',
        headers: [
          { enabled: true, name: ' X-One ', value: ' spaced value ' },
          { enabled: false, name: 'X-Off', value: 'no' },
          { enabled: true, name: '', value: '' },
          { enabled: true, name: 'Cookie', value: 'a=1; b=2' },
          { enabled: true, name: 'x-one', value: 'again' },
        ],
      }),
      'id-1',
    );
    expect(out).toEqual({
      id: 'id-1',
      method: 'GET',
      url: 'http://127.0.0.1:9/items',
      headers: [
        { name: 'X-One', value: ' spaced value ' },
        { name: 'Cookie', value: 'a=1; b=2' },
        { name: 'x-one', value: 'again' },
      ],
    });
  });

  it('refuses a value without a name, a bad header name, a line break in a value', () => {
    const bad = (name: string, value: string) =>
      composeRequest(draft({ headers: [{ enabled: true, name, value }] }), 'x');
    expect(() => bad('', 'v')).toThrow(/Header 1 has a value but no name/);
    expect(() => bad('Bad Name', 'v')).toThrow(/not a valid header name/);
    expect(() => bad('X-A', 'a\r\nInjected: 1')).toThrow(/line breaks/);
    try {
      bad('', 'v');
    } catch (error) {
      expect(error).toBeInstanceOf(ComposeError);
      expect((error as ComposeError).field).toBe('headers');
    }
  });

  it('checks the method and the URL, with the protocol hint', () => {
    expect(() => composeRequest(draft({ method: 'BAD METHOD' }), 'x')).toThrow(/not a valid HTTP method/);
    expect(() => composeRequest(draft({ method: ' ' }), 'x')).toThrow(/Enter a method name/);
    expect(() => composeRequest(draft({ url: 'example.com/x' }), 'x')).toThrow(/needs a protocol/);
    expect(() => composeRequest(draft({ url: 'ftp://example.com/x' }), 'x')).toThrow(/not supported/);
  });

  it('keeps a custom method exactly as typed', () => {
    expect(composeRequest(draft({ method: 'PURGE' }), 'x').method).toBe('PURGE');
    expect(composeRequest(draft({ method: 'propfind' }), 'x').method).toBe('propfind');
  });
});

describe('composeRequest: bodies and Content-Type', () => {
  it('JSON: the text as typed, UTF-8, application/json', () => {
    const out = composeRequest(draft({ body: { kind: 'json', text: '{"name": "ü", "n": 1}' } }), 'x');
    expect(text(out.bodyBase64)).toBe('{"name": "ü", "n": 1}');
    expect(out.headers).toEqual([{ name: 'Content-Type', value: 'application/json' }]);
  });

  it('text: text/plain unless a row sets the type, which is then kept as written and in place', () => {
    const plain = composeRequest(draft({ body: { kind: 'text', text: 'hello\r\nworld' } }), 'x');
    expect(text(plain.bodyBase64)).toBe('hello\r\nworld');
    expect(plain.headers).toEqual([{ name: 'Content-Type', value: 'text/plain; charset=utf-8' }]);
    const typed = composeRequest(
      draft({
        headers: [
          { enabled: true, name: 'content-TYPE', value: 'application/xml' },
          { enabled: true, name: 'X-After', value: '1' },
        ],
        body: { kind: 'text', text: '<a/>' },
      }),
      'x',
    );
    expect(typed.headers).toEqual([
      { name: 'content-TYPE', value: 'application/xml' },
      { name: 'X-After', value: '1' },
    ]);
  });

  it('a disabled Content-Type row does not count as set', () => {
    const out = composeRequest(
      draft({
        headers: [{ enabled: false, name: 'Content-Type', value: 'text/csv' }],
        body: { kind: 'json', text: '[]' },
      }),
      'x',
    );
    expect(out.headers).toEqual([{ name: 'Content-Type', value: 'application/json' }]);
  });

  it('form rows: WHATWG urlencoding of the enabled rows', () => {
    const out = composeRequest(
      draft({
        body: {
          kind: 'form',
          rows: [
            { enabled: true, name: 'q', value: 'a b&c=d%e#f+g ü' },
            { enabled: false, name: 'off', value: '1' },
            { enabled: true, name: '', value: '' },
            { enabled: true, name: 'star*', value: '~x' },
          ],
        },
      }),
      'x',
    );
    expect(text(out.bodyBase64)).toBe('q=a+b%26c%3Dd%25e%23f%2Bg+%C3%BC&star*=%7Ex');
    expect(out.headers).toEqual([{ name: 'Content-Type', value: 'application/x-www-form-urlencoded' }]);
    expect(formEncode([['a', '']])).toBe('a=');
  });

  it('multipart: text fields and files as curl builds them, with the boundary in the Content-Type', () => {
    const out = composeRequest(
      draft({
        body: {
          kind: 'multipart',
          rows: [
            { enabled: true, name: 'title', value: 'Report ü', kind: 'text' },
            { enabled: false, name: 'skipped', value: 'x', kind: 'text' },
            {
              enabled: true,
              name: 'file',
              value: '',
              kind: 'file',
              file: { name: 'r"e.txt', type: '', bytes: bytes([0, 255, 10]) },
            },
            {
              enabled: true,
              name: 'img',
              value: '',
              kind: 'file',
              file: { name: 'x.bin', type: 'image/png', bytes: bytes([1]) },
            },
          ],
        },
      }),
      'x',
      { boundary: 'BOUNDARY' },
    );
    expect(out.headers).toEqual([{ name: 'Content-Type', value: 'multipart/form-data; boundary=BOUNDARY' }]);
    const body = base64ToBytes(out.bodyBase64!);
    const expected = [
      '--BOUNDARY\r\nContent-Disposition: form-data; name="title"\r\n\r\nReport ü\r\n',
      '--BOUNDARY\r\nContent-Disposition: form-data; name="file"; filename="r%22e.txt"\r\nContent-Type: text/plain\r\n\r\n',
    ];
    const head = new TextEncoder().encode(expected.join(''));
    expect([...body.subarray(0, head.length)]).toEqual([...head]);
    expect([...body.subarray(head.length, head.length + 3)]).toEqual([0, 255, 10]);
    expect(new TextDecoder().decode(body.subarray(head.length + 3))).toBe(
      '\r\n--BOUNDARY\r\nContent-Disposition: form-data; name="img"; filename="x.bin"\r\nContent-Type: image/png\r\n\r\n\u0001\r\n--BOUNDARY--\r\n',
    );
  });

  it('multipart: a user Content-Type without a boundary gets ours appended; a random boundary otherwise', () => {
    const out = composeRequest(
      draft({
        headers: [{ enabled: true, name: 'Content-Type', value: 'multipart/form-data' }],
        body: { kind: 'multipart', rows: [{ enabled: true, name: 'a', value: '1', kind: 'text' }] },
      }),
      'x',
      { boundary: 'B' },
    );
    expect(out.headers).toEqual([{ name: 'Content-Type', value: 'multipart/form-data; boundary=B' }]);
    const random = composeRequest(
      draft({ body: { kind: 'multipart', rows: [{ enabled: true, name: 'a', value: '1', kind: 'text' }] } }),
      'x',
    );
    const boundary = /boundary=(-{24}[0-9a-f]{16})$/.exec(random.headers[0]!.value)?.[1];
    expect(boundary).toBeDefined();
    expect(text(random.bodyBase64)).toContain(`--${boundary}--\r\n`);
  });

  it('multipart: a file part without a file is an error naming the part', () => {
    expect(() =>
      composeRequest(
        draft({
          body: { kind: 'multipart', rows: [{ enabled: true, name: 'doc', value: '', kind: 'file', file: null }] },
        }),
        'x',
      ),
    ).toThrow(/part 1 \(doc\): choose a file/);
  });

  it('binary: the file bytes exactly, typed by the file or as octet-stream', () => {
    const all = bytes([...Array(256).keys()]);
    const out = composeRequest(draft({ body: { kind: 'binary', file: { name: 'a.bin', type: '', bytes: all } } }), 'x');
    expect([...base64ToBytes(out.bodyBase64!)]).toEqual([...all]);
    expect(out.headers).toEqual([{ name: 'Content-Type', value: 'application/octet-stream' }]);
    const png = composeRequest(
      draft({ body: { kind: 'binary', file: { name: 'a.png', type: 'image/png', bytes: bytes([1]) } } }),
      'x',
    );
    expect(png.headers).toEqual([{ name: 'Content-Type', value: 'image/png' }]);
    expect(() => composeRequest(draft({ body: { kind: 'binary', file: null } }), 'x')).toThrow(/Choose the file/);
  });

  it('an empty JSON or text body is still a body (zero bytes, with its type)', () => {
    const out = composeRequest(draft({ body: { kind: 'text', text: '' } }), 'x');
    expect(out.bodyBase64).toBe('');
    expect(out.headers).toHaveLength(1);
  });

  it('GET and HEAD carry no body and no body Content-Type', () => {
    for (const method of ['GET', 'HEAD', 'get']) {
      const out = composeRequest(draft({ method, body: { kind: 'json', text: '{}' } }), 'x');
      expect(out.bodyBase64).toBeUndefined();
      expect(out.headers).toEqual([]);
    }
  });
});

describe('composeRequest: auth helpers', () => {
  it('Basic: base64 of UTF-8 user:password, before the other headers', () => {
    const out = composeRequest(
      draft({
        method: 'GET',
        headers: [{ enabled: true, name: 'X-A', value: '1' }],
        auth: { kind: 'basic', user: 'jö', password: 'p:w' },
      }),
      'x',
    );
    expect(out.headers).toEqual([
      { name: 'Authorization', value: `Basic ${Buffer.from('jö:p:w', 'utf8').toString('base64')}` },
      { name: 'X-A', value: '1' },
    ]);
  });

  it('Bearer', () => {
    const out = composeRequest(draft({ method: 'GET', auth: { kind: 'bearer', token: 'abc.def' } }), 'x');
    expect(out.headers).toEqual([{ name: 'Authorization', value: 'Bearer abc.def' }]);
  });

  it('a hand-written Authorization header wins over the helper', () => {
    const out = composeRequest(
      draft({
        method: 'GET',
        headers: [{ enabled: true, name: 'authorization', value: 'Token mine' }],
        auth: { kind: 'bearer', token: 'helper' },
      }),
      'x',
    );
    expect(out.headers).toEqual([{ name: 'authorization', value: 'Token mine' }]);
  });

  it('API key in a header', () => {
    const out = composeRequest(
      draft({ method: 'GET', auth: { kind: 'apikey', name: ' X-API-Key ', value: 's3cret', in: 'header' } }),
      'x',
    );
    expect(out.headers).toEqual([{ name: 'X-API-Key', value: 's3cret' }]);
  });

  it('API key in the query: appended encoded, the rest of the URL untouched', () => {
    const out = composeRequest(
      draft({
        method: 'GET',
        url: 'http://h/p?x=a+b%2f#frag',
        auth: { kind: 'apikey', name: 'api key', value: 'a&b=c', in: 'query' },
      }),
      'x',
    );
    expect(out.url).toBe('http://h/p?x=a+b%2f&api%20key=a%26b%3Dc#frag');
    expect(out.headers).toEqual([]);
  });

  it('an API key needs a name', () => {
    expect(() => composeRequest(draft({ auth: { kind: 'apikey', name: ' ', value: 'v', in: 'header' } }), 'x')).toThrow(
      ComposeError,
    );
  });
});

describe('checkJson', () => {
  it('accepts valid JSON and an empty body', () => {
    expect(checkJson('{"a": [1, 2, {"b": null}]}')).toBeNull();
    expect(checkJson('  ')).toBeNull();
  });

  it('says where the problem is, by line and column', () => {
    expect(checkJson('{\n  "a": 1,\n  "b" 2\n}')).toMatchObject({ line: 3, column: 7 });
    expect(checkJson('{"a": 1,}')).toMatchObject({ line: 1, column: 9 });
    const end = checkJson('{"a": [1, 2');
    expect(end?.message).toMatch(/^Invalid JSON at line 1, column 1[12]/);
  });
});

describe('formatJson', () => {
  it('indents with two spaces and keeps numbers, escapes and order exactly', () => {
    const source = '{"big":12345678901234567890,"s":"a\\"b\\\\","e":[],"o":{},"list":[1,2.50,{"x":true}]}';
    expect(formatJson(source)).toBe(
      [
        '{',
        '  "big": 12345678901234567890,',
        '  "s": "a\\"b\\\\",',
        '  "e": [],',
        '  "o": {},',
        '  "list": [',
        '    1,',
        '    2.50,',
        '    {',
        '      "x": true',
        '    }',
        '  ]',
        '}',
      ].join('\n'),
    );
  });

  it('keeps whitespace inside strings, drops it outside, and refuses invalid JSON', () => {
    expect(formatJson(' [ "a  b" , { } ] ')).toBe('[\n  "a  b",\n  {}\n]');
    expect(formatJson('{"a":')).toBeNull();
  });
});
