/**
 * The checks every fuzzed parse goes through: the only exception allowed is a
 * CurlParseError whose span lies in the input, every position the result
 * carries lies in the input too, and the parse finishes within its time bound.
 */
import { CurlParseError, parseCurl, positionAt, toWireRequest, WireError } from '../../src/core/index.ts';
import type { ParseResult, SourceSpan } from '../../src/core/index.ts';
import type { Dialect } from '../../src/core/shell/types.ts';
import { FuzzStats, GROWTH_LIMIT, preview, timeBoundMs } from './settings.ts';

/** Throws unless `span` is a well-formed span of `text` whose line and column match its offset. */
export function checkSpan(text: string, span: SourceSpan | undefined, what: string): void {
  if (span === undefined) return;
  const { offset, end, line, column } = span;
  const integers = [offset, end, line, column].every(Number.isSafeInteger);
  if (!integers || offset < 0 || end < offset || end > text.length) {
    throw new Error(`${what}: span ${JSON.stringify(span)} is not within the input of ${text.length} characters`);
  }
  const expected = positionAt(text, offset);
  if (expected.line !== line || expected.column !== column) {
    throw new Error(
      `${what}: offset ${offset} is line ${expected.line}, column ${expected.column}, but the span says line ${line}, column ${column}`,
    );
  }
}

/**
 * How many headers, cookies and body pieces the requests of a result hold, each list counted once
 * however many requests share it: what the parse had to build. Every entry comes from some
 * characters of the input, so this never exceeds the input's length; n URLs after n options
 * (which once gave each URL its own copy of every option) would make it n².
 */
export function storedEntries(result: ParseResult): number {
  const lists = new Set<readonly unknown[]>();
  for (const r of result.requests) {
    for (const list of [r.headers, r.removedHeaders, r.cookies, r.cookieFiles]) lists.add(list);
    if (r.body.kind === 'data') lists.add(r.body.pieces);
    if (r.body.kind === 'multipart') lists.add(r.body.parts);
  }
  return [...lists].reduce((sum, list) => sum + list.length, 0);
}

export type Outcome = { ok: true; result: ParseResult } | { ok: false; error: CurlParseError };

/**
 * Parses `text` (in `dialect`, or detected), timing it; fails on any exception
 * but a positioned CurlParseError, on a position outside the input, and on a
 * parse slower than {@link timeBoundMs}.
 */
export function checkedParse(text: string, dialect: Dialect | undefined, stats: FuzzStats): Outcome {
  const { value: outcome, ms } = stats.timed(text, (): Outcome | { thrown: unknown } => {
    try {
      return { ok: true, result: parseCurl(text, dialect ? { dialect } : {}) };
    } catch (error) {
      return error instanceof CurlParseError ? { ok: false, error } : { thrown: error };
    }
  });
  const where = `parseCurl(${preview(text)}${dialect ? `, { dialect: '${dialect}' }` : ''})`;
  if ('thrown' in outcome) {
    const error = outcome.thrown;
    const name = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new Error(`${where} threw ${name}, not a CurlParseError`, { cause: error });
  }
  if (ms > timeBoundMs(text.length)) {
    throw new Error(`${where} took ${ms.toFixed(1)} ms, over the bound of ${timeBoundMs(text.length)} ms`);
  }
  if (!outcome.ok) {
    const { error } = outcome;
    if (typeof error.code !== 'string' || error.code === '' || error.detail.trim() === '') {
      throw new Error(`${where}: CurlParseError without a code or message: ${JSON.stringify(error)}`);
    }
    checkSpan(text, error.span, `${where}: error ${error.code}`);
    stats.error(error.code);
    return outcome;
  }
  const { result } = outcome;
  if (result.requests.length === 0) throw new Error(`${where} returned no request and no error`);
  const stored = storedEntries(result);
  if (stored > text.length) {
    throw new Error(`${where} built ${stored} headers, cookies and body pieces from ${text.length} characters`);
  }
  for (const warning of result.warnings) checkSpan(text, warning.span, `${where}: warning ${warning.code}`);
  result.requests.forEach((request, i) => {
    checkSpan(text, request.span, `${where}: request ${i} span`);
    checkSpan(text, request.urlSpan, `${where}: request ${i} URL span`);
    for (const header of request.headers) checkSpan(text, header.span, `${where}: request ${i} header span`);
  });
  stats.accepted++;
  return outcome;
}

/**
 * The wire request of every parsed request, with every file, stdin and
 * variable given a value: it either comes out or fails with a WireError
 * (which says why), never another exception.
 */
export function checkWire(text: string, result: ParseResult): void {
  const variables = Object.fromEntries(result.variables.map((v) => [v.name, 'v']));
  for (const request of result.requests) {
    try {
      toWireRequest(request, {
        readFile: () => new Uint8Array([0x61, 0x0d, 0x0a, 0x00, 0xff]),
        stdin: new Uint8Array([0x62]),
        variables,
        boundary: 'boundary',
      });
    } catch (error) {
      if (error instanceof WireError) continue;
      const name = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      throw new Error(`toWireRequest after parseCurl(${preview(text)}) threw ${name}, not a WireError`, {
        cause: error,
      });
    }
  }
}

/** The fastest of `runs` parses of `text` in `dialect`, in milliseconds (errors included: they are parses too). */
function fastestParse(text: string, dialect: Dialect | undefined, runs: number): number {
  let fastest = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    try {
      parseCurl(text, dialect ? { dialect } : {});
    } catch {
      // checkedParse judges the outcome; only the time matters here.
    }
    fastest = Math.min(fastest, performance.now() - start);
  }
  return fastest;
}

/**
 * Checks that the parse time grows linearly with the input made by `make(count)`: 4 times the count
 * must take well under the 16 times the time a quadratic parse would (GROWTH_LIMIT). The count is
 * first grown (×4, up to `maxLength` characters) until a parse takes 8 milliseconds, below which
 * a timer measures noise. Each size is timed alternately, the fastest of three, and measured again
 * while over the limit: a busy machine slows one measurement, a quadratic parse every one. Returns
 * the ratio, or undefined when even the largest input parses too fast to measure.
 */
export function checkGrowth(
  make: (count: number) => string,
  start: number,
  dialect: Dialect | undefined,
  stats: FuzzStats,
  maxLength = 200_000,
): number | undefined {
  const MEASURABLE_MS = 8;
  let count = start;
  let small = make(count);
  let time = fastestParse(small, dialect, 3);
  while (time < MEASURABLE_MS && make(count * 16).length <= maxLength) {
    count *= 4;
    small = make(count);
    time = fastestParse(small, dialect, 3);
  }
  const large = make(count * 4);
  if (time < MEASURABLE_MS || large.length > maxLength) return undefined;
  let ratio = Infinity;
  for (let attempt = 0; attempt < 3 && ratio >= GROWTH_LIMIT; attempt++) {
    let a = Infinity;
    let b = Infinity;
    for (let i = 0; i < 3; i++) {
      a = Math.min(a, fastestParse(small, dialect, 1));
      b = Math.min(b, fastestParse(large, dialect, 1));
    }
    ratio = Math.min(ratio, b / a);
  }
  stats.growth(ratio, small);
  if (ratio >= GROWTH_LIMIT) {
    const where = `parseCurl(${preview(large)}${dialect ? `, { dialect: '${dialect}' }` : ''})`;
    throw new Error(
      `${where}: ${large.length} characters took ${ratio.toFixed(1)} times as long as ${small.length} (linear: about 4, quadratic: 16)`,
    );
  }
  return ratio;
}
