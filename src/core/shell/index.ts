/**
 * Shell tokenizers for pasted curl commands: bash/POSIX, Windows cmd and PowerShell.
 * Each turns text into commands of words with the shell's quoting undone, variables
 * left as markers, and positions into the original text.
 */
import { wellFormed } from '../raw-bytes.ts';
import { tokenizeBash } from './bash.ts';
import { tokenizeCmd } from './cmd.ts';
import { detectDialect } from './detect.ts';
import { tokenizePowerShell } from './powershell.ts';
import type { Dialect, TokenizeResult } from './types.ts';

export type { Dialect, ShellCommand, TokenizeResult, Word } from './types.ts';
export { detectDialect, tokenizeBash, tokenizeCmd, tokenizePowerShell };

/**
 * Tokenizes `text` in `dialect`, or in the dialect it looks like when none is given. A lone surrogate
 * reads as U+FFFD, as a terminal receives it: in word values a lone surrogate stands for a byte that
 * is not UTF-8 text (src/core/raw-bytes.ts).
 */
export function tokenize(input: string, dialect?: Dialect): TokenizeResult {
  const text = wellFormed(input);
  switch (dialect ?? detectDialect(text)) {
    case 'bash':
      return tokenizeBash(text);
    case 'cmd':
      return tokenizeCmd(text);
    case 'powershell':
      return tokenizePowerShell(text);
  }
}
