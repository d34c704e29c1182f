/**
 * What the Python generators (requests and httpx) share: expressions laid out
 * the way `black` formats them, string and bytes literals (f-strings for shell
 * variables), JSON and form literals that are only used when the library
 * reproduces the exact bytes, query parameters, multipart plans and imports.
 */
import { flatMap, join } from '../../arrays.ts';
import type { Warning } from '../../errors.ts';
import type { HeaderLine } from '../../http/request.ts';
import type { DataPiece, FormPart } from '../../curl/model.ts';
import { curlUrlEncode } from '../../curl/urlencode.ts';
import { splitVariables } from '../../variables.ts';
import { pyString } from '../literals.ts';
import { parseForm, pythonFormEncode } from '../../request-spec/encodings.ts';
import { planRequest, type Plan } from '../../request-spec/plan.ts';
import { profileOf } from '../../request-spec/profiles.ts';
import type { JsonStyle, RequestSpec, SpecBody } from '../../request-spec/spec.ts';
import { specWarning } from '../../request-spec/warnings.ts';
import type { GenerateOptions } from '../types.ts';

// ---------------------------------------------------------------------------
// Expressions and black-style layout

/**
 * `flat` keeps the expression's one-line text once made, `flatWidth` its width (expressions are not
 * changed after they are built).
 */
export type PyExpr = { flat?: string; flatWidth?: number } & (
  | { kind: 'atom'; text: string }
  /** `callee(args)after`, e.g. `json.dumps(x).encode()` with `after` = `.encode()`. */
  | { kind: 'call'; callee: string; args: PyExpr[]; after?: string }
  | { kind: 'collection'; brackets: '{}' | '[]' | '()'; items: PyExpr[] }
  /** A dict entry (`key: value`) or a keyword argument (`name=value`); `key` is source text. */
  | { kind: 'pair'; key: string; separator: ': ' | '='; value: PyExpr }
  /** `a + b + c` (only as the right-hand side of an assignment). */
  | { kind: 'sum'; terms: PyExpr[] }
);

export const atom = (text: string): PyExpr => ({ kind: 'atom', text });
export const call = (callee: string, args: PyExpr[], after?: string): PyExpr => ({ kind: 'call', callee, args, after });
export const kwarg = (name: string, value: PyExpr): PyExpr => ({ kind: 'pair', key: name, separator: '=', value });
export const tuple = (items: PyExpr[]): PyExpr => ({ kind: 'collection', brackets: '()', items });
export const list = (items: PyExpr[]): PyExpr => ({ kind: 'collection', brackets: '[]', items });
export const dict = (entries: [string, PyExpr][]): PyExpr => ({
  kind: 'collection',
  brackets: '{}',
  items: entries.map(([key, value]) => ({ kind: 'pair', key, separator: ': ', value })),
});
export const sum = (terms: PyExpr[]): PyExpr => (terms.length === 1 ? terms[0]! : { kind: 'sum', terms });

/** black's line length. */
const LINE_LENGTH = 88;

/** Characters as Python counts them (code points). */
function width(text: string): number {
  // Without surrogates every code point is one UTF-16 unit.
  if (!/[\ud800-\udfff]/.test(text)) return text.length;
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** The width of the expression on one line. */
function flatWidth(e: PyExpr): number {
  return (e.flatWidth ??= width(flat(e)));
}

/** The width of the items joined with `, `. */
function joinedWidth(items: PyExpr[]): number {
  let total = 2 * (items.length - 1);
  for (const item of items) total += flatWidth(item);
  return total;
}

export function flat(e: PyExpr): string {
  if (e.kind === 'atom') return e.text;
  return (e.flat ??= flatUncached(e));
}

function flatUncached(e: PyExpr): string {
  switch (e.kind) {
    case 'atom':
      return e.text;
    case 'call':
      return `${e.callee}(${join(e.args.map(flat), ', ')})${e.after ?? ''}`;
    case 'collection': {
      const oneTuple = e.brackets === '()' && e.items.length === 1 ? ',' : '';
      return `${e.brackets[0]}${join(e.items.map(flat), ', ')}${oneTuple}${e.brackets[1]}`;
    }
    case 'pair':
      return `${e.key}${e.separator}${flat(e.value)}`;
    case 'sum':
      return join(e.terms.map(flat), ' + ');
  }
}

/**
 * Lays out `prefix + e + suffix` at an indentation the way black does for
 * these shapes: on one line when it fits; else the last bracket is split,
 * with the contents on one line when they fit (calls) or one item per line
 * with a trailing comma (collections always, calls when the contents do not
 * fit).
 */
export function layout(e: PyExpr, indent: string, unit: string, prefix = '', suffix = ''): string[] {
  // Widths are added up from the parts: the line itself is made only when it is the answer.
  const around = width(indent) + width(prefix) + width(suffix);
  if (around + flatWidth(e) <= LINE_LENGTH) return [`${indent}${prefix}${flat(e)}${suffix}`];
  const inner = indent + unit;
  const innerWidth = width(inner);
  switch (e.kind) {
    case 'pair':
      return layout(e.value, indent, unit, `${prefix}${e.key}${e.separator}`, suffix);
    case 'sum': {
      const bodyWidth = joinedWidth(e.terms) + e.terms.length - 1;
      if (innerWidth + bodyWidth <= LINE_LENGTH) {
        return [`${indent}${prefix}(`, inner + join(e.terms.map(flat), ' + '), `${indent})${suffix}`];
      }
      return [
        `${indent}${prefix}(`,
        ...e.terms.map((term, i) => `${inner}${i === 0 ? '' : '+ '}${flat(term)}`),
        `${indent})${suffix}`,
      ];
    }
    case 'call':
    case 'collection': {
      const items = e.kind === 'call' ? e.args : e.items;
      if (items.length === 0) return [`${indent}${prefix}${flat(e)}${suffix}`];
      const head = `${indent}${prefix}${e.kind === 'call' ? `${e.callee}(` : e.brackets[0]}`;
      const tail = `${indent}${e.kind === 'call' ? `)${e.after ?? ''}` : e.brackets[1]}${suffix}`;
      const oneTuple = e.kind === 'collection' && e.brackets === '()' && items.length === 1;
      // A collection with commas is always exploded; a call's arguments stay on one line when they fit.
      const explode = e.kind === 'collection' && (items.length > 1 || oneTuple);
      if (!explode && innerWidth + joinedWidth(items) <= LINE_LENGTH) {
        return [head, inner + join(items.map(flat), ', '), tail];
      }
      if (items.length === 1 && !oneTuple) return [head, ...layout(items[0]!, inner, unit), tail];
      return [head, ...flatMap(items, (item) => layout(item, inner, unit, '', ',')), tail];
    }
    case 'atom':
      return [`${indent}${prefix}${flat(e)}${suffix}`];
  }
}

/** `name = value`, with black's parentheses around a right-hand side it cannot split better. */
export function assignment(name: string, value: PyExpr, indent: string, unit: string): string[] {
  const prefix = `${name} = `;
  if (
    value.kind === 'call' &&
    value.args.length > 1 &&
    (value.callee.match(/\./g) ?? []).length > 1 &&
    width(indent) + width(prefix) + flatWidth(value) > LINE_LENGTH &&
    width(`${indent}${prefix}(`) <= LINE_LENGTH &&
    width(indent) + width(unit) + flatWidth(value) <= LINE_LENGTH
  ) {
    return [`${indent}${prefix}(`, `${indent}${unit}${flat(value)}`, `${indent})`];
  }
  return layout(value, indent, unit, prefix);
}

// ---------------------------------------------------------------------------
// Names

/** Python keywords, and the names the generated programs use themselves. */
const RESERVED = new Set(
  [
    'False None True and as assert async await break class continue def del elif else except finally for from',
    'global if import in is lambda nonlocal not or pass raise return try while with yield match case _',
    'print open bytes str os sys json requests httpx urllib3 quote_plus response headers params data json_data',
    'files content f session client proxies auth timeout url cookies',
  ]
    .join(' ')
    .split(' '),
);

/** Python identifiers for shell variables and file contents, unique within one program. */
export class PyNames {
  private readonly used = new Set<string>();
  private readonly variables = new Map<string, string>();

  /** A fresh identifier close to `wanted`. */
  pick(wanted: string): string {
    let base = wanted.replace(/[^A-Za-z0-9_]/g, '_');
    if (base === '' || /^[0-9]/.test(base)) base = `var_${base}`;
    let name = base;
    for (let i = 2; RESERVED.has(name) || this.used.has(name); i++) name = `${base}_${i}`;
    this.used.add(name);
    return name;
  }

  /** The identifier holding shell variable `name` (declare them in order with {@link declare}). */
  variable(name: string): string {
    let id = this.variables.get(name);
    if (id === undefined) {
      id = this.pick(name);
      this.variables.set(name, id);
    }
    return id;
  }

  /** `NAME = os.environ.get("NAME", "")` for each variable, in order. */
  declare(variables: string[], indent: string, unit: string): string[] {
    return flatMap(variables, (name) =>
      assignment(this.variable(name), call('os.environ.get', [atom(pyStr(name)), atom('""')]), indent, unit),
    );
  }
}

// ---------------------------------------------------------------------------
// Literals

/** A str literal in black's preferred quotes. */
export function pyStr(text: string): string {
  return pyString(text, { preferDouble: true });
}

export function isAscii(text: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /^[\x00-\x7f]*$/.test(text);
}

export function hasLoneSurrogate(text: string): boolean {
  return (
    /[\ud800-\udfff]/.test(text) && /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text)
  );
}

/** A str expression for a model string: a literal, a variable, or an f-string (literal braces doubled). */
export function pyText(text: string, names: PyNames): string {
  const parts = splitVariables(text);
  if (parts.every((part) => typeof part === 'string')) return pyStr(text);
  if (parts.length === 1 && typeof parts[0] !== 'string') return names.variable(parts[0]!.variable);
  let raw = '';
  for (const part of parts) {
    raw += typeof part === 'string' ? part.replace(/[{}]/g, (c) => c + c) : `{${names.variable(part.variable)}}`;
  }
  return `f${pyStr(raw)}`;
}

/** Whether a model string holds shell variables. */
export function hasVars(text: string): boolean {
  return splitVariables(text).some((part) => typeof part !== 'string');
}

/** A bytes expression for a model string, encoded as UTF-8 like curl sends it. */
export function pyBytesOf(text: string, names: PyNames): string {
  if (!hasVars(text) && isAscii(text)) return `b${pyStr(text)}`;
  return `${pyText(text, names)}.encode()`;
}

/** A str for ASCII text, else UTF-8 bytes (for APIs that would encode a str as Latin-1 or ASCII). */
export function pyTextOrBytes(text: string, names: PyNames): string {
  if (!hasVars(text) && !isAscii(text)) return `${pyStr(text)}.encode()`;
  return pyText(text, names);
}

function pyNumber(n: number): string | null {
  if (!Number.isFinite(n)) return null;
  if (Object.is(n, -0)) return null;
  const text = String(n);
  if (Number.isInteger(n)) return text;
  // Python's repr switches to exponent notation below 1e-4, JavaScript only below 1e-6.
  if (Math.abs(n) < 1e-4 || /e/.test(text)) return null;
  return text;
}

/** The parsed JSON value as a Python literal; null when a number or string would not print back the same. */
export function jsonLiteral(value: unknown): PyExpr | null {
  if (value === null) return atom('None');
  if (value === true) return atom('True');
  if (value === false) return atom('False');
  if (typeof value === 'number') {
    const n = pyNumber(value);
    return n === null ? null : atom(n);
  }
  if (typeof value === 'string') return hasLoneSurrogate(value) ? null : atom(pyStr(value));
  if (Array.isArray(value)) {
    const items = value.map(jsonLiteral);
    return items.some((item) => item === null) ? null : list(items as PyExpr[]);
  }
  if (typeof value === 'object') {
    const entries: [string, PyExpr][] = [];
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      const literal = jsonLiteral(item);
      if (literal === null || hasLoneSurrogate(key)) return null;
      entries.push([pyStr(key), literal]);
    }
    return dict(entries);
  }
  return null;
}

function hasNonAsciiString(value: unknown): boolean {
  // Python's ensure_ascii escapes DEL and beyond; JavaScript leaves them as they are.
  // eslint-disable-next-line no-control-regex
  if (typeof value === 'string') return /[^\x00-\x7e]/.test(value);
  if (Array.isArray(value)) return value.some(hasNonAsciiString);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).some(
      ([key, item]) => hasNonAsciiString(key) || hasNonAsciiString(item),
    );
  }
  return false;
}

/** Brackets deep a JSON literal may be: well below CPython's parser limit of 200 (the call around it adds one). */
const MAX_LITERAL_NESTING = 100;

/** How many arrays and objects deep a JSON value goes. */
function nesting(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const items = Array.isArray(value) ? value : Object.values(value as Record<string, unknown>);
  return 1 + items.reduce<number>((deepest, item) => Math.max(deepest, nesting(item)), 0);
}

export interface JsonPlan {
  /** The document as a Python literal. */
  literal: PyExpr;
  /** Keyword arguments `json.dumps` needs to print `text` exactly; null when the library's `json=` does (python style). */
  dumpsArgs: PyExpr[] | null;
  /** `json.dumps` writes non-ASCII as it is (`ensure_ascii=False`): the str holds more than ASCII. */
  nonAscii: boolean;
}

/**
 * How to write a JSON body as a Python literal that serializes to exactly
 * `text`: the library's `json=` (python style), or `json.dumps` with the
 * separators or indentation that reproduce it. Null when neither does.
 */
export function planJson(text: string, value: unknown, style: JsonStyle | null): JsonPlan | null {
  // CPython refuses a literal nested more than 200 brackets deep ("too many nested parentheses").
  if (nesting(value) > MAX_LITERAL_NESTING) return null;
  const literal = jsonLiteral(value);
  if (literal === null) return null;
  if (style === 'python') return { literal, dumpsArgs: null, nonAscii: false };
  const nonAscii = hasNonAsciiString(value);
  const ascii = nonAscii ? [kwarg('ensure_ascii', atom('False'))] : [];
  if (style === 'compact') {
    return { literal, dumpsArgs: [kwarg('separators', tuple([atom('","'), atom('":"')])), ...ascii], nonAscii };
  }
  for (const indent of [2, 4]) {
    if (JSON.stringify(value, null, indent) === text) {
      return { literal, dumpsArgs: [kwarg('indent', atom(String(indent))), ...ascii], nonAscii };
    }
  }
  return null;
}

// ---------------------------------------------------------------------------
// Forms, queries

export type FormFlavor = 'requests' | 'httpx';

/**
 * Form pairs as a `data=`/`params=` value that urlencode turns into the same
 * text: a dict, a list of tuples (requests) or a dict of lists (httpx, whose
 * query and form encoders group repeated names: only when they are adjacent).
 * Null when no such literal keeps the order.
 */
export function formLiteral(pairs: [string, string][], flavor: FormFlavor): PyExpr | null {
  const names = pairs.map(([name]) => name);
  if (new Set(names).size === names.length) {
    return dict(pairs.map(([name, value]) => [pyStr(name), atom(pyStr(value))]));
  }
  if (flavor === 'requests') return list(pairs.map(([name, value]) => tuple([atom(pyStr(name)), atom(pyStr(value))])));
  const groups: [string, string[]][] = [];
  for (const [name, value] of pairs) {
    const last = groups[groups.length - 1];
    if (last && last[0] === name) last[1].push(value);
    else if (groups.some(([n]) => n === name)) return null;
    else groups.push([name, [value]]);
  }
  return dict(
    groups.map(([name, values]) => [
      pyStr(name),
      values.length === 1 ? atom(pyStr(values[0]!)) : list(values.map((v) => atom(pyStr(v)))),
    ]),
  );
}

/** Form text as a literal when the library's urlencode reproduces it byte for byte. */
export function exactFormLiteral(text: string, flavor: FormFlavor): PyExpr | null {
  const pairs = parseForm(text);
  if (!pairs || pythonFormEncode(pairs) !== text) return null;
  return formLiteral(pairs, flavor);
}

export interface UrlPlan {
  /** The URL without user info (and without the query when `params` is set). */
  url: string;
  params?: PyExpr;
}

/**
 * Removes `user:password@` (sent as auth instead) and moves the query into
 * `params=` when the library would send exactly the same bytes.
 */
export function planUrl(url: string, flavor: FormFlavor): UrlPlan {
  const match = /^([A-Za-z][A-Za-z0-9+.-]*:\/\/)([^/?#]*)(.*)$/s.exec(url);
  if (!match) return { url };
  const [, scheme, authority, rest] = match as unknown as [string, string, string, string];
  const at = authority.lastIndexOf('@');
  const base = `${scheme}${at === -1 ? authority : authority.slice(at + 1)}`;
  const q = rest.indexOf('?');
  if (q === -1 || rest.includes('#') || hasVars(rest)) return { url: base + rest };
  const path = rest.slice(0, q);
  const params = exactFormLiteral(rest.slice(q + 1), flavor);
  return params ? { url: base + path, params } : { url: base + rest };
}

// ---------------------------------------------------------------------------
// Bodies

/** A `with open(path, "rb") as f:` block reading a file into `name` (CR and LF removed for `-d @file`). */
export function readFile(name: string, path: string, strip: boolean, names: PyNames, indent: string, unit: string) {
  const read = strip ? 'f.read().replace(b"\\r", b"").replace(b"\\n", b"")' : 'f.read()';
  return [
    ...layout(call('open', [atom(pyText(path, names)), atom('"rb"')]), indent, unit, 'with ', ' as f:'),
    `${indent}${unit}${name} = ${read}`,
  ];
}

export interface PiecesPlan {
  /** Statements that read files, before the body expression. */
  setup: string[];
  body: PyExpr;
  imports: string[];
}

/** `-d` pieces mixing files and text: a bytes expression concatenating them the way curl joins them. */
export function planPieces(pieces: DataPiece[], names: PyNames, indent: string, unit: string): PiecesPlan {
  const setup: string[] = [];
  const imports: string[] = [];
  const terms: PyExpr[] = [];
  let text = '';
  const flush = () => {
    if (text !== '') terms.push(atom(pyBytesOf(text, names)));
    text = '';
  };
  const fileVariable = (path: string) => {
    const stem = path
      .split('/')
      .pop()!
      .replace(/\.[^.]*$/, '')
      .toLowerCase();
    return names.pick(hasVars(stem) || stem === '' ? 'file_data' : stem);
  };
  pieces.forEach((piece, index) => {
    if (index > 0 && !('json' in piece && piece.json)) text += '&';
    switch (piece.type) {
      case 'literal':
        text += piece.text;
        break;
      case 'urlencode':
        if (piece.name !== undefined) text += `${piece.name}=`;
        if (!hasVars(piece.value)) text += curlUrlEncode(piece.value);
        else {
          flush();
          imports.push('from urllib.parse import quote_plus');
          terms.push(call('quote_plus', [atom(pyText(piece.value, names))], '.encode()'));
        }
        break;
      case 'file':
      case 'urlencode-file': {
        const name = fileVariable(piece.path);
        setup.push(...readFile(name, piece.path, piece.type === 'file' && piece.strip, names, indent, unit));
        if (piece.type === 'urlencode-file' && piece.name !== undefined) text += `${piece.name}=`;
        flush();
        if (piece.type === 'file') terms.push(atom(name));
        else {
          imports.push('from urllib.parse import quote_plus');
          terms.push(call('quote_plus', [atom(name)], '.encode()'));
        }
        break;
      }
      case 'stdin':
        flush();
        imports.push('import sys');
        terms.push(atom(stdinRead(piece.strip)));
        break;
    }
  });
  flush();
  return { setup, body: sum(terms), imports };
}

export function stdinRead(strip: boolean): string {
  return strip ? 'sys.stdin.buffer.read().replace(b"\\r", b"").replace(b"\\n", b"")' : 'sys.stdin.buffer.read()';
}

// ---------------------------------------------------------------------------
// Multipart

export interface MultipartPlan {
  /** Leading plain text fields as `data=` (both libraries put them before the files). */
  data?: PyExpr;
  files: PyExpr;
}

function basename(path: string): string {
  return path.split('/').pop() ?? path;
}

const isPlainField = (part: FormPart) =>
  part.type === 'field' && part.filename === undefined && !part.contentType && part.headers.length === 0;

/**
 * `-F` parts in order. requests and httpx send `data=` fields before
 * `files=`, so `data=` is only used when all plain text fields come first;
 * otherwise every part goes into `files=` (`(None, value)` for a text field)
 * and the order is kept.
 */
export function planMultipart(parts: FormPart[], names: PyNames): MultipartPlan {
  const partValue = (part: FormPart): PyExpr => {
    const extras: PyExpr[] = [];
    const headers = part.headers.length
      ? dict(part.headers.map((h) => [pyText(h.name, names), atom(pyText(h.value, names))]))
      : undefined;
    if (part.contentType !== undefined || headers)
      extras.push(atom(part.contentType !== undefined ? pyText(part.contentType, names) : 'None'));
    if (headers) extras.push(headers);
    if (part.type === 'field') {
      const filename = part.filename !== undefined ? pyText(part.filename, names) : 'None';
      return tuple([atom(filename), atom(pyText(part.value, names)), ...extras]);
    }
    const file = call('open', [atom(pyText(part.path, names)), atom('"rb"')]);
    if (part.type === 'file-content') return tuple([atom('None'), file, ...extras]);
    if (extras.length === 0 && part.filename === basename(part.path)) return file;
    return tuple([atom(pyText(part.filename, names)), file, ...extras]);
  };
  const container = (entries: [string, PyExpr][]): PyExpr => {
    const keys = entries.map(([key]) => key);
    if (new Set(keys).size === keys.length) return dict(entries);
    return list(entries.map(([key, value]) => tuple([atom(key), value])));
  };

  let lead = 0;
  while (lead < parts.length && isPlainField(parts[lead]!)) lead++;
  const rest = parts.slice(lead);
  const leadNames = parts.slice(0, lead).map((p) => p.name);
  if (lead > 0 && rest.length > 0 && !rest.some(isPlainField) && new Set(leadNames).size === leadNames.length) {
    return {
      data: dict(
        parts.slice(0, lead).map((p) => [pyText(p.name, names), atom(pyText((p as { value: string }).value, names))]),
      ),
      files: container(rest.map((p) => [pyText(p.name, names), partValue(p)])),
    };
  }
  return { files: container(parts.map((p) => [pyText(p.name, names), partValue(p)])) };
}

// ---------------------------------------------------------------------------
// Headers, imports, transport

/** The header of this (lower-case) name when exactly one is set. */
export function soleHeader(headers: HeaderLine[], name: string): HeaderLine | undefined {
  const found = headers.filter((h) => h.name.toLowerCase() === name);
  return found.length === 1 ? found[0] : undefined;
}

/** Imports in isort order: standard library, a blank line, third-party. */
export function importLines(imports: Iterable<string>, thirdParty: string[]): string[] {
  const all = [...new Set(imports)];
  const sortKey = (line: string) => line.replace(/^(import|from) /, '');
  const group = (lines: string[]) => [
    ...lines.filter((l) => l.startsWith('import ')).sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : 1)),
    ...lines.filter((l) => l.startsWith('from ')).sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : 1)),
  ];
  const std = group(all.filter((l) => !thirdParty.some((p) => l === `import ${p}` || l.startsWith(`from ${p}`))));
  const third = group(all.filter((l) => !std.includes(l)));
  return [...std, ...(std.length && third.length ? [''] : []), ...third];
}

/** A proxy URL as the libraries want it: with a scheme, and `-U user:password` as user info. */
export function proxyUrl(proxy: string, proxyUser: string | undefined): string {
  let url = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(proxy) ? proxy : `http://${proxy}`;
  if (proxyUser !== undefined) {
    const colon = proxyUser.indexOf(':');
    const enc = (s: string) => encodeURIComponent(s);
    const info = colon === -1 ? enc(proxyUser) : `${enc(proxyUser.slice(0, colon))}:${enc(proxyUser.slice(colon + 1))}`;
    url = url.replace(/^([A-Za-z][A-Za-z0-9+.-]*:\/\/)(?:[^@/]*@)?/, `$1${info}@`);
  }
  return url;
}

// ---------------------------------------------------------------------------
// The body as keyword arguments

export interface BodyPlan {
  /** Statements before the call: file reads, the body's own variables. */
  setup: string[];
  /** Keyword arguments for the request call, in order. */
  kwargs: PyExpr[];
  imports: string[];
  /** Headers the library sets itself from these arguments (left out of `headers`). */
  dropHeader: (header: HeaderLine) => boolean;
  warnings: Warning[];
}

export interface BodyContext {
  flavor: FormFlavor;
  names: PyNames;
  indent: string;
  unit: string;
  headers: HeaderLine[];
}

/**
 * The body in the most idiomatic form that sends the same bytes: `json=` or
 * a `json.dumps` that reproduces the text, a form dict, `files=`, file bytes,
 * or the exact text (`data=` for requests, `content=` for httpx).
 */
export function planBody(body: SpecBody, pieces: DataPiece[] | null, ctx: BodyContext): BodyPlan {
  const { flavor, names, indent, unit } = ctx;
  const rawKey = flavor === 'requests' ? 'data' : 'content';
  const plan: BodyPlan = { setup: [], kwargs: [], imports: [], dropHeader: () => false, warnings: [] };
  const contentType = soleHeader(ctx.headers, 'content-type');
  const assign = (name: string, value: PyExpr) => plan.setup.push(...assignment(name, value, indent, unit));
  const exactText = (text: string) => {
    // requests would encode a str body as Latin-1: anything beyond ASCII (or a variable's value) goes as UTF-8 bytes.
    const requestsText = hasVars(text) ? `${pyText(text, names)}.encode()` : pyTextOrBytes(text, names);
    plan.kwargs.push(kwarg(rawKey, atom(flavor === 'requests' ? requestsText : pyText(text, names))));
  };
  const bytesBody = (name: string, lines: string[]) => {
    plan.setup.push(...lines);
    plan.kwargs.push(kwarg(rawKey, atom(name)));
  };

  if (pieces) {
    const p = planPieces(pieces, names, indent, unit);
    plan.setup.push(...p.setup);
    plan.imports.push(...p.imports);
    assign(rawKey, p.body);
    plan.kwargs.push(kwarg(rawKey, atom(rawKey)));
    return plan;
  }
  switch (body.kind) {
    case 'none':
      return plan;
    case 'text':
      exactText(body.text);
      return plan;
    case 'json': {
      const json = planJson(body.text, body.value, body.style);
      if (!json) {
        exactText(body.text);
        return plan;
      }
      assign('json_data', json.literal);
      if (json.dumpsArgs === null && contentType?.value === 'application/json') {
        plan.kwargs.push(kwarg('json', atom('json_data')));
        plan.dropHeader = (h) => h === contentType;
        return plan;
      }
      plan.imports.push('import json');
      // requests would encode the str as Latin-1.
      const encode = flavor === 'requests' && json.nonAscii;
      plan.kwargs.push(
        kwarg(
          rawKey,
          call('json.dumps', [atom('json_data'), ...(json.dumpsArgs ?? [])], encode ? '.encode()' : undefined),
        ),
      );
      return plan;
    }
    case 'form': {
      const form = contentType ? exactFormLiteral(body.text, flavor) : null;
      if (!form) {
        exactText(body.text);
        return plan;
      }
      assign('data', form);
      plan.kwargs.push(kwarg('data', atom('data')));
      if (contentType?.value === 'application/x-www-form-urlencoded') plan.dropHeader = (h) => h === contentType;
      return plan;
    }
    case 'file':
      bytesBody(rawKey, readFile(rawKey, body.path, body.strip, names, indent, unit));
      return plan;
    case 'stdin':
      plan.imports.push('import sys');
      bytesBody(rawKey, assignment(rawKey, atom(stdinRead(body.strip)), indent, unit));
      return plan;
    case 'pieces':
      return planBody(body, body.pieces, ctx);
    case 'multipart': {
      const multipart = planMultipart(body.parts, names);
      if (multipart.data) {
        assign('data', multipart.data);
        plan.kwargs.push(kwarg('data', atom('data')));
      }
      assign('files', multipart.files);
      plan.kwargs.push(kwarg('files', atom('files')));
      plan.dropHeader = (h) => h.name.toLowerCase() === 'content-type' && /^multipart\/form-data\b/i.test(h.value);
      const custom = ctx.headers.find((h) => plan.dropHeader(h) && !/^multipart\/form-data\s*$/i.test(h.value));
      if (custom) {
        plan.warnings.push(
          specWarning('multipart-content-type', { client: flavor, header: `${custom.name}: ${custom.value}` }),
        );
      }
      return plan;
    }
  }
}

/**
 * The request target the library really sends for this URL. requests writes
 * percent-escapes in upper case, escapes characters curl sends as they are
 * (`{}|^[]` and the like, a `%` not followed by two hex digits), decodes
 * escaped unreserved characters (`%7E` becomes `~`) and drops an empty query.
 * httpx (0.28) keeps escapes as written and escapes, as the WHATWG URL
 * standard does, controls, spaces, non-ASCII and `"<>` (in the path also
 * `` `{} ``).
 */
export function libraryTarget(target: string, flavor: FormFlavor): string {
  const hex = (byte: number) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  const escape = (ch: string) => [...new TextEncoder().encode(ch)].map(hex).join('');
  if (flavor === 'httpx') {
    const q = target.indexOf('?');
    const path = q === -1 ? target : target.slice(0, q);
    const query = q === -1 ? '' : target.slice(q);
    return path.replace(/[^\x21-\x7e]|["<>`{}]/gu, escape) + query.replace(/[^\x21-\x7e]|["<>]/gu, escape);
  }
  let out = target.replace(/%([0-9A-Fa-f]{2})|%|[^A-Za-z0-9\-._~!$&'()*+,;=:@/?]/gu, (match, code?: string) => {
    if (code !== undefined) {
      const ch = String.fromCharCode(parseInt(code, 16));
      return /[A-Za-z0-9\-._~]/.test(ch) ? ch : `%${code.toUpperCase()}`;
    }
    if (match === '%') return '%25';
    return escape(match);
  });
  if (out.endsWith('?')) out = out.slice(0, -1);
  return out;
}

/** A warning when the library would not send the URL's path and query as written. */
export function urlWarnings(url: string, flavor: FormFlavor): Warning[] {
  // A variable's value is unknown: only the characters written around it are checked.
  const literal = splitVariables(url)
    .map((part) => (typeof part === 'string' ? part : 'x'))
    .join('');
  const match = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*([^#]*)/s.exec(literal);
  if (!match) return [];
  const target = match[1] || '/';
  const sent = libraryTarget(target, flavor);
  if (sent === target) return [];
  return [specWarning('url-normalised', { client: flavor, sent, target })];
}

/**
 * Netscape cookie files (curl -b file) in `http.cookiejar.MozillaCookieJar`, which the library matches to
 * the URL as curl does (domain, path, secure flag, expiry; `#HttpOnly_` lines too).
 */
export function cookieJarLines(
  files: readonly string[],
  names: PyNames,
  imports: Set<string>,
  unit: string,
): { name: string; lines: string[] } | undefined {
  if (files.length === 0) return undefined;
  imports.add('from http.cookiejar import MozillaCookieJar');
  const name = names.pick('cookie_jar');
  const lines = [`${name} = MozillaCookieJar()`];
  for (const file of files) {
    lines.push(`${name}.load(${pyText(file, names)}, ignore_discard=True, ignore_expires=True)`);
  }
  // Expiry 0 marks a session cookie (curl sends it); older Pythons read it as expired. Expired cookies stay
  // in the jar and are not sent.
  lines.push(`for cookie in ${name}:`, `${unit}if cookie.expires == 0:`, `${unit}${unit}cookie.expires = None`);
  return { name, lines };
}

/** Prints the status, then the body (or saves it where `-o`/`-O` said: the plan's `outputFile`). */
export function outputLines(file: string | undefined, names: PyNames, unit: string): string[] {
  const lines = ['print(response.status_code)'];
  if (file === undefined) return [...lines, 'print(response.text)'];
  return [
    ...lines,
    ...layout(call('open', [atom(pyText(file, names)), atom('"wb"')]), '', unit, 'with ', ' as f:'),
    `${unit}f.write(response.content)`,
  ];
}

/**
 * What both Python generators start from: the spec request, names for the
 * variables, the URL and body plans, and the imports and warnings so far.
 */
export function startPythonProgram(spec: RequestSpec, options: GenerateOptions, flavor: 'requests' | 'httpx') {
  const plan: Plan = planRequest(spec, profileOf(`python-${flavor}`));
  const unit = options.indent ?? '    ';
  const warnings: Warning[] = [...plan.warnings];
  const names = new PyNames();
  for (const variable of spec.variables) names.variable(variable);
  const imports = new Set<string>([`import ${flavor}`]);
  if (spec.variables.length > 0) imports.add('import os');
  const url = planUrl(spec.url, flavor);
  warnings.push(...urlWarnings(url.url, flavor).map((w) => ({ ...w, span: spec.urlSpan ?? spec.span })));
  const body = planBody(spec.body, null, {
    flavor,
    names,
    indent: '',
    unit,
    headers: spec.headers,
  });
  for (const line of body.imports) imports.add(line);
  warnings.push(...body.warnings.map((w) => (w.span ? w : { ...w, span: spec.span })));
  return { spec, plan, unit, warnings, transport: spec.transport, names, imports, url, body };
}
