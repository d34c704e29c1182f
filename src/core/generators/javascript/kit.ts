/**
 * What the three JavaScript generators share: string and template literals,
 * shell variables read from `process.env`, object literals for headers and
 * JSON, the multipart body built by hand, and a small layout engine that
 * breaks lines where Prettier (printWidth 120) would.
 */
import { join } from '../../arrays.ts';
import type { Warning } from '../../errors.ts';
import type { HeaderLine } from '../../http/request.ts';
import type { DataPiece, FormPart } from '../../curl/model.ts';
import { curlUrlEncode } from '../../curl/urlencode.ts';
import { contentTypeForFilename, splitUrl } from '../../curl/wire.ts';
import { hasVariables, splitVariables, VAR_CLOSE, VAR_OPEN } from '../../variables.ts';
import { countOf, isPrintableAscii, jsString } from '../literals.ts';
import { whatwgFormEncode } from '../../request-spec/encodings.ts';
import { partFilename, type SpecBody } from '../../request-spec/spec.ts';
import { specWarning } from '../../request-spec/warnings.ts';

export const PRINT_WIDTH = 120;

// ---------------------------------------------------------------------------
// Literals

/**
 * Rewrites the inside of a {@link jsString} literal for another delimiter:
 * `\'` loses its backslash, the new delimiter (and `${` in templates) gains one.
 */
function requote(inner: string, delimiter: '"' | '`'): string {
  return inner.replace(/\\[\s\S]|"|`|\$\{/g, (token) => {
    if (token === "\\'") return "'";
    if (token.startsWith('\\')) return token;
    if (token === delimiter) return `\\${token}`;
    if (token === '${') return delimiter === '`' ? '\\${' : token;
    return token;
  });
}

/** A string literal with the quotes Prettier picks: single, unless double quotes need fewer escapes. */
export function jsStr(text: string): string {
  // Counted without splitting the text (a 1 MB body would make a million strings).
  const single = countOf(text, "'");
  const literal = jsString(text);
  if (single === 0) return literal;
  const double = countOf(text, '"');
  return single > double ? `"${requote(literal.slice(1, -1), '"')}"` : literal;
}

/** Maps shell variable names to the JavaScript constants that hold their values. */
export class JsVariables {
  private readonly names = new Map<string, string>();

  constructor(
    readonly variables: readonly string[],
    reserved: readonly string[],
  ) {
    if (variables.length === 0) return;
    const taken = new Set([...RESERVED_WORDS, ...reserved]);
    for (const variable of variables) {
      let name = variable.replace(/[^A-Za-z0-9_$]/g, '_');
      if (!/^[A-Za-z_$]/.test(name)) name = `_${name}`;
      while (taken.has(name)) name = `${name}_`;
      taken.add(name);
      this.names.set(variable, name);
    }
  }

  /** The constant holding a variable's value. */
  name(variable: string): string {
    return this.names.get(variable) ?? variable;
  }

  /** `const TOKEN = process.env.TOKEN ?? '';` lines, in first-use order. */
  declarations(): string[] {
    return this.variables.map((variable) => {
      const lookup = isIdentifierName(variable) ? `process.env.${variable}` : `process.env[${jsStr(variable)}]`;
      return `const ${this.name(variable)} = ${lookup} ?? '';`;
    });
  }

  /**
   * An expression for a model string: a string literal, a variable's constant,
   * or a template literal joining literal text and variables.
   */
  expr(text: string): string {
    const parts = splitVariables(text);
    if (parts.length === 1) {
      const only = parts[0]!;
      return typeof only === 'string' ? jsStr(only) : this.name(only.variable);
    }
    return template(parts.map((part) => (typeof part === 'string' ? part : { code: this.name(part.variable) })));
  }
}

/** A template literal from literal text and embedded expressions. */
export function template(parts: (string | { code: string })[]): string {
  const body = parts
    .map((part) => (typeof part === 'string' ? requote(jsString(part).slice(1, -1), '`') : `\${${part.code}}`))
    .join('');
  return `\`${body}\``;
}

const RESERVED_WORDS = [
  'await',
  'break',
  'case',
  'catch',
  'class',
  'const',
  'continue',
  'debugger',
  'default',
  'delete',
  'do',
  'else',
  'enum',
  'export',
  'extends',
  'false',
  'finally',
  'for',
  'function',
  'if',
  'implements',
  'import',
  'in',
  'instanceof',
  'interface',
  'let',
  'new',
  'null',
  'package',
  'private',
  'protected',
  'public',
  'return',
  'static',
  'super',
  'switch',
  'this',
  'throw',
  'true',
  'try',
  'typeof',
  'var',
  'void',
  'while',
  'with',
  'yield',
  'arguments',
  'eval',
  'undefined',
  'NaN',
  'Infinity',
  // Globals the generated programs use.
  'Blob',
  'Buffer',
  'FormData',
  'Headers',
  'JSON',
  'URL',
  'URLSearchParams',
  'AbortSignal',
  'console',
  'crypto',
  'encodeURIComponent',
  'fetch',
  'process',
];

/** Whether a string is an identifier name (a property key that needs no quotes). */
export function isIdentifierName(text: string): boolean {
  return /^[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*$/u.test(text);
}

/** An object literal key, quoted only where needed (as Prettier's `quoteProps: "as-needed"` leaves it). */
export function jsKey(text: string): string {
  // `__proto__` as a plain key would set the prototype instead of adding a property.
  if (text === '__proto__') return `[${jsStr(text)}]`;
  if (isIdentifierName(text)) return text;
  if (/^(?:\d+|\d+\.\d+)$/.test(text) && String(Number(text)) === text) return text;
  return jsStr(text);
}

// ---------------------------------------------------------------------------
// Layout

/** A piece of code the layout engine can break over lines. */
export type Doc = string | ListDoc | PropDoc;

export interface ListDoc {
  kind: 'list';
  /** `[`, `{`, or a call's `callee(`. */
  open: string;
  close: string;
  items: Doc[];
  /** Object braces: `{ a }` with spaces when flat. */
  object?: boolean;
  /** A call's argument list (its last object or array argument may hug the parentheses). */
  call?: boolean;
  /** Always one item per line (an object written expanded stays expanded). */
  broken?: boolean;
  /** Text right after the closing bracket, e.g. `.toString()`. */
  tail?: string;
  /** The doc on one line once computed (null: it must break); docs are not changed once laid out. */
  flatText?: string | null;
}

export interface PropDoc {
  kind: 'prop';
  key: string;
  value: Doc;
}

export const call = (callee: string, ...args: Doc[]): Doc =>
  args.length === 0 ? `${callee}()` : { kind: 'list', open: `${callee}(`, close: ')', items: args, call: true };
export const array = (items: Doc[]): Doc => ({ kind: 'list', open: '[', close: ']', items });
export const object = (props: Doc[], broken = false): Doc => ({
  kind: 'list',
  open: '{',
  close: '}',
  items: props,
  object: true,
  broken,
});
/** `key: value`, or the shorthand `key` when the value is a variable of that name. */
export const prop = (key: string, value: Doc): Doc =>
  typeof value === 'string' && value === key && isIdentifierName(key) && !RESERVED_WORDS.includes(key)
    ? value
    : { kind: 'prop', key, value };

/** Prettier's measure of a string's width: wide East Asian characters count two columns. */
export function textWidth(text: string): number {
  // Printable ASCII (nearly every line) is one column a character.
  if (isPrintableAscii(text)) return text.length;
  let width = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code >= 0x300 && code <= 0x36f) continue;
    const wide =
      (code >= 0x1100 && code <= 0x115f) ||
      (code >= 0x2e80 && code <= 0xa4cf) ||
      (code >= 0xac00 && code <= 0xd7a3) ||
      (code >= 0xf900 && code <= 0xfaff) ||
      (code >= 0xfe30 && code <= 0xfe4f) ||
      (code >= 0xff00 && code <= 0xff60) ||
      (code >= 0xffe0 && code <= 0xffe6) ||
      (code >= 0x1f300 && code <= 0x1f64f) ||
      (code >= 0x1f900 && code <= 0x1f9ff) ||
      (code >= 0x20000 && code <= 0x3fffd);
    width += wide ? 2 : 1;
  }
  return width;
}

const isNumberDoc = (doc: Doc) => typeof doc === 'string' && /^-?[0-9.]+(?:e[+-]?\d+)?$/.test(doc);

/** Prettier always breaks an array of several objects (or arrays) with more than one entry each. */
function forcedBreak(doc: ListDoc): boolean {
  if (doc.broken) return true;
  if (doc.object || doc.call || doc.items.length < 2) return false;
  const kind = (item: Doc) =>
    typeof item !== 'string' && item.kind === 'list' && !item.call && item.items.length > 1
      ? item.object
        ? 'object'
        : 'array'
      : null;
  const first = kind(doc.items[0]!);
  if (first === null) return false;
  for (let i = 1; i < doc.items.length; i++) if (kind(doc.items[i]!) !== first) return false;
  return true;
}

/** The doc on one line, or null when it must break. */
export function flat(doc: Doc): string | null {
  if (typeof doc === 'string') return doc.includes('\n') ? null : doc;
  if (doc.kind === 'prop') {
    const value = flat(doc.value);
    return value === null ? null : `${doc.key}: ${value}`;
  }
  if (doc.flatText === undefined) doc.flatText = flatList(doc);
  return doc.flatText;
}

function flatList(doc: ListDoc): string | null {
  if (forcedBreak(doc)) return null;
  const items: string[] = [];
  for (const item of doc.items) {
    const text = flat(item);
    if (text === null) return null;
    items.push(text);
  }
  const tail = doc.tail ?? '';
  if (items.length === 0) return `${doc.open}${doc.close}${tail}`;
  return doc.object
    ? `${doc.open} ${join(items, ', ')} ${doc.close}${tail}`
    : `${doc.open}${join(items, ', ')}${doc.close}${tail}`;
}

const isStringLiteral = (doc: Doc) => typeof doc === 'string' && /^['"]/.test(doc);

/** Lays docs out with two-space indentation and Prettier's line width. */
export class Layout {
  readonly unit = '  ';

  private indent(level: number): string {
    return this.unit.repeat(level);
  }

  private column(level: number): number {
    return textWidth(this.indent(level));
  }

  /** Prints `doc` starting at `column` (indentation `level`), with `suffix` columns to follow it on its last line. */
  print(doc: Doc, level: number, column: number, suffix: number): string {
    if (typeof doc === 'string') return doc;
    if (doc.kind === 'prop') {
      const head = `${doc.key}: `;
      const value = doc.value;
      if (
        isStringLiteral(value) &&
        column + textWidth(head) + textWidth(value as string) + suffix > PRINT_WIDTH &&
        textWidth(doc.key) >= 5
      ) {
        // A string that does not fit moves below a long key (Prettier keeps it after a short one).
        return `${doc.key}:\n${this.indent(level + 1)}${value as string}`;
      }
      return head + this.print(value, level, column + textWidth(head), suffix);
    }
    const oneLine = flat(doc);
    if (oneLine !== null && column + textWidth(oneLine) + suffix <= PRINT_WIDTH) return oneLine;
    if (doc.call) {
      const hugged = this.hug(doc, level, column);
      if (hugged !== null) return hugged;
    }
    return this.broken(doc, level);
  }

  /** A call whose last argument (an object or array) opens on the call's line: `f(a, {` ... `})`. */
  private hug(doc: ListDoc, level: number, column: number): string | null {
    const last = doc.items[doc.items.length - 1]!;
    if (typeof last === 'string' || last.kind !== 'list' || last.call || last.items.length === 0) return null;
    const others = doc.items.slice(0, -1);
    const penultimate = others[others.length - 1];
    if (penultimate !== undefined && typeof penultimate !== 'string' && penultimate.kind === 'list') {
      if (!penultimate.call && penultimate.object === last.object) return null;
    }
    const flatOthers = others.map(flat);
    if (flatOthers.some((text) => text === null)) return null;
    const head = `${doc.open}${join(flatOthers as string[], ', ')}${flatOthers.length > 0 ? ', ' : ''}`;
    if (column + textWidth(head) + textWidth(last.open) > PRINT_WIDTH) return null;
    return head + this.broken(last, level) + doc.close + (doc.tail ?? '');
  }

  /** One item per line (numbers fill the lines, as Prettier prints number arrays). */
  broken(doc: ListDoc, level: number): string {
    const tail = doc.tail ?? '';
    if (doc.items.length === 0) return `${doc.open}${doc.close}${tail}`;
    const inner = this.indent(level + 1);
    const innerColumn = this.column(level + 1);
    let body: string;
    if (!doc.object && !doc.call && doc.items.length > 1 && doc.items.every(isNumberDoc)) {
      const lines: string[] = [];
      let line = '';
      doc.items.forEach((item, i) => {
        const text = `${item as string},`;
        const width = i === doc.items.length - 1 ? textWidth(text) - 1 : textWidth(text);
        if (line === '') line = text;
        else if (innerColumn + textWidth(line) + 1 + width <= PRINT_WIDTH) line += ` ${text}`;
        else {
          lines.push(line);
          line = text;
        }
      });
      lines.push(line);
      body = lines.map((text) => inner + text).join('\n');
    } else {
      body = doc.items.map((item) => `${inner}${this.print(item, level + 1, innerColumn, 1)},`).join('\n');
    }
    return `${doc.open}\n${body}\n${this.indent(level)}${doc.close}${tail}`;
  }

  /**
   * A statement `prefix doc end` at top level, e.g. `const response = await ` + call + `;`.
   * A string literal that does not fit moves to the next line after `=`, as Prettier does.
   */
  statement(prefix: string, doc: Doc, end = ';', level = 0): string {
    const column = this.column(level) + textWidth(prefix);
    if (
      isStringLiteral(doc) &&
      prefix.endsWith(' = ') &&
      column + textWidth(doc as string) + end.length > PRINT_WIDTH
    ) {
      return `${this.indent(level)}${prefix.slice(0, -1)}\n${this.indent(level + 1)}${doc as string}${end}`;
    }
    return `${this.indent(level)}${prefix}${this.print(doc, level, column, end.length)}${end}`;
  }

  /** Whether `prefix doc` would fit on one line up to the first place it can break. */
  fitsOpening(prefix: string, doc: Doc, level = 0): boolean {
    const head = typeof doc === 'string' ? doc : doc.kind === 'list' ? doc.open : `${doc.key}: `;
    return this.column(level) + textWidth(prefix) + textWidth(head) <= PRINT_WIDTH;
  }
}

// ---------------------------------------------------------------------------
// JSON values as object literals

/** Prettier's spelling of a number: `1e+21` becomes `1e21`. */
function jsNumber(value: number): string {
  return String(value).replace('e+', 'e');
}

/** A JSON value as a JavaScript literal doc (only for values `JSON.stringify` writes back byte for byte). */
export function jsonDoc(value: unknown): Doc {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return jsNumber(value);
  if (typeof value === 'string') return jsStr(value);
  if (Array.isArray(value)) return array(value.map(jsonDoc));
  return object(Object.entries(value as Record<string, unknown>).map(([key, item]) => prop(jsKey(key), jsonDoc(item))));
}

// ---------------------------------------------------------------------------
// URLs

/** The URL without `user:password@` (credentials go through the client's auth idiom). */
export function withoutUserinfo(url: string): string {
  if (!url.includes('@')) return url;
  return url.replace(/^([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^/?#]*@/, '$1');
}

/**
 * An http(s) URL whose path and query hold only characters both parsers leave as they are: letters,
 * digits, `-._~!$&()*+,;=:@/` and `%` escapes; no fragment, quote, space or backslash; a `?` only with
 * a query after it (the WHATWG parser drops an empty one). With no dot segment in it either (checked
 * apart), the target curl sends is the one the WHATWG parser sends.
 */
const PLAIN_HTTP_URL =
  /^https?:\/\/[^/?#\\]*(?:\/(?:[\w\-.~!$&()*+,;=:@/]|%[0-9A-Fa-f]{2})*)?(?:\?(?:[\w\-.~!$&()*+,;=:@/?]|%[0-9A-Fa-f]{2})+)?$/i;

const VARIABLE_MARKER = new RegExp(`${VAR_OPEN}[^${VAR_CLOSE}]*${VAR_CLOSE}`, 'g');

/**
 * The request target the WHATWG URL parser (fetch, axios) would send, when it
 * differs from the bytes curl sends; undefined when they are the same.
 */
export function whatwgTargetChange(url: string): { sent: string; curl: string } | undefined {
  if (PLAIN_HTTP_URL.test(url) && !/\/\.|%2e/i.test(url)) return undefined;
  const sample = hasVariables(url) ? url.replace(VARIABLE_MARKER, 'x') : url;
  try {
    const curl = splitUrl(sample).target;
    const parsed = new URL(sample);
    const sent = `${parsed.pathname}${parsed.search}`;
    return sent === curl ? undefined : { sent, curl };
  } catch {
    return undefined;
  }
}

export function urlChangeWarning(url: string, target: string): Warning | undefined {
  const change = whatwgTargetChange(url);
  if (!change) return undefined;
  return specWarning('url-normalised', { client: target, sent: change.sent, target: change.curl });
}

// ---------------------------------------------------------------------------
// Headers

export interface HeaderGroup {
  /** The name as first written. */
  name: string;
  /** Each line's value, in order. */
  values: string[];
}

/** Header lines grouped by name (case-insensitive), in order of first appearance. */
export function groupHeaders(headers: HeaderLine[]): HeaderGroup[] {
  const groups: HeaderGroup[] = [];
  for (const header of headers) {
    const group = groups.find((g) => g.name.toLowerCase() === header.name.toLowerCase());
    if (group) group.values.push(header.value);
    else groups.push({ name: header.name, values: [header.value] });
  }
  return groups;
}

/**
 * A header value expression. Node writes header strings as Latin-1, while curl
 * sends the UTF-8 bytes of the command line: text beyond ASCII goes as the
 * Latin-1 string of its UTF-8 bytes, which Node writes as exactly those bytes.
 */
export function headerValueDoc(value: string, vars: JsVariables): string {
  return headerValueIsConverted(value) ? `Buffer.from(${vars.expr(value)}).toString('latin1')` : vars.expr(value);
}

/** Whether a header value is sent as the Latin-1 string of its UTF-8 bytes (see {@link headerValueDoc}). */
export function headerValueIsConverted(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (!/[^\u0000-\u007f]/.test(value)) return false;
  const literal = splitVariables(value)
    .filter((part) => typeof part === 'string')
    .join('');
  // eslint-disable-next-line no-control-regex
  return /[^\u0000-\u007f]/.test(literal);
}

// ---------------------------------------------------------------------------
// Bodies

/** Imports (`node:fs` names and default imports) a program needs, collected while it is generated. */
export class Imports {
  private readonly fs = new Set<string>();
  private readonly defaults = new Map<string, string>();

  fsFunction(name: 'readFileSync' | 'writeFileSync'): string {
    this.fs.add(name);
    return name;
  }

  module(name: string, from: string): string {
    this.defaults.set(name, from);
    return name;
  }

  lines(): string[] {
    const out = [...this.defaults].map(([name, from]) => `import ${name} from ${jsStr(from)};`);
    if (this.fs.size > 0) out.push(`import { ${[...this.fs].sort().join(', ')} } from 'node:fs';`);
    return out.sort((a, b) => order(a) - order(b));
  }
}

function order(line: string): number {
  // Packages first, then Node built-ins, as most style guides group them.
  return line.includes("'node:") ? 1 : 0;
}

/** Reads a Netscape cookie file (curl -b file) the way curl does; the program carries it when it reads one. */
export const COOKIE_FILE_HELPER = [
  '// Like curl -b file: the cookies of a Netscape cookie file whose domain, path, secure flag and expiry match the URL.',
  'function cookiesFromFile(file, url) {',
  '  const { hostname, pathname, protocol } = new URL(url);',
  "  const host = hostname.replace(/^\\[|\\]$/g, '').toLowerCase();",
  '  const cookies = [];',
  "  for (let line of readFileSync(file, 'utf8').split(/\\r?\\n/)) {",
  "    if (line.startsWith('#HttpOnly_')) line = line.slice(10);",
  "    const [domain, , path, secure, expires, name, value] = line.split('\\t');",
  "    if (line.startsWith('#') || value === undefined) continue;",
  "    const site = domain.toLowerCase().replace(/^\\./, '');",
  '    if (host !== site && !host.endsWith(`.${site}`)) continue;',
  "    if (!pathname.startsWith(path || '/')) continue;",
  "    const local = ['localhost', '127.0.0.1', '::1'].includes(host);",
  "    if (secure.toUpperCase() === 'TRUE' && protocol !== 'https:' && !local) continue;",
  '    if (Number(expires) !== 0 && Number(expires) * 1000 < Date.now()) continue;',
  '    cookies.push(`${name}=${value}`);',
  '  }',
  '  return cookies;',
  '}',
].join('\n');

/**
 * The Cookie header when the plan reads cookie files: the files' cookies (read when the program runs), then
 * the command's own. Returns the header lines (with a Cookie line added if there was none) and its value's code.
 */
export function cookieFileHeader(
  files: readonly string[],
  headers: HeaderLine[],
  url: string,
  cookieLine: string | undefined,
  vars: JsVariables,
  imports: Imports,
): { headers: HeaderLine[]; line?: HeaderLine; doc?: string; helper?: string } {
  if (files.length === 0) return { headers };
  imports.fsFunction('readFileSync');
  const existing = headers.find((h) => h.name.toLowerCase() === 'cookie' && h.value === cookieLine);
  const line = existing ?? { name: 'Cookie', value: '' };
  const reads = files.map((file) => `...cookiesFromFile(${flat(vars.expr(file))}, ${flat(vars.expr(url))})`);
  const own = cookieLine !== undefined ? [flat(vars.expr(cookieLine))] : [];
  const doc = `[${[...reads, ...own].join(', ')}].join('; ')`;
  return { headers: existing ? headers : [...headers, line], line, doc, helper: COOKIE_FILE_HELPER };
}

/** Statements a body needs before the request (helpers, a FormData), and the expression to send. */
export interface BodyCode {
  /** Top-level statements (each may span lines), in order. */
  before: string[];
  /** Helper functions, placed before the statements. */
  helpers: string[];
  /** The body expression. */
  doc: Doc;
  /** True when the expression is a string (a client may add a text Content-Type for it). */
  isString: boolean;
}

export const URLENCODE_HELPER = [
  '// Like curl --data-urlencode: letters, digits and -._~ stay as they are, a space becomes +.',
  'function urlencode(data) {',
  "  let out = '';",
  '  for (const byte of Buffer.from(data)) {',
  '    const char = String.fromCharCode(byte);',
  '    if (/[A-Za-z0-9\\-._~]/.test(char)) out += char;',
  "    else if (char === ' ') out += '+';",
  "    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;",
  '  }',
  '  return out;',
  '}',
].join('\n');

/** `readFileSync(path)` as a Buffer, or as text with CR and LF removed (`-d @file`); standard input is file descriptor 0. */
export function fileDoc(path: string | null, strip: boolean, vars: JsVariables, imports: Imports): string {
  const read = imports.fsFunction('readFileSync');
  const source = path === null ? '0' : vars.expr(path);
  return strip ? `${read}(${source}, 'utf8').replace(/[\\r\\n]/g, '')` : `${read}(${source})`;
}

/** `-d` pieces joined at run time: `&` between pieces except before `--json` ones. */
export function piecesCode(pieces: DataPiece[], vars: JsVariables, imports: Imports): BodyCode {
  const helpers: string[] = [];
  const urlencode = (code: string) => {
    if (!helpers.includes(URLENCODE_HELPER)) helpers.push(URLENCODE_HELPER);
    return `urlencode(${code})`;
  };
  // Literal text (variable markers included) or code; `buffer` marks code that gives bytes, not text.
  type Segment = string | { code: string; buffer: boolean };
  const segments: Segment[] = [];
  pieces.forEach((piece, index) => {
    if (index > 0 && !('json' in piece && piece.json)) segments.push('&');
    switch (piece.type) {
      case 'literal':
        segments.push(piece.text);
        break;
      case 'file':
      case 'stdin':
        segments.push({
          code: fileDoc(piece.type === 'file' ? piece.path : null, piece.strip, vars, imports),
          buffer: !piece.strip,
        });
        break;
      case 'urlencode':
        if (piece.name !== undefined) segments.push(`${piece.name}=`);
        for (const part of splitVariables(piece.value)) {
          segments.push(
            typeof part === 'string'
              ? curlUrlEncode(part)
              : { code: urlencode(vars.name(part.variable)), buffer: false },
          );
        }
        break;
      case 'urlencode-file':
        if (piece.name !== undefined) segments.push(`${piece.name}=`);
        segments.push({
          code: urlencode(`${imports.fsFunction('readFileSync')}(${vars.expr(piece.path)})`),
          buffer: false,
        });
        break;
    }
  });
  // Neighbouring literal text merged, variables split out as code.
  const merged: Segment[] = [];
  for (const segment of segments) {
    const last = merged[merged.length - 1];
    if (typeof segment === 'string' && typeof last === 'string') merged[merged.length - 1] = last + segment;
    else merged.push(segment);
  }
  if (merged.some((segment) => typeof segment !== 'string' && segment.buffer)) {
    // Bytes from a file are kept as bytes: the pieces are joined as Buffers.
    const items = merged.map((segment) =>
      typeof segment === 'string'
        ? call('Buffer.from', vars.expr(segment))
        : segment.buffer
          ? segment.code
          : call('Buffer.from', segment.code),
    );
    return { before: [], helpers, doc: call('Buffer.concat', array(items)), isString: false };
  }
  const parts: (string | { code: string })[] = [];
  for (const segment of merged) {
    if (typeof segment !== 'string') parts.push({ code: segment.code });
    else {
      for (const part of splitVariables(segment)) {
        parts.push(typeof part === 'string' ? part : { code: vars.name(part.variable) });
      }
    }
  }
  if (parts.length === 1 && typeof parts[0] !== 'string')
    return { before: [], helpers, doc: parts[0]!.code, isString: true };
  const onlyText = parts.every((part) => typeof part === 'string');
  return { before: [], helpers, doc: onlyText ? jsStr(parts.join('')) : template(parts), isString: true };
}

/** Whether FormData sends these parts exactly as curl does (field values without line breaks, no part headers). */
export function formDataFits(parts: FormPart[], contentType: string | undefined): boolean {
  if (contentType !== undefined && !/^multipart\/form-data$/i.test(contentType.trim())) return false;
  return parts.every((part) => {
    if (part.headers.length > 0 || /[\r\n]/.test(part.name)) return false;
    if (part.type === 'field')
      return part.contentType === undefined && !/[\r\n]/.test(part.value + (part.filename ?? ''));
    if (part.type === 'file') {
      const type = part.contentType;
      // Blob lower-cases its type and drops one with unusual characters.
      return (
        !/[\r\n]/.test(part.filename) && (type === undefined || (type === type.toLowerCase() && isPrintableAscii(type)))
      );
    }
    return false;
  });
}

/** `const form = new FormData();` and one `form.append(...)` per part. */
export function formDataStatements(parts: FormPart[], vars: JsVariables, imports: Imports, layout: Layout): string[] {
  const out = ['const form = new FormData();'];
  for (const part of parts) {
    const name = vars.expr(part.name);
    if (part.type === 'field' && part.filename !== undefined) {
      // A text sent as a file (standard input given to `-F name=@-`).
      const blob = call('new Blob', array([vars.expr(part.value)]));
      out.push(layout.statement('', call('form.append', name, blob, vars.expr(part.filename))));
    } else if (part.type === 'field') {
      out.push(layout.statement('', call('form.append', name, vars.expr(part.value))));
    } else if (part.type === 'file') {
      const type = part.contentType ?? contentTypeForFilename(part.path);
      const blob = call(
        'new Blob',
        array([`${imports.fsFunction('readFileSync')}(${vars.expr(part.path)})`]),
        object([prop('type', jsStr(type))]),
      );
      out.push(layout.statement('', call('form.append', name, blob, vars.expr(part.filename))));
    }
  }
  return out;
}

export const FORM_PART_HELPER = [
  'function formPart(headers, data) {',
  "  const head = `--${boundary}\\r\\n${headers.join('\\r\\n')}\\r\\n\\r\\n`;",
  "  return Buffer.concat([Buffer.from(head), Buffer.from(data), Buffer.from('\\r\\n')]);",
  '}',
].join('\n');

/**
 * A multipart/form-data body built by hand, byte for byte as curl writes it:
 * parts in order, `Content-Disposition`, the part's type (guessed from the file
 * name like curl for files) and its own headers.
 */
export function multipartCode(parts: FormPart[], vars: JsVariables, imports: Imports, layout: Layout): BodyCode {
  const items: Doc[] = parts.map((part) => {
    const quoted = (text: string) => text.replace(/"/g, '%22');
    let disposition = `Content-Disposition: form-data; name="${quoted(part.name)}"`;
    const filename = partFilename(part);
    if (filename !== undefined) disposition += `; filename="${quoted(filename)}"`;
    const lines = [disposition];
    const type = part.contentType ?? (part.type === 'file' ? contentTypeForFilename(part.path) : undefined);
    if (type !== undefined) lines.push(`Content-Type: ${type}`);
    for (const header of part.headers) lines.push(`${header.name}: ${header.value}`);
    const data =
      part.type === 'field' ? vars.expr(part.value) : `${imports.fsFunction('readFileSync')}(${vars.expr(part.path)})`;
    return call('formPart', array(lines.map((line) => vars.expr(line))), data);
  });
  items.push(call('Buffer.from', '`--${boundary}--\\r\\n`'));
  return {
    helpers: [],
    before: [
      'const boundary = `----FormBoundary${crypto.randomUUID()}`;',
      FORM_PART_HELPER,
      layout.statement('const body = ', call('Buffer.concat', array(items))),
    ],
    doc: 'body',
    isString: false,
  };
}

/** The Content-Type header for a hand-built multipart body: the user's, with the boundary added where curl adds it. */
export function multipartContentType(userValue: string | undefined, vars: JsVariables): string {
  if (userValue === undefined) return '`multipart/form-data; boundary=${boundary}`';
  if (/^multipart\//i.test(userValue) && !/boundary=/i.test(userValue)) {
    const parts = splitVariables(userValue).map((part) =>
      typeof part === 'string' ? part : { code: vars.name(part.variable) },
    );
    return template([...parts, '; boundary=', { code: 'boundary' }]);
  }
  return vars.expr(userValue);
}

/** An object key for a header name (computed when the name holds a variable). */
export function headerKey(name: string, vars: JsVariables): string {
  return hasVariables(name) ? `[${vars.expr(name)}]` : jsKey(name);
}

/**
 * The program: imports, variables, then blocks separated by blank lines. The
 * code is laid out with two-space indentation (Prettier's); another `unit`
 * replaces it. No string literal spans lines, so every leading space is indentation.
 */
export function assemble(imports: Imports, vars: JsVariables, blocks: string[], unit = '  '): string {
  const sections = [imports.lines().join('\n'), vars.declarations().join('\n'), ...blocks].filter((s) => s !== '');
  const code = `${sections.join('\n\n')}\n`;
  if (unit === '  ') return code;
  return code.replace(/^(?: {2})+/gm, (indent) => unit.repeat(indent.length / 2));
}

/** Milliseconds for a number of seconds. */
export function milliseconds(seconds: number): string {
  return String(Math.round(seconds * 1000));
}

/** `new URLSearchParams({...})` when it writes exactly these bytes, else undefined. */
export function urlSearchParamsDoc(
  pairs: [string, string][],
  text: string,
  encode: (p: [string, string][]) => string,
): Doc | undefined {
  if (encode(pairs) !== text) return undefined;
  const names = pairs.map(([name]) => name);
  // An object literal keeps the pairs only when names are unique and none is an array index (those come first).
  const unique = new Set(names).size === names.length;
  if (unique && !names.some((name) => /^(?:0|[1-9]\d*)$/.test(name) && Number(name) < 2 ** 32 - 1)) {
    return call('new URLSearchParams', object(pairs.map(([name, value]) => prop(jsKey(name), jsStr(value)))));
  }
  return call('new URLSearchParams', array(pairs.map(([name, value]) => array([jsStr(name), jsStr(value)]))));
}

/** How a JavaScript target sends a body. */
export interface BodyChoice {
  doc?: Doc;
  /** The expression is a string (else bytes, a FormData or URLSearchParams). */
  isString: boolean;
  /** The exact text when the expression is a literal of it. */
  text?: string;
  /** Statements before the request (a FormData, a hand-built multipart body). */
  blocks: string[];
  helpers: string[];
  multipart?: 'form-data' | 'hand-built';
}

export interface BodyContext {
  vars: JsVariables;
  imports: Imports;
  layout: Layout;
}

/**
 * The body in its most idiomatic exact form for a JavaScript client: `json`
 * says how a JSON object literal is sent (`stringify`: `JSON.stringify(...)`,
 * `object`: the object itself, for clients that serialise it), `formData`
 * whether FormData may carry a multipart body, `searchParams` whether a
 * URLSearchParams object may be the body (else its string).
 */
export function bodyCode(
  body: SpecBody,
  contentType: string | undefined,
  ctx: BodyContext,
  style: { json: 'stringify' | 'object'; formData: boolean; searchParams: 'object' | 'string' },
): BodyChoice {
  const { vars, imports, layout } = ctx;
  const text = (value: string): BodyChoice => ({
    doc: vars.expr(value),
    isString: true,
    text: hasVariables(value) ? undefined : value,
    blocks: [],
    helpers: [],
  });
  switch (body.kind) {
    case 'none':
      return { isString: false, blocks: [], helpers: [] };
    case 'multipart':
      if (style.formData && formDataFits(body.parts, contentType)) {
        return {
          doc: 'form',
          isString: false,
          blocks: [formDataStatements(body.parts, vars, imports, layout).join('\n')],
          helpers: [],
          multipart: 'form-data',
        };
      } else {
        const code = multipartCode(body.parts, vars, imports, layout);
        return { doc: code.doc, isString: false, blocks: code.before, helpers: [], multipart: 'hand-built' };
      }
    case 'json':
      if (body.style === 'compact' && typeof body.value === 'object' && body.value !== null) {
        const literal = jsonDoc(body.value);
        return style.json === 'object'
          ? { doc: literal, isString: false, blocks: [], helpers: [] }
          : { doc: call('JSON.stringify', literal), isString: true, blocks: [], helpers: [] };
      }
      return text(body.text);
    case 'form': {
      const params = contentType ? urlSearchParamsDoc(body.pairs, body.text, whatwgFormEncode) : undefined;
      if (!params) return text(body.text);
      if (style.searchParams === 'object') return { doc: params, isString: false, blocks: [], helpers: [] };
      return { doc: { ...(params as ListDoc), tail: '.toString()' }, isString: true, blocks: [], helpers: [] };
    }
    case 'text':
      return text(body.text);
    case 'file':
    case 'stdin':
      return {
        doc: fileDoc(body.kind === 'file' ? body.path : null, body.strip, vars, imports),
        isString: body.strip,
        blocks: [],
        helpers: [],
      };
    case 'pieces': {
      const code = piecesCode(body.pieces, vars, imports);
      return { doc: code.doc, isString: code.isString, blocks: [], helpers: code.helpers };
    }
  }
}
