/**
 * `parseCurl`: the curl command parser (curl/parse-command.ts) with the
 * tokenizer that reads every dialect (bash, Windows cmd, PowerShell).
 */
import { tokenize } from '../shell/index.ts';
import { parseCurlWith, type ParseOptions, type ParseResult } from './parse-command.ts';

export { appendedQueries, hasUrlGlob, type ParseOptions, type ParseResult } from './parse-command.ts';

/**
 * Parses pasted curl commands (bash, Windows cmd or PowerShell; detected
 * unless given). Returns one request per URL, or throws a CurlParseError
 * that says what is wrong and where.
 */
export function parseCurl(input: string, options: ParseOptions = {}): ParseResult {
  return parseCurlWith(tokenize, input, options);
}
