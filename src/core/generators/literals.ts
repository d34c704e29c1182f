/**
 * String literals for each target language. Whatever a string contains
 * (quotes, backslashes, newlines, control characters, NUL, lone surrogates,
 * non-BMP characters, `${`, backticks, `{}`), the literal evaluates to exactly
 * that string and never to code.
 */

/** Text-direction controls ("Trojan Source"): always escaped, so code reads the way it runs (rustc refuses them raw). */
function isBidiControl(code: number): boolean {
  return (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069) || code === 0x200e || code === 0x200f;
}

function hex(code: number, width: number): string {
  return code.toString(16).padStart(width, '0');
}

/** What a JavaScript literal must escape (see jsString); text without any is written as it is. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what the literal escapes
const JS_ESCAPED = /['\\\u0000-\u001f\u007f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]/;

/** A JavaScript single-quoted string literal (no template literals: `${` stays data). */
export function jsString(text: string): string {
  if (!JS_ESCAPED.test(text)) return `'${text}'`;
  let out = "'";
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const code = text.charCodeAt(i);
    if (ch === "'") out += "\\'";
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    // Control characters, DEL, and the line separators JavaScript source treats as line ends.
    else if (code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029 || isBidiControl(code))
      out += `\\u${hex(code, 4)}`;
    else if (code >= 0xd800 && code <= 0xdfff) {
      // Keep surrogates as escapes so a lone one survives any file encoding.
      out += `\\u${hex(code, 4)}`;
    } else out += ch;
  }
  return `${out}'`;
}

/**
 * A Python string literal. Text is a `str`; lone surrogates (which Python's
 * UTF-8 codec refuses) are written as `\udXXX` escapes so compiling succeeds,
 * and the generator decides how to encode.
 *
 * `preferDouble` picks the quotes the way `black` does: double quotes unless
 * the text holds more `"` than `'` (which would need more escapes).
 */
export function pyString(text: string, options: { preferDouble?: boolean } = {}): string {
  let quote: string;
  if (options.preferDouble) {
    quote = countOf(text, '"') > countOf(text, "'") ? "'" : '"';
  } else quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  // Printable ASCII without a backslash or the chosen quote is its own literal.
  if (isPrintableAscii(text) && !text.includes('\\') && !text.includes(quote)) return quote + text + quote;
  let out = quote;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === quote) out += `\\${quote}`;
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${hex(code, 2)}`;
    else if ((code >= 0xd800 && code <= 0xdfff) || code === 0x2028 || code === 0x2029 || isBidiControl(code))
      out += `\\u${hex(code, 4)}`;
    else out += ch;
  }
  return out + quote;
}

/** A Python bytes literal for raw bytes. */
export function pyBytes(bytes: Uint8Array): string {
  let out = "b'";
  for (const byte of bytes) {
    if (byte === 0x27) out += "\\'";
    else if (byte === 0x5c) out += '\\\\';
    else if (byte === 0x0a) out += '\\n';
    else if (byte === 0x0d) out += '\\r';
    else if (byte === 0x09) out += '\\t';
    else if (byte < 0x20 || byte >= 0x7f) out += `\\x${hex(byte, 2)}`;
    else out += String.fromCharCode(byte);
  }
  return `${out}'`;
}

/**
 * A Go interpreted string literal. Go strings are bytes: non-ASCII is written
 * as UTF-8 `\x` escapes only where needed to keep the source valid (lone
 * surrogates become U+FFFD, as Go's UTF-8 encoding of them would).
 */
export function goString(text: string): string {
  const ascii = backslashQuotedAscii(text);
  if (ascii !== null) return ascii;
  let out = '"';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${hex(code, 2)}`;
    else if (code >= 0xd800 && code <= 0xdfff) out += '\\uFFFD';
    else if (code === 0x2028 || code === 0x2029 || code === 0xfeff || isBidiControl(code)) out += `\\u${hex(code, 4)}`;
    else out += ch;
  }
  return `${out}"`;
}

/**
 * A Rust string literal (`"..."`, never a format string: `{}` stays data).
 * Lone surrogates cannot exist in a Rust `str`: they become U+FFFD.
 */
export function rustString(text: string): string {
  const ascii = backslashQuotedAscii(text);
  if (ascii !== null) return ascii;
  let out = '"';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\0') out += '\\0';
    else if (code < 0x20 || code === 0x7f) out += `\\x${hex(code, 2)}`;
    else if (code >= 0xd800 && code <= 0xdfff) out += '\\u{fffd}';
    else if (code === 0x2028 || code === 0x2029 || code === 0xfeff || isBidiControl(code))
      out += `\\u{${hex(code, 4)}}`;
    else out += ch;
  }
  return `${out}"`;
}

/** A Rust byte-string literal for raw bytes. */
export function rustBytes(bytes: Uint8Array): string {
  let out = 'b"';
  for (const byte of bytes) {
    if (byte === 0x22) out += '\\"';
    else if (byte === 0x5c) out += '\\\\';
    else if (byte === 0x0a) out += '\\n';
    else if (byte === 0x0d) out += '\\r';
    else if (byte === 0x09) out += '\\t';
    else if (byte < 0x20 || byte >= 0x7f) out += `\\x${hex(byte, 2)}`;
    else out += String.fromCharCode(byte);
  }
  return `${out}"`;
}

/** Whether a string can be written as a plain identifier-like key (e.g. a JS object key without quotes). */
export function isJsIdentifier(text: string): boolean {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(text);
}

/**
 * A double-quoted literal of printable ASCII in the languages where such text needs a backslash before
 * `"` and `\` and nothing else (C#, Go, Java, Rust): one replace, not a loop over the characters (a JSON
 * body is full of quotes). Null for other text, which each language's own loop escapes.
 */
export function backslashQuotedAscii(text: string): string | null {
  if (isPlainDoubleQuoted(text)) return `"${text}"`;
  return isPrintableAscii(text) ? `"${text.replace(/["\\]/g, '\\$&')}"` : null;
}

/**
 * Printable ASCII with no `"` and no backslash: a double-quoted literal of Go, Rust, Java or C# that
 * is the text itself between quotes (no escape to write; their per-character loops are skipped).
 */
export function isPlainDoubleQuoted(text: string): boolean {
  return /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/.test(text);
}

/** Bytes of `text` in UTF-8; a lone surrogate counts 3, as U+FFFD (printable ASCII: its length). */
export function utf8Length(text: string): number {
  if (isPrintableAscii(text)) return text.length;
  let n = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    n += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return n;
}

/** Printable ASCII only (space to `~`): one column and one byte a character, no control to escape. */
export function isPrintableAscii(text: string): boolean {
  return /^[\x20-\x7e]*$/.test(text);
}

/** How many times `ch` occurs in `text`, counted without splitting the text. */
export function countOf(text: string, ch: string): number {
  let n = 0;
  for (let i = text.indexOf(ch); i !== -1; i = text.indexOf(ch, i + 1)) n++;
  return n;
}

const SURROGATE = /[\ud800-\udfff]/;
const utf8 = new TextEncoder();

/**
 * Compares two strings in UTF-8 byte order (the order Go's encoding/json and
 * serde_json sort object keys in). Without surrogates, UTF-16 order is code
 * point order, which is UTF-8 byte order, so only keys beyond the BMP are encoded.
 */
export function compareUtf8(a: string, b: string): number {
  if (!SURROGATE.test(a) && !SURROGATE.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  const x = utf8.encode(a);
  const y = utf8.encode(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}
