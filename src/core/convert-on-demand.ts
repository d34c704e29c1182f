/**
 * The converter as the extension runs it: the parser and the request spec at
 * once, the chosen target's generator loaded on first use (a chunk of its own).
 */
import { writeParsed, type ConvertOptions, type ConvertResult } from './convert.ts';
import { parseCurl } from './curl/parse.ts';
import { loadGenerator } from './generators/loaders.ts';

export { CurlParseError } from './errors.ts';
export type { ConvertOptions, ConvertResult } from './convert.ts';

/**
 * As `convert`, loading the target's generator while the command parses (a
 * parse error does not wait for it); rejects with CurlParseError for bad
 * input and a plain Error for an unknown target.
 */
export async function convertOnDemand(
  text: string,
  targetId: string,
  options: ConvertOptions = {},
): Promise<ConvertResult> {
  // The generator's chunk loads while the command parses.
  const generator = loadGenerator(targetId);
  let parsed;
  try {
    parsed = parseCurl(text, options);
  } catch (error) {
    generator.catch(() => undefined);
    throw error;
  }
  return writeParsed(await generator, parsed, options);
}
