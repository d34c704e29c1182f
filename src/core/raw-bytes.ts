/**
 * Bytes that are not UTF-8 text inside model strings.
 *
 * bash's `$'\xff'` (and `\377`, and `\u`/`\U` escapes of what is no Unicode
 * scalar value) gives curl the byte itself, not a character: `--data-binary
 * $'\xff\xfe'` sends FF FE. Model strings stay JavaScript strings, so such a
 * byte is carried as the lone low surrogate U+DC00 + byte (U+DC80–U+DCFF), the
 * convention Python calls "surrogateescape": bytes that are UTF-8 text read as
 * their characters, and each byte of an invalid sequence as its own character.
 * A lone surrogate is never text (no terminal can receive one, and
 * `parseCurl` turns any in the pasted text into U+FFFD), so it cannot be
 * mistaken for one; and every string the model holds still converts to
 * exactly the bytes curl sends with {@link utf8Bytes}.
 */

const RAW_BYTE_BASE = 0xdc00;

/** A lone surrogate: a high one not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const RAW_BYTE = /(?<![\ud800-\udbff])[\udc80-\udcff]/;
/** Any character of the raw-byte range: a test without a look-behind, which is much faster to scan with. */
const RAW_BYTE_RANGE = /[\udc80-\udcff]/;
/** Runs of raw-byte characters, which may hold UTF-8 text once joined. */
const RAW_BYTE_RUN = /(?:(?<![\ud800-\udbff])[\udc80-\udcff])+/g;

const encoder = new TextEncoder();

/** The character that stands for `byte` (0x80–0xFF) in a model string. */
export function rawByte(byte: number): string {
  return String.fromCharCode(RAW_BYTE_BASE + byte);
}

/** Whether a model string holds a byte that is not UTF-8 text. */
export function hasRawBytes(text: string): boolean {
  return RAW_BYTE_RANGE.test(text) && RAW_BYTE.test(text);
}

/** The text with every lone surrogate replaced by U+FFFD (what a terminal receives for it), same length. */
export function wellFormed(text: string): string {
  return /[\ud800-\udfff]/.test(text) ? text.replace(LONE_SURROGATE, '\ufffd') : text;
}

/**
 * The bytes curl sends for a model string: UTF-8, each raw-byte character as its byte, and any
 * other lone surrogate as U+FFFD (EF BF BD, as TextEncoder writes it).
 */
export function utf8Bytes(text: string): Uint8Array {
  if (!hasRawBytes(text)) return encoder.encode(text);
  const chunks: Uint8Array[] = [];
  let length = 0;
  let from = 0;
  const push = (chunk: Uint8Array) => {
    chunks.push(chunk);
    length += chunk.length;
  };
  for (const match of text.matchAll(RAW_BYTE_RUN)) {
    if (match.index > from) push(encoder.encode(text.slice(from, match.index)));
    const run = match[0];
    const bytes = new Uint8Array(run.length);
    for (let i = 0; i < run.length; i++) bytes[i] = run.charCodeAt(i) - RAW_BYTE_BASE;
    push(bytes);
    from = match.index + run.length;
  }
  if (from < text.length) push(encoder.encode(text.slice(from)));
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** The length of the valid UTF-8 sequence at `i` (1–4), or 0 when the byte there starts none. */
function sequenceLength(bytes: Uint8Array, i: number): number {
  const b0 = bytes[i]!;
  if (b0 < 0x80) return 1;
  const inRange = (k: number, low: number, high: number) => {
    const b = bytes[i + k];
    return b !== undefined && b >= low && b <= high;
  };
  if (b0 >= 0xc2 && b0 <= 0xdf) return inRange(1, 0x80, 0xbf) ? 2 : 0;
  if (b0 >= 0xe0 && b0 <= 0xef) {
    // No overlong forms (E0 A0..) and no surrogates (ED ..9F).
    const low = b0 === 0xe0 ? 0xa0 : 0x80;
    const high = b0 === 0xed ? 0x9f : 0xbf;
    return inRange(1, low, high) && inRange(2, 0x80, 0xbf) ? 3 : 0;
  }
  if (b0 >= 0xf0 && b0 <= 0xf4) {
    // No overlong forms (F0 90..) and nothing beyond U+10FFFF (F4 ..8F).
    const low = b0 === 0xf0 ? 0x90 : 0x80;
    const high = b0 === 0xf4 ? 0x8f : 0xbf;
    return inRange(1, low, high) && inRange(2, 0x80, 0xbf) && inRange(3, 0x80, 0xbf) ? 4 : 0;
  }
  return 0;
}

/** The model string for bytes: UTF-8 text as its characters, every other byte as its raw-byte character. */
export function bytesToText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    // Not all UTF-8: decoded sequence by sequence below.
  }
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  let out = '';
  let run = 0;
  const flush = (end: number) => {
    if (end > run) out += decoder.decode(bytes.subarray(run, end));
  };
  for (let i = 0; i < bytes.length;) {
    const length = sequenceLength(bytes, i);
    if (length > 0) {
      i += length;
      continue;
    }
    flush(i);
    out += rawByte(bytes[i]!);
    i++;
    run = i;
  }
  flush(bytes.length);
  return out;
}

/**
 * Joins the raw-byte characters of a model string that spell UTF-8 text into that text (`$'\xc3'$'\xa9'`
 * is é, as it is in bash). Only runs of raw bytes can: a character's own UTF-8 always starts with a
 * lead byte and is complete, so no sequence runs from raw bytes into a character or out of one.
 */
export function joinRawBytes(text: string): string {
  if (!hasRawBytes(text)) return text;
  return text.replace(RAW_BYTE_RUN, (run) => bytesToText(utf8Bytes(run)));
}
