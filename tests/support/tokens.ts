import { CurlParseError } from '../../src/core/errors.ts';
import type { TokenizeResult } from '../../src/core/shell/index.ts';

/** The values of each command's words. */
export function values(result: TokenizeResult): string[][] {
  return result.commands.map((command) => command.words.map((word) => word.value));
}

/** The codes of the warnings, in order. */
export function codes(result: TokenizeResult): string[] {
  return result.warnings.map((warning) => warning.code);
}

/** The CurlParseError `run` throws; fails the test if it throws nothing or something else. */
export function errorOf(run: () => unknown): CurlParseError {
  try {
    run();
  } catch (error) {
    if (error instanceof CurlParseError) return error;
    throw error;
  }
  throw new Error('expected a CurlParseError');
}
