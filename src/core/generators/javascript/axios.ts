/**
 * JavaScript with axios (Node), as an ES module with top-level await.
 */
import type { Warning } from '../../errors.ts';
import type { HeaderLine } from '../../http/request.ts';
import { planRequest } from '../../request-spec/plan.ts';
import { profileOf } from '../../request-spec/profiles.ts';
import type { RequestSpec } from '../../request-spec/spec.ts';
import { specWarning } from '../../request-spec/warnings.ts';
import { hasVariables } from '../../variables.ts';
import {
  array,
  assemble,
  bodyCode,
  call,
  cookieFileHeader,
  flat,
  groupHeaders,
  headerKey,
  Imports,
  jsStr,
  JsVariables,
  Layout,
  milliseconds,
  multipartContentType,
  headerValueDoc,
  object,
  prop,
  urlChangeWarning,
  withoutUserinfo,
  type Doc,
} from './kit.ts';
import type { GeneratedCode, GenerateOptions, Generator } from '../types.ts';
import { targetInfo } from '../targets.ts';

const LOCALS = ['response', 'data', 'form', 'body', 'boundary', 'formPart', 'urlencode', 'url', 'axios', 'https'];

/** Methods with an axios helper: those that take data, and those that do not. */
const WITH_DATA = ['POST', 'PUT', 'PATCH'];
const WITHOUT_DATA = ['GET', 'DELETE', 'HEAD', 'OPTIONS'];

/** axios's `proxy` option from curl's `-x` (and `-U`); undefined (with a warning) when axios cannot use it. */
function proxyDoc(proxy: string, proxyUser: string | undefined, vars: JsVariables): Doc | undefined {
  const match = /^(?:([A-Za-z][A-Za-z0-9+.-]*):\/\/)?(?:([^@/]*)@)?(\[[^\]]*\]|[^:/]+)(?::(\d+))?/.exec(proxy);
  const protocol = (match?.[1] ?? 'http').toLowerCase();
  // The plan warns about the other schemes.
  if (!match || !['http', 'https'].includes(protocol)) return undefined;
  const props: Doc[] = [
    prop('protocol', jsStr(protocol)),
    prop('host', vars.expr(match[3]!.replace(/^\[|\]$/g, ''))),
    // curl's default proxy port.
    prop('port', match[4] ?? '1080'),
  ];
  const credentials = proxyUser ?? match[2];
  if (credentials !== undefined) {
    const colon = credentials.indexOf(':');
    const decode = (text: string) => (proxyUser === undefined ? safeDecode(text) : text);
    props.push(
      prop(
        'auth',
        object([
          prop('username', vars.expr(decode(colon === -1 ? credentials : credentials.slice(0, colon)))),
          prop('password', vars.expr(decode(colon === -1 ? '' : credentials.slice(colon + 1)))),
        ]),
      ),
    );
  }
  return object(props);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Whether a JSON value has a key axios removes from objects it serialises. */
function hasRiskyKey(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasRiskyKey);
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(([key, item]) => RISKY_KEYS.includes(key) || hasRiskyKey(item));
}

const RISKY_KEYS = ['__proto__', 'constructor', 'prototype'];

function isExactJsonString(text: string | undefined): boolean {
  if (text === undefined || text !== text.trim()) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function generate(spec: RequestSpec, options: GenerateOptions = {}): GeneratedCode {
  const plan = planRequest(spec, profileOf('javascript-axios'));
  const warnings: Warning[] = [...plan.warnings];
  const layout = new Layout();
  const vars = new JsVariables(spec.variables, [...LOCALS, 'readFileSync', 'writeFileSync']);
  const imports = new Imports();
  imports.module('axios', 'axios');
  const transport = spec.transport;
  const method = spec.method;
  const upper = method.toUpperCase();
  const blocks: string[] = [];

  let headers: HeaderLine[] = [...plan.headers];
  const isContentType = (h: HeaderLine) => h.name.toLowerCase() === 'content-type';
  const contentType = headers.find(isContentType);
  const headerDocs = new Map<HeaderLine, string>();
  // Cookie files are read when the program runs, as curl reads them.
  const cookie = cookieFileHeader(plan.cookieFiles, headers, withoutUserinfo(spec.url), spec.cookieLine, vars, imports);
  headers = cookie.headers;
  if (cookie.line) headerDocs.set(cookie.line, cookie.doc!);

  // The body.
  const body = spec.body;
  // axios serialises an object itself, but drops keys such as __proto__ and constructor on the way.
  const jsonObject =
    contentType !== undefined && /json/i.test(contentType.value) && !(body.kind === 'json' && hasRiskyKey(body.value));
  const choice = bodyCode(
    body,
    contentType?.value,
    { vars, imports, layout },
    { json: jsonObject ? 'object' : 'stringify', formData: true, searchParams: 'object' },
  );
  let dataDoc = choice.doc;
  if (
    dataDoc !== undefined &&
    choice.isString &&
    contentType?.value.includes('application/json') &&
    !isExactJsonString(choice.text)
  ) {
    // axios re-serialises a string it cannot parse as JSON, and trims one it can: send the bytes.
    dataDoc = call('Buffer.from', dataDoc);
  }
  if (choice.multipart === 'form-data') {
    // axios writes the Content-Type with its boundary itself.
    headers = headers.filter((h) => !isContentType(h));
  } else if (choice.multipart === 'hand-built') {
    const line = contentType ?? { name: 'Content-Type', value: '' };
    if (!contentType) headers = [...headers, line];
    headerDocs.set(line, multipartContentType(contentType?.value, vars));
  } else if (!contentType && WITH_DATA.includes(upper)) {
    // axios would add `application/x-www-form-urlencoded`; curl sends no Content-Type here.
    const line = { name: 'Content-Type', value: '' };
    headers = [...headers, line];
    headerDocs.set(line, 'false');
  }

  // Headers: axios's own defaults are turned off with `false` where the command removes them.
  for (const name of spec.removedDefaults) {
    const spelled = { accept: 'Accept', 'user-agent': 'User-Agent', 'accept-encoding': 'Accept-Encoding' }[name];
    if (spelled !== undefined && !headers.some((h) => h.name.toLowerCase() === name)) {
      const line = { name: spelled, value: '' };
      headers.push(line);
      headerDocs.set(line, 'false');
    }
  }
  const dropped = headers.filter((h) => RISKY_KEYS.includes(h.name.toLowerCase()));
  if (dropped.length > 0) {
    warnings.push(specWarning('header-dropped', { client: 'axios', names: dropped.map((h) => h.name) }, spec.span));
  }
  const headerProps = groupHeaders(headers).map((group) => {
    const lines = headers.filter((h) => h.name.toLowerCase() === group.name.toLowerCase());
    const docs = lines.map((h) => headerDocs.get(h) ?? headerValueDoc(h.value, vars));
    return prop(headerKey(group.name, vars), docs.length === 1 ? docs[0]! : array(docs));
  });

  // The config.
  const config: Doc[] = [];
  if (headerProps.length > 0) config.push(prop('headers', object(headerProps, headerProps.length > 1)));
  if (spec.basicAuth) {
    config.push(
      prop(
        'auth',
        object([
          prop('username', vars.expr(spec.basicAuth.user)),
          prop('password', vars.expr(spec.basicAuth.password)),
        ]),
      ),
    );
  }
  if (!transport.followRedirects) config.push(prop('maxRedirects', '0'));
  else if (transport.maxRedirects !== undefined) config.push(prop('maxRedirects', String(transport.maxRedirects)));
  if (transport.timeoutSeconds !== undefined) {
    config.push(prop('timeout', milliseconds(transport.timeoutSeconds)));
  }
  const url = withoutUserinfo(spec.url);
  if (transport.insecure && !/^http:/i.test(url)) {
    const https = imports.module('https', 'node:https');
    config.push(prop('httpsAgent', call(`new ${https}.Agent`, object([prop('rejectUnauthorized', 'false')]))));
  }
  if (transport.proxy !== undefined) {
    const proxy = proxyDoc(transport.proxy, transport.proxyUser, vars);
    if (proxy) config.push(prop('proxy', proxy));
  }
  const urlWarning = urlChangeWarning(url, 'axios');
  if (urlWarning) warnings.push({ ...urlWarning, span: spec.urlSpan });
  const output = plan.outputFile;
  config.push(prop('responseType', output !== undefined ? "'arraybuffer'" : "'text'"));
  // Print the response whatever its status, as curl does.
  config.push(prop('validateStatus', '() => true'));

  // The call.
  if (dataDoc !== undefined && !(typeof dataDoc === 'string' && /^[A-Za-z_$][\w$]*$/.test(dataDoc))) {
    blocks.push(layout.statement('const data = ', dataDoc));
    dataDoc = 'data';
  }
  const urlDoc = vars.expr(url);
  let callDoc: Doc;
  const helper = method === upper && !hasVariables(method) ? method.toLowerCase() : undefined;
  if (helper && WITH_DATA.includes(upper)) {
    callDoc = call(`axios.${helper}`, urlDoc, dataDoc ?? 'null', object(config, config.length > 1));
  } else if (helper && WITHOUT_DATA.includes(upper) && dataDoc === undefined) {
    callDoc = call(`axios.${helper}`, urlDoc, object(config, config.length > 1));
  } else {
    const head: Doc[] = [prop('method', vars.expr(method)), prop('url', urlDoc)];
    if (dataDoc !== undefined) head.push(prop('data', dataDoc));
    callDoc = call('axios.request', object([...head, ...config], true));
  }
  if (typeof callDoc !== 'string' && callDoc.kind === 'list' && callDoc.items.length > 1) {
    // A URL too long for the call's first line gets a name of its own.
    const firstLine = `${callDoc.open}${callDoc.items
      .slice(0, -1)
      .map((item) => flat(item))
      .join(', ')}, {`;
    if (!layout.fitsOpening('const response = await ', firstLine)) {
      blocks.push(layout.statement('const url = ', urlDoc));
      callDoc = { ...callDoc, items: ['url', ...callDoc.items.slice(1)] };
    }
  }
  blocks.push(layout.statement('const response = await ', callDoc));

  // The response.
  const print = ['console.log(response.status, response.statusText);'];
  if (output !== undefined) {
    print.push(layout.statement('', call(imports.fsFunction('writeFileSync'), vars.expr(output), 'response.data')));
  } else print.push('console.log(response.data);');
  blocks.push(print.join('\n'));

  const helpers = cookie.helper ? [cookie.helper, ...choice.helpers] : choice.helpers;
  return { code: assemble(imports, vars, [...helpers, ...choice.blocks, ...blocks], options.indent), warnings };
}

export const javascriptAxios: Generator = {
  ...targetInfo('javascript-axios'),
  generate,
};
