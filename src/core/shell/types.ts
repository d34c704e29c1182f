import type { SourceSpan, Warning } from '../errors.ts';
import type { VariableRef } from '../variables.ts';

export type Dialect = 'bash' | 'cmd' | 'powershell';

/** One argument of a command after the shell's quoting is undone. */
export interface Word {
  /** The argument's value; shell variables appear as VAR_OPEN name VAR_CLOSE markers. */
  value: string;
  /** Where the argument is in the original input (including its quotes). */
  span: SourceSpan;
  /** The argument as written, quotes included. */
  raw: string;
}

/**
 * What the shell gives a command on its standard input: a here-document's or
 * here-string's text, or a file (`< file`).
 */
export type StdinSource = ({ text: string } | { file: string }) & { span: SourceSpan };

/** One command of the input: its words in order. */
export interface ShellCommand {
  words: Word[];
  /** Standard input from the command line (here-document, here-string, `< file`), when there is one. */
  stdin?: StdinSource;
  /** The whole command's span in the input. */
  span: SourceSpan;
}

export interface TokenizeResult {
  dialect: Dialect;
  /** Each command separated by `;`, `&&`, `||`, `&` or a newline (bash), or by the dialect's equivalents. */
  commands: ShellCommand[];
  variables: VariableRef[];
  /** E.g. a pipe into `jq` that was ignored, a `$VAR` left unexpanded, cmd's lost tabs. */
  warnings: Warning[];
}
