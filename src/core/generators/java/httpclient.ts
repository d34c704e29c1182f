/**
 * Java with the JDK's own `java.net.http.HttpClient` (Java 11+): one `Main`
 * class that builds an `HttpRequest`, sends it over HTTP/1.1 (the client
 * would otherwise try an h2c upgrade on http:// URLs) and prints the status
 * and body. Restricted headers (Host, Connection, Expect, Upgrade) are
 * allowed with the `jdk.httpclient.allowRestrictedHeaders` system property,
 * set before the client loads. The client has no multipart support: the
 * program writes the parts itself, byte for byte as curl does.
 */
import { flatMap } from '../../arrays.ts';
import type { Warning } from '../../errors.ts';
import type { FormPart } from '../../curl/model.ts';
import { planRequest, type Plan } from '../../request-spec/plan.ts';
import { profileOf } from '../../request-spec/profiles.ts';
import type { RequestSpec } from '../../request-spec/spec.ts';
import { specWarning } from '../../request-spec/warnings.ts';
import type { Generator } from '../types.ts';
import { targetInfo } from '../targets.ts';
import {
  assembleJavaProgram,
  basicAuthValue,
  chainLines,
  durationOf,
  javaString,
  jdkRequestTarget,
  JvmProgram,
  javaCall as c,
  parseProxy,
  partHeaders,
  unsendableHeaders,
  type Term,
} from './kit.ts';

const TARGET = 'java-httpclient';
/** Headers the JDK refuses unless the system property names them. */
const RESTRICTED = ['connection', 'expect', 'host', 'upgrade'];
const PUBLISHERS = 'HttpRequest.BodyPublishers';

/** The body publisher expression (after any statements that prepare the bytes), or null for no body. */
function renderBody(program: JvmProgram, spec: RequestSpec, plan: Plan): { publisher: string | null; type?: Term[] } {
  const body = spec.body;
  if (plan.dropBody) return { publisher: null };
  switch (body.kind) {
    case 'none':
      return { publisher: null };
    case 'text':
    case 'json':
    case 'form':
      return { publisher: `${PUBLISHERS}.ofString(${program.str(body.text)})` };
    case 'file':
      if (!body.strip) return { publisher: `${PUBLISHERS}.ofFile(${program.path(body.path)})` };
      return { publisher: `${PUBLISHERS}.ofByteArray(${program.readFile(body.path, true)})` };
    case 'stdin':
      return { publisher: `${PUBLISHERS}.ofByteArray(${program.readStdin(body.strip)})` };
    case 'pieces':
      return { publisher: `${PUBLISHERS}.ofByteArray(${program.piecesBytes(body.pieces)})` };
    case 'multipart':
      return renderMultipart(program, body.parts);
  }
}

/** Writes the parts into a byte stream; the Content-Type gets the boundary. */
function renderMultipart(program: JvmProgram, parts: FormPart[]): { publisher: string; type: Term[] } {
  const out = program.out;
  program.imports.add('java.io.ByteArrayOutputStream');
  program.imports.add('java.util.UUID');
  program.imports.add('java.nio.charset.StandardCharsets');
  program.helpers.add('part');
  const contents = parts.map((part) => {
    if (part.type === 'field') return program.utf8(program.str(part.value));
    return program.readFile(part.path);
  });
  out.line('String boundary = "----JavaFormBoundary" + UUID.randomUUID().toString().replace("-", "");');
  out.line('ByteArrayOutputStream body = new ByteArrayOutputStream();');
  for (const [i, part] of parts.entries()) {
    const { disposition, type, extra } = partHeaders(program, part);
    const lines: Term[][] = [[{ literal: 'Content-Disposition: ' }, ...disposition]];
    if (type !== undefined) lines.push(program.terms(`Content-Type: ${type}`));
    lines.push(...extra);
    const headers = flatMap(lines, (line, j) => (j === 0 ? line : [{ literal: '\r\n' }, ...line]));
    out.line(program.callStatement('writePart', ['body', 'boundary', program.concat(headers), contents[i]!]));
  }
  out.line('body.writeBytes(("--" + boundary + "--\\r\\n").getBytes(StandardCharsets.UTF_8));');
  out.line();
  return { publisher: `${PUBLISHERS}.ofByteArray(body.toByteArray())`, type: [{ code: 'boundary' }] };
}

const PART_HELPER = (u: string) => [
  '/** Writes one multipart/form-data part: its header lines, a blank line and its content. */',
  'private static void writePart(',
  `${u}${u}ByteArrayOutputStream body, String boundary, String headers, byte[] content) {`,
  `${u}String head = "--" + boundary + "\\r\\n" + headers + "\\r\\n\\r\\n";`,
  `${u}body.writeBytes(head.getBytes(StandardCharsets.UTF_8));`,
  `${u}body.writeBytes(content);`,
  `${u}body.writeBytes("\\r\\n".getBytes(StandardCharsets.UTF_8));`,
  '}',
];

function generateJava(spec: RequestSpec, unit: string): { code: string; warnings: Warning[] } {
  const plan = planRequest(spec, profileOf(TARGET));
  const warnings: Warning[] = [...plan.warnings];
  const program = new JvmProgram('java', unit, spec.variables);
  const out = program.out;
  const t = spec.transport;
  const client = 'HttpClient';
  for (const name of ['java.net.URI', 'java.net.http.HttpClient', 'java.net.http.HttpRequest'])
    program.imports.add(name);
  program.imports.add('java.net.http.HttpResponse');

  const uri = jdkRequestTarget(spec.url);
  if (uri && uri.sent === null) warnings.push(specWarning('url-invalid', { client, url: spec.url }, spec.urlSpan));
  else if (uri?.sent && uri.sent !== uri.target) {
    warnings.push(specWarning('url-normalised', { client, sent: uri.sent, target: uri.target }, spec.urlSpan));
  }

  const { headers, unsendable } = unsendableHeaders(plan.headers);
  if (unsendable.length > 0) {
    const names = [...new Set(unsendable.map((h) => h.name))];
    warnings.push(specWarning('header-not-ascii', { client, names }, unsendable[0]!.span ?? spec.span));
  }

  // Restricted headers need the system property before the client class loads.
  const restricted = [...new Set(headers.map((h) => h.name.toLowerCase()).filter((n) => RESTRICTED.includes(n)))];
  const setup: string[] = [];
  if (restricted.length > 0) {
    setup.push(
      `// ${restricted.length > 1 ? 'These headers are' : 'This header is'} restricted: the JDK sends ${restricted.length > 1 ? 'them' : 'it'} only when this property,`,
      '// read when the HTTP client loads, allows it.',
      `System.setProperty("jdk.httpclient.allowRestrictedHeaders", ${javaString(restricted.join(','))});`,
    );
  }
  const redirects = t.followRedirects && t.maxRedirects !== undefined && t.maxRedirects >= 0;
  if (redirects) {
    setup.push(
      '// --max-redirs: the JDK reads its redirect limit from this property.',
      `System.setProperty("jdk.httpclient.redirects.retrylimit", ${javaString(String(t.maxRedirects))});`,
    );
  }

  // The body first (its statements come before the request).
  const { publisher, type: multipartType } = renderBody(program, spec, plan);

  // The client.
  const clientCalls = [c('version', 'HttpClient.Version.HTTP_1_1')];
  if (t.httpVersion === '2' && !/^http:/i.test(spec.url)) clientCalls[0] = c('version', 'HttpClient.Version.HTTP_2');
  if (t.followRedirects) clientCalls.push(c('followRedirects', 'HttpClient.Redirect.ALWAYS'));
  if (t.connectTimeoutSeconds !== undefined) {
    program.imports.add('java.time.Duration');
    clientCalls.push(c('connectTimeout', durationOf(t.connectTimeoutSeconds)));
  }
  if (t.proxy !== undefined) {
    const proxy = parseProxy(t.proxy);
    if (proxy) {
      program.imports.add('java.net.InetSocketAddress');
      program.imports.add('java.net.ProxySelector');
      clientCalls.push(
        c('proxy', `ProxySelector.of(new InetSocketAddress(${program.str(proxy.host)}, ${proxy.port}))`),
      );
    } else {
      warnings.push(
        specWarning('proxy', { client, proxy: t.proxy, hint: 'takes a proxy as host and port only' }, spec.span),
      );
    }
  }
  clientCalls.push(c('build'));

  // The request.
  const requestCalls = [c('uri', `URI.create(${program.str(spec.url)})`)];
  const userType = headers.find((h) => h.name.toLowerCase() === 'content-type');
  const multipart = multipartType !== undefined && !spec.removedDefaults.includes('content-type');
  if (multipart && !userType) {
    requestCalls.push(
      c('header', '"Content-Type"', program.concat([{ literal: 'multipart/form-data; boundary=' }, ...multipartType])),
    );
  }
  // Cookie files are read when the program runs (before the command's own cookies), as curl reads them.
  const cookieFiles = plan.cookieFiles.length > 0;
  const cookieValue = cookieFiles ? program.cookieFilesValue(plan.cookieFiles, spec.url, spec.cookieLine) : '';
  if (cookieFiles && spec.cookieLine === undefined) requestCalls.push(c('header', '"Cookie"', cookieValue));
  for (const header of headers) {
    const lower = header.name.toLowerCase();
    if (lower === 'content-length') continue;
    const value =
      cookieFiles && lower === 'cookie' && header.value === spec.cookieLine
        ? cookieValue
        : multipart && header === userType
          ? program.concat([...program.terms(header.value), { literal: '; boundary=' }, ...multipartType])
          : program.str(header.value);
    requestCalls.push(c('header', program.str(header.name), value));
  }
  if (spec.basicAuth) {
    requestCalls.push(c('header', '"Authorization"', basicAuthValue(program, spec.basicAuth)));
  }
  if (t.timeoutSeconds !== undefined) {
    program.imports.add('java.time.Duration');
    requestCalls.push(c('timeout', durationOf(t.timeoutSeconds)));
  }
  const method = spec.method;
  if (publisher === null) {
    if (method === 'POST') requestCalls.push(c('POST', `${PUBLISHERS}.noBody()`));
    else if (method === 'PUT') requestCalls.push(c('PUT', `${PUBLISHERS}.noBody()`));
    else if (method === 'DELETE') requestCalls.push(c('DELETE'));
    else if (method !== 'GET') requestCalls.push(c('method', program.str(method), `${PUBLISHERS}.noBody()`));
  } else if (method === 'POST' || method === 'PUT') requestCalls.push(c(method, publisher));
  else requestCalls.push(c('method', program.str(method), publisher));
  requestCalls.push(c('build'));

  const u = unit;
  const lines: string[] = [];
  lines.push(program.chainDeclaration('HttpClient client', 'HttpClient.newBuilder()', clientCalls));
  lines.push('');
  lines.push(program.chainDeclaration('HttpRequest request', 'HttpRequest.newBuilder()', requestCalls));
  lines.push('');
  if (plan.outputFile !== undefined) {
    program.imports.add('java.nio.file.Path');
    const handler = `HttpResponse.BodyHandlers.ofFile(Path.of(${program.str(plan.outputFile)}))`;
    lines.push(
      ...chainLines('HttpResponse<Path> response = ', `client.send(request, ${handler})`, [], ';', '', u, 'java'),
    );
    lines.push('System.out.println(response.statusCode());');
  } else {
    lines.push(
      ...chainLines(
        'HttpResponse<String> response = ',
        'client.send(request, HttpResponse.BodyHandlers.ofString())',
        [],
        ';',
        '',
        u,
        'java',
      ),
    );
    lines.push('System.out.println(response.statusCode());', 'System.out.println(response.body());');
  }

  const helpers = program.helperLines();
  if (program.helpers.has('part')) {
    if (helpers.length > 0) helpers.push('');
    helpers.push(...PART_HELPER(u));
  }
  const code = assembleJavaProgram(program, [setup, program.variableDeclarations(), out.toLines(), lines], helpers);
  return { code, warnings };
}

export const javaHttpClient: Generator = {
  ...targetInfo(TARGET),
  generate(spec, options) {
    return generateJava(spec, options?.indent ?? '  ');
  },
};
