/**
 * Ruby with the standard library's Net::HTTP: a request object of the
 * method's class (`Net::HTTP::Post.new(uri)`), header lines set with `[]=`
 * and `add_field`, the body as exact bytes (`set_form_data` when it encodes to
 * the same text, `set_form` for multipart), sent with `Net::HTTP.start` and
 * the connection options curl's flags ask for.
 */
import type { Warning } from '../../errors.ts';
import type { DataPiece, FormPart } from '../../curl/model.ts';
import { curlUrlEncode } from '../../curl/urlencode.ts';
import { hasVariables } from '../../variables.ts';
import { whatwgFormEncode } from '../../request-spec/encodings.ts';
import { planRequest } from '../../request-spec/plan.ts';
import { profileOf } from '../../request-spec/profiles.ts';
import type { RequestSpec, SpecHeader } from '../../request-spec/spec.ts';
import { specWarning } from '../../request-spec/warnings.ts';
import type { Generator } from '../types.ts';
import { targetInfo } from '../targets.ts';
import { RbNames, rbCall, rbString, rbStrings, rbText } from './kit.ts';
import { lookup } from '../../shape.ts';

const CLIENT = 'Net::HTTP';

const CLASSES: Record<string, string> = {
  GET: 'Get',
  POST: 'Post',
  PUT: 'Put',
  PATCH: 'Patch',
  DELETE: 'Delete',
  HEAD: 'Head',
  OPTIONS: 'Options',
  TRACE: 'Trace',
};

/** curl's defaults that a command can remove, as Net::HTTP names them. */
const REMOVABLE: Record<string, string> = {
  accept: 'Accept',
  'user-agent': 'User-Agent',
  'accept-encoding': 'Accept-Encoding',
};

interface Context {
  names: RbNames;
  requires: Set<string>;
  warnings: Warning[];
  setup: string[];
}

function readFile(ctx: Context, path: string, strip = false): string {
  return `File.binread(${rbText(path, ctx.names)})${strip ? '.delete("\\r\\n")' : ''}`;
}

function readStdin(strip: boolean): string {
  return `$stdin.binmode.read${strip ? '.delete("\\r\\n")' : ''}`;
}

/** `-d`-style pieces as one binary string (`.b` keeps text and file bytes of one encoding). */
function pieces(ctx: Context, list: DataPiece[]): string {
  const terms: string[] = [];
  let text = '';
  const flush = () => {
    if (text !== '') terms.push(`${rbText(text, ctx.names)}.b`);
    text = '';
  };
  const escape = (value: string) => {
    ctx.requires.add('erb');
    return `ERB::Util.url_encode(${value}).gsub('%20', '+')`;
  };
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
          terms.push(escape(rbText(piece.value, ctx.names)));
        }
        break;
      case 'file':
        flush();
        terms.push(readFile(ctx, piece.path, piece.strip));
        break;
      case 'urlencode-file':
        if (piece.name !== undefined) text += `${piece.name}=`;
        flush();
        terms.push(escape(readFile(ctx, piece.path)));
        break;
      case 'stdin':
        flush();
        terms.push(readStdin(piece.strip));
        break;
    }
  });
  flush();
  return terms.length === 0 ? "''" : terms.join(' + ');
}

/** `set_form` entries: `[name, value]`, `[name, File.open(path), { filename:, content_type: }]`. */
function formEntries(ctx: Context, parts: FormPart[]): string[] {
  return parts.map((part) => {
    // Net::HTTP escapes `"` and `\` with a backslash; curl writes `"` as %22 and leaves `\` alone.
    const quoted = (text: string, what: string) => {
      if (text.includes('\\')) ctx.warnings.push(specWarning('multipart-filename', { client: CLIENT, filename: what }));
      return rbText(text.replace(/"/g, '%22'), ctx.names);
    };
    const name = quoted(part.name, part.name);
    const named = part.type === 'file' || (part.type === 'field' && part.filename !== undefined);
    if (part.headers.length > 0 || (!named && part.contentType !== undefined)) {
      ctx.warnings.push(specWarning('multipart-part-headers', { client: CLIENT, part: part.name }, part.span));
    }
    if (part.type === 'field' && part.filename !== undefined) {
      // A text sent as a file (standard input given to `-F name=@-`).
      const options = [`filename: ${quoted(part.filename, part.filename)}`];
      if (part.contentType !== undefined) options.push(`content_type: ${rbText(part.contentType, ctx.names)}`);
      return `[${name}, ${rbText(part.value, ctx.names)}, { ${options.join(', ')} }]`;
    }
    if (part.type === 'field') {
      const plain = !hasVariables(part.name) && !hasVariables(part.value) && !/["\\]/.test(part.name);
      return plain ? rbStrings([part.name, part.value]) : `[${name}, ${rbText(part.value, ctx.names)}]`;
    }
    if (part.type === 'file-content') return `[${name}, ${readFile(ctx, part.path)}]`;
    const options: string[] = [];
    const base = part.path.split('/').pop();
    if (part.filename !== base) options.push(`filename: ${quoted(part.filename, part.filename)}`);
    else if (part.filename.includes('\\') || part.filename.includes('"')) quoted(part.filename, part.filename);
    if (part.contentType !== undefined) options.push(`content_type: ${rbText(part.contentType, ctx.names)}`);
    const file = `File.open(${rbText(part.path, ctx.names)})`;
    return `[${name}, ${file}${options.length > 0 ? `, { ${options.join(', ')} }` : ''}]`;
  });
}

/** Repeated Cookie lines joined as one cookie list (Net::HTTP would join them with a comma). */
function joinCookies(headers: SpecHeader[]): SpecHeader[] {
  const cookies = headers.filter((h) => h.name.toLowerCase() === 'cookie');
  if (cookies.length < 2) return headers;
  const joined = { ...cookies[0]!, value: cookies.map((h) => h.value).join('; ') };
  return headers.filter((h) => !cookies.includes(h) || h === cookies[0]).map((h) => (h === cookies[0] ? joined : h));
}

function generate(spec: RequestSpec, unit: string): { code: string; warnings: Warning[] } {
  const plan = planRequest(spec, profileOf('ruby-net-http'));
  const names = new RbNames();
  for (const variable of spec.variables) names.variable(variable);
  const ctx: Context = { names, requires: new Set(['net/http']), warnings: [...plan.warnings], setup: [] };
  const t = spec.transport;
  const body = plan.dropBody ? { kind: 'none' as const } : spec.body;
  let headers = joinCookies(plan.headers).filter((h) => h.name.toLowerCase() !== 'content-length');

  // The body.
  const bodyLines: string[] = [];
  switch (body.kind) {
    case 'none':
      break;
    case 'text':
    case 'json':
      bodyLines.push(`request.body = ${rbText(body.text, names)}`);
      break;
    case 'form': {
      const types = headers.filter((h) => h.name.toLowerCase() === 'content-type');
      const formType = types.length === 1 && types[0]!.value === 'application/x-www-form-urlencoded';
      // URI.encode_www_form writes the WHATWG form encoding.
      if (formType && whatwgFormEncode(body.pairs) === body.text) {
        headers = headers.filter((h) => h !== types[0]);
        const pairs = body.pairs.map(([k, v]) => rbStrings([k, v]));
        bodyLines.push(...rbCall('request.set_form_data', [`[${pairs.join(', ')}]`]));
        if (bodyLines.length > 1 || bodyLines[0]!.length > 120) {
          bodyLines.length = 0;
          bodyLines.push(
            'request.set_form_data(',
            `${unit}[`,
            ...pairs.map((p, i) => `${unit}${unit}${p}${i < pairs.length - 1 ? ',' : ''}`),
            `${unit}]`,
            ')',
          );
        }
      } else bodyLines.push(`request.body = ${rbText(body.text, names)}`);
      break;
    }
    case 'file':
      bodyLines.push(`request.body = ${readFile(ctx, body.path, body.strip)}`);
      break;
    case 'stdin':
      bodyLines.push(`request.body = ${readStdin(body.strip)}`);
      break;
    case 'pieces':
      bodyLines.push(`request.body = ${pieces(ctx, body.pieces)}`);
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
      bodyLines.push('form = [', ...entries.map((e, i) => `${unit}${e}${i < entries.length - 1 ? ',' : ''}`), ']');
      bodyLines.push("request.set_form(form, 'multipart/form-data')");
      break;
    }
  }

  // The request.
  const lines: string[] = [];
  lines.push(`uri = URI(${rbText(spec.url, names)})`);
  // A POST, PUT or PATCH object always has a body (empty at least), and with it a form Content-Type: a
  // request without a body is a generic one that has none.
  const bodyless = body.kind === 'none' && ['POST', 'PUT', 'PATCH'].includes(spec.method);
  const klass = bodyless ? undefined : lookup(CLASSES, spec.method);
  if (klass) lines.push(`request = Net::HTTP::${klass}.new(uri)`);
  else {
    const hasBody = body.kind !== 'none';
    lines.push(`request = Net::HTTPGenericRequest.new(${rbText(spec.method, names)}, ${hasBody}, true, uri)`);
  }
  const seen = new Set<string>();
  for (const header of headers) {
    const lower = header.name.toLowerCase();
    const name = rbText(header.name, names);
    const value = rbText(header.value, names);
    lines.push(seen.has(lower) ? `request.add_field(${name}, ${value})` : `request[${name}] = ${value}`);
    seen.add(lower);
  }
  for (const removed of spec.removedDefaults) {
    const name = REMOVABLE[removed];
    if (name && !seen.has(removed)) lines.push(`request.delete(${rbString(name)})`);
  }
  if (spec.basicAuth) {
    lines.push(`request.basic_auth(${rbText(spec.basicAuth.user, names)}, ${rbText(spec.basicAuth.password, names)})`);
  }
  lines.push(...bodyLines);

  // The connection.
  const args = ['uri.hostname', 'uri.port'];
  if (t.proxy !== undefined) {
    const match = /^(?:([A-Za-z][A-Za-z0-9+.-]*):\/\/)?([^:/]+)(?::(\d+))?/.exec(t.proxy);
    args.push(rbText(match?.[2] ?? t.proxy, names), match?.[3] ?? '1080');
    if (t.proxyUser !== undefined) {
      const colon = t.proxyUser.indexOf(':');
      args.push(rbText(colon === -1 ? t.proxyUser : t.proxyUser.slice(0, colon), names));
      args.push(rbText(colon === -1 ? '' : t.proxyUser.slice(colon + 1), names));
    }
  }
  args.push("use_ssl: uri.scheme == 'https'");
  if (t.insecure) args.push('verify_mode: OpenSSL::SSL::VERIFY_NONE');
  const open = t.connectTimeoutSeconds ?? t.timeoutSeconds;
  if (open !== undefined) args.push(`open_timeout: ${open}`);
  if (t.timeoutSeconds !== undefined)
    args.push(`read_timeout: ${t.timeoutSeconds}`, `write_timeout: ${t.timeoutSeconds}`);
  lines.push('');
  lines.push(...rbCall('response = Net::HTTP.start', args, ' do |http|', '', unit));
  lines.push(`${unit}http.request(request)`, 'end', '');
  lines.push('puts response.code');
  if (plan.outputFile !== undefined) lines.push(`File.binwrite(${rbText(plan.outputFile, names)}, response.body)`);
  else lines.push('puts response.body');

  const head = [...ctx.requires].sort().map((r) => `require ${rbString(r)}`);
  const declarations = names.declare(spec.variables);
  const sections = [['# frozen_string_literal: true'], head, declarations, ctx.setup, lines].filter(
    (s) => s.length > 0,
  );
  return { code: `${sections.map((s) => s.join('\n')).join('\n\n')}\n`, warnings: ctx.warnings };
}

export const rubyNetHttp: Generator = {
  ...targetInfo('ruby-net-http'),
  generate(spec, options) {
    return generate(spec, options?.indent ?? '  ');
  },
};
