/** The converter core's public API: pure TypeScript that runs in pages, workers and Node alike. */
import type { SourceSpan, Warning } from './errors.ts';
import type { Dialect } from './shell/types.ts';
import type { VariableRef } from './variables.ts';
import { parseCurl, type ParseOptions } from './curl/parse.ts';
import { findGenerator, GENERATORS } from './generators/registry.ts';
import { specFromCurl } from './request-spec/from-curl.ts';
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

/** The registered targets: id, title, language and file extension. */

export interface ConvertOptions extends ParseOptions {
  /** Convert only this request (0-based) of a multi-command paste; all of them when undefined. */
  only?: number;
}

/** A one-line description of each request found, for choosing among several. */
export interface RequestSummary {
  method: string;
  url: string;
  span: SourceSpan;
}

export interface ConvertResult {
  code: string;
  warnings: Warning[];
  dialect: Dialect;
  variables: VariableRef[];
  requests: RequestSummary[];
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
  const parsed = parseCurl(text, options);
  const chosen =
    options.only !== undefined && parsed.requests[options.only] ? [parsed.requests[options.only]!] : parsed.requests;
  const outputs = chosen.map((request) => generator.generate(specFromCurl(request)));
  return {
    code: outputs.map((output) => output.code).join('\n'),
    warnings: [...parsed.warnings, ...outputs.flatMap((output) => output.warnings)],
    dialect: parsed.dialect,
    variables: parsed.variables,
    requests: parsed.requests.map((r) => ({ method: r.method, url: r.url, span: r.span })),
  };
}
