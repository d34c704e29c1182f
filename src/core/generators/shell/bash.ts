/**
 * bash for shell-command targets: words that bash passes through unchanged
 * whatever they hold (single quotes, or `$'…'` for control characters and
 * bytes that are not UTF-8), shell variables as `"${NAME}"`, and a command
 * laid out one option per continuation line, as people write long ones.
 */
import type { DataPiece } from '../../request-spec/spec.ts';
import { shellQuote } from '../../curl/to-curl.ts';
import { curlUrlEncode } from '../../curl/urlencode.ts';
import { hasRawBytes } from '../../raw-bytes.ts';
import { splitVariables } from '../../variables.ts';

const RESERVED = new Set(['PATH', 'IFS', 'HOME', 'PWD', 'SHELL', 'BASH', 'UID', 'EUID', 'PPID', 'RANDOM']);

/** Shell variable names for the program's own variables (a temp file, a helper), unique against the request's. */
export class BashNames {
  private readonly used = new Set<string>();

  constructor(variables: readonly string[]) {
    for (const name of variables) this.used.add(bashVariable(name));
  }

  /** A fresh lower-case name close to `wanted`. */
  pick(wanted: string): string {
    let name = wanted;
    for (let i = 2; this.used.has(name) || RESERVED.has(name); i++) name = `${wanted}_${i}`;
    this.used.add(name);
    return name;
  }
}

/** The bash variable a request variable is read from: its name when it is one bash accepts. */
export function bashVariable(name: string): string {
  const clean = name.replace(/[^A-Za-z0-9_]/g, '_');
  return /^[A-Za-z_]/.test(clean) ? clean : `_${clean}`;
}

/**
 * One bash word that expands to exactly `text`: literal parts quoted (nothing
 * in them is ever run), each variable marker as `"${NAME}"`.
 */
export function bashWord(text: string): string {
  const parts = splitVariables(text);
  // With variables, one double-quoted word reads best, when no literal part needs escaping inside double quotes.
  // eslint-disable-next-line no-control-regex
  const plain = (part: string) => /^[^$`"\\!\x00-\x1f\x7f]*$/.test(part) && !hasRawBytes(part);
  if (
    parts.some((part) => typeof part !== 'string') &&
    parts.every((part) => typeof part !== 'string' || plain(part))
  ) {
    return `"${parts.map((part) => (typeof part === 'string' ? part : `\${${bashVariable(part.variable)}}`)).join('')}"`;
  }
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') {
      if (part !== '') out += shellQuote(part);
    } else out += `"\${${bashVariable(part.variable)}}"`;
  }
  return out === '' ? "''" : out;
}

/** `--name=value` with the value quoted as one word. */
export function option(name: string, value: string): string {
  return `${name}=${bashWord(value)}`;
}

/** A command with its arguments one per continuation line (the first on the command's line). */
export function commandLines(command: string, args: readonly string[], indent = '  '): string[] {
  if (args.length === 0) return [command];
  const lines = [`${command} ${args[0]}`];
  for (const arg of args.slice(1)) lines.push(`${indent}${arg}`);
  return lines.map((line, i) => (i < lines.length - 1 ? `${line} \\` : line));
}

/** Whether commands use the `urlencode` function (URLENCODE_FUNCTION must come before them). */
export function usesUrlencode(commands: readonly string[]): boolean {
  return commands.some((c) => /(^|\| )urlencode\b/.test(c));
}

/**
 * The commands that write one piece of a curl body (`-d` text, a file, standard input, `--data-urlencode`) to
 * standard output, encoding at run time (the `urlencode` function) what is only known then.
 */
export function dataPieceCommands(piece: DataPiece): string[] {
  switch (piece.type) {
    case 'literal':
      return piece.text === '' ? [] : [`printf '%s' ${bashWord(piece.text)}`];
    case 'file':
      return [piece.strip ? `tr -d '\\r\\n' <${bashWord(piece.path)}` : `cat ${bashWord(piece.path)}`];
    case 'stdin':
      return [piece.strip ? "tr -d '\\r\\n'" : 'cat'];
    case 'urlencode': {
      const prefix = piece.name !== undefined ? `${piece.name}=` : '';
      if (!hasShellVariables(piece.value)) {
        const text = prefix + curlUrlEncode(piece.value);
        return text === '' ? [] : [`printf '%s' ${bashWord(text)}`];
      }
      const name = prefix === '' ? [] : [`printf '%s' ${bashWord(prefix)}`];
      return [...name, `printf '%s' ${bashWord(piece.value)} | urlencode`];
    }
    case 'urlencode-file': {
      const name = piece.name !== undefined ? [`printf '%s' ${bashWord(`${piece.name}=`)}`] : [];
      return [...name, `urlencode <${bashWord(piece.path)}`];
    }
  }
}

/** A bash function that percent-encodes its standard input the way curl's --data-urlencode does. */
export const URLENCODE_FUNCTION = [
  "# Percent-encodes standard input as curl's --data-urlencode does (a space becomes +).",
  'urlencode() {',
  '  local byte',
  '  for byte in $(od -An -v -tu1); do',
  '    case $byte in',
  "      32) printf '+' ;;",
  '      45 | 46 | 95 | 126 | 4[89] | 5[0-7] | 6[5-9] | [78][0-9] | 90 | 9[7-9] | 1[01][0-9] | 12[0-2])',
  '        printf "\\\\$(printf \'%03o\' "$byte")" ;;',
  '      *) printf \'%%%02X\' "$byte" ;;',
  '    esac',
  '  done',
  '}',
];

/** Whether a model string holds shell variables. */
export function hasShellVariables(text: string): boolean {
  return splitVariables(text).some((part) => typeof part !== 'string');
}

const LINE_LENGTH = 80;

/**
 * A command laid out by groups of words (HTTPie's request items): all on one line when it fits in 80 columns,
 * else one group per line, indented and continued with a backslash. `before` (e.g. `cat f |`) and `after`
 * (e.g. `> out.txt`) stay on the first and last line.
 */
export function groupedCommandLines(groups: readonly string[][], unit = '  ', before = '', after = ''): string[] {
  const words = groups.map((group) => group.join(' ')).filter((text) => text !== '');
  const one = `${before}${words.join(' ')}${after}`;
  if (one.length <= LINE_LENGTH && !one.includes('\n')) return [one];
  return words.map((text, i) => {
    const last = i === words.length - 1;
    return `${i === 0 ? before : unit}${text}${last ? after : ' \\'}`;
  });
}

/** A script: a bash shebang, the variables the command reads, then its lines. */
export function shellScript(variables: readonly string[], lines: readonly string[]): string {
  const out = ['#!/usr/bin/env bash'];
  if (variables.length > 0) {
    out.push('', '# Read from the environment:', ...variables.map((name) => `# ${bashVariable(name)}`));
  }
  out.push('', ...lines);
  return `${out.join('\n')}\n`;
}
