/**
 * The Java kit shared by the Java clients: string literals that mean exactly
 * their text, environment variables, files, helper methods the program
 * carries, and statements laid out the way google-java-format lays them out
 * (two-space blocks, +4 continuation, a builder chain one call per line when
 * it does not fit in 100 columns).
 */
import { partFilename, type DataPiece, type FormPart } from '../../curl/model.ts';
import { contentTypeForFilename } from '../../curl/wire.ts';
import { curlUrlEncode } from '../../curl/urlencode.ts';
import { splitVariables } from '../../variables.ts';
import { CodeBuilder } from '../code-builder.ts';
import { kotlinString, kotlinTemplate } from '../kotlin/kit.ts';

const MAX_WIDTH = 100;

export function isBidiControl(code: number): boolean {
  return (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069) || code === 0x200e || code === 0x200f;
}

/**
 * A Java string literal. Control characters are octal escapes (never
 * `\u000a`: javac turns Unicode escapes into characters before it reads the
 * literal, so that one would end the line); lone surrogates and text-direction
 * controls are `\uXXXX` escapes, which are safe there.
 */
export function javaString(text: string): string {
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
  private readonly variables = new Map<string, string>();
  private readonly files = new Map<string, string>();

  constructor(
    readonly language: 'java' | 'kotlin',
    readonly unit: string,
    readonly variableOrder: readonly string[],
  ) {
    this.out = new CodeBuilder(unit);
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
    return merged.map((t) => ('literal' in t ? javaString(t.literal) : t.code)).join(' + ');
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
          `${u}return URLEncoder.encode(text, StandardCharsets.ISO_8859_1).replace("*", "%2A").replace("%7E", "~");`,
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
          ...doc,
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
 * A statement `prefix + head + calls.join('') + suffix` laid out as
 * google-java-format does: on one line when it fits, else broken after the
 * `=` of the assignment, else one call per line at +8 (Java) / +4 (Kotlin).
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
  // Java statements go into `main`'s body, two levels in: their width counts that indentation.
  const width = MAX_WIDTH - (language === 'java' ? unit.length * 2 : 0);
  const one = `${indent}${prefix}${head}${calls.join('')}${suffix}`;
  if (one.length <= width) return [one];
  const cont = language === 'java' ? unit.repeat(2) : unit.repeat(1);
  if (language === 'java' && prefix.endsWith('= ')) {
    const second = `${indent}${cont}${head}${calls.join('')}${suffix}`;
    if (second.length <= width) return [`${indent}${prefix.trimEnd()}`, second];
    return [
      `${indent}${prefix.trimEnd()}`,
      `${indent}${cont}${head}`,
      ...calls.map((c, i) => `${indent}${cont}${cont}${c}${i === calls.length - 1 ? suffix : ''}`),
    ];
  }
  return [
    `${indent}${prefix}${head}`,
    ...calls.map((c, i) => `${indent}${cont}${c}${i === calls.length - 1 ? suffix : ''}`),
  ];
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
  const code = new CodeBuilder(program.unit);
  const imports = [...program.imports].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  code.lines(imports.map((name) => `import ${name};`));
  if (imports.length > 0) code.line();
  code.block(
    'public class Main {',
    (c) => {
      c.block(
        'public static void main(String[] args) throws Exception {',
        (m) => {
          let first = true;
          for (const section of sections) {
            const lines = section.filter((line, i) => line !== '' || (i > 0 && section[i - 1] !== ''));
            while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
            if (lines.length === 0) continue;
            if (!first) m.line();
            first = false;
            for (const line of lines) m.line(line);
          }
        },
        '}',
      );
      if (helpers.length > 0) {
        c.line();
        for (const line of helpers) c.line(line);
      }
    },
    '}',
  );
  return code.toString();
}
