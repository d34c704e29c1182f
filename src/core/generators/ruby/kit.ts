/**
 * What Ruby programs need: string literals as RuboCop's defaults want them
 * (single-quoted unless the text needs an escape or a `#{}` interpolation of a
 * shell variable; in double quotes every other `#` is escaped so that no text
 * becomes code), `%w[]` for arrays of plain words, snake-case locals, and the
 * call layout RuboCop accepts (arguments on one line up to 120 columns, else
 * one per line, no trailing comma).
 */
import { splitVariables } from '../../variables.ts';
import { isPrintableAscii } from '../literals.ts';

const SIMPLE: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '#': '\\#',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\u001b': '\\e',
};

function mustEscape(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    code === 0x200e ||
    code === 0x200f ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0xfeff
  );
}

/** The inside of a double-quoted literal. A lone surrogate (which a Ruby UTF-8 string cannot hold) becomes U+FFFD. */
function escapeText(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (SIMPLE[ch] !== undefined) out += SIMPLE[ch];
    else if (code >= 0xd800 && code <= 0xdfff) out += '\\uFFFD';
    else if (mustEscape(code)) out += `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
    else out += ch;
  }
  return out;
}

/**
 * Text a single-quoted literal can hold (with `\\` for a backslash): no `'`, nothing that needs an escape,
 * and no `#{`, which RuboCop's Lint/InterpolationCheck would take for a forgotten interpolation.
 */
function singleQuotable(text: string): boolean {
  // Printable ASCII needs only the `'` and `#{` checks.
  if (isPrintableAscii(text)) return !text.includes("'") && !text.includes('#{');
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code === 0x27 || mustEscape(code) || (code >= 0xd800 && code <= 0xdfff)) return false;
  }
  return !text.includes('#{');
}

/** A Ruby string literal holding exactly `text`: single-quoted where it can be (RuboCop's Style/StringLiterals). */
export function rbString(text: string): string {
  if (!singleQuotable(text)) return `"${escapeText(text)}"`;
  return text.includes('\\') ? `'${text.replace(/\\/g, '\\\\')}'` : `'${text}'`;
}

/** RuboCop's Style/WordArray words (its default WordRegex): Ruby's `\p{Word}` characters, inner hyphens, tabs, newlines. */
const W = '[\\p{L}\\p{M}\\p{Nd}\\p{Pc}]';
const WORD = new RegExp(`^(?:${W}|${W}-${W}|\\n|\\t)+$`, 'u');

/** An array of literal strings: `%w[a b]` when every one is a word (`%W[]` when one holds a tab or newline). */
export function rbStrings(texts: readonly string[]): string {
  if (texts.length < 2 || !texts.every((t) => WORD.test(t))) return `[${texts.map(rbString).join(', ')}]`;
  if (texts.some((t) => /[\t\n]/.test(t)))
    return `%W[${texts.map((t) => t.replace(/\t/g, '\\t').replace(/\n/g, '\\n')).join(' ')}]`;
  return `%w[${texts.join(' ')}]`;
}

const RESERVED = new Set(
  [
    'BEGIN END alias and begin break case class def defined? do else elsif end ensure false for if in module next nil',
    'not or redo rescue retry return self super then true undef unless until when while yield __method__',
    'uri request response http form data body input file',
  ]
    .join(' ')
    .split(' '),
);

/** Locals for shell variables and files, unique within one program. */
export class RbNames {
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

  /** `token = ENV.fetch('TOKEN', '')` for each variable, in order. */
  declare(variables: readonly string[]): string[] {
    return variables.map((name) => `${this.variable(name)} = ENV.fetch(${rbString(name)}, '')`);
  }
}

/** A string expression for a model string: a literal, a variable, or an interpolating literal. */
export function rbText(text: string, names: RbNames): string {
  const parts = splitVariables(text);
  if (parts.length === 1 && typeof parts[0] !== 'string') return names.variable(parts[0]!.variable);
  if (parts.every((part) => typeof part === 'string')) return rbString(text);
  return `"${parts.map((part) => (typeof part === 'string' ? escapeText(part) : `#{${names.variable(part.variable)}}`)).join('')}"`;
}

/** RuboCop's default line length. */
const LINE_LENGTH = 120;

/** `prefix(arg, arg)suffix` on one line when it fits, else one argument per line. */
export function rbCall(prefix: string, args: string[], suffix = '', indent = '', unit = '  '): string[] {
  const one = `${indent}${prefix}(${args.join(', ')})${suffix}`;
  if (one.length <= LINE_LENGTH || args.length === 0) return [one];
  return [
    `${indent}${prefix}(`,
    ...args.map((a, i) => `${indent}${unit}${a}${i < args.length - 1 ? ',' : ''}`),
    `${indent})${suffix}`,
  ];
}
