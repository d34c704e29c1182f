/**
 * JavaScript with the built-in `fetch`, as a Node.js ES module with top-level
 * await (Node 18+: `Buffer` and `node:fs` where the request needs bytes or files).
 */
import type { Warning } from '../../errors.ts';
import type { HeaderLine } from '../../http/request.ts';
import { planRequest } from '../../request-spec/plan.ts';
import { profileOf } from '../../request-spec/profiles.ts';
import type { RequestSpec } from '../../request-spec/spec.ts';
import { specWarning } from '../../request-spec/warnings.ts';
import {
  assemble,
  bodyCode,
  call,
  cookieFileHeader,
  groupHeaders,
  headerKey,
  Imports,
  JsVariables,
  Layout,
  milliseconds,
  multipartContentType,
  headerValueDoc,
  object,
  prop,
  template,
  urlChangeWarning,
  withoutUserinfo,
  type Doc,
} from './kit.ts';
import type { GeneratedCode, GenerateOptions, Generator } from '../types.ts';
import { targetInfo } from '../targets.ts';

const LOCALS = ['response', 'headers', 'form', 'body', 'boundary', 'formPart', 'urlencode', 'url'];

function generate(spec: RequestSpec, options: GenerateOptions = {}): GeneratedCode {
  const plan = planRequest(spec, profileOf('javascript-fetch'));
  const warnings: Warning[] = [...plan.warnings];
  const layout = new Layout();
  const vars = new JsVariables(spec.variables, [...LOCALS, 'readFileSync', 'writeFileSync']);
  const imports = new Imports();
  const transport = spec.transport;
  const method = spec.method;
  const helpers: string[] = [];
  const headerBlocks: string[] = [];
  const bodyBlocks: string[] = [];

  // fetch does not let a program set Host (it always sends the URL's): the plan leaves it out.
  let headers: HeaderLine[] = plan.headers;
  const isContentType = (h: HeaderLine) => h.name.toLowerCase() === 'content-type';
  const contentType = headers.find(isContentType);
  const headerDocs = new Map<HeaderLine, string>();
  // Cookie files are read when the program runs, as curl reads them.
  const cookie = cookieFileHeader(plan.cookieFiles, headers, withoutUserinfo(spec.url), spec.cookieLine, vars, imports);
  headers = cookie.headers;
  if (cookie.line) headerDocs.set(cookie.line, cookie.doc!);

  // The body.
  let bodyDoc: Doc | undefined;
  const body = spec.body;
  if (!plan.dropBody) {
    const choice = bodyCode(
      body,
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
  if (spec.basicAuth) {
    const credentials = vars.expr(`${spec.basicAuth.user}:${spec.basicAuth.password}`);
    const line = { name: 'Authorization', value: '' };
    headers = [line, ...headers];
    headerDocs.set(line, template(['Basic ', { code: `Buffer.from(${credentials}).toString('base64')` }]));
  }
  const valueDoc = (h: HeaderLine) => headerDocs.get(h) ?? headerValueDoc(h.value, vars);
  let headersDoc: Doc | undefined;
  const groups = groupHeaders(headers);
  if (groups.some((g) => g.values.length > 1)) {
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
    warnings.push(specWarning('header-dropped', { client: 'fetch', names: ['__proto__'] }, spec.span));
  }

  // Transport.
  const optionProps: Doc[] = [];
  if (method !== 'GET') optionProps.push(prop('method', vars.expr(method)));
  if (headersDoc) optionProps.push(prop('headers', headersDoc));
  if (bodyDoc !== undefined) optionProps.push(prop('body', bodyDoc));
  if (!transport.followRedirects) optionProps.push(prop('redirect', "'manual'"));
  if (transport.timeoutSeconds !== undefined) {
    optionProps.push(prop('signal', `AbortSignal.timeout(${milliseconds(transport.timeoutSeconds)})`));
  }

  // The request.
  const url = withoutUserinfo(spec.url);
  const urlWarning = urlChangeWarning(url, 'fetch');
  if (urlWarning) warnings.push({ ...urlWarning, span: spec.urlSpan });
  if (cookie.helper) helpers.unshift(cookie.helper);
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
  const output = plan.outputFile;
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
