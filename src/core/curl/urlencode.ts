import { utf8Bytes } from '../raw-bytes.ts';
import { splitVariables, variableMarker } from '../variables.ts';

/**
 * URL-encoding the way curl does it for `--data-urlencode` and `--url-query`:
 * everything but ALPHA, DIGIT and `-._~` is percent-encoded as UTF-8 (raw bytes,
 * see raw-bytes.ts, as themselves), and a space becomes `+`. With `-G` (data
 * moved into the URL) curl 7.88 writes the escapes in lowercase, as measured
 * against real curl.
 */
export function curlUrlEncode(text: string, lowercase = false): string {
  // Variable markers pass through: their value is only known when the request is sent.
  return splitVariables(text)
    .map((part) => (typeof part === 'string' ? encodePart(part, lowercase) : variableMarker(part.variable)))
    .join('');
}

function encodePart(text: string, lowercase: boolean): string {
  return curlUrlEncodeBytes(utf8Bytes(text), lowercase);
}

/** The same encoding for raw bytes (a file's content for `--data-urlencode @file`). */
export function curlUrlEncodeBytes(bytes: Uint8Array, lowercase = false): string {
  let out = '';
  for (const byte of bytes) {
    const ch = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~]/.test(ch)) out += ch;
    else if (byte === 0x20) out += '+';
    else {
      const hex = byte.toString(16).padStart(2, '0');
      out += `%${lowercase ? hex : hex.toUpperCase()}`;
    }
  }
  return out;
}
