/**
 * Node with got (an ES module with top-level await): `got.post(url, {...})`,
 * `json:` and `form:` where got's own serialisation writes the command's
 * bytes, `body:` (text, a Buffer, a FormData or a hand-built multipart body)
 * otherwise; redirects off unless the command follows them, and every status
 * printed as curl prints it (`throwHttpErrors: false`).
 */
import { specWarning } from '../../request-spec/warnings.ts';
import type { Warning } from '../../errors.ts';
import type { HeaderLine } from '../../http/request.ts';
import { whatwgFormEncode } from '../../request-spec/encodings.ts';
import { planRequest } from '../../request-spec/plan.ts';
import { profileOf } from '../../request-spec/profiles.ts';
import type { RequestSpec } from '../../request-spec/spec.ts';
import { hasVariables } from '../../variables.ts';
import {
  array,
  assemble,
  bodyCode,
  call,
  cookieFileHeader,
  groupHeaders,
  headerKey,
  headerValueDoc,
  Imports,
  jsKey,
  JsVariables,
  Layout,
  milliseconds,
  multipartContentType,
  object,
  prop,
  urlChangeWarning,
  withoutUserinfo,
  type Doc,
} from './kit.ts';
import type { GeneratedCode, GenerateOptions, Generator } from '../types.ts';
import { targetInfo } from '../targets.ts';

const LOCALS = ['response', 'form', 'body', 'boundary', 'formPart', 'urlencode', 'url', 'got'];
/** Methods with a got helper (`got.post`...). */
const HELPERS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
/** got's own default headers, as a command removes them (`-H 'User-Agent:'`). */
const DEFAULTS: Record<string, string> = { 'user-agent': 'user-agent', 'accept-encoding': 'accept-encoding' };

/** A JSON value with a key an object literal would not keep as an own property. */
function hasRiskyKey(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasRiskyKey);
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(([key, item]) => key === '__proto__' || hasRiskyKey(item));
}

function generate(spec: RequestSpec, options: GenerateOptions = {}): GeneratedCode {
  const plan = planRequest(spec, profileOf('node-got'));
  const warnings: Warning[] = [...plan.warnings];
  const layout = new Layout();
  const vars = new JsVariables(spec.variables, [...LOCALS, 'readFileSync', 'writeFileSync']);
  const imports = new Imports();
  imports.module('got', 'got');
  const t = spec.transport;
  const method = spec.method.toUpperCase();
  const blocks: string[] = [];
  const url = withoutUserinfo(spec.url);

  let headers: HeaderLine[] = [...plan.headers];
  const isContentType = (h: HeaderLine) => h.name.toLowerCase() === 'content-type';
  const contentType = headers.find(isContentType);
  const headerDocs = new Map<HeaderLine, string>();
  const cookie = cookieFileHeader(plan.cookieFiles, headers, url, spec.cookieLine, vars, imports);
  headers = cookie.headers;
  if (cookie.line) headerDocs.set(cookie.line, cookie.doc!);

  // The body: got serialises `json` with JSON.stringify and `form` with URLSearchParams.
  const body = spec.body;
  const config: Doc[] = [];
  let bodyProp: Doc | undefined;
  const pairs = body.kind === 'form' ? body.pairs : [];
  const formObject =
    body.kind === 'form' &&
    contentType !== undefined &&
    whatwgFormEncode(pairs) === body.text &&
    new Set(pairs.map(([name]) => name)).size === pairs.length &&
    !pairs.some(([name]) => /^(?:0|[1-9]\d*)$/.test(name) || name === '__proto__');
  const helpers: string[] = [];
  if (formObject) {
    bodyProp = prop('form', object(pairs.map(([name, value]) => prop(jsKey(name), vars.expr(value)))));
  } else {
    const jsonObject = body.kind === 'json' && !hasRiskyKey(body.value);
    const choice = bodyCode(
      body,
      contentType?.value,
      { vars, imports, layout },
      { json: jsonObject ? 'object' : 'stringify', formData: true, searchParams: 'string' },
    );
    blocks.push(...choice.blocks);
    helpers.push(...choice.helpers);
    if (choice.doc !== undefined) {
      const asJson = body.kind === 'json' && jsonObject && !choice.isString && choice.multipart === undefined;
      bodyProp = prop(asJson ? 'json' : 'body', choice.doc);
    }
    if (choice.multipart === 'form-data') {
      // got writes the Content-Type with FormData's boundary itself.
      headers = headers.filter((h) => !isContentType(h));
    } else if (choice.multipart === 'hand-built') {
      const line = contentType ?? { name: 'Content-Type', value: '' };
      if (!contentType) headers = [...headers, line];
      headerDocs.set(line, multipartContentType(contentType?.value, vars));
    }
  }

  // Headers: got's own defaults are removed with `undefined` where the command removes them.
  for (const name of spec.removedDefaults) {
    const spelled = DEFAULTS[name];
    if (spelled !== undefined && !headers.some((h) => h.name.toLowerCase() === name)) {
      const line = { name: spelled, value: '' };
      headers.push(line);
      headerDocs.set(line, 'undefined');
    }
  }
  const headerProps = groupHeaders(headers).map((group) => {
    const lines = headers.filter((h) => h.name.toLowerCase() === group.name.toLowerCase());
    const docs = lines.map((h) => headerDocs.get(h) ?? headerValueDoc(h.value, vars));
    return prop(headerKey(group.name, vars), docs.length === 1 ? docs[0]! : array(docs));
  });

  if (headerProps.length > 0) config.push(prop('headers', object(headerProps, headerProps.length > 1)));
  // got copies headers into an object of lower-cased names, where __proto__ sets the prototype instead.
  const proto = headers.find((h) => h.name.toLowerCase() === '__proto__');
  if (proto) warnings.push(specWarning('header-dropped', { client: 'got', names: ['__proto__'] }, spec.span));
  if (spec.basicAuth) {
    config.push(prop('username', vars.expr(spec.basicAuth.user)), prop('password', vars.expr(spec.basicAuth.password)));
  }
  if (bodyProp) config.push(bodyProp);
  if (bodyProp && (method === 'GET' || method === 'HEAD')) config.push(prop('allowGetBody', 'true'));
  if (!t.followRedirects) config.push(prop('followRedirect', 'false'));
  else if (t.maxRedirects !== undefined && t.maxRedirects >= 0) {
    config.push(prop('maxRedirects', String(t.maxRedirects)));
  }
  const timeout: Doc[] = [];
  if (t.connectTimeoutSeconds !== undefined) timeout.push(prop('connect', milliseconds(t.connectTimeoutSeconds)));
  if (t.timeoutSeconds !== undefined) timeout.push(prop('request', milliseconds(t.timeoutSeconds)));
  if (timeout.length > 0) config.push(prop('timeout', object(timeout)));
  if (t.insecure && !/^http:/i.test(url)) config.push(prop('https', object([prop('rejectUnauthorized', 'false')])));
  const output = plan.outputFile;
  if (output !== undefined) config.push(prop('responseType', "'buffer'"));
  // Print the response whatever its status, as curl does.
  config.push(prop('throwHttpErrors', 'false'));
  const urlWarning = urlChangeWarning(url, 'got');
  if (urlWarning) warnings.push({ ...urlWarning, span: spec.urlSpan });

  // The call.
  const helper = HELPERS.includes(method) && !hasVariables(spec.method) ? method.toLowerCase() : undefined;
  const settings = helper ? config : [prop('method', vars.expr(spec.method)), ...config];
  const callDoc = call(helper ? `got.${helper}` : 'got', vars.expr(url), object(settings, settings.length > 1));
  blocks.push(layout.statement('const response = await ', callDoc));

  const print = ['console.log(response.statusCode, response.statusMessage);'];
  if (output !== undefined) {
    print.push(layout.statement('', call(imports.fsFunction('writeFileSync'), vars.expr(output), 'response.body')));
  } else print.push('console.log(response.body);');
  blocks.push(print.join('\n'));

  const allHelpers = cookie.helper ? [cookie.helper, ...helpers] : helpers;
  return { code: assemble(imports, vars, [...allHelpers, ...blocks], options.indent), warnings };
}

export const nodeGot: Generator = {
  ...targetInfo('node-got'),
  generate,
};
