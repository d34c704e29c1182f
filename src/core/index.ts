/** The converter core's public API: pure TypeScript that runs in pages, workers and Node alike. */
import type { Warning } from './errors.ts';
import { parseCurl, type ParseOptions } from './curl/parse.ts';
import { findGenerator, GENERATORS } from './generators/registry.ts';

export { CurlParseError, positionAt, type SourcePosition, type SourceSpan, type Warning } from './errors.ts';
export { parseCurl, type ParseOptions, type ParseResult } from './curl/parse.ts';
export type * from './curl/model.ts';
export { toWireRequest, WireError, type WireOptions } from './curl/wire.ts';
export type { WireRequest } from './http/wire.ts';
export type { Dialect } from './shell/types.ts';
export { splitVariables, replaceVariables, hasVariables, type VariableRef } from './variables.ts';
export { GENERATORS, findGenerator } from './generators/registry.ts';
export type { Generator, GeneratedCode } from './generators/types.ts';

/** The registered targets: id, title, language and file extension. */
export function listTargets(): { id: string; title: string; language: string; extension: string }[] {
  return GENERATORS.map(({ id, title, language, extension }) => ({ id, title, language, extension }));
}

export interface ConvertResult {
  code: string;
  warnings: Warning[];
}

/**
 * Parses a curl command and writes it as a program for one target. Several
 * requests in one input become one program each, separated by a blank line.
 * Throws CurlParseError for bad input and a plain Error for an unknown target.
 */
export function convert(text: string, targetId: string, options: ParseOptions = {}): ConvertResult {
  const generator = findGenerator(targetId);
  if (!generator) {
    throw new Error(
      `Unknown target "${targetId}". Known targets: ${GENERATORS.map((g) => g.id).join(', ') || 'none'}.`,
    );
  }
  const parsed = parseCurl(text, options);
  const outputs = parsed.requests.map((request) => generator.generate(request));
  return {
    code: outputs.map((output) => output.code).join('\n'),
    warnings: [...parsed.warnings, ...outputs.flatMap((output) => output.warnings)],
  };
}
