/**
 * The Go language kit: identifier allocation (keywords, predeclared names,
 * Go-style camel case), string concatenations and composite literals laid out
 * the way gofmt prints them (tabs, aligned keys), `map[string]any` JSON
 * literals, durations, and `GoProgram`: a program's imports, environment
 * variables, error checks and files read once. A Go client file renders its
 * request with these.
 */
import { flatMap, join } from '../../arrays.ts';
import type { Warning } from '../../errors.ts';
import { hasVariables, splitVariables } from '../../variables.ts';
import { CodeBuilder } from '../code-builder.ts';
import { compareUtf8, goString, utf8Length } from '../literals.ts';
import type { RequestSpec } from '../../request-spec/spec.ts';

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
const RESERVED_NAMES = new Set<string>([...GO_KEYWORDS, ...GO_PREDECLARED, ...PROGRAM_NAMES]);

class Names {
  /** The names this program took (the reserved ones are never taken). */
  private readonly used = new Set<string>();

  private has(name: string): boolean {
    return RESERVED_NAMES.has(name) || this.used.has(name);
  }

  take(base: string, suffix: string): string {
    let name = base;
    if (this.has(name)) name = `${base}${suffix}`;
    for (let n = 2; this.has(name); n++) name = `${base}${suffix}${n}`;
    this.used.add(name);
    return name;
  }
}

/** `textproto.CanonicalMIMEHeaderKey`: `x-part` → `X-Part`; names with other characters stay as written. */
export function canonicalHeaderKey(name: string): string {
  if (!/^[A-Za-z0-9!#$%&'*+\-.^_`|~]+$/.test(name)) return name;
  let out = '';
  let upper = true;
  for (let i = 0; i < name.length; i++) {
    const ch = name[i]!;
    out += upper ? ch.toUpperCase() : ch.toLowerCase();
    upper = ch === '-';
  }
  return out;
}

const runeCount = (text: string) => [...text].length;

/** One element of a multi-line composite literal: `key: value` (or just a value), value lines relative to the element. */
export interface Element {
  key?: string;
  lines: string[];
}

/**
 * The element lines of a composite literal written one element per line, as
 * gofmt prints them: keys of consecutive single-line elements aligned in one
 * column, except where go/printer starts a new alignment section (a multi-line
 * element, or a key much longer or shorter than the ones before).
 */
export function literalElements(elements: Element[]): string[] {
  const sizes = elements.map((e) => (e.lines.length === 1 ? utf8Length(e.key ?? e.lines[0]!) : 0));
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
export type Term = { literal: string } | { code: string; call?: { name: string; arg: Term[] } };

/** A JSON value Go's `json.Marshal` writes back as exactly `text`, rendered as a `map[string]any` / `[]any` literal. */
export function goJsonLiteral(value: unknown, text: string, unit: string): string[] | null {
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
      return items.includes(null) ? null : `[${join(items as string[], ',')}]`;
    }
    const keys = Object.keys(v as object);
    const sorted = [...keys].sort(compareUtf8);
    const entries = sorted.map((k) => {
      const val = encode((v as Record<string, unknown>)[k]);
      return val === null ? null : `${encode(k)}:${val}`;
    });
    return entries.includes(null) ? null : `{${join(entries as string[], ',')}}`;
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
export function duration(seconds: number): string {
  if (Number.isInteger(seconds)) return seconds === 1 ? 'time.Second' : `${seconds} * time.Second`;
  const ms = Math.max(1, Math.round(seconds * 1000));
  return ms === 1 ? 'time.Millisecond' : `${ms} * time.Millisecond`;
}

export class GoProgram {
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
    return join(code, depth === 1 ? ' + ' : '+');
  }

  /** `concat` of one model string. */
  str(text: string, depth: number): string {
    if (!hasVariables(text)) return goString(text);
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
    if (body.kind === 'pieces') return flatMap(body.pieces, (p) => ('path' in p ? [p.path] : []));
    if (body.kind === 'multipart') return flatMap(body.parts, (p) => (p.type === 'field' ? [] : [p.path]));
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

/** Reads a Netscape cookie file as curl -b file does; a program that reads one carries it after main. */
export const GO_COOKIE_FILE_HELPER = [
  '// cookiesFromFile reads a Netscape cookie file like curl -b file: the cookies',
  '// whose domain, path, secure flag and expiry match the URL.',
  'func cookiesFromFile(file, rawURL string) []string {',
  '\tdata, err := os.ReadFile(file)',
  '\tif err != nil {',
  '\t\tlog.Fatal(err)',
  '\t}',
  '\tu, err := url.Parse(rawURL)',
  '\tif err != nil {',
  '\t\tlog.Fatal(err)',
  '\t}',
  '\thost := strings.ToLower(u.Hostname())',
  '\tlocal := host == "localhost" || host == "127.0.0.1" || host == "::1"',
  '\tpath := u.EscapedPath()',
  '\tif path == "" {',
  '\t\tpath = "/"',
  '\t}',
  '\tvar cookies []string',
  '\tfor _, line := range strings.Split(string(data), "\\n") {',
  '\t\tline = strings.TrimSuffix(strings.TrimPrefix(line, "#HttpOnly_"), "\\r")',
  '\t\tfields := strings.Split(line, "\\t")',
  '\t\tif strings.HasPrefix(line, "#") || len(fields) < 7 {',
  '\t\t\tcontinue',
  '\t\t}',
  '\t\tdomain := strings.TrimPrefix(strings.ToLower(fields[0]), ".")',
  '\t\texpires, _ := strconv.ParseInt(fields[4], 10, 64)',
  '\t\tswitch {',
  '\t\tcase host != domain && !strings.HasSuffix(host, "."+domain):',
  '\t\tcase !strings.HasPrefix(path, fields[2]):',
  '\t\tcase strings.EqualFold(fields[3], "TRUE") && u.Scheme != "https" && !local:',
  '\t\tcase expires != 0 && expires < time.Now().Unix():',
  '\t\tdefault:',
  '\t\t\tcookies = append(cookies, fields[5]+"="+fields[6])',
  '\t\t}',
  '\t}',
  '\treturn cookies',
  '}',
];

/**
 * The Cookie header's value when cookie files are read at run time: the files' cookies, then the
 * command's own, joined with `; `. Adds the imports the helper needs.
 */
export function goCookieFilesValue(
  go: GoProgram,
  files: readonly string[],
  url: string,
  own: string | undefined,
): string {
  for (const path of ['log', 'net/url', 'os', 'strconv', 'strings', 'time']) go.imports.add(path);
  let list = '';
  for (const file of files) {
    const read = `cookiesFromFile(${go.str(file, 2)}, ${go.str(url, 2)})`;
    list = list === '' ? read : `append(${list}, ${read}...)`;
  }
  if (own !== undefined) list = `append(${list}, ${go.str(own, 2)})`;
  return `strings.Join(${list}, "; ")`;
}
