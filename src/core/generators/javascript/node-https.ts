/**
 * Node.js with the built-in `http` / `https` modules, as an ES module with
 * top-level await.
 */
import type { Warning } from '../../errors.ts';
import type { HeaderLine } from '../../http/request.ts';
import { planRequest } from '../../request-spec/plan.ts';
import { profileOf } from '../../request-spec/profiles.ts';
import type { RequestSpec } from '../../request-spec/spec.ts';
import { specWarning } from '../../request-spec/warnings.ts';
import { splitUrl, type UrlParts } from '../../curl/wire.ts';
import { hasVariables } from '../../variables.ts';
import {
  array,
  assemble,
  bodyCode,
  call,
  cookieFileHeader,
  groupHeaders,
  headerKey,
  Imports,
  jsStr,
  JsVariables,
  Layout,
  milliseconds,
  multipartContentType,
  headerValueDoc,
  headerValueIsConverted,
  object,
  prop,
  withoutUserinfo,
  type Doc,
} from './kit.ts';
import type { GeneratedCode, GenerateOptions, Generator } from '../types.ts';
import { targetInfo } from '../targets.ts';

const LOCALS = [
  'response',
  'request',
  'options',
  'body',
  'boundary',
  'formPart',
  'urlencode',
  'url',
  'client',
  'chunks',
  'chunk',
  'stream',
  'encoding',
  'resolve',
  'reject',
  'http',
  'https',
  'zlib',
];

function urlParts(url: string): UrlParts | undefined {
  try {
    return splitUrl(url);
  } catch {
    return undefined;
  }
}

function generate(spec: RequestSpec, options: GenerateOptions = {}): GeneratedCode {
  const plan = planRequest(spec, profileOf('node-https'));
  const warnings: Warning[] = [...plan.warnings];
  const layout = new Layout();
  const unit = layout.unit;
  const vars = new JsVariables(spec.variables, [...LOCALS, 'readFileSync', 'writeFileSync']);
  const imports = new Imports();
  const transport = spec.transport;
  const method = spec.method;
  const blocks: string[] = [];

  // Where the request goes: the module from the scheme, hostname, port and the exact path.
  const url = withoutUserinfo(spec.url);
  const parts = urlParts(url);
  const hostKnown = parts !== undefined && !hasVariables(parts.host) && !hasVariables(parts.port ?? '');
  let client: string;
  const location: Doc[] = [];
  if (parts && hostKnown) {
    if (parts.scheme !== 'http' && parts.scheme !== 'https') {
      warnings.push(
        specWarning(
          'scheme-unsupported',
          { client: "Node's http and https modules", scheme: parts.scheme },
          spec.urlSpan,
        ),
      );
    }
    client = imports.module(
      parts.scheme === 'http' ? 'http' : 'https',
      `node:${parts.scheme === 'http' ? 'http' : 'https'}`,
    );
    location.push(prop('hostname', jsStr(parts.host.replace(/^\[|\]$/g, ''))));
    if (parts.port !== undefined) location.push(prop('port', String(Number(parts.port))));
    location.push(prop('path', vars.expr(parts.target)));
  } else {
    // The scheme or the host comes from a variable: pick the module when the program runs.
    const http = imports.module('http', 'node:http');
    const https = imports.module('https', 'node:https');
    blocks.push(
      [
        layout.statement('const url = ', call('new URL', vars.expr(url))),
        `const client = url.protocol === 'https:' ? ${https} : ${http};`,
      ].join('\n'),
    );
    client = 'client';
    if (parts) location.push(prop('path', vars.expr(parts.target)));
  }
  if (parts && !hasVariables(parts.target) && /[^\u0021-\u00ff]/.test(parts.target)) {
    warnings.push(specWarning('url-unescaped', { client: "Node's http" }, spec.urlSpan));
  }

  let headers: HeaderLine[] = [...plan.headers];
  const isContentType = (h: HeaderLine) => h.name.toLowerCase() === 'content-type';
  const contentType = headers.find(isContentType);
  const headerDocs = new Map<HeaderLine, string>();
  // Cookie files are read when the program runs, as curl reads them.
  const cookie = cookieFileHeader(plan.cookieFiles, headers, withoutUserinfo(spec.url), spec.cookieLine, vars, imports);
  headers = cookie.headers;
  if (cookie.line) headerDocs.set(cookie.line, cookie.doc!);

  // The body.
  const choice = bodyCode(
    spec.body,
    contentType?.value,
    { vars, imports, layout },
    { json: 'stringify', formData: false, searchParams: 'string' },
  );
  if (choice.multipart === 'hand-built') {
    const line = contentType ?? { name: 'Content-Type', value: '' };
    if (!contentType) headers = [...headers, line];
    headerDocs.set(line, multipartContentType(contentType?.value, vars));
  }
  if (cookie.helper) blocks.push(cookie.helper);
  blocks.push(...choice.helpers, ...choice.blocks);
  let bodyDoc = choice.doc;
  if (bodyDoc !== undefined && choice.isString && headers.some((h) => headerValueIsConverted(h.value))) {
    // With a string body Node would write the headers as UTF-8 too: keep them Latin-1 with a Buffer body.
    bodyDoc = call('Buffer.from', bodyDoc);
  }
  if (bodyDoc !== undefined && !(typeof bodyDoc === 'string' && /^[A-Za-z_$][\w$]*$/.test(bodyDoc))) {
    blocks.push(layout.statement('const body = ', bodyDoc));
    bodyDoc = 'body';
  }

  // Headers.
  const compressed =
    transport.compressed &&
    !headers.some((h) => h.name.toLowerCase() === 'accept-encoding') &&
    !spec.removedDefaults.includes('accept-encoding');
  if (compressed) headers.push({ name: 'Accept-Encoding', value: 'gzip, deflate, br' });
  if (bodyDoc !== undefined && !headers.some((h) => h.name.toLowerCase() === 'content-length')) {
    // Without it Node sends the body chunked, or (for GET and some other methods) not framed at all.
    const line = { name: 'Content-Length', value: '' };
    headers.push(line);
    headerDocs.set(line, `Buffer.byteLength(${bodyDoc})`);
  }
  const headerProps = groupHeaders(headers).map((group) => {
    const lines = headers.filter((h) => h.name.toLowerCase() === group.name.toLowerCase());
    const docs = lines.map((h) => headerDocs.get(h) ?? headerValueDoc(h.value, vars));
    return prop(headerKey(group.name, vars), docs.length === 1 ? docs[0]! : array(docs));
  });

  // The options.
  const props: Doc[] = [prop('method', vars.expr(method)), ...location];
  if (headerProps.length > 0) props.push(prop('headers', object(headerProps, headerProps.length > 1)));
  if (spec.removedDefaults.includes('host')) props.push(prop('setHost', 'false'));
  if (spec.basicAuth) {
    props.push(prop('auth', vars.expr(`${spec.basicAuth.user}:${spec.basicAuth.password}`)));
  }
  if (transport.insecure && client !== 'http') props.push(prop('rejectUnauthorized', 'false'));
  if (transport.timeoutSeconds !== undefined) {
    props.push(prop('signal', `AbortSignal.timeout(${milliseconds(transport.timeoutSeconds)})`));
  }
  if (transport.connectTimeoutSeconds !== undefined) {
    props.push(prop('timeout', milliseconds(transport.connectTimeoutSeconds)));
  }
  blocks.push(layout.statement('const options = ', object(props, true)));

  // The request.
  const requestArgs = client === 'client' ? 'url, options, resolve' : 'options, resolve';
  const send = [
    'const response = await new Promise((resolve, reject) => {',
    `${unit}const request = ${client}.request(${requestArgs});`,
    `${unit}request.on('error', reject);`,
  ];
  if (transport.connectTimeoutSeconds !== undefined) {
    send.push(`${unit}request.on('timeout', () => request.destroy(new Error('Connection timed out')));`);
  }
  if (bodyDoc) send.push(`${unit}request.write(${bodyDoc});`);
  send.push(`${unit}request.end();`, '});');
  blocks.push(send.join('\n'));

  // The response.
  const read: string[] = [];
  let source = 'response';
  if (compressed) {
    const zlib = imports.module('zlib', 'node:zlib');
    read.push(
      'let stream = response;',
      "const encoding = response.headers['content-encoding'];",
      `if (encoding === 'br') stream = response.pipe(${zlib}.createBrotliDecompress());`,
      `else if (encoding === 'gzip' || encoding === 'deflate') stream = response.pipe(${zlib}.createUnzip());`,
    );
    source = 'stream';
  }
  read.push('const chunks = [];', `for await (const chunk of ${source}) chunks.push(chunk);`);
  read.push('console.log(response.statusCode, response.statusMessage);');
  const output = plan.outputFile;
  if (output !== undefined) {
    read.push(
      layout.statement('', call(imports.fsFunction('writeFileSync'), vars.expr(output), 'Buffer.concat(chunks)')),
    );
  } else read.push('console.log(Buffer.concat(chunks).toString());');
  blocks.push(read.join('\n'));

  return { code: assemble(imports, vars, blocks, options.indent), warnings };
}

export const nodeHttps: Generator = {
  ...targetInfo('node-https'),
  generate,
};
