/**
 * OkHttp (5.x, whose API is 4.x's), from Java and from Kotlin: one renderer,
 * two syntaxes. The client is built like curl's options (no redirects unless
 * -L), the request with `Request.Builder`, bodies as bytes with their media
 * type (a String body would get `; charset=utf-8` appended), multipart with
 * `MultipartBody.Builder`. Header values outside ASCII go through
 * `Headers.Builder().addUnsafeNonAscii`, which sends them as UTF-8 like curl.
 * OkHttp refuses a body on GET and HEAD: the plan leaves it out, with a warning.
 */
import type { Warning } from '../../errors.ts';
import type { FormPart } from '../../curl/model.ts';
import { planRequest, type Plan } from '../../request-spec/plan.ts';
import { profileOf } from '../../request-spec/profiles.ts';
import { partFilename, type RequestSpec } from '../../request-spec/spec.ts';
import { specWarning } from '../../request-spec/warnings.ts';
import type { Generator } from '../types.ts';
import { targetInfo } from '../targets.ts';
import {
  assembleJavaProgram,
  basicAuthValue,
  chainLines,
  durationOf,
  JvmProgram,
  javaCall as call,
  javaCallText,
  type JavaCall,
  parseProxy,
  partHeaders,
  type Term,
} from './kit.ts';
import { assembleKotlinProgram } from '../kotlin/kit.ts';

/** Media types OkHttp parses and writes back unchanged (`MediaType.toString()` is the text it parsed). */
const MEDIA_TYPE = /^[A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+(;[ ]?[A-Za-z0-9!#$&^_.+-]+=[A-Za-z0-9!#$&^_.+-]+)*$/;
/** Methods OkHttp requires a body for (it sends an empty one when the command has none). */
const REQUIRES_BODY = ['POST', 'PUT', 'PATCH', 'PROPPATCH', 'REPORT'];
const NOT_ASCII = /[^\t\x20-\x7e]/;

class OkHttpSyntax {
  constructor(readonly program: JvmProgram) {}

  get java(): boolean {
    return this.program.language === 'java';
  }

  /** `new X(...)` in Java, `X(...)` in Kotlin. */
  create(text: string): string {
    return this.java ? `new ${text}` : text;
  }

  mediaType(text: string): string {
    if (this.java) {
      this.program.imports.add('okhttp3.MediaType');
      return `MediaType.get(${this.program.str(text)})`;
    }
    this.program.imports.add('okhttp3.MediaType.Companion.toMediaType');
    return `${this.program.str(text)}.toMediaType()`;
  }

  bytesBody(bytes: string, mediaType: string | null): string {
    if (this.java) {
      this.program.imports.add('okhttp3.RequestBody');
      return `RequestBody.create(${bytes}, ${mediaType ?? 'null'})`;
    }
    this.program.imports.add('okhttp3.RequestBody.Companion.toRequestBody');
    return `${bytes}.toRequestBody(${mediaType ?? ''})`;
  }

  fileBody(path: string, mediaType: string | null): string {
    if (this.java) {
      this.program.imports.add('okhttp3.RequestBody');
      this.program.imports.add('java.io.File');
      return `RequestBody.create(new File(${this.program.str(path)}), ${mediaType ?? 'null'})`;
    }
    this.program.imports.add('okhttp3.RequestBody.Companion.asRequestBody');
    return `${this.program.path(path)}.asRequestBody(${mediaType ?? ''})`;
  }

  end(): string {
    return this.java ? ';' : '';
  }

  /** `prefix head calls…`: a Java declaration is laid out from its calls (`JvmProgram.chainDeclaration`). */
  chain(prefix: string, head: string, calls: JavaCall[]): string[] {
    if (this.java && prefix.endsWith(' = ')) return [this.program.chainDeclaration(prefix.slice(0, -3), head, calls)];
    const texts = calls.map(javaCallText);
    return chainLines(prefix, head, texts, this.end(), '', this.program.unit, this.program.language);
  }
}

/** The request body expression (statements before it go to `program.out`), or null. */
function renderBody(s: OkHttpSyntax, spec: RequestSpec, plan: Plan, mediaType: string | null): string | null {
  const program = s.program;
  const body = spec.body;
  if (plan.dropBody) return null;
  switch (body.kind) {
    case 'none':
      return null;
    case 'text':
    case 'json':
    case 'form':
      return s.bytesBody(program.utf8(program.str(body.text)), mediaType);
    case 'file':
      if (!body.strip) return s.fileBody(body.path, mediaType);
      return s.bytesBody(program.readFile(body.path, true), mediaType);
    case 'stdin':
      return s.bytesBody(program.readStdin(body.strip), mediaType);
    case 'pieces':
      return s.bytesBody(program.piecesBytes(body.pieces), mediaType);
    case 'multipart':
      return renderMultipart(s, spec, body.parts);
  }
}

function renderMultipart(s: OkHttpSyntax, spec: RequestSpec, parts: FormPart[]): string {
  const program = s.program;
  program.imports.add('okhttp3.MultipartBody');
  const userType = spec.headers.find((h) => h.name.toLowerCase() === 'content-type');
  const calls: JavaCall[] = [];
  if (userType && /^multipart\//i.test(userType.value) && MEDIA_TYPE.test(userType.value)) {
    calls.push(call('setType', s.mediaType(userType.value)));
  } else calls.push(call('setType', 'MultipartBody.FORM'));
  for (const part of parts) {
    const { disposition, type, extra } = partHeaders(program, part);
    const mediaType = type !== undefined && MEDIA_TYPE.test(type) ? s.mediaType(type) : null;
    const plain = (text: string) => !/[\r\n]/.test(text);
    const filename = partFilename(part);
    const simple = extra.length === 0 && plain(part.name) && plain(filename ?? '');
    const bare = simple && part.type === 'field' && filename === undefined && mediaType === null;
    // A bare field is added by its text: no RequestBody (nor its import) is made for it.
    const content = bare
      ? ''
      : part.type === 'field'
        ? s.bytesBody(program.utf8(program.str(part.value)), mediaType)
        : s.fileBody(part.path, mediaType);
    if (bare) {
      calls.push(call('addFormDataPart', program.str(part.name), program.str(part.value)));
    } else if (simple) {
      const named = filename !== undefined ? program.str(filename) : 'null';
      calls.push(call('addFormDataPart', program.str(part.name), named, content));
    } else {
      program.imports.add('okhttp3.Headers');
      const headerCalls: [Term[], Term[]][] = [
        [[{ literal: 'Content-Disposition' }], disposition],
        ...extra.map((line) => splitHeader(line)),
      ];
      const built = headerCalls
        .map(([name, value]) => `.addUnsafeNonAscii(${program.concat(name)}, ${program.concat(value)})`)
        .join('');
      calls.push(call('addPart', `${s.create('Headers.Builder()')}${built}.build()`, content));
    }
  }
  calls.push(call('build'));
  const local = 'body';
  const prefix = s.java ? `MultipartBody ${local} = ` : `val ${local} = `;
  program.out.lines(s.chain(prefix, s.create('MultipartBody.Builder()'), calls));
  return local;
}

/** `Name: value` terms split at the first `: ` of the literal text. */
function splitHeader(terms: Term[]): [Term[], Term[]] {
  const index = terms.findIndex((t) => 'literal' in t && t.literal.includes(': '));
  if (index === -1) return [terms, []];
  const term = terms[index] as { literal: string };
  const at = term.literal.indexOf(': ');
  return [
    [...terms.slice(0, index), { literal: term.literal.slice(0, at) }],
    [{ literal: term.literal.slice(at + 2) }, ...terms.slice(index + 1)],
  ];
}

export function generateOkHttp(
  spec: RequestSpec,
  language: 'java' | 'kotlin',
  unit: string,
): { code: string; warnings: Warning[] } {
  const target = language === 'java' ? 'java-okhttp' : 'kotlin-okhttp';
  const plan = planRequest(spec, profileOf(target));
  const warnings: Warning[] = [...plan.warnings];
  const program = new JvmProgram(language, unit, spec.variables);
  const s = new OkHttpSyntax(program);
  const t = spec.transport;
  const client = 'OkHttp';
  program.imports.add('okhttp3.OkHttpClient');
  program.imports.add('okhttp3.Request');

  // The body's media type stands for the Content-Type header when OkHttp writes it back exactly.
  const types = plan.headers.filter((h) => h.name.toLowerCase() === 'content-type');
  const typeHeader = types.length === 1 && MEDIA_TYPE.test(types[0]!.value) ? types[0] : undefined;
  const multipart = spec.body.kind === 'multipart' && !plan.dropBody;
  let headers = plan.headers.filter((h) => h !== typeHeader || multipart);
  if (multipart) {
    const userType = types[0];
    headers = headers.filter((h) => h.name.toLowerCase() !== 'content-type');
    if (userType && !(/^multipart\//i.test(userType.value) && MEDIA_TYPE.test(userType.value))) {
      warnings.push(
        specWarning('multipart-content-type', { client, header: userType.value }, userType.span ?? spec.span),
      );
    }
  }
  // The media type is made (and imported) only for a body that is sent.
  const sent = !plan.dropBody && spec.body.kind !== 'none';
  const bodyExpr = renderBody(s, spec, plan, sent && typeHeader && !multipart ? s.mediaType(typeHeader.value) : null);
  // Without a body to carry it, the Content-Type is an ordinary header.
  if (bodyExpr === null && typeHeader && !multipart) headers = plan.headers;

  // The client.
  const clientCalls: JavaCall[] = [];
  if (!t.followRedirects) clientCalls.push(call('followRedirects', 'false'));
  if (t.connectTimeoutSeconds !== undefined) {
    program.imports.add('java.time.Duration');
    clientCalls.push(call('connectTimeout', durationOf(t.connectTimeoutSeconds)));
  }
  if (t.timeoutSeconds !== undefined) {
    program.imports.add('java.time.Duration');
    clientCalls.push(call('callTimeout', durationOf(t.timeoutSeconds)));
  }
  if (t.httpVersion === '1.1' && !/^http:/i.test(spec.url)) {
    program.imports.add('okhttp3.Protocol');
    clientCalls.push(call('protocols', s.java ? 'List.of(Protocol.HTTP_1_1)' : 'listOf(Protocol.HTTP_1_1)'));
    if (s.java) program.imports.add('java.util.List');
  }
  if (t.proxy !== undefined) {
    const proxy = parseProxy(t.proxy);
    if (proxy) {
      program.imports.add('java.net.InetSocketAddress');
      program.imports.add('java.net.Proxy');
      const address = s.create(`InetSocketAddress(${program.str(proxy.host)}, ${proxy.port})`);
      clientCalls.push(call('proxy', s.create(`Proxy(Proxy.Type.HTTP, ${address})`)));
      if (t.proxyUser !== undefined) {
        program.imports.add('okhttp3.Credentials');
        const colon = t.proxyUser.indexOf(':');
        const user = colon === -1 ? t.proxyUser : t.proxyUser.slice(0, colon);
        const password = colon === -1 ? '' : t.proxyUser.slice(colon + 1);
        const credentials = `Credentials.basic(${program.str(user)}, ${program.str(password)})`;
        clientCalls.push(
          s.java
            ? call(
                'proxyAuthenticator',
                `(route, response) -> response.request().newBuilder().header("Proxy-Authorization", ${credentials}).build()`,
              )
            : {
                name: 'proxyAuthenticator',
                args: [],
                text: `.proxyAuthenticator { _, response -> response.request.newBuilder().header("Proxy-Authorization", ${credentials}).build() }`,
              },
        );
      }
    } else {
      warnings.push(
        specWarning('proxy', { client, proxy: t.proxy, hint: 'takes a proxy as host and port only' }, spec.span),
      );
    }
  }
  clientCalls.push(call('build'));

  // The request.
  const requestCalls = [call('url', program.str(spec.url))];
  // Cookie files are read when the program runs (before the command's own cookies), as curl reads them.
  const cookieFiles = plan.cookieFiles.length > 0;
  const cookieValue = cookieFiles ? program.cookieFilesValue(plan.cookieFiles, spec.url, spec.cookieLine) : '';
  if (cookieFiles && spec.cookieLine === undefined) requestCalls.push(call('header', '"Cookie"', cookieValue));
  const valueOf = (h: { name: string; value: string }) =>
    cookieFiles && h.name.toLowerCase() === 'cookie' && h.value === spec.cookieLine
      ? cookieValue
      : program.str(h.value);
  const nonAscii = headers.some((h) => NOT_ASCII.test(h.value));
  let headersLocal: string | undefined;
  if (nonAscii) {
    // OkHttp checks header values for ASCII; addUnsafeNonAscii sends them as UTF-8, as curl does.
    program.imports.add('okhttp3.Headers');
    const calls = headers
      .filter((h) => h.name.toLowerCase() !== 'content-length')
      .map((h) => call(NOT_ASCII.test(h.value) ? 'addUnsafeNonAscii' : 'add', program.str(h.name), valueOf(h)));
    calls.push(call('build'));
    headersLocal = 'headers';
    program.out.lines(
      s.chain(s.java ? `Headers ${headersLocal} = ` : `val ${headersLocal} = `, s.create('Headers.Builder()'), calls),
    );
    requestCalls.push(call('headers', headersLocal));
  } else {
    const seen = new Set<string>();
    for (const header of headers) {
      const lower = header.name.toLowerCase();
      if (lower === 'content-length') continue;
      requestCalls.push(call(seen.has(lower) ? 'addHeader' : 'header', program.str(header.name), valueOf(header)));
      seen.add(lower);
    }
  }
  if (spec.basicAuth) {
    program.imports.add('okhttp3.Credentials');
    if (s.java) program.imports.add('java.nio.charset.StandardCharsets');
    const value = s.java
      ? `Credentials.basic(${program.str(spec.basicAuth.user)}, ${program.str(spec.basicAuth.password)}, StandardCharsets.UTF_8)`
      : basicAuthValue(program, spec.basicAuth);
    requestCalls.push(call('header', '"Authorization"', value));
  }
  const method = spec.method;
  const empty = () => s.bytesBody(s.java ? 'new byte[0]' : 'ByteArray(0)', null);
  if (bodyExpr === null) {
    if (method === 'HEAD') requestCalls.push(call('head'));
    else if (method === 'DELETE') requestCalls.push(call('delete'));
    else if (method === 'POST' || method === 'PUT' || method === 'PATCH')
      requestCalls.push(call(method.toLowerCase(), empty()));
    else if (REQUIRES_BODY.includes(method)) requestCalls.push(call('method', program.str(method), empty()));
    else if (method !== 'GET') requestCalls.push(call('method', program.str(method), 'null'));
  } else if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method))
    requestCalls.push(call(method.toLowerCase(), bodyExpr));
  else requestCalls.push(call('method', program.str(method), bodyExpr));
  requestCalls.push(call('build'));

  const lines: string[] = [];
  lines.push(
    ...s.chain(s.java ? 'OkHttpClient client = ' : 'val client = ', s.create('OkHttpClient.Builder()'), clientCalls),
  );
  lines.push('');
  lines.push(...s.chain(s.java ? 'Request request = ' : 'val request = ', s.create('Request.Builder()'), requestCalls));
  lines.push('');
  const u = unit;
  if (s.java) {
    program.imports.add('okhttp3.Response');
    lines.push('try (Response response = client.newCall(request).execute()) {');
    lines.push(`${u}System.out.println(response.code());`);
    if (plan.outputFile !== undefined) {
      program.imports.add('java.nio.file.Files');
      lines.push(`${u}Files.write(${program.path(plan.outputFile)}, response.body().bytes());`);
    } else lines.push(`${u}System.out.println(response.body().string());`);
    lines.push('}');
  } else {
    lines.push('client.newCall(request).execute().use { response ->');
    lines.push(`${u}println(response.code)`);
    if (plan.outputFile !== undefined)
      lines.push(`${u}${program.path(plan.outputFile)}.writeBytes(response.body.bytes())`);
    else lines.push(`${u}println(response.body.string())`);
    lines.push('}');
  }

  const helpers = program.helperLines();
  const sections = [program.variableDeclarations(), program.out.toLines(), lines];
  const code = s.java
    ? assembleJavaProgram(program, sections, helpers)
    : assembleKotlinProgram(program, sections, helpers);
  return { code, warnings };
}

export const javaOkHttp: Generator = {
  ...targetInfo('java-okhttp'),
  generate(spec, options) {
    return generateOkHttp(spec, 'java', options?.indent ?? '  ');
  },
};
