/**
 * The curl command parser: shell words in, request models out, following
 * curl's own option parser (tool_getparam.c) and its manual
 * (https://curl.se/docs/manpage.html). Every option curl knows is either
 * modelled, accepted quietly (output-only), or reported in a warning; an
 * unknown option is an error with a suggestion.
 *
 * The shell's tokenizer is given (`parseCurlWith`), so the on-demand
 * converter loads Windows cmd's and PowerShell's only for their commands;
 * `parseCurl` (curl/parse.ts) passes the one that holds every dialect.
 */
import { CurlParseError, type SourceSpan, type Warning } from '../errors.ts';
import type { Dialect, ShellCommand, StdinSource, TokenizeResult, Word } from '../shell/types.ts';
import { utf8Bytes, wellFormed } from '../raw-bytes.ts';
import { hasVariables, VAR_OPEN, type VariableRef } from '../variables.ts';
import type { Auth, AuthScheme, Body, CurlRequest, DataPiece, FormPart, ModelHeader, Transport } from './model.ts';
import { findShortOption, lookupLong, manualUrl, suggestOption, type CurlOptionSpec } from './options.ts';
import { isStdinPart, isStdinUrlencode, piecesWithStdin } from './stdin.ts';
import { curlUrlEncode } from './urlencode.ts';

export interface ParseOptions {
  /** Force a dialect instead of detecting it. */
  dialect?: Dialect;
}

export interface ParseResult {
  requests: CurlRequest[];
  warnings: Warning[];
  dialect: Dialect;
  /** Shell variables and substitutions left unexpanded, each once. */
  variables: VariableRef[];
}

/** Options that only change what curl prints or stores locally: accepted without a warning. */
const OUTPUT_ONLY = new Set([
  'silent',
  'show-error',
  'verbose',
  'include',
  'write-out',
  'fail',
  'fail-with-body',
  'fail-early',
  'progress-bar',
  'no-progress-meter',
  'trace',
  'trace-ascii',
  'trace-time',
  'trace-ids',
  'stderr',
  'dump-header',
  'styled-output',
  'no-buffer',
  'buffer',
  'remote-header-name',
  'create-dirs',
  'create-file-mode',
  'output-dir',
  'remote-name-all',
  'remote-time',
  'xattr',
  'raw',
  'show-headers',
  'parallel',
  'parallel-max',
  'parallel-immediate',
  'retry',
  'retry-delay',
  'retry-max-time',
  'retry-connrefused',
  'retry-all-errors',
  'keepalive',
  'keepalive-time',
  'no-keepalive',
  'tcp-nodelay',
  'tcp-fastopen',
  'path-as-is',
  'disable',
  'disallow-username-in-url',
  'no-sessionid',
  'sessionid',
  'alpn',
  'no-alpn',
  'npn',
  'no-npn',
  'suppress-connect-headers',
  'libcurl',
  'manual',
  'help',
  'version',
  'stderr',
  'url-query-dummy',
]);

interface Segment {
  urls: { value: string; span: SourceSpan }[];
  method?: { value: string; span: SourceSpan };
  headers: ModelHeader[];
  removed: string[];
  userAgent?: string;
  referer?: string;
  cookies: string[];
  cookieFiles: string[];
  user?: { value: string; span: SourceSpan };
  authScheme: AuthScheme;
  bearer?: string;
  awsSigv4?: string;
  data: DataPiece[];
  json: boolean;
  form: FormPart[];
  upload?: string;
  /** `-r`: the byte range, as curl sends it after `bytes=`. */
  range?: string;
  get: boolean;
  head: boolean;
  urlQueries: string[];
  transport: Transport;
  /** Set on a command's first segment once an option read standard input (curl reads it once). */
  stdinRead?: boolean;
}

function newSegment(): Segment {
  return {
    urls: [],
    headers: [],
    removed: [],
    cookies: [],
    cookieFiles: [],
    authScheme: 'basic',
    data: [],
    json: false,
    form: [],
    get: false,
    head: false,
    urlQueries: [],
    transport: { insecure: false, followRedirects: false, locationTrusted: false, compressed: false, globOff: false },
  };
}

/** A shell's tokenizer: the well-formed text in, its commands' words out (in the dialect given, else the one detected). */
export type Tokenize = (text: string, dialect?: Dialect) => TokenizeResult;

/**
 * Parses pasted curl commands with `tokenize` for the shell's words. Returns
 * one request per URL, or throws a CurlParseError that says what is wrong and
 * where.
 */
export function parseCurlWith(tokenize: Tokenize, input: string, options: ParseOptions = {}): ParseResult {
  // A lone surrogate cannot reach a shell (a terminal gets U+FFFD), and in the model it would pass
  // for a byte from a $'\xHH' escape (src/core/raw-bytes.ts): it reads as U+FFFD. Positions stay.
  const text = wellFormed(input);
  if (text.trim() === '') {
    throw new CurlParseError('The input is empty: paste a curl command.', 'empty', spanOf(text, 0, 0));
  }
  rejectReservedInInput(text);
  const tokens = tokenize(text, options.dialect);
  rejectReservedInWords(tokens);
  if (tokens.commands.length === 0) {
    throw new CurlParseError('No command found: paste a curl command.', 'empty', spanOf(text, 0, text.length));
  }
  const warnings: Warning[] = [...tokens.warnings];
  const requests: CurlRequest[] = [];
  for (const command of tokens.commands) {
    for (const request of parseCommand(text, command, warnings)) requests.push(request);
  }
  return { requests, warnings, dialect: tokens.dialect, variables: tokens.variables };
}

function spanOf(text: string, start: number, end: number): SourceSpan {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < start && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { offset: start, end, line, column: start - lineStart + 1 };
}

const CURL_NAME = /^(?:.*[\\/])?curl(?:\.exe)?$/i;

function parseCommand(text: string, command: ShellCommand, warnings: Warning[]): CurlRequest[] {
  const words = [...command.words];
  // `FOO=bar curl ...` and `sudo curl ...`: skip what comes before curl, say so.
  while (words.length > 0 && !CURL_NAME.test(words[0]!.value)) {
    const first = words[0]!;
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(first.value) || first.value === 'sudo' || first.value === 'command') {
      warnings.push({ code: 'prefix-ignored', message: `"${first.raw}" before curl is ignored.`, span: first.span });
      words.shift();
      continue;
    }
    throw new CurlParseError(
      `This is not a curl command: it starts with "${truncate(first.value, 40)}" where "curl" was expected.`,
      'not-curl',
      first.span,
    );
  }
  if (words.length === 0) {
    throw new CurlParseError('Expected "curl" here.', 'not-curl', command.span);
  }
  words.shift();

  const segments: Segment[] = [newSegment()];
  let current = segments[0]!;
  let onlyUrls = false;

  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const value = word.value;
    const takeArg = (spec: CurlOptionSpec, inline: string | undefined, inlineSpan: SourceSpan): Word => {
      if (inline !== undefined && inline !== '') {
        return { value: inline, raw: inline, span: inlineSpan };
      }
      const next = words[i + 1];
      if (!next) {
        throw new CurlParseError(
          `--${spec.long} needs a value after it (see ${manualUrl(spec.long)}).`,
          'missing-argument',
          word.span,
        );
      }
      i++;
      return next;
    };

    if (onlyUrls || !value.startsWith('-') || value === '-') {
      current.urls.push({ value, span: word.span });
      continue;
    }
    if (value === '--') {
      onlyUrls = true;
      continue;
    }
    if (value.startsWith('--')) {
      const name = value.slice(2);
      const found = lookupLong(name);
      if (!found) {
        const eq = name.indexOf('=');
        if (eq > 0 && lookupLong(name.slice(0, eq))) {
          throw new CurlParseError(
            `curl does not accept "--${name.slice(0, eq)}=value": write --${name.slice(0, eq)} followed by the value as a separate argument.`,
            'unknown-option',
            word.span,
          );
        }
        const suggestion = suggestOption(name);
        throw new CurlParseError(
          `Unknown curl option "${truncate(value, 40)}"${suggestion ? `: did you mean ${suggestion}?` : '.'}`,
          'unknown-option',
          word.span,
        );
      }
      if (found.inexact) {
        warnings.push({
          code: 'option-abbreviated',
          message: `"${truncate(value, 40)}" is read as --${found.negated && !found.spec.long.startsWith('no-') ? 'no-' : ''}${found.spec.long} (curl 7 accepts abbreviations; current curl does not): write it out.`,
          span: word.span,
        });
      }
      if (found.expanded) {
        warnings.push({
          code: 'option-expand',
          message: `--expand-${found.spec.long}: {{variables}} in its value are not expanded here.`,
          span: word.span,
        });
      }
      const arg = found.spec.arg ? takeArg(found.spec, undefined, word.span) : undefined;
      current = applyOption(found.spec, found.negated, arg, word, segments, current, warnings);
      continue;
    }
    // Short options, bundled like -sSLk, or with an attached value like -XPOST or -H'a: b'.
    for (let j = 1; j < value.length; j++) {
      const ch = value[j]!;
      const spec = findShortOption(ch);
      if (!spec) {
        const at = word.span.offset + Math.min(j, word.span.end - word.span.offset - 1);
        throw new CurlParseError(
          `Unknown curl option "-${ch}"${value.length > 2 ? ` in "${truncate(value, 40)}"` : ''}.`,
          'unknown-option',
          spanOf(text, at, at + 1),
        );
      }
      if (spec.arg) {
        const inline = value.slice(j + 1);
        const arg = takeArg(spec, inline, word.span);
        current = applyOption(spec, false, arg, word, segments, current, warnings);
        break;
      }
      current = applyOption(spec, false, undefined, word, segments, current, warnings);
    }
  }

  const requests: CurlRequest[] = [];
  for (const segment of segments) {
    if (segment.urls.length === 0) {
      if (segments.length > 1 && segment !== segments[0]) continue;
      throw new CurlParseError(
        'No URL given: add the address to request, e.g. https://api.example.com/.',
        'no-url',
        command.span,
      );
    }
    const parts = segmentParts(segment, command.span, command.stdin, segments[0]!.stdinRead === true);
    segment.urls.forEach((url, i) =>
      requests.push(buildRequest(segment, parts, url, i === 0, command.span, warnings, command.stdin)),
    );
  }
  return requests;
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function warnIgnored(spec: CurlOptionSpec, word: Word, warnings: Warning[], why?: string) {
  warnings.push({
    code: 'option-ignored',
    message: `--${spec.long} is not modelled${why ? ` (${why})` : ''}: the converted request does not include it.`,
    span: word.span,
  });
}

function parseNumber(arg: Word, spec: CurlOptionSpec): number {
  const n = Number(arg.value);
  if (!Number.isFinite(n) || n < 0) {
    throw new CurlParseError(
      `--${spec.long} expects a number, not "${truncate(arg.value, 30)}".`,
      'bad-number',
      arg.span,
    );
  }
  return n;
}

/** Applies one option to the current segment; returns the segment to continue with (new after --next). */
function applyOption(
  spec: CurlOptionSpec,
  negated: boolean,
  arg: Word | undefined,
  word: Word,
  segments: Segment[],
  s: Segment,
  warnings: Warning[],
): Segment {
  const name = spec.alias ?? spec.long;
  const v = arg?.value ?? '';
  const t = s.transport;
  // curl reads standard input at the first option that reads `@-`, to its end: the later ones read nothing.
  const readsStdin = (): boolean => {
    const first = segments[0]!;
    if (first.stdinRead) return false;
    first.stdinRead = true;
    return true;
  };
  const fromStdin = (piece: DataPiece): DataPiece =>
    (piece.type === 'stdin' || isStdinUrlencode(piece)) && !readsStdin()
      ? { type: 'literal', text: '', ...('json' in piece && piece.json ? { json: true } : {}) }
      : piece;
  if (spec.removed) {
    warnings.push({
      code: 'option-removed',
      message: `--${spec.long} was removed from curl; it is ignored here.`,
      span: word.span,
    });
    return s;
  }
  switch (name) {
    // https://curl.se/docs/manpage.html#--url
    case 'url':
      s.urls.push({ value: v, span: arg!.span });
      return s;
    // https://curl.se/docs/manpage.html#-:
    case 'next': {
      const next = newSegment();
      segments.push(next);
      return next;
    }
    // https://curl.se/docs/manpage.html#-X
    case 'request':
      s.method = { value: v, span: arg!.span };
      return s;
    // https://curl.se/docs/manpage.html#-H
    case 'header':
      addHeader(s, v, arg!.span, warnings);
      return s;
    case 'user-agent':
      s.userAgent = v;
      return s;
    // https://curl.se/docs/manpage.html#-e ("; auto" makes curl set Referer on redirects)
    case 'referer':
      s.referer = v.replace(/;auto$/, '');
      return s;
    // https://curl.se/docs/manpage.html#-b: with a "=" it is cookie data, else a file name.
    case 'cookie':
      if (v.includes('=')) s.cookies.push(v);
      else {
        s.cookieFiles.push(v);
        warnings.push({
          code: 'cookie-file',
          message: `-b ${v} reads cookies from a file; the converted code must load that file.`,
          span: arg!.span,
        });
      }
      return s;
    case 'cookie-jar':
      warnings.push({
        code: 'option-ignored',
        message: '-c (cookie jar) only stores received cookies; ignored.',
        span: word.span,
      });
      return s;
    case 'junk-session-cookies':
      return s;
    // https://curl.se/docs/manpage.html#-u
    case 'user':
      s.user = { value: v, span: arg!.span };
      return s;
    case 'basic':
      s.authScheme = 'basic';
      return s;
    case 'digest':
    case 'ntlm':
    case 'negotiate':
      s.authScheme = negated ? 'basic' : name;
      return s;
    case 'anyauth':
      s.authScheme = 'basic';
      warnings.push({
        code: 'anyauth',
        message: '--anyauth lets curl pick the scheme after a 401; Basic is assumed.',
        span: word.span,
      });
      return s;
    case 'aws-sigv4':
      s.authScheme = 'aws-sigv4';
      s.awsSigv4 = v;
      return s;
    case 'oauth2-bearer':
      s.bearer = v;
      return s;
    // https://curl.se/docs/manpage.html#-d and its family
    case 'data':
    case 'data-ascii':
      s.data.push(fromStdin(dataPiece(v, true)));
      return s;
    case 'data-binary':
      s.data.push(fromStdin(dataPiece(v, false)));
      return s;
    case 'data-raw':
      s.data.push({ type: 'literal', text: v });
      return s;
    case 'data-urlencode':
      s.data.push(fromStdin(urlencodePiece(v)));
      return s;
    // https://curl.se/docs/manpage.html#--json
    case 'json': {
      const piece = dataPiece(v, false);
      s.data.push(fromStdin({ ...piece, json: true } as DataPiece));
      s.json = true;
      return s;
    }
    // https://curl.se/docs/manpage.html#-G
    case 'get':
      s.get = !negated;
      return s;
    case 'head':
      s.head = !negated;
      return s;
    // https://curl.se/docs/manpage.html#-F
    case 'form': {
      const part = parseFormPart(v, arg!.span, false, warnings);
      if (!isStdinPart(part) || readsStdin()) s.form.push(part);
      else {
        // A second read of stdin: an empty value, still a file part for `@-`.
        const { name, contentType, headers, span } = part;
        const filename = part.type === 'file' ? { filename: part.filename } : {};
        s.form.push({ type: 'field', name, value: '', ...filename, contentType, headers, span });
      }
      return s;
    }
    case 'form-string':
      s.form.push(parseFormPart(v, arg!.span, true, warnings));
      return s;
    // https://curl.se/docs/manpage.html#-T
    case 'upload-file':
      s.upload = v;
      return s;
    case 'url-query':
      // A second read of stdin appends an empty query ("+" takes it as written).
      s.urlQueries.push(!v.startsWith('+') && fromStdin(urlencodePiece(v)).type === 'literal' ? '+' : v);
      return s;
    // https://curl.se/docs/manpage.html#-r: a lone number N is the range "N-" (curl warns it is deprecated).
    case 'range':
      s.range = /^\d+$/.test(v) ? `${v}-` : v;
      return s;
    case 'insecure':
      t.insecure = !negated;
      return s;
    case 'location':
      t.followRedirects = !negated;
      return s;
    case 'location-trusted':
      t.followRedirects = !negated;
      t.locationTrusted = !negated;
      return s;
    case 'max-redirs':
      t.maxRedirects = parseNumber(arg!, spec);
      return s;
    case 'max-time':
      t.timeoutSeconds = parseNumber(arg!, spec);
      return s;
    case 'connect-timeout':
      t.connectTimeoutSeconds = parseNumber(arg!, spec);
      return s;
    case 'compressed':
      t.compressed = !negated;
      return s;
    case 'proxy':
      t.proxy = v;
      return s;
    case 'proxy-user':
      t.proxyUser = v;
      return s;
    case 'http1.0':
      t.httpVersion = '1.0';
      return s;
    case 'http1.1':
      t.httpVersion = '1.1';
      return s;
    case 'http2':
      t.httpVersion = '2';
      return s;
    case 'http2-prior-knowledge':
      t.httpVersion = '2-prior-knowledge';
      return s;
    case 'http3':
      t.httpVersion = '3';
      return s;
    case 'http3-only':
      t.httpVersion = '3-only';
      return s;
    case 'output':
      t.output = { file: v };
      return s;
    case 'remote-name':
      t.output = { remoteName: true };
      return s;
    case 'globoff':
      t.globOff = !negated;
      return s;
  }
  if (OUTPUT_ONLY.has(name)) return s;
  warnIgnored(spec, word, warnings);
  return s;
}

/** `-H` semantics (https://curl.se/docs/manpage.html#-H): `Name:` removes, `Name;` sends empty, `@file` reads a file. */
function addHeader(s: Segment, raw: string, span: SourceSpan, warnings: Warning[]) {
  if (raw.startsWith('@')) {
    warnings.push({
      code: 'header-file',
      message: `-H ${raw} reads headers from a file; they are not included.`,
      span,
    });
    return;
  }
  const colon = raw.indexOf(':');
  if (colon === -1) {
    const semi = raw.indexOf(';');
    if (semi > 0 && raw.slice(semi + 1).trim() === '') {
      s.headers.push({ name: raw.slice(0, semi).trim(), value: '', span });
      return;
    }
    warnings.push({
      code: 'header-invalid',
      message: `-H "${truncate(raw, 40)}" has no colon, so curl ignores it. Write "Name: value".`,
      span,
    });
    return;
  }
  const name = raw.slice(0, colon).trim();
  // Blanks after the colon and line ends at the end go (scanned, not matched: a regex anchored at the
  // end would try every position of a long value).
  let from = colon + 1;
  while (raw.charCodeAt(from) === 32 || raw.charCodeAt(from) === 9) from++;
  let to = raw.length;
  while (to > from && (raw.charCodeAt(to - 1) === 10 || raw.charCodeAt(to - 1) === 13)) to--;
  const value = raw.slice(from, to);
  if (name === '') {
    warnings.push({
      code: 'header-invalid',
      message: `-H "${truncate(raw, 40)}" has no header name; curl ignores it.`,
      span,
    });
    return;
  }
  // curl's blanks are ASCII only: a value of other Unicode spaces (U+2028...) is sent.
  if (/^[ \t\r\n]*$/.test(value)) {
    // `Name:` with nothing after it removes curl's own header of that name; a
    // header the user set earlier with -H is still sent (measured with curl 7.88).
    s.removed.push(name);
    return;
  }
  s.headers.push({ name, value, span });
}

function dataPiece(v: string, strip: boolean): DataPiece {
  if (v.startsWith('@')) {
    const path = v.slice(1);
    return path === '-' ? { type: 'stdin', strip } : { type: 'file', path, strip };
  }
  return { type: 'literal', text: v };
}

/** The five `--data-urlencode` forms (https://curl.se/docs/manpage.html#--data-urlencode). */
function urlencodePiece(v: string): DataPiece {
  const eq = v.indexOf('=');
  const at = v.indexOf('@');
  if (eq !== -1 && (at === -1 || eq < at)) {
    const name = v.slice(0, eq);
    return name === ''
      ? { type: 'urlencode', value: v.slice(eq + 1) }
      : { type: 'urlencode', name, value: v.slice(eq + 1) };
  }
  if (at !== -1) {
    const name = v.slice(0, at);
    const path = v.slice(at + 1);
    return name === '' ? { type: 'urlencode-file', path } : { type: 'urlencode-file', name, path };
  }
  return { type: 'urlencode', value: v };
}

/** Reads a `"quoted"` form word with backslash escapes, or a plain word up to `;`. */
function readFormWord(text: string, start: number): { value: string; next: number } {
  if (text[start] === '"') {
    let value = '';
    let i = start + 1;
    for (; i < text.length && text[i] !== '"'; i++) {
      if (text[i] === '\\' && i + 1 < text.length) i++;
      value += text[i];
    }
    const end = text.indexOf(';', i);
    return { value, next: end === -1 ? text.length : end };
  }
  const end = text.indexOf(';', start);
  return { value: text.slice(start, end === -1 ? text.length : end), next: end === -1 ? text.length : end };
}

/** `-F` syntax (https://curl.se/docs/manpage.html#-F): name=value|@file|<file with ;type= ;filename= ;headers= */
function parseFormPart(raw: string, span: SourceSpan, literal: boolean, warnings: Warning[]): FormPart {
  const eq = raw.indexOf('=');
  if (eq === -1) {
    throw new CurlParseError(`-F "${truncate(raw, 40)}" needs the form "name=content".`, 'bad-form', span);
  }
  const name = raw.slice(0, eq);
  const content = raw.slice(eq + 1);
  if (literal) return { type: 'field', name, value: content, headers: [], span };

  const kind = content.startsWith('@') ? 'file' : content.startsWith('<') ? 'file-content' : 'field';
  const first = readFormWord(content, kind === 'field' ? 0 : 1);
  let contentType: string | undefined;
  let filename: string | undefined;
  const headers: { name: string; value: string }[] = [];
  let i = first.next;
  while (i < content.length) {
    i++; // skip ';'
    while (content[i] === ' ') i++;
    const paramEq = content.indexOf('=', i);
    const key = paramEq === -1 ? '' : content.slice(i, paramEq).toLowerCase();
    if (!['type', 'filename', 'headers', 'encoder'].includes(key)) {
      const end = content.indexOf(';', i);
      warnings.push({
        code: 'form-param-ignored',
        message: `-F ${name}: curl skips "${truncate(content.slice(i, end === -1 ? undefined : end), 30)}" (not type=, filename= or headers=).`,
        span,
      });
      i = end === -1 ? content.length : end;
      continue;
    }
    const word = readFormWord(content, paramEq + 1);
    if (key === 'type') contentType = word.value;
    else if (key === 'filename') filename = word.value;
    else if (key === 'headers') {
      const colon = word.value.indexOf(':');
      if (colon > 0)
        headers.push({ name: word.value.slice(0, colon).trim(), value: word.value.slice(colon + 1).trim() });
    }
    i = word.next;
  }
  if (kind === 'file') {
    if (first.value.includes(',')) {
      warnings.push({
        code: 'form-multiple-files',
        message: `-F ${name}: several files in one part (multipart/mixed) are sent as one file named "${first.value}".`,
        span,
      });
    }
    const base = first.value.split(/[\\/]/).pop() ?? first.value;
    return { type: 'file', name, path: first.value, filename: filename ?? base, contentType, headers, span };
  }
  if (kind === 'file-content') return { type: 'file-content', name, path: first.value, contentType, headers, span };
  return { type: 'field', name, value: first.value, contentType, headers, span };
}

/** Schemes curl guesses from a host name prefix when the URL has none (https://curl.se/docs/url-syntax.html). */
const GUESSED_SCHEMES: [string, string][] = [
  ['ftp.', 'ftp'],
  ['dict.', 'dict'],
  ['ldap.', 'ldap'],
  ['imap.', 'imap'],
  ['smtp.', 'smtp'],
  ['pop3.', 'pop3'],
];

function withScheme(url: string): string {
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(url)) return url;
  // "$BASE_URL/items": the variable most likely holds the scheme and host.
  if (url.startsWith(VAR_OPEN)) return url;
  const lower = url.toLowerCase();
  const guessed = GUESSED_SCHEMES.find(([prefix]) => lower.startsWith(prefix));
  return `${guessed ? guessed[1] : 'http'}://${url}`;
}

/**
 * The text that the queries append to a URL, as curl appends -G data and --url-query: each
 * non-empty query after `?` when the URL has no query yet, after nothing when it ends in `?` or
 * `&`, else after `&`; the URL's fragment, and a query's own `#…` once another query follows,
 * are dropped. It depends on the URL only through its part before `#`, whose `shape` is `''` (no
 * `?`), `'?'` (a `?`, ending in `?` or `&`) or `'?x'` (a `?`, ending otherwise), so it is worked
 * out once for all the URLs of a segment, in time linear in the queries.
 */
export function appendedQueries(shape: '' | '?' | '?x', queries: readonly string[]): string {
  let hasQuery = shape !== '';
  let last = shape.slice(-1);
  let out = '';
  // The last query appended: the next one cuts it at its `#`.
  let pending = '';
  for (const query of queries) {
    if (query === '') continue;
    const hash = pending.indexOf('#');
    const kept = hash === -1 ? pending : pending.slice(0, hash);
    if (kept !== '') {
      out += kept;
      last = kept[kept.length - 1]!;
      if (kept.includes('?')) hasQuery = true;
    }
    const sep = hasQuery ? (last === '?' || last === '&' ? '' : '&') : '?';
    if (sep !== '') {
      out += sep;
      last = sep;
      hasQuery = true;
    }
    pending = query;
  }
  return out + pending;
}

/** Splits a URL into its part before `#` and what the queries append to it (nothing when every query is empty: the fragment stays). */
function queryAppender(queries: readonly string[]): (url: string) => { base: string; suffix: string } {
  const suffixes = new Map<string, string>();
  const none = queries.every((query) => query === '');
  return (url) => {
    if (none) return { base: url, suffix: '' };
    const hash = url.indexOf('#');
    const base = hash === -1 ? url : url.slice(0, hash);
    const shape = !base.includes('?') ? '' : base.endsWith('?') || base.endsWith('&') ? '?' : '?x';
    let suffix = suffixes.get(shape);
    if (suffix === undefined) {
      suffix = appendedQueries(shape, queries);
      suffixes.set(shape, suffix);
    }
    return { base, suffix };
  };
}

/** The `-d` pieces joined as curl joins them: `&` between pieces, nothing between `--json` pieces. */
function joinPieces(pieces: DataPiece[], lowercaseEscapes: boolean): string | null {
  let out = '';
  for (const [index, piece] of pieces.entries()) {
    let text: string;
    if (piece.type === 'literal') text = piece.text;
    else if (piece.type === 'urlencode')
      text = (piece.name !== undefined ? `${piece.name}=` : '') + curlUrlEncode(piece.value, lowercaseEscapes);
    else return null;
    const json = 'json' in piece && piece.json;
    out += index === 0 || json ? text : `&${text}`;
  }
  return out;
}

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\b/i;
const FORM_TYPE = /^application\/x-www-form-urlencoded\b/i;

/**
 * What a segment's options make of each of its URLs, worked out once for all of them: n URLs after
 * n options would otherwise cost n² (each URL is a request with every option of its segment).
 * The requests share these lists and objects, which nothing changes once parsed.
 */
interface SegmentParts {
  /** Warnings about the options, reported with the segment's first URL. */
  warnings: Warning[];
  /** The -G data and --url-query queries, appended to a URL. */
  appendQueries: (url: string) => { base: string; suffix: string };
  queriesHaveVariables: boolean;
  body: Body;
  method: string;
  headers: ModelHeader[];
  removedHeaders: string[];
  cookies: string[];
  cookieFiles: string[];
  auth?: Auth;
}

function segmentParts(
  s: Segment,
  span: SourceSpan,
  stdin: StdinSource | undefined,
  stdinRead: boolean,
): SegmentParts {
  const warnings: Warning[] = [];
  const hasData = s.data.length > 0;
  const queries: string[] = [];
  if (s.get && hasData) {
    // A here-document's text is known: it goes into the query like a literal.
    const query = joinPieces(piecesWithStdin(s.data, stdin && 'text' in stdin ? stdin : undefined), true);
    if (query === null) {
      const fromStdin = s.data.some((p) => p.type === 'stdin' || isStdinUrlencode(p));
      warnings.push({
        code: 'get-data-file',
        message: `-G with data read from ${fromStdin ? 'standard input' : 'a file'}: that content belongs in the query and is not included.`,
        span,
      });
    } else {
      if (/[ \t]/.test(query)) {
        warnings.push({
          code: 'get-data-space',
          message: '-G data contains a space: curl 7.88 rejects the resulting URL as malformed. Use --data-urlencode.',
          span,
        });
      }
      queries.push(query);
    }
  }
  // curl joins the --url-query values with "&" (empty ones too) and appends them as one query.
  const urlQueries: string[] = [];
  for (const query of s.urlQueries) {
    // --url-query: "+" prefix means already encoded; otherwise encoded like --data-urlencode.
    if (query.startsWith('+')) urlQueries.push(query.slice(1));
    else {
      const piece = urlencodePiece(query);
      const stdinText = isStdinUrlencode(piece) && stdin && 'text' in stdin ? stdin : undefined;
      const text = joinPieces(piecesWithStdin([piece], stdinText), true);
      if (text === null) {
        const what = isStdinUrlencode(piece) ? 'standard input' : 'a file';
        warnings.push({ code: 'url-query-file', message: `--url-query ${query} reads ${what}; not included.`, span });
      } else urlQueries.push(text);
    }
  }
  if (urlQueries.length > 0) queries.push(urlQueries.join('&'));

  const userContentType = s.headers.find((h) => h.name.toLowerCase() === 'content-type');
  const bodies = [s.form.length > 0, hasData && !s.get, s.upload !== undefined, s.head].filter(Boolean).length;
  if (bodies > 1) {
    // curl: "You can only select one HTTP request method!"
    throw new CurlParseError(
      'curl refuses this combination: only one of -d/--json, -F, -T and -I can choose the request (use -G to send -d data in the query).',
      'conflicting-methods',
      span,
    );
  }
  let body: Body = { kind: 'none' };
  if (s.form.length > 0) {
    body = { kind: 'multipart', parts: s.form };
  } else if (s.upload !== undefined) {
    const fromStdin = s.upload === '-' || s.upload === '.';
    body = { kind: 'upload', path: fromStdin ? null : s.upload, ...(fromStdin && stdinRead ? { drained: true } : {}) };
  } else if (hasData && !s.get) {
    const contentType = userContentType?.value ?? (s.json ? 'application/json' : 'application/x-www-form-urlencoded');
    const format = s.json || JSON_TYPE.test(contentType) ? 'json' : FORM_TYPE.test(contentType) ? 'urlencoded' : 'raw';
    body = { kind: 'data', format, pieces: s.data, text: joinPieces(s.data, false) };
  }

  const method = s.method?.value ?? impliedMethod(s, body);
  if (s.method && s.method.value.toUpperCase() === 'HEAD' && !s.head) {
    warnings.push({
      code: 'x-head',
      message: '-X HEAD makes curl wait for a body that never comes; use -I for a HEAD request.',
      span: s.method.span,
    });
  }

  const headers = [...s.headers];
  if (s.json) {
    // --json adds these unless the user set them (https://curl.se/docs/manpage.html#--json).
    for (const [name, value] of [
      ['Content-Type', 'application/json'],
      ['Accept', 'application/json'],
    ] as const) {
      if (
        !headers.some((h) => h.name.toLowerCase() === name.toLowerCase()) &&
        !s.removed.some((r) => r.toLowerCase() === name.toLowerCase())
      ) {
        headers.push({ name, value });
      }
    }
  }

  const auth = buildAuth(s, warnings);
  if (
    auth &&
    headers.some((h) => h.name.toLowerCase() === 'authorization') &&
    (auth.scheme === 'basic' || auth.scheme === 'bearer')
  ) {
    warnings.push({
      code: 'auth-overridden',
      message: 'An explicit Authorization header wins: curl does not send the -u credentials.',
      span: s.user?.span,
    });
  }

  return {
    warnings,
    appendQueries: queryAppender(queries),
    queriesHaveVariables: queries.some(hasVariables),
    body,
    method,
    headers,
    removedHeaders: [...s.removed],
    cookies: [...s.cookies],
    cookieFiles: [...s.cookieFiles],
    auth,
  };
}

function buildRequest(
  s: Segment,
  parts: SegmentParts,
  url: { value: string; span: SourceSpan },
  first: boolean,
  span: SourceSpan,
  warnings: Warning[],
  stdin?: StdinSource,
): CurlRequest {
  const t = s.transport;
  let effectiveUrl = withScheme(url.value);
  if (!/^https?:\/\//i.test(effectiveUrl)) {
    warnings.push({
      code: 'non-http-url',
      message: `"${truncate(url.value, 50)}" is not an HTTP(S) URL; only HTTP requests are converted.`,
      span: url.span,
    });
  }
  const globbable = url.value.includes('[') || url.value.includes('{');
  if (!t.globOff && globbable && hasUrlGlob(url.value.replace(/^\w+:\/\/\[[0-9a-fA-F:.]+\]/, ''))) {
    warnings.push({
      code: 'url-glob',
      message:
        'curl expands [1-3] and {a,b} in this URL into several requests (globbing); only the URL as written is converted. Add -g to turn globbing off.',
      span: url.span,
    });
  }
  if (first) for (const warning of parts.warnings) warnings.push(warning);

  const body = parts.body;
  if (body.kind === 'upload' && body.path) {
    // curl appends the file's name to a URL that ends in a slash (before the query it appends).
    const cut = effectiveUrl.search(/[?#]/);
    const base = cut === -1 ? effectiveUrl : effectiveUrl.slice(0, cut);
    // A URL with no path at all (http://host) is the root: curl uploads to /file there too.
    const noPath = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/]*$/.test(base) && !hasVariables(base);
    if (base.endsWith('/') || noPath) {
      const fileName = body.path.split(/[\\/]/).pop() ?? body.path;
      effectiveUrl =
        base + (noPath ? '/' : '') + encodePathSafely(fileName) + (cut === -1 ? '' : effectiveUrl.slice(cut));
    }
  }
  const query = parts.appendQueries(effectiveUrl);
  const hasVariable = parts.queriesHaveVariables || hasVariables(query.base);
  // Only the start of the URL matters here; the appended queries are not rescanned for each URL.
  if (
    hasVariable &&
    !/^https?:\/\/[^/]/i.test(query.base.length >= 9 ? query.base : query.base + query.suffix.slice(0, 9))
  ) {
    warnings.push({ code: 'url-variable', message: 'The URL is built from a shell variable.', span: url.span });
  }
  if (query.suffix !== '') effectiveUrl = query.base + query.suffix;

  return {
    method: parts.method,
    methodExplicit: s.method !== undefined,
    urlAsWritten: url.value,
    url: effectiveUrl,
    headers: parts.headers,
    removedHeaders: parts.removedHeaders,
    userAgent: s.userAgent,
    referer: s.referer,
    ...(s.range !== undefined ? { range: s.range } : {}),
    cookies: parts.cookies,
    cookieFiles: parts.cookieFiles,
    auth: parts.auth,
    body,
    transport: { ...t },
    ...(stdin ? { stdin } : {}),
    span,
    urlSpan: url.span,
  };
}

function impliedMethod(s: Segment, body: Body): string {
  if (s.head) return 'HEAD';
  if (body.kind === 'upload') return 'PUT';
  if (s.get) return 'GET';
  if (body.kind !== 'none') return 'POST';
  return 'GET';
}

function buildAuth(s: Segment, warnings: Warning[]): Auth | undefined {
  if (s.bearer !== undefined && (s.user === undefined || s.authScheme === 'basic')) {
    return { scheme: 'bearer', token: s.bearer };
  }
  if (s.user === undefined) {
    if (s.authScheme === 'aws-sigv4') {
      warnings.push({ code: 'aws-no-user', message: '--aws-sigv4 needs -u ACCESS_KEY:SECRET_KEY.' });
    }
    return undefined;
  }
  const colon = s.user.value.indexOf(':');
  const user = colon === -1 ? s.user.value : s.user.value.slice(0, colon);
  const password = colon === -1 ? undefined : s.user.value.slice(colon + 1);
  if (password === undefined) {
    warnings.push({
      code: 'password-prompt',
      message: `-u ${user} has no password: curl would ask for it. Write -u ${user}:PASSWORD.`,
      span: s.user.span,
    });
  }
  const auth: Auth = { scheme: s.authScheme, user, password };
  if (s.authScheme === 'aws-sigv4') auth.awsSigv4 = s.awsSigv4;
  return auth;
}

/**
 * Whether a URL holds something curl globs: a `[...]` range (a `-` or `:`
 * inside) or a `{a,b}` list. One pass over the text: the regular expression
 * that said the same took cubic time on `[-[-[-...`.
 */
export function hasUrlGlob(url: string): boolean {
  let open = -1;
  let rangeMark = false;
  let brace = -1;
  let comma = false;
  for (let i = 0; i < url.length; i++) {
    const ch = url[i];
    if (ch === '[') {
      if (open === -1) {
        open = i;
        rangeMark = false;
      }
    } else if (ch === ']') {
      if (open !== -1 && rangeMark) return true;
      open = -1;
    } else if ((ch === '-' || ch === ':') && open !== -1) rangeMark = true;
    if (ch === '{') {
      if (brace === -1) {
        brace = i;
        comma = false;
      }
    } else if (ch === '}') {
      if (brace !== -1 && comma) return true;
      brace = -1;
    } else if (ch === ',' && brace !== -1) comma = true;
  }
  return false;
}

/** The characters `encodeURI` leaves as they are. */
const URI_CHARACTER = /^[A-Za-z0-9;,/?:@&=+$\-_.!~*'()#]$/;

/**
 * `encodeURI` of the file name's bytes: raw bytes (src/core/raw-bytes.ts) are escaped as the bytes
 * they are, and a lone surrogate (which encodeURI refuses with a URIError) as U+FFFD.
 */
function encodePathSafely(text: string): string {
  let out = '';
  for (const byte of utf8Bytes(text)) {
    const c = String.fromCharCode(byte);
    out += URI_CHARACTER.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** U+E000–U+E003 mark variables inside the model: a command that holds them itself could pass text off as a variable. */
const RESERVED = /[\uE000-\uE003]/;

function reservedMessage(code: number): string {
  return `The command holds U+${code.toString(16).toUpperCase()}, an invisible private-use character HTTP Workbench reserves (a real curl command never needs it): remove it.`;
}

function rejectReservedInInput(text: string): void {
  const at = text.search(RESERVED);
  if (at !== -1) {
    throw new CurlParseError(reservedMessage(text.charCodeAt(at)), 'reserved-character', spanOf(text, at, at + 1));
  }
}

/**
 * Escapes (bash's `$'\uE000'`) can decode to the reserved characters too:
 * every marker left in a word must be one the tokenizer set for a variable it
 * found.
 */
function rejectReservedInWords(tokens: TokenizeResult): void {
  const known = new Set(tokens.variables.map((v) => v.name));
  for (const command of tokens.commands) {
    for (const word of command.words) {
      if (!RESERVED.test(word.value)) continue;
      const rest = word.value.replace(/\uE000([^\uE000-\uE003]*)\uE001/g, (marker, name: string) =>
        known.has(name) ? '' : marker,
      );
      const at = rest.search(RESERVED);
      if (at !== -1) throw new CurlParseError(reservedMessage(rest.charCodeAt(at)), 'reserved-character', word.span);
    }
  }
}
