/**
 * The Java kit shared by the Java clients: string literals that mean exactly
 * their text, environment variables, files, helper methods the program
 * carries, and statements laid out the way google-java-format lays them out
 * (two-space blocks, +4 continuation, a builder chain one call per line when
 * it does not fit in 100 columns).
 */
import { join } from '../../arrays.ts';
import { partFilename, type DataPiece, type FormPart } from '../../curl/model.ts';
import { contentTypeForFilename } from '../../curl/wire.ts';
import { curlUrlEncode } from '../../curl/urlencode.ts';
import { hasVariables, splitVariables } from '../../variables.ts';
import { CodeBuilder } from '../code-builder.ts';
import { kotlinString, kotlinTemplate } from '../kotlin/kit.ts';
import { backslashQuotedAscii, isPrintableAscii } from '../literals.ts';
import { lookup } from '../../shape.ts';

const MAX_WIDTH = 100;

export function isBidiControl(code: number): boolean {
  return (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069) || code === 0x200e || code === 0x200f;
}

const ASCII_WITH_BREAKS = /^[\x20-\x7e\t\n\r]*$/;
const JAVA_ESCAPES: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/**
 * A Java string literal. Control characters are octal escapes (never
 * `\u000a`: javac turns Unicode escapes into characters before it reads the
 * literal, so that one would end the line); lone surrogates and text-direction
 * controls are `\uXXXX` escapes, which are safe there.
 */
export function javaString(text: string): string {
  const ascii = backslashQuotedAscii(text);
  if (ascii !== null) return ascii;
  // Printable ASCII with tabs and line breaks (multipart headers): their escapes, not a loop over every character.
  if (ASCII_WITH_BREAKS.test(text)) return `"${text.replace(/["\\\t\n\r]/g, (ch) => JAVA_ESCAPES[ch]!)}"`;
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const code = text.charCodeAt(i);
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\${code.toString(8).padStart(3, '0')}`;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && /[\udc00-\udfff]/.test(text[i + 1]!)) {
      out += ch + text[i + 1]!;
      i++;
    } else if ((code >= 0xd800 && code <= 0xdfff) || code === 0x2028 || code === 0x2029 || code === 0xfeff)
      out += `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
    else if (isBidiControl(code)) out += `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

/** A lowerCamelCase Java identifier from any text (`USER_ID` → `userId`), never a keyword; '' for none. */
export function javaIdentifier(text: string): string {
  const words = text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
  let name = words.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
  if (/^[0-9]/.test(name)) name = `v${name}`;
  return JVM_KEYWORDS.has(name) ? `${name}Value` : name;
}

/** Java and Kotlin keywords and the names the programs use themselves. */
const JVM_KEYWORDS = new Set(
  (
    'abstract assert boolean break byte case catch char class const continue default do double else enum extends ' +
    'final finally float for goto if implements import instanceof int interface long native new package private ' +
    'protected public return short static strictfp super switch synchronized this throw throws transient try void ' +
    'volatile while true false null var record yield sealed permits fun val object typealias is in as when ' +
    'client request response body boundary headers cookies args main data input'
  ).split(' '),
);

/** One value in a concatenation: literal text or code. */
export type Term = { literal: string } | { code: string };

/** Local names, each taken once. */
export class Names {
  private readonly taken = new Set<string>();

  take(base: string): string {
    let name = base || 'value';
    for (let i = 2; this.taken.has(name) || JVM_KEYWORDS.has(name); i++) name = `${base}${i}`;
    this.taken.add(name);
    return name;
  }
}

/**
 * What a JVM program needs besides its request code: the environment
 * variables it reads, the files it reads (each once), and which helper
 * methods it carries. `language` decides only the syntax of declarations.
 */
export class JvmProgram {
  readonly imports = new Set<string>();
  readonly helpers = new Set<'strip' | 'urlencode' | 'part' | 'cookies'>();
  readonly names = new Names();
  readonly out: CodeBuilder;
  /**
   * Statements the generator built from known parts (`callStatement`, `chainDeclaration`), by their one-line
   * text: `assembleJavaProgram` lays them out from those parts, without reading the text again.
   */
  readonly direct = new Map<string, DirectLayout>();
  private readonly variables = new Map<string, string>();
  private readonly files = new Map<string, string>();

  constructor(
    readonly language: 'java' | 'kotlin',
    readonly unit: string,
    readonly variableOrder: readonly string[],
  ) {
    this.out = new CodeBuilder(unit);
  }

  /** The statement `name(args…);`, laid out from its arguments (Java). */
  callStatement(name: string, args: string[]): string {
    const text = `${name}(${join(args, ', ')});`;
    this.direct.set(text, (depth) => directCallLines(name, args, depth, text));
    return text;
  }

  /** The statement `declaration = head calls…;` (a builder chain on a type), laid out from its calls (Java). */
  chainDeclaration(declaration: string, head: string, calls: JavaCall[]): string {
    const texts = calls.map(javaCallText);
    const text = `${declaration} = ${head}${join(texts, '')};`;
    this.direct.set(text, (depth) => directChainLines(declaration, head, calls, depth, texts));
    return text;
  }

  /** The local holding a shell variable's value (empty when it is not set, as in the shell). */
  variable(name: string): string {
    let local = this.variables.get(name);
    if (!local) {
      local = this.names.take(javaIdentifier(name) || 'value');
      this.variables.set(name, local);
    }
    return local;
  }

  variableDeclarations(): string[] {
    const order = (name: string) => {
      const i = this.variableOrder.indexOf(name);
      return i === -1 ? Number.MAX_SAFE_INTEGER : i;
    };
    return [...this.variables]
      .sort(([a], [b]) => order(a) - order(b))
      .map(([name, local]) =>
        this.language === 'java'
          ? `String ${local} = System.getenv().getOrDefault(${javaString(name)}, "");`
          : `val ${local} = System.getenv(${kotlinString(name)}) ?: ""`,
      );
  }

  terms(text: string): Term[] {
    return splitVariables(text).map((part) =>
      typeof part === 'string' ? { literal: part } : { code: this.variable(part.variable) },
    );
  }

  /** A string expression: a literal, or a concatenation (Java) or template (Kotlin) with the variables. */
  str(text: string): string {
    if (!hasVariables(text)) return this.language === 'kotlin' ? kotlinString(text) : javaString(text);
    return this.concat(this.terms(text));
  }

  concat(terms: Term[]): string {
    const merged: Term[] = [];
    for (const term of terms) {
      const last = merged[merged.length - 1];
      if ('literal' in term && last && 'literal' in last)
        merged[merged.length - 1] = { literal: last.literal + term.literal };
      else if (!('literal' in term) || term.literal !== '') merged.push(term);
    }
    if (this.language === 'kotlin') return kotlinTemplate(merged);
    if (merged.length === 0) return '""';
    if (merged.length === 1 && 'code' in merged[0]!) return merged[0].code;
    return join(
      merged.map((t) => ('literal' in t ? javaString(t.literal) : t.code)),
      ' + ',
    );
  }

  /** The bytes of a string expression, as UTF-8. */
  utf8(expression: string): string {
    if (this.language === 'kotlin') return `${expression}.toByteArray()`;
    this.imports.add('java.nio.charset.StandardCharsets');
    const operand = expression.includes(' + ') ? `(${expression})` : expression;
    return `${operand}.getBytes(StandardCharsets.UTF_8)`;
  }

  /** A `Path` (Java) or `File` (Kotlin) expression for a path. */
  path(path: string): string {
    if (this.language === 'kotlin') {
      this.imports.add('java.io.File');
      return `File(${this.str(path)})`;
    }
    this.imports.add('java.nio.file.Path');
    return `Path.of(${this.str(path)})`;
  }

  /** Reads a file's bytes once into a local; `strip` drops CR and LF (curl's -d @file). */
  readFile(path: string, strip = false): string {
    const key = `${strip ? 'strip' : 'raw'}:${path}`;
    const known = this.files.get(key);
    if (known) return known;
    const stem = javaIdentifier(
      splitVariables(path)
        .map((p) => (typeof p === 'string' ? p : p.variable))
        .join('')
        .replace(/^.*[/\\]/, '')
        .replace(/\.[^.]*$/, ''),
    );
    const local = this.names.take(`${stem || 'file'}Bytes`);
    this.files.set(key, local);
    let read: string;
    if (this.language === 'java') {
      this.imports.add('java.nio.file.Files');
      read = `Files.readAllBytes(${this.path(path)})`;
    } else read = `${this.path(path)}.readBytes()`;
    this.declare('byte[]', local, strip ? this.stripCall(read) : read);
    return local;
  }

  readStdin(strip: boolean): string {
    const known = this.files.get('stdin');
    if (known) return known;
    const local = this.names.take('stdinBytes');
    this.files.set('stdin', local);
    const read = this.language === 'java' ? 'System.in.readAllBytes()' : 'System.`in`.readBytes()';
    this.declare('byte[]', local, strip ? this.stripCall(read) : read);
    return local;
  }

  private stripCall(bytes: string): string {
    this.helpers.add('strip');
    return `withoutNewlines(${bytes})`;
  }

  /** `urlEncode(bytes)`: curl's --data-urlencode of bytes known only at run time. */
  urlEncodeCall(bytes: string): string {
    this.helpers.add('urlencode');
    return `urlEncode(${bytes})`;
  }

  declare(javaType: string, name: string, value: string): void {
    this.out.line(this.language === 'java' ? `${javaType} ${name} = ${value};` : `val ${name} = ${value}`);
  }

  /** The body of `-d`-style pieces as one string expression over bytes, or as byte-array statements. */
  piecesBytes(pieces: DataPiece[]): string {
    const parts: { text?: Term[]; bytes?: string }[] = [];
    for (const [i, piece] of pieces.entries()) {
      if (i > 0 && !('json' in piece && piece.json)) parts.push({ text: [{ literal: '&' }] });
      switch (piece.type) {
        case 'literal':
          parts.push({ text: this.terms(piece.text) });
          break;
        case 'file':
          parts.push({ bytes: this.readFile(piece.path, piece.strip) });
          break;
        case 'stdin':
          parts.push({ bytes: this.readStdin(piece.strip) });
          break;
        case 'urlencode': {
          const name = piece.name === undefined ? [] : [...this.terms(piece.name), { literal: '=' }];
          const value = this.terms(piece.value);
          const encoded: Term[] = value.every((t) => 'literal' in t)
            ? [{ literal: curlUrlEncode(piece.value) }]
            : [{ code: this.urlEncodeCall(this.utf8(this.concat(value))) }];
          parts.push({ text: [...name, ...encoded] });
          break;
        }
        case 'urlencode-file': {
          const name = piece.name === undefined ? [] : [...this.terms(piece.name), { literal: '=' }];
          parts.push({ text: [...name, { code: this.urlEncodeCall(this.readFile(piece.path)) }] });
          break;
        }
      }
    }
    // Neighbouring texts join into one string.
    const joined: { text?: Term[]; bytes?: string }[] = [];
    for (const part of parts) {
      const last = joined[joined.length - 1];
      if (part.text && last?.text) last.text = [...last.text, ...part.text];
      else joined.push(part.text ? { text: [...part.text] } : part);
    }
    if (joined.length === 1) return joined[0]!.bytes ?? this.utf8(this.concat(joined[0]!.text!));
    const stream = this.names.take('payload');
    this.imports.add('java.io.ByteArrayOutputStream');
    this.declare(
      'ByteArrayOutputStream',
      stream,
      'ByteArrayOutputStream()'.replace(/^/, this.language === 'java' ? 'new ' : ''),
    );
    for (const part of joined) {
      const bytes = part.bytes ?? this.utf8(this.concat(part.text!));
      this.out.line(`${stream}.writeBytes(${bytes})${this.language === 'java' ? ';' : ''}`);
    }
    return `${stream}.toByteArray()`;
  }

  /** The helper methods the program uses, as lines of class members (Java) or top-level functions (Kotlin). */
  helperLines(): string[] {
    const u = this.unit;
    const java = this.language === 'java';
    const lines: string[] = [];
    const add = (block: string[]) => {
      if (lines.length > 0) lines.push('');
      lines.push(...block);
    };
    if (this.helpers.has('strip')) {
      if (java) {
        this.imports.add('java.nio.charset.StandardCharsets');
        add([
          '/** Like curl -d @file: carriage returns and newlines are dropped. */',
          'private static byte[] withoutNewlines(byte[] data) {',
          `${u}String text = new String(data, StandardCharsets.ISO_8859_1);`,
          `${u}return text.replace("\\r", "").replace("\\n", "").getBytes(StandardCharsets.ISO_8859_1);`,
          '}',
        ]);
      } else {
        add([
          '/** Like curl -d @file: carriage returns and newlines are dropped. */',
          'fun withoutNewlines(data: ByteArray): ByteArray {',
          `${u}val newlines = setOf('\\r'.code.toByte(), '\\n'.code.toByte())`,
          `${u}return data.filter { it !in newlines }.toByteArray()`,
          '}',
        ]);
      }
    }
    if (this.helpers.has('urlencode')) {
      this.imports.add('java.net.URLEncoder');
      const doc = '/** Like curl --data-urlencode: every byte but letters, digits and -._~ is percent-encoded. */';
      if (java) {
        this.imports.add('java.nio.charset.StandardCharsets');
        add([
          doc,
          'private static String urlEncode(byte[] data) {',
          `${u}String text = new String(data, StandardCharsets.ISO_8859_1);`,
          `${u}return URLEncoder.encode(text, StandardCharsets.ISO_8859_1)`,
          `${u}${u}${u}.replace("*", "%2A")`,
          `${u}${u}${u}.replace("%7E", "~");`,
          '}',
        ]);
      } else {
        add([
          doc,
          'fun urlEncode(data: ByteArray): String {',
          `${u}val text = String(data, Charsets.ISO_8859_1)`,
          `${u}return URLEncoder.encode(text, Charsets.ISO_8859_1).replace("*", "%2A").replace("%7E", "~")`,
          '}',
        ]);
      }
    }
    if (this.helpers.has('cookies')) {
      const doc = [
        '/**',
        ' * Reads a Netscape cookie file like curl -b file: the cookies whose domain, path, secure flag',
        ' * and expiry match the URL.',
        ' */',
      ];
      this.imports.add('java.net.URI');
      if (java) {
        for (const name of ['java.nio.charset.StandardCharsets', 'java.nio.file.Files', 'java.nio.file.Path']) {
          this.imports.add(name);
        }
        for (const name of ['java.util.ArrayList', 'java.util.List', 'java.util.Locale', 'java.io.IOException']) {
          this.imports.add(name);
        }
        add([
          '/**',
          ' * Reads a Netscape cookie file like curl -b file: the cookies whose domain, path, secure flag and',
          ' * expiry match the URL.',
          ' */',
          'private static List<String> cookiesFromFile(String file, String url) throws IOException {',
          `${u}URI uri = URI.create(url);`,
          `${u}String host = uri.getHost().toLowerCase(Locale.ROOT);`,
          `${u}boolean local = host.equals("localhost") || host.equals("127.0.0.1") || host.equals("[::1]");`,
          `${u}String path = uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();`,
          `${u}List<String> cookies = new ArrayList<>();`,
          `${u}for (String line : Files.readAllLines(Path.of(file), StandardCharsets.ISO_8859_1)) {`,
          `${u}${u}String entry = line.startsWith("#HttpOnly_") ? line.substring(10) : line;`,
          `${u}${u}String[] fields = entry.split("\\t", -1);`,
          `${u}${u}if (entry.startsWith("#") || fields.length < 7) {`,
          `${u}${u}${u}continue;`,
          `${u}${u}}`,
          `${u}${u}String domain = fields[0].toLowerCase(Locale.ROOT).replaceFirst("^\\\\.", "");`,
          `${u}${u}long expires = fields[4].matches("\\\\d+") ? Long.parseLong(fields[4]) : 0;`,
          `${u}${u}boolean domainMatches = host.equals(domain) || host.endsWith("." + domain);`,
          `${u}${u}boolean secureOnly = fields[3].equalsIgnoreCase("TRUE") && !uri.getScheme().equals("https");`,
          `${u}${u}boolean expired = expires != 0 && expires < System.currentTimeMillis() / 1000;`,
          `${u}${u}if (domainMatches && path.startsWith(fields[2]) && !(secureOnly && !local) && !expired) {`,
          `${u}${u}${u}cookies.add(fields[5] + "=" + fields[6]);`,
          `${u}${u}}`,
          `${u}}`,
          `${u}return cookies;`,
          '}',
        ]);
      } else {
        this.imports.add('java.io.File');
        add([
          ...doc,
          'fun cookiesFromFile(file: String, url: String): List<String> {',
          `${u}val uri = URI(url)`,
          `${u}val host = uri.host.lowercase()`,
          `${u}val local = host == "localhost" || host == "127.0.0.1" || host == "[::1]"`,
          `${u}val path = uri.rawPath.ifEmpty { "/" }`,
          `${u}val now = System.currentTimeMillis() / 1000`,
          `${u}return File(file).readLines(Charsets.ISO_8859_1).mapNotNull { line ->`,
          `${u}${u}val entry = line.removePrefix("#HttpOnly_")`,
          `${u}${u}val fields = entry.split("\\t")`,
          `${u}${u}if (entry.startsWith("#") || fields.size < 7) return@mapNotNull null`,
          `${u}${u}val domain = fields[0].lowercase().removePrefix(".")`,
          `${u}${u}val expires = fields[4].toLongOrNull() ?: 0`,
          `${u}${u}val domainMatches = host == domain || host.endsWith(".$domain")`,
          `${u}${u}val secureOnly = fields[3].equals("TRUE", ignoreCase = true) && uri.scheme != "https"`,
          `${u}${u}val expired = expires != 0L && expires < now`,
          `${u}${u}if (domainMatches && path.startsWith(fields[2]) && !(secureOnly && !local) && !expired) {`,
          `${u}${u}${u}"\${fields[5]}=\${fields[6]}"`,
          `${u}${u}} else {`,
          `${u}${u}${u}null`,
          `${u}${u}}`,
          `${u}}`,
          '}',
        ]);
      }
    }
    return lines;
  }

  /**
   * The Cookie header's value when cookie files are read at run time: the files' cookies, then the
   * command's own, joined with `; ` (statements that gather them go to `out`).
   */
  cookieFilesValue(files: readonly string[], url: string, own: string | undefined): string {
    this.helpers.add('cookies');
    const reads = files.map((file) => `cookiesFromFile(${this.str(file)}, ${this.str(url)})`);
    if (this.language === 'kotlin') {
      const parts = [...reads, ...(own === undefined ? [] : [`listOf(${this.str(own)})`])];
      this.out.line(`val cookies = ${parts.join(' + ')}`);
      return 'cookies.joinToString("; ")';
    }
    this.imports.add('java.util.ArrayList');
    this.imports.add('java.util.List');
    this.out.line('List<String> cookies = new ArrayList<>();');
    for (const read of reads) this.out.line(`cookies.addAll(${read});`);
    if (own !== undefined) this.out.line(`cookies.add(${this.str(own)});`);
    return 'String.join("; ", cookies)';
  }
}

// ---------------------------------------------------------------- layout

/**
 * A statement `prefix + head + calls.join('') + suffix`. Kotlin's is laid
 * out here (on one line when it fits, else one call per line at +4); Java's
 * stays on one line: `assembleJavaProgram` lays every Java statement out
 * with `javaStatementLines` (or, built with `JvmProgram.chainDeclaration`,
 * from its parts).
 */
export function chainLines(
  prefix: string,
  head: string,
  calls: string[],
  suffix: string,
  indent: string,
  unit: string,
  language: 'java' | 'kotlin',
): string[] {
  const one = `${indent}${prefix}${head}${join(calls, '')}${suffix}`;
  if (language === 'java' || one.length <= MAX_WIDTH) return [one];
  return [
    `${indent}${prefix}${head}`,
    ...calls.map((c, i) => `${indent}${unit}${c}${i === calls.length - 1 ? suffix : ''}`),
  ];
}

/*
 * google-java-format's layout, for the statements the Java programs hold.
 * The statement is parsed into a small expression tree, which becomes
 * google-java-format's document: tokens, breaks and levels. A level goes on
 * one line when it fits in what is left of the line; else its breaks are
 * taken (all of them, or, for "independent" breaks, each one whose next piece
 * does not fit) and its inner levels are laid out the same way. The document
 * is built the way google-java-format builds it (method chains, type-name
 * prefixes like `HttpRequest.BodyPublishers.ofString`, argument lists,
 * string concatenations, lambdas, declarations), so the lines are the ones it
 * would write. Columns count google-java-format's two-space indentation.
 */

/** `flat` keeps the expression's one-line text once made, `flatLength` its length. */
type Expr = { flat?: string; flatLength?: number } & (
  | { k: 'atom'; text: string }
  | { k: 'name'; name: string }
  | { k: 'call'; target: Expr | null; name: string; args: Expr[] }
  | { k: 'select'; target: Expr; name: string }
  | { k: 'new'; type: Expr; args: Expr[] }
  | { k: 'newArray'; type: string; size: Expr }
  | { k: 'binary'; operands: Expr[]; operators: string[] }
  | { k: 'paren'; inner: Expr }
  | { k: 'unary'; op: string; inner: Expr }
  | { k: 'lambda'; params: string[]; body: Expr }
);

/** Character classes of the tokenizer, by code (ASCII). */
const WORD_START = 1;
const WORD_PART = 2;
const SPACE = 4;
const PUNCT = 8;
const CLASSES = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[A-Za-z_$]/.test(ch)) CLASSES[c] = WORD_START | WORD_PART;
  else if (/[0-9]/.test(ch)) CLASSES[c] = WORD_PART;
  else if (/\s/.test(ch)) CLASSES[c] = SPACE;
  else if (/[-+*/%()[\].,;=<>!?:{}&|]/.test(ch)) CLASSES[c] = PUNCT;
}
const classOf = (code: number) => (code < 128 ? CLASSES[code]! : 0);

/**
 * The Java tokens of a statement, or null for text outside the subset the programs use: names and
 * numbers, string and character literals (to the closing quote, past escapes: a long body is one
 * token), and the operators `-> == != && || <= >=` and one-character punctuation.
 */
function javaTokens(text: string): string[] | null {
  const tokens: string[] = [];
  const n = text.length;
  let at = 0;
  while (at < n) {
    const code = text.charCodeAt(at);
    const cls = classOf(code);
    if (cls & SPACE || (code > 127 && /\s/.test(text[at]!))) {
      at++;
    } else if (cls & WORD_PART) {
      // A name, or a number (which takes dots too).
      const number = !(cls & WORD_START);
      let end = at + 1;
      for (; end < n; end++) {
        const next = text.charCodeAt(end);
        if (number ? !(classOf(next) & WORD_PART || next === 46) || next === 36 : !(classOf(next) & WORD_PART)) break;
      }
      tokens.push(text.slice(at, end));
      at = end;
    } else if (code === 34 || code === 39) {
      // The closing quote is the next one after an even run of backslashes (a long literal is found
      // with indexOf, not read character by character).
      const quote = code === 34 ? '"' : "'";
      let end = text.indexOf(quote, at + 1);
      for (; end !== -1; end = text.indexOf(quote, end + 1)) {
        let slashes = 0;
        while (end - 1 - slashes > at && text.charCodeAt(end - 1 - slashes) === 92) slashes++;
        if (slashes % 2 === 0) break;
      }
      if (end === -1) return null;
      tokens.push(text.slice(at, end + 1));
      at = end + 1;
    } else if (cls & PUNCT) {
      const next = text.charCodeAt(at + 1);
      // -> == != && || <= >= (read by their codes: most punctuation is one character)
      if (
        (code === 45 && next === 62) ||
        (next === 61 && (code === 61 || code === 33 || code === 60 || code === 62)) ||
        (next === code && (code === 38 || code === 124))
      ) {
        tokens.push(text.slice(at, at + 2));
        at += 2;
      } else if (code === 38 || code === 124) {
        return null;
      } else {
        tokens.push(text[at]!);
        at++;
      }
    } else return null;
  }
  return tokens;
}

const BINARY_PRECEDENCE: Record<string, number> = {
  '||': 1,
  '&&': 2,
  '==': 3,
  '!=': 3,
  '+': 4,
  '-': 4,
  '*': 5,
  '/': 5,
};

class ExprParser {
  private at = 0;
  constructor(private readonly tokens: string[]) {}

  peek(offset = 0): string | undefined {
    return this.tokens[this.at + offset];
  }

  done(): boolean {
    return this.at >= this.tokens.length;
  }

  take(expected?: string): string {
    const token = this.tokens[this.at];
    if (token === undefined || (expected !== undefined && token !== expected)) throw new Error('unexpected token');
    this.at++;
    return token;
  }

  expression(min = 1): Expr {
    let left = this.unary();
    for (;;) {
      const op = this.peek();
      const precedence = op === undefined ? undefined : lookup(BINARY_PRECEDENCE, op);
      if (precedence === undefined || precedence < min) return left;
      // Operators of one precedence are one flat list, as google-java-format walks them.
      const operands = [left];
      const operators: string[] = [];
      while (this.peek() !== undefined && lookup(BINARY_PRECEDENCE, this.peek()!) === precedence) {
        operators.push(this.take());
        operands.push(this.expression(precedence + 1));
      }
      left = { k: 'binary', operands, operators };
    }
  }

  private unary(): Expr {
    const op = this.peek();
    if (op === '!' || op === '-') {
      this.take();
      return { k: 'unary', op, inner: this.unary() };
    }
    return this.postfix(this.primary());
  }

  private isIdentifier(token: string | undefined): boolean {
    return token !== undefined && (classOf(token.charCodeAt(0)) & WORD_START) !== 0;
  }

  private primary(): Expr {
    const token = this.take();
    if (token === 'new') {
      let type: Expr = { k: 'name', name: this.take() };
      while (this.peek() === '.') {
        this.take('.');
        type = { k: 'select', target: type, name: this.take() };
      }
      if (this.peek() === '[') {
        this.take('[');
        const size = this.expression();
        this.take(']');
        return { k: 'newArray', type: (type as { name: string }).name, size };
      }
      if (this.peek() === '<') {
        // A diamond or type arguments: one token, as it never breaks here.
        let text = '';
        while (this.peek() !== '(') text += this.take();
        type = type.k === 'name' ? { k: 'name', name: type.name + text } : { ...type, name: type.name + text };
      }
      return { k: 'new', type, args: this.arguments() };
    }
    if (token === '(') {
      // A lambda's parameters, or a parenthesized expression.
      let n = 0;
      while (this.isIdentifier(this.peek(n)) && (this.peek(n + 1) === ',' || this.peek(n + 1) === ')')) {
        if (this.peek(n + 1) === ')') {
          if (this.peek(n + 2) !== '->') break;
          const params: string[] = [];
          for (;;) {
            params.push(this.take());
            if (this.take() === ')') break;
          }
          this.take('->');
          return { k: 'lambda', params, body: this.expression() };
        }
        n += 2;
      }
      const inner = this.expression();
      this.take(')');
      return { k: 'paren', inner };
    }
    const first = token.charCodeAt(0);
    // A string or character literal, or a number.
    if (first === 34 || first === 39 || (first >= 48 && first <= 57)) return { k: 'atom', text: token };
    if (this.isIdentifier(token)) {
      if (this.peek() === '(') return { k: 'call', target: null, name: token, args: this.arguments() };
      return { k: 'name', name: token };
    }
    throw new Error('unexpected token');
  }

  private postfix(expr: Expr): Expr {
    while (this.peek() === '.') {
      this.take('.');
      const name = this.take();
      if (!this.isIdentifier(name)) throw new Error('unexpected token');
      expr =
        this.peek() === '('
          ? { k: 'call', target: expr, name, args: this.arguments() }
          : { k: 'select', target: expr, name };
    }
    return expr;
  }

  private arguments(): Expr[] {
    this.take('(');
    const args: Expr[] = [];
    while (this.peek() !== ')') {
      if (args.length > 0) this.take(',');
      args.push(this.expression());
    }
    this.take(')');
    return args;
  }
}

/** The length of `flatText(e)`, counted without making the text. */
function flatLength(e: Expr): number {
  if (e.flatLength !== undefined) return e.flatLength;
  let length: number;
  switch (e.k) {
    case 'atom':
      length = e.text.length;
      break;
    case 'name':
      length = e.name.length;
      break;
    case 'call':
      length = (e.target ? flatLength(e.target) + 1 : 0) + e.name.length + 2 + listLength(e.args);
      break;
    case 'select':
      length = flatLength(e.target) + 1 + e.name.length;
      break;
    case 'new':
      length = 4 + flatLength(e.type) + 2 + listLength(e.args);
      break;
    case 'newArray':
      length = 4 + e.type.length + 2 + flatLength(e.size);
      break;
    case 'binary':
      length = 0;
      for (const o of e.operands) length += flatLength(o);
      for (const op of e.operators) length += op.length + 2;
      break;
    case 'paren':
      length = flatLength(e.inner) + 2;
      break;
    case 'unary':
      length = e.op.length + flatLength(e.inner);
      break;
    case 'lambda':
      length =
        6 + e.params.reduce((sum, p) => sum + p.length, 2 * Math.max(0, e.params.length - 1)) + flatLength(e.body);
      break;
  }
  e.flatLength = length;
  return length;
}

/** The length of a comma-separated list on one line. */
function listLength(items: Expr[]): number {
  let length = items.length > 1 ? 2 * (items.length - 1) : 0;
  for (const item of items) length += flatLength(item);
  return length;
}

/** The source text of an expression on one line. */
function flatText(e: Expr): string {
  return (e.flat ??= flatTextOf(e));
}

function flatTextOf(e: Expr): string {
  switch (e.k) {
    case 'atom':
      return e.text;
    case 'name':
      return e.name;
    case 'call':
      return `${e.target ? `${flatText(e.target)}.` : ''}${e.name}(${join(e.args.map(flatText), ', ')})`;
    case 'select':
      return `${flatText(e.target)}.${e.name}`;
    case 'new':
      return `new ${flatText(e.type)}(${join(e.args.map(flatText), ', ')})`;
    case 'newArray':
      return `new ${e.type}[${flatText(e.size)}]`;
    case 'binary':
      return join(
        e.operands.map((o, i) => (i === 0 ? '' : ` ${e.operators[i - 1]} `) + flatText(o)),
        '',
      );
    case 'paren':
      return `(${flatText(e.inner)})`;
    case 'unary':
      return e.op + flatText(e.inner);
    case 'lambda':
      return `(${join(e.params, ', ')}) -> ${flatText(e.body)}`;
  }
}

/** Whether a break was taken (google-java-format's BreakTag). */
interface Tag {
  taken?: boolean;
}
type Indent = number | { tag: Tag; then: number; otherwise: number };
type Fill = 'unified' | 'independent';
/** A token is its text. */
type Doc = string | DocBreak | DocLevel;
interface DocBreak {
  k: 'break';
  fill: Fill;
  flat: string;
  tag?: Tag;
  broken?: boolean;
  newIndent?: number;
}
interface DocLevel {
  k: 'level';
  plus: Indent;
  docs: Doc[];
  width?: number;
  oneLine?: boolean;
}
interface State {
  indent: number;
  column: number;
  mustBreak: boolean;
}

const evalIndent = (indent: Indent): number =>
  typeof indent === 'number' ? indent : indent.tag.taken ? indent.then : indent.otherwise;

function docWidth(doc: Doc): number {
  if (typeof doc === 'string') return doc.length;
  if (doc.k === 'break') return doc.flat.length;
  if (doc.width === undefined) {
    let sum = 0;
    for (const d of doc.docs) sum += typeof d === 'string' ? d.length : docWidth(d);
    doc.width = sum;
  }
  return doc.width;
}

/** Decides the breaks of `doc` starting at `state` (google-java-format's computeBreaks); moves `state.column` on. */
function computeBreaks(doc: Doc, state: State): void {
  if (typeof doc === 'string') {
    state.column += doc.length;
    return;
  }
  if (doc.k === 'break') throw new Error('a break outside its level');
  const width = docWidth(doc);
  if (state.column + width <= MAX_WIDTH) {
    doc.oneLine = true;
    state.column += width;
    return;
  }
  doc.oneLine = false;
  const inner: State = { indent: state.indent + evalIndent(doc.plus), column: state.column, mustBreak: false };
  const lastIndent = inner.indent;
  const docs = doc.docs;
  let before: DocBreak | undefined;
  // The docs from `from` up to `to` (exclusive) are the split after `before`.
  const flush = (from: number, to: number) => {
    let splitWidth = 0;
    for (let i = from; i < to; i++) splitWidth += docWidth(docs[i]!);
    if (before) {
      const broken =
        before.fill === 'unified' || inner.mustBreak || inner.column + before.flat.length + splitWidth > MAX_WIDTH;
      before.broken = broken;
      if (before.tag) before.tag.taken = broken;
      before.newIndent = lastIndent;
      inner.column = broken ? lastIndent : inner.column + before.flat.length;
    }
    const enoughRoom = inner.column + splitWidth <= MAX_WIDTH;
    inner.mustBreak = false;
    for (let i = from; i < to; i++) computeBreaks(docs[i]!, inner);
    if (!enoughRoom) inner.mustBreak = true;
  };
  let from = 0;
  for (let i = 0; i < docs.length; i++) {
    const d = docs[i]!;
    if (typeof d !== 'string' && d.k === 'break') {
      flush(from, i);
      before = d;
      from = i + 1;
    }
  }
  flush(from, docs.length);
  state.column = inner.column;
}

/** Indentation strings, by column. */
const INDENTS: string[] = [];
const indentOf = (column: number) => (INDENTS[column] ??= ' '.repeat(column));

/**
 * The lines of a document whose breaks are decided, the first starting at
 * `column`: written line by line, so no long joined string is split again.
 */
class LineWriter {
  readonly lines: string[] = [];
  private line: string;

  constructor(column: number) {
    this.line = indentOf(column);
  }

  write(doc: Doc, flat: boolean): void {
    if (typeof doc === 'string') this.line += doc;
    else if (doc.k === 'break') {
      if (!flat && doc.broken) {
        this.lines.push(this.line);
        this.line = indentOf(doc.newIndent!);
      } else this.line += doc.flat;
    } else {
      const inner = flat || doc.oneLine === true;
      for (const d of doc.docs) {
        if (typeof d === 'string') this.line += d;
        else this.write(d, inner);
      }
    }
  }

  finish(): string[] {
    this.lines.push(this.line);
    return this.lines;
  }
}

/**
 * Builds a document as google-java-format's visitor and document builder do:
 * a level joins its parent when it closes, and a token joins the level of the
 * last break (so the `)` and `;` after a level count in that level's width).
 */
class DocMaker {
  readonly root: DocLevel = { k: 'level', plus: 0, docs: [] };
  private readonly stack: DocLevel[] = [this.root];
  private appendTo: DocLevel = this.root;

  token(text: string): void {
    this.appendTo.docs.push(text);
  }

  break(fill: Fill, flat: string, tag?: Tag): void {
    this.appendTo = this.stack[this.stack.length - 1]!;
    this.appendTo.docs.push({ k: 'break', fill, flat, tag });
  }

  openLevel(plus: Indent): void {
    this.stack.push({ k: 'level', plus, docs: [] });
  }

  closeLevel(): void {
    const level = this.stack.pop()!;
    this.stack[this.stack.length - 1]!.docs.push(level);
  }

  level(plus: Indent, body: () => void): void {
    this.openLevel(plus);
    body();
    this.closeLevel();
  }

  expression(e: Expr): void {
    switch (e.k) {
      case 'atom':
        return this.token(e.text);
      case 'name':
        return this.token(e.name);
      case 'paren':
        this.token('(');
        this.expression(e.inner);
        return this.token(')');
      case 'unary':
        this.token(e.op);
        return this.expression(e.inner);
      case 'binary': {
        const fill = shortItems(e.operands) ? 'independent' : 'unified';
        this.openLevel(4);
        this.expression(e.operands[0]!);
        for (let i = 0; i < e.operators.length; i++) {
          this.break(fill, ' ');
          this.token(e.operators[i]!);
          this.token(' ');
          this.expression(e.operands[i + 1]!);
        }
        return this.closeLevel();
      }
      case 'lambda':
        this.level(4, () => {
          this.token('(');
          e.params.forEach((p, i) => {
            if (i > 0) {
              this.token(',');
              this.break('unified', ' ');
            }
            this.token(p);
          });
          this.token(')');
        });
        this.token(' ');
        this.token('->');
        return this.level(4, () => {
          this.break('unified', ' ');
          this.expression(e.body);
        });
      case 'new':
        this.openLevel(0);
        this.token('new');
        this.token(' ');
        this.expression(e.type);
        this.arguments(e.args, 4);
        return this.closeLevel();
      case 'newArray':
        return this.level(4, () => {
          this.token('new');
          this.token(' ');
          this.token(e.type);
          this.token('[');
          this.expression(e.size);
          this.token(']');
        });
      case 'call':
      case 'select':
        return this.dot(e);
    }
  }

  /** A `.` chain: google-java-format's visitDot. */
  private dot(node: Expr): void {
    // The chain's items, last first while walking down it.
    const items: Expr[] = [];
    let primary: Expr | undefined;
    for (let e: Expr | null = node; e;) {
      if (e.k === 'call' || e.k === 'select') {
        items.push(e);
        e = e.target;
      } else if (e.k === 'name') {
        items.push(e);
        e = null;
      } else {
        primary = e;
        e = null;
      }
    }
    items.reverse();
    const chain = () => {
      const prefixes: number[] = [];
      const typePrefix = typePrefixLength(simpleNames(items));
      if (typePrefix !== undefined) prefixes.push(typePrefix);
      let invocations = 0;
      let firstInvocation = -1;
      items.forEach((item, i) => {
        if (item.k !== 'call') return;
        if (i > 0 || primary) invocations++;
        if (firstInvocation < 0) firstInvocation = i;
      });
      const add = (i: number) => {
        if (!prefixes.includes(i)) prefixes.push(i);
      };
      if (invocations === 1 && firstInvocation > 0) add(firstInvocation);
      const first = items[0]!;
      if (prefixes.length === 0 && first.k === 'name' && (first.name === 'this' || first.name === 'super')) add(1);
      let streams = false;
      for (let i = 0; i < items.length; i++) {
        const item = items[i]!;
        if (
          item.k === 'call' &&
          (item.name === 'stream' || item.name === 'parallelStream' || item.name === 'toBuilder')
        ) {
          streams = true;
          add(i);
        }
      }
      if (prefixes.length > 0) this.dotWithPrefix(items, !!primary, prefixes, streams ? 'unified' : 'independent');
      else this.regularDot(items, !!primary);
    };
    if (!primary) return chain();
    this.level(4, () => {
      this.expression(primary);
      this.break('unified', '');
      chain();
    });
  }

  private regularDot(items: Expr[], needDot0: boolean): void {
    const trailing = items.length > 1;
    const body = () => {
      let length = needDot0 ? 4 : 0;
      let needDot = needDot0;
      for (const e of items) {
        if (needDot) {
          if (length > 4) this.break('unified', '');
          this.token('.');
          length++;
        }
        if (!this.fillFirstArgument(e, items, trailing ? 0 : -4)) {
          this.token(itemName(e));
          this.argumentsOf(e, 0, trailing || needDot ? 4 : 0);
        }
        length += flatLength(e);
        needDot = true;
      }
    };
    if (needDot0) body();
    else this.level(4, body);
  }

  private fillFirstArgument(e: Expr, items: Expr[], indent: number): boolean {
    if (items.length < 2 || e.k !== 'call' || e.target !== null || e.name.length > 4 || e.args.length !== 1)
      return false;
    this.level(0, () => {
      this.level(indent, () => {
        this.token(e.name);
        this.token('(');
        this.expression(e.args[0]!);
      });
      this.token(')');
    });
    return true;
  }

  private dotWithPrefix(items: Expr[], needDot0: boolean, prefixes: number[], prefixFill: Fill): void {
    const trailing = prefixes[prefixes.length - 1]! < items.length - 1;
    const unconsumed = [...prefixes].sort((a, b) => a - b);
    const nameTag: Tag = {};
    this.openLevel(4);
    for (const _ of prefixes) this.openLevel(0);
    let needDot = needDot0;
    for (let i = 0; i < items.length; i++) {
      const e = items[i]!;
      if (needDot) {
        this.break(unconsumed.length > 0 && i <= unconsumed[0]! ? prefixFill : 'unified', '', nameTag);
        this.token('.');
      }
      this.token(itemName(e));
      if (unconsumed.length > 0 && i === unconsumed[0]) {
        this.closeLevel();
        unconsumed.shift();
      }
      this.argumentsOf(e, 0, { tag: nameTag, then: 4, otherwise: trailing ? 4 : 0 });
      needDot = true;
    }
    this.closeLevel();
  }

  private argumentsOf(e: Expr, typeArguments: number, indent: Indent): void {
    if (e.k !== 'call') return;
    this.openLevel(typeArguments);
    this.arguments(e.args, indent);
    this.closeLevel();
  }

  private arguments(args: Expr[], plus: Indent): void {
    this.openLevel(plus);
    this.token('(');
    if (args.length > 0) {
      this.break('unified', '');
      if (isFormatMethod(args)) {
        this.level(0, () => {
          this.expression(args[0]!);
          this.token(',');
          this.break('unified', ' ');
          this.level(0, () => this.argumentList(args.slice(1)));
        });
      } else this.argumentList(args);
    }
    this.token(')');
    this.closeLevel();
  }

  private argumentList(args: Expr[]): void {
    const fill = shortItems(args) ? 'independent' : 'unified';
    this.openLevel(0);
    for (let i = 0; i < args.length; i++) {
      if (i > 0) {
        this.token(',');
        this.break(fill, ' ');
      }
      this.expression(args[i]!);
    }
    this.closeLevel();
  }
}

function itemName(e: Expr): string {
  return e.k === 'call' || e.k === 'select' ? e.name : e.k === 'name' ? e.name : flatText(e);
}

/** Lists of short items (under 10 characters each) are filled, not broken all at once. */
function shortItems(items: Expr[]): boolean {
  return items.every((item) => flatLength(item) < 10);
}

/** `String.format`-like calls: the first argument is string literals with a `%` or `{0}` in them. */
function isFormatMethod(args: Expr[]): boolean {
  if (args.length < 2) return false;
  let literal = true;
  let format = false;
  const scan = (e: Expr) => {
    if (e.k === 'binary' && e.operators.every((op) => op === '+')) e.operands.forEach(scan);
    else if (e.k === 'atom' && e.text.startsWith('"')) format ||= /%|\{[0-9]\}/.test(e.text);
    else literal = false;
  };
  scan(args[0]!);
  return literal && format;
}

function simpleNames(items: Expr[]): string[] {
  const names: string[] = [];
  for (const item of items) {
    if (item.k === 'name' || item.k === 'select') names.push(item.name);
    else {
      if (item.k === 'call') names.push(item.name);
      break;
    }
  }
  return names;
}

/** The case of a name's letters (its other characters do not count). */
function letterCase(name: string): { upperFirst: boolean; hasUpper: boolean; hasLower: boolean } {
  // ASCII names and digits: the letters by their codes.
  let first = 0;
  let hasUpper = false;
  let hasLower = false;
  let ascii = true;
  for (let i = 0; i < name.length && ascii; i++) {
    const code = name.charCodeAt(i);
    const upper = code >= 65 && code <= 90;
    const lower = code >= 97 && code <= 122;
    if ((upper || lower) && first === 0) first = code;
    hasUpper ||= upper;
    hasLower ||= lower;
    ascii = upper || lower || (code >= 48 && code <= 57) || code === 95 || code === 36;
  }
  if (ascii) return { upperFirst: first >= 65 && first <= 90, hasUpper, hasLower };
  const letters = name.replace(/[^\p{L}]/gu, '');
  return {
    upperFirst: letters !== '' && letters[0] !== letters[0]!.toLowerCase(),
    hasUpper: /\p{Lu}/u.test(letters),
    hasLower: /\p{Ll}/u.test(letters),
  };
}

/** How long a prefix of a chain looks like a type name and one static member (`HttpClient.Version.HTTP_2`). */
function typePrefixLength(names: string[]): number | undefined {
  type Parse = 'start' | 'type' | 'member' | 'reject' | 'ambiguous';
  let state: Parse = 'start';
  let length: number | undefined;
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    const { upperFirst, hasUpper, hasLower } = letterCase(name);
    const format = upperFirst
      ? hasLower || name.length === 1
        ? 'UpperCamel'
        : 'UPPER'
      : hasUpper
        ? 'lowerCamel'
        : 'lower';
    if (state === 'start')
      state =
        format === 'UPPER' ? 'ambiguous' : format === 'lowerCamel' ? 'reject' : format === 'lower' ? 'start' : 'type';
    else if (state === 'type') state = format === 'UpperCamel' ? 'type' : 'member';
    else if (state === 'member') state = 'reject';
    else if (state === 'ambiguous')
      state = format === 'UPPER' ? 'ambiguous' : format === 'UpperCamel' ? 'type' : 'reject';
    if (state === 'reject') break;
    if (state === 'type' || state === 'member') length = i;
  }
  return length;
}

/** A statement laid out at `depth` blocks in (two-space columns), or null where only the document can. */
type DirectLayout = (depth: number) => string[] | null;

/** Calls google-java-format starts a chain's prefix at (`visitDot`): the direct layouts leave them to the document. */
const STREAM_NAMES = new Set(['stream', 'parallelStream', 'toBuilder']);
const fitsAt = (column: number, text: string) => column + text.length <= MAX_WIDTH;
/**
 * Printable ASCII, with no block or lambda outside its string and character literals: text the direct
 * layouts measure as the document would (one column a character). Regular expressions, not a loop over
 * the characters: the statement is a fresh concatenation, and reading one of those a character at a time
 * costs far more than the scan.
 */
const BLOCK_OR_LAMBDA = /[{]|->/;
// Unrolled loops (`a*(?:b a*)*`): each step has one way to match, so a long text is read in runs.
const IN_STRING = String.raw`[\x20\x21\x23-\x5b\x5d-\x7e]*(?:\\[\x20-\x7e][\x20\x21\x23-\x5b\x5d-\x7e]*)*`;
const IN_CHAR = String.raw`[\x20-\x26\x28-\x5b\x5d-\x7e]*(?:\\[\x20-\x7e][\x20-\x26\x28-\x5b\x5d-\x7e]*)*`;
const OUTSIDE = String.raw`[\x20\x21\x23-\x26\x28-\x2c\x2e-\x7a\x7c-\x7e]*`;
const NO_BLOCK_OR_LAMBDA = new RegExp(String.raw`^${OUTSIDE}(?:(?:-(?!>)|"${IN_STRING}"|'${IN_CHAR}')${OUTSIDE})*$`);
const directText = (text: string): boolean =>
  isPrintableAscii(text) && (!BLOCK_OR_LAMBDA.test(text) || NO_BLOCK_OR_LAMBDA.test(text));

/** One token google-java-format cannot break: a name, or one string literal (of printable ASCII). */
const UNBREAKABLE = new RegExp(String.raw`^(?:[A-Za-z_$][\w$]*|"${IN_STRING}")$`);
const unbreakable = (text: string): boolean =>
  // A literal ends with its quote: most other arguments are told apart without reading them through.
  (text.charCodeAt(0) !== 0x22 || text.charCodeAt(text.length - 1) === 0x22) && UNBREAKABLE.test(text);

/** A call in a builder chain: `.name(args…)`, or `text` where it is written otherwise (Kotlin's trailing lambda). */
export interface JavaCall {
  name: string;
  args: string[];
  text?: string;
}

/** `.name(args…)` as a chain call. */
export const javaCall = (name: string, ...args: string[]): JavaCall => ({ name, args });

export const javaCallText = (call: JavaCall) => call.text ?? `.${call.name}(${join(call.args, ', ')})`;

/** `Type.Type….method(…)`: a static call, which google-java-format breaks inside its parentheses. */
const STATIC_CALL = /^((?:[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*\.)+)([a-z][A-Za-z0-9]*)\((.*)\)$/;
/** `"literal".method(…)`: a chain on a literal, broken before its call. */
const LITERAL_CALL = new RegExp(String.raw`^("${IN_STRING}")(\.([a-z][A-Za-z0-9]*)\(.*\))$`);
/** The pieces of an argument list: literals whole, parentheses and commas apart, the rest in runs. */
const ARGUMENT_PIECES = new RegExp(String.raw`"${IN_STRING}"|'${IN_CHAR}'|[(),]|[^"'(),]+`, 'g');

/** The arguments of a list written `a, b, c` (commas inside parentheses and literals stay), or null. */
function splitArguments(text: string): string[] | null {
  const args: string[] = [];
  let depth = 0;
  let start = 0;
  let read = 0;
  for (const match of text.matchAll(ARGUMENT_PIECES)) {
    if (match.index !== read) return null;
    read += match[0].length;
    if (match[0] === '(') depth++;
    else if (match[0] === ')') depth--;
    else if (match[0] === ',' && depth === 0) {
      args.push(text.slice(start, match.index));
      start = match.index + 2;
    }
    if (depth < 0) return null;
  }
  args.push(text.slice(start));
  // Written as the generators write them: one space after each comma, no other.
  return read === text.length && depth === 0 && join(args, ', ') === text ? args : null;
}

/**
 * An argument on a line of its own at `column`, `closer` after it (`,` or the closing parentheses): as it
 * is when it fits or is one token; a static call broken inside its parentheses (its arguments from +4),
 * or a call on a literal broken before the call (at +4), when only that makes it fit; else null.
 */
function argumentLines(arg: string, column: number, closer: string): string[] | null {
  if (fitsAt(column, arg + closer) || unbreakable(arg)) return [indentOf(column) + arg + closer];
  const call = STATIC_CALL.exec(arg);
  if (call) {
    const head = `${call[1]!}${call[2]!}(`;
    const args =
      STREAM_NAMES.has(call[2]!) || call[3] === '' || !fitsAt(column, head) ? null : splitArguments(call[3]!);
    const rest = args && argumentListLines(args, column + 4, `)${closer}`);
    return rest ? [indentOf(column) + head, ...rest] : null;
  }
  const onLiteral = LITERAL_CALL.exec(arg);
  if (onLiteral && !STREAM_NAMES.has(onLiteral[3]!) && fitsAt(column + 4, onLiteral[2]! + closer)) {
    return [indentOf(column) + onLiteral[1]!, indentOf(column + 4) + onLiteral[2]! + closer];
  }
  return null;
}

/**
 * The arguments of a call whose `(` ended the line, from `column` on, `closer` after the last: on one line
 * when they fit; else one a line (a list google-java-format does not fill or treat as a format call).
 */
function argumentListLines(args: string[], column: number, closer: string): string[] | null {
  const inside = join(args, ', ');
  if (fitsAt(column, inside + closer)) return [indentOf(column) + inside + closer];
  if (args.length === 1) return argumentLines(args[0]!, column, closer);
  // Filled lists (every argument under 10 characters) and format calls (`"%s…"` first) are laid out otherwise.
  if (args.every((arg) => arg.length < 10) || (args[0]!.startsWith('"') && /%|\{[0-9]\}/.test(args[0]!))) return null;
  const lines: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = argumentLines(args[i]!, column, i === args.length - 1 ? closer : ',');
    if (!arg) return null;
    lines.push(...arg);
  }
  return lines;
}

/**
 * `name(args…);` with `name` a plain method of the class, as google-java-format lays it out (`regularDot`,
 * then the arguments): on one line when it fits; else the arguments from the next line at +4. Null where
 * only the document can lay it out.
 */
export function directCallLines(
  name: string,
  args: string[],
  depth: number,
  flat = `${name}(${join(args, ', ')});`,
): string[] | null {
  const column = depth * 2;
  // The shape first: the text is read through only for a layout that is otherwise made.
  if (fitsAt(column, flat)) return directText(flat) ? [indentOf(column) + flat] : null;
  if (!/^[a-z][A-Za-z0-9]*$/.test(name) || STREAM_NAMES.has(name) || args.length === 0) return null;
  const rest = argumentListLines(args, column + 4, ');');
  return rest && directText(flat) ? [`${indentOf(column)}${name}(`, ...rest] : null;
}

/**
 * `declaration = Type.method()` or `new Type.Builder()`, then `.call(…)`… and `;`, as google-java-format
 * lays it out (a declaration, then a dot chain): on one line when it fits; else the value on
 * the next line at +4 when it fits there; else the prefix there and each call on a line of its own at +8,
 * a call too long for its line with its arguments from the next line at +12. Null where only the document
 * can lay it out.
 */
export function directChainLines(
  declaration: string,
  head: string,
  calls: JavaCall[],
  depth: number,
  texts = calls.map(javaCallText),
): string[] | null {
  const column = depth * 2;
  const value = `${head}${join(texts, '')};`;
  const flat = `${declaration} = ${value}`;
  // The shape first: the text is read through only for a layout that is otherwise made.
  if (fitsAt(column, flat)) return directText(flat) ? [indentOf(column) + flat] : null;
  // A type's static call (`dotWithPrefix`), or a constructor (`new A.Builder()`, the chain's primary):
  // both put every call of a chain that does not fit on a line of its own.
  const prefix = /^([A-Z][A-Za-z0-9]*)\.([a-z][A-Za-z0-9]*)\(\)$/.exec(head);
  const constructor = /^new (?:[A-Z][A-Za-z0-9]*\.)*[A-Z][A-Za-z0-9]*\(\)$/.test(head);
  if (
    (prefix ? !/[a-z]/.test(prefix[1]!) || STREAM_NAMES.has(prefix[2]!) : !constructor) ||
    calls.length === 0 ||
    !/^(?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*(?:<[\w<>, ?.]*>)?(?:\[\])* [A-Za-z_]\w*$/.test(declaration)
  )
    return null;
  const lines = [`${indentOf(column)}${declaration} =`];
  if (fitsAt(column + 4, value)) {
    lines.push(indentOf(column + 4) + value);
    return directText(flat) ? lines : null;
  }
  lines.push(indentOf(column + 4) + head);
  const indent = indentOf(column + 8);
  for (let i = 0; i < calls.length; i++) {
    const call = calls[i]!;
    const last = i === calls.length - 1;
    if (call.text !== undefined || !/^[A-Za-z_$][\w$]*$/.test(call.name) || STREAM_NAMES.has(call.name)) return null;
    const text = last ? `${texts[i]!};` : texts[i]!;
    if (fitsAt(column + 8, text)) {
      lines.push(indent + text);
      continue;
    }
    const args = last || call.args.length === 0 ? null : argumentListLines(call.args, column + 12, ')');
    if (!args) return null;
    lines.push(`${indent}.${call.name}(`, ...args);
  }
  return directText(flat) ? lines : null;
}

/** Lines laid out in two-space columns, re-indented for another indentation unit. */
function withUnit(laid: string[], unit: string): string[] {
  if (unit === '  ') return laid;
  return laid.map((line) => {
    const spaces = /^ */.exec(line)![0].length;
    return unit.repeat(Math.floor(spaces / 2)) + ' '.repeat(spaces % 2) + line.slice(spaces);
  });
}

/**
 * One Java statement laid out as google-java-format lays it out, at `depth`
 * blocks in (`main`'s body is depth 2). Lines it cannot read are kept as they are.
 */
export function javaStatementLines(statement: string, depth: number, unit: string): string[] {
  const indent = unit.repeat(depth);
  // A statement of printable ASCII that fits in the 100 columns, with no block or lambda in it to open,
  // stays on its line: google-java-format breaks only what does not fit.
  if (
    depth * 2 + statement.length <= 100 &&
    !statement.includes('{') &&
    !statement.includes('->') &&
    isPrintableAscii(statement)
  ) {
    return [indent + statement];
  }
  const tokens = statement.endsWith(';') && !/^\s*\/\//.test(statement) ? javaTokens(statement) : null;
  if (!tokens) return [indent + statement];
  const maker = new DocMaker();
  try {
    const declaration = /^((?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*(?:<[\w<>, ?.]*>)?(?:\[\])*) ([A-Za-z_]\w*) = /.exec(
      statement,
    );
    if (declaration) {
      // The declaration's type and name hold no `=`: the value starts after the first one.
      const parser = new ExprParser(tokens.slice(tokens.indexOf('=') + 1, -1));
      const value = parser.expression();
      if (!parser.done()) return [indent + statement];
      const typeTag: Tag = {};
      maker.level(0, () =>
        maker.level(4, () => {
          maker.level(0, () => {
            maker.level(0, () => maker.token(declaration[1]!));
            maker.break('independent', ' ', typeTag);
            maker.level({ tag: typeTag, then: 4, otherwise: 0 }, () => maker.token(declaration[2]!));
          });
          maker.token(' ');
          maker.token('=');
          maker.level({ tag: typeTag, then: 4, otherwise: 0 }, () => {
            maker.break('independent', ' ');
            maker.expression(value);
          });
          maker.token(';');
        }),
      );
    } else {
      const ret = statement.startsWith('return ');
      const parser = new ExprParser(tokens.slice(ret ? 1 : 0, -1));
      const value = parser.expression();
      if (!parser.done()) return [indent + statement];
      if (ret) {
        maker.token('return');
        maker.token(' ');
      }
      maker.expression(value);
      maker.token(';');
    }
  } catch {
    return [indent + statement];
  }
  const column = depth * 2;
  const state: State = { indent: column, column, mustBreak: false };
  for (const doc of maker.root.docs) computeBreaks(doc, state);
  const writer = new LineWriter(column);
  writer.write(maker.root, false);
  // A token never holds a line break unless the statement did.
  const laid = statement.includes('\n') ? writer.finish().join('\n').split('\n') : writer.finish();
  // The layout counts two-space blocks: another unit re-indents each line.
  return withUnit(laid, unit);
}

// ---------------------------------------------------------------- multipart

/** A part's Content-Disposition value and its other header lines, as curl writes them. */
export function partHeaders(
  program: JvmProgram,
  part: FormPart,
): { disposition: Term[]; type?: string; extra: Term[][] } {
  const quoted = (terms: Term[]): Term[] =>
    terms.map((t) => ('literal' in t ? { literal: t.literal.replace(/"/g, '%22') } : t));
  const disposition: Term[] = [{ literal: 'form-data; name="' }, ...quoted(program.terms(part.name)), { literal: '"' }];
  const filename = partFilename(part);
  if (filename !== undefined) {
    disposition.push({ literal: '; filename="' }, ...quoted(program.terms(filename)), { literal: '"' });
  }
  const type = part.contentType ?? (part.type === 'file' ? contentTypeForFilename(part.path) : undefined);
  const extra = part.headers.map((h) => program.terms(`${h.name}: ${h.value}`));
  return { disposition, type, extra };
}

// ---------------------------------------------------------------- shared statements

/**
 * What the JDK's `URI` does to a URL's request target: null when it refuses
 * the URL, else the target it sends (an empty query is dropped, `?` at the end
 * goes). Variables count as plain letters.
 */
export function jdkRequestTarget(url: string): { target: string; sent: string | null } | null {
  const literal = splitVariables(url)
    .map((part) => (typeof part === 'string' ? part : 'x'))
    .join('');
  const match = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*([^#]*)/s.exec(literal);
  if (!match) return null;
  const target = match[1] || '/';
  // java.net.URI refuses these characters anywhere, and % without two hex digits.
  // eslint-disable-next-line no-control-regex
  if (/[\s"<>\\^`{|}[\]\x00-\x1f\x7f]|%(?![0-9A-Fa-f]{2})/.test(target)) return { target, sent: null };
  return { target, sent: target.endsWith('?') ? target.slice(0, -1) : target };
}

/** Header lines a client that sends only visible ASCII (and tabs) cannot send, split from the others. */
export function unsendableHeaders<H extends { value: string }>(
  headers: readonly H[],
): { headers: H[]; unsendable: H[] } {
  const bad = (h: H) => /[^\t\x20-\x7e\uE000-\uE001]/.test(h.value);
  return { headers: headers.filter((h) => !bad(h)), unsendable: headers.filter(bad) };
}

/** `Duration.ofSeconds(30)` / `Duration.ofMillis(2500)` (Java; Kotlin calls the same). */
export function durationOf(seconds: number): string {
  if (Number.isInteger(seconds)) return `Duration.ofSeconds(${seconds})`;
  return `Duration.ofMillis(${Math.max(1, Math.round(seconds * 1000))})`;
}

/** An HTTP proxy as host and port (curl's default port 1080), or null for another scheme or form. */
export function parseProxy(proxy: string): { host: string; port: number } | null {
  const match = /^(?:http:\/\/)?(\[[0-9A-Fa-f:.]+\]|[^:/@[\]]+)(?::(\d+))?\/?$/.exec(proxy);
  if (!match) return null;
  const port = match[2] === undefined ? 1080 : Number(match[2]);
  return port > 0 && port < 65536 ? { host: match[1]!.replace(/^\[|\]$/g, ''), port } : null;
}

/** The Basic Authorization value computed in the program: `"Basic " + Base64(...)`. */
export function basicAuthValue(program: JvmProgram, auth: { user: string; password: string }): string {
  const credentials = program.concat([...program.terms(auth.user), { literal: ':' }, ...program.terms(auth.password)]);
  if (program.language === 'kotlin')
    return `Credentials.basic(${program.str(auth.user)}, ${program.str(auth.password)}, Charsets.UTF_8)`;
  program.imports.add('java.util.Base64');
  const bytes = program.utf8(credentials.includes(' + ') ? `(${credentials})` : credentials);
  return `"Basic " + Base64.getEncoder().encodeToString(${bytes})`;
}

/** The whole Java file: sorted imports, `Main` with `main` (sections split by blank lines) and helper methods. */
export function assembleJavaProgram(program: JvmProgram, sections: string[][], helpers: string[]): string {
  const u = program.unit;
  // The laid-out lines come with their indentation, so they go straight into the file's lines.
  const out: string[] = ['public class Main {', `${u}public static void main(String[] args) throws Exception {`];
  let first = true;
  for (const section of sections) {
    const lines = section.filter((line, i) => line !== '' || (i > 0 && section[i - 1] !== ''));
    while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
    if (lines.length === 0) continue;
    if (!first) out.push('');
    first = false;
    for (const line of lines) {
      if (line === '') {
        out.push('');
        continue;
      }
      // Lines inside main's own blocks (`try`) start with their indentation.
      let depth = 0;
      if (line.charCodeAt(0) === 32 || line.charCodeAt(0) === 9) {
        while (u !== '' && line.startsWith(u, depth * u.length)) depth++;
      }
      const statement = depth === 0 ? line : line.slice(u.length * depth);
      // What fits on its line stays there either way: only a longer statement is looked up.
      const direct =
        statement.length + 2 * (2 + depth) > MAX_WIDTH ? program.direct.get(statement)?.(2 + depth) : undefined;
      for (const laid of direct ? withUnit(direct, u) : javaStatementLines(statement, 2 + depth, u)) {
        // A line of indentation alone is a blank line.
        out.push(laid.length > 2 * u.length ? laid : '');
      }
    }
  }
  out.push(`${u}}`);
  if (helpers.length > 0) {
    out.push('');
    for (const line of helpers) out.push(line === '' ? '' : u + line);
  }
  out.push('}', '');
  const text = out.join('\n');
  // Each import is added where the code uses it (google-java-format would drop an unused one; a unit test
  // checks every golden program), so the program is not scanned for their names.
  const imports = [...program.imports].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return imports.length > 0 ? `${imports.map((name) => `import ${name};`).join('\n')}\n\n${text}` : text;
}
