/**
 * C# with System.Net.Http: an `HttpRequestMessage` sent by an `HttpClient`
 * whose handler is set up like curl's options. Header lines go on the
 * request (`TryAddWithoutValidation`, so values are sent as written) and
 * content headers on `Content.Headers`; bodies are exact bytes, multipart
 * parts carry curl's own Content-Disposition. The code compiles with Mono's
 * mcs and current .NET alike.
 */
import type { Warning } from '../../errors.ts';
import type { DataPiece, FormPart } from '../../curl/model.ts';
import { curlUrlEncode } from '../../curl/urlencode.ts';
import { STDIN_PATH } from '../../curl/stdin.ts';
import { hasVariables } from '../../variables.ts';
import { planRequest } from '../../request-spec/plan.ts';
import { profileOf } from '../../request-spec/profiles.ts';
import { partFilename, type RequestSpec, type SpecHeader } from '../../request-spec/spec.ts';
import { specWarning } from '../../request-spec/warnings.ts';
import type { Generator } from '../types.ts';
import { targetInfo } from '../targets.ts';
import { CsNames, csProgram, csString, csText } from './kit.ts';
import { lookup } from '../../shape.ts';

const CLIENT = 'HttpClient';

/** Headers HttpClient only takes on the content (`Content.Headers`), lower-case. */
const CONTENT_HEADERS = new Set([
  'allow',
  'content-disposition',
  'content-encoding',
  'content-language',
  'content-location',
  'content-md5',
  'content-range',
  'content-type',
  'expires',
  'last-modified',
]);

const METHODS: Record<string, string> = {
  GET: 'HttpMethod.Get',
  POST: 'HttpMethod.Post',
  PUT: 'HttpMethod.Put',
  DELETE: 'HttpMethod.Delete',
  HEAD: 'HttpMethod.Head',
  OPTIONS: 'HttpMethod.Options',
  TRACE: 'HttpMethod.Trace',
};

interface Context {
  spec: RequestSpec;
  names: CsNames;
  usings: Set<string>;
  warnings: Warning[];
  /** Statements before the request is built (file reads, parts). */
  setup: string[];
}

const encode = (ctx: Context, text: string) => {
  ctx.usings.add('System.Text');
  return `Encoding.UTF8.GetBytes(${csText(text, ctx.names)})`;
};

function readFile(ctx: Context, path: string, strip = false): string {
  // File.ReadAllBytes asks the length first, which a pipe on standard input has not.
  if (path === STDIN_PATH) return readStdin(ctx, strip);
  ctx.usings.add('System.IO');
  const read = `File.ReadAllBytes(${csText(path, ctx.names)})`;
  if (!strip) return read;
  ctx.usings.add('System.Linq');
  return `${read}.Where(b => b != '\\r' && b != '\\n').ToArray()`;
}

function readStdin(ctx: Context, strip: boolean): string {
  ctx.usings.add('System.IO');
  const input = ctx.names.pick('input');
  ctx.setup.push(`var ${input} = new MemoryStream();`, `await Console.OpenStandardInput().CopyToAsync(${input});`);
  if (!strip) return `${input}.ToArray()`;
  ctx.usings.add('System.Linq');
  return `${input}.ToArray().Where(b => b != '\\r' && b != '\\n').ToArray()`;
}

/**
 * curl's `--data-urlencode` of a file, byte for byte (ALPHA, DIGIT and `-._~` kept, a space as `+`, any other
 * byte `%XX`): the bytes are never decoded as text, so bytes that are not UTF-8 go out as curl sends them.
 */
const urlEncodeBytes = (bytes: string) =>
  `Encoding.ASCII.GetBytes(string.Concat(${bytes}.Select(b => (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || ` +
  `(b >= '0' && b <= '9') || "-._~".IndexOf((char)b) >= 0 ? ((char)b).ToString() : b == ' ' ? "+" : "%" + b.ToString("X2"))))`;

/** The bytes of `-d`-style pieces: literal text merged, files and encoded values concatenated. */
function piecesBytes(ctx: Context, pieces: DataPiece[]): string {
  const terms: string[] = [];
  let text = '';
  const flush = () => {
    if (text !== '') terms.push(encode(ctx, text));
    text = '';
  };
  const escape = (value: string) => `Uri.EscapeDataString(${value}).Replace("%20", "+")`;
  pieces.forEach((piece, index) => {
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
          ctx.usings.add('System.Text');
          terms.push(`Encoding.UTF8.GetBytes(${escape(csText(piece.value, ctx.names))})`);
        }
        break;
      case 'file':
        flush();
        terms.push(readFile(ctx, piece.path, piece.strip));
        break;
      case 'urlencode-file':
        if (piece.name !== undefined) text += `${piece.name}=`;
        flush();
        ctx.usings.add('System.Text');
        ctx.usings.add('System.Linq');
        terms.push(urlEncodeBytes(readFile(ctx, piece.path)));
        break;
      case 'stdin':
        flush();
        terms.push(readStdin(ctx, piece.strip));
        break;
    }
  });
  flush();
  if (terms.length === 0) return 'new byte[0]';
  if (terms.length === 1) return terms[0]!;
  ctx.usings.add('System.Linq');
  return `${terms[0]!}${terms
    .slice(1)
    .map((t) => `.Concat(${t})`)
    .join('')}.ToArray()`;
}

/** Each part with curl's own Content-Disposition (a `"` in a name written as %22). */
function multipart(ctx: Context, parts: FormPart[]): string {
  const form = ctx.names.pick('form');
  ctx.setup.push(`var ${form} = new MultipartFormDataContent();`);
  for (const part of parts) {
    const local = ctx.names.pick(part.name.replace(/[^A-Za-z0-9]+/g, ' ').trim() || 'part');
    const bytes = part.type === 'field' ? encode(ctx, part.value) : readFile(ctx, part.path);
    let disposition = `form-data; name="${part.name.replace(/"/g, '%22')}"`;
    const filename = partFilename(part);
    if (filename !== undefined) disposition += `; filename="${filename.replace(/"/g, '%22')}"`;
    ctx.setup.push(`var ${local} = new ByteArrayContent(${bytes});`);
    const header = (name: string, value: string) =>
      ctx.setup.push(`${local}.Headers.TryAddWithoutValidation(${csString(name)}, ${csText(value, ctx.names)});`);
    header('Content-Disposition', disposition);
    if (part.contentType !== undefined) header('Content-Type', part.contentType);
    for (const h of part.headers) header(h.name, h.value);
    ctx.setup.push(`${form}.Add(${local});`);
  }
  return form;
}

/** The content expression, or undefined for a request without a body. */
function content(ctx: Context, dropBody: boolean): string | undefined {
  const body = ctx.spec.body;
  if (dropBody) return undefined;
  switch (body.kind) {
    case 'none':
      return undefined;
    case 'text':
    case 'json':
    case 'form':
      return `new ByteArrayContent(${encode(ctx, body.text)})`;
    case 'file':
      return `new ByteArrayContent(${readFile(ctx, body.path, body.strip)})`;
    case 'stdin':
      return `new ByteArrayContent(${readStdin(ctx, body.strip)})`;
    case 'pieces':
      return `new ByteArrayContent(${piecesBytes(ctx, body.pieces)})`;
    case 'multipart':
      return multipart(ctx, body.parts);
  }
}

/** Repeated Cookie lines joined as one cookie list (HttpClient would join them with a comma). */
function joinCookies(headers: SpecHeader[]): SpecHeader[] {
  const cookies = headers.filter((h) => h.name.toLowerCase() === 'cookie');
  if (cookies.length < 2) return headers;
  const joined = { ...cookies[0]!, value: cookies.map((h) => h.value).join('; ') };
  return headers.filter((h) => !cookies.includes(h) || h === cookies[0]).map((h) => (h === cookies[0] ? joined : h));
}

function generate(spec: RequestSpec, unit: string): { code: string; warnings: Warning[] } {
  const plan = planRequest(spec, profileOf('csharp-httpclient'));
  const names = new CsNames();
  for (const variable of spec.variables) names.variable(variable);
  const ctx: Context = { spec, names, usings: new Set(['System.Net.Http']), warnings: [...plan.warnings], setup: [] };
  const t = spec.transport;

  const contentExpr = content(ctx, plan.dropBody);
  const multipartBody = spec.body.kind === 'multipart' && !plan.dropBody;
  const requestHeaders: string[] = [];
  const contentHeaders: string[] = [];
  for (const header of joinCookies(plan.headers)) {
    const lower = header.name.toLowerCase();
    if (lower === 'content-length') continue;
    if (lower === 'content-type' && multipartBody) {
      if (!/^\s*multipart\/form-data\s*$/i.test(header.value)) {
        ctx.warnings.push(
          specWarning(
            'multipart-content-type',
            { client: CLIENT, header: `${header.name}: ${header.value}` },
            header.span,
          ),
        );
      }
      continue;
    }
    const line = `.TryAddWithoutValidation(${csText(header.name, names)}, ${csText(header.value, names)});`;
    if (CONTENT_HEADERS.has(lower)) contentHeaders.push(`request.Content.Headers${line}`);
    else requestHeaders.push(`request.Headers${line}`);
  }

  const handler: string[] = [];
  if (!t.followRedirects || t.maxRedirects === 0) handler.push('AllowAutoRedirect = false,');
  else if (t.maxRedirects !== undefined && t.maxRedirects > 0)
    handler.push(`MaxAutomaticRedirections = ${t.maxRedirects},`);
  if (t.insecure)
    handler.push('ServerCertificateCustomValidationCallback = (message, certificate, chain, errors) => true,');
  if (t.compressed) {
    ctx.usings.add('System.Net');
    handler.push('AutomaticDecompression = DecompressionMethods.GZip | DecompressionMethods.Deflate,');
  }
  const proxyLines: string[] = [];
  if (t.proxy !== undefined) {
    ctx.usings.add('System.Net');
    const url = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(t.proxy) ? t.proxy : `http://${t.proxy}`;
    const proxy = names.pick('proxy');
    proxyLines.push(`var ${proxy} = new WebProxy(${csText(url, names)});`);
    if (t.proxyUser !== undefined) {
      const colon = t.proxyUser.indexOf(':');
      const user = colon === -1 ? t.proxyUser : t.proxyUser.slice(0, colon);
      const password = colon === -1 ? '' : t.proxyUser.slice(colon + 1);
      proxyLines.push(
        `${proxy}.Credentials = new NetworkCredential(${csText(user, names)}, ${csText(password, names)});`,
      );
    }
    handler.push(`Proxy = ${proxy},`);
  }

  // curl never sends the fragment; HttpClient would.
  const url = spec.url.replace(/#.*$/s, '');
  const method = lookup(METHODS, spec.method) ?? `new HttpMethod(${csText(spec.method, names)})`;
  const usings = ctx.usings;
  if (spec.basicAuth) {
    usings.add('System.Net.Http.Headers');
    usings.add('System.Text');
  }
  if (plan.outputFile !== undefined) usings.add('System.IO');
  const code = csProgram(
    usings,
    (b) => {
      const declarations = names.declare(spec.variables);
      b.lines(declarations);
      if (declarations.length > 0) b.line();
      if (ctx.setup.length > 0) b.lines(ctx.setup).line();
      if (proxyLines.length > 0) b.lines(proxyLines);
      if (handler.length > 0) {
        b.line('var handler = new HttpClientHandler');
        b.block('{', (h) => h.lines(handler), '};');
      }
      b.line(`using (var client = new HttpClient(${handler.length > 0 ? 'handler' : ''}))`);
      b.block(
        '{',
        (c) => {
          if (t.timeoutSeconds !== undefined) c.line(`client.Timeout = TimeSpan.FromSeconds(${t.timeoutSeconds});`);
          c.line(`var request = new HttpRequestMessage(${method}, ${csText(url, names)});`);
          if (t.httpVersion === '1.0') c.line('request.Version = new Version(1, 0);');
          c.lines(requestHeaders);
          if (spec.basicAuth) {
            const credentials = csText(`${spec.basicAuth.user}:${spec.basicAuth.password}`, names);
            c.line('request.Headers.Authorization = new AuthenticationHeaderValue(');
            c.indent();
            c.line('"Basic",');
            c.line(`Convert.ToBase64String(Encoding.UTF8.GetBytes(${credentials}))`);
            c.dedent();
            c.line(');');
          }
          // Content headers need content: an empty body carries them when the request has none.
          const body = contentExpr ?? (contentHeaders.length > 0 ? 'new ByteArrayContent(new byte[0])' : undefined);
          if (body !== undefined) c.line(`request.Content = ${body};`);
          c.lines(contentHeaders);
          c.line();
          c.line('using (var response = await client.SendAsync(request))');
          c.block(
            '{',
            (r) => {
              r.line('Console.WriteLine((int)response.StatusCode);');
              if (plan.outputFile !== undefined) {
                r.line(`var data = await response.Content.ReadAsByteArrayAsync();`);
                r.line(`File.WriteAllBytes(${csText(plan.outputFile, names)}, data);`);
              } else r.line('Console.WriteLine(await response.Content.ReadAsStringAsync());');
            },
            '}',
          );
        },
        '}',
      );
    },
    unit,
  );
  return { code, warnings: ctx.warnings };
}

export const csharpHttpClient: Generator = {
  ...targetInfo('csharp-httpclient'),
  generate(spec, options) {
    return generate(spec, options?.indent ?? '    ');
  },
};
