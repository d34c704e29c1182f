/**
 * Which idiomatic literal reproduces a body's exact bytes: form decoding and
 * the form encoders of the client libraries, and the JSON serializers. The
 * spec offers a view (pairs, a JSON value) only with the exact text beside it;
 * a client uses the view when its encoder gives back that text.
 */
import type { JsonStyle } from './spec.ts';
import { hasVariables } from '../variables.ts';

const FORM_SAFE = /^[A-Za-z0-9\-._~*%+=&!'()]*$/;

/** Exact percent-decoding of a form component (`+` is a space); null when the text is not valid form encoding. */
function formDecode(text: string): string | null {
  if (/%(?![0-9A-Fa-f]{2})/.test(text)) return null;
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** Splits `a=1&b=2` into decoded pairs when it is plain form encoding; null when it is not (or would not round-trip). */
export function parseForm(text: string): [string, string][] | null {
  if (text === '' || hasVariables(text) || !FORM_SAFE.test(text)) return null;
  const pairs: [string, string][] = [];
  for (const item of text.split('&')) {
    const eq = item.indexOf('=');
    if (eq <= 0) return null;
    const name = formDecode(item.slice(0, eq));
    const value = formDecode(item.slice(eq + 1));
    if (name === null || value === null) return null;
    pairs.push([name, value]);
  }
  return pairs;
}

/**
 * Encodes form pairs the way most clients do (WHATWG application/x-www-form-urlencoded:
 * space as `+`, `*-._` kept, everything else percent-encoded in upper case).
 */
export function whatwgFormEncode(pairs: [string, string][]): string {
  return new URLSearchParams(pairs).toString();
}

/** Python's `urllib.parse.urlencode` (used by requests and httpx for `data=` dicts): `quote_plus`, keeps `_.-~`. */
export function pythonFormEncode(pairs: [string, string][]): string {
  return pairs.map(([k, v]) => `${quotePlus(k)}=${quotePlus(v)}`).join('&');
}

/** Python's `quote_plus` of a string's UTF-8 bytes (a lone surrogate as U+FFFD, as TextEncoder writes it). */
function quotePlus(s: string): string {
  if (/^[A-Za-z0-9_.\-~]*$/.test(s)) return s;
  if (!/[\ud800-\udfff]/.test(s)) {
    // encodeURIComponent leaves `!'()*` as they are, which quote_plus encodes.
    return encodeURIComponent(s)
      .replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
      .replace(/%20/g, '+');
  }
  return [...new TextEncoder().encode(s)]
    .map((b) => {
      const ch = String.fromCharCode(b);
      if (/[A-Za-z0-9_.\-~]/.test(ch)) return ch;
      if (b === 0x20) return '+';
      return `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

/** Go's `url.Values.Encode()`: keys sorted, `QueryEscape` (space as `+`, keeps `-_.~`). */
export function goFormEncode(pairs: [string, string][]): string {
  const sorted = [...pairs]
    .map((p, i) => [p, i] as const)
    .sort((a, b) => (a[0][0] < b[0][0] ? -1 : a[0][0] > b[0][0] ? 1 : a[1] - b[1]));
  return pythonFormEncode(sorted.map(([p]) => p));
}

function pythonJsonDumps(value: unknown): string | null {
  // json.dumps(ensure_ascii=True) with ", " and ": " separators.
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // Python prints floats differently from JavaScript in places (1e21, 1.0): only plain integers and
    // simple decimals are trusted.
    const text = String(value);
    // repr() switches to exponents below 1e-4 and from 1e16; trust only what both print alike.
    const magnitude = Math.abs(value);
    if (!Number.isInteger(value) && magnitude !== 0 && (magnitude < 1e-4 || magnitude >= 1e16)) return null;
    return /^-?\d+(\.\d+)?$/.test(text) ? text : null;
  }
  if (typeof value === 'string') {
    // Printable ASCII without quotes or backslashes is written as it is.
    if (/^[\x20\x21\x23-\x5b\x5d-\x7e]*$/.test(value)) return `"${value}"`;
    return `"${[...value]
      .map((ch) => {
        const code = ch.codePointAt(0)!;
        if (ch === '"') return '\\"';
        if (ch === '\\') return '\\\\';
        if (ch === '\n') return '\\n';
        if (ch === '\r') return '\\r';
        if (ch === '\t') return '\\t';
        if (ch === '\b') return '\\b';
        if (ch === '\f') return '\\f';
        if (code < 0x20 || code > 0x7e) {
          if (code > 0xffff) {
            const hi = Math.floor((code - 0x10000) / 0x400) + 0xd800;
            const lo = ((code - 0x10000) % 0x400) + 0xdc00;
            return `\\u${hi.toString(16)}\\u${lo.toString(16)}`;
          }
          return `\\u${code.toString(16).padStart(4, '0')}`;
        }
        return ch;
      })
      .join('')}"`;
  }
  if (Array.isArray(value)) {
    const items = value.map(pythonJsonDumps);
    return items.includes(null) ? null : `[${items.join(', ')}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => {
      const key = pythonJsonDumps(k);
      const val = pythonJsonDumps(v);
      return key === null || val === null ? null : `${key}: ${val}`;
    });
    return entries.includes(null) ? null : `{${entries.join(', ')}}`;
  }
  return null;
}

/** Which serializer would write exactly this JSON text, if any. */
export function jsonStyleOf(text: string, value: unknown): JsonStyle | null {
  // A text with duplicate keys never matches: the parsed value has lost one of them.
  if (JSON.stringify(value) === text) return 'compact';
  if (pythonJsonDumps(value) === text) return 'python';
  return null;
}

/**
 * Bodies longer than this are written as one exact string literal instead of
 * an idiomatic object or form literal: nobody reads a 1 MB literal as code,
 * and laying one out as nested structures costs a hundred times more.
 */
export const IDIOMATIC_BODY_LIMIT = 64 * 1024;
