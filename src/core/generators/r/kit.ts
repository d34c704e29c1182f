/**
 * What R programs need: string literals with every non-ASCII character as a
 * `\u` escape (R reads source text in the session's locale, escapes the same
 * everywhere), `paste0()` for shell variables read with `Sys.getenv()`, and
 * calls laid out the way styler's tidyverse style does (one line up to 80
 * columns, else one argument per line).
 */
import { flatMap } from '../../arrays.ts';
import { splitVariables } from '../../variables.ts';
import { isPlainDoubleQuoted } from '../literals.ts';

const SIMPLE: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** The inside of a double-quoted literal. NUL (which an R string cannot hold) is the caller's concern. */
function escapeText(text: string): string {
  if (isPlainDoubleQuoted(text)) return text;
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (SIMPLE[ch] !== undefined) out += SIMPLE[ch];
    // \u rather than \x: R refuses a string that mixes the two.
    else if (code < 0x20 || code === 0x7f) out += `\\u{${code.toString(16).padStart(4, '0')}}`;
    else if (code >= 0xd800 && code <= 0xdfff) out += '\\ufffd';
    else if (code > 0xffff) out += `\\U{${code.toString(16)}}`;
    else if (code > 0x7e) out += `\\u{${code.toString(16).padStart(4, '0')}}`;
    else out += ch;
  }
  return out;
}

/** An R string literal holding exactly `text` (without NUL). */
export function rString(text: string): string {
  return `"${escapeText(text)}"`;
}

/** Whether R can hold the text in a string (no NUL). */
export function rCanHold(text: string): boolean {
  return !text.includes('\0');
}

const RESERVED = new Set(
  'if else repeat while function for next break TRUE FALSE NULL Inf NaN NA in response data body form c t T F'.split(
    ' ',
  ),
);

/** Names for shell variables, unique within one program. */
export class RNames {
  private readonly used = new Set<string>();
  private readonly variables = new Map<string, string>();

  pick(wanted: string): string {
    let base = wanted
      .replace(/[^A-Za-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .toLowerCase();
    if (base === '' || /^[0-9]/.test(base)) base = `value_${base}`.replace(/_$/, '');
    let name = base;
    for (let i = 2; RESERVED.has(name) || this.used.has(name); i++) name = `${base}_${i}`;
    this.used.add(name);
    return name;
  }

  variable(name: string): string {
    let local = this.variables.get(name);
    if (local === undefined) {
      local = this.pick(name);
      this.variables.set(name, local);
    }
    return local;
  }

  /** `token <- Sys.getenv("TOKEN")` for each variable, in order. */
  declare(variables: readonly string[]): string[] {
    return variables.map((name) => `${this.variable(name)} <- Sys.getenv(${rString(name)})`);
  }
}

/** R's parser refuses longer string constants (about 10 000 bytes): longer text is pasted from pieces. */
const CHUNK = 2000;

/** A string expression for a model string: a literal, a variable, or `paste0(...)`. */
export function rText(text: string, names: RNames): string {
  const parts = flatMap(splitVariables(text), (part) => {
    if (typeof part !== 'string' || part.length <= CHUNK) return [part];
    const chunks: string[] = [];
    // Split between code points, never inside a surrogate pair.
    for (let i = 0; i < part.length;) {
      let end = Math.min(i + CHUNK, part.length);
      if (end < part.length && /[\ud800-\udbff]/.test(part[end - 1]!)) end++;
      chunks.push(part.slice(i, end));
      i = end;
    }
    return chunks;
  });
  if (parts.length === 1) return typeof parts[0] === 'string' ? rString(parts[0]) : names.variable(parts[0]!.variable);
  return `paste0(${parts.map((p) => (typeof p === 'string' ? rString(p) : names.variable(p.variable))).join(', ')})`;
}

/** A name in a call or list: bare when it is a syntactic R name, else quoted. */
export function rName(text: string, names: RNames): string {
  if (/^[A-Za-z][A-Za-z0-9._]*$/.test(text) && !RESERVED.has(text)) return text;
  return rText(text, names);
}

const LINE_LENGTH = 80;

/** `prefix(args)` on one line when it fits, else one argument per line (styler's tidyverse layout). */
export function rCall(prefix: string, args: string[][], indent = '', unit = '  '): string[] {
  const flat = args.every((a) => a.length === 1);
  const one = `${indent}${prefix}(${args.map((a) => a[0]).join(', ')})`;
  if (flat && one.length <= LINE_LENGTH) return [one];
  const out = [`${indent}${prefix}(`];
  args.forEach((arg, i) => {
    const comma = i < args.length - 1 ? ',' : '';
    arg.forEach((line, j) => out.push(`${indent}${unit}${line}${j === arg.length - 1 ? comma : ''}`));
  });
  out.push(`${indent})`);
  return out;
}
