import { describe, expect, it } from 'vitest';
import { hasUrlGlob } from '../../src/core/curl/parse.ts';
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

  it('appends an upload file name holding a lone surrogate without crashing', () => {
    const request = parseCurl("curl -T $'\\ud800' http://a.example/").requests[0]!;
    expect(request.url).toBe('http://a.example/%EF%BF%BD');
    expect(toWireRequest(request, { readFile: () => new Uint8Array() }).url).toBe('http://a.example/%EF%BF%BD');
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
