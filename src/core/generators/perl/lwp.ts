/**
 * Perl with LWP::UserAgent and HTTP::Request: the request built with
 * `HTTP::Request->new` (or HTTP::Request::Common's `POST` for multipart),
 * header lines with `header` and `push_header` (repeated lines stay
 * separate), the body as exact bytes, and a user agent set up like curl's
 * options (no redirects unless -L).
 */
import type { Warning } from '../../errors.ts';
import type { DataPiece, FormPart } from '../../curl/model.ts';
import { curlUrlEncode } from '../../curl/urlencode.ts';
import { hasVariables } from '../../variables.ts';
import { planRequest } from '../../request-spec/plan.ts';
import { profileOf } from '../../request-spec/profiles.ts';
import type { RequestSpec } from '../../request-spec/spec.ts';
import { specWarning } from '../../request-spec/warnings.ts';
import type { Generator } from '../types.ts';
import { targetInfo } from '../targets.ts';
import { PlNames, plString, plText } from './kit.ts';

const CLIENT = 'LWP::UserAgent';

/** Modules whose functions the program calls by name, with the import list. */
const IMPORTS: Record<string, string> = {
  'HTTP::Request::Common': 'HTTP::Request::Common qw(POST)',
  'URI::Escape': 'URI::Escape qw(uri_escape)',
  'MIME::Base64': 'MIME::Base64 qw(encode_base64)',
};

const SLURP = [
  'sub slurp {',
  '    my ($path) = @_;',
  `    open my $fh, '<:raw', $path or die "Cannot read $path: $!\\n";`,
  '    local $/;',
  '    return scalar <$fh>;',
  '}',
];

/** Standard input, whole and as bytes; empty once read (a second read gets nothing, as with curl). */
const SLURP_STDIN = [
  'sub slurp_stdin {',
  '    binmode STDIN;',
  '    local $/;',
  "    return scalar(<STDIN>) // '';",
  '}',
];

interface Context {
  names: PlNames;
  modules: Set<string>;
  warnings: Warning[];
  slurp: boolean;
  slurpStdin: boolean;
}

function readFile(ctx: Context, path: string, strip = false): string {
  ctx.slurp = true;
  const read = `slurp(${plText(path, ctx.names)})`;
  return strip ? `${read} =~ tr/\\r\\n//dr` : read;
}

function readStdin(ctx: Context, strip: boolean): string {
  ctx.slurpStdin = true;
  const read = 'slurp_stdin()';
  return strip ? `${read} =~ tr/\\r\\n//dr` : read;
}

function pieces(ctx: Context, list: DataPiece[]): string {
  const terms: string[] = [];
  let text = '';
  const flush = () => {
    if (text !== '') terms.push(plText(text, ctx.names));
    text = '';
  };
  const escape = (value: string) => {
    ctx.modules.add('URI::Escape');
    return `(uri_escape(${value}) =~ s/%20/+/gr)`;
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
          terms.push(escape(plText(piece.value, ctx.names)));
        }
        break;
      case 'file':
        flush();
        terms.push(piece.strip ? `(${readFile(ctx, piece.path, true)})` : readFile(ctx, piece.path));
        break;
      case 'urlencode-file':
        if (piece.name !== undefined) text += `${piece.name}=`;
        flush();
        terms.push(escape(readFile(ctx, piece.path)));
        break;
      case 'stdin':
        flush();
        terms.push(`(${readStdin(ctx, piece.strip)})`);
        break;
    }
  });
  flush();
  return terms.length === 0 ? "''" : terms.join(' . ');
}

/** HTTP::Request::Common form-data entries: `name => value` or `name => [file, filename, headers…]`. */
function formEntries(ctx: Context, parts: FormPart[]): string[] {
  return parts.map((part) => {
    // HTTP::Request::Common escapes `"` and `\` with a backslash; curl writes `"` as %22 and leaves `\` alone.
    const quoted = (text: string) => {
      if (text.includes('\\')) ctx.warnings.push(specWarning('multipart-filename', { client: CLIENT, filename: text }));
      return plText(text.replace(/"/g, '%22'), ctx.names);
    };
    // A plain name needs no quotes before `=>`.
    const name = /^[A-Za-z_][A-Za-z0-9_]*$/.test(part.name) ? part.name : quoted(part.name);
    const headers: string[] = [];
    if (part.contentType !== undefined) headers.push(`'Content-Type' => ${plText(part.contentType, ctx.names)}`);
    for (const h of part.headers) headers.push(`${plText(h.name, ctx.names)} => ${plText(h.value, ctx.names)}`);
    const plain = part.type === 'field' && part.filename === undefined && headers.length === 0;
    if (part.type === 'field' && plain) return `${name} => ${plText(part.value, ctx.names)}`;
    if (part.type !== 'file') {
      const value = part.type === 'field' ? plText(part.value, ctx.names) : readFile(ctx, part.path);
      // A text sent as a file (standard input given to `-F name=@-`) has a file name.
      const filename = part.type === 'field' && part.filename !== undefined ? quoted(part.filename) : 'undef';
      if (part.type === 'field' && part.value === '0') {
        // HTTP::Request::Common reads `Content => '0'` as false, so as no content (the part goes out
        // empty, with a "Content: 0" header). A reference to the text is read as an in-memory file
        // instead, which needs a Content-Type (else it guesses one from the file's name and fails).
        if (part.contentType !== undefined) {
          return `${name} => [${["\\'0'", filename === 'undef' ? "''" : filename, ...headers].join(', ')}]`;
        }
        ctx.warnings.push(specWarning('multipart-zero-content', { client: CLIENT, part: part.name }, part.span));
        return `${name} => '0'`;
      }
      // An empty Content is taken for a part header named Content: left out, the part's body is empty.
      const content = part.type === 'field' && part.value === '' ? [] : [`Content => ${value}`];
      return `${name} => [${['undef', filename, ...headers, ...content].join(', ')}]`;
    }
    const base = part.path.split('/').pop();
    const filename = part.filename !== base || headers.length > 0 || /["\\]/.test(part.filename);
    const items = [plText(part.path, ctx.names), ...(filename ? [quoted(part.filename)] : []), ...headers];
    return `${name} => [${items.join(', ')}]`;
  });
}

function generate(spec: RequestSpec): { code: string; warnings: Warning[] } {
  const plan = planRequest(spec, profileOf('perl-lwp'));
  const names = new PlNames();
  for (const variable of spec.variables) names.variable(variable);
  const ctx: Context = {
    names,
    modules: new Set(['LWP::UserAgent']),
    warnings: [...plan.warnings],
    slurp: false,
    slurpStdin: false,
  };
  const t = spec.transport;
  const body = plan.dropBody ? { kind: 'none' as const } : spec.body;
  let headers = plan.headers.filter((h) => h.name.toLowerCase() !== 'content-length');
  const url = plText(spec.url, names);
  const method = /^[A-Za-z_][A-Za-z0-9_]*$/.test(spec.method) ? spec.method : plString(spec.method);

  const lines: string[] = [];
  // The user agent: curl follows no redirects unless -L.
  const options: string[] = [];
  if (!t.followRedirects) options.push('max_redirect => 0');
  else if (t.maxRedirects !== undefined && t.maxRedirects >= 0) options.push(`max_redirect => ${t.maxRedirects}`);
  const timeout = t.timeoutSeconds ?? t.connectTimeoutSeconds;
  if (timeout !== undefined) options.push(`timeout => ${timeout}`);
  if (t.insecure) options.push('ssl_opts => { verify_hostname => 0, SSL_verify_mode => 0 }');
  lines.push(`my $ua = LWP::UserAgent->new(${options.join(', ')});`);
  if (spec.removedDefaults.includes('user-agent')) lines.push("$ua->agent('');");
  if (t.proxy !== undefined) {
    let proxy = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(t.proxy) ? t.proxy : `http://${t.proxy}`;
    if (t.proxyUser !== undefined) proxy = proxy.replace(/^([^:]+:\/\/)/, `$1${t.proxyUser}@`);
    lines.push(`$ua->proxy(['http', 'https'], ${plText(proxy, names)});`);
  }
  if (t.compressed) {
    lines.push("$ua->default_header('Accept-Encoding' => scalar HTTP::Message::decodable());");
  }
  lines.push('');

  if (body.kind === 'multipart') {
    ctx.modules.add('HTTP::Request::Common');
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
    lines.push('my $request = POST(');
    lines.push(`    ${url},`);
    lines.push("    Content_Type => 'form-data',");
    lines.push('    Content => [');
    lines.push(...entries.map((e) => `        ${e},`));
    lines.push('    ],');
    lines.push(');');
    if (spec.method !== 'POST') lines.push(`$request->method(${plText(spec.method, names)});`);
  } else {
    ctx.modules.add('HTTP::Request');
    lines.push(`my $request = HTTP::Request->new(${method} => ${url});`);
  }
  const seen = new Set<string>();
  for (const header of headers) {
    const lower = header.name.toLowerCase();
    const call = seen.has(lower) ? 'push_header' : 'header';
    seen.add(lower);
    // HTTP::Headers turns `_` into `-` in a name, unless the name starts with `:`.
    const name = header.name.includes('_') ? `:${header.name}` : header.name;
    lines.push(`$request->${call}(${plText(name, names)} => ${plText(header.value, names)});`);
  }
  const user = spec.basicAuth?.user ?? '';
  if (spec.basicAuth && (user.includes(':') || hasVariables(user))) {
    // authorization_basic refuses a user name with a colon; curl sends it.
    ctx.modules.add('MIME::Base64');
    const credentials = plText(`${user}:${spec.basicAuth.password}`, names);
    lines.push(`$request->header(Authorization => 'Basic ' . encode_base64(${credentials}, ''));`);
  } else if (spec.basicAuth) {
    lines.push(
      `$request->authorization_basic(${plText(spec.basicAuth.user, names)}, ${plText(spec.basicAuth.password, names)});`,
    );
  }
  switch (body.kind) {
    case 'text':
    case 'json':
    case 'form':
      lines.push(`$request->content(${plText(body.text, names)});`);
      break;
    case 'file':
      lines.push(`$request->content(${readFile(ctx, body.path, body.strip)});`);
      break;
    case 'stdin':
      lines.push(`$request->content(${readStdin(ctx, body.strip)});`);
      break;
    case 'pieces':
      lines.push(`$request->content(${pieces(ctx, body.pieces)});`);
      break;
    default:
      break;
  }
  lines.push('');
  lines.push('my $response = $ua->request($request);');
  lines.push('print $response->code, "\\n";');
  const content = t.compressed ? "$response->decoded_content(charset => 'none')" : '$response->content';
  if (plan.outputFile !== undefined) {
    lines.push(`open my $out, '>:raw', ${plText(plan.outputFile, names)} or die "Cannot write: $!\\n";`);
    lines.push(`print {$out} ${content};`);
    lines.push('close $out;');
  } else lines.push(`print ${content}, "\\n";`);

  const uses = [...ctx.modules].sort().map((m) => `use ${IMPORTS[m] ?? m};`);
  const declarations = names.declare(spec.variables);
  const sections = [['use strict;', 'use warnings;'], uses, declarations, lines];
  if (ctx.slurp) sections.push(SLURP);
  if (ctx.slurpStdin) sections.push(SLURP_STDIN);
  const code = sections
    .filter((s) => s.length > 0)
    .map((s) => s.join('\n'))
    .join('\n\n');
  return { code: `${code}\n`, warnings: ctx.warnings };
}

export const perlLwp: Generator = {
  ...targetInfo('perl-lwp'),
  generate(spec) {
    return generate(spec);
  },
};
