/**
 * Tokenizer for POSIX-shell (bash) curl commands: what API docs show, Chrome/Edge
 * "Copy as cURL (bash)" and Firefox "Copy as cURL (POSIX)".
 *
 * Word boundaries, separators, substitutions and positions come from our own
 * linear scan, because shell-quote reports no positions. Undoing each word's
 * quoting is left to shell-quote: the scan rewrites every word into the subset
 * of shell syntax that shell-quote reads exactly like bash (see `rewrite*`
 * below and `decodeWords`).
 *
 * Bash manual, "Quoting": https://www.gnu.org/software/bash/manual/html_node/Quoting.html
 * and "Shell Expansions": https://www.gnu.org/software/bash/manual/html_node/Shell-Expansions.html
 *
 * This module also holds the result builder the cmd and PowerShell tokenizers share.
 */
import { flatMap } from '../arrays.ts';
import { parse as shellQuoteParse, type ParseEntry } from 'shell-quote';
import { CurlParseError, spanAt, type SourceSpan, type Warning } from '../errors.ts';
import { hasRawBytes, joinRawBytes, rawByte, wellFormed } from '../raw-bytes.ts';
import { variableMarker, type VariableRef } from '../variables.ts';
import type { Dialect, ShellCommand, TokenizeResult, Word } from './types.ts';

// ---------------------------------------------------------------------------
// Shared by the three dialects
// ---------------------------------------------------------------------------

/** A variable or substitution found while scanning; it is registered only if its command is kept. */
export interface PendingRef {
  kind: 'variable' | 'command';
  /** The variable's name; empty for substitutions, which get CMD_1, CMD_2, ... when registered. */
  name: string;
  /** As written, e.g. `${TOKEN:-x}` or `$(date +%s)`. */
  source: string;
  start: number;
  end: number;
}

/** A warning that belongs to a word and is reported only if the word is kept. */
export interface PendingWarning {
  code: string;
  message: string;
  start: number;
  end: number;
}

/** Where a scan puts the references and warnings of the words it reads (a throwaway one for dropped words). */
export interface Sink {
  refs: PendingRef[];
  warnings: PendingWarning[];
}

export function newSink(): Sink {
  return { refs: [], warnings: [] };
}

// Two private-use characters (not the model's VAR_OPEN/VAR_CLOSE) stand for `refs[index]`
// inside a word until its command is kept and the variable's marker is known.
const PLACEHOLDER_OPEN = '\uE002';
const PLACEHOLDER_CLOSE = '\uE003';
const PLACEHOLDER = /\uE002(\d+)\uE003/g;

export function placeholder(index: number): string {
  return PLACEHOLDER_OPEN + String(index) + PLACEHOLDER_CLOSE;
}

export function replacePlaceholders(value: string, markers: readonly string[]): string {
  if (markers.length === 0) return value;
  return value.replace(PLACEHOLDER, (whole, index: string) => markers[Number(index)] ?? whole);
}

/** Beyond this many warnings of one code, the rest are summed up in one warning. */
const MAX_WARNINGS_PER_CODE = 100;

/** Shortens user text for a message: one line, at most `max` characters. */
export function abbreviate(text: string, max = 60): string {
  const flat = text
    .slice(0, max * 2)
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > max || text.length > max * 2 ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * Collects commands, variables and warnings for one input and computes positions.
 * Positions use a line index built once: `spanAt` rescans the text on every call,
 * which would make a large paste with many words quadratic.
 */
export class ResultBuilder {
  private readonly commands: ShellCommand[] = [];
  private readonly warnings: Warning[] = [];
  /** How many warnings of each code were given, to keep a huge paste from producing one per line. */
  private readonly warningCounts = new Map<string, number>();
  private readonly variables = new Map<string, VariableRef>();
  /** Same substitution text, same generated name. */
  private readonly commandNames = new Map<string, string>();
  private commandCount = 0;
  private readonly lineStarts: number[] = [0];

  constructor(
    readonly text: string,
    private readonly dialect: Dialect,
  ) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.lineStarts.push(i + 1);
  }

  /** The same span `spanAt(text, start, end)` gives, found by binary search over the line starts. */
  span(start: number, end: number): SourceSpan {
    const offset = Math.max(0, Math.min(start, this.text.length));
    // The last line starting at or before the offset (a '\n' itself belongs to the line it ends).
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.lineStarts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    const lineStart = this.lineStarts[low]!;
    return {
      offset,
      line: low + 1,
      column: offset - lineStart + 1,
      end: Math.max(offset, Math.min(end, this.text.length)),
    };
  }

  word(start: number, end: number, value: string): Word {
    return { value, span: this.span(start, end), raw: this.text.slice(start, end) };
  }

  addCommand(words: Word[], stdin?: PendingStdin): void {
    const first = words[0];
    const last = words[words.length - 1];
    if (!first || !last) return;
    const command: ShellCommand = { words, span: this.span(first.span.offset, last.span.end) };
    if (stdin) {
      const span = this.span(stdin.start, stdin.end);
      command.stdin = 'text' in stdin ? { text: stdin.text, span } : { file: stdin.file, span };
    }
    this.commands.push(command);
  }

  warn(code: string, message: string, start?: number, end?: number): void {
    if (!this.countWarning(code)) return;
    this.warnings.push(
      start === undefined ? { code, message } : { code, message, span: this.span(start, end ?? start) },
    );
  }

  /** Counts a warning; false once the code has had its `MAX_WARNINGS_PER_CODE` (the rest are summed up). */
  private countWarning(code: string): boolean {
    const count = (this.warningCounts.get(code) ?? 0) + 1;
    this.warningCounts.set(code, count);
    return count <= MAX_WARNINGS_PER_CODE;
  }

  addWarnings(warnings: readonly PendingWarning[]): void {
    for (const w of warnings) this.warn(w.code, w.message, w.start, w.end);
  }

  /** Registers the references of a kept command in order (one warning each) and returns their markers. */
  register(refs: readonly PendingRef[]): string[] {
    return refs.map((ref) => this.registerOne(ref));
  }

  private registerOne(ref: PendingRef): string {
    let name = ref.name;
    if (ref.kind === 'command') {
      name = this.commandNames.get(ref.source) ?? this.nextCommandName();
      this.commandNames.set(ref.source, name);
    }
    if (!this.variables.has(name)) this.variables.set(name, { name, source: ref.source, kind: ref.kind });
    const code = ref.kind === 'command' ? 'command-substitution' : 'shell-variable';
    if (this.countWarning(code)) {
      const source = abbreviate(ref.source);
      const message =
        ref.kind === 'command'
          ? `${source} was not run: its output is left as the variable ${name}.`
          : `${source} was not expanded: it is left as the variable ${name}.`;
      this.warnings.push({ code, message, span: this.span(ref.start, ref.end) });
    }
    return variableMarker(name);
  }

  private nextCommandName(): string {
    let name: string;
    do name = `CMD_${++this.commandCount}`;
    while (this.variables.has(name));
    return name;
  }

  result(): TokenizeResult {
    // Warnings in the order of the text they are about; those without a place last.
    const warnings = [...this.warnings].sort(
      (a, b) => (a.span?.offset ?? Number.MAX_SAFE_INTEGER) - (b.span?.offset ?? Number.MAX_SAFE_INTEGER),
    );
    for (const [code, count] of this.warningCounts) {
      if (count > MAX_WARNINGS_PER_CODE) {
        warnings.push({ code, message: `…and ${count - MAX_WARNINGS_PER_CODE} more warnings like the ones above.` });
      }
    }
    return { dialect: this.dialect, commands: this.commands, variables: [...this.variables.values()], warnings };
  }
}

/** `%NAME%` at `start`: returns the offset after the closing `%`, or -1. Shared by cmd and PowerShell's `--%`. */
export function percentVariableEnd(text: string, start: number): number {
  if (text[start] !== '%' || !isNameStart(text[start + 1])) return -1;
  let j = start + 2;
  while (j < text.length && (isNameChar(text[j]) || text[j] === '(' || text[j] === ')')) j++;
  if (text[j] !== '%') return -1;
  // `%C3%A9` in a URL is percent-encoding, not the variable C3.
  if (j - start === 3 && isHex(text[start + 1]) && isHex(text[start + 2])) return -1;
  return j + 1;
}

function isHex(c: string | undefined): boolean {
  return c !== undefined && /^[0-9A-Fa-f]$/.test(c);
}

export function isNameStart(c: string | undefined): boolean {
  if (c === undefined) return false;
  const code = c.charCodeAt(0);
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
}

export function isNameChar(c: string | undefined): boolean {
  return isNameStart(c) || (c !== undefined && c >= '0' && c <= '9');
}

/** The characters JavaScript's `\s` matches. */
export function isUnicodeSpace(c: string): boolean {
  const code = c.charCodeAt(0);
  return (
    (code >= 9 && code <= 13) ||
    code === 32 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** Offset after a line break at `i` (LF or CRLF), or -1. */
export function lineBreakEnd(text: string, i: number): number {
  if (text[i] === '\n') return i + 1;
  if (text[i] === '\r' && text[i + 1] === '\n') return i + 2;
  return -1;
}

// ---------------------------------------------------------------------------
// bash
// ---------------------------------------------------------------------------

interface ScannedWord {
  start: number;
  end: number;
  /** The word rewritten for shell-quote; placeholders stand for its variables. */
  rewritten: string;
}

interface PendingCommand {
  words: ScannedWord[];
  markers: string[];
  stdin?: PendingStdin;
}

type PendingStdin = ({ text: string } | { file: string }) & { start: number; end: number };

interface Heredoc {
  delimiter: string;
  stripTabs: boolean;
  /** A quoted delimiter (`<<'EOF'`) keeps the body as it is; an unquoted one lets the shell expand it. */
  quoted: boolean;
  /** The command whose standard input it is (its index among the commands). */
  command: number;
  start: number;
}

/** Unquoted characters that end a word (bash's metacharacters, plus CR so that CRLF pastes work). */
function endsWord(c: string): boolean {
  return (
    c === ' ' ||
    c === '\t' ||
    c === '\r' ||
    c === '\n' ||
    c === ';' ||
    c === '&' ||
    c === '|' ||
    c === '<' ||
    c === '>' ||
    c === '(' ||
    c === ')'
  );
}

/**
 * Printable ASCII that is literal in an unquoted word and that `rewriteLiteral` leaves as it is: not
 * a quote, `$`, `` ` ``, `\\`, `#`, a blank or a character that ends a word.
 */
function isPlain(code: number): boolean {
  if (code <= 0x20 || code >= 0x7f) return false;
  switch (code) {
    case 0x22: // "
    case 0x23: // #
    case 0x24: // $
    case 0x26: // &
    case 0x27: // '
    case 0x28: // (
    case 0x29: // )
    case 0x3b: // ;
    case 0x3c: // <
    case 0x3e: // >
    case 0x5c: // \
    case 0x60: // `
    case 0x7c: // |
      return false;
    default:
      return true;
  }
}

/** The end of the run of plain characters from `from`. */
function plainRunEnd(text: string, from: number): number {
  let j = from;
  while (j < text.length && isPlain(text.charCodeAt(j))) j++;
  return j;
}

/** Special parameters: https://www.gnu.org/software/bash/manual/html_node/Special-Parameters.html */
const SPECIAL_PARAMETERS = '@*#?$!-0123456789';

/** Characters shell-quote treats specially outside quotes (its META set, quotes, `$`, `#`, `\`). */
const SHELL_QUOTE_SPECIAL = new Set(['\\', "'", '"', '$', '#', '|', '&', ';', '(', ')', '<', '>', ' ', '\t']);

/**
 * An unquoted literal character, written so shell-quote reads it back as itself.
 * Backslash-escaping covers its special characters; whitespace other than
 * space and tab (CR, NBSP, ...) goes in single quotes, because shell-quote's
 * bareword pattern stops at any `\s` even when escaped, while bash keeps it.
 */
function rewriteLiteral(c: string): string {
  if (c !== ' ' && c !== '\t' && isUnicodeSpace(c)) return `'${c}'`;
  return SHELL_QUOTE_SPECIAL.has(c) ? `\\${c}` : c;
}

/** A value as one single-quoted shell word (`'` written as `'\''`), which shell-quote reads literally. */
function rewriteSingleQuoted(value: string): string {
  return `'${value.split("'").join("'\\''")}'`;
}

const ANSI_C_SIMPLE: Record<string, string> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

/** Reads up to `max` digits of `base` from `body` at `from`. */
function readDigits(body: string, from: number, max: number, base: 8 | 16): { value: number; length: number } {
  const digits = base === 8 ? /^[0-7]+/ : /^[0-9A-Fa-f]+/;
  const match = digits.exec(body.slice(from, from + max));
  return match ? { value: parseInt(match[0], base), length: match[0].length } : { value: -1, length: 0 };
}

/**
 * The bytes bash writes for the code point of a `\u` or `\U` escape in a UTF-8 locale: UTF-8, also
 * for surrogates and, beyond U+10FFFF, in the old 4- to 6-byte forms (bash's u32toutf8); nothing
 * from 0x80000000 on.
 */
function bashUtf8(code: number): number[] {
  const tail = (shift: number) => 0x80 | ((code >> shift) & 0x3f);
  if (code < 0x80) return [code];
  if (code < 0x800) return [0xc0 | (code >> 6), tail(0)];
  if (code < 0x10000) return [0xe0 | (code >> 12), tail(6), tail(0)];
  if (code < 0x200000) return [0xf0 | (code >> 18), tail(12), tail(6), tail(0)];
  if (code < 0x4000000) return [0xf8 | (code >> 24), tail(18), tail(12), tail(6), tail(0)];
  if (code < 0x80000000) return [0xfc | (code >> 30), tail(24), tail(18), tail(12), tail(6), tail(0)];
  return [];
}

/** A byte as a model character: ASCII as itself, anything above as its raw-byte character. */
function byteChar(byte: number): string {
  return byte < 0x80 ? String.fromCharCode(byte) : rawByte(byte);
}

const encoder = new TextEncoder();

/**
 * Decodes the body of a `$'...'` string as bash does (checked against bash 5.2):
 * `\n \r \t \\ \' \" \? \a \b \e \E \f \v`, `\nnn` (one to three octal digits),
 * `\xHH` (one or two hex digits), `\uHHHH` (up to 4), `\UHHHHHHHH` (up to 8) and
 * `\cX`; an unknown escape keeps its backslash. A NUL ends the string, as in bash,
 * which is why DevTools' copy of a body with a NUL byte is cut there.
 * https://www.gnu.org/software/bash/manual/html_node/ANSI_002dC-Quoting.html
 *
 * `\xHH` and `\nnn` give a byte, not the character U+00HH, and `\u`/`\U` the bytes of their code
 * point: bytes that spell UTF-8 text become its characters, the others stay bytes, as raw-byte
 * characters (src/core/raw-bytes.ts); `rawBytes` says whether any did.
 */
export function decodeAnsiC(body: string): { value: string; truncated: boolean; rawBytes: boolean } {
  let value = '';
  let escapedBytes = false;
  const done = (truncated: boolean) => {
    const joined = escapedBytes ? joinRawBytes(value) : value;
    return { value: joined, truncated, rawBytes: escapedBytes && hasRawBytes(joined) };
  };
  for (let i = 0; i < body.length;) {
    const c = body[i]!;
    if (c !== '\\' || i + 1 >= body.length) {
      value += c;
      i++;
      continue;
    }
    const e = body[i + 1]!;
    const simple = ANSI_C_SIMPLE[e];
    let bytes: number[] | undefined = simple === undefined ? undefined : [simple.charCodeAt(0)];
    let length = 2;
    if (e >= '0' && e <= '7') {
      const octal = readDigits(body, i + 1, 3, 8);
      bytes = [octal.value & 0xff];
      length = 1 + octal.length;
    } else if (e === 'x' || e === 'u' || e === 'U') {
      const hex = readDigits(body, i + 2, e === 'x' ? 2 : e === 'u' ? 4 : 8, 16);
      bytes = hex.length === 0 ? undefined : e === 'x' ? [hex.value] : bashUtf8(hex.value);
      length = 2 + hex.length;
    } else if (e === 'c' && i + 2 < body.length) {
      // Control-X: the low five bits of X's first byte (DEL for ?); the rest of X's bytes stay.
      const code = body.codePointAt(i + 2)!;
      const own = [...encoder.encode(String.fromCodePoint(code))];
      bytes = code === 0x3f ? [0x7f] : [own[0]! & 0x1f, ...own.slice(1)];
      length = 2 + (code > 0xffff ? 2 : 1);
    }
    if (bytes === undefined) {
      value += c;
      i++;
      continue;
    }
    for (const byte of bytes) {
      if (byte === 0) return done(true);
      if (byte >= 0x80) escapedBytes = true;
      value += byteChar(byte);
    }
    i += length;
  }
  return done(false);
}

/**
 * Finds the end of a command substitution or `${...}` whose opening character
 * (`(`, `{` or a backtick) is at `open`, skipping nested quotes and
 * substitutions. Returns the offset after the closing character, or -1.
 * Iterative with an explicit stack, so deep nesting cannot overflow the call stack.
 */
function findSubstitutionEnd(text: string, open: number): number {
  const opener = text[open];
  const stack: string[] = [opener === '(' ? ')' : opener === '{' ? '}' : '`'];
  for (let j = open + 1; j < text.length; j++) {
    const c = text[j]!;
    const top = stack[stack.length - 1]!;
    if (c === '\\') {
      j++;
      continue;
    }
    if (top === '`') {
      if (c === '`') stack.pop();
    } else if (top === '"') {
      if (c === '"') stack.pop();
      else if (c === '`') stack.push('`');
      else if (c === '$' && (text[j + 1] === '(' || text[j + 1] === '{')) stack.push(text[++j] === '(' ? ')' : '}');
    } else if (c === top) {
      stack.pop();
    } else if (c === "'") {
      j = text.indexOf("'", j + 1);
      if (j === -1) return -1;
    } else if (c === '"' || c === '`') {
      stack.push(c);
    } else if (c === '$' && (text[j + 1] === '(' || text[j + 1] === '{')) {
      stack.push(text[++j] === '(' ? ')' : '}');
    } else if (c === '(' && top === ')') {
      stack.push(')');
    }
    if (stack.length === 0) return j + 1;
  }
  return -1;
}

/** The variable a `${...}` body names: `VAR` for `${VAR:-x}`, `${#VAR}`, `${!VAR}`, `${VAR[0]}`. */
function bracedName(body: string): string {
  if (body.length === 1 && SPECIAL_PARAMETERS.includes(body)) return body; // ${#}, ${@}, ${?}
  const from = body[0] === '#' || body[0] === '!' ? 1 : 0; // ${#VAR} is a length, ${!VAR} an indirection
  const first = body[from];
  let end = from;
  if (first !== undefined && first >= '0' && first <= '9') {
    while (body[end] !== undefined && body[end]! >= '0' && body[end]! <= '9') end++;
  } else if (first !== undefined && SPECIAL_PARAMETERS.includes(first)) {
    end = from + 1;
  } else {
    while (isNameChar(body[end])) end++;
  }
  return body.slice(from, end);
}

function isWordCharacter(c: string | undefined): boolean {
  if (c === undefined) return false;
  const code = c.charCodeAt(0);
  // ASCII without the regular expression: compiling its Unicode classes costs about 1 ms on first use.
  if (code < 0x80) {
    const lower = code | 0x20;
    return (lower >= 0x61 && lower <= 0x7a) || (code >= 0x30 && code <= 0x39) || code === 0x5f;
  }
  return /^[\p{L}\p{N}_]$/u.test(c);
}

const BROKEN_QUOTE_FIX =
  "A ' cannot appear inside '...': write it as '\\'' (for example 'it'\\''s'), use $'...' with \\' " +
  "(for example $'it\\'s'), or put the body in a file and pass it with -d @file.";

/** A shell-quote result entry as a string (a glob is just its pattern: we never expand globs). */
function entryValue(entry: ParseEntry | undefined): string | undefined {
  if (typeof entry === 'string') return entry;
  if (entry && 'op' in entry && entry.op === 'glob') return entry.pattern;
  return undefined;
}

class BashScanner {
  private i = 0;
  private words: ScannedWord[] = [];
  private sink = newSink();
  private readonly commands: PendingCommand[] = [];
  private readonly heredocs: Heredoc[] = [];
  /** Standard input the current command's redirections give it. */
  private stdin: PendingStdin | undefined;
  /** The last `'` of this command that closed a single-quoted string right before a word character. */
  private suspectQuote = -1;

  constructor(
    private readonly text: string,
    private readonly out: ResultBuilder,
  ) {}

  run(): PendingCommand[] {
    const { text } = this;
    while (this.i < text.length) {
      this.skipBlanks();
      const c = text[this.i];
      const next = text[this.i + 1];
      if (c === undefined) break;
      if (c === '\n') {
        this.endCommand();
        this.i++;
        this.skipHeredocBodies();
      } else if (c === '#') {
        this.skipComment();
      } else if (c === ';' || ((c === '&' || c === '|') && next === c)) {
        this.endCommand();
        this.i += c === ';' ? 1 : 2;
      } else if (c === '|') {
        this.pipe();
      } else if (this.redirectLength(this.i) > 0) {
        // The redirection is dropped, so what its target refers to (`< <(printf …)`, `> "$OUT"`) is not
        // a variable of the command: its references go to a sink of their own.
        this.redirect(newSink(), true);
      } else if (c === '&' || c === '(' || c === ')') {
        // `&` runs the command in the background; parentheses group commands (a subshell).
        this.endCommand();
        this.i++;
      } else if (this.words.length === 0 && c === '$' && (next === ' ' || next === '\t')) {
        this.i += 2; // A prompt, as API docs write it: `$ curl ...`.
      } else {
        this.words.push(this.scanWord(this.sink));
      }
    }
    this.endCommand();
    return this.commands;
  }

  private endCommand(): void {
    if (this.words.length > 0) {
      const markers = this.out.register(this.sink.refs);
      this.out.addWarnings(this.sink.warnings);
      this.commands.push({ words: this.words, markers, stdin: this.stdin });
    }
    this.stdin = undefined;
    this.words = [];
    this.sink = newSink();
    this.suspectQuote = -1;
  }

  /** Skips spaces, tabs, CRs and backslash-newline continuations between words. */
  private skipBlanks(): void {
    const { text } = this;
    while (this.i < text.length) {
      const c = text[this.i];
      if (c === ' ' || c === '\t' || c === '\r') {
        this.i++;
      } else if (c === '\\' && lineBreakEnd(text, this.i + 1) > 0) {
        this.i = lineBreakEnd(text, this.i + 1);
      } else if (c === '\\' && (text[this.i + 1] === ' ' || text[this.i + 1] === '\t')) {
        // `\` + spaces + newline: bash reads an escaped space and ends the command at the
        // newline; the author meant a line continuation (a classic copy-paste accident).
        let j = this.i + 1;
        while (text[j] === ' ' || text[j] === '\t') j++;
        const after = lineBreakEnd(text, j);
        if (after < 0) return;
        this.out.warn(
          'continuation-trailing-space',
          'Spaces after this backslash break the line continuation in bash; it is read as a continuation.',
          this.i,
          j,
        );
        this.i = after;
      } else {
        return;
      }
    }
  }

  private skipComment(): void {
    const end = this.text.indexOf('\n', this.i);
    this.i = end === -1 ? this.text.length : end;
  }

  /** After a newline, skips the bodies of here-documents started on the line before. */
  private skipHeredocBodies(): void {
    const { text } = this;
    for (let doc = this.heredocs.shift(); doc; doc = this.heredocs.shift()) {
      let body = '';
      while (this.i < text.length) {
        const lineEnd = text.indexOf('\n', this.i);
        let line = text.slice(this.i, lineEnd === -1 ? text.length : lineEnd);
        this.i = lineEnd === -1 ? text.length : lineEnd + 1;
        if (line.endsWith('\r')) line = line.slice(0, -1);
        if (doc.stripTabs) line = line.replace(/^\t+/, '');
        if (line === doc.delimiter) break;
        body += `${line}\n`;
      }
      const command = this.commands[doc.command];
      if (!command) continue;
      if (!doc.quoted) {
        // bash expands an unquoted here-document: \$ \` \\ and \<newline> are escapes; $… and `…` expand.
        if (/[$`]/.test(body.replace(/\\[\\$`]/g, ''))) {
          this.out.warn(
            'stdin-expansion',
            "The shell would expand $… or `…` in this here-document; the converted request keeps the text as written. Quote the delimiter (<<'EOF') to send it as it is.",
            doc.start,
            this.i,
          );
        }
        body = body.replace(/\\\n/g, '').replace(/\\([\\$`])/g, '$1');
      }
      command.stdin = { text: body, start: doc.start, end: Math.max(doc.start, this.i - 1) };
    }
  }

  /**
   * A pipe ends the command; the rest of the pipeline (`| jq .`) is read but dropped.
   * Its words are still scanned, since their quotes may hide `;` or newlines.
   */
  private pipe(): void {
    const { text } = this;
    const start = this.i;
    this.endCommand();
    let end = start + 1;
    this.i = text[start + 1] === '&' ? start + 2 : start + 1;
    const dropped = newSink();
    while (this.i < text.length) {
      this.skipBlanks();
      const c = text[this.i];
      const next = text[this.i + 1];
      if (c === undefined || c === '\n' || c === ';' || c === '#' || c === '(' || c === ')') break;
      if ((c === '&' && next !== '>') || (c === '|' && next === '|')) break;
      if (c === '|') {
        this.i += next === '&' ? 2 : 1;
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

  /** Length of a redirection operator at `i` (`>`, `2>>`, `&>`, `<<-`, `2>&1`'s `2>&`), or 0. */
  private redirectLength(i: number): number {
    const { text } = this;
    let j = i;
    while (text[j] !== undefined && text[j]! >= '0' && text[j]! <= '9') j++;
    const c = text[j];
    const next = text[j + 1];
    if (c === '&' && j === i && next === '>') return text[j + 2] === '>' ? 3 : 2;
    if (c !== '<' && c !== '>') return 0;
    if (next === '(') return 0; // <(...) and >(...) are process substitutions, read as words.
    if (c === '<' && next === '<') return j - i + (text[j + 2] === '<' || text[j + 2] === '-' ? 3 : 2);
    if (next === '>' || next === '&' || (c === '>' && next === '|') || (c === '<' && next === '>')) return j - i + 2;
    return j - i + 1;
  }

  /** Drops a redirection and its target (warning if `warn`); returns where it ends. */
  private redirect(sink: Sink, warn: boolean): number {
    const { text } = this;
    const start = this.i;
    const operator = text.slice(start, start + this.redirectLength(start));
    this.i += operator.length;
    let end = this.i;
    let heredoc = false;
    if (operator.endsWith('&') && /^[0-9-]$/.test(text[this.i] ?? '')) {
      while (/^[0-9-]$/.test(text[this.i] ?? '')) this.i++;
      end = this.i;
    } else {
      this.skipBlanks();
      const c = text[this.i];
      // The target is a word, or a process substitution as in `< <(printf …)`.
      const processSubstitution = (c === '<' || c === '>') && text[this.i + 1] === '(';
      if (c !== undefined && (!endsWord(c) || processSubstitution)) {
        const target = this.scanWord(sink);
        end = target.end;
        heredoc = /^\d*<<-?$/.test(operator);
        if (heredoc) {
          const delimiter = decodeOne(text, target);
          const quoted = /['"\\]/.test(text.slice(target.start, target.end));
          this.heredocs.push({
            delimiter,
            stripTabs: operator.endsWith('-'),
            quoted,
            command: this.commands.length,
            start,
          });
        } else if (warn && /^0?<<<$/.test(operator)) {
          // A here-string: the word and a newline.
          this.stdin = { text: `${decodeOne(text, target)}\n`, start, end };
          return end;
        } else if (warn && /^0?<$/.test(operator) && !processSubstitution) {
          this.stdin = { file: decodeOne(text, target), start, end };
          return end;
        }
      }
    }
    // A here-document is the command's standard input (read after the line ends), not an ignored redirection.
    if (warn && !heredoc) {
      const written = abbreviate(text.slice(start, end));
      this.out.warn(
        'redirect-ignored',
        heredoc
          ? `The here-document \`${written}\` was ignored: it feeds curl's standard input, which is not part of the converted request.`
          : `The redirection \`${written}\` was ignored.`,
        start,
        end,
      );
    }
    return end;
  }

  /** Reads one word from `this.i`, rewriting it for shell-quote and collecting its substitutions. */
  private scanWord(sink: Sink): ScannedWord {
    const { text } = this;
    const start = this.i;
    const parts: string[] = [];
    let end = start;
    let sawQueryCharacter = false;
    while (this.i < text.length) {
      const c = text[this.i]!;
      if (c === "'") {
        this.singleQuoted(parts, sink);
      } else if (c === '"') {
        this.doubleQuoted(parts, sink);
      } else if (c === '`') {
        this.substitution(parts, sink, this.i, this.i);
      } else if (c === '$') {
        this.dollar(parts, sink, false);
      } else if (c === '\\') {
        const after = lineBreakEnd(text, this.i + 1);
        if (after > 0) {
          this.i = after; // Backslash-newline is removed; the word goes on on the next line.
          continue;
        }
        // A backslash quotes the next character; one at the very end of the input stays, as in bash.
        const next = text[this.i + 1];
        parts.push(next === undefined ? '\\\\' : rewriteLiteral(next));
        this.i += next === undefined ? 1 : 2;
      } else if ((c === '<' || c === '>') && text[this.i + 1] === '(') {
        this.substitution(parts, sink, this.i, this.i + 1);
      } else if (c === '&' && sawQueryCharacter && this.isGluedAmpersand()) {
        sink.warnings.push({
          code: 'unquoted-ampersand',
          message:
            'This & is inside an unquoted URL or form data: bash would run the command in the background here ' +
            'and start a new command. It is read as part of the argument; quote the argument to be sure.',
          start: this.i,
          end: this.i + 1,
        });
        parts.push('\\&');
        this.i++;
      } else if (endsWord(c)) {
        break;
      } else {
        if (c === '=' || c === '?') sawQueryCharacter = true;
        // A run of characters that are their own rewriting (`-H`, a URL) goes in as one slice.
        const runEnd = plainRunEnd(text, this.i + 1);
        if (runEnd > this.i + 1 && isPlain(text.charCodeAt(this.i))) {
          const run = text.slice(this.i, runEnd);
          if (!sawQueryCharacter && (run.includes('=') || run.includes('?'))) sawQueryCharacter = true;
          parts.push(run);
          this.i = runEnd;
        } else {
          parts.push(rewriteLiteral(c));
          this.i++;
        }
      }
      end = this.i;
    }
    return { start, end, rewritten: parts.length === 1 ? parts[0]! : parts.join('') };
  }

  /** `a=1&b=2` glued together: an `&` with argument text right after it (not `&&`, `&>`, a blank...). */
  private isGluedAmpersand(): boolean {
    const next = this.text[this.i + 1];
    return next !== undefined && !endsWord(next) && next !== '#';
  }

  private singleQuoted(parts: string[], sink: Sink): void {
    const { text } = this;
    const open = this.i;
    const close = text.indexOf("'", open + 1);
    if (close === -1) throw this.unterminated(open, 1, 'This single quote is never closed.');
    parts.push(text.slice(open, close + 1));
    this.i = close + 1;
    // `'{"msg": "it's here"}'`: the `'` of "it's" closes the string. Remember it: if the
    // quoting goes wrong later, that is the place to show; if the string looks like a body
    // or header, or the quote sits between two letters, warn even when everything still tokenizes.
    if (isWordCharacter(text[close + 1])) {
      this.suspectQuote = close;
      const apostrophe = isWordCharacter(text[close - 1]) && close - 1 > open; // it's, don't
      if (apostrophe || /[\s"{]/.test(text.slice(open + 1, close))) {
        sink.warnings.push({
          code: 'quote-in-single-quotes',
          message: `This ' probably ends the single-quoted string too early, which changes the argument. ${BROKEN_QUOTE_FIX}`,
          start: close,
          end: close + 1,
        });
      }
    }
  }

  /**
   * `"..."`: kept as written for shell-quote, which handles `\"`, `\\` and `\$`
   * like bash and keeps the backslash before other characters (`"a\nb"` stays
   * `a\nb`), also like bash. Rewritten: backslash-newline (removed by bash),
   * `` \` `` (bash drops the backslash, shell-quote keeps it), and every `$`
   * and backtick (substitutions become placeholders; a lone `$` becomes `\$`).
   */
  private doubleQuoted(parts: string[], sink: Sink): void {
    const { text } = this;
    const open = this.i;
    let run = open;
    this.i++;
    for (;;) {
      if (this.i >= text.length) throw this.unterminated(open, 1, 'This double quote is never closed.');
      const c = text[this.i];
      if (c === '"') {
        this.i++;
        parts.push(text.slice(run, this.i));
        return;
      }
      if (c === '\\') {
        const after = lineBreakEnd(text, this.i + 1);
        const backtick = text[this.i + 1] === '`';
        if (after < 0 && !backtick) {
          this.i += 2;
          continue;
        }
        parts.push(text.slice(run, this.i));
        if (backtick) parts.push('`');
        this.i = backtick ? this.i + 2 : after;
        run = this.i;
      } else if (c === '$' || c === '`') {
        parts.push(text.slice(run, this.i));
        if (c === '$') this.dollar(parts, sink, true);
        else this.substitution(parts, sink, this.i, this.i);
        run = this.i;
      } else {
        this.i++;
      }
    }
  }

  /** `$'...'`, decoded here and handed to shell-quote as an equivalent single-quoted string. */
  private ansiC(parts: string[], sink: Sink): void {
    const { text } = this;
    const open = this.i;
    let j = open + 2;
    while (j < text.length && text[j] !== "'") j += text[j] === '\\' ? 2 : 1;
    if (j >= text.length) throw this.unterminated(open, 2, "This $' string is never closed.");
    const { value, truncated, rawBytes } = decodeAnsiC(text.slice(open + 2, j));
    if (rawBytes) {
      sink.warnings.push({
        code: 'raw-bytes',
        message:
          "This $'...' string gives bytes that are not UTF-8 text: bash turns \\xHH and \\NNN into bytes, not " +
          "characters, and curl sends them as they are. (Firefox's Copy as cURL writes é as \\xe9, where the " +
          'browser itself sent UTF-8.)',
        start: open,
        end: j + 1,
      });
    }
    if (truncated) {
      sink.warnings.push({
        code: 'nul-truncated',
        message: "A NUL character ends this $'...' string in bash, so the rest of it is left out (as bash would).",
        start: open,
        end: j + 1,
      });
    }
    parts.push(rewriteSingleQuoted(value));
    this.i = j + 1;
  }

  /**
   * `$` outside single quotes: a variable, `${...}`, `$(...)`, `$'...'`, `$"..."`,
   * or a literal `$` when nothing nameable follows.
   */
  private dollar(parts: string[], sink: Sink, inDoubleQuotes: boolean): void {
    const { text } = this;
    const start = this.i;
    const next = text[start + 1];
    if (!inDoubleQuotes && next === "'") return this.ansiC(parts, sink);
    if (!inDoubleQuotes && next === '"') {
      this.i++; // $"..." is a translatable string: without a message catalog, it is "...".
      return this.doubleQuoted(parts, sink);
    }
    if (next === '(') return this.substitution(parts, sink, start, start + 1);
    let end: number;
    let name: string;
    if (next === '{') {
      end = findSubstitutionEnd(text, start + 1);
      if (end < 0)
        throw new CurlParseError(
          'This ${ is never closed.',
          'unterminated-substitution',
          spanAt(text, start, start + 2),
        );
      name = bracedName(text.slice(start + 2, end - 1));
      if (name === '') {
        throw new CurlParseError(
          `${abbreviate(text.slice(start, end))} is not a valid parameter expansion.`,
          'bad-substitution',
          spanAt(text, start, end),
        );
      }
    } else if (isNameStart(next)) {
      end = start + 2;
      while (isNameChar(text[end])) end++;
      name = text.slice(start + 1, end);
    } else if (next !== undefined && SPECIAL_PARAMETERS.includes(next)) {
      end = start + 2;
      name = next;
    } else {
      parts.push('\\$');
      this.i++;
      return;
    }
    sink.refs.push({ kind: 'variable', name, source: text.slice(start, end), start, end });
    parts.push(placeholder(sink.refs.length - 1));
    this.i = end;
  }

  /** `$(...)`, `` `...` `` or `<(...)` starting at `start`, whose opening character is at `open`. */
  private substitution(parts: string[], sink: Sink, start: number, open: number): void {
    const { text } = this;
    const end = findSubstitutionEnd(text, open);
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

  /** The error for a quote that never closes, or for the `'` that broke the quoting before it. */
  private unterminated(open: number, length: number, message: string): CurlParseError {
    if (this.suspectQuote >= 0 && this.suspectQuote < open) {
      return new CurlParseError(
        `This ' ends the single-quoted string too early, so the quoting after it never closes. ${BROKEN_QUOTE_FIX}`,
        'quote-in-single-quotes',
        spanAt(this.text, this.suspectQuote, this.suspectQuote + 1),
      );
    }
    return new CurlParseError(message, 'unterminated-quote', spanAt(this.text, open, open + length));
  }
}

/** Decodes one rewritten word on its own (used for here-document delimiters and as a fallback). */
function decodeOne(text: string, word: ScannedWord): string {
  let entries: ParseEntry[];
  try {
    entries = shellQuoteParse(word.rewritten);
  } catch {
    entries = [];
  }
  const value = entries.length === 1 ? entryValue(entries[0]) : undefined;
  if (value === undefined) {
    throw new CurlParseError('This argument could not be read.', 'shell-decode', spanAt(text, word.start, word.end));
  }
  return value;
}

/** The text of a word that is one single-quoted string (`'...'` holds its text as written), else undefined. */
function singleQuoted(word: string): string | undefined {
  if (word.length < 2 || word.charCodeAt(0) !== 0x27 || word.charCodeAt(word.length - 1) !== 0x27) return undefined;
  const inner = word.slice(1, -1);
  return inner.includes("'") ? undefined : inner;
}

/**
 * Undoes the quoting of the words. A word without quotes or backslashes (`curl`,
 * `-H`, an unquoted URL, a lone variable) is its own value. The others go to
 * shell-quote in one call (a call per word compiles its regexes each time, too slow
 * for large pastes); rewritten words contain no unescaped blanks, so shell-quote
 * returns one entry per word.
 */
function decodeWords(text: string, words: readonly ScannedWord[]): string[] {
  const values = words.map((w) => (/[\\'"]/.test(w.rewritten) ? singleQuoted(w.rewritten) : w.rewritten));
  const quoted = words.filter((_, k) => values[k] === undefined);
  if (quoted.length === 0) return values as string[];
  let entries: ParseEntry[] | undefined;
  try {
    entries = shellQuoteParse(quoted.map((w) => w.rewritten).join(' '));
  } catch {
    entries = undefined;
  }
  const decoded = entries?.length === quoted.length ? entries.map(entryValue) : [];
  let next = 0;
  return words.map((word, k) => {
    if (values[k] !== undefined) return values[k];
    const value = decoded[next++];
    return value ?? decodeOne(text, word);
  });
}

/** Splits a bash command line (or several) into commands and words. */
export function tokenizeBash(input: string): TokenizeResult {
  // No terminal passes a lone surrogate on, and one next to a byte from an escape would pair up
  // with it: U+FFFD, as the terminal shows it (src/core/raw-bytes.ts). Positions stay.
  const text = wellFormed(input);
  const out = new ResultBuilder(text, 'bash');
  const commands = new BashScanner(text, out).run();
  const values = decodeWords(
    text,
    flatMap(commands, (command) => command.words),
  );
  let index = 0;
  for (const command of commands) {
    out.addCommand(
      // Bytes from $'...' strings side by side join (`$'\xc3'$'\xa9'` is é); joinRawBytes leaves markers be.
      command.words.map((w) =>
        out.word(w.start, w.end, replacePlaceholders(joinRawBytes(values[index++]!), command.markers)),
      ),
      command.stdin,
    );
  }
  return out.result();
}
