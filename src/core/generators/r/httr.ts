/**
 * R with httr: `GET()`, `POST()`… (`VERB()` for other methods) with
 * `add_headers()`, `authenticate()`, the body as exact text or bytes
 * (`encode = "multipart"` for -F), and curl's options as `config()` (httr
 * runs on libcurl, so most of them carry over as they are). httr's own
 * defaults that differ from curl's are set back: redirects off unless -L,
 * `Accept: *\/*`.
 */
import { flatMap } from '../../arrays.ts';
import type { Warning } from '../../errors.ts';
import type { DataPiece, FormPart } from '../../curl/model.ts';
import { curlUrlEncode } from '../../curl/urlencode.ts';
import { hasVariables } from '../../variables.ts';
import { planRequest } from '../../request-spec/plan.ts';
import { profileOf } from '../../request-spec/profiles.ts';
import type { RequestSpec, SpecHeader } from '../../request-spec/spec.ts';
import { specWarning } from '../../request-spec/warnings.ts';
import type { Generator } from '../types.ts';
import { targetInfo } from '../targets.ts';
import { RNames, rCall, rCanHold, rName, rString, rText } from './kit.ts';

const CLIENT = 'httr';
const HELPERS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'];

interface Context {
  names: RNames;
  warnings: Warning[];
  setup: string[];
}

function readFile(ctx: Context, path: string, strip = false): string {
  const p = rText(path, ctx.names);
  const read = `readBin(${p}, "raw", file.size(${p}))`;
  if (!strip) return read;
  const local = ctx.names.pick('file_data');
  ctx.setup.push(`${local} <- ${read}`, `${local} <- ${local}[!${local} %in% charToRaw("\\r\\n")]`);
  return local;
}

function readStdin(ctx: Context, strip: boolean): string {
  const local = ctx.names.pick('input');
  ctx.setup.push(
    `${local} <- raw()`,
    `stdin_connection <- file("stdin", "rb")`,
    'repeat {',
    '  chunk <- readBin(stdin_connection, "raw", 65536)',
    '  if (length(chunk) == 0) break',
    `  ${local} <- c(${local}, chunk)`,
    '}',
  );
  if (strip) ctx.setup.push(`${local} <- ${local}[!${local} %in% charToRaw("\\r\\n")]`);
  return local;
}

/** Text as raw bytes; NUL (which an R string cannot hold) as `as.raw(0)`. */
function textBytes(text: string, ctx: Context): string[] {
  return flatMap(text.split('\0'), (chunk, i) => [
    ...(i > 0 ? ['as.raw(0)'] : []),
    ...(chunk === '' ? [] : [`charToRaw(${rText(chunk, ctx.names)})`]),
  ]);
}

function pieces(ctx: Context, list: DataPiece[]): string {
  const terms: string[] = [];
  let text = '';
  const flush = () => {
    if (text !== '') terms.push(...textBytes(text, ctx));
    text = '';
  };
  const escape = (value: string) => `charToRaw(gsub("%20", "+", curl::curl_escape(${value}), fixed = TRUE))`;
  list.forEach((piece, index) => {
    if (index > 0 && !('json' in piece && piece.json)) text += '&';
    switch (piece.type) {
      case 'literal':
        text += piece.text;
        break;
      case 'urlencode':
        if (piece.name !== undefined) text += `${piece.name}=`;
        if (!hasVariables(piece.value)) text += curlUrlEncode(piece.value);
        else {
          flush();
          terms.push(escape(rText(piece.value, ctx.names)));
        }
        break;
      case 'file':
        flush();
        terms.push(readFile(ctx, piece.path, piece.strip));
        break;
      case 'urlencode-file':
        if (piece.name !== undefined) text += `${piece.name}=`;
        flush();
        terms.push(escape(`rawToChar(${readFile(ctx, piece.path)})`));
        break;
      case 'stdin':
        flush();
        terms.push(readStdin(ctx, piece.strip));
        break;
    }
  });
  flush();
  if (terms.length === 0) return 'raw()';
  return terms.length === 1 ? terms[0]! : `c(${terms.join(', ')})`;
}

/** A body text: a string, or raw bytes when it holds NUL. */
function textBody(text: string, ctx: Context): string {
  if (rCanHold(text)) return rText(text, ctx.names);
  const terms = textBytes(text, ctx);
  return terms.length === 1 ? terms[0]! : `c(${terms.join(', ')})`;
}

function formEntries(ctx: Context, parts: FormPart[]): string[] {
  return parts.map((part) => {
    const name = rName(part.name, ctx.names);
    if (part.headers.length > 0) {
      ctx.warnings.push(specWarning('multipart-part-headers', { client: CLIENT, part: part.name }, part.span));
    }
    const type = part.contentType !== undefined ? `, type = ${rText(part.contentType, ctx.names)}` : '';
    if (part.type === 'field' && part.filename !== undefined) {
      const names = { client: CLIENT, part: part.name, filename: part.filename };
      ctx.warnings.push(specWarning('multipart-text-filename', names, part.span));
    }
    if (part.type === 'field') {
      return type
        ? `${name} = curl::form_data(${rText(part.value, ctx.names)}${type})`
        : `${name} = ${rText(part.value, ctx.names)}`;
    }
    if (part.type === 'file-content') return `${name} = curl::form_data(${readFile(ctx, part.path)}${type})`;
    const base = part.path.split('/').pop();
    if (part.filename !== base) {
      ctx.warnings.push(
        specWarning(
          'multipart-filename-fixed',
          { client: CLIENT, part: part.name, sent: base ?? part.path, filename: part.filename },
          part.span,
        ),
      );
    }
    return `${name} = upload_file(${rText(part.path, ctx.names)}${type})`;
  });
}

/** httr keeps the last of repeated headers: the lines are joined first (a cookie list with `; `). */
function joinRepeated(headers: SpecHeader[]): SpecHeader[] {
  const out: SpecHeader[] = [];
  for (const header of headers) {
    const lower = header.name.toLowerCase();
    const first = out.find((h) => h.name.toLowerCase() === lower);
    if (!first) out.push({ ...header });
    else first.value = `${first.value}${lower === 'cookie' ? '; ' : ', '}${header.value}`;
  }
  return out;
}

function generate(spec: RequestSpec, unit: string): { code: string; warnings: Warning[] } {
  const plan = planRequest(spec, profileOf('r-httr'));
  const names = new RNames();
  for (const variable of spec.variables) names.variable(variable);
  const ctx: Context = { names, warnings: [...plan.warnings], setup: [] };
  const t = spec.transport;
  const body = plan.dropBody ? { kind: 'none' as const } : spec.body;
  let headers = joinRepeated(plan.headers).filter((h) => h.name.toLowerCase() !== 'content-length');

  const args: string[][] = [];
  const method = spec.method;
  // GET() and HEAD() take no body.
  const helper =
    HELPERS.includes(method) && !(spec.body.kind !== 'none' && !plan.dropBody && ['GET', 'HEAD'].includes(method));
  if (!helper) args.push([rText(method, names)]);
  args.push([rText(spec.url, names)]);

  // Body.
  let bodyArg: string[] | undefined;
  let encode: string | undefined;
  switch (body.kind) {
    case 'none':
      break;
    case 'text':
    case 'json':
    case 'form':
      bodyArg = [`body = ${textBody(body.text, ctx)}`];
      break;
    case 'file':
      bodyArg = [`body = ${readFile(ctx, body.path, body.strip)}`];
      break;
    case 'stdin':
      bodyArg = [`body = ${readStdin(ctx, body.strip)}`];
      break;
    case 'pieces':
      bodyArg = [`body = ${pieces(ctx, body.pieces)}`];
      break;
    case 'multipart': {
      const custom = headers.find(
        (h) => h.name.toLowerCase() === 'content-type' && !/^\s*multipart\/form-data\s*$/i.test(h.value),
      );
      if (custom) {
        ctx.warnings.push(
          specWarning(
            'multipart-content-type',
            { client: CLIENT, header: `${custom.name}: ${custom.value}` },
            custom.span,
          ),
        );
      }
      headers = headers.filter((h) => h.name.toLowerCase() !== 'content-type');
      const entries = formEntries(ctx, body.parts);
      bodyArg = ['body = list(', ...entries.map((e, i) => `${unit}${e}${i < entries.length - 1 ? ',' : ''}`), ')'];
      encode = 'multipart';
      break;
    }
  }

  // Headers: an empty value would make libcurl drop the header.
  const empty = headers.filter((h) => h.value === '');
  if (empty.length > 0) {
    ctx.warnings.push(
      specWarning('header-dropped', { client: CLIENT, names: empty.map((h) => h.name) }, empty[0]!.span),
    );
  }
  // libcurl reads the cookie files itself, and sends the command's cookies (CURLOPT_COOKIE) with theirs.
  const cookieFiles = plan.cookieFiles;
  const cookieHeader =
    cookieFiles.length > 0 ? headers.find((h) => h.name === 'Cookie' && h.value === spec.cookieLine) : undefined;
  // httr's own Accept is replaced only by a header of the same spelling.
  const headerName = (name: string) => (name.toLowerCase() === 'accept' ? 'Accept' : name);
  const entries = headers
    .filter((h) => h.value !== '' && h !== cookieHeader)
    .map((h) => `${rName(headerName(h.name), names)} = ${rText(h.value, names)}`);
  // httr asks for JSON and XML first: curl asks for anything (a removed Accept is removed, like any default).
  const hasAccept = headers.some((h) => h.name.toLowerCase() === 'accept');
  for (const removed of spec.removedDefaults) {
    if (removed === 'content-type' && body.kind !== 'none') continue;
    entries.push(`${rString(removed.replace(/(^|-)[a-z]/g, (c) => c.toUpperCase()))} = ""`);
  }
  if (!hasAccept && !spec.removedDefaults.includes('accept')) entries.unshift('Accept = "*/*"');
  if (entries.length > 0)
    args.push(
      rCall(
        'add_headers',
        entries.map((e) => [e]),
        '',
        unit,
      ),
    );
  if (spec.basicAuth) {
    args.push([`authenticate(${rText(spec.basicAuth.user, names)}, ${rText(spec.basicAuth.password, names)})`]);
  }

  // libcurl options.
  const options: string[] = [];
  for (const file of cookieFiles) options.push(`cookiefile = ${rText(file, names)}`);
  if (cookieHeader) options.push(`cookie = ${rText(cookieHeader.value, names)}`);
  if (!t.followRedirects) options.push('followlocation = 0L');
  else if (t.maxRedirects !== undefined) options.push(`maxredirs = ${t.maxRedirects}L`);
  if (t.followRedirects && t.locationTrusted) options.push('unrestricted_auth = 1L');
  if (t.insecure) options.push('ssl_verifypeer = 0L', 'ssl_verifyhost = 0L');
  if (t.connectTimeoutSeconds !== undefined) options.push(`connecttimeout = ${t.connectTimeoutSeconds}`);
  if (t.proxy !== undefined) options.push(`proxy = ${rText(t.proxy, names)}`);
  if (t.proxyUser !== undefined) options.push(`proxyuserpwd = ${rText(t.proxyUser, names)}`);
  const version = { '1.0': '1L', '2': '3L' }[t.httpVersion as string];
  if (version !== undefined) options.push(`http_version = ${version}`);
  if (options.length > 0) args.push([`config(${options.join(', ')})`]);
  if (t.timeoutSeconds !== undefined) args.push([`timeout(${t.timeoutSeconds})`]);
  if (bodyArg) args.push(bodyArg);
  if (encode) args.push([`encode = "${encode}"`]);

  const lines = ['library(httr)', ''];
  const declarations = names.declare(spec.variables);
  if (declarations.length > 0) lines.push(...declarations, '');
  if (ctx.setup.length > 0) lines.push(...ctx.setup, '');
  const call = rCall(helper ? method : 'VERB', args, '', unit);
  call[0] = `response <- ${call[0]!}`;
  lines.push(...call, '');
  lines.push('cat(status_code(response), "\\n")');
  if (plan.outputFile !== undefined)
    lines.push(`writeBin(content(response, as = "raw"), ${rText(plan.outputFile, names)})`);
  else lines.push('cat(content(response, as = "text", encoding = "UTF-8"), "\\n")');
  return { code: `${lines.join('\n')}\n`, warnings: ctx.warnings };
}

export const rHttr: Generator = {
  ...targetInfo('r-httr'),
  generate(spec, options) {
    return generate(spec, options?.indent ?? '  ');
  },
};
