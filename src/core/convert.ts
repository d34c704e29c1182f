/**
 * curl command → program, given the target's generator: shared by the eager
 * `convert` (index.ts: Node, the CLI, tests) and `convertOnDemand`
 * (convert-on-demand.ts: the extension, which loads generators as chosen).
 */
import { flatMap } from './arrays.ts';
import { parseCurl, type ParseOptions, type ParseResult } from './curl/parse.ts';
import type { SourceSpan, Warning } from './errors.ts';
import type { Generator } from './generators/types.ts';
import { specFromCurl } from './request-spec/from-curl.ts';
import type { Dialect } from './shell/types.ts';
import type { VariableRef } from './variables.ts';

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
 * Parses a curl command and writes it with `generator`. Several requests in
 * one input become one program each, separated by a blank line (or only the
 * one chosen with `only`). Throws CurlParseError for bad input.
 */
export function convertWith(generator: Generator, text: string, options: ConvertOptions = {}): ConvertResult {
  return writeParsed(generator, parseCurl(text, options), options);
}

/** The second half of `convertWith`: the programs for a parsed command. */
export function writeParsed(generator: Generator, parsed: ParseResult, options: ConvertOptions = {}): ConvertResult {
  const chosen =
    options.only !== undefined && parsed.requests[options.only] ? [parsed.requests[options.only]!] : parsed.requests;
  const outputs = chosen.map((request) => generator.generate(specFromCurl(request)));
  return {
    code: outputs.map((output) => output.code).join('\n'),
    warnings: [...parsed.warnings, ...flatMap(outputs, (output) => output.warnings)],
    dialect: parsed.dialect,
    variables: parsed.variables,
    requests: parsed.requests.map((r) => ({ method: r.method, url: r.url, span: r.span })),
  };
}
