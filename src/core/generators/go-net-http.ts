/**
 * Go with the standard library's net/http: one `main` package that builds the
 * request with `http.NewRequest`, sends it with an `http.Client` set up like
 * curl's options, and prints the status and body. The output is exactly what
 * gofmt prints (tabs, aligned composite literals).
 */
import type { Warning } from '../errors.ts';
import type { DataPiece, FormPart, Transport } from '../curl/model.ts';
import { contentTypeForFilename } from '../curl/wire.ts';
import { curlUrlEncode } from '../curl/urlencode.ts';
import { hasVariables, splitVariables } from '../variables.ts';
import { CodeBuilder } from './code-builder.ts';
import { goString } from './literals.ts';
import { goFormEncode } from '../request-spec/encodings.ts';
import { planRequest, type Plan } from '../request-spec/plan.ts';
import { profileOf } from '../request-spec/profiles.ts';
import type { RequestSpec } from '../request-spec/spec.ts';
import type { Generator } from './types.ts';
import { targetInfo } from './targets.ts';

const METHOD_CONSTANTS: Record<string, string> = {
  GET: 'http.MethodGet',
  HEAD: 'http.MethodHead',
  POST: 'http.MethodPost',
  PUT: 'http.MethodPut',
  PATCH: 'http.MethodPatch',
  DELETE: 'http.MethodDelete',
  CONNECT: 'http.MethodConnect',
  OPTIONS: 'http.MethodOptions',
  TRACE: 'http.MethodTrace',
};

const GO_KEYWORDS = [
  'break',
  'case',
  'chan',
  'const',
  'continue',
  'default',
  'defer',
  'else',
  'fallthrough',
  'for',
  'func',
  'go',
  'goto',
  'if',
  'import',
  'interface',
  'map',
  'package',
  'range',
  'return',
  'select',
  'struct',
  'switch',
  'type',
  'var',
];

const GO_PREDECLARED = [
  'any',
  'append',
  'bool',
  'byte',
  'cap',
  'close',
  'comparable',
  'complex',
  'complex64',
  'complex128',
  'copy',
  'delete',
  'error',
  'false',
  'float32',
  'float64',
  'imag',
  'int',
  'int8',
  'int16',
  'int32',
  'int64',
  'iota',
  'len',
  'make',
  'new',
  'nil',
  'panic',
  'print',
  'println',
  'real',
  'recover',
  'rune',
  'string',
  'true',
  'uint',
  'uint8',
  'uint16',
  'uint32',
  'uint64',
  'uintptr',
];

/** Package names the program may import and the names it declares itself: never used for a variable. */
const PROGRAM_NAMES = [
  'bytes',
  'tls',
  'json',
  'errors',
  'fmt',
  'io',
  'log',
  'multipart',
  'net',
  'http',
  'textproto',
  'url',
  'os',
  'strings',
  'time',
  'main',
  'req',
  'resp',
  'err',
  'body',
  'respBody',
  'client',
  'transport',
  'writer',
  'part',
  'payload',
  'form',
  'data',
  'input',
  'proxyURL',
];

/** Initialisms Go spells in one case (golint's list, shortened). */
const INITIALISMS = new Set([
  'ACL',
  'API',
  'ASCII',
  'CPU',
  'CSS',
  'DNS',
  'EOF',
  'HTML',
  'HTTP',
  'HTTPS',
  'ID',
  'IP',
  'JSON',
  'RPC',
  'SQL',
  'SSH',
  'TCP',
  'TLS',
  'TTL',
  'UDP',
  'UI',
  'UID',
  'URI',
  'URL',
  'UUID',
  'XML',
]);

/** `USER_ID` → `userID`, `api-token` → `apiToken`: a Go-style local name (may still need de-duplicating). */
function camelName(text: string): string {
  const words = text.split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/).filter((w) => w !== '');
  const name = words
    .map((word, i) => {
      const upper = word.toUpperCase();
      if (i === 0) return word.toLowerCase();
      if (INITIALISMS.has(upper)) return upper;
      return upper[0] + word.slice(1).toLowerCase();
    })
    .join('');
  return /^[A-Za-z_]/.test(name) ? name : `v${name}`;
}

/** Hands out local variable names that collide with nothing else in the program. */
class Names {
  private readonly used = new Set<string>([...GO_KEYWORDS, ...GO_PREDECLARED, ...PROGRAM_NAMES]);

  take(base: string, suffix: string): string {
    let name = base;
    if (this.used.has(name)) name = `${base}${suffix}`;
    for (let n = 2; this.used.has(name); n++) name = `${base}${suffix}${n}`;
    this.used.add(name);
    return name;
  }
}

/** `textproto.CanonicalMIMEHeaderKey`: `x-part` → `X-Part`; names with other characters stay as written. */
function canonicalHeaderKey(name: string): string {
  if (!/^[A-Za-z0-9!#$%&'*+\-.^_`|~]+$/.test(name)) return name;
  return name.toLowerCase().replace(/(^|-)([a-z])/g, (_m, dash: string, ch: string) => dash + ch.toUpperCase());
}

const utf8 = new TextEncoder();
const runeCount = (text: string) => [...text].length;

/** One element of a multi-line composite literal: `key: value` (or just a value), value lines relative to the element. */
interface Element {
  key?: string;
  lines: string[];
}

/**
 * The element lines of a composite literal written one element per line, as
 * gofmt prints them: keys of consecutive single-line elements aligned in one
 * column, except where go/printer starts a new alignment section (a multi-line
 * element, or a key much longer or shorter than the ones before).
 */
function literalElements(elements: Element[]): string[] {
  const sizes = elements.map((e) => (e.lines.length === 1 ? utf8.encode(e.key ?? e.lines[0]!).length : 0));
  const section: number[] = [];
  let current = 0;
  let lnsum = 0;
  let count = 0;
  sizes.forEach((size, i) => {
    const prevSize = i > 0 ? sizes[i - 1]! : 0;
    let newSection = true;
    if (prevSize > 0 && size > 0) {
      if (count === 0 || (prevSize <= 40 && size <= 40)) newSection = false;
      else {
        const ratio = size / Math.exp(lnsum / count);
        newSection = 2.5 * ratio <= 1 || 2.5 <= ratio;
      }
    }
    if (i > 0 && newSection) {
      current++;
      lnsum = 0;
      count = 0;
    }
    section.push(current);
    if (size > 0) {
      lnsum += Math.log(size);
      count++;
    }
  });
  const aligned = elements.length > 1;
  const width = new Map<number, number>();
  elements.forEach((e, i) => {
    if (e.key !== undefined && sizes[i]! > 0 && aligned) {
      width.set(section[i]!, Math.max(width.get(section[i]!) ?? 0, runeCount(e.key)));
    }
  });
  const out: string[] = [];
  elements.forEach((e, i) => {
    let prefix = '';
    if (e.key !== undefined) {
      const pad = sizes[i]! > 0 && aligned ? width.get(section[i]!)! - runeCount(e.key) : 0;
      prefix = `${e.key}: ${' '.repeat(pad)}`;
    }
    const lines = [...e.lines];
    lines[0] = prefix + lines[0];
    lines[lines.length - 1] += ',';
    out.push(...lines);
  });
  return out;
}

/** A Go expression of one piece of a string concatenation. */
type Term = { literal: string } | { code: string; call?: { name: string; arg: Term[] } };

/** A JSON value Go's `json.Marshal` writes back as exactly `text`, rendered as a `map[string]any` / `[]any` literal. */
function goJsonLiteral(value: unknown, text: string, unit: string): string[] | null {
  if (value === null || typeof value !== 'object') return null;
  const encode = (v: unknown): string | null => {
    if (v === null) return 'null';
    if (typeof v === 'boolean') return String(v);
    if (typeof v === 'number') {
      if (!Number.isFinite(v) || (Number.isInteger(v) && !Number.isSafeInteger(v))) return null;
      return JSON.stringify(v);
    }
    if (typeof v === 'string') {
      // Go escapes <, >, &, U+2028, U+2029 and invalid UTF-8, and writes \b and \f as \u00XX (before Go 1.22).
      // eslint-disable-next-line no-control-regex
      if (/[<>&\u2028\u2029\u0000-\u0008\u000b\u000c\u000e-\u001f]|[\ud800-\udfff]/.test(v)) return null;
      return JSON.stringify(v);
    }
    if (Array.isArray(v)) {
      const items = v.map(encode);
      return items.includes(null) ? null : `[${items.join(',')}]`;
    }
    const keys = Object.keys(v as object);
    const sorted = [...keys].sort((a, b) => {
      const x = utf8.encode(a);
      const y = utf8.encode(b);
      for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
      return x.length - y.length;
    });
    const entries = sorted.map((k) => {
      const val = encode((v as Record<string, unknown>)[k]);
      return val === null ? null : `${encode(k)}:${val}`;
    });
    return entries.includes(null) ? null : `{${entries.join(',')}}`;
  };
  if (encode(value) !== text) return null;

  const scalar = (v: unknown): string => (v === null ? 'nil' : typeof v === 'string' ? goString(v) : String(v));
  const render = (v: unknown): string[] => {
    if (v === null || typeof v !== 'object') return [scalar(v)];
    if (Array.isArray(v)) {
      if (v.length === 0) return ['[]any{}'];
      if (v.every((item) => item === null || typeof item !== 'object')) return [`[]any{${v.map(scalar).join(', ')}}`];
      const body = literalElements(v.map((item) => ({ lines: render(item) })));
      return ['[]any{', ...body.map((line) => unit + line), '}'];
    }
    const entries = Object.entries(v as Record<string, unknown>);
    if (entries.length === 0) return ['map[string]any{}'];
    const body = literalElements(entries.map(([k, item]) => ({ key: goString(k), lines: render(item) })));
    return ['map[string]any{', ...body.map((line) => unit + line), '}'];
  };
  return render(value);
}

/** A Go `time.Duration` expression for a number of seconds. */
function duration(seconds: number): string {
  if (Number.isInteger(seconds)) return seconds === 1 ? 'time.Second' : `${seconds} * time.Second`;
  const ms = Math.max(1, Math.round(seconds * 1000));
  return ms === 1 ? 'time.Millisecond' : `${ms} * time.Millisecond`;
}

class GoProgram {
  readonly imports = new Set<string>();
  readonly warnings: Warning[] = [];
  private readonly names = new Names();
  /** Shell variable → Go local, for the variables the code uses. */
  private readonly variables = new Map<string, string>();
  /** File path → the local holding its bytes. */
  private readonly files = new Map<string, string>();
  private readonly declared = new Set<string>();
  private readonly fileCount: number;
  readonly out: CodeBuilder;

  constructor(
    readonly spec: RequestSpec,
    readonly unit: string,
  ) {
    this.out = new CodeBuilder(unit);
    this.fileCount = new Set(this.filePaths()).size;
  }

  /** The Go local reading a shell variable from the environment. */
  variable(name: string): string {
    let local = this.variables.get(name);
    if (!local) {
      local = this.names.take(camelName(name) || 'value', 'Env');
      this.variables.set(name, local);
    }
    return local;
  }

  /** The `os.Getenv` lines for the variables the program uses, in the order `prepareRequest` lists them. */
  variableDeclarations(): string[] {
    if (this.variables.size > 0) this.imports.add('os');
    const order = (name: string) => {
      const i = this.spec.variables.indexOf(name);
      return i === -1 ? Number.MAX_SAFE_INTEGER : i;
    };
    return [...this.variables]
      .sort(([a], [b]) => order(a) - order(b))
      .map(([name, local]) => `${local} := os.Getenv(${goString(name)})`);
  }

  /** Terms of a model string: literal text and variables. */
  terms(text: string): Term[] {
    return splitVariables(text).map((part) =>
      typeof part === 'string' ? { literal: part } : { code: this.variable(part.variable) },
    );
  }

  /**
   * A string concatenation as gofmt prints it: `a + b` at the top level of a
   * statement (`depth` 1), `a+b` deeper (an argument of a call with several
   * arguments, or an operand of another concatenation).
   */
  concat(terms: Term[], depth: number): string {
    const merged: Term[] = [];
    for (const term of terms) {
      const last = merged[merged.length - 1];
      if ('literal' in term && last && 'literal' in last)
        merged[merged.length - 1] = { literal: last.literal + term.literal };
      else merged.push(term);
    }
    const nonEmpty = merged.filter((t) => !('literal' in t) || t.literal !== '');
    const list = nonEmpty.length > 0 ? nonEmpty : [{ literal: '' }];
    const inner = list.length > 1 ? depth + 1 : depth;
    const code = list.map((t) => {
      if ('literal' in t) return goString(t.literal);
      return t.call ? `${t.call.name}(${this.concat(t.call.arg, inner)})` : t.code;
    });
    return code.join(depth === 1 ? ' + ' : '+');
  }

  /** `concat` of one model string. */
  str(text: string, depth: number): string {
    return this.concat(this.terms(text), depth);
  }

  /** `:=` when the statement declares a new name, `=` when every name on the left already exists. */
  assign(names: string[], value: string): string {
    const fresh = names.some((n) => n !== '_' && !this.declared.has(n));
    for (const n of names) this.declared.add(n);
    return `${names.join(', ')} ${fresh ? ':=' : '='} ${value}`;
  }

  fatalIfErr(): void {
    this.imports.add('log');
    this.out.block('if err != nil {', (b) => b.line('log.Fatal(err)'), '}');
  }

  /** `if err := call; err != nil { log.Fatal(err) }`; `results` is `_, err` for a call that also returns a count. */
  check(call: string, results = 'err'): void {
    this.imports.add('log');
    this.out.block(`if ${results} := ${call}; err != nil {`, (b) => b.line('log.Fatal(err)'), '}');
  }

  /** `v, err := ...` followed by the error check. */
  declareChecked(name: string, value: string): void {
    this.out.line(this.assign([name, 'err'], value));
    this.fatalIfErr();
  }

  private filePaths(): string[] {
    const body = this.spec.body;
    if (body.kind === 'file') return [body.path];
    if (body.kind === 'pieces') return body.pieces.flatMap((p) => ('path' in p ? [p.path] : []));
    if (body.kind === 'multipart') return body.parts.flatMap((p) => (p.type === 'field' ? [] : [p.path]));
    return [];
  }

  /** Reads a file once into a local (`data` when it is the program's only file) and returns the local. */
  readFile(path: string, strip = false): string {
    const key = `${strip ? 'strip' : 'raw'}:${path}`;
    const known = this.files.get(key);
    if (known) return known;
    let local: string;
    if (this.fileCount === 1 && this.files.size === 0) local = 'data';
    else {
      const stem = camelName(
        splitVariables(path)
          .map((p) => (typeof p === 'string' ? p : p.variable))
          .join('')
          .replace(/^.*[/\\]/, '')
          .replace(/\.[^.]*$/, ''),
      );
      const ext = camelName(path.replace(/^.*\./, ''));
      const base = stem === 'v' ? 'file' : stem === 'data' && ext !== 'v' ? ext : stem;
      local = this.names.take(`${base}Data`, '');
    }
    this.files.set(key, local);
    this.imports.add('os');
    this.declareChecked(local, `os.ReadFile(${this.str(path, 1)})`);
    if (strip) this.stripNewlines(local);
    return local;
  }

  readStdin(strip: boolean): string {
    const known = this.files.get('stdin');
    if (known) return known;
    this.files.set('stdin', 'input');
    this.imports.add('io');
    this.imports.add('os');
    this.declareChecked('input', 'io.ReadAll(os.Stdin)');
    if (strip) this.stripNewlines('input');
    return 'input';
  }

  private stripNewlines(local: string): void {
    this.imports.add('bytes');
    this.out.line('// Like curl -d @file: carriage returns and newlines are dropped.');
    this.out.line(`${local} = bytes.ReplaceAll(${local}, []byte("\\r"), nil)`);
    this.out.line(`${local} = bytes.ReplaceAll(${local}, []byte("\\n"), nil)`);
  }
}

/** Writes the statements that build the body; returns the expression passed to `http.NewRequest`. */
function renderBody(go: GoProgram): string {
  const body = go.spec.body;
  const out = go.out;
  switch (body.kind) {
    case 'none':
      return 'nil';
    case 'text':
      go.imports.add('strings');
      out.line(`body := strings.NewReader(${go.str(body.text, 1)})`);
      return 'body';
    case 'json': {
      const literal = body.style === 'compact' ? goJsonLiteral(body.value, body.text, go.unit) : null;
      if (literal) {
        go.imports.add('encoding/json');
        go.imports.add('bytes');
        const lines = [...literal];
        lines[0] = `json.Marshal(${lines[0]}`;
        lines[lines.length - 1] += ')';
        out.line(go.assign(['payload', 'err'], lines[0]!));
        for (const line of lines.slice(1)) out.line(line);
        go.fatalIfErr();
        return 'bytes.NewReader(payload)';
      }
      go.imports.add('strings');
      out.line(`body := strings.NewReader(${go.str(body.text, 1)})`);
      return 'body';
    }
    case 'form': {
      if (goFormEncode(body.pairs) === body.text) {
        go.imports.add('net/url');
        go.imports.add('strings');
        const grouped = new Map<string, string[]>();
        for (const [name, value] of body.pairs) grouped.set(name, [...(grouped.get(name) ?? []), value]);
        const keys = [...grouped.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        const elements = keys.map((k) => ({
          key: goString(k),
          lines: [`{${grouped.get(k)!.map(goString).join(', ')}}`],
        }));
        out.line('form := url.Values{');
        out.indent();
        out.lines(literalElements(elements));
        out.dedent();
        out.line('}');
        out.line('body := strings.NewReader(form.Encode())');
        return 'body';
      }
      go.imports.add('strings');
      out.line(`body := strings.NewReader(${go.str(body.text, 1)})`);
      return 'body';
    }
    case 'file': {
      go.imports.add('bytes');
      const local = go.readFile(body.path, body.strip);
      return `bytes.NewReader(${local})`;
    }
    case 'stdin': {
      go.imports.add('bytes');
      const local = go.readStdin(body.strip);
      return `bytes.NewReader(${local})`;
    }
    case 'pieces':
      return renderPieces(go, body.pieces);
    case 'multipart':
      return renderMultipart(go, body.parts);
  }
}

function renderPieces(go: GoProgram, pieces: DataPiece[]): string {
  const terms: Term[] = [];
  const queryEscape = (arg: Term[]): Term => {
    go.imports.add('net/url');
    return { code: '', call: { name: 'url.QueryEscape', arg } };
  };
  for (const [i, piece] of pieces.entries()) {
    if (i > 0 && !('json' in piece && piece.json)) terms.push({ literal: '&' });
    switch (piece.type) {
      case 'literal':
        terms.push(...go.terms(piece.text));
        break;
      case 'file':
        terms.push({ code: `string(${go.readFile(piece.path, piece.strip)})` });
        break;
      case 'stdin':
        terms.push({ code: `string(${go.readStdin(piece.strip)})` });
        break;
      case 'urlencode': {
        if (piece.name !== undefined) terms.push(...go.terms(piece.name), { literal: '=' });
        const valueTerms = go.terms(piece.value);
        if (valueTerms.every((t) => 'literal' in t)) terms.push({ literal: curlUrlEncode(piece.value) });
        else terms.push(queryEscape(valueTerms));
        break;
      }
      case 'urlencode-file': {
        if (piece.name !== undefined) terms.push(...go.terms(piece.name), { literal: '=' });
        terms.push(queryEscape([{ code: `string(${go.readFile(piece.path)})` }]));
        break;
      }
    }
  }
  go.imports.add('strings');
  go.out.line(`body := strings.NewReader(${go.concat(terms, 1)})`);
  return 'body';
}

/** A name or file name go's multipart helpers write exactly as curl does (they escape `"` and `\` differently). */
const plainName = (text: string) => !/["\\\r\n]/.test(text);

function renderMultipart(go: GoProgram, parts: FormPart[]): string {
  const out = go.out;
  go.imports.add('bytes');
  go.imports.add('mime/multipart');
  // Files first, so that the parts are written one after the other.
  const fileData = new Map<FormPart, string>();
  for (const part of parts) if (part.type !== 'field') fileData.set(part, go.readFile(part.path));
  if (fileData.size > 0) out.blank();
  out.line('var body bytes.Buffer');
  out.line('writer := multipart.NewWriter(&body)');
  for (const part of parts) {
    const data = fileData.get(part);
    const simple = part.headers.length === 0 && plainName(part.name);
    if (part.type !== 'file' && simple && part.contentType === undefined) {
      const value = part.type === 'field' ? go.str(part.value, 2) : `string(${data})`;
      go.check(`writer.WriteField(${go.str(part.name, 2)}, ${value})`);
      continue;
    }
    const type = part.contentType ?? (part.type === 'file' ? contentTypeForFilename(part.path) : undefined);
    let filename: Term[] = [];
    if (part.type === 'file') {
      filename = go.terms(part.filename);
      if (hasVariables(part.filename) && part.filename === part.path) {
        // curl sends the base name of the path.
        go.imports.add('path/filepath');
        filename = [{ code: '', call: { name: 'filepath.Base', arg: filename } }];
      }
    }
    if (part.type === 'file' && simple && type === 'application/octet-stream' && plainName(part.filename)) {
      // CreateFormFile sends application/octet-stream, as curl does for this file name.
      const args = `${go.str(part.name, 2)}, ${go.concat(filename, 2)}`;
      out.line(go.assign(['part', 'err'], `writer.CreateFormFile(${args})`));
    } else {
      const disposition: Term[] = [{ literal: 'form-data; name="' }, ...quoted(go.terms(part.name)), { literal: '"' }];
      if (part.type === 'file') {
        disposition.push({ literal: '; filename="' }, ...quoted(filename), { literal: '"' });
      }
      const headers = new Map<string, string[]>();
      const add = (name: string, value: string) => {
        const key = canonicalHeaderKey(name);
        headers.set(key, [...(headers.get(key) ?? []), value]);
      };
      add('Content-Disposition', go.concat(disposition, 1));
      if (type !== undefined) add('Content-Type', go.str(type, 1));
      for (const header of part.headers) add(header.name, go.str(header.value, 1));
      go.imports.add('net/textproto');
      const elements = [...headers].map(([key, values]) => ({ key: goString(key), lines: [`{${values.join(', ')}}`] }));
      out.line(go.assign(['part', 'err'], 'writer.CreatePart(textproto.MIMEHeader{'));
      out.indent();
      out.lines(literalElements(elements));
      out.dedent();
      out.line('})');
    }
    go.fatalIfErr();
    if (data !== undefined) go.check(`part.Write(${data})`, '_, err');
    else {
      go.imports.add('io');
      go.check(`io.WriteString(part, ${go.str(part.type === 'field' ? part.value : '', 2)})`, '_, err');
    }
  }
  go.check('writer.Close()');
  return '&body';
}

/** A part name or file name inside the quotes of Content-Disposition, with `"` written as `%22` like curl. */
function quoted(terms: Term[]): Term[] {
  return terms.map((t) => ('literal' in t ? { literal: t.literal.replace(/"/g, '%22') } : t));
}

/** Whether a custom transport is needed, and its setup lines. */
function renderTransport(go: GoProgram, spec: RequestSpec): boolean {
  const t: Transport = spec.transport;
  const out = go.out;
  const https = !/^http:\/\//i.test(spec.url);
  const insecure = t.insecure;
  const connect = t.connectTimeoutSeconds !== undefined;
  const proxy = t.proxy !== undefined;
  const noCompression = spec.removedDefaults.includes('accept-encoding');
  const http11 = t.httpVersion === '1.1' && https;
  if (!insecure && !connect && !proxy && !noCompression && !http11) return false;

  if (proxy) {
    go.imports.add('net/url');
    const raw = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(t.proxy!) ? t.proxy! : `http://${t.proxy!}`;
    go.declareChecked('proxyURL', `url.Parse(${go.str(raw, 1)})`);
    if (t.proxyUser !== undefined) {
      const colon = t.proxyUser.indexOf(':');
      out.line(
        colon === -1
          ? `proxyURL.User = url.User(${go.str(t.proxyUser, 1)})`
          : `proxyURL.User = url.UserPassword(${go.str(t.proxyUser.slice(0, colon), 2)}, ${go.str(t.proxyUser.slice(colon + 1), 2)})`,
      );
    }
    out.blank();
  }
  out.line('transport := http.DefaultTransport.(*http.Transport).Clone()');
  if (insecure) {
    go.imports.add('crypto/tls');
    out.line("// -k: the server's certificate is not verified.");
    out.line('transport.TLSClientConfig = &tls.Config{InsecureSkipVerify: true}');
  }
  if (connect) {
    go.imports.add('net');
    go.imports.add('time');
    out.line(`transport.DialContext = (&net.Dialer{Timeout: ${duration(t.connectTimeoutSeconds!)}}).DialContext`);
  }
  if (proxy) out.line('transport.Proxy = http.ProxyURL(proxyURL)');
  if (noCompression) {
    out.line('// The command removed Accept-Encoding: Go must not ask for gzip.');
    out.line('transport.DisableCompression = true');
  }
  if (http11) {
    out.line('// --http1.1: no HTTP/2.');
    out.line('transport.ForceAttemptHTTP2 = false');
  }
  return true;
}

/** The `CheckRedirect` function, as lines (first line after the key), or null for Go's default. */
function checkRedirect(go: GoProgram, spec: RequestSpec, unit: string): string[] | null {
  const t = spec.transport;
  if (!t.followRedirects) {
    return [
      'func(*http.Request, []*http.Request) error {',
      `${unit}// Like curl without -L: do not follow redirects.`,
      `${unit}return http.ErrUseLastResponse`,
      '}',
    ];
  }
  const max = t.maxRedirects !== undefined && t.maxRedirects >= 0 ? t.maxRedirects : undefined;
  const hasCredentials =
    spec.basicAuth !== undefined || spec.headers.some((h) => h.name.toLowerCase() === 'authorization');
  const trusted = t.locationTrusted && hasCredentials;
  if (max === undefined && !trusted) return null;
  const lines: string[] = [];
  if (max !== undefined) {
    go.imports.add('errors');
    lines.push(
      `${unit}if len(via) > ${max} {`,
      `${unit}${unit}return errors.New(${goString(`maximum (${max}) redirects followed`)})`,
      `${unit}}`,
    );
  }
  if (trusted) {
    lines.push(
      `${unit}// --location-trusted: the credentials go to other hosts too.`,
      `${unit}req.Header.Set("Authorization", via[0].Header.Get("Authorization"))`,
    );
  }
  const params = trusted ? 'req *http.Request' : '_ *http.Request';
  return [`func(${params}, via []*http.Request) error {`, ...lines, `${unit}return nil`, '}'];
}

function generateGo(spec: RequestSpec, plan: Plan, unit: string): { code: string; warnings: Warning[] } {
  const go = new GoProgram(spec, unit);
  const out = go.out;
  go.imports.add('net/http');
  go.imports.add('fmt');
  go.imports.add('io');

  // The body (and the files it reads) first; variables are declared above it afterwards.
  const bodyExpr = renderBody(go);
  out.blank();

  const method = METHOD_CONSTANTS[spec.method] ?? go.str(spec.method, 2);
  out.line(go.assign(['req', 'err'], `http.NewRequest(${method}, ${go.str(spec.url, 2)}, ${bodyExpr})`));
  go.fatalIfErr();

  const body = spec.body;
  const userContentType = spec.headers.find((h) => h.name.toLowerCase() === 'content-type');
  if (body.kind === 'multipart' && !spec.removedDefaults.includes('content-type')) {
    if (userContentType) {
      // curl adds the boundary to a multipart Content-Type the command sets.
      const value = go.concat(
        [...go.terms(userContentType.value), { literal: '; boundary=' }, { code: 'writer.Boundary()' }],
        2,
      );
      out.line(`req.Header.Set(${go.str(userContentType.name, 2)}, ${value})`);
    } else out.line('req.Header.Set("Content-Type", writer.FormDataContentType())');
  }
  const seen = new Set<string>();
  for (const header of plan.headers) {
    const lower = header.name.toLowerCase();
    if (lower === 'content-length') continue; // Go computes it from the body.
    if (lower === 'content-type' && body.kind === 'multipart') continue;
    if (lower === 'host') {
      out.line(`req.Host = ${go.str(header.value, 1)}`);
      continue;
    }
    const call = seen.has(lower) ? 'Add' : 'Set';
    seen.add(lower);
    out.line(`req.Header.${call}(${go.str(header.name, 2)}, ${go.str(header.value, 2)})`);
  }
  if (spec.removedDefaults.includes('user-agent')) {
    out.line('// The command removed User-Agent: an empty value stops Go from sending its own.');
    out.line('req.Header.Set("User-Agent", "")');
  }
  if (spec.basicAuth) {
    out.line(`req.SetBasicAuth(${go.str(spec.basicAuth.user, 2)}, ${go.str(spec.basicAuth.password, 2)})`);
  }
  out.blank();

  const t = spec.transport;
  const hasTransport = renderTransport(go, spec);
  if (hasTransport) out.blank();
  const elements: Element[] = [];
  if (hasTransport) elements.push({ key: 'Transport', lines: ['transport'] });
  if (t.timeoutSeconds !== undefined) {
    go.imports.add('time');
    elements.push({ key: 'Timeout', lines: [duration(t.timeoutSeconds)] });
  }
  const redirect = checkRedirect(go, spec, unit);
  if (redirect) elements.push({ key: 'CheckRedirect', lines: redirect });
  if (t.compressed) {
    out.line('// --compressed: Go asks for gzip and decompresses the response itself');
    out.line('// (unless the request sets Accept-Encoding).');
  }
  let client = 'http.DefaultClient';
  if (elements.length > 0) {
    client = 'client';
    out.line('client := &http.Client{');
    out.indent();
    out.lines(literalElements(elements));
    out.dedent();
    out.line('}');
  }
  out.line(go.assign(['resp', 'err'], `${client}.Do(req)`));
  go.fatalIfErr();
  out.line('defer resp.Body.Close()');
  out.blank();
  out.line(go.assign(['respBody', 'err'], 'io.ReadAll(resp.Body)'));
  go.fatalIfErr();
  out.line('fmt.Println(resp.Status)');
  if (plan.outputFile !== undefined) {
    go.imports.add('os');
    go.check(`os.WriteFile(${go.str(plan.outputFile, 2)}, respBody, 0o644)`);
  } else out.line('fmt.Println(string(respBody))');

  const declarations = go.variableDeclarations();
  const code = new CodeBuilder(unit);
  code.line('package main').line();
  const imports = [...go.imports].sort();
  code.block('import (', (b) => b.lines(imports.map((path) => goString(path))), ')');
  code.line();
  code.block(
    'func main() {',
    (b) => {
      b.lines(declarations);
      if (declarations.length > 0) b.line();
      for (const line of out.toString().replace(/^\n+/, '').trimEnd().split('\n')) b.line(line);
    },
    '}',
  );
  return { code: code.toString(), warnings: [...plan.warnings, ...go.warnings] };
}

export const goNetHttp: Generator = {
  ...targetInfo('go-net-http'),
  generate(spec, options) {
    return generateGo(spec, planRequest(spec, profileOf('go-net-http')), options?.indent ?? '\t');
  },
};
