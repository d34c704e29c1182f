/**
 * The C language kit: string literals holding exactly the bytes curl sends
 * (raw bytes as octal escapes, `??` never a trigraph, `%` doubled in format
 * strings), identifiers that are no keyword, shell variables read with
 * `getenv`, strings that mix text and variables built with `curl_maprintf`,
 * and the small helpers a program carries (reading a file or standard input,
 * form-encoding read bytes). Layout: two spaces, as clang-format's LLVM style
 * and libcurl's examples write it.
 */
import { splitVariables } from '../../variables.ts';
import { isPrintableAscii } from '../literals.ts';

/** Text-direction controls and other invisible line breakers: escaped so the code reads the way it runs. */
function escapedCodePoint(code: number): boolean {
  return (
    code < 0x20 ||
    code === 0x7f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    code === 0x200e ||
    code === 0x200f ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0xfeff
  );
}

const octal = (byte: number) => `\\${byte.toString(8).padStart(3, '0')}`;

/**
 * The body of a C string literal (without quotes) for a model string: its
 * UTF-8 bytes, a raw-byte character (U+DC80–U+DCFF) as its own byte, any
 * other lone surrogate as U+FFFD. `format` doubles `%` for printf formats.
 */
export function cStringBody(text: string, format = false): string {
  // Printable ASCII needs escapes only for quotes, backslashes, trigraphs and (in formats) `%`.
  if (isPrintableAscii(text)) {
    return text.replace(format ? /["\\%]|(?<=\?)\?/g : /["\\]|(?<=\?)\?/g, (ch) => (ch === '%' ? '%%' : `\\${ch}`));
  }
  let out = '';
  const chars = [...text];
  chars.forEach((ch, i) => {
    const code = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    // `??` followed by another character may be a trigraph: escape the second `?`.
    else if (ch === '?' && chars[i - 1] === '?') out += '\\?';
    else if (ch === '%' && format) out += '%%';
    else if (code >= 0xdc80 && code <= 0xdcff) out += octal(code - 0xdc00);
    else if (code >= 0xd800 && code <= 0xdfff) out += '\\357\\277\\275';
    else if (escapedCodePoint(code)) {
      for (const byte of new TextEncoder().encode(ch)) out += octal(byte);
    } else out += ch;
  });
  return out;
}

/** A C string literal for a model string (see {@link cStringBody}). */
export function cString(text: string): string {
  return `"${cStringBody(text)}"`;
}

/** Bytes of a C literal's content (octal escapes count one byte each). */
export function cByteLength(text: string): number {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(text)) return text.length;
  let n = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xdc80 && code <= 0xdcff) n += 1;
    else if (code >= 0xd800 && code <= 0xdfff) n += 3;
    else n += new TextEncoder().encode(ch).length;
  }
  return n;
}

const C_KEYWORDS = new Set(
  [
    'auto break case char const continue default do double else enum extern float for goto if inline int long',
    'register restrict return short signed sizeof static struct switch typedef union unsigned void volatile while',
    '_Bool _Complex _Imaginary _Alignas _Alignof _Atomic _Generic _Noreturn _Static_assert _Thread_local',
    'main curl res headers mime part env read_file read_stdin strip_newlines form_escape body body_size',
    'buffer append free malloc realloc getenv stdin stdout stderr errno exit printf fprintf fopen fclose fread',
    'NULL EOF size_t bool true false',
  ]
    .join(' ')
    .split(' '),
);

/** C identifiers for the program's own variables, unique within one program. */
export class CNames {
  private readonly used = new Set<string>();

  pick(wanted: string): string {
    let base = wanted
      .replace(/[^A-Za-z0-9_]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .toLowerCase();
    if (base === '' || /^[0-9]/.test(base)) base = `var_${base}`;
    let name = base;
    for (let i = 2; C_KEYWORDS.has(name) || /^__|^_[A-Z]/.test(name) || this.used.has(name); i++) {
      name = `${base}_${i}`;
    }
    this.used.add(name);
    return name;
  }
}

/** The helper functions a program can carry, in the order they are written. */
export const C_HELPERS = {
  env: [
    '/* An environment variable, or "" when it is not set (as the shell expands it). */',
    'static const char *env(const char *name) {',
    '  const char *value = getenv(name);',
    '  return value ? value : "";',
    '}',
  ],
  read: [
    '/* Reads a whole stream into memory; exits on a read error. */',
    'static char *read_stream(FILE *in, const char *what, size_t *size) {',
    '  char *data = NULL;',
    '  size_t capacity = 0;',
    '  *size = 0;',
    '  for (;;) {',
    '    if (*size == capacity) {',
    '      capacity = capacity ? capacity * 2 : 65536;',
    '      char *grown = realloc(data, capacity);',
    '      if (!grown) {',
    '        fprintf(stderr, "%s: out of memory\\n", what);',
    '        exit(EXIT_FAILURE);',
    '      }',
    '      data = grown;',
    '    }',
    '    size_t n = fread(data + *size, 1, capacity - *size, in);',
    '    *size += n;',
    '    if (n == 0)',
    '      break;',
    '  }',
    '  if (ferror(in)) {',
    '    perror(what);',
    '    exit(EXIT_FAILURE);',
    '  }',
    '  return data;',
    '}',
  ],
  readFile: [
    '/* Reads a whole file into memory; exits when it cannot be read. */',
    'static char *read_file(const char *path, size_t *size) {',
    '  FILE *in = fopen(path, "rb");',
    '  if (!in) {',
    '    perror(path);',
    '    exit(EXIT_FAILURE);',
    '  }',
    '  char *data = read_stream(in, path, size);',
    '  fclose(in);',
    '  return data;',
    '}',
  ],
  strip: [
    '/* Removes carriage returns and line feeds, as curl -d @file does. */',
    'static void strip_newlines(char *data, size_t *size) {',
    '  size_t kept = 0;',
    '  for (size_t i = 0; i < *size; i++)',
    "    if (data[i] != '\\r' && data[i] != '\\n')",
    '      data[kept++] = data[i];',
    '  *size = kept;',
    '}',
  ],
  append: [
    '/* Appends bytes to a growing buffer; exits when out of memory. */',
    'static void append(char **buffer, size_t *size, const char *data, size_t n) {',
    '  char *grown = realloc(*buffer, *size + n + 1);',
    '  if (!grown) {',
    '    fputs("out of memory\\n", stderr);',
    '    exit(EXIT_FAILURE);',
    '  }',
    '  memcpy(grown + *size, data, n);',
    '  *size += n;',
    "  grown[*size] = '\\0';",
    '  *buffer = grown;',
    '}',
  ],
  formEscape: [
    '/* URL-encodes bytes as curl --data-urlencode does: curl_easy_escape, with + for a space. */',
    'static char *form_escape(CURL *curl, const char *data, size_t size) {',
    '  char *escaped = curl_easy_escape(curl, data, (int)size);',
    '  if (!escaped) {',
    '    fputs("out of memory\\n", stderr);',
    '    exit(EXIT_FAILURE);',
    '  }',
    '  char *to = escaped;',
    '  for (const char *from = escaped; *from; to++) {',
    "    if (from[0] == '%' && from[1] == '2' && from[2] == '0') {",
    "      *to = '+';",
    '      from += 3;',
    '    } else',
    '      *to = *from++;',
    '  }',
    "  *to = '\\0';",
    '  return escaped;',
    '}',
  ],
} satisfies Record<string, string[]>;

export type CHelper = keyof typeof C_HELPERS;

/** Which headers each helper needs, and which helpers it calls. */
const HELPER_NEEDS: Record<CHelper, { includes: string[]; helpers: CHelper[] }> = {
  env: { includes: ['stdlib.h'], helpers: [] },
  read: { includes: ['stdio.h', 'stdlib.h'], helpers: [] },
  readFile: { includes: ['stdio.h', 'stdlib.h'], helpers: ['read'] },
  strip: { includes: [], helpers: [] },
  append: { includes: ['stdio.h', 'stdlib.h', 'string.h'], helpers: [] },
  formEscape: { includes: ['stdio.h', 'stdlib.h'], helpers: [] },
};

/**
 * One C program being written: its includes, helpers, the variables read
 * from the environment, and what `main` frees at the end.
 */
export class CProgram {
  readonly names = new CNames();
  readonly includes = new Set<string>(['curl/curl.h']);
  readonly helpers = new Set<CHelper>();
  /** Statements at the start of `main` (reading variables). */
  readonly prologue: string[] = [];
  /** Statements at the end of `main`, before returning, in order. */
  readonly cleanup: string[] = [];
  private readonly variables = new Map<string, string>();

  use(helper: CHelper): void {
    if (this.helpers.has(helper)) return;
    for (const needed of HELPER_NEEDS[helper].helpers) this.use(needed);
    for (const include of HELPER_NEEDS[helper].includes) this.includes.add(include);
    this.helpers.add(helper);
  }

  /** The identifier holding shell variable `name`, read once with `env()`. */
  variable(name: string): string {
    let id = this.variables.get(name);
    if (id === undefined) {
      id = this.names.pick(name);
      this.variables.set(name, id);
      this.use('env');
      this.prologue.push(`const char *${id} = env(${cString(name)});`);
    }
    return id;
  }

  /**
   * A `const char *` expression for a model string: a literal, a variable, or
   * (text around variables) a `curl_maprintf` result held in `stem`, written
   * into `out` and freed at the end.
   */
  text(value: string, out: string[], stem: string): string {
    const parts = splitVariables(value);
    if (parts.every((p) => typeof p === 'string')) return cString(value);
    if (parts.length === 1 && typeof parts[0] !== 'string') return this.variable(parts[0]!.variable);
    let format = '';
    const args: string[] = [];
    for (const part of parts) {
      if (typeof part === 'string') format += cStringBody(part, true);
      else {
        format += '%s';
        args.push(this.variable(part.variable));
      }
    }
    const name = this.names.pick(stem);
    out.push(`char *${name} = curl_maprintf("${format}", ${args.join(', ')});`);
    this.cleanup.push(`curl_free(${name});`);
    return name;
  }

  /** The program: includes, helpers, then `main` around `body`. */
  render(body: string[]): string {
    const system = [...this.includes].filter((i) => !i.includes('/')).sort();
    const lines = system.map((i) => `#include <${i}>`);
    if (lines.length > 0) lines.push('');
    lines.push('#include <curl/curl.h>');
    if (this.includes.has('curl/mprintf.h')) lines.push('#include <curl/mprintf.h>');
    lines.push('');
    for (const helper of Object.keys(C_HELPERS) as CHelper[]) {
      if (this.helpers.has(helper)) lines.push(...C_HELPERS[helper], '');
    }
    lines.push('int main(void) {');
    const inner = [...this.prologue, ...(this.prologue.length ? [''] : []), ...body];
    for (const line of inner) lines.push(line === '' ? '' : `  ${line}`);
    lines.push('}');
    return `${lines.join('\n').replace(/\n{3,}/g, '\n\n')}\n`;
  }
}
