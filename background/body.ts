/**
 * Response bodies: read as a stream up to a cap, then turned into text or
 * base64 piece by piece, so a large body never needs one giant string on the
 * background side and can cross the message boundary in parts.
 */
import { bytesToBase64, decodeText } from '../src/core/bytes.ts';

export interface BodyBytes {
  /** The bytes kept, in arrival order (at most the cap in total). */
  parts: Uint8Array[];
  /** Bytes kept. */
  length: number;
  /** Bytes received before reading stopped (more than `length` when truncated). */
  received: number;
  /** True when reading stopped at the cap with more to come. */
  truncated: boolean;
}

/**
 * Reads a body stream, keeping at most `cap` bytes. At the cap it stops
 * reading and cancels the stream, so the rest is never downloaded.
 */
export async function readBody(
  stream: ReadableStream<Uint8Array> | null,
  cap: number,
  onProgress?: (received: number) => void,
): Promise<BodyBytes> {
  const body: BodyBytes = { parts: [], length: 0, received: 0, truncated: false };
  if (!stream) return body;
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      body.received += value.byteLength;
      onProgress?.(body.received);
      const room = cap - body.length;
      if (value.byteLength > room) {
        if (room > 0) body.parts.push(value.subarray(0, room));
        body.length = cap;
        body.truncated = true;
        await reader.cancel().catch(() => undefined);
        break;
      }
      body.parts.push(value);
      body.length += value.byteLength;
    }
  } finally {
    reader.releaseLock();
  }
  return body;
}

export interface EncodedBody {
  encoding: 'text' | 'base64';
  /** The body as strings of at most about `partChars` characters each; concatenated they are the whole body. */
  pieces(): Generator<string>;
}

/** A piece of a few MB keeps each message well under the browsers' message size limits. */
export const PIECE_CHARS = 4 * 1024 * 1024;

function charsetOf(contentType: string | null): string {
  return /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1] ?? 'utf-8';
}

function decoder(label: string, fatal: boolean): TextDecoder {
  try {
    return new TextDecoder(label, { fatal });
  } catch {
    return new TextDecoder('utf-8', { fatal });
  }
}

/** True when the content type says text (decodeText's rule: it then decodes even invalid bytes). */
function isTextualType(contentType: string | null): boolean {
  return contentType !== null && decodeText(new Uint8Array([0xff]), contentType) !== null;
}

/** True when every byte decodes in this charset (a cut-off last character is fine when truncated). */
function decodesCleanly(body: BodyBytes, label: string): boolean {
  const check = decoder(label, true);
  try {
    for (const part of body.parts) check.decode(part, { stream: true });
    if (!body.truncated) check.decode();
    return true;
  } catch {
    return false;
  }
}

/**
 * Text when the content type says so or the bytes are valid text (as
 * decodeText decides for whole bodies), else base64. A truncated body drops
 * a character cut in half at the cap rather than inventing a replacement.
 */
export function encodeBody(body: BodyBytes, contentType: string | null, pieceChars = PIECE_CHARS): EncodedBody {
  const label = charsetOf(contentType);
  const text = isTextualType(contentType) || decodesCleanly(body, label);
  if (text) {
    return {
      encoding: 'text',
      *pieces() {
        const decode = decoder(label, false);
        let pending: string[] = [];
        let size = 0;
        for (const part of body.parts) {
          const chunk = decode.decode(part, { stream: true });
          pending.push(chunk);
          size += chunk.length;
          if (size >= pieceChars) {
            yield pending.join('');
            pending = [];
            size = 0;
          }
        }
        if (!body.truncated) pending.push(decode.decode());
        const rest = pending.join('');
        if (rest !== '') yield rest;
      },
    };
  }
  return {
    encoding: 'base64',
    *pieces() {
      // Base64 works in groups of 3 bytes: carry the remainder over to the next part.
      let carry = new Uint8Array(0);
      let pending: string[] = [];
      let size = 0;
      for (const part of body.parts) {
        let bytes = part;
        if (carry.length > 0) {
          bytes = new Uint8Array(carry.length + part.length);
          bytes.set(carry);
          bytes.set(part, carry.length);
        }
        const whole = bytes.length - (bytes.length % 3);
        const chunk = bytesToBase64(bytes.subarray(0, whole));
        carry = bytes.slice(whole);
        pending.push(chunk);
        size += chunk.length;
        if (size >= pieceChars) {
          yield pending.join('');
          pending = [];
          size = 0;
        }
      }
      if (carry.length > 0) pending.push(bytesToBase64(carry));
      const rest = pending.join('');
      if (rest !== '') yield rest;
    },
  };
}

/**
 * The UTF-8 size of a string once written as a JSON string literal: what
 * Chrome counts against its message size limit.
 */
export function jsonStringBytes(text: string): number {
  let bytes = 2;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 || c === 0x5c || (c >= 0x08 && c <= 0x0d && c !== 0x0b)) bytes += 2;
    else if (c < 0x20) bytes += 6;
    else if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
