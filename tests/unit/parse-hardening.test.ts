import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CurlRequest } from '../../src/core/curl/model.ts';
import { appendedQueries, hasUrlGlob } from '../../src/core/curl/parse.ts';
import { parseCurl, toWireRequest } from '../../src/core/index.ts';
import { RESERVED_CHARACTER_CASES } from '../fixtures/adversarial.ts';

/** Inputs the fuzzer found: each once broke the parser or the wire builder. */
describe('parser hardening', () => {
  it('tells globs from plain brackets and braces in one pass, the way the old pattern did', () => {
    const cases: [string, boolean][] = [
      ['http://a/[1-3]', true],
      ['http://a/x[a:b]y', true],
      ['http://a/{one,two}', true],
      ['http://a/[abc]', false],
      ['http://a/{x}', false],
      ['http://a/-]x[', false],
      ['http://a/[[-]', true],
      ['http://a/,}{', false],
      ['http://a/[x]{y}-,', false],
    ];
    for (const [url, expected] of cases) {
      const old = /\[[^\]]*[-:][^\]]*\]|\{[^}]*,[^}]*\}/.test(url);
      expect([url, hasUrlGlob(url)]).toEqual([url, expected]);
      expect([url, old]).toEqual([url, expected]);
    }
    // One pass: 200,000 characters of "[-" (the old pattern would run for hours on this; the fuzz suite bounds time).
    expect(hasUrlGlob(`http://a/${'[-'.repeat(100_000)}`)).toBe(false);
  });

  it('sends a header whose value is a Unicode space, as curl does (only ASCII blanks make it empty)', () => {
    const request = parseCurl("curl http://a.example/ -H $'Accept: \\u2028'").requests[0]!;
    expect(request.headers).toEqual([expect.objectContaining({ name: 'Accept', value: '\u2028' })]);
    expect(parseCurl("curl http://a.example/ -H 'Accept: '").requests[0]!.headers).toEqual([]);
  });

  it('appends an upload file name holding a surrogate escape without crashing, as the bytes bash gives', () => {
    // bash writes $'\ud800' as the bytes ED A0 80 (no UTF-8 text), which curl escapes one by one.
    const request = parseCurl("curl -T $'\\ud800' http://a.example/").requests[0]!;
    expect(request.url).toBe('http://a.example/%ED%A0%80');
    expect(toWireRequest(request, { readFile: () => new Uint8Array() }).url).toBe('http://a.example/%ED%A0%80');
  });
});

/** The wire request of the only request of a bash command, with curl's defaults left out. */
function wireOf(command: string) {
  const { requests } = parseCurl(command, { dialect: 'bash' });
  expect(requests).toHaveLength(1);
  return toWireRequest(requests[0]!, { curlDefaults: false, boundary: 'b' });
}

const latin1 = (bytes: Uint8Array) => String.fromCharCode(...bytes);

describe("bytes from bash's $'\\xHH' and $'\\NNN'", () => {
  // What bash 5.2 and curl 7.88 send for these commands, recorded by a local server.
  it('go on the wire as those bytes: a body, url-encoded data, a form field and -u credentials', () => {
    expect([...wireOf("curl --data-binary $'\\xff\\xfe' http://a.example/").body]).toEqual([0xff, 0xfe]);
    expect([...wireOf("curl -d $'\\377\\376a' http://a.example/").body]).toEqual([0xff, 0xfe, 0x61]);
    expect([...wireOf("curl --data-raw $'\\xc3\\xa9\\x80' http://a.example/").body]).toEqual([0xc3, 0xa9, 0x80]);
    expect(latin1(wireOf("curl --data-urlencode $'a=\\xff' http://a.example/").body)).toBe('a=%FF');
    expect(latin1(wireOf("curl -G --data-urlencode $'a=\\xff\\xc3\\xa9' http://a.example/").body)).toBe('');
    expect(wireOf("curl -G --data-urlencode $'a=\\xff\\xc3\\xa9' http://a.example/").target).toBe('/?a=%ff%c3%a9');
    expect(latin1(wireOf("curl -F $'f=\\xff' http://a.example/").body)).toBe(
      '--b\r\nContent-Disposition: form-data; name="f"\r\n\r\n\xff\r\n--b--\r\n',
    );
    expect(wireOf("curl -u $'\\xff:x' http://a.example/").headers).toContainEqual({
      name: 'Authorization',
      value: 'Basic /zp4',
    });
  });

  it('keep UTF-8 text as its characters, so the model reads as text where it is text', () => {
    const { requests } = parseCurl("curl -H $'X: caf\\xc3\\xa9' --data-raw $'\\xe2\\x82\\xac' http://a.example/");
    expect(requests[0]!.headers).toEqual([expect.objectContaining({ name: 'X', value: 'café' })]);
    expect(requests[0]!.body).toMatchObject({ kind: 'data', text: '€' });
  });

  it('are never confused with a lone surrogate pasted as text, which reads as U+FFFD', () => {
    // A terminal cannot receive a lone surrogate; bytes it stands for would be text passing for bytes.
    expect([...wireOf("curl --data-raw '\udcff\ud800' http://a.example/").body]).toEqual([
      0xef, 0xbf, 0xbd, 0xef, 0xbf, 0xbd,
    ]);
    expect(parseCurl("curl -H 'X: a\udcffb' http://a.example/").requests[0]!.headers[0]!.value).toBe('a\ufffdb');
    // A pair stays the character it is.
    expect([...wireOf("curl --data-raw '\ud83d\ude00' http://a.example/").body]).toEqual([0xf0, 0x9f, 0x98, 0x80]);
  });
});

/** Entries of the header, cookie and body lists of the requests, each list counted once however many requests share it. */
function storedEntries(requests: CurlRequest[]): number {
  const lists = new Set<readonly unknown[]>();
  for (const r of requests) {
    for (const list of [r.headers, r.removedHeaders, r.cookies, r.cookieFiles]) lists.add(list);
    if (r.body.kind === 'data') lists.add(r.body.pieces);
    if (r.body.kind === 'multipart') lists.add(r.body.parts);
  }
  return [...lists].reduce((sum, list) => sum + list.length, 0);
}

/** The fastest of `runs` parses of `text`, in milliseconds. */
function fastestParse(text: string, runs: number): number {
  let fastest = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    parseCurl(text, { dialect: 'bash' });
    fastest = Math.min(fastest, performance.now() - start);
  }
  return fastest;
}

/**
 * How much longer 4n repetitions take than n: about 4 for a linear parse, 16 for a quadratic
 * one. Measured alternately, the fastest of five each, and again (up to three times) while over
 * `limit`: a busy machine slows one measurement, a quadratic parse every one.
 */
function growth(unit: string, n: number, limit: number): number {
  const small = `curl ${unit.repeat(n)}`;
  const large = `curl ${unit.repeat(4 * n)}`;
  let ratio = Infinity;
  for (let attempt = 0; attempt < 3 && ratio >= limit; attempt++) {
    let a = Infinity;
    let b = Infinity;
    for (let i = 0; i < 5; i++) {
      a = Math.min(a, fastestParse(small, 1));
      b = Math.min(b, fastestParse(large, 1));
    }
    ratio = Math.min(ratio, b / Math.max(a, 0.05));
  }
  return ratio;
}

describe('many URLs after many options', () => {
  // Every URL is a request with all the options of its part of the command, wherever they stand.
  const UNITS = [
    "-H 'X;' a ",
    '-d a=1 a ',
    '-b a=1 a ',
    '-u a:b a ',
    '--json 1 a ',
    '-F a=b a ',
    '-G -d a=1 a ',
    '--url-query a=1 a ',
    '--url-query @f a ',
    '-X HEAD -d a a ',
    '-T f a/ -G -d x ',
    '-H "Content-Type: a" -u a:b a ',
    'a -H x:y ',
  ];

  it.each(UNITS)('keep one copy of the options for all their URLs: %j', (unit) => {
    const text = `curl ${unit.repeat(2000)}`;
    const { requests } = parseCurl(text, { dialect: 'bash' });
    expect(requests).toHaveLength(2000);
    expect(storedEntries(requests)).toBeLessThanOrEqual(text.length);
  });

  it.each(UNITS)('take time linear in their number: %j', (unit) => {
    fastestParse(`curl ${unit.repeat(2000)}`, 2); // warm up
    // Linear: about 4 (up to 10 on a busy machine). Quadratic: 16 (8,000 × -H 'X;' a took 1.3 s).
    expect(growth(unit, 2000, 12)).toBeLessThan(12);
  });

  it('append their queries as appending them one by one would', () => {
    // The rule as it was applied to each URL and query in turn, rescanning the URL each time.
    const appendQuery = (url: string, query: string) => {
      if (query === '') return url;
      const hash = url.indexOf('#');
      const base = hash === -1 ? url : url.slice(0, hash);
      return base + (base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?') + query;
    };
    const text = fc.string({ unit: fc.constantFrom('a', '?', '&', '#', '='), maxLength: 5 });
    fc.assert(
      fc.property(text, fc.array(text, { minLength: 1, maxLength: 6 }), (path, queries) => {
        fc.pre(queries.some((query) => query !== ''));
        const url = `http://h/${path}`;
        const base = url.replace(/#.*$/s, '');
        const shape = !base.includes('?') ? '' : /[?&]$/.test(base) ? '?' : '?x';
        expect(base + appendedQueries(shape, queries)).toBe(queries.reduce(appendQuery, url));
      }),
      { seed: 1, numRuns: 2000 },
    );
  });

  it('still give every URL all the options of its part of the command', () => {
    const { requests } = parseCurl("curl a -H 'X: 1' -G -d q=1 b --url-query r=2 -: c -H 'Y: 2'", {
      dialect: 'bash',
    });
    expect(requests.map((r) => [r.url, r.headers.map((h) => h.name)])).toEqual([
      ['http://a?q=1&r=2', ['X']],
      ['http://b?q=1&r=2', ['X']],
      ['http://c', ['Y']],
    ]);
  });
});

describe('the characters that mark variables inside the model', () => {
  it('are refused in the input, with their place, so text cannot pass for a variable', () => {
    for (const [command, column] of [
      ['curl http://a.example/ -d a\uE000HOME\uE001b', 28],
      ["curl http://a.example/ -H 'X: \uE002 0 \uE003'", 31],
    ] as const) {
      expect(() => parseCurl(command)).toThrow(
        expect.objectContaining({ code: 'reserved-character', span: expect.objectContaining({ line: 1, column }) }),
      );
    }
  });

  it.each(RESERVED_CHARACTER_CASES.map((c) => [c.name, c.cmd]))(
    'are refused in the adversarial case "%s"',
    (_, cmd) => {
      expect(() => parseCurl(cmd)).toThrow(expect.objectContaining({ code: 'reserved-character' }));
    },
  );

  it('are refused when an escape decodes to them, while real variables still work', () => {
    expect(() => parseCurl("curl http://a.example/ -d $'a\\uE000HOME\\uE001b'")).toThrow(
      expect.objectContaining({ code: 'reserved-character' }),
    );
    const parsed = parseCurl('curl http://a.example/ -d "a${HOME}b"');
    expect(parsed.variables.map((v) => v.name)).toEqual(['HOME']);
  });
});
