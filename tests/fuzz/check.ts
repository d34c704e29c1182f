/**
 * The checks every fuzzed parse goes through: the only exception allowed is a
 * CurlParseError whose span lies in the input, every position the result
 * carries lies in the input too, and the parse finishes within its time bound.
 */
import { CurlParseError, parseCurl, positionAt, toWireRequest, WireError } from '../../src/core/index.ts';
import type { ParseResult, SourceSpan } from '../../src/core/index.ts';
import type { Dialect } from '../../src/core/shell/types.ts';
import { FuzzStats, preview, timeBoundMs } from './settings.ts';

/** An unpaired UTF-16 surrogate, or the `\u` escape of one in a bash `$'…'` string. */

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

/** How many headers, cookies and body pieces the requests of a result hold together. */
function modelEntries(result: ParseResult): number {
  return result.requests.reduce(
    (sum, r) =>
      sum +
      r.headers.length +
      r.removedHeaders.length +
      r.cookies.length +
      (r.body.kind === 'data' ? r.body.pieces.length : r.body.kind === 'multipart' ? r.body.parts.length : 0),
    0,
  );
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
    // KNOWN: every URL becomes a request with its own copy of the options before it, so n URLs after
    // n headers make n² entries: 8,000 × `-H 'X;' a` (80 KB) take 1.3 s and about 600 MB.
    // Minimal: `curl ` + `-H 'X;' a ` × 8000.
    stats.skipKnown('URLs × options', outcome.ok && modelEntries(outcome.result) > 1e6);
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
