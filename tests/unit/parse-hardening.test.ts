import { describe, expect, it } from 'vitest';
import { hasUrlGlob } from '../../src/core/curl/parse.ts';
import { parseCurl, toWireRequest } from '../../src/core/index.ts';

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
