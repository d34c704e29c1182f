/**
 * Property-based fuzzing of the curl parser (fast-check).
 *
 *   npm run test:fuzz                                   300 runs per property, fixed seed
 *   FUZZ_RUNS=20000 FUZZ_SEED=123 npm run test:fuzz     longer, another seed
 *
 * 1. Whatever the input (any text, commands built from curl's option table in
 *    bash, cmd and PowerShell quoting, mutated corpus commands), parseCurl
 *    returns or throws a CurlParseError whose position lies in the input;
 *    every position in a result lies in the input too, and toWireRequest
 *    gives a request or a WireError. Built commands also tokenize back to
 *    exactly the argument values they were written from (a lone surrogate,
 *    which no terminal passes on, as U+FFFD).
 * 2. Each parse finishes within a loose bound proportional to its size
 *    (settings.ts, timeBoundMs), also for large repetitive inputs, and builds
 *    no more model entries than its input has characters; 4 times a large
 *    repetitive input takes well under 16 times as long (linear growth, a
 *    ratio that does not depend on the machine: checkGrowth).
 * 3. "Copy as curl" round trip: parseCurl(toCurlCommand(request)) sends the
 *    same method, URL, header lines and body bytes, and reads as bash.
 *
 * No input is left out: a request holding the model's reserved characters
 * (U+E000–U+E003) must be refused with a reserved-character error.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCurlCommand } from '../../src/core/curl/to-curl.ts';
import { parseCurl, toWireRequest } from '../../src/core/index.ts';
import type { HeaderLine } from '../../src/core/http/request.ts';
import { hasRawBytes, utf8Bytes, wellFormed } from '../../src/core/raw-bytes.ts';
import { tokenize } from '../../src/core/shell/index.ts';
import type { Dialect } from '../../src/core/shell/types.ts';
import {
  anyText,
  grammarCommand,
  largeInput,
  largeInputParts,
  largeText,
  mutatedCommand,
  roundTripRequest,
  SEED_COMMANDS,
  type GrammarCommand,
  type RoundTripRequest,
} from './arbitraries.ts';
import { checkedParse, checkGrowth, checkWire } from './check.ts';
import { FUZZ_RUNS, FUZZ_SEED, FuzzStats } from './settings.ts';

const DIALECTS: (Dialect | undefined)[] = [undefined, 'bash', 'cmd', 'powershell'];
const summaries: string[] = [];

/** Runs a property with the configured seed and run count and prints its figures, pass or fail. */
function run<T>(stats: FuzzStats, arbitrary: fc.Arbitrary<T>, check: (value: T) => void, numRuns = FUZZ_RUNS): void {
  try {
    fc.assert(
      fc.property(arbitrary, (value) => {
        check(value);
        stats.runs++;
      }),
      { seed: FUZZ_SEED, numRuns },
    );
  } finally {
    summaries.push(stats.summary());
    console.log(stats.summary());
  }
}

beforeAll(() => {
  console.log(`[fuzz] seed ${FUZZ_SEED}, ${FUZZ_RUNS} runs per property (FUZZ_SEED / FUZZ_RUNS to change)`);
  // Warm up: the first parses compile regular expressions and code paths, which is not what the bound is about.
  for (const command of SEED_COMMANDS) {
    for (const dialect of DIALECTS) {
      try {
        parseCurl(command, dialect ? { dialect } : {});
      } catch {
        // Bad inputs are part of the seeds.
      }
    }
  }
});

afterAll(() => {
  console.log(summaries.join('\n'));
});

describe('the parser only ever throws a positioned CurlParseError, in bounded time', () => {
  it('on arbitrary text, in every dialect', () => {
    const stats = new FuzzStats('arbitrary text');
    run(stats, anyText(200), (text) => {
      for (const dialect of DIALECTS) {
        const outcome = checkedParse(text, dialect, stats);
        if (outcome.ok) checkWire(text, outcome.result);
      }
    });
  });

  for (const dialect of ['bash', 'cmd', 'powershell'] as const) {
    it(`on curl commands built from the option table, in ${dialect} quoting`, () => {
      const stats = new FuzzStats(`${dialect} commands`);
      run(stats, grammarCommand(dialect), (command) => {
        const outcome = checkedParse(command.text, dialect, stats);
        if (outcome.ok) checkWire(command.text, outcome.result);
        checkedParse(command.text, undefined, stats);
        expectWords(command);
      });
    });
  }

  it('on corpus, bad-input and adversarial commands with characters and words deleted, inserted, swapped or cut', () => {
    const stats = new FuzzStats('mutated corpus');
    run(stats, mutatedCommand, (text) => {
      for (const dialect of DIALECTS) {
        const outcome = checkedParse(text, dialect, stats);
        if (outcome.ok) checkWire(text, outcome.result);
      }
    });
  });

  it('on large inputs that repeat one construct many times', () => {
    const stats = new FuzzStats('large inputs');
    // Inputs of up to ~100,000 characters take far longer than the others: a tenth of the runs.
    run(
      stats,
      largeInput(5_000),
      (text) => {
        for (const dialect of DIALECTS) checkedParse(text, dialect, stats);
      },
      Math.max(30, Math.ceil(FUZZ_RUNS / 10)),
    );
  });

  it('on large inputs, 4 times the repetitions take well under 16 times as long (linear, not quadratic)', () => {
    const stats = new FuzzStats('growth');
    // Each run parses inputs of up to 200,000 characters a dozen times per dialect: a 200th of the runs.
    run(
      stats,
      largeInputParts(1_000),
      (parts) => {
        for (const dialect of DIALECTS) checkGrowth((count) => largeText(parts, count), parts.count, dialect, stats);
      },
      Math.max(5, Math.ceil(FUZZ_RUNS / 200)),
    );
  });
});

/**
 * The words of the command's first command, from `curl` on, are exactly the values it was built from
 * (a lone surrogate, which no terminal passes on, as U+FFFD).
 */
function expectWords(command: GrammarCommand): void {
  const words = tokenize(command.text, command.dialect).commands[0]?.words.map((w) => w.value) ?? [];
  const start = words.indexOf(command.words[0]!);
  expect(words.slice(start)).toEqual(command.words.map(wellFormed));
}

// --- round trip --------------------------------------------------------------------------------------

/** The body's bytes: a string's UTF-8, its raw-byte characters as their bytes (src/core/raw-bytes.ts). */
function bodyBytes(body: RoundTripRequest['body']): Uint8Array {
  if (body === undefined) return new Uint8Array();
  return typeof body === 'string' ? utf8Bytes(body) : body;
}

/** A header line as the bytes curl sends (a lone surrogate as U+FFFD, which is all a terminal gets). */
const headerBytes = ({ name, value }: HeaderLine) => ({
  name: String.fromCharCode(...utf8Bytes(name)),
  value: String.fromCharCode(...utf8Bytes(value)),
});

/** The bytes `printf '<format>'` prints, for to-curl's `< <(printf '…')` (octal escapes, `\\`, `%%`). */
function printfOutput(format: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < format.length; i++) {
    const c = format[i]!;
    if (c === '%' && format[i + 1] === '%') {
      out.push(0x25);
      i++;
    } else if (c === '\\' && format[i + 1] === '\\') {
      out.push(0x5c);
      i++;
    } else if (c === '\\' && /^[0-7]{3}$/.test(format.slice(i + 1, i + 4))) {
      out.push(parseInt(format.slice(i + 1, i + 4), 8));
      i += 3;
    } else if (c.charCodeAt(0) < 0x80 && c !== '%' && c !== '\\') {
      out.push(c.charCodeAt(0));
    } else {
      throw new Error(`unexpected ${JSON.stringify(c)} at ${i} in the printf format ${JSON.stringify(format)}`);
    }
  }
  return new Uint8Array(out);
}

/** Standard input as the command feeds it: the printf format after `< <(printf `, or nothing. */
function stdinOf(command: string): Uint8Array | undefined {
  const match = /< <\(printf '((?:[^']|'\\'')*)'\)$/.exec(command);
  return match ? printfOutput(match[1]!.replace(/'\\''/g, "'")) : undefined;
}

/** The target curl sends for a URL: path and query, fragment removed, `/` when the path is empty. */
function targetOf(url: string): string {
  const rest = url.replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/, '').replace(/#.*$/s, '');
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/** What curl sends for the request: its header lines, plus the Content-Length curl adds for a body. */
function expectedHeaders(request: RoundTripRequest) {
  const headers = request.headers.map(({ name, value }) => ({ name, value }));
  const body = bodyBytes(request.body);
  const hasLength = headers.some((h) => h.name.toLowerCase() === 'content-length');
  if (body.length > 0 && request.method.toUpperCase() !== 'HEAD' && !hasLength) {
    headers.push({ name: 'Content-Length', value: String(body.length) });
  }
  return headers;
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The request's texts that to-curl writes into the command: method, URL, header lines, and the body unless it has a NUL (then it goes through printf). */
function writtenTexts(request: RoundTripRequest): string[] {
  const body = bodyBytes(request.body);
  const texts = [request.method, request.url, ...request.headers.map((h) => `${h.name}: ${h.value}`)];
  if (body.includes(0)) return texts;
  return [...texts, typeof request.body === 'string' ? request.body : new TextDecoder().decode(body)];
}

/**
 * By design, U+E000/U+E001 are the model's variable markers and U+E002/U+E003 the tokenizers'
 * placeholders: a command holding them (literally or through an escape) is refused with a positioned
 * reserved-character error, so such a request cannot round-trip, and the refusal is what is checked.
 */
function holdsMarkers(request: RoundTripRequest): boolean {
  return writtenTexts(request).some((text) => /[\uE000-\uE003]/.test(text));
}

/** Whether to-curl writes some argument as `$'…'` bytes that are not UTF-8 text, which the parser warns about. */
function writesRawBytes(request: RoundTripRequest): boolean {
  const body = bodyBytes(request.body);
  if (body.length > 0 && !body.includes(0) && !isUtf8(body)) return true;
  return request.headers.some((h) => hasRawBytes(h.name) || hasRawBytes(h.value));
}

describe('"Copy as curl" round trip', () => {
  it('parseCurl(toCurlCommand(request)) sends the same method, URL, header lines and body bytes', () => {
    const stats = new FuzzStats('round trip');
    run(stats, roundTripRequest({ glob: true }), (request) => {
      const command = toCurlCommand(request);
      const outcome = checkedParse(command, 'bash', stats);
      if (holdsMarkers(request)) {
        expect(outcome.ok ? 'parsed' : outcome.error.code).toBe('reserved-character');
        return;
      }
      if (!outcome.ok) throw new Error(`${JSON.stringify(command)} did not parse: ${outcome.error.message}`);
      const { requests, warnings } = outcome.result;
      expect(requests).toHaveLength(1);
      const stdin = stdinOf(command);
      const wire = toWireRequest(requests[0]!, { curlDefaults: false, stdin });
      expect(wire.method).toBe(request.method);
      expect(wire.url).toBe(request.url);
      expect(wire.target).toBe(targetOf(request.url));
      expect(wire.headers.map(headerBytes)).toEqual(expectedHeaders(request).map(headerBytes));
      expect([...wire.body]).toEqual([...bodyBytes(request.body)]);
      // -X HEAD is warned about, and to-curl writes it for a HEAD with a body (or a lowercase "head").
      const viaI = request.method === 'HEAD' && bodyBytes(request.body).length === 0;
      // A body with a NUL byte goes through `< <(printf …)`, a redirection the parser drops with a notice;
      // bytes that are not UTF-8 text, written as $'\xHH', are sent as they are, with a notice too.
      const codes = warnings.map((w) => w.code);
      expect(codes.includes('raw-bytes')).toBe(writesRawBytes(request));
      expect(codes.filter((code) => code !== 'redirect-ignored' && code !== 'raw-bytes')).toEqual(
        request.method.toUpperCase() === 'HEAD' && !viaI ? ['x-head'] : [],
      );
      expect(codes.includes('redirect-ignored')).toBe(stdin !== undefined);
      expect(outcome.result.variables).toEqual([]);
    });
  });

  it('toCurlCommand(request) reads as bash when pasted into the converter, which detects the shell', () => {
    const stats = new FuzzStats('round trip dialect');
    run(stats, roundTripRequest(), (request) => {
      const command = toCurlCommand(request);
      const outcome = checkedParse(command, undefined, stats);
      if (holdsMarkers(request)) {
        expect(outcome.ok ? 'parsed' : outcome.error.code).toBe('reserved-character');
        return;
      }
      expect(outcome.ok && outcome.result.dialect).toBe('bash');
    });
  });
});
