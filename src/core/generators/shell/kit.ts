/**
 * What shell-script targets share: bash words that never run anything in a
 * value (single quotes, `$'…'` for control bytes, `"${NAME}"` for the
 * command's shell variables), and a command laid out one argument group per
 * line with backslash continuations when it does not fit on one line.
 */
import { shellQuote } from '../../curl/to-curl.ts';
import { splitVariables } from '../../variables.ts';

/** One bash word for a model string: literal parts quoted, shell variables as `"${NAME}"`. */
export function shellWord(text: string): string {
  const parts = splitVariables(text);
  if (parts.length === 0) return "''";
  return parts.map((part) => (typeof part === 'string' ? shellQuote(part) : `"\${${part.variable}}"`)).join('');
}

/** Whether a model string holds shell variables. */
export function hasShellVariables(text: string): boolean {
  return splitVariables(text).some((part) => typeof part !== 'string');
}

const LINE_LENGTH = 80;

/**
 * A command: `head` (the program and its options) on the first line, then each
 * group of words; all on one line when it fits in 80 columns, else one group
 * per line, indented and continued with a backslash. `before` (e.g. `cat f |`)
 * and `after` (e.g. `> out.txt`) stay on the first and last line.
 */
export function commandLines(groups: readonly string[][], unit = '  ', before = '', after = ''): string[] {
  const words = groups.map((group) => group.join(' ')).filter((text) => text !== '');
  const one = `${before}${words.join(' ')}${after}`;
  if (one.length <= LINE_LENGTH && !one.includes('\n')) return [one];
  return words.map((text, i) => {
    const last = i === words.length - 1;
    return `${i === 0 ? before : unit}${text}${last ? after : ' \\'}`;
  });
}

/** The script: a bash shebang, the variables the command reads, then its lines. */
export function shellScript(variables: readonly string[], lines: readonly string[]): string {
  const out = ['#!/usr/bin/env bash'];
  if (variables.length > 0) {
    out.push('', '# Read from the environment:', ...variables.map((name) => `# ${name}`));
  }
  out.push('', ...lines);
  return `${out.join('\n')}\n`;
}
