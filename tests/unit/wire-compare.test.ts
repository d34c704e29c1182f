import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer, type RecordedRequest } from '../../scripts/lib/demo-server.ts';
import { variableMarker } from '../../src/core/variables.ts';
import { curlUrls, pointAt, runCurl } from '../support/run-curl.ts';
import {
  compareRequests,
  describeBytes,
  fromRecorded,
  fromWire,
  normalise,
  type CapturedRequest,
} from '../support/wire-compare.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);
const b64 = (text: string) => Buffer.from(text).toString('base64');
const none = { userSet: new Set<string>() };

function req(partial: Partial<CapturedRequest> = {}): CapturedRequest {
  return { method: 'GET', target: '/', headers: [], body: new Uint8Array(), ...partial };
}

interface Part {
  disposition?: string;
  type?: string;
  data: string;
}

/** A multipart/form-data request with the given boundary and raw part headers. */
function multipart(boundary: string, parts: Part[], typeParams = ''): CapturedRequest {
  const body = parts
    .map(
      (p) =>
        `--${boundary}\r\nContent-Disposition: ${p.disposition}\r\n` +
        (p.type ? `Content-Type: ${p.type}\r\n` : '') +
        `\r\n${p.data}\r\n`,
    )
    .join('');
  return req({
    method: 'POST',
    target: '/upload',
    headers: [['Content-Type', `multipart/form-data${typeParams}; boundary=${boundary}`]],
    body: utf8(`${body}--${boundary}--\r\n`),
  });
}

describe('normalise and compareRequests', () => {
  it('ignores the case of header names', () => {
    const a = req({ headers: [['X-Token', 'abc']] });
    const b = req({ headers: [['x-TOKEN', 'abc']] });
    expect(normalise(a, none).headers).toEqual({ 'x-token': ['abc'] });
    expect(compareRequests(a, b, none)).toEqual({ equal: true, differences: [] });
  });

  it('ignores the order between different names but not their values', () => {
    const a = req({
      headers: [
        ['A', '1'],
        ['B', '2'],
      ],
    });
    expect(
      compareRequests(
        a,
        req({
          headers: [
            ['B', '2'],
            ['A', '1'],
          ],
        }),
        none,
      ).equal,
    ).toBe(true);
    expect(
      compareRequests(
        a,
        req({
          headers: [
            ['B', '3'],
            ['A', '1'],
          ],
        }),
        none,
      ).differences,
    ).toEqual(['header b: expected ["2"] got ["3"]']);
  });

  it('compares the method byte for byte', () => {
    expect(compareRequests(req(), req({ method: 'get' }), none).differences).toEqual([
      'method: expected "GET" got "get"',
    ]);
  });

  it('compares the request target byte for byte: %20 is not +', () => {
    const result = compareRequests(req({ target: '/s?q=a%20b' }), req({ target: '/s?q=a+b' }), none);
    expect(result.equal).toBe(false);
    expect(result.differences).toEqual(['target: expected "/s?q=a%20b" got "/s?q=a+b"']);
    expect(compareRequests(req({ target: '/s?a=1&b=2' }), req({ target: '/s?b=2&a=1' }), none).equal).toBe(false);
  });

  it('keeps repeated lines of one name apart from one joined line, in arrival order', () => {
    const two = req({
      headers: [
        ['X-A', '1'],
        ['x-a', '2'],
      ],
    });
    expect(normalise(two, none).headers).toEqual({ 'x-a': ['1', '2'] });
    expect(compareRequests(two, req({ headers: [['X-A', '1, 2']] }), none).differences).toEqual([
      'header x-a: expected ["1","2"] got ["1, 2"]',
    ]);
    expect(
      compareRequests(
        two,
        req({
          headers: [
            ['X-A', '2'],
            ['X-A', '1'],
          ],
        }),
        none,
      ).equal,
    ).toBe(false);
  });

  it('always ignores connection and framing headers, even when the user set them', () => {
    const framing: [string, string][] = [
      ['Connection', 'keep-alive'],
      ['Keep-Alive', 'timeout=5'],
      ['Proxy-Connection', 'close'],
      ['Content-Length', '5'],
      ['Transfer-Encoding', 'chunked'],
      ['Expect', '100-continue'],
      ['TE', 'trailers'],
      ['Upgrade', 'h2c'],
    ];
    const options = { userSet: new Set(['connection', 'expect']) };
    expect(normalise(req({ headers: framing }), options).headers).toEqual({});
    expect(compareRequests(req({ headers: framing }), req(), options).equal).toBe(true);
  });

  it('tolerates client defaults only where the user did not set the header', () => {
    const curl = req({
      headers: [
        ['Host', '127.0.0.1:8080'],
        ['User-Agent', 'curl/7.88.1'],
        ['Accept', '*/*'],
      ],
    });
    const fetchLike = req({
      headers: [
        ['host', '127.0.0.1:8080'],
        ['user-agent', 'node'],
        ['accept-language', '*'],
        ['sec-fetch-mode', 'cors'],
        ['accept-encoding', 'gzip, deflate'],
      ],
    });
    expect(compareRequests(curl, fetchLike, none)).toEqual({ equal: true, differences: [] });
    expect(compareRequests(curl, fetchLike, { userSet: new Set(['User-Agent']) }).differences).toEqual([
      'header user-agent: expected ["curl/7.88.1"] got ["node"]',
    ]);
  });

  it('is strict about a header the user set, even at its default value', () => {
    const withAccept = req({ headers: [['Accept', '*/*']] });
    expect(compareRequests(withAccept, req(), none).equal).toBe(true);
    expect(compareRequests(withAccept, req(), { userSet: new Set(['accept']) }).differences).toEqual([
      'header accept: expected ["*/*"] got (absent)',
    ]);
  });

  it('compares other header values byte for byte, apart from surrounding whitespace', () => {
    const a = req({ headers: [['Authorization', 'Bearer abc']] });
    expect(compareRequests(a, req({ headers: [['Authorization', '  Bearer abc\t']] }), none).equal).toBe(true);
    expect(compareRequests(a, req({ headers: [['Authorization', 'bearer abc']] }), none).differences).toEqual([
      'header authorization: expected ["Bearer abc"] got ["bearer abc"]',
    ]);
    expect(compareRequests(a, req(), none).differences).toEqual([
      'header authorization: expected ["Bearer abc"] got (absent)',
    ]);
  });

  it('compares a non-multipart Content-Type exactly, parameters included', () => {
    const json = req({ headers: [['Content-Type', 'application/json']] });
    const withCharset = req({ headers: [['Content-Type', 'application/json; charset=utf-8']] });
    expect(compareRequests(json, withCharset, none).differences).toEqual([
      'header content-type: expected ["application/json"] got ["application/json; charset=utf-8"]',
    ]);
  });

  it('compares cookies as a sorted list of pairs from every Cookie line', () => {
    const a = req({ headers: [['Cookie', 'b=2; a=1']] });
    expect(normalise(a, none)).toMatchObject({ cookies: ['a=1', 'b=2'], headers: {} });
    expect(compareRequests(a, req({ headers: [['cookie', 'a=1;b=2']] }), none).equal).toBe(true);
    expect(
      compareRequests(
        a,
        req({
          headers: [
            ['Cookie', 'a=1'],
            ['Cookie', 'b=2'],
          ],
        }),
        none,
      ).equal,
    ).toBe(true);
    expect(compareRequests(a, req({ headers: [['Cookie', 'a=1; b=3']] }), none).differences).toEqual([
      'cookies: expected ["a=1","b=2"] got ["a=1","b=3"]',
    ]);
  });

  it('compares other bodies byte for byte and shows sizes, text and the first difference', () => {
    const result = compareRequests(req({ body: utf8('a=b c') }), req({ body: utf8('a=b+c') }), none);
    expect(result.differences).toEqual([
      'body: expected 5 bytes "a=b c" got 5 bytes "a=b+c" (first difference at byte 3)',
    ]);
    expect(compareRequests(req({ body: utf8('{"a":1}') }), req({ body: utf8('{"a":1}') }), none).equal).toBe(true);
    expect(compareRequests(req({ body: utf8('x') }), req(), none).differences).toEqual([
      'body: expected 1 byte "x" got 0 bytes (first difference at byte 0)',
    ]);
  });

  it('shows binary bodies as hex', () => {
    expect(describeBytes(new Uint8Array([0, 1, 0xff]))).toBe('3 bytes hex 00 01 ff');
    expect(describeBytes(utf8('x'.repeat(100)), 10)).toBe(`100 bytes "${'x'.repeat(10)}…"`);
  });

  it('drops the multipart boundary, keeps other parameters, and parses the parts', () => {
    const parts: Part[] = [
      { disposition: 'form-data; name="title"', data: 'Report' },
      { disposition: 'form-data; name="file"; filename="r.txt"', type: 'text/plain', data: 'line 1\r\nline 2' },
    ];
    const a = multipart('----aaa', parts, '; charset=utf-8');
    const b = multipart('xyz-123', parts, '; charset=utf-8');
    expect(normalise(a, none)).toEqual({
      method: 'POST',
      target: '/upload',
      headers: { 'content-type': ['multipart/form-data; charset=utf-8'] },
      cookies: [],
      body: {
        kind: 'multipart',
        parts: [
          { disposition: 'form-data', name: 'title', headers: {}, data: b64('Report') },
          { disposition: 'form-data', name: 'file', filename: 'r.txt', headers: {}, data: b64('line 1\r\nline 2') },
        ],
      },
    });
    expect(compareRequests(a, b, none)).toEqual({ equal: true, differences: [] });
  });

  it('treats multipart part order as meaningful', () => {
    const title: Part = { disposition: 'form-data; name="title"', data: 'T' };
    const file: Part = { disposition: 'form-data; name="file"; filename="f.bin"', data: 'F' };
    const result = compareRequests(multipart('b1', [title, file]), multipart('b2', [file, title]), none);
    expect(result.equal).toBe(false);
    expect(result.differences).toContain('multipart part 1 (name "title"): name expected "title" got "file"');
    expect(result.differences).toContain('multipart part 1 (name "title"): filename expected (absent) got "f.bin"');
  });

  it("compares a file part's own Content-Type only when the command set one", () => {
    const disposition = 'form-data; name="f"; filename="a.json"';
    const a = multipart('b1', [{ disposition, type: 'application/octet-stream', data: '{}' }]);
    const b = multipart('b2', [{ disposition, type: 'application/json', data: '{}' }]);
    expect(compareRequests(a, b, none).equal).toBe(true);
    const strict = compareRequests(a, b, { userSet: new Set(), fileTypeSet: true });
    expect(strict.differences).toEqual([
      'multipart part 1 (name "f"): content-type expected "application/octet-stream" got "application/json"',
    ]);
    expect(compareRequests(a, b, { userSet: new Set(), fileTypeSet: new Set(['other']) }).equal).toBe(true);
    expect(compareRequests(a, b, { userSet: new Set(), fileTypeSet: new Set(['f']) }).equal).toBe(false);
  });

  it("always compares a text part's Content-Type", () => {
    const a = multipart('b1', [{ disposition: 'form-data; name="t"', type: 'text/plain', data: 'x' }]);
    const b = multipart('b2', [{ disposition: 'form-data; name="t"', data: 'x' }]);
    expect(compareRequests(a, b, none).differences).toEqual([
      'multipart part 1 (name "t"): content-type expected "text/plain" got (absent)',
    ]);
  });

  it('names the part whose data or count differs', () => {
    const a = multipart('b1', [{ disposition: 'form-data; name="t"', data: 'hello' }]);
    const b = multipart('b2', [{ disposition: 'form-data; name="t"', data: 'hallo' }]);
    expect(compareRequests(a, b, none).differences).toEqual([
      'multipart part 1 (name "t"): data expected 5 bytes "hello" got 5 bytes "hallo" (first difference at byte 1)',
    ]);
    const c = multipart('b3', [
      { disposition: 'form-data; name="t"', data: 'hello' },
      { disposition: 'form-data; name="u"', data: '' },
    ]);
    expect(compareRequests(a, c, none).differences).toEqual(['multipart: expected 1 part(s) ["t"] got 2 ["t","u"]']);
  });

  it('falls back to exact bytes, with the reason, when a multipart body does not parse', () => {
    const broken = req({
      method: 'POST',
      headers: [['Content-Type', 'multipart/form-data; boundary=zzz']],
      body: utf8('--other\r\n\r\nx\r\n--other--\r\n'),
    });
    const normalised = normalise(broken, none);
    expect(normalised.body).toEqual({
      kind: 'bytes',
      base64: b64('--other\r\n\r\nx\r\n--other--\r\n'),
      invalidMultipart: 'the boundary "zzz" does not occur in the body',
    });
    const good = multipart('b1', [{ disposition: 'form-data; name="t"', data: 'x' }]);
    const result = compareRequests(good, broken, none);
    expect(result.differences).toContain(
      'body: expected multipart/form-data with 1 part(s) got 25 bytes "--other\\r\\n\\r\\nx\\r\\n--other--\\r\\n" ' +
        '(not valid multipart: the boundary "zzz" does not occur in the body)',
    );
  });

  it('adapts recorded and wire requests into the same shape', () => {
    const recorded: RecordedRequest = {
      method: 'PUT',
      target: '/a?b=1%20c',
      rawHeaders: [['X-One', '1']],
      body: Buffer.from('body'),
    };
    const wire = {
      method: 'PUT',
      url: 'http://127.0.0.1:1/a?b=1%20c',
      target: '/a?b=1%20c',
      headers: [{ name: 'x-one', value: '1' }],
      body: utf8('body'),
    };
    expect(fromRecorded(recorded)).toEqual({
      method: 'PUT',
      target: '/a?b=1%20c',
      headers: [['X-One', '1']],
      body: utf8('body'),
    });
    expect(fromWire(wire).headers).toEqual([['x-one', '1']]);
    expect(compareRequests(fromRecorded(recorded), fromWire(wire), none).equal).toBe(true);
    expect(compareRequests(fromRecorded(recorded), fromWire({ ...wire, body: utf8('bodY') }), none).equal).toBe(false);
  });
});

describe('pointAt', () => {
  const origin = 'http://127.0.0.1:4000';

  it('replaces scheme and host, keeping user info, path and query bytes and the quoting', () => {
    expect(pointAt(`curl 'https://api.example.com/a%20b?q=x%20y&z=+'`, origin)).toBe(
      `curl 'http://127.0.0.1:4000/a%20b?q=x%20y&z=+'`,
    );
    expect(pointAt('curl https://u:p@api.example.com:8443/x', origin)).toBe('curl http://u:p@127.0.0.1:4000/x');
    expect(curlUrls(pointAt('curl https://u:p@api.example.com:8443/x', origin))).toEqual([
      'http://u:p@127.0.0.1:4000/x',
    ]);
    expect(pointAt('curl "http://example.com?a=1"', origin)).toBe('curl "http://127.0.0.1:4000?a=1"');
    expect(curlUrls(pointAt('curl "http://example.com?a=1"', origin))).toEqual(['http://127.0.0.1:4000?a=1']);
    expect(pointAt('curl http://example.com', origin)).toBe('curl http://127.0.0.1:4000');
    expect(curlUrls(pointAt('curl http://example.com', origin))).toEqual(['http://127.0.0.1:4000']);
  });

  it('treats a URL without a scheme as http, as curl does', () => {
    expect(pointAt(`curl example.com:8080/path?x=1 -H 'A: b'`, origin)).toBe(
      `curl http://127.0.0.1:4000/path?x=1 -H 'A: b'`,
    );
    expect(curlUrls(`curl example.com:8080/path?x=1`)).toEqual(['http://example.com:8080/path?x=1']);
    expect(curlUrls(pointAt(`curl example.com:8080/path?x=1 -H 'A: b'`, origin))).toEqual([
      'http://127.0.0.1:4000/path?x=1',
    ]);
    expect(curlUrls(pointAt('curl -s localhost', origin))).toEqual(['http://127.0.0.1:4000']);
  });

  it('leaves URLs inside option values alone and finds --url and URLs after bundled options', () => {
    const command =
      `curl -sSL -XPOST -e http://ref.example/ -d 'next=http://a.example/b' -H 'Origin: https://o.example' ` +
      `-o out.txt https://one.example/1 --url http://two.example/2`;
    const pointed = pointAt(command, origin);
    expect(curlUrls(pointed)).toEqual(['http://127.0.0.1:4000/1', 'http://127.0.0.1:4000/2']);
    expect(pointed).toContain(`-e http://ref.example/ -d 'next=http://a.example/b' -H 'Origin: https://o.example'`);
  });

  it("handles $'...' and double quotes, line continuations, redirections and several commands", () => {
    const command = `curl $'https://x.example/a\\'b' \\\n  -H "X: $HOME" > /dev/null && curl "http://y.example/$PATH_PART"`;
    const pointed = pointAt(command, origin);
    expect(pointed).toBe(
      `curl $'http://127.0.0.1:4000/a\\'b' \\\n  -H "X: $HOME" > /dev/null && curl "http://127.0.0.1:4000/$PATH_PART"`,
    );
    expect(curlUrls(pointed)).toEqual([
      "http://127.0.0.1:4000/a'b",
      `http://127.0.0.1:4000/${variableMarker('PATH_PART')}`,
    ]);
  });

  it('points only the curl commands of a command line, after VAR=value and env', () => {
    const command = `echo http://a.example/ && TOKEN=x env curl -s http://b.example/b; cat out.txt`;
    expect(pointAt(command, origin)).toBe(
      `echo http://a.example/ && TOKEN=x env curl -s http://127.0.0.1:4000/b; cat out.txt`,
    );
    expect(curlUrls(command)).toEqual(['http://b.example/b']);
  });

  it('keeps user info that comes from shell variables', () => {
    expect(pointAt('curl "https://$USER:${TOKEN}@api.example.com/x"', origin)).toBe(
      'curl "http://$USER:${TOKEN}@127.0.0.1:4000/x"',
    );
  });

  it('refuses a URL whose host is not written out literally', () => {
    expect(() => pointAt('curl "$BASE/users"', origin)).toThrow(/Cannot point the URL "\$BASE\/users" at http:\/\/127/);
    expect(() => pointAt('curl "https://${HOST}/users"', origin)).toThrow(/not written out literally/);
  });

  it('leaves other schemes alone and refuses a command without a URL', () => {
    expect(pointAt('curl ftp://files.example/a', origin)).toBe('curl ftp://files.example/a');
    expect(() => pointAt(`curl -H 'A: b'`, origin)).toThrow(/No curl URL/);
    expect(() => pointAt('echo http://x.example/', origin)).toThrow(/No curl URL/);
    expect(() => pointAt(`curl 'http://x`, origin)).toThrow(/This single quote is never closed/);
  });
});

describe('runCurl records what real curl sends', () => {
  let demo: DemoServer;
  let dir: string;
  beforeAll(async () => {
    demo = await startDemoServer();
    dir = mkdtempSync(join(tmpdir(), 'wire-compare-'));
  });
  afterAll(async () => {
    await demo.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Runs one command against the demo server and returns its single request. */
  async function one(command: string, options: { cwd?: string } = {}): Promise<CapturedRequest> {
    const recorded = await runCurl(pointAt(command, demo.origin), demo, options);
    expect(recorded).toHaveLength(1);
    return fromRecorded(recorded[0]!);
  }

  it('sends a query with %20 exactly as written, with only tolerated defaults besides', async () => {
    const sent = await one(`curl 'https://api.example.com/echo?q=blue%20shoes&n=1'`);
    expect(sent.target).toBe('/echo?q=blue%20shoes&n=1');
    expect(sent.headers.map(([name]) => name)).toEqual(['Host', 'User-Agent', 'Accept']);
    expect(normalise(sent, none)).toEqual({
      method: 'GET',
      target: '/echo?q=blue%20shoes&n=1',
      headers: {},
      cookies: [],
      body: { kind: 'bytes', base64: '' },
    });
    expect(compareRequests(sent, { ...sent, target: '/echo?q=blue+shoes&n=1' }, none).differences).toEqual([
      'target: expected "/echo?q=blue%20shoes&n=1" got "/echo?q=blue+shoes&n=1"',
    ]);
  });

  it('reports two X-A lines as different from one "1, 2" line', async () => {
    const twoLines = await one(`curl http://x.example/echo -H 'X-A: 1' -H 'X-A: 2'`);
    const oneLine = await one(`curl http://x.example/echo -H 'X-A: 1, 2'`);
    const options = { userSet: new Set(['x-a']) };
    expect(compareRequests(twoLines, oneLine, options)).toEqual({
      equal: false,
      differences: ['header x-a: expected ["1","2"] got ["1, 2"]'],
    });
  });

  it('sends -u as an Authorization Basic header', async () => {
    const sent = await one('curl -u user:pass http://x.example/echo');
    expect(normalise(sent, { userSet: new Set(['authorization']) }).headers).toEqual({
      authorization: ['Basic dXNlcjpwYXNz'],
    });
    expect(compareRequests(sent, { ...sent, headers: [] }, none).differences).toEqual([
      'header authorization: expected ["Basic dXNlcjpwYXNz"] got (absent)',
    ]);
  });

  it("sends -d 'a=b c' as those bytes, form-encoded", async () => {
    const sent = await one(`curl http://x.example/echo -d 'a=b c'`);
    const normalised = normalise(sent, none);
    expect(normalised.method).toBe('POST');
    expect(normalised.headers).toEqual({ 'content-type': ['application/x-www-form-urlencoded'] });
    expect(Buffer.from(sent.body).toString('latin1')).toBe('a=b c');
    expect(normalised.body).toEqual({ kind: 'bytes', base64: b64('a=b c') });
  });

  it('parses -F parts and ignores the boundary, which changes on every run', async () => {
    const file = join(dir, 'report.txt');
    writeFileSync(file, 'hello, file\n');
    const command = `curl http://x.example/upload -F name=value -F 'file=@${file}'`;
    const first = await one(command);
    const second = await one(command);
    const contentType = (r: CapturedRequest) => r.headers.find(([n]) => n === 'Content-Type')?.[1];
    expect(contentType(first)).toMatch(/^multipart\/form-data; boundary=-+[0-9a-f]+$/);
    expect(contentType(first)).not.toBe(contentType(second));
    expect(normalise(first, none).body).toEqual({
      kind: 'multipart',
      parts: [
        { disposition: 'form-data', name: 'name', headers: {}, data: b64('value') },
        { disposition: 'form-data', name: 'file', filename: 'report.txt', headers: {}, data: b64('hello, file\n') },
      ],
    });
    expect(compareRequests(first, second, none)).toEqual({ equal: true, differences: [] });
    // curl guesses the file part's type; it only counts when the command set one.
    const strict = normalise(first, { userSet: new Set(), fileTypeSet: true });
    expect(strict.body.kind === 'multipart' && strict.body.parts[1]!.contentType).toBe('text/plain');
  });

  it('compares -b cookies regardless of their order', async () => {
    const options = { userSet: new Set(['cookie']) };
    const ab = await one(`curl http://x.example/echo -b 'a=1; b=2'`);
    const ba = await one(`curl http://x.example/echo -b 'b=2; a=1'`);
    expect(ab.headers).toContainEqual(['Cookie', 'a=1; b=2']);
    expect(normalise(ab, options).cookies).toEqual(['a=1', 'b=2']);
    expect(compareRequests(ab, ba, options)).toEqual({ equal: true, differences: [] });
    const other = await one(`curl http://x.example/echo -b 'a=1'`);
    expect(compareRequests(ab, other, options).differences).toEqual(['cookies: expected ["a=1","b=2"] got ["a=1"]']);
  });

  it('is strict about -A even at a curl-like value, and tolerant of the default User-Agent', async () => {
    const explicit = await one(`curl -A 'curl/7.0' http://x.example/echo`);
    const plain = await one('curl http://x.example/echo');
    expect(explicit.headers).toContainEqual(['User-Agent', 'curl/7.0']);
    expect(plain.headers).toContainEqual(['User-Agent', expect.stringMatching(/^curl\/\d+\.\d+\.\d+$/)]);
    expect(compareRequests(explicit, plain, none).equal).toBe(true);
    const strict = compareRequests(explicit, plain, { userSet: new Set(['user-agent']) });
    expect(strict.equal).toBe(false);
    expect(strict.differences[0]).toMatch(/^header user-agent: expected \["curl\/7\.0"\] got \["curl\/\d/);
  });

  it("sends no Accept for -H 'Accept:', which then must stay absent", async () => {
    const options = { userSet: new Set(['accept']) };
    const removed = await one(`curl http://x.example/echo -H 'Accept:'`);
    const plain = await one('curl http://x.example/echo');
    expect(removed.headers.some(([name]) => name.toLowerCase() === 'accept')).toBe(false);
    expect(normalise(removed, options).headers).toEqual({});
    expect(compareRequests(removed, plain, options).differences).toEqual([
      'header accept: expected (absent) got ["*/*"]',
    ]);
  });

  it('ignores the Expect: 100-continue curl adds to a body over 1 MiB', async () => {
    const big = Buffer.alloc(1024 * 1024 + 512, 'x');
    writeFileSync(join(dir, 'big.bin'), big);
    const sent = await one(`curl http://x.example/echo --data-binary @big.bin -H 'Content-Type: text/plain'`, {
      cwd: dir,
    });
    expect(sent.headers).toContainEqual(['Expect', '100-continue']);
    expect(sent.body.length).toBe(big.length);
    const client = req({ method: 'POST', target: '/echo', headers: [['content-type', 'text/plain']], body: big });
    expect(compareRequests(sent, client, { userSet: new Set(['content-type']) })).toEqual({
      equal: true,
      differences: [],
    });
  });

  it('refuses to run a URL that does not point at the server', async () => {
    await expect(runCurl('curl https://example.com/', demo)).rejects.toThrow(/does not point at .* use pointAt/);
    await expect(runCurl('echo hi', demo)).rejects.toThrow(/does not run curl/);
  });

  it('returns the request when --fail exits 22 on a 404, and reports other failures', async () => {
    const recorded = await runCurl(pointAt('curl -f http://x.example/missing', demo.origin), demo);
    expect(recorded.map((r) => r.target)).toEqual(['/missing']);
    await expect(runCurl(`curl ${demo.origin}/slow?ms=3000 --max-time 0.2`, demo)).rejects.toThrow(
      /curl failed with exit status 28: curl: \(28\) Operation timed out/,
    );
  });

  it('kills curl, not only the shell around it, after the timeout', async () => {
    const started = Date.now();
    // A compound command keeps bash as curl's parent: killing bash alone would leave curl running.
    const command = `curl ${demo.origin}/slow?ms=5000 && echo done`;
    await expect(runCurl(command, demo, { timeoutMs: 300 })).rejects.toThrow(/did not finish within 300 ms/);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('says so clearly when curl is not installed', async () => {
    await expect(runCurl(`curl ${demo.origin}/echo`, demo, { env: { PATH: dir } })).rejects.toThrow(
      /curl is not installed/,
    );
  });
});
