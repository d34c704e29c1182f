/**
 * Parsed curl command → program, given the target's generator: shared by the
 * eager `convert` (index.ts: Node, the CLI, tests) and `convertOnDemand`
 * (convert-on-demand.ts: the extension, which loads generators and the
 * Windows shells' tokenizers as needed).
 */
import { flatMap } from './arrays.ts';
import type { ParseOptions, ParseResult } from './curl/parse-command.ts';
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
 * The programs for a parsed command, written with `generator`. Several
 * requests in one input become one program each, separated by a blank line
 * (or only the one chosen with `only`).
 */
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
