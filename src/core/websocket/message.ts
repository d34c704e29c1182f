/**
 * The message log's model: what went out and came in over a WebSocket (or an
 * SSE stream), with the conversions the log views need (text, pretty JSON,
 * hex) and the parsing of what the user types as binary.
 */
import { spanAt, type SourceSpan } from '../errors.ts';
import { formatJson } from '../http/compose.ts';

export type Direction = 'out' | 'in' | 'event';

/** One row of the log. `event` rows are the connection's own news (opened, closed, an error). */
export interface LogMessage {
  /** Increasing within one connection's log. */
  id: number;
  direction: Direction;
  /** Milliseconds since the epoch (Date.now() when it happened). */
  at: number;
  kind: 'text' | 'binary';
  /** The text, or for binary the empty string. */
  text: string;
  /** The bytes of a binary message. */
  bytes?: Uint8Array;
  /** Size in bytes (UTF-8 for text). */
  size: number;
  /** SSE: the event's name and id. */
  event?: string;
  eventId?: string;
}

const encoder = new TextEncoder();

/** The UTF-8 size of a text, without allocating for plain ASCII. */
export function utf8Size(text: string): number {
  let ascii = true;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 0x7f) {
      ascii = false;
      break;
    }
  }
  return ascii ? text.length : encoder.encode(text).length;
}

export function textMessage(id: number, direction: Direction, text: string, at: number): LogMessage {
  return { id, direction, at, kind: 'text', text, size: utf8Size(text) };
}

export function binaryMessage(id: number, direction: Direction, bytes: Uint8Array, at: number): LogMessage {
  return { id, direction, at, kind: 'binary', text: '', bytes, size: bytes.length };
}

const HEX = '0123456789abcdef';

/** Bytes as space-separated lowercase hex pairs: `48 65 6c`. */
export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (i > 0) out += ' ';
    out += HEX[b >> 4]! + HEX[b & 15]!;
  }
  return out;
}

/** A hex dump: 16 bytes a line, offset, hex, and printable ASCII. */
export function hexDump(bytes: Uint8Array, maxBytes = 64 * 1024): string {
  const lines: string[] = [];
  const end = Math.min(bytes.length, maxBytes);
  for (let offset = 0; offset < end; offset += 16) {
    const slice = bytes.subarray(offset, Math.min(offset + 16, end));
    const hex = toHex(slice).padEnd(47, ' ');
    let ascii = '';
    for (const b of slice) ascii += b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.';
    lines.push(`${offset.toString(16).padStart(8, '0')}  ${hex}  ${ascii}`);
  }
  if (bytes.length > end) lines.push(`… ${bytes.length - end} more bytes`);
  return lines.join('\n');
}

/** What is wrong with typed input, and where. */
export class MessageInputError extends Error {
  override name = 'MessageInputError';
  readonly detail: string;
  constructor(
    message: string,
    readonly span: SourceSpan,
  ) {
    super(`${message} (line ${span.line}, column ${span.column})`);
    this.detail = message;
  }
}

/**
 * Hex text into bytes. Pairs may be run together (`48656c`) or separated by
 * spaces, commas, colons or new lines, each optionally written `0x48`.
 * Anything else is an error naming its line and column.
 */
export function parseHex(text: string): Uint8Array {
  const out: number[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/[\s,:]/.test(c)) {
      i++;
      continue;
    }
    if (c === '0' && (text[i + 1] === 'x' || text[i + 1] === 'X') && /[0-9a-f]/i.test(text[i + 2] ?? '')) {
      i += 2;
    }
    const start = i;
    let digits = '';
    while (i < text.length && /[0-9a-f]/i.test(text[i]!)) digits += text[i++];
    if (digits === '') {
      throw new MessageInputError(`“${text[i]}” is not a hex digit`, spanAt(text, i, i + 1));
    }
    if (digits.length % 2 !== 0) {
      throw new MessageInputError(
        `${digits.length} hex digits here: bytes take two digits each`,
        spanAt(text, start, i),
      );
    }
    for (let d = 0; d < digits.length; d += 2) out.push(parseInt(digits.slice(d, d + 2), 16));
  }
  return Uint8Array.from(out);
}

/** JSON re-indented with two spaces (numbers kept as written), or null when the text is not a JSON object or array. */
export function prettyJson(text: string): string | null {
  const trimmed = text.trimStart();
  if (!(trimmed.startsWith('{') || trimmed.startsWith('['))) return null;
  return formatJson(text);
}

/** Text in one line for a log row: new lines shown as ⏎, cut to `max` characters. */
export function preview(message: LogMessage, max = 300): string {
  if (message.kind === 'binary') return toHex(message.bytes!.subarray(0, Math.ceil(max / 3)));
  const text = message.text.length > max ? message.text.slice(0, max) + '…' : message.text;
  return text.replace(/\r?\n/g, ' ⏎ ');
}

/** Bytes as a person reads them: 512 B, 1.5 KB, 2.0 MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The time of day with milliseconds, in UTC offset of the caller's choosing (tests pass 0). */
export function formatTime(at: number, offsetMinutes = -new Date(at).getTimezoneOffset()): string {
  const d = new Date(at + offsetMinutes * 60_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}.${String(d.getUTCMilliseconds()).padStart(3, '0')}`;
}
