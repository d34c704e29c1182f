/**
 * Tokenizer for PowerShell curl commands: `curl.exe` (and `curl`) with backtick
 * escapes and line continuations, as Windows users and some API docs write them.
 *
 * Rules, from the PowerShell docs:
 * - about_Quoting_Rules: `'...'` is literal with `''` for a quote; `"..."` expands
 *   variables and `$(...)`, takes backtick escapes, and `""` for a quote; here-strings
 *   `@'...'@` and `@"..."@`.
 *   https://learn.microsoft.com/powershell/module/microsoft.powershell.core/about/about_quoting_rules
 * - about_Special_Characters: `` `0 `a `b `e `f `n `r `t `v `u{x} ``; a backtick before
 *   any other character takes it literally, before a line break it continues the line.
 *   https://learn.microsoft.com/powershell/module/microsoft.powershell.core/about/about_special_characters
 * - about_Parsing: arguments of a native command are expandable strings; `--%` passes the
 *   rest of the line as written (expanding only `%NAME%`), to be split by the program.
 *   https://learn.microsoft.com/powershell/module/microsoft.powershell.core/about/about_parsing
 *
 * PowerShell also accepts typographic quotes (‘ ’ “ ” „) as quotes, which matters for
 * commands copied from formatted documents.
 */
import { flatMap } from '../arrays.ts';
import { CurlParseError, spanAt } from '../errors.ts';
import type { TokenizeResult, Word } from './types.ts';
import {
  abbreviate,
  lineBreakEnd,
  newSink,
  percentVariableEnd,
  placeholder,
  replacePlaceholders,
  ResultBuilder,
  type Sink,
} from './bash.ts';
import { CommandLine, splitWindowsArgs } from './cmd.ts';

interface ScannedWord {
  start: number;
  end: number;
  /** The argument's value; placeholders stand for its variables until the command is kept. */
  value: string;
}

function isSingleQuote(c: string | undefined): boolean {
  return c === "'" || c === '\u2018' || c === '\u2019' || c === '\u201a' || c === '\u201b';
}

function isDoubleQuote(c: string | undefined): boolean {
  return c === '"' || c === '\u201c' || c === '\u201d' || c === '\u201e';
}

function isBlank(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v' || c === '\u00a0';
}

function endsWord(c: string): boolean {
  return isBlank(c) || c === '\n' || c === ';' || c === '|' || c === '<' || c === '>' || c === '&';
}

function isVariableNameChar(c: string | undefined): boolean {
  return c !== undefined && /^[\p{L}\p{N}_]$/u.test(c);
}

/** Scope and drive prefixes of variable names: `$env:TOKEN`, `$script:x`. */
const SCOPES = new Set(['env', 'global', 'local', 'script', 'private', 'using', 'variable']);

function withoutScope(name: string): string {
  const colon = name.indexOf(':');
  return colon > 0 && SCOPES.has(name.slice(0, colon).toLowerCase()) ? name.slice(colon + 1) : name;
}

const ESCAPES: Record<string, string> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
};

/** What a backtick escape at `i` stands for, and where it ends. */
function backtickEscape(text: string, i: number): { value: string; end: number } {
  const c = text[i + 1];
  if (c === undefined) return { value: '`', end: i + 1 };
  if (c === 'u' && text[i + 2] === '{') {
    const hex = /^([0-9A-Fa-f]{1,6})\}/.exec(text.slice(i + 3, i + 10));
    const code = hex ? parseInt(hex[1]!, 16) : -1;
    if (hex && code <= 0x10ffff) {
      // A surrogate on its own is no text PowerShell can hand curl: U+FFFD, as a terminal would show
      // it (and as the model needs: a lone surrogate there stands for a byte, src/core/raw-bytes.ts).
      const value = code >= 0xd800 && code <= 0xdfff ? '\ufffd' : String.fromCodePoint(code);
      return { value, end: i + 4 + hex[1]!.length };
    }
  }
  return { value: ESCAPES[c] ?? c, end: i + 2 };
}

/**
 * The end of a `$(...)` or `(...)` whose `(` is at `open`, skipping strings and
 * nested parentheses; -1 if it never closes. Iterative, so deep nesting is safe.
 */
function findParenEnd(text: string, open: number): number {
  const stack: string[] = [')'];
  for (let j = open + 1; j < text.length; j++) {
    const c = text[j]!;
    if (c === '`') {
      j++;
      continue;
    }
    if (stack[stack.length - 1] === '"') {
      if (isDoubleQuote(c) && isDoubleQuote(text[j + 1])) j++;
      else if (isDoubleQuote(c)) stack.pop();
      else if (c === '$' && text[j + 1] === '(') stack.push(')');
      continue; // never empty here: a string is always inside a parenthesis
    }
    if (c === ')') stack.pop();
    else if (c === '(') stack.push(')');
    else if (isDoubleQuote(c)) stack.push('"');
    else if (c === "'") {
      // '' inside a single-quoted string is a quote, which this loop reads as close-and-reopen.
      j = text.indexOf("'", j + 1);
      if (j === -1) return -1;
    }
    if (stack.length === 0) return j + 1;
  }
  return -1;
}

class PowerShellScanner {
  private i = 0;
  private words: ScannedWord[] = [];
  private sink = newSink();
  readonly commands: Word[][] = [];

  constructor(
    private readonly text: string,
    private readonly out: ResultBuilder,
  ) {}

  run(): void {
    const { text } = this;
    while (this.i < text.length) {
      this.skipBlanks();
      const c = text[this.i];
      const next = text[this.i + 1];
      if (c === undefined) break;
      if (c === '\n' || c === ';') {
        this.endCommand();
        this.i++;
      } else if (c === '#') {
        const end = text.indexOf('\n', this.i);
        this.i = end === -1 ? text.length : end;
      } else if (c === '<' && next === '#') {
        this.blockComment();
      } else if ((c === '&' || c === '|') && next === c) {
        this.endCommand(); // && and || (PowerShell 7)
        this.i += 2;
      } else if (c === '|') {
        this.pipe();
      } else if (this.redirectLength(this.i) > 0) {
        // The redirection is dropped, so a variable in its target (`> $env:OUT`) is none of the command's.
        this.redirect(newSink(), true);
      } else if (c === '&') {
        // At the start, the call operator (`& curl.exe ...`, `& "C:\tools\curl.exe" ...`);
        // after arguments, PowerShell 7's "run in the background".
        if (this.words.length > 0) this.endCommand();
        this.i++;
      } else if (this.words.length === 0 && this.prompt()) {
        // A prompt copied from a console session: `PS C:\Users\me> curl.exe ...`.
      } else if (text.startsWith('--%', this.i) && (this.i + 3 >= text.length || endsWord(text[this.i + 3]!))) {
        this.stopParsing();
      } else {
        this.words.push(this.scanWord(this.sink));
      }
    }
    this.endCommand();
  }

  private endCommand(): void {
    if (this.words.length > 0) {
      const markers = this.out.register(this.sink.refs);
      this.out.addWarnings(this.sink.warnings);
      const words = this.words.map((w) => this.out.word(w.start, w.end, replacePlaceholders(w.value, markers)));
      this.out.addCommand(words);
      this.commands.push(words);
    }
    this.words = [];
    this.sink = newSink();
  }

  /** Skips blanks and backtick line continuations between words. */
  private skipBlanks(): void {
    const { text } = this;
    while (this.i < text.length) {
      const c = text[this.i];
      if (isBlank(c)) {
        this.i++;
      } else if (c === '`' && lineBreakEnd(text, this.i + 1) > 0) {
        this.i = lineBreakEnd(text, this.i + 1);
      } else if (c === '`' && (text[this.i + 1] === ' ' || text[this.i + 1] === '\t')) {
        // `` ` `` + spaces + line break: PowerShell escapes the space and ends the command at the
        // line break; the author meant a continuation.
        let j = this.i + 1;
        while (text[j] === ' ' || text[j] === '\t') j++;
        const after = lineBreakEnd(text, j);
        if (after < 0) return;
        this.out.warn(
          'continuation-trailing-space',
          'Spaces after this backtick break the line continuation in PowerShell; it is read as a continuation.',
          this.i,
          j,
        );
        this.i = after;
      } else {
        return;
      }
    }
  }

  private blockComment(): void {
    const end = this.text.indexOf('#>', this.i + 2);
    if (end < 0) {
      throw new CurlParseError(
        'This <# comment is never closed.',
        'unterminated-comment',
        spanAt(this.text, this.i, this.i + 2),
      );
    }
    this.i = end + 2;
  }

  /** `PS C:\Users\me> `, `PS /home/me> ` or `PS> ` at the start of a line. */
  private prompt(): boolean {
    const { text } = this;
    if (text[this.i] !== 'P') return false;
    let before = this.i - 1;
    while (before >= 0 && (text[before] === ' ' || text[before] === '\t')) before--;
    if (before >= 0 && text[before] !== '\n') return false;
    const prompt = /PS(?: (?:[A-Za-z]:|[/~])[^\n>]*)?>[ \t]*/y;
    prompt.lastIndex = this.i;
    if (!prompt.test(text)) return false;
    this.i = prompt.lastIndex;
    return true;
  }

  /** A pipe ends the command; the rest of the pipeline (`| ConvertFrom-Json`) is dropped. */
  private pipe(): void {
    const { text } = this;
    const start = this.i;
    this.endCommand();
    this.i++;
    let end = this.i;
    const dropped = newSink();
    this.skipBlanksAndLineBreaks(); // A pipeline goes on after a line break that follows `|`.
    while (this.i < text.length) {
      this.skipBlanks();
      const c = text[this.i];
      const next = text[this.i + 1];
      if (c === undefined || c === '\n' || c === ';' || c === '#' || c === '&') break;
      if (c === '|' && next === '|') break;
      if (c === '|') {
        this.i++;
        this.skipBlanksAndLineBreaks();
      } else if (this.redirectLength(this.i) > 0) {
        end = this.redirect(dropped, false);
      } else {
        end = this.scanWord(dropped).end;
      }
    }
    const what = abbreviate(text.slice(start + 1, end).trim()) || '(nothing)';
    this.out.warn(
      'pipe-ignored',
      `The pipe into \`${what}\` was ignored: only the curl command is converted.`,
      start,
      end,
    );
  }

  private skipBlanksAndLineBreaks(): void {
    for (;;) {
      this.skipBlanks();
      if (this.text[this.i] !== '\n') return;
      this.i++;
    }
  }

  /** Length of a redirection operator at `i` (`>`, `>>`, `2>`, `*>`, `2>&1`, `<`), or 0. */
  private redirectLength(i: number): number {
    const { text } = this;
    let j = i;
    const c = text[j];
    if ((c === '*' || (c !== undefined && c >= '1' && c <= '6')) && text[j + 1] === '>') j++;
    if (text[j] === '<') return j === i ? 1 : 0;
    if (text[j] !== '>') return 0;
    j++;
    if (text[j] === '>') j++;
    else if (text[j] === '&' && (text[j + 1] === '1' || text[j + 1] === '2')) j += 2;
    return j - i;
  }

  private redirect(sink: Sink, warn: boolean): number {
    const { text } = this;
    const start = this.i;
    const length = this.redirectLength(start);
    this.i += length;
    let end = this.i;
    if (!/&[12]$/.test(text.slice(start, this.i))) {
      this.skipBlanks();
      const c = text[this.i];
      if (c !== undefined && !endsWord(c)) end = this.scanWord(sink).end;
    }
    if (warn) {
      this.out.warn(
        'redirect-ignored',
        `The redirection \`${abbreviate(text.slice(start, end))}\` was ignored.`,
        start,
        end,
      );
    }
    return end;
  }

  /**
   * `--%`: the rest of the line goes to the program as written, with only `%NAME%`
   * expanded, and the program (curl.exe) splits it with the Windows argument rules.
   */
  private stopParsing(): void {
    const { text } = this;
    this.i += 3;
    const line = new CommandLine();
    while (this.i < text.length) {
      const c = text[this.i]!;
      if (c === '\n' || c === '|') break;
      const variableEnd = c === '%' ? percentVariableEnd(text, this.i) : -1;
      if (variableEnd > 0) {
        const source = text.slice(this.i, variableEnd);
        this.sink.refs.push({ kind: 'variable', name: source.slice(1, -1), source, start: this.i, end: variableEnd });
        line.push(placeholder(this.sink.refs.length - 1), this.i, variableEnd);
        this.i = variableEnd;
      } else {
        if (c !== '\r') line.push(c, this.i, this.i + 1);
        this.i++;
      }
    }
    for (const arg of splitWindowsArgs(line)) this.words.push({ start: arg.start, end: arg.end, value: arg.value });
  }

  private scanWord(sink: Sink): ScannedWord {
    const { text } = this;
    const start = this.i;
    const parts: string[] = [];
    let end = start;
    let sawQueryCharacter = false;
    if (text[start] === '@' && this.hereString(parts, sink)) return { start, end: this.i, value: parts.join('') };
    if (text[start] === '@' && isVariableNameChar(text[start + 1])) {
      sink.warnings.push({
        code: 'powershell-splat',
        message:
          "PowerShell reads an unquoted @name as splatting a variable; quote it ('@data.json') so curl gets the file. " +
          'It is read here as written.',
        start,
        end: start + 1,
      });
    }
    while (this.i < text.length) {
      const c = text[this.i]!;
      if (isSingleQuote(c)) {
        this.singleQuoted(parts);
      } else if (isDoubleQuote(c)) {
        this.doubleQuoted(parts, sink);
      } else if (c === '`') {
        if (lineBreakEnd(text, this.i + 1) > 0) break; // a continuation ends the word
        const escape = backtickEscape(text, this.i);
        parts.push(escape.value);
        this.i = escape.end;
      } else if (c === '$') {
        this.dollar(parts, sink);
      } else if (c === '(' && this.i === start) {
        this.subexpression(parts, sink, start, start); // (Get-Content body.json) is evaluated
      } else if (c === '&' && sawQueryCharacter && text[this.i + 1] !== undefined && !endsWord(text[this.i + 1]!)) {
        sink.warnings.push({
          code: 'unquoted-ampersand',
          message:
            'PowerShell does not allow an unquoted & inside an argument (it is reserved); it is read as part of this ' +
            'URL or form data. Quote the argument.',
          start: this.i,
          end: this.i + 1,
        });
        parts.push('&');
        this.i++;
      } else if (endsWord(c)) {
        break;
      } else {
        if (c === '=' || c === '?') sawQueryCharacter = true;
        parts.push(c);
        this.i++;
      }
      end = this.i;
    }
    return { start, end, value: parts.join('') };
  }

  private singleQuoted(parts: string[]): void {
    const { text } = this;
    const open = this.i;
    let run = ++this.i;
    for (;;) {
      if (this.i >= text.length) throw this.unterminated(open, 'This single quote is never closed.');
      const c = text[this.i];
      if (!isSingleQuote(c)) {
        this.i++;
        continue;
      }
      parts.push(text.slice(run, this.i));
      if (!isSingleQuote(text[this.i + 1])) {
        this.i++;
        return;
      }
      parts.push(c!); // '' is one quote
      this.i += 2;
      run = this.i;
    }
  }

  private doubleQuoted(parts: string[], sink: Sink): void {
    const { text } = this;
    const open = this.i;
    let run = ++this.i;
    for (;;) {
      if (this.i >= text.length) throw this.unterminated(open, 'This double quote is never closed.');
      const c = text[this.i]!;
      if (isDoubleQuote(c)) {
        parts.push(text.slice(run, this.i));
        if (!isDoubleQuote(text[this.i + 1])) {
          this.i++;
          return;
        }
        parts.push(c); // "" is one quote
        this.i += 2;
      } else if (c === '`') {
        parts.push(text.slice(run, this.i));
        const escape = backtickEscape(text, this.i);
        parts.push(escape.value);
        this.i = escape.end;
      } else if (c === '$') {
        parts.push(text.slice(run, this.i));
        this.dollar(parts, sink);
      } else {
        this.i++;
        continue;
      }
      run = this.i;
    }
  }

  /**
   * A here-string: `@'` or `@"` at the end of a line, then lines up to one that starts
   * with `'@` or `"@`. The text between is the value (the `@"` form expands variables).
   */
  private hereString(parts: string[], sink: Sink): boolean {
    const { text } = this;
    const quote = text[this.i + 1];
    if (quote !== "'" && quote !== '"') return false;
    let j = this.i + 2;
    while (text[j] === ' ' || text[j] === '\t') j++;
    const bodyStart = lineBreakEnd(text, j);
    if (bodyStart < 0) return false;
    const close = text.indexOf(`\n${quote}@`, bodyStart - 1);
    if (close < 0)
      throw this.unterminated(
        this.i,
        'This here-string is never closed: its last line must start with ' + quote + '@.',
      );
    let bodyEnd = Math.max(bodyStart, close);
    if (bodyEnd > bodyStart && text[bodyEnd - 1] === '\r') bodyEnd--;
    if (quote === "'") {
      parts.push(text.slice(bodyStart, bodyEnd));
    } else {
      this.i = bodyStart;
      let run = bodyStart;
      while (this.i < bodyEnd) {
        const c = text[this.i];
        if (c !== '`' && c !== '$') {
          this.i++;
          continue;
        }
        parts.push(text.slice(run, this.i));
        if (c === '$') {
          this.dollar(parts, sink);
        } else {
          const escape = backtickEscape(text, this.i);
          parts.push(escape.value);
          this.i = escape.end;
        }
        run = this.i;
      }
      parts.push(text.slice(run, Math.max(run, bodyEnd)));
    }
    this.i = close + 3;
    return true;
  }

  /** `$name`, `$env:NAME`, `${any name}`, `$(...)`, `$$`/`$?`/`$^`, or a literal `$`. */
  private dollar(parts: string[], sink: Sink): void {
    const { text } = this;
    const start = this.i;
    const next = text[start + 1];
    if (next === '(') return this.subexpression(parts, sink, start, start + 1);
    let end: number;
    let name: string;
    if (next === '{') {
      let j = start + 2;
      while (j < text.length && text[j] !== '}') j += text[j] === '`' ? 2 : 1;
      if (j >= text.length) {
        throw new CurlParseError(
          'This ${ is never closed.',
          'unterminated-substitution',
          spanAt(text, start, start + 2),
        );
      }
      name = withoutScope(text.slice(start + 2, j).replace(/`(.)/g, '$1'));
      end = j + 1;
    } else if (isVariableNameChar(next)) {
      end = start + 1;
      while (isVariableNameChar(text[end])) end++;
      // Only real scopes take a colon, so "http://$server:8080/" keeps its port.
      if (
        text[end] === ':' &&
        SCOPES.has(text.slice(start + 1, end).toLowerCase()) &&
        isVariableNameChar(text[end + 1])
      ) {
        end++;
        while (isVariableNameChar(text[end])) end++;
      }
      name = withoutScope(text.slice(start + 1, end));
    } else if (next === '$' || next === '?' || next === '^') {
      end = start + 2;
      name = next;
    } else {
      parts.push('$');
      this.i++;
      return;
    }
    sink.refs.push({ kind: 'variable', name, source: text.slice(start, end), start, end });
    parts.push(placeholder(sink.refs.length - 1));
    this.i = end;
  }

  /** `$(...)` or `(...)`: evaluated by PowerShell, so left as a command substitution. */
  private subexpression(parts: string[], sink: Sink, start: number, open: number): void {
    const { text } = this;
    const end = findParenEnd(text, open);
    if (end < 0) {
      const what = text.slice(start, open + 1);
      throw new CurlParseError(
        `This ${what} is never closed.`,
        'unterminated-substitution',
        spanAt(text, start, open + 1),
      );
    }
    sink.refs.push({ kind: 'command', name: '', source: text.slice(start, end), start, end });
    parts.push(placeholder(sink.refs.length - 1));
    this.i = end;
  }

  private unterminated(open: number, message: string): CurlParseError {
    return new CurlParseError(message, 'unterminated-quote', spanAt(this.text, open, open + 1));
  }
}

/**
 * Two PowerShell traps worth a warning, once each: `curl` is an alias of
 * Invoke-WebRequest in Windows PowerShell 5.1, and before PowerShell 7.3 the double
 * quotes inside an argument are lost on the way to curl.exe (`'{"a":1}'` arrives as `{a:1}`).
 */
function warnPowerShellTraps(commands: readonly Word[][], out: ResultBuilder): void {
  const curlCommands = commands.filter((words) => /^curl(\.exe)?$/i.test(words[0]?.value ?? ''));
  const alias = curlCommands.find((words) => words[0]!.value.toLowerCase() === 'curl')?.[0];
  if (alias) {
    out.warn(
      'powershell-curl-alias',
      'In Windows PowerShell 5.1, curl is an alias of Invoke-WebRequest, which does not take curl options; ' +
        'this command is read as curl.exe.',
      alias.span.offset,
      alias.span.end,
    );
  }
  const quoted = flatMap(curlCommands, (words) => words.slice(1)).find((w) => w.value.includes('"'));
  if (quoted) {
    out.warn(
      'powershell-native-quotes',
      'Before PowerShell 7.3, the double quotes inside this argument are removed on the way to curl.exe, so curl ' +
        'would get different data there. It is read as written; -d @file avoids the problem.',
      quoted.span.offset,
      quoted.span.end,
    );
  }
}

/** Splits PowerShell command lines into commands and words. */
export function tokenizePowerShell(text: string): TokenizeResult {
  const out = new ResultBuilder(text, 'powershell');
  const scanner = new PowerShellScanner(text, out);
  scanner.run();
  warnPowerShellTraps(scanner.commands, out);
  return out.result();
}
