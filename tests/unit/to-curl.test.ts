import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../scripts/lib/demo-server.ts';
import { parseCurl } from '../../src/core/curl/parse.ts';
import { shellQuote, toCurlCommand, type CurlCommandInput } from '../../src/core/curl/to-curl.ts';
import { toWireRequest } from '../../src/core/curl/wire.ts';
import { runCurl } from '../support/run-curl.ts';
import { compareRequests, fromRecorded } from '../support/wire-compare.ts';

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer();
});
afterAll(() => server?.close());

const bytes = (...values: number[]) => new Uint8Array(values);

const CASES: [string, (origin: string) => CurlCommandInput][] = [
  ['plain GET', (o) => ({ method: 'GET', url: `${o}/a?q=x%20y&z=1`, headers: [] })],
  [
    'DELETE with headers',
    (o) => ({ method: 'DELETE', url: `${o}/items/7`, headers: [{ name: 'X-A', value: 'it\'s "quoted" $HOME `id`' }] }),
  ],
  [
    'JSON POST',
    (o) => ({
      method: 'POST',
      url: `${o}/items`,
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      body: '{"a": "b\'c", "n": [1, 2]}',
    }),
  ],
  [
    'body starting with @',
    (o) => ({
      method: 'POST',
      url: `${o}/p`,
      headers: [{ name: 'Content-Type', value: 'text/plain' }],
      body: '@/etc/passwd',
    }),
  ],
  ['body without a type', (o) => ({ method: 'PUT', url: `${o}/p`, headers: [], body: 'raw text\nline 2\ttab' })],
  [
    'binary body',
    (o) => ({
      method: 'POST',
      url: `${o}/bin`,
      headers: [{ name: 'Content-Type', value: 'application/octet-stream' }],
      body: bytes(1, 2, 0xff, 0xfe, 0x27, 0x5c, 0x25),
    }),
  ],
  [
    'body with NUL bytes',
    (o) => ({
      method: 'POST',
      url: `${o}/nul`,
      headers: [{ name: 'Content-Type', value: 'application/octet-stream' }],
      body: bytes(0, 0x41, 0, 0x25, 0x5c, 0x27, 10),
    }),
  ],
  ['empty header value', (o) => ({ method: 'GET', url: `${o}/e`, headers: [{ name: 'X-Empty', value: '' }] })],
  ['custom method', (o) => ({ method: 'PROPFIND', url: `${o}/dav`, headers: [{ name: 'Depth', value: '1' }] })],
  ['HEAD', (o) => ({ method: 'HEAD', url: `${o}/h`, headers: [] })],
  [
    'unicode and shell syntax',
    (o) => ({
      method: 'POST',
      url: `${o}/u`,
      headers: [{ name: 'Content-Type', value: 'text/plain; charset=utf-8' }],
      body: 'ünïcødé 🚀 $(touch PWNED); `touch PWNED`; ${x} !! \\',
    }),
  ],
];

describe('toCurlCommand', () => {
  it.each(CASES)('%s: real curl sends exactly the request', async (_name, make) => {
    const input = make(server.origin);
    const command = toCurlCommand(input);
    const [recorded] = await runCurl(command, server);
    const body =
      typeof input.body === 'string' ? new TextEncoder().encode(input.body) : (input.body ?? new Uint8Array());
    const userSet = new Set(input.headers.map((h) => h.name.toLowerCase()));
    const expected = {
      method: input.method,
      target: input.url.slice(server.origin.length),
      headers: input.headers.map((h) => [h.name, h.value] as [string, string]),
      body,
    };
    const result = compareRequests(expected, fromRecorded(recorded!), { userSet });
    expect(result.differences).toEqual([]);
  });

  it('parses back into the same wire request (no NUL)', () => {
    const input = CASES[2]![1]('https://api.example.com');
    const parsed = parseCurl(toCurlCommand(input));
    const wire = toWireRequest(parsed.requests[0]!, { curlDefaults: false });
    expect(wire.method).toBe('POST');
    expect(wire.headers).toEqual([
      { name: 'Content-Type', value: 'application/json' },
      { name: 'Content-Length', value: String(new TextEncoder().encode(input.body as string).length) },
    ]);
    expect(new TextDecoder().decode(wire.body)).toBe(input.body);
  });

  it('parses back into the same bytes when the body is not UTF-8, or is text next to a control character', () => {
    const cases: [CurlCommandInput['body'], string, number[]][] = [
      [bytes(0xff, 0xfe, 0x41), "--data-raw $'\\xff\\xfeA'", [0xff, 0xfe, 0x41]],
      [bytes(0x80), "--data-raw $'\\x80'", [0x80]],
      ['é\x01', "--data-raw $'\\xc3\\xa9\\x01'", [0xc3, 0xa9, 0x01]],
      // A model string carrying a byte that is not UTF-8 text (a raw-byte character) writes that byte.
      ['a\udcff', "--data-raw $'a\\xff'", [0x61, 0xff]],
    ];
    for (const [body, written, expected] of cases) {
      const command = toCurlCommand({ method: 'POST', url: 'http://a.example/', headers: [], body });
      expect(command).toContain(written);
      const { requests, warnings } = parseCurl(command);
      const wire = toWireRequest(requests[0]!, { curlDefaults: false });
      expect([...wire.body]).toEqual(expected);
      expect(warnings.map((w) => w.code)).toEqual(expected.length === 3 && expected[0] === 0xc3 ? [] : ['raw-bytes']);
    }
    const header = toCurlCommand({
      method: 'GET',
      url: 'http://a.example/',
      headers: [{ name: 'X', value: '\udcff' }],
    });
    expect(header).toBe("curl http://a.example/ -H $'X: \\xff'");
  });

  it("sends what real bash and curl send for --data-binary $'\\xff\\xfe'", async () => {
    const command = `curl --data-binary $'\\xff\\xfe' ${server.origin}/bin`;
    const [recorded] = await runCurl(command, server);
    expect([...recorded!.body]).toEqual([0xff, 0xfe]);
    const wire = toWireRequest(parseCurl(command).requests[0]!);
    expect([...wire.body]).toEqual([0xff, 0xfe]);
  });

  it('quotes only what needs quoting', () => {
    expect(shellQuote('https://a.example/x?y=1')).toBe("'https://a.example/x?y=1'");
    expect(shellQuote('plain-word')).toBe('plain-word');
    expect(shellQuote("it's")).toBe("'it'\\''s'");
    expect(shellQuote('a\u0001b')).toBe("$'a\\x01b'");
    expect(shellQuote('')).toBe("''");
  });

  it('quotes a value that starts with "-", so that a method such as --% does not read as PowerShell', () => {
    expect(shellQuote('--%')).toBe("'--%'");
    const command = toCurlCommand({ method: '--%', url: 'http://a.example/', headers: [] });
    expect(command).toBe("curl -X '--%' http://a.example/");
    expect(parseCurl(command)).toMatchObject({ dialect: 'bash', requests: [{ method: '--%' }] });
  });
});

describe('globbing characters in the URL', () => {
  it('adds -g, so curl sends the URL as written instead of expanding or refusing it', () => {
    expect(toCurlCommand({ method: 'GET', url: 'http://a.example/?f[x]=1&r={a,b}', headers: [] })).toBe(
      "curl -g 'http://a.example/?f[x]=1&r={a,b}'",
    );
    expect(toCurlCommand({ method: 'GET', url: 'http://a.example/plain', headers: [] })).toBe(
      'curl http://a.example/plain',
    );
  });
});
