/**
 * multipart/form-data bodies (RFC 7578) as text, the way DevTools reports a
 * captured request's body: split into fields and files, and built again.
 */
import type { ImportedPart } from '../http/from-curl.ts';

/** A header value's parameters (`type; a=1; b="x"`), names lower-cased; null when a quoted string is not closed. */
function parseParameters(text: string): { value: string; params: Map<string, string> } | null {
  const semicolon = text.indexOf(';');
  const value = (semicolon === -1 ? text : text.slice(0, semicolon)).trim();
  const params = new Map<string, string>();
  let i = semicolon === -1 ? text.length : semicolon;
  while (i < text.length) {
    // Skip separators and whitespace (tolerates `;;` and a trailing `;`).
    while (i < text.length && /[;\s]/.test(text[i]!)) i++;
    if (i >= text.length) break;
    const equals = text.indexOf('=', i);
    const nextSemicolon = text.indexOf(';', i);
    if (equals === -1 || (nextSemicolon !== -1 && nextSemicolon < equals)) {
      // A bare word without a value: skip it.
      i = nextSemicolon === -1 ? text.length : nextSemicolon;
      continue;
    }
    const name = text.slice(i, equals).trim().toLowerCase();
    i = equals + 1;
    while (i < text.length && /[ \t]/.test(text[i]!)) i++;
    let paramValue = '';
    if (text[i] === '"') {
      i++;
      let closed = false;
      while (i < text.length) {
        const ch = text[i]!;
        // Only \" and \\ are escapes: browsers do not escape backslashes, so any other one is literal.
        if (ch === '\\' && (text[i + 1] === '"' || text[i + 1] === '\\')) {
          paramValue += text[i + 1];
          i += 2;
        } else if (ch === '"') {
          closed = true;
          i++;
          break;
        } else {
          paramValue += ch;
          i++;
        }
      }
      if (!closed) return null;
    } else {
      const end = text.indexOf(';', i);
      paramValue = text.slice(i, end === -1 ? text.length : end).trim();
      i = end === -1 ? text.length : end;
    }
    if (name !== '' && !params.has(name)) params.set(name, paramValue);
  }
  return { value, params };
}

/** The boundary parameter of a multipart Content-Type (quoted or not), or null when there is none. */
export function boundaryOf(contentType: string): string | null {
  const boundary = parseParameters(contentType)?.params.get('boundary');
  return boundary ? boundary : null;
}

/** RFC 8187 `charset'lang'pct-encoded` (as in `filename*=UTF-8''na%C3%AFve.txt`); the raw text when it cannot be decoded. */
function decodeExtValue(text: string): string {
  const match = /^([^']*)'[^']*'(.*)$/s.exec(text);
  if (!match) return text;
  const charset = match[1]!.toLowerCase();
  const encoded = match[2]!;
  if (charset === 'iso-8859-1' || charset === 'latin1') {
    return encoded.replace(/%([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  try {
    return decodeURIComponent(encoded);
  } catch {
    return text;
  }
}

/** Browsers write `"`, CR and LF in field and file names as %22, %0D and %0A (HTML's form encoding rule). */
const decodeName = (text: string) =>
  text.replace(/%(22|0D|0A)/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
const encodeName = (text: string) => text.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

/** A parameter, preferring its `name*` extended form. */
function parameter(params: Map<string, string>, name: string): string | undefined {
  const extended = params.get(`${name}*`);
  if (extended !== undefined) return decodeExtValue(extended);
  const plain = params.get(name);
  return plain === undefined ? undefined : decodeName(plain);
}

interface Delimiter {
  /** Where the line break before the delimiter starts (the end of the previous part's content). */
  contentEnd: number;
  /** Where the next part starts (after the delimiter line), or -1 for the closing delimiter. */
  next: number;
}

/**
 * The next delimiter line at or after `from`: `--boundary` at the start of a
 * line, then `--` (closing), optional spaces and a line break (or the end,
 * when closing). Anything else that merely starts with `--boundary` is content.
 */
function findDelimiter(body: string, delimiter: string, from: number, first: boolean): Delimiter | null {
  let i = body.indexOf(delimiter, from);
  while (i !== -1) {
    const atLineStart = (first && i === 0) || body[i - 1] === '\n';
    if (atLineStart) {
      const contentEnd = i === 0 ? 0 : body[i - 2] === '\r' ? i - 2 : i - 1;
      let after = i + delimiter.length;
      const closing = body.startsWith('--', after);
      if (closing) after += 2;
      while (body[after] === ' ' || body[after] === '\t') after++;
      const lineEnd = body.startsWith('\r\n', after) ? 2 : body[after] === '\n' ? 1 : 0;
      if (closing && (lineEnd > 0 || after === body.length)) return { contentEnd, next: -1 };
      if (!closing && lineEnd > 0) return { contentEnd, next: after + lineEnd };
    }
    i = body.indexOf(delimiter, i + 1);
  }
  return null;
}

/** A part's header lines (names lower-cased), or a reason they cannot be read. */
function readPartHeaders(
  text: string,
  label: string,
): { headers: Map<string, string>; contentStart: number } | { error: string } {
  const headers = new Map<string, string>();
  let last: string | null = null;
  let i = 0;
  for (;;) {
    const newline = text.indexOf('\n', i);
    if (newline === -1) return { error: `${label}: its headers are not followed by a blank line` };
    const line = text.slice(i, text[newline - 1] === '\r' ? newline - 1 : newline);
    i = newline + 1;
    if (line === '') return { headers, contentStart: i };
    if (/^[ \t]/.test(line) && last !== null) {
      // An obsolete folded continuation of the previous header.
      headers.set(last, `${headers.get(last)} ${line.trim()}`);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) return { error: `${label}: "${line.slice(0, 60)}" is not a header line` };
    last = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(last)) headers.set(last, line.slice(colon + 1).trim());
  }
}

export type MultipartResult = { ok: true; parts: ImportedPart[] } | { ok: false; error: string };

/**
 * Splits a multipart/form-data body into its fields, or says why it cannot:
 * the error names the part (1-based) and what is wrong with it. Line breaks
 * may be CRLF or LF alone. A part's content is everything up to the line
 * break before the next delimiter.
 */
export function readMultipart(body: string, boundary: string): MultipartResult {
  if (boundary === '') return { ok: false, error: 'the boundary is empty' };
  const delimiter = `--${boundary}`;
  let found = findDelimiter(body, delimiter, 0, true);
  if (!found) return { ok: false, error: `the boundary "${boundary}" does not occur in the body` };
  const parts: ImportedPart[] = [];
  while (found.next !== -1) {
    const start = found.next;
    const label = `part ${parts.length + 1}`;
    found = findDelimiter(body, delimiter, start, false);
    if (!found) return { ok: false, error: `${label} is not followed by a delimiter (the body is cut short)` };
    const text = body.slice(start, Math.max(start, found.contentEnd));
    const head = readPartHeaders(text, label);
    if ('error' in head) return { ok: false, error: head.error };
    const disposition = head.headers.get('content-disposition');
    if (disposition === undefined) return { ok: false, error: `${label} has no Content-Disposition header` };
    const parsed = parseParameters(disposition);
    if (!parsed) return { ok: false, error: `${label}: its Content-Disposition has an unclosed quoted string` };
    if (parsed.value.toLowerCase() !== 'form-data') {
      return { ok: false, error: `${label}: its Content-Disposition is "${parsed.value}", not form-data` };
    }
    const name = parameter(parsed.params, 'name');
    if (name === undefined) return { ok: false, error: `${label} has no name` };
    const value = text.slice(head.contentStart);
    const fileName = parameter(parsed.params, 'filename');
    if (fileName === undefined) {
      parts.push({ name, value });
      continue;
    }
    const contentType = head.headers.get('content-type');
    parts.push(contentType ? { name, value, fileName, contentType } : { name, value, fileName });
  }
  return { ok: true, parts };
}

/** The fields of a multipart/form-data body, or null when it is not well-formed (see `readMultipart` for why). */
export function parseMultipart(body: string, boundary: string): ImportedPart[] | null {
  const result = readMultipart(body, boundary);
  return result.ok ? result.parts : null;
}

/**
 * A multipart/form-data body as browsers write it (CRLF line breaks, names
 * with `"`, CR and LF percent-encoded, file parts typed, by default
 * application/octet-stream). The boundary must not occur in any value.
 */
export function buildMultipart(parts: readonly ImportedPart[], boundary: string): string {
  let out = '';
  for (const part of parts) {
    out += `--${boundary}\r\nContent-Disposition: form-data; name="${encodeName(part.name)}"`;
    if (part.fileName !== undefined) {
      out += `; filename="${encodeName(part.fileName)}"\r\nContent-Type: ${part.contentType || 'application/octet-stream'}`;
    }
    out += `\r\n\r\n${part.value}\r\n`;
  }
  return `${out}--${boundary}--\r\n`;
}
