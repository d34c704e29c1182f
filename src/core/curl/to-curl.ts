/**
 * "Copy as curl": a faithful, shell-safe bash command for a request. Every
 * argument is single-quoted (or `$'…'` when it holds bytes a single-quoted
 * string cannot carry), so nothing in a value is ever run by the shell.
 */
import type { HeaderLine } from '../http/request.ts';
import { hasRawBytes, utf8Bytes } from '../raw-bytes.ts';

export interface CurlCommandInput {
  method: string;
  url: string;
  headers: HeaderLine[];
  /** Body text (raw-byte characters as their bytes) or bytes; bytes that are not UTF-8 are written as `$'\xHH'`. */
  body?: string | Uint8Array;
  insecure?: boolean;
  followRedirects?: boolean;
  timeoutSeconds?: number;
}

/**
 * Quotes one argument for bash. A value starting with `-` is quoted too: bash does not need it, but
 * a bare `--%` would read as PowerShell's stop-parsing token to the converter's shell detection.
 */
export function shellQuote(text: string): string {
  if (/^[A-Za-z0-9_@%+=:,./][A-Za-z0-9_@%+=:,./-]*$/.test(text)) return text;
  // Single quotes keep everything literal except the single quote itself and NUL/control bytes,
  // and bytes that are not UTF-8 text (raw-byte characters), which only `$'\xHH'` can write.
  // eslint-disable-next-line no-control-regex
  if (!/[\x00-\x08\x0b-\x1f\x7f]/.test(text) && !hasRawBytes(text)) return `'${text.replace(/'/g, `'\\''`)}'`;
  return ansiC(utf8Bytes(text));
}

/** bash's ANSI-C quoting, byte by byte (bash turns `\xHH` back into the byte HH). */
function ansiC(bytes: Uint8Array): string {
  let out = "$'";
  for (const byte of bytes) {
    if (byte === 0x27) out += "\\'";
    else if (byte === 0x5c) out += '\\\\';
    else if (byte === 0x0a) out += '\\n';
    else if (byte === 0x0d) out += '\\r';
    else if (byte === 0x09) out += '\\t';
    else if (byte < 0x20 || byte >= 0x7f) out += `\\x${byte.toString(16).padStart(2, '0')}`;
    else out += String.fromCharCode(byte);
  }
  return `${out}'`;
}

/** A printf format that prints exactly these bytes (octal escapes for anything unprintable). */
function printfBytes(bytes: Uint8Array): string {
  let out = "'";
  for (const byte of bytes) {
    if (byte === 0x25) out += '%%';
    else if (byte === 0x5c) out += '\\\\';
    else if (byte === 0x27) out += "'\\''";
    else if (byte < 0x20 || byte >= 0x7f) out += `\\${byte.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(byte);
  }
  return `${out}'`;
}

function quoteBody(body: string | Uint8Array): string {
  if (typeof body === 'string') return shellQuote(body);
  try {
    return shellQuote(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch {
    return ansiC(body);
  }
}

/**
 * The curl command that sends this request: `-X` only when curl would not
 * infer the method, `-g` when the URL holds characters curl would glob, `--data-binary` so the body goes out byte for byte, and
 * an empty `Content-Type:` removal when the request has a body but no type
 * (curl would otherwise add its form type).
 */
export function toCurlCommand(input: CurlCommandInput): string {
  const args: string[] = ['curl'];
  const hasBody =
    input.body !== undefined && (typeof input.body === 'string' ? input.body.length > 0 : input.body.length > 0);
  const method = input.method;
  const inferred = hasBody ? 'POST' : 'GET';
  if (method === 'HEAD' && !hasBody) args.push('-I');
  else if (method !== inferred) args.push('-X', shellQuote(method));
  // curl globs [..] and {..} in URLs (and refuses some): -g makes it take the URL as written.
  if (/[[\]{}]/.test(input.url)) args.push('-g');
  args.push(shellQuote(input.url));
  for (const header of input.headers) {
    args.push('-H', shellQuote(header.value === '' ? `${header.name};` : `${header.name}: ${header.value}`));
  }
  let stdin: string | null = null;
  if (hasBody) {
    if (!input.headers.some((h) => h.name.toLowerCase() === 'content-type')) args.push('-H', "'Content-Type:'");
    const bytes = typeof input.body === 'string' ? utf8Bytes(input.body) : input.body!;
    if (bytes.includes(0)) {
      // No shell argument can hold a NUL byte: feed the body on standard input instead.
      stdin = printfBytes(bytes);
      args.push('--data-binary', '@-');
    } else {
      // --data-raw: a body starting with @ is data, not a file name.
      args.push('--data-raw', quoteBody(input.body!));
    }
  }
  if (input.insecure) args.push('-k');
  if (input.followRedirects) args.push('-L');
  if (input.timeoutSeconds !== undefined) args.push('-m', String(input.timeoutSeconds));
  // One argument per line once the command gets long, as people paste them.
  const command = formatArgs(args);
  return stdin === null ? command : `${command} < <(printf ${stdin})`;
}

function formatArgs(args: string[]): string {
  const oneLine = args.join(' ');
  return oneLine.length <= 100
    ? oneLine
    : args.reduce((acc, arg, i) => (i === 0 ? arg : /^-/.test(arg) ? `${acc} \\\n  ${arg}` : `${acc} ${arg}`), '');
}
