/**
 * Tokenizer for Windows cmd.exe curl commands: Chrome/Edge "Copy as cURL (cmd)",
 * Firefox "Copy as cURL (Windows)" and hand-written ones.
 *
 * Windows has no shell-level argument list: cmd.exe reads the line and hands the
 * program one string, which curl.exe's C runtime then splits into arguments.
 * Both layers are undone here, in that order:
 *
 * 1. cmd.exe: `^` escapes the next character outside `"..."`; `^` at the end of a
 *    line continues it *and escapes the first character of the next line* (which
 *    is how Chrome writes a newline inside an argument: `^` and two line breaks);
 *    `"` toggles a quoted state in which `^ & | < >` are ordinary; `%NAME%` expands;
 *    CRs are dropped. https://ss64.com/nt/syntax-esc.html
 * 2. The C runtime's argument rules ("Parsing C command-line arguments"):
 *    https://learn.microsoft.com/cpp/c-language/parsing-c-command-line-arguments
 *    (see `splitWindowsArgs`).
 *
 * Every character of the intermediate command line remembers where it came from,
 * so word spans point into the original text.
 */
import { flatMap } from '../arrays.ts';
import type { TokenizeResult, Word } from './types.ts';
import {
  abbreviate,
  percentVariableEnd,
  placeholder,
  replacePlaceholders,
  ResultBuilder,
  type PendingRef,
} from './bash.ts';

/** The command line cmd.exe hands to the program: units (characters or placeholders) with their origin. */
export class CommandLine {
  readonly units: string[] = [];
  readonly starts: number[] = [];
  readonly ends: number[] = [];

  push(unit: string, start: number, end: number): void {
    this.units.push(unit);
    this.starts.push(start);
    this.ends.push(end);
  }

  pop(): void {
    this.units.pop();
    this.starts.pop();
    this.ends.pop();
  }

  get length(): number {
    return this.units.length;
  }
}

/** One argument of a Windows command line, with the input range it came from. */
export interface WindowsArg {
  start: number;
  end: number;
  value: string;
  /** Where the argument's last quoted part opened, if it never closed. */
  openQuote?: number;
}

/**
 * Splits a command line into arguments like the Microsoft C runtime (ucrt):
 * space and tab separate arguments outside quotes; `"` toggles quoting;
 * 2n backslashes before `"` give n backslashes and the quote toggles; 2n+1
 * backslashes before `"` give n backslashes and a literal `"`; backslashes
 * elsewhere are literal; inside quotes `""` is a literal `"` and quoting goes on
 * (the rule Firefox's `""` doubling relies on).
 */
export function splitWindowsArgs(line: CommandLine): WindowsArg[] {
  const { units, starts, ends } = line;
  const args: WindowsArg[] = [];
  let i = 0;
  for (;;) {
    while (units[i] === ' ' || units[i] === '\t') i++;
    if (i >= units.length) return args;
    const first = i;
    const value: string[] = [];
    let inQuote = false;
    let openQuote = -1;
    for (;;) {
      let backslashes = 0;
      while (units[i] === '\\') {
        backslashes++;
        i++;
      }
      if (units[i] === '"') {
        value.push('\\'.repeat(backslashes >> 1));
        if (backslashes % 2 === 1) {
          value.push('"');
          i++;
        } else if (inQuote && units[i + 1] === '"') {
          value.push('"');
          i += 2;
        } else {
          inQuote = !inQuote;
          openQuote = starts[i]!;
          i++;
        }
        continue;
      }
      if (backslashes > 0) value.push('\\'.repeat(backslashes));
      if (i >= units.length || (!inQuote && (units[i] === ' ' || units[i] === '\t'))) break;
      value.push(units[i]!);
      i++;
    }
    const arg: WindowsArg = { start: starts[first]!, end: ends[i - 1]!, value: value.join('') };
    if (inQuote) arg.openQuote = openQuote;
    args.push(arg);
  }
}

/** Options that carry a request body: the places where Chrome's cmd copy loses characters. */
const BODY_OPTIONS = new Set([
  '-d',
  '--data',
  '--data-raw',
  '--data-binary',
  '--data-ascii',
  '--data-urlencode',
  '--json',
  '-F',
  '--form',
]);

/**
 * Whether `C:\…` before a `>` at a line start is cmd's prompt (`$P$G`: a folder, then `>`) rather
 * than a command run by its path with a redirection (`C:\…\curl.exe > out.json`). A prompt never
 * ends in a blank (Windows drops trailing blanks from folder names) and `^>` is an escaped `>`; and
 * a path that names curl followed by a blank (or curl.exe followed by the `>`) is the command.
 */
function isPrompt(path: string): boolean {
  if (/[ \t^]$/.test(path)) return false;
  return !/\\curl(?:\.exe)?[ \t]|\\curl\.exe$/i.test(path);
}

class CmdScanner {
  private i = 0;
  private line = new CommandLine();
  private refs: PendingRef[] = [];
  /** cmd.exe's own quote state (not the C runtime's). */
  private inQuote = false;
  readonly words: Word[][] = [];

  constructor(
    private readonly text: string,
    private readonly out: ResultBuilder,
  ) {}

  run(): void {
    const { text } = this;
    this.startCommand();
    while (this.i < text.length) {
      const c = text[this.i]!;
      const next = text[this.i + 1];
      if (c === '\r') {
        this.i++; // cmd.exe drops carriage returns before it parses a line.
      } else if (c === '\n') {
        this.endCommand();
        this.i++;
        this.startCommand();
      } else if (c === '%' && this.variable()) {
        // Percent expansion happens before anything else, inside quotes too.
      } else if (this.inQuote) {
        if (c === '"') this.inQuote = false;
        this.emit(c, this.i, this.i + 1);
        this.i++;
      } else if (c === '^') {
        this.caret();
      } else if (c === '&' || (c === '|' && next === '|')) {
        this.endCommand();
        this.i += next === c ? 2 : 1;
        this.startCommand();
      } else if (c === '|') {
        this.pipe();
      } else if (c === '<' || c === '>') {
        this.redirect();
      } else {
        if (c === '"') this.inQuote = true;
        this.emit(c, this.i, this.i + 1);
        this.i++;
      }
    }
    this.endCommand();
  }

  private emit(unit: string, start: number, end: number): void {
    this.line.push(unit, start, end);
  }

  /** Skips leading blanks, an `@` (echo off) and, at a line start, a prompt such as `C:\Users\me>`. */
  private startCommand(): void {
    const { text } = this;
    const lineStart = this.i === 0 || text[this.i - 1] === '\n';
    while (text[this.i] === ' ' || text[this.i] === '\t' || text[this.i] === '\r') this.i++;
    if (text[this.i] === '@') this.i++;
    if (!lineStart) return;
    const prompt = /([A-Za-z]:\\[^\n>"]*)>[ \t]*/y;
    prompt.lastIndex = this.i;
    const match = prompt.exec(text);
    if (match && isPrompt(match[1]!)) this.i = prompt.lastIndex;
  }

  private endCommand(): void {
    const args = splitWindowsArgs(this.line);
    if (args.length > 0) {
      const markers = this.out.register(this.refs);
      const words = args.map((arg) => this.out.word(arg.start, arg.end, replacePlaceholders(arg.value, markers)));
      for (const arg of args) {
        if (arg.openQuote !== undefined) {
          this.out.warn(
            'unterminated-quote',
            'This double quote is never closed; the argument runs to the end of the command.',
            arg.openQuote,
            arg.openQuote + 1,
          );
        }
      }
      this.out.addCommand(words);
      this.words.push(words);
    }
    this.line = new CommandLine();
    this.refs = [];
    this.inQuote = false;
  }

  /**
   * `^x` is a literal x. `^` + line break continues the line and takes the first
   * character of the next line literally: a second line break there is a newline in
   * the argument (Chrome's way of writing one), a space is just a space.
   */
  private caret(): void {
    const { text } = this;
    const start = this.i;
    let j = start + 1;
    if (text[j] === '\r' && text[j + 1] === '\n') j++;
    if (text[j] === '\n') {
      j++;
      if (text[j] === '\r' && text[j + 1] === '\n') j++;
    }
    const c = text[j];
    if (c === undefined) {
      this.i = j;
    } else if (c === '%' && percentVariableEnd(text, j) > 0) {
      this.i = j; // `^%NAME%`: cmd expands the variable before it looks at carets.
    } else {
      this.emit(c, start, j + 1);
      this.i = j + 1;
    }
  }

  /** `%NAME%`: a variable reference, kept as a placeholder the argument rules treat as one character. */
  private variable(): boolean {
    const start = this.i;
    const end = percentVariableEnd(this.text, start);
    if (end < 0) return false;
    this.refs.push({
      kind: 'variable',
      name: this.text.slice(start + 1, end - 1),
      source: this.text.slice(start, end),
      start,
      end,
    });
    this.emit(placeholder(this.refs.length - 1), start, end);
    this.i = end;
    return true;
  }

  /** A pipe ends the command; the piped part runs to the next `&`, `||` or line break and is dropped. */
  private pipe(): void {
    const { text } = this;
    const start = this.i;
    this.endCommand();
    this.i = this.skipArgumentText(start + 1, true);
    const what = abbreviate(text.slice(start + 1, this.i).trim()) || '(nothing)';
    this.out.warn(
      'pipe-ignored',
      `The pipe into \`${what}\` was ignored: only the curl command is converted.`,
      start,
      this.i,
    );
  }

  /** Drops a redirection (`> out.json`, `2>nul`, `2>&1`, `< in.txt`) with a warning. */
  private redirect(): void {
    const { text, line } = this;
    let start = this.i;
    // A digit right before `>`, on its own, names the handle (`2>nul`): it belongs to the redirection.
    const last = line.length - 1;
    const handle = line.units[last];
    if (handle !== undefined && handle >= '0' && handle <= '9' && line.ends[last] === start) {
      const before = line.units[last - 1];
      if (before === undefined || before === ' ' || before === '\t') {
        start = line.starts[last]!;
        line.pop();
      }
    }
    const operator = text[this.i];
    this.i++;
    if (operator === '>' && text[this.i] === '>') this.i++; // >> appends
    if (text[this.i] === '&' && /^[0-9]$/.test(text[this.i + 1] ?? '')) {
      this.i += 2;
    } else {
      while (text[this.i] === ' ' || text[this.i] === '\t') this.i++;
      this.i = this.skipArgumentText(this.i, false);
    }
    this.out.warn(
      'redirect-ignored',
      `The redirection \`${abbreviate(text.slice(start, this.i))}\` was ignored.`,
      start,
      this.i,
    );
  }

  /**
   * Skips text that is dropped: up to a line break or a command separator outside
   * cmd's quotes, or (for a redirection target, `wholeCommand` false) up to a blank.
   */
  private skipArgumentText(from: number, wholeCommand: boolean): number {
    const { text } = this;
    let quoted = false;
    let j = from;
    while (j < text.length) {
      const c = text[j];
      if (c === '\n') break;
      if (quoted) {
        if (c === '"') quoted = false;
      } else if (c === '"') {
        quoted = true;
      } else if (c === '^') {
        j++;
      } else if (c === '&' || (c === '|' && (!wholeCommand || text[j + 1] === '|'))) {
        break;
      } else if (!wholeCommand && (c === ' ' || c === '\t' || c === '\r' || c === '<' || c === '>')) {
        break;
      }
      j++;
    }
    while (j > from && /\s/.test(text[j - 1]!)) j--;
    return Math.min(j, text.length);
  }
}

/**
 * Chrome's cmd copy replaces every tab and non-ASCII character with a space (after
 * escaping it with a caret, so a replaced character shows up as `^ `). Say so once,
 * where it shows, or at the body, which is where it usually hurts.
 */
function warnLossyChromeCopy(text: string, commands: readonly Word[][], out: ResultBuilder): void {
  const firstWord = commands[0]?.[0]?.value.toLowerCase();
  if (!text.includes('^"') || firstWord === 'curl.exe') return; // Firefox writes curl.exe and keeps characters.
  const replaced = text.indexOf('^ ');
  const body = flatMap(commands, (words) => words.filter((w, k) => k > 0 && BODY_OPTIONS.has(words[k - 1]!.value)))[0];
  const cause = 'Chrome\'s "Copy as cURL (cmd)" replaces every tab and non-ASCII character with a space';
  const fix = 'Copy as cURL (bash) keeps them.';
  if (replaced >= 0) {
    out.warn(
      'cmd-lossy',
      `A character here was replaced by a space: ${cause}, and they cannot be recovered. ${fix}`,
      replaced,
      replaced + 2,
    );
  } else if (body) {
    out.warn(
      'cmd-lossy',
      `${cause}; any tab or non-ASCII character in this body was lost. ${fix}`,
      body.span.offset,
      body.span.end,
    );
  }
}

/** Splits a cmd.exe command line (or several) into commands and words. */
export function tokenizeCmd(text: string): TokenizeResult {
  const out = new ResultBuilder(text, 'cmd');
  const scanner = new CmdScanner(text, out);
  scanner.run();
  warnLossyChromeCopy(text, scanner.words, out);
  return out.result();
}
