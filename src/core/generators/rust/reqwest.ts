/**
 * Rust with reqwest's blocking client. The program is laid out the way
 * rustfmt lays it out (default settings), so it passes `rustfmt --check`: a
 * small model of rustfmt's rules for the few expression shapes used here
 * (calls, method chains, `format!`, arrays of pairs) decides where lines break.
 */
import type { Warning } from '../../errors.ts';
import type { HeaderLine } from '../../http/request.ts';
import type { DataPiece, FormPart } from '../../curl/model.ts';
import { contentTypeForFilename, splitUrl } from '../../curl/wire.ts';
import { hasVariables, splitVariables } from '../../variables.ts';
import { CodeBuilder } from '../code-builder.ts';
import { rustBytes } from '../literals.ts';
import { whatwgFormEncode } from '../../request-spec/encodings.ts';
import { planRequest, type Plan } from '../../request-spec/plan.ts';
import { profileOf } from '../../request-spec/profiles.ts';
import type { RequestSpec, SpecBody } from '../../request-spec/spec.ts';
import { specWarning } from '../../request-spec/warnings.ts';
import type { Generator } from '../types.ts';
import { targetInfo } from '../targets.ts';
import {
  rustLiteral,
  TAB,
  atom,
  call,
  link,
  chain,
  statement,
  Names,
  serdeJsonFits,
  isObject,
  jsonMacro,
  type Expr,
  type Link,
} from './kit.ts';
// ---------------------------------------------------------------------------
// The generator

/** Names the program itself uses. */
const RESERVED = new Set([
  'client',
  'response',
  'body',
  'form',
  'method',
  'proxy',
  'main',
  'std',
  'reqwest',
  'multipart',
  'url_encode',
  'strip_newlines',
  'cookies',
  'cookies_from_file',
  'Duration',
  'Read',
]);

type Use = 'ref' | 'owned' | 'bare';

interface State {
  spec: RequestSpec;
  plan: Plan;
  warnings: Warning[];
  names: Names;
  /** Environment variable → Rust identifier. */
  vars: Map<string, string>;
  /** How often each variable is referred to (counted by a first pass), for `clone()` decisions. */
  uses: Map<string, number>;
  counting: boolean;
  imports: Set<string>;
  helpers: Set<'url_encode' | 'strip_newlines' | 'cookies_from_file'>;
}

/**
 * An expression for a string that may hold shell variables: a literal, the
 * variable (borrowed where a reference does, owned where the API wants a
 * `String`), or `format!` where literal text never becomes part of the format
 * string when it holds braces.
 */
function text(state: State, value: string, use: Use = 'ref'): Expr {
  const parts = splitVariables(value);
  if (state.counting) {
    for (const part of parts) {
      if (typeof part !== 'string') state.uses.set(part.variable, (state.uses.get(part.variable) ?? 0) + 1);
    }
  }
  for (const part of parts) {
    // Variables prepare.ts does not list (method, proxy, output file, part types) come after its list.
    if (typeof part !== 'string' && !state.vars.has(part.variable))
      state.vars.set(part.variable, state.names.take(part.variable, 'var'));
  }
  if (parts.length === 1 && typeof parts[0] === 'string') return atom(rustLiteral(parts[0]));
  if (parts.length === 1) {
    const variable = (parts[0] as { variable: string }).variable;
    const ident = state.vars.get(variable)!;
    if (use === 'ref') return atom(`&${ident}`);
    const once = use === 'bare' || (state.uses.get(variable) ?? 0) <= 1;
    return atom(once ? ident : `${ident}.clone()`, once);
  }
  let format = '';
  const args: Expr[] = [];
  for (const part of parts) {
    if (typeof part !== 'string') format += `{${state.vars.get(part.variable)!}}`;
    else if (/[{}]/.test(part)) {
      format += '{}';
      args.push(atom(rustLiteral(part)));
    } else format += part;
  }
  return call('format!', [atom(rustLiteral(format)), ...args]);
}

/** `&str` argument: `&format!(..)` where a `String` is built. */
function strRef(state: State, value: string): Expr {
  const e = text(state, value, 'ref');
  return e.t === 'call' ? { t: 'ref', e } : e;
}

const readFile = (state: State, path: string): Expr => call('std::fs::read', [text(state, path)], 1);

/** Reads a Netscape cookie file as curl -b file does (laid out as rustfmt lays it out). */
const COOKIE_FILE_HELPER = [
  '/// Reads a Netscape cookie file like curl -b file: the cookies whose domain,',
  '/// path, secure flag and expiry match the URL.',
  'fn cookies_from_file(file: &str, url: &str) -> Vec<String> {',
  '    let url = reqwest::Url::parse(url).expect("a valid URL");',
  '    let host = url',
  '        .host_str()',
  '        .unwrap_or("")',
  "        .trim_matches(|c| c == '[' || c == ']')",
  '        .to_lowercase();',
  '    let local = ["localhost", "127.0.0.1", "::1"].contains(&host.as_str());',
  '    let now = std::time::SystemTime::now()',
  '        .duration_since(std::time::UNIX_EPOCH)',
  '        .map_or(0, |d| d.as_secs() as i64);',
  '    // Like curl, a cookie file that cannot be read gives no cookies.',
  '    let content = std::fs::read_to_string(file).unwrap_or_default();',
  '    let mut cookies = Vec::new();',
  '    for line in content.lines() {',
  '        let line = line.strip_prefix("#HttpOnly_").unwrap_or(line);',
  "        let fields: Vec<&str> = line.split('\\t').collect();",
  "        if line.starts_with('#') || fields.len() < 7 {",
  '            continue;',
  '        }',
  "        let domain = fields[0].trim_start_matches('.').to_lowercase();",
  '        let expires: i64 = fields[4].parse().unwrap_or(0);',
  '        if (host == domain || host.ends_with(&format!(".{domain}")))',
  '            && url.path().starts_with(fields[2])',
  '            && (!fields[3].eq_ignore_ascii_case("TRUE") || url.scheme() == "https" || local)',
  '            && (expires == 0 || expires >= now)',
  '        {',
  '            cookies.push(format!("{}={}", fields[5], fields[6]));',
  '        }',
  '    }',
  '    cookies',
  '}',
];

/** Header names and values in curl's order, minus what the body idiom sets itself. */
function requestHeaders(state: State, body: SpecBody, idiom: BodyIdiom): HeaderLine[] {
  const headers = state.plan.headers;
  // `.form()` and `.json()` set the Content-Type themselves.
  if (idiom !== null) return headers.filter((h) => h.name.toLowerCase() !== 'content-type');
  if (body.kind === 'multipart') {
    return headers.filter((h) => {
      if (h.name.toLowerCase() !== 'content-type') return true;
      if (/^\s*multipart\/form-data\s*$/i.test(h.value)) return false;
      state.warnings.push(
        specWarning('multipart-content-type', { client: 'reqwest', header: `${h.name}: ${h.value}` }, h.span),
      );
      return true;
    });
  }
  return headers;
}

/** The idiomatic body call that sends exactly the body bytes, if any. */
type BodyIdiom = 'form' | 'json' | null;

function bodyIdiom(spec: RequestSpec): BodyIdiom {
  const body = spec.body;
  // `.json()` and `.form()` replace any Content-Type (reqwest 0.11; 0.13 keeps one already set) with their own: only that one may be set.
  const types = spec.headers.filter((h) => h.name.toLowerCase() === 'content-type');
  const onlyType = (value: string) => types.length === 1 && types[0]!.value === value;
  if (body.kind === 'json' && body.style === 'compact' && isObject(body.value) && serdeJsonFits(body.value))
    return onlyType('application/json') ? 'json' : null;
  // serde_urlencoded encodes like WHATWG.
  if (body.kind !== 'form' || whatwgFormEncode(body.pairs) !== body.text) return null;
  return onlyType('application/x-www-form-urlencoded') ? 'form' : null;
}

/** curl's escaping of a multipart name or file name (quotes, CR and LF). */
function curlMimeEscape(value: string): string {
  return value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Whether reqwest's default (path-segment) encoding would change a multipart name. */
function needsRawNames(name: string): boolean {
  // eslint-disable-next-line no-control-regex
  return hasVariables(name) || /[\u0000-\u0020"<>`#?{}/%\u007f-\uffff]/.test(name);
}

interface Statement {
  lhs: string | null;
  expr: Expr;
}

/** The statements that build the multipart form, and the form's expression. */
function multipartForm(state: State, parts: FormPart[], out: Statement[]): Expr {
  state.imports.add('use reqwest::blocking::multipart;');
  const raw = parts.some((p) => needsRawNames(p.name));
  const links: Link[] = [];
  for (const part of parts) {
    const name = raw && !hasVariables(part.name) ? curlMimeEscape(part.name) : part.name;
    if (part.headers.length > 0) {
      state.warnings.push(specWarning('multipart-part-headers', { client: 'reqwest', part: part.name }, part.span));
    }
    if (part.type === 'field' && part.contentType === undefined && part.filename === undefined) {
      links.push(link('text', [text(state, name, 'owned'), text(state, part.value, 'owned')]));
      continue;
    }
    let root: Expr;
    const partLinks: Link[] = [];
    let type = part.contentType;
    if (part.type === 'field') root = call('multipart::Part::text', [text(state, part.value, 'owned')]);
    else root = call('multipart::Part::bytes', [readFile(state, part.path)]);
    if (part.type === 'file') {
      if (part.filename.includes('\\')) {
        state.warnings.push(
          specWarning('multipart-filename', { client: 'reqwest', filename: part.filename }, part.span),
        );
      }
      partLinks.push(link('file_name', [text(state, curlMimeEscape(part.filename), 'owned')]));
      type ??= contentTypeForFilename(part.filename);
    } else if (part.type === 'field' && part.filename !== undefined) {
      // A text sent as a file (standard input given to `-F name=@-`).
      partLinks.push(link('file_name', [text(state, curlMimeEscape(part.filename), 'owned')]));
    }
    if (type !== undefined) partLinks.push(link('mime_str', [strRef(state, type)], 1));
    const partExpr = chain(root, partLinks);
    if (partExpr.t === 'chain') {
      const ident = state.names.take(hasVariables(part.name) ? '' : part.name, part.type === 'field' ? 'part' : 'file');
      out.push({ lhs: `let ${ident} =`, expr: partExpr });
      links.push(link('part', [text(state, name, 'owned'), atom(ident)]));
    } else links.push(link('part', [text(state, name, 'owned'), partExpr]));
  }
  if (raw) links.push(link('percent_encode_noop'));
  return chain(call('multipart::Form::new', []), links);
}

/** The statements that build the body, and what to pass to `.body()` (or `.form()`, `.multipart()`). */
function bodyCall(state: State, body: SpecBody, idiom: BodyIdiom, out: Statement[]): Link | null {
  switch (body.kind) {
    case 'none':
      return null;
    case 'form':
      if (idiom === 'form') {
        const pairs = body.pairs.map(
          ([k, v]) => ({ t: 'tuple', items: [atom(rustLiteral(k)), atom(rustLiteral(v))] }) as Expr,
        );
        return link('form', [{ t: 'ref', e: { t: 'array', items: pairs } }]);
      }
      return link('body', [text(state, body.text, 'owned')]);
    case 'json':
      if (idiom === 'json') {
        state.imports.add('use serde_json::json;');
        return link('json', [{ t: 'ref', e: jsonMacro(body.value) }]);
      }
      return link('body', [text(state, body.text, 'owned')]);
    case 'text':
      return link('body', [text(state, body.text, 'owned')]);
    case 'file':
      if (!body.strip) return link('body', [readFile(state, body.path)]);
      out.push({ lhs: 'let mut body =', expr: readFile(state, body.path) });
      out.push({ lhs: null, expr: atom("body.retain(|&b| b != b'\\r' && b != b'\\n')", false) });
      return link('body', [atom('body')]);
    case 'stdin': {
      state.imports.add('use std::io::Read;');
      out.push({ lhs: 'let mut body =', expr: call('Vec::new', []) });
      out.push({ lhs: null, expr: atom('std::io::stdin().read_to_end(&mut body)?', false) });
      if (body.strip) out.push({ lhs: null, expr: atom("body.retain(|&b| b != b'\\r' && b != b'\\n')", false) });
      return link('body', [atom('body')]);
    }
    case 'pieces':
      piecesBody(state, body.pieces, out);
      return link('body', [atom('body')]);
    case 'multipart':
      out.push({ lhs: 'let form =', expr: multipartForm(state, body.parts, out) });
      return link('multipart', [atom('form')]);
  }
}

/** `-d` pieces joined like curl: `&` between pieces, nothing before a `--json` piece. */
function piecesBody(state: State, pieces: DataPiece[], out: Statement[]) {
  out.push({ lhs: 'let mut body =', expr: call('Vec::new', []) });
  let pending = '';
  const flush = () => {
    if (pending === '') return;
    if (hasVariables(pending)) {
      out.push({
        lhs: null,
        expr: chain(atom('body'), [
          link('extend_from_slice', [chain(text(state, pending, 'bare'), [link('as_bytes')])]),
        ]),
      });
    } else {
      out.push({
        lhs: null,
        expr: chain(atom('body'), [link('extend_from_slice', [atom(rustBytes(new TextEncoder().encode(pending)))])]),
      });
    }
    pending = '';
  };
  const push = (expr: Expr) => {
    flush();
    out.push({ lhs: null, expr: chain(atom('body'), [link('extend', [expr])]) });
  };
  const urlEncode = (arg: Expr) => {
    state.helpers.add('url_encode');
    return chain(call('url_encode', [arg]), [link('bytes')]);
  };
  for (const [index, piece] of pieces.entries()) {
    if (index > 0 && !('json' in piece && piece.json)) pending += '&';
    switch (piece.type) {
      case 'literal':
        pending += piece.text;
        break;
      case 'urlencode': {
        if (piece.name !== undefined) pending += `${piece.name}=`;
        if (!hasVariables(piece.value)) pending += curlEncode(piece.value);
        else push(urlEncode(chain(text(state, piece.value, 'bare'), [link('as_bytes')])));
        break;
      }
      case 'urlencode-file':
        if (piece.name !== undefined) pending += `${piece.name}=`;
        push(urlEncode({ t: 'ref', e: readFile(state, piece.path) }));
        break;
      case 'file':
        if (piece.strip) {
          state.helpers.add('strip_newlines');
          push(call('strip_newlines', [readFile(state, piece.path)]));
        } else push(readFile(state, piece.path));
        break;
      case 'stdin':
        state.imports.add('use std::io::Read;');
        flush();
        if (piece.strip) {
          state.warnings.push(specWarning('stdin-strip', { client: 'reqwest' }, state.spec.span));
        }
        out.push({ lhs: null, expr: atom('std::io::stdin().read_to_end(&mut body)?', false) });
        break;
    }
  }
  flush();
}

/** curl's `--data-urlencode` encoding (as `curlUrlEncode`, without variables). */
function curlEncode(value: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(value)) {
    const ch = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~]/.test(ch)) out += ch;
    else if (byte === 0x20) out += '+';
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function durationExpr(state: State, seconds: number): Expr {
  state.imports.add('use std::time::Duration;');
  return Number.isInteger(seconds)
    ? call('Duration::from_secs', [atom(String(seconds))])
    : call('Duration::from_secs_f64', [atom(String(seconds))]);
}

/** The URL without `user:password@` (reqwest would turn it into a second Authorization line). */
function urlWithoutUserinfo(url: string): string {
  return url.replace(/^([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^/?#]*@/s, '$1');
}

/** Warns when reqwest's URL parser would send a different request target than curl. */
function checkUrl(state: State, url: string) {
  // The counting pass's warnings are not kept.
  if (state.counting || hasVariables(url)) return;
  let target: string;
  try {
    target = splitUrl(url).target;
  } catch {
    return;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    state.warnings.push(specWarning('url-invalid', { client: 'reqwest', url }, state.spec.urlSpan));
    return;
  }
  const sent = parsed.pathname + parsed.search;
  if (sent !== target && sent !== removeDotSegments(target)) {
    state.warnings.push(specWarning('url-normalised', { client: 'reqwest', sent, target }, state.spec.urlSpan));
  }
}

function removeDotSegments(target: string): string {
  const q = target.indexOf('?');
  const path = q === -1 ? target : target.slice(0, q);
  const out: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  return out.join('/') + (q === -1 ? '' : target.slice(q));
}

const METHOD_HELPERS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD']);

function builderLinks(state: State): { links: Link[]; pre: Statement[] } {
  const t = state.spec.transport;
  const links: Link[] = [];
  const pre: Statement[] = [];
  if (!t.followRedirects) links.push(link('redirect', [call('reqwest::redirect::Policy::none', [])]));
  else if (t.maxRedirects !== undefined && t.maxRedirects >= 0)
    links.push(link('redirect', [call('reqwest::redirect::Policy::limited', [atom(String(t.maxRedirects))])]));
  if (t.insecure) links.push(link('danger_accept_invalid_certs', [atom('true')]));
  if (t.connectTimeoutSeconds !== undefined)
    links.push(link('connect_timeout', [durationExpr(state, t.connectTimeoutSeconds)]));
  if (t.timeoutSeconds !== undefined) links.push(link('timeout', [durationExpr(state, t.timeoutSeconds)]));
  if (t.proxy !== undefined) {
    const proxy = call('reqwest::Proxy::all', [text(state, t.proxy)], 1);
    if (t.proxyUser !== undefined) {
      const colon = t.proxyUser.indexOf(':');
      const user = colon === -1 ? t.proxyUser : t.proxyUser.slice(0, colon);
      const password = colon === -1 ? '' : t.proxyUser.slice(colon + 1);
      pre.push({
        lhs: 'let proxy =',
        expr: chain(proxy, [link('basic_auth', [strRef(state, user), strRef(state, password)])]),
      });
      links.push(link('proxy', [atom('proxy')]));
    } else links.push(link('proxy', [proxy]));
  }
  switch (t.httpVersion) {
    case '1.1':
      links.push(link('http1_only'));
      break;
    case '2-prior-knowledge':
      links.push(link('http2_prior_knowledge'));
      break;
    default:
      break;
  }
  return { links, pre };
}

function generateRust(spec: RequestSpec): { code: string; warnings: Warning[] } {
  const plan = planRequest(spec, profileOf('rust-reqwest'));
  // A first pass counts how often each variable is used: one used once is moved, not cloned
  // (a spec without variables has nothing to count).
  const uses = new Map<string, number>();
  if (spec.variables.length > 0) render(spec, plan, uses, true);
  return render(spec, plan, uses, false);
}

function render(spec: RequestSpec, plan: Plan, uses: Map<string, number>, counting: boolean) {
  const state: State = {
    spec,
    plan,
    warnings: [...plan.warnings],
    names: new Names(RESERVED),
    vars: new Map(),
    uses,
    counting,
    imports: new Set(),
    helpers: new Set(),
  };
  for (const name of spec.variables) state.vars.set(name, state.names.take(name, 'var'));

  const body = spec.body;
  const idiom = bodyIdiom(spec);
  const headers = requestHeaders(state, body, idiom);
  const url = urlWithoutUserinfo(spec.url);
  checkUrl(state, url);
  const { links: clientLinks, pre } = builderLinks(state);
  const statements: Statement[] = [...pre];
  statements.push({
    lhs: 'let client =',
    expr:
      clientLinks.length === 0
        ? call('reqwest::blocking::Client::new', [])
        : chain(call('reqwest::blocking::Client::builder', []), [...clientLinks, link('build', [], 1)]),
  });
  const bodyStatements: Statement[] = [];
  const bodyLink = bodyCall(state, body, idiom, bodyStatements);

  const requestLinks: Link[] = [];
  const urlExpr = text(state, url);
  if (METHOD_HELPERS.has(spec.method)) requestLinks.push(link(spec.method.toLowerCase(), [urlExpr]));
  else {
    const method = hasVariables(spec.method)
      ? call('reqwest::Method::from_bytes', [chain(text(state, spec.method, 'bare'), [link('as_bytes')])], 1)
      : call('reqwest::Method::from_bytes', [atom(rustBytes(new TextEncoder().encode(spec.method)))], 1);
    bodyStatements.unshift({ lhs: 'let method =', expr: method });
    requestLinks.push(link('request', [atom('method'), urlExpr]));
  }
  // Cookie files are read when the program runs (before the command's own cookies), as curl reads them.
  const files = state.plan.cookieFiles;
  const cookieLine = headers.find((h) => h.name.toLowerCase() === 'cookie' && h.value === spec.cookieLine);
  if (files.length > 0) {
    state.helpers.add('cookies_from_file');
    const url = urlWithoutUserinfo(spec.url);
    const read = (file: string) => call('cookies_from_file', [strRef(state, file), strRef(state, url)]);
    const grows = files.length > 1 || spec.cookieLine !== undefined;
    const cookieStatements: Statement[] = [
      { lhs: grows ? 'let mut cookies =' : 'let cookies =', expr: read(files[0]!) },
    ];
    for (const file of files.slice(1)) cookieStatements.push({ lhs: null, expr: call('cookies.extend', [read(file)]) });
    if (spec.cookieLine !== undefined) {
      cookieStatements.push({
        lhs: null,
        expr: call('cookies.push', [call('String::from', [text(state, spec.cookieLine, 'owned')])]),
      });
    }
    bodyStatements.unshift(...cookieStatements);
    if (!cookieLine) requestLinks.push(link('header', [atom('"Cookie"'), atom('cookies.join("; ")')]));
  }
  for (const h of headers) {
    const value = files.length > 0 && h === cookieLine ? atom('cookies.join("; ")') : text(state, h.value);
    requestLinks.push(link('header', [text(state, h.name), value]));
  }
  if (spec.basicAuth) {
    const { user, password } = spec.basicAuth;
    requestLinks.push(link('basic_auth', [text(state, user), call('Some', [text(state, password)])]));
  }
  if (bodyLink) requestLinks.push(bodyLink);
  requestLinks.push(link('send', [], 1));

  const outputFile = state.plan.outputFile ?? null;

  const writeOutput =
    outputFile === null ? null : call('std::fs::write', [text(state, outputFile), atom('response.bytes()?', false)], 1);
  const requestStatement: Statement = { lhs: 'let response =', expr: chain(atom('client'), requestLinks) };
  // The counting pass has seen every variable use: laying the program out is the second pass's job.
  if (state.counting) return { code: '', warnings: state.warnings };

  const features = ['blocking'];
  if (idiom === 'json') features.push('json');
  if (idiom === 'form') features.push('form');
  if (body.kind === 'multipart') features.push('multipart');
  if (spec.transport.compressed) features.push('gzip', 'brotli', 'deflate');

  const b = new CodeBuilder('    ');
  b.line(`// Cargo.toml: reqwest = { version = "0.13", features = [${features.map((f) => `"${f}"`).join(', ')}] }`);
  if (idiom === 'json') b.line('// Cargo.toml: serde_json = "1"');
  for (const line of [...state.imports].sort()) b.line(line);
  b.blank();
  b.block(
    'fn main() -> Result<(), Box<dyn std::error::Error>> {',
    () => {
      const emit = (list: Statement[]) => {
        for (const s of list) {
          // Laid out at this block's indentation: its later lines carry it already.
          b.line(statement(s.lhs, s.expr, TAB));
        }
      };
      if (state.vars.size > 0) {
        emit(
          [...state.vars].map(([name, ident]) => ({
            lhs: `let ${ident} =`,
            expr: chain(call('std::env::var', [atom(rustLiteral(name))]), [link('unwrap_or_default')]),
          })),
        );
        b.blank();
      }
      emit(statements);
      b.blank();
      if (bodyStatements.length > 0) {
        emit(bodyStatements);
        b.blank();
      }
      emit([requestStatement]);
      b.blank();
      b.line('println!("{}", response.status());');
      if (writeOutput) emit([{ lhs: null, expr: writeOutput }]);
      else b.line('println!("{}", response.text()?);');
      b.line('Ok(())');
    },
    '}',
  );
  if (state.helpers.has('url_encode')) {
    b.blank();
    b.lines([
      "/// URL-encodes bytes as curl's --data-urlencode does.",
      'fn url_encode(bytes: &[u8]) -> String {',
      '    let mut out = String::new();',
      '    for &b in bytes {',
      '        match b {',
      '            b if b.is_ascii_alphanumeric() || b"-._~".contains(&b) => out.push(b as char),',
      "            b' ' => out.push('+'),",
      '            _ => out.push_str(&format!("%{b:02X}")),',
      '        }',
      '    }',
      '    out',
      '}',
    ]);
  }
  if (state.helpers.has('cookies_from_file')) {
    b.blank();
    b.lines(COOKIE_FILE_HELPER);
  }
  if (state.helpers.has('strip_newlines')) {
    b.blank();
    b.lines([
      '/// Drops carriage returns and newlines, as curl does for data read with -d @file.',
      'fn strip_newlines(mut bytes: Vec<u8>) -> Vec<u8> {',
      "    bytes.retain(|&b| b != b'\\r' && b != b'\\n');",
      '    bytes',
      '}',
    ]);
  }
  return { code: b.toString(), warnings: state.warnings };
}

export const rustReqwest: Generator = {
  ...targetInfo('rust-reqwest'),
  generate(spec) {
    return generateRust(spec);
  },
};
