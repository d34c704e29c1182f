/**
 * JavaScript with the built-in `fetch`, as a Node.js ES module with top-level
 * await (Node 18+: `Buffer` and `node:fs` where the request needs bytes or files).
 */
import type { Warning } from '../errors.ts';
import type { HeaderLine } from '../http/request.ts';
import type { CurlRequest } from '../curl/model.ts';
import {
  assemble,
  bodyCode,
  bodyOf,
  call,
  groupHeaders,
  headerKey,
  httpVersionWarning,
  Imports,
  JsVariables,
  Layout,
  milliseconds,
  multipartContentType,
  headerValueDoc,
  object,
  outputFile,
  prop,
  template,
  urlChangeWarning,
  withoutUserinfo,
  type Doc,
} from './javascript-common.ts';
import { prepareRequest } from './prepare.ts';
import type { GeneratedCode, GenerateOptions, Generator } from './types.ts';
import { targetInfo } from './targets.ts';

const LOCALS = ['response', 'headers', 'form', 'body', 'boundary', 'formPart', 'urlencode', 'url'];

function generate(request: CurlRequest, options: GenerateOptions = {}): GeneratedCode {
  const prepared = prepareRequest(request);
  const warnings: Warning[] = [...prepared.warnings];
  const layout = new Layout();
  const vars = new JsVariables(prepared.variables, [...LOCALS, 'readFileSync', 'writeFileSync']);
  const imports = new Imports();
  const transport = prepared.transport;
  const method = prepared.method;
  const helpers: string[] = [];
  const headerBlocks: string[] = [];
  const bodyBlocks: string[] = [];

  // fetch does not let a program set Host: it always sends the URL's.
  let headers: HeaderLine[] = prepared.headers.filter((h) => h.name.toLowerCase() !== 'host');
  if (headers.length !== prepared.headers.length) {
    warnings.push({
      code: 'host-header-dropped',
      message: 'fetch always sends the URL host as Host: the Host header is left out.',
    });
  }
  const isContentType = (h: HeaderLine) => h.name.toLowerCase() === 'content-type';
  const contentType = headers.find(isContentType);
  const headerDocs = new Map<HeaderLine, string>();

  // The body.
  let bodyDoc: Doc | undefined;
  const body = prepared.body;
  if (body.kind !== 'none' && ['GET', 'HEAD'].includes(method.toUpperCase())) {
    warnings.push({
      code: 'body-dropped',
      message: `fetch cannot send a body with ${method.toUpperCase()}: the body is left out.`,
    });
  } else {
    const choice = bodyCode(
      bodyOf(body, request),
      contentType?.value,
      { vars, imports, layout },
      {
        json: 'stringify',
        formData: true,
        searchParams: 'object',
      },
    );
    helpers.push(...choice.helpers);
    bodyBlocks.push(...choice.blocks);
    bodyDoc = choice.doc;
    // A string body without a Content-Type would go out as text/plain: send its bytes instead.
    if (bodyDoc !== undefined && choice.isString && !contentType) bodyDoc = call('Buffer.from', bodyDoc);
    if (choice.multipart === 'form-data') {
      // fetch writes the Content-Type with its boundary itself.
      headers = headers.filter((h) => !isContentType(h));
    } else if (choice.multipart === 'hand-built') {
      const line = contentType ?? { name: 'Content-Type', value: '' };
      if (!contentType) headers = [...headers, line];
      headerDocs.set(line, multipartContentType(contentType?.value, vars));
    }
  }

  // Headers.
  if (prepared.basicAuth) {
    const credentials = vars.expr(`${prepared.basicAuth.user}:${prepared.basicAuth.password}`);
    const line = { name: 'Authorization', value: '' };
    headers = [line, ...headers];
    headerDocs.set(line, template(['Basic ', { code: `Buffer.from(${credentials}).toString('base64')` }]));
  }
  const valueDoc = (h: HeaderLine) => headerDocs.get(h) ?? headerValueDoc(h.value, vars);
  let headersDoc: Doc | undefined;
  const groups = groupHeaders(headers);
  if (groups.some((g) => g.values.length > 1)) {
    warnings.push({
      code: 'header-merged',
      message: `fetch joins repeated headers into one comma-separated line: ${groups
        .filter((g) => g.values.length > 1)
        .map((g) => g.name)
        .join(', ')} arrives as one line, not several.`,
    });
    const lines = ['const headers = new Headers();'];
    for (const h of headers) lines.push(layout.statement('', call('headers.append', vars.expr(h.name), valueDoc(h))));
    headerBlocks.push(lines.join('\n'));
    headersDoc = 'headers';
  } else if (headers.length > 0) {
    headersDoc = object(
      headers.map((h) => prop(headerKey(h.name, vars), valueDoc(h))),
      headers.length > 1,
    );
  }
  const dropped = headers.filter((h) => h.name.toLowerCase() === '__proto__');
  if (dropped.length > 0) {
    warnings.push({ code: 'header-dropped', message: 'fetch drops a header named __proto__.' });
  }
  const notRemovable = prepared.removedDefaults.filter((name) => name !== 'content-type');
  if (notRemovable.length > 0) {
    warnings.push({
      code: 'header-not-removable',
      message: `fetch sends its own ${notRemovable.join(', ')} header${notRemovable.length > 1 ? 's' : ''}: the command removes ${notRemovable.length > 1 ? 'them' : 'it'}.`,
    });
  }

  // Transport.
  const optionProps: Doc[] = [];
  if (method !== 'GET') optionProps.push(prop('method', vars.expr(method)));
  if (headersDoc) optionProps.push(prop('headers', headersDoc));
  if (bodyDoc !== undefined) optionProps.push(prop('body', bodyDoc));
  if (!transport.followRedirects) optionProps.push(prop('redirect', "'manual'"));
  else if (transport.maxRedirects !== undefined) {
    warnings.push({
      code: 'max-redirs',
      message: `fetch follows up to 20 redirects: --max-redirs ${transport.maxRedirects} is not kept.`,
    });
  }
  if (transport.followRedirects && transport.locationTrusted) {
    warnings.push({
      code: 'location-trusted',
      message: 'fetch drops credentials when a redirect leads to another host: --location-trusted is not kept.',
    });
  }
  if (transport.timeoutSeconds !== undefined) {
    optionProps.push(prop('signal', `AbortSignal.timeout(${milliseconds(transport.timeoutSeconds)})`));
  }
  if (transport.connectTimeoutSeconds !== undefined) {
    warnings.push({
      code: 'connect-timeout',
      message:
        'fetch has no connection timeout: --connect-timeout is not kept (-m / AbortSignal.timeout limits the whole request).',
    });
  }
  if (transport.insecure && !/^http:/i.test(prepared.url)) {
    warnings.push({
      code: 'insecure',
      message:
        "fetch cannot skip certificate checks per request: -k is not kept (for a test only, NODE_TLS_REJECT_UNAUTHORIZED=0 turns them off for the whole process; undici's Agent can do it per request).",
    });
  }
  if (transport.proxy !== undefined) {
    warnings.push({
      code: 'proxy',
      message: `fetch in Node does not take a proxy option: -x ${transport.proxy} is not kept (undici's ProxyAgent can do it).`,
    });
  }
  const version = httpVersionWarning(transport.httpVersion, 'fetch');
  if (version) warnings.push(version);

  // The request.
  const url = withoutUserinfo(prepared.url);
  const urlWarning = urlChangeWarning(url, 'fetch');
  if (urlWarning) warnings.push(urlWarning);
  const blocks = [...helpers, ...headerBlocks, ...bodyBlocks];
  let urlDoc = vars.expr(url);
  if (!layout.fitsOpening('const response = await ', `fetch(${urlDoc}, {`)) {
    // A URL too long for the call's first line gets a name of its own.
    blocks.push(layout.statement('const url = ', urlDoc));
    urlDoc = 'url';
  }
  const init = optionProps.length > 0 ? object(optionProps, optionProps.length > 1) : undefined;
  blocks.push(layout.statement('const response = await ', init ? call('fetch', urlDoc, init) : call('fetch', urlDoc)));

  // The response.
  const output = outputFile(transport.output, prepared.url, 'fetch', warnings);
  const print = ['console.log(response.status, response.statusText);'];
  if (output !== undefined) {
    const write = imports.fsFunction('writeFileSync');
    print.push(layout.statement('', call(write, vars.expr(output), 'Buffer.from(await response.arrayBuffer())')));
  } else print.push('console.log(await response.text());');
  blocks.push(print.join('\n'));

  return { code: assemble(imports, vars, blocks, options.indent), warnings };
}

export const javascriptFetch: Generator = {
  ...targetInfo('javascript-fetch'),
  generate,
};
