/**
 * Writes an argument value as one word of bash, Windows cmd or PowerShell, in
 * several quoting styles, so that the shell (and our tokenizer) reads back
 * exactly that value. The grammar-based fuzz commands are built from these.
 */
import type { Dialect } from '../../src/core/shell/types.ts';

export type BashStyle = 'plain' | 'single' | 'double' | 'ansi';
export type CmdStyle = 'plain' | 'caret' | 'quoted';
export type PowerShellStyle = 'plain' | 'single' | 'double' | 'backtick';
export type QuoteStyle = BashStyle | CmdStyle | PowerShellStyle;

export const STYLES: Record<Dialect, readonly QuoteStyle[]> = {
  bash: ['plain', 'single', 'double', 'ansi'],
  cmd: ['plain', 'caret', 'quoted'],
  powershell: ['plain', 'single', 'double', 'backtick'],
};

const codePoints = (text: string) => Array.from(text);
const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');

/** Splits a value into `count` runs of whole code points (so no surrogate pair is cut). */
export function chunks(value: string, count: number): string[] {
  const points = codePoints(value);
  if (count <= 1 || points.length < 2) return [value];
  const size = Math.ceil(points.length / count);
  const out: string[] = [];
  for (let i = 0; i < points.length; i += size) out.push(points.slice(i, i + size).join(''));
  return out;
}

// --- bash -------------------------------------------------------------------

const BASH_SAFE = /^[A-Za-z0-9_@%+=:,./-]$/;

function bashChunk(value: string, style: BashStyle): string {
  switch (style) {
    case 'plain':
      if (value === '') return "''";
      // A backslash quotes any character except a line break: backslash-newline is a continuation, and
      // so is backslash-CR-LF for the tokenizer, which takes CRLF pastes as they were meant.
      return codePoints(value)
        .map((c) => (BASH_SAFE.test(c) ? c : c === '\n' || c === '\r' ? `'${c}'` : `\\${c}`))
        .join('');
    case 'single':
      return `'${value.replace(/'/g, `'\\''`)}'`;
    case 'double':
      return `"${value.replace(/[\\"$`]/g, '\\$&')}"`;
    case 'ansi': {
      let out = "$'";
      for (const c of codePoints(value)) {
        const code = c.codePointAt(0)!;
        if (c === '\\' || c === "'") out += `\\${c}`;
        else if (c === '\n') out += '\\n';
        else if (c === '\t') out += '\\t';
        // Fixed-width escapes, so a following hex or octal digit is never read as part of them.
        else if (code < 0x20 || code === 0x7f)
          out += code % 2 === 0 ? `\\x${hex(code, 2)}` : `\\${code.toString(8).padStart(3, '0')}`;
        // A lone surrogate stays as it is: bash turns `\ud83d` into the bytes ED A0 BD, not that character.
        else if (code < 0x80 || code % 2 === 0 || (code >= 0xd800 && code <= 0xdfff)) out += c;
        else out += code <= 0xffff ? `\\u${hex(code, 4)}` : `\\U${hex(code, 8)}`;
      }
      return `${out}'`;
    }
  }
}

/** One bash word: the value cut into as many runs as there are styles, each run quoted its own way. */
export function bashWord(value: string, styles: readonly BashStyle[]): string {
  const runs = chunks(value, styles.length);
  return runs.map((run, i) => bashChunk(run, styles[i % styles.length]!)).join('');
}

// --- Windows cmd --------------------------------------------------------------

const CMD_SAFE = /^[A-Za-z0-9_@+=:,./-]+$/;

/**
 * The Microsoft C runtime's quoting of one argument: backslashes are doubled
 * only before a quote; a quote inside is `\"` or (Firefox's way) `""`.
 */
function crtQuote(value: string, doubling: boolean): string {
  let out = '"';
  let backslashes = 0;
  for (const c of value) {
    if (c === '\\') {
      backslashes++;
      continue;
    }
    if (c === '"') {
      out += doubling ? `${'\\'.repeat(backslashes * 2)}""` : `${'\\'.repeat(backslashes * 2 + 1)}"`;
    } else {
      out += '\\'.repeat(backslashes) + c;
    }
    backslashes = 0;
  }
  return `${out}${'\\'.repeat(backslashes * 2)}"`;
}

/**
 * One cmd word. `caret` is Chrome's style: every quote and special character
 * behind a `^`, so cmd.exe never enters its quoted state, and a newline as `^`
 * and two line breaks. `quoted` is Firefox's: cmd.exe's own quotes with `""`.
 * Values must not hold CR (cmd drops it) or `%NAME%` (cmd expands it).
 */
export function cmdWord(value: string, style: CmdStyle): string {
  if (style === 'plain' && CMD_SAFE.test(value)) return value;
  if (style === 'quoted' && !/[\r\n]/.test(value)) return crtQuote(value, true);
  return codePoints(crtQuote(value, false))
    .map((c) => (c === '\n' ? '^\n\n' : /^[\^&|<>"]$/.test(c) ? `^${c}` : c))
    .join('');
}

// --- PowerShell ---------------------------------------------------------------

const PS_SAFE = /^[A-Za-z0-9_+=:./-]$/;
const PS_SINGLE = /['\u2018\u2019\u201a\u201b]/g;
const PS_DOUBLE = /["\u201c\u201d\u201e`$]/g;

function powerShellChunk(value: string, style: PowerShellStyle): string {
  switch (style) {
    case 'plain':
    case 'backtick':
      if (value === '') return "''";
      // A backtick takes any character literally, except the escape letters (never escaped
      // here: they are safe) and a line break, which it would turn into a continuation.
      return codePoints(value)
        .map((c) => (PS_SAFE.test(c) ? c : c === '\n' ? '`n' : c === '\r' ? '`r' : `\`${c}`))
        .join('');
    case 'single':
      return `'${value.replace(PS_SINGLE, '$&$&')}'`;
    case 'double':
      return `"${value.replace(PS_DOUBLE, '`$&')}"`;
  }
}

/** One PowerShell word, cut into runs like {@link bashWord}. */
export function powerShellWord(value: string, styles: readonly PowerShellStyle[]): string {
  // Two runs in the same quotes side by side would read as one doubled quote ('a''b' is a'b).
  const distinct = styles.filter((style, i) => i === 0 || style !== styles[i - 1]);
  const runs = chunks(value, distinct.length);
  return runs.map((run, i) => powerShellChunk(run, distinct[i % distinct.length]!)).join('');
}

/** Writes `value` as one word of `dialect` with these styles (cmd uses only the first). */
export function quoteWord(dialect: Dialect, value: string, styles: readonly QuoteStyle[]): string {
  switch (dialect) {
    case 'bash':
      return bashWord(value, styles as BashStyle[]);
    case 'cmd':
      return cmdWord(value, styles[0] as CmdStyle);
    case 'powershell':
      return powerShellWord(value, styles as PowerShellStyle[]);
  }
}

/** Whether `value` can be written as a word of `dialect` at all (what no quoting can carry). */
export function canCarry(dialect: Dialect, value: string): boolean {
  // NUL ends a C string; U+E000-U+E003 are the tokenizers' own markers (see the fuzz report).
  if (/[\0\uE000-\uE003]/.test(value)) return false;
  if (dialect === 'cmd') return !/\r|%[A-Za-z_][A-Za-z0-9_()]*%/.test(value);
  return true;
}
