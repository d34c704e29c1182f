/**
 * The PHP language kit: string literals (single quotes where they hold the
 * text as it is, double quotes with escapes for control characters and
 * bytes that are not UTF-8), shell variables read with `getenv`, text around
 * them joined with `.`, array literals laid out as PSR-12 and PHP-CS-Fixer
 * write them (four spaces, one item per line with a trailing comma when the
 * array does not fit on its line), and the program's frame. The PHP clients
 * (curl, Guzzle) render their request with these.
 */
import { flatMap, join } from '../../arrays.ts';
import { splitVariables } from '../../variables.ts';
import { isPrintableAscii } from '../literals.ts';

/** PSR-12's soft line limit. */
const LINE_LENGTH = 120;
export const PHP_INDENT = '    ';

const hex = (n: number) => n.toString(16).toUpperCase().padStart(2, '0');

function needsDoubleQuotes(code: number): boolean {
  return (
    code < 0x20 ||
    code === 0x7f ||
    (code >= 0xd800 && code <= 0xdfff) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    code === 0x200e ||
    code === 0x200f ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0xfeff
  );
}

/**
 * A PHP string literal for a model string: its UTF-8 bytes, a raw-byte
 * character (U+DC80–U+DCFF) as its own byte (`"\xFF"`), any other lone
 * surrogate as U+FFFD. Single-quoted unless a character needs an escape;
 * in double quotes `$` is escaped, so nothing is ever interpolated.
 */
export function phpString(text: string): string {
  const plain = isPrintableAscii(text);
  const chars = plain ? [] : [...text];
  if (plain || !chars.some((ch) => needsDoubleQuotes(ch.codePointAt(0)!))) {
    return `'${text.replace(/\\(?=\\|'|$)/g, '\\\\').replace(/'/g, "\\'")}'`;
  }
  let out = '"';
  for (const ch of chars) {
    const code = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '$') out += '\\$';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code >= 0xdc80 && code <= 0xdcff) out += `\\x${hex(code - 0xdc00)}`;
    else if (code >= 0xd800 && code <= 0xdfff) out += '\\u{FFFD}';
    else if (code < 0x20 || code === 0x7f) out += `\\x${hex(code)}`;
    else if (needsDoubleQuotes(code)) out += `\\u{${code.toString(16).toUpperCase()}}`;
    else out += ch;
  }
  return `${out}"`;
}

const PHP_RESERVED = new Set(
  [
    'this GLOBALS _SERVER _GET _POST _FILES _COOKIE _SESSION _REQUEST _ENV argv argc http_response_header',
    'ch client response options headers body multipart data fp e',
  ]
    .join(' ')
    .split(' '),
);

/** `$name` variables for shell variables, unique within one program. */
export class PhpNames {
  private readonly used = new Set<string>();
  private readonly variables = new Map<string, string>();

  pick(wanted: string): string {
    let base = wanted.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '');
    if (base === '' || /^[0-9]/.test(base)) base = `var_${base}`;
    base = base.toLowerCase();
    let name = base;
    for (let i = 2; PHP_RESERVED.has(name) || this.used.has(name); i++) name = `${base}_${i}`;
    this.used.add(name);
    return `$${name}`;
  }

  /** The PHP variable holding shell variable `name`. */
  variable(name: string): string {
    let id = this.variables.get(name);
    if (id === undefined) {
      id = this.pick(name);
      this.variables.set(name, id);
    }
    return id;
  }

  /** `$token = (string) getenv('TOKEN');` for each variable used, in order (unset reads as ''). */
  declare(variables: readonly string[]): string[] {
    return variables.map((name) => `${this.variable(name)} = (string) getenv(${phpString(name)});`);
  }
}

/** A string expression for a model string: a literal, a variable, or both joined with `.`. */
export function phpText(text: string, names: PhpNames): string {
  const parts = splitVariables(text);
  return parts
    .filter((part) => part !== '' || parts.length === 1)
    .map((part) => (typeof part === 'string' ? phpString(part) : names.variable(part.variable)))
    .join(' . ');
}

// ---------------------------------------------------------------------------
// Array literals

/** `flatText` keeps the one-line text once made (expressions are not changed after they are built). */
export type PhpExpr = { flatText?: string } & (
  | { kind: 'atom'; text: string }
  /** `[item, key => value, ...]`; `key` is source text. */
  | { kind: 'array'; items: { key?: string; value: PhpExpr }[] }
  /** `callee(args)` */
  | { kind: 'call'; callee: string; args: PhpExpr[] }
);

export const atom = (text: string): PhpExpr => ({ kind: 'atom', text });
export const list = (values: PhpExpr[]): PhpExpr => ({ kind: 'array', items: values.map((value) => ({ value })) });
export const assoc = (entries: [string, PhpExpr][]): PhpExpr => ({
  kind: 'array',
  items: entries.map(([key, value]) => ({ key, value })),
});
export const call = (callee: string, args: PhpExpr[]): PhpExpr => ({ kind: 'call', callee, args });

function flat(e: PhpExpr): string {
  if (e.kind === 'atom') return e.text;
  return (e.flatText ??= flatUncached(e));
}

/** Code points, as the line length counts them. */
function lengthOf(text: string): number {
  return /[\ud800-\udfff]/.test(text) ? [...text].length : text.length;
}

function flatUncached(e: PhpExpr): string {
  switch (e.kind) {
    case 'atom':
      return e.text;
    case 'array':
      return `[${join(
        e.items.map((i) => (i.key === undefined ? flat(i.value) : `${i.key} => ${flat(i.value)}`)),
        ', ',
      )}]`;
    case 'call':
      return `${e.callee}(${join(e.args.map(flat), ', ')})`;
  }
}

/**
 * `prefix + e + suffix` at `indent`: on one line when it fits (and, for an
 * associative array, holds one entry at most); else the array is split one
 * item per line with trailing commas, and a call keeps its last argument's
 * opening bracket on its line.
 */
export function layout(e: PhpExpr, indent: string, prefix = '', suffix = ''): string[] {
  const one = `${indent}${prefix}${flat(e)}${suffix}`;
  const multiEntry = e.kind === 'array' && e.items.filter((i) => i.key !== undefined).length > 1;
  if (!multiEntry && lengthOf(one) <= LINE_LENGTH) return [one];
  const inner = indent + PHP_INDENT;
  if (e.kind === 'array' && e.items.length > 0) {
    const items = flatMap(e.items, (i) => layout(i.value, inner, i.key === undefined ? '' : `${i.key} => `, ','));
    return [`${indent}${prefix}[`, ...items, `${indent}]${suffix}`];
  }
  if (e.kind === 'call' && e.args.length > 0) {
    const last = e.args[e.args.length - 1]!;
    const head = e.args.slice(0, -1).map(flat);
    if (last.kind === 'array') {
      return layout(last, indent, `${prefix}${e.callee}(${join([...head, ''], ', ')}`, `)${suffix}`);
    }
    return [
      `${indent}${prefix}${e.callee}(`,
      ...flatMap(e.args, (arg, i) => layout(arg, inner, '', i === e.args.length - 1 ? '' : ',')),
      `${indent})${suffix}`,
    ];
  }
  return [one];
}

/**
 * PHP's `urlencode` (what `http_build_query` writes): letters, digits and
 * `-_.` as they are, a space as `+`, every other byte `%XX`.
 */
export function phpUrlencode(text: string): string {
  if (/^[A-Za-z0-9\-_.]*$/.test(text)) return text;
  let out = '';
  for (const byte of new TextEncoder().encode(text)) {
    const ch = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-_.]/.test(ch)) out += ch;
    else if (byte === 0x20) out += '+';
    else out += `%${hex(byte)}`;
  }
  return out;
}

/** A PHP program: `<?php`, a blank line, then the sections separated by blank lines. */
export function phpProgram(sections: string[][]): string {
  const body = sections.filter((s) => s.length > 0).map((s) => s.join('\n'));
  return `<?php\n\n${body.join('\n\n')}\n`;
}

/** A file's bytes as a PHP expression (CR and LF removed for `-d @file`); `-` is standard input. */
export function phpReadFile(path: string, strip: boolean, names: PhpNames): string {
  const read = `file_get_contents(${path === '-' ? "'php://stdin'" : phpText(path, names)})`;
  return strip ? `str_replace(["\\r", "\\n"], '', ${read})` : read;
}
