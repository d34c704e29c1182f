/**
 * HTTPie's `http` command: `http [options] METHOD URL ITEM...` with request
 * items (`Name:value` headers, `name=value` fields) where they send the
 * command's exact bytes, else the body as it is (`--raw`, a file or standard
 * input). Items are written in HTTPie's escaping (`\:` `\;` `\=` `\@` in a
 * name) and every word in bash quoting, so nothing in a value ever runs.
 */
import type { FormPart } from '../../curl/model.ts';
import { curlUrlEncode } from '../../curl/urlencode.ts';
import { parseForm, pythonFormEncode } from '../../request-spec/encodings.ts';
import { planRequest } from '../../request-spec/plan.ts';
import { profileOf } from '../../request-spec/profiles.ts';
import type { RequestSpec, SpecBody } from '../../request-spec/spec.ts';
import { specWarning } from '../../request-spec/warnings.ts';
import type { Warning } from '../../errors.ts';
import { libraryTarget } from '../python/kit.ts';
import { targetInfo } from '../targets.ts';
import type { GenerateOptions, GeneratedCode, Generator } from '../types.ts';
import { bytesToBase64 } from '../../bytes.ts';
import { utf8Bytes } from '../../raw-bytes.ts';
import {
  bashWord,
  dataPieceCommands,
  groupedCommandLines,
  hasShellVariables,
  shellScript,
  URLENCODE_FUNCTION,
  usesUrlencode,
} from './bash.ts';

const CLIENT = 'HTTPie';
/** The characters of HTTPie's item separators (`:` `;` `=` `@` and their combinations). */
const SPECIAL = /[:;=@]/g;

/** An item's key: separator characters escaped with a backslash. */
const key = (text: string) => text.replace(SPECIAL, (c) => `\\${c}`);
/** A value HTTPie keeps as written: no backslash before a separator character (HTTPie drops such a backslash). */
const plainValue = (text: string) => !/\\[:;=@]/.test(text);
/** A value after `:` or `=`: a leading `=` or `@` would make a longer separator (`:=`, `=@`). */
const value = (text: string) => (/^[=@]/.test(text) ? `\\${text}` : text);

interface BodyPlan {
  /** Options before the method: `--form`, `--multipart`, `--raw=…`, `--ignore-stdin` is added unless `stdin`. */
  options: string[];
  items: string[];
  /** A pipeline feeding standard input (`cat file |`), or `stdin` when the script's own input is the body. */
  input?: string;
  stdin: boolean;
  /** The input URL-encodes with the script's `urlencode` function. */
  urlencode?: boolean;
  /** HTTPie adds Content-Type: application/json to a raw body unless told otherwise. */
  unsetContentType: boolean;
}

const JSON_KEY = /^[A-Za-z0-9_][A-Za-z0-9_ .-]*$/;

/** `key=value` / `key:=json` items for an object that HTTPie's `json.dumps` writes back as the same text. */
function jsonItems(body: Extract<SpecBody, { kind: 'json' }>): string[] | null {
  const doc = body.value;
  if (body.style !== 'python' || doc === null || typeof doc !== 'object' || Array.isArray(doc)) return null;
  const entries = Object.entries(doc as Record<string, unknown>);
  if (entries.length === 0) return null;
  const items: string[] = [];
  for (const [name, item] of entries) {
    if (!JSON_KEY.test(name)) return null;
    const text = typeof item === 'string' ? item : JSON.stringify(item);
    if (!plainValue(text)) return null;
    items.push(typeof item === 'string' ? `${name}=${value(text)}` : `${name}:=${text}`);
  }
  return items;
}

function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** `--multipart` items in part order; what a part carries that HTTPie cannot write is a warning. */
function multipartItems(parts: FormPart[], warnings: Warning[]): string[] {
  return parts.map((part) => {
    if (part.headers.length > 0 || (part.type !== 'file' && part.contentType !== undefined)) {
      warnings.push(specWarning('multipart-part-headers', { client: CLIENT, part: part.name }, part.span));
    }
    if (part.type === 'field' && part.filename !== undefined) {
      const names = { client: CLIENT, part: part.name, filename: part.filename };
      warnings.push(specWarning('multipart-text-filename', names, part.span));
    }
    if (part.type === 'field') return `${key(part.name)}=${value(part.value)}`;
    if (part.type === 'file-content') return `${key(part.name)}=@${part.path}`;
    if (part.filename !== basename(part.path)) {
      const names = { client: CLIENT, part: part.name, sent: basename(part.path), filename: part.filename };
      warnings.push(specWarning('multipart-filename-fixed', names, part.span));
    }
    return `${key(part.name)}@${part.path}${part.contentType === undefined ? '' : `;type=${part.contentType}`}`;
  });
}

/**
 * A pipeline writing `-d` pieces (text, files, standard input, `--data-urlencode`) to HTTPie's standard input,
 * joined as curl joins them; what is only known when the script runs (a file, a variable) is URL-encoded then by
 * the script's `urlencode` function.
 */
function piecesInput(body: Extract<SpecBody, { kind: 'pieces' }>): { input: string; urlencode: boolean } {
  const commands: string[] = [];
  let text = '';
  const flush = () => {
    if (text !== '') commands.push(`printf '%s' ${bashWord(text)}`);
    text = '';
  };
  for (const [index, piece] of body.pieces.entries()) {
    if (index > 0 && !('json' in piece && piece.json)) text += '&';
    if (piece.type === 'literal') text += piece.text;
    else if (piece.type === 'urlencode' && !hasShellVariables(piece.value)) {
      text += `${piece.name === undefined ? '' : `${piece.name}=`}${curlUrlEncode(piece.value)}`;
    } else {
      flush();
      commands.push(...dataPieceCommands(piece));
    }
  }
  flush();
  if (commands.length === 0) commands.push("printf ''");
  const input = commands.length === 1 ? `${commands[0]} |` : `{ ${commands.join('; ')}; } |`;
  return { input, urlencode: usesUrlencode(commands) };
}

/**
 * `--data-urlencode name=value` pieces as `--form` items, which HTTPie encodes as curl does (quote_plus): null
 * when a piece has no name, is encoded differently, or comes from a file (HTTPie embeds only UTF-8 text files).
 */
function formPieces(pieces: Extract<SpecBody, { kind: 'pieces' }>['pieces']): string[] | null {
  const items: string[] = [];
  for (const piece of pieces) {
    if (piece.type === 'urlencode' && piece.name !== undefined && !hasShellVariables(piece.value)) {
      if (pythonFormEncode([[piece.name, piece.value]]) !== `${piece.name}=${curlUrlEncode(piece.value)}`) return null;
      if (!plainValue(piece.value)) return null;
      items.push(`${key(piece.name)}=${value(piece.value)}`);
    } else return null;
  }
  return items;
}

function planBody(spec: RequestSpec, warnings: Warning[]): BodyPlan {
  const body = spec.body;
  const raw = (text: string): BodyPlan => ({
    options: [`--raw=${bashWord(text)}`],
    items: [],
    stdin: false,
    unsetContentType: true,
  });
  const none: BodyPlan = { options: [], items: [], stdin: false, unsetContentType: false };
  switch (body.kind) {
    case 'none':
      return none;
    case 'text':
      return body.text === '' ? none : raw(body.text);
    case 'json': {
      const items = jsonItems(body);
      return items ? { ...none, items } : raw(body.text);
    }
    case 'form': {
      const pairs = parseForm(body.text);
      const exact = pairs && pythonFormEncode(pairs) === body.text && pairs.every(([, v]) => plainValue(v));
      if (!exact || pairs.length === 0) return raw(body.text);
      return { ...none, options: ['--form'], items: pairs.map(([n, v]) => `${key(n)}=${value(v)}`) };
    }
    case 'file':
      return body.strip
        ? { ...none, input: `tr -d '\\r\\n' < ${bashWord(body.path)} |`, unsetContentType: true }
        : { ...none, items: [`@${body.path}`], unsetContentType: true };
    case 'stdin':
      return { ...none, input: body.strip ? "tr -d '\\r\\n' |" : undefined, stdin: true, unsetContentType: true };
    case 'pieces': {
      const items = formPieces(body.pieces);
      const form = spec.headers.some(
        (h) => /^content-type$/i.test(h.name) && /^application\/x-www-form-urlencoded$/i.test(h.value),
      );
      if (items && form) return { ...none, options: ['--form'], items };
      const reads = body.pieces.some((piece) => piece.type === 'stdin');
      return { ...none, ...piecesInput(body), stdin: reads, unsetContentType: true };
    }
    case 'multipart':
      return { ...none, options: ['--multipart'], items: multipartItems(body.parts, warnings) };
  }
}

function generate(spec: RequestSpec, options: GenerateOptions = {}): GeneratedCode {
  const plan = planRequest(spec, profileOf('httpie'));
  const warnings = [...plan.warnings];
  const t = spec.transport;

  // The URL without user info (sent with --auth), as requests sends it.
  const url = spec.url.replace(/^([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^/?#@]*@/, '$1');
  const target = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*([^#]*)/s.exec(url)?.[1] || '/';
  const sent = libraryTarget(target, 'requests');
  if (sent !== target) {
    warnings.push(specWarning('url-normalised', { client: CLIENT, sent, target }, spec.urlSpan ?? spec.span));
  }

  const body = planBody(spec, warnings);
  const head = ['http'];
  if (!body.stdin && body.input === undefined) head.push('--ignore-stdin');
  if (t.insecure) head.push('--verify=no');
  if (t.followRedirects) {
    head.push('--follow');
    if (t.maxRedirects !== undefined && t.maxRedirects >= 0) head.push(`--max-redirects=${t.maxRedirects}`);
  }
  if (t.timeoutSeconds !== undefined) head.push(`--timeout=${t.timeoutSeconds}`);
  if (t.proxy !== undefined) {
    const proxy = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(t.proxy) ? t.proxy : `http://${t.proxy}`;
    head.push(bashWord(`--proxy=http:${proxy}`), bashWord(`--proxy=https:${proxy}`));
  }
  // --auth splits at the first unescaped colon and reads a backslash before a separator as an escape: a user name
  // with a backslash cannot always be written there, so the header it makes is written instead.
  let authHeader: string | undefined;
  if (spec.basicAuth) {
    const { user, password } = spec.basicAuth;
    if (!user.includes('\\') || hasShellVariables(user) || hasShellVariables(password)) {
      head.push(bashWord(`--auth=${key(user).replace(/\\[;=@]/g, (m) => m[1]!)}:${password}`));
    } else {
      authHeader = `Authorization:Basic ${bytesToBase64(utf8Bytes(`${user}:${password}`))}`;
    }
  }
  head.push(...body.options);

  const items: string[] = [];
  const removed = spec.removedDefaults.map((name) => name.replace(/(^|-)[a-z]/g, (c) => c.toUpperCase()));
  for (const h of plan.headers) {
    if (!plainValue(h.value) || /\\[:;=@]/.test(h.name)) {
      warnings.push(specWarning('item-escape', { client: CLIENT, name: `the header ${h.name}` }, h.span ?? spec.span));
    }
    items.push(h.value === '' ? `${key(h.name)};` : `${key(h.name)}:${value(h.value)}`);
  }
  if (authHeader && !plan.headers.some((h) => h.name.toLowerCase() === 'authorization')) items.push(authHeader);
  for (const name of removed) items.push(`${name}:`);
  const contentTypeSet = plan.headers.some((h) => h.name.toLowerCase() === 'content-type');
  if (body.unsetContentType && !contentTypeSet) items.push('Content-Type:');
  items.push(...body.items);

  const method = spec.method.toUpperCase();
  const methodWord = method === 'GET' && spec.body.kind === 'none' ? [] : [bashWord(method)];
  // The raw body goes last, after the items, where a long one does not push the URL off the first line.
  const raw = body.options.filter((option) => option.startsWith('--raw='));
  const flags = head.filter((option) => !raw.includes(option));
  const groups = [[...flags, ...methodWord, bashWord(url)], ...items.map((item) => [bashWord(item)]), raw];
  const before = body.input ? `${body.input} ` : '';
  const after = plan.outputFile === undefined ? '' : ` > ${bashWord(plan.outputFile)}`;
  const lines = groupedCommandLines(groups, options.indent ?? '  ', before, after);
  const preamble = body.urlencode ? [...URLENCODE_FUNCTION, ''] : [];
  return { code: shellScript(spec.variables, [...preamble, ...lines]), warnings };
}

export const httpie: Generator = {
  ...targetInfo('httpie'),
  generate,
};
