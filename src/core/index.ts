/** The converter core's public API: pure TypeScript that runs in pages, workers and Node alike. */
import { writeParsed, type ConvertOptions, type ConvertResult } from './convert.ts';
import { parseCurl } from './curl/parse.ts';
import type { Generator } from './generators/types.ts';
import { findGenerator, GENERATORS } from './generators/registry.ts';
export { groupTargets, listTargets, searchTargets, type TargetGroup, type TargetInfo } from './generators/targets.ts';

export { CurlParseError, positionAt, type SourcePosition, type SourceSpan, type Warning } from './errors.ts';
export { parseCurl, type ParseOptions, type ParseResult } from './curl/parse.ts';
export type * from './curl/model.ts';
export { toWireRequest, WireError, type WireOptions } from './curl/wire.ts';
export type { WireRequest } from './http/wire.ts';
export type { Dialect } from './shell/types.ts';
export { splitVariables, replaceVariables, hasVariables, type VariableRef } from './variables.ts';
export { GENERATORS, findGenerator, generate } from './generators/registry.ts';
export { specFromCurl } from './request-spec/from-curl.ts';
export type { RequestSpec } from './request-spec/spec.ts';
export { WARNING_CATALOGUE, WARNING_CODES, type WarningCode } from './request-spec/warnings.ts';
export type { Generator, GeneratedCode } from './generators/types.ts';

export type { ConvertOptions, ConvertResult, RequestSummary } from './convert.ts';
export { GENERATOR_LOADERS, loadGenerator } from './generators/loaders.ts';

/**
 * Parses a curl command and writes it with `generator`. Several requests in
 * one input become one program each, separated by a blank line (or only the
 * one chosen with `only`). Throws CurlParseError for bad input.
 */
export function convertWith(generator: Generator, text: string, options: ConvertOptions = {}): ConvertResult {
  return writeParsed(generator, parseCurl(text, options), options);
}

/**
 * Parses a curl command and writes it as a program for one target. Several
 * requests in one input become one program each, separated by a blank line
 * (or only the one chosen with `only`). Throws CurlParseError for bad input
 * and a plain Error for an unknown target.
 */
export function convert(text: string, targetId: string, options: ConvertOptions = {}): ConvertResult {
  const generator = findGenerator(targetId);
  if (!generator) {
    throw new Error(
      `Unknown target "${targetId}". Known targets: ${GENERATORS.map((g) => g.id).join(', ') || 'none'}.`,
    );
  }
  return convertWith(generator, text, options);
}
