/**
 * The converter as the extension runs it: the parser and the request spec at
 * once, the chosen target's generator loaded on first use (a chunk of its own),
 * and so are the Windows shells' tokenizers: a bash command, the common case,
 * never compiles them.
 */
import { writeParsed, type ConvertOptions, type ConvertResult } from './convert.ts';
import { parseCurlWith, type Tokenize } from './curl/parse-command.ts';
import { loadGenerator } from './generators/loaders.ts';
import { wellFormed } from './raw-bytes.ts';
import { tokenizeBash } from './shell/bash.ts';
import { detectDialect } from './shell/detect.ts';
import type { Dialect } from './shell/types.ts';

export { CurlParseError } from './errors.ts';
export { listTargets } from './generators/targets.ts';
export type { ConvertOptions, ConvertResult } from './convert.ts';

/** A Windows dialect's tokenizer, loaded when first needed (bash's is here). */
async function loadWindowsTokenizer(dialect: Exclude<Dialect, 'bash'>): Promise<Tokenize> {
  return dialect === 'cmd'
    ? (await import('./shell/cmd.ts')).tokenizeCmd
    : (await import('./shell/powershell.ts')).tokenizePowerShell;
}

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
    const dialect = options.dialect ?? detectDialect(wellFormed(text));
    const tokenize = dialect === 'bash' ? tokenizeBash : await loadWindowsTokenizer(dialect);
    parsed = parseCurlWith(tokenize, text, { ...options, dialect });
  } catch (error) {
    generator.catch(() => undefined);
    throw error;
  }
  return writeParsed(await generator, parsed, options);
}
