/**
 * Python's standard library `http.client`: one connection to the URL's host,
 * `conn.request(...)` with a header dict when that sends exactly the command's
 * lines, else `putrequest`/`putheader`/`endheaders`, which keep repeated
 * header lines and leave out the Host and Accept-Encoding lines the library
 * would add. Bodies go as the exact bytes (a JSON or form literal only where
 * `json.dumps` or `urlencode` writes the same text); multipart is built by hand.
 */
import type { FormPart } from '../../curl/model.ts';
import { contentTypeForFilename } from '../../curl/wire.ts';
import { planRequest } from '../../request-spec/plan.ts';
import { profileOf } from '../../request-spec/profiles.ts';
import { partFilename, type RequestSpec, type SpecHeader } from '../../request-spec/spec.ts';
import { specWarning } from '../../request-spec/warnings.ts';
import { targetInfo } from '../targets.ts';
import type { GenerateOptions, GeneratedCode, Generator } from '../types.ts';
import {
  assignment,
  atom,
  call,
  cookieJarLines,
  dict,
  exactFormLiteral,
  hasVars,
  importLines,
  kwarg,
  layout,
  list,
  planJson,
  planPieces,
  pyBytesOf,
  pyText,
  pyTextOrBytes,
  PyNames,
  readFile,
  stdinRead,
  type PyExpr,
} from './kit.ts';

interface Body {
  setup: string[];
  /** The body expression, or undefined for none. */
  expr?: string;
  /** The Content-Type the body needs in place of the command's (hand-built multipart). */
  contentType?: string;
}

const FORM_PART = [
  'def form_part(headers, data):',
  '    head = f"--{boundary}\\r\\n" + "\\r\\n".join(headers) + "\\r\\n\\r\\n"',
  '    return head.encode() + data + b"\\r\\n"',
];

/** A multipart/form-data body byte for byte as curl writes it: a random boundary, parts in order. */
function multipart(parts: FormPart[], contentType: SpecHeader | undefined, names: PyNames, unit: string): Body {
  const setup = ['boundary = uuid.uuid4().hex'];
  const items: PyExpr[] = [];
  for (const part of parts) {
    const quoted = (text: string) => text.replace(/"/g, '%22');
    let disposition = `Content-Disposition: form-data; name="${quoted(part.name)}"`;
    const filename = partFilename(part);
    if (filename !== undefined) disposition += `; filename="${quoted(filename)}"`;
    const lines = [disposition];
    const type = part.contentType ?? (part.type === 'file' ? contentTypeForFilename(part.path) : undefined);
    if (type !== undefined) lines.push(`Content-Type: ${type}`);
    for (const header of part.headers) lines.push(`${header.name}: ${header.value}`);
    let data = pyBytesOf(part.type === 'field' ? part.value : '', names);
    if (part.type !== 'field') {
      data = names.pick('file_data');
      setup.push(...readFile(data, part.path, false, names, '', unit));
    }
    items.push(call('form_part', [list(lines.map((line) => atom(pyText(line, names)))), atom(data)]));
  }
  items.push(atom('f"--{boundary}--\\r\\n".encode()'));
  setup.push('', '', ...FORM_PART.map((line) => line.replaceAll('    ', unit)), '', '');
  setup.push(...assignment('body', call('b"".join', [list(items)]), '', unit));
  const user = contentType?.value;
  let type = 'f"multipart/form-data; boundary={boundary}"';
  if (user !== undefined && !(/^multipart\//i.test(user) && !/boundary=/i.test(user))) type = pyText(user, names);
  else if (user !== undefined) type = `${pyText(user, names)} + f"; boundary={boundary}"`;
  return { setup, expr: 'body', contentType: type };
}

/**
 * The body as the exact bytes curl sends, in the plainest Python that writes
 * them: `request()` takes ASCII text as a str (it encodes a str as Latin-1),
 * `endheaders()` only bytes.
 */
function planBody(spec: RequestSpec, bytes: boolean, names: PyNames, imports: Set<string>, unit: string): Body {
  const body = spec.body;
  const exact = (text: string): Body => ({
    setup: [],
    expr: bytes || hasVars(text) ? pyBytesOf(text, names) : pyTextOrBytes(text, names),
  });
  const encode = bytes ? '.encode()' : '';
  const contentType = spec.headers.filter((h) => h.name.toLowerCase() === 'content-type');
  switch (body.kind) {
    case 'none':
      return { setup: [] };
    case 'text':
      return exact(body.text);
    case 'json': {
      const json = planJson(body.text, body.value, body.style);
      if (!json) return exact(body.text);
      imports.add('import json');
      const dumps = call(
        'json.dumps',
        [atom('payload'), ...(json.dumpsArgs ?? [])],
        json.nonAscii ? '.encode()' : encode,
      );
      return {
        setup: [...assignment('payload', json.literal, '', unit), ...assignment('body', dumps, '', unit)],
        expr: 'body',
      };
    }
    case 'form': {
      const form = exactFormLiteral(body.text, 'requests');
      if (!form) return exact(body.text);
      imports.add('from urllib.parse import urlencode');
      return { setup: [...assignment('form', form, '', unit), `body = urlencode(form)${encode}`], expr: 'body' };
    }
    case 'file':
      return { setup: readFile('body', body.path, body.strip, names, '', unit), expr: 'body' };
    case 'stdin':
      imports.add('import sys');
      return { setup: [], expr: stdinRead(body.strip) };
    case 'pieces': {
      const pieces = planPieces(body.pieces, names, '', unit);
      for (const line of pieces.imports) imports.add(line);
      return { setup: [...pieces.setup, ...assignment('body', pieces.body, '', unit)], expr: 'body' };
    }
    case 'multipart':
      imports.add('import uuid');
      return multipart(body.parts, contentType.length === 1 ? contentType[0] : undefined, names, unit);
  }
}

/** The request target http.client accepts (ASCII without spaces or controls): the rest percent-encoded. */
function encodeTarget(target: string): string {
  return target.replace(/[^\x21-\x7e]/gu, (ch) =>
    [...new TextEncoder().encode(ch)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  );
}

function generate(spec: RequestSpec, options: GenerateOptions = {}): GeneratedCode {
  const plan = planRequest(spec, profileOf('python-http-client'));
  const unit = options.indent ?? '    ';
  const warnings = [...plan.warnings];
  const names = new PyNames();
  for (const variable of spec.variables) names.variable(variable);
  const imports = new Set(['import http.client']);
  if (spec.variables.length > 0) imports.add('import os');

  const match = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)([^#]*)/s.exec(spec.url);
  const https = (match?.[1] ?? 'http').toLowerCase() === 'https';
  const authority = match ? match[2]!.slice(match[2]!.lastIndexOf('@') + 1) : spec.url;
  const written = match?.[3] || '/';
  const target = hasVars(written) ? written : encodeTarget(written);
  if (target !== written) {
    const sent = { client: 'http.client', sent: target, target: written };
    warnings.push(specWarning('url-normalised', sent, spec.urlSpan ?? spec.span));
  }

  // request() keeps one line per name and adds Host unless one is set: putheader sends each line as it is.
  const lower = plan.headers.map((h) => h.name.toLowerCase());
  const simple = new Set(lower).size === lower.length && !spec.removedDefaults.includes('host');
  const body = planBody(spec, !simple, names, imports, unit);
  const headers: [string, PyExpr][] = plan.headers
    .filter((h) => !(body.contentType && h.name.toLowerCase() === 'content-type'))
    .map((h) => [pyText(h.name, names), atom(pyTextOrBytes(h.value, names))]);
  if (body.contentType) headers.push(['"Content-Type"', atom(body.contentType)]);
  const setup: string[] = [...body.setup];

  // Cookie files: the standard library's cookie jar picks the cookies for this URL as curl does.
  const jar = cookieJarLines(plan.cookieFiles, names, imports, unit);
  let jarCookies = false;
  if (jar) {
    imports.add('from urllib.request import Request');
    setup.push(...jar.lines, `jar_request = Request(${pyText(spec.url, names)})`);
    setup.push(`${jar.name}.add_cookie_header(jar_request)`, 'cookies = jar_request.get_header("Cookie", "")');
    const line = headers.findIndex(([name]) => name === '"Cookie"' && spec.cookieLine !== undefined);
    if (line === -1) jarCookies = true;
    else {
      const own = pyTextOrBytes(spec.cookieLine!, names);
      headers[line] = ['"Cookie"', atom(`"; ".join(filter(None, [cookies, ${own}]))`)];
    }
  }
  if (spec.basicAuth) {
    imports.add('import base64');
    const pair = pyBytesOf(`${spec.basicAuth.user}:${spec.basicAuth.password}`, names);
    setup.push(...assignment('credentials', call('base64.b64encode', [atom(pair)], '.decode()'), '', unit));
    headers.push(['"Authorization"', atom('f"Basic {credentials}"')]);
  }

  const connArgs: PyExpr[] = [atom(pyText(authority, names))];
  if (spec.transport.timeoutSeconds !== undefined) {
    connArgs.push(kwarg('timeout', atom(String(spec.transport.timeoutSeconds))));
  }
  if (https && spec.transport.insecure) {
    imports.add('import ssl');
    setup.push('context = ssl.create_default_context()', 'context.check_hostname = False');
    setup.push('context.verify_mode = ssl.CERT_NONE');
    connArgs.push(kwarg('context', atom('context')));
  }
  const connection = call(https ? 'http.client.HTTPSConnection' : 'http.client.HTTPConnection', connArgs);

  const method = atom(pyText(spec.method, names));
  const path = atom(pyText(target, names));
  const main = layout(connection, '', unit, 'conn = ');
  if (simple) {
    const args = [method, path];
    if (body.expr) args.push(kwarg('body', atom(body.expr)));
    if (headers.length > 0 || jarCookies) {
      setup.push(...assignment('headers', dict(headers), '', unit));
      if (jarCookies) setup.push('if cookies:', `${unit}headers["Cookie"] = cookies`);
      args.push(kwarg('headers', atom('headers')));
    }
    main.push(...layout(call('conn.request', args), '', unit));
  } else {
    const skipHost = lower.includes('host') || spec.removedDefaults.includes('host');
    const put = [method, path, ...(skipHost ? [kwarg('skip_host', atom('True'))] : [])];
    main.push(...layout(call('conn.putrequest', [...put, kwarg('skip_accept_encoding', atom('True'))]), '', unit));
    for (const [name, value] of headers) main.push(...layout(call('conn.putheader', [atom(name), value]), '', unit));
    if (jarCookies) main.push('if cookies:', `${unit}conn.putheader("Cookie", cookies)`);
    if (body.expr && body.expr !== 'body') setup.push(...assignment('body', atom(body.expr), '', unit));
    if (body.expr) main.push('conn.putheader("Content-Length", str(len(body)))');
    main.push(body.expr ? 'conn.endheaders(body)' : 'conn.endheaders()');
  }
  main.push('response = conn.getresponse()', 'print(response.status)');
  if (plan.outputFile === undefined) main.push('print(response.read().decode())');
  else {
    main.push(
      ...layout(call('open', [atom(pyText(plan.outputFile, names)), atom('"wb"')]), '', unit, 'with ', ' as f:'),
    );
    main.push(`${unit}f.write(response.read())`);
  }
  main.push('conn.close()');

  const lines = importLines(imports, []);
  for (const section of [names.declare(spec.variables, '', unit), setup, main]) {
    if (section.length > 0) lines.push('', ...section);
  }
  return { code: `${lines.join('\n').replace(/\n{4,}/g, '\n\n\n')}\n`, warnings };
}

export const pythonHttpClient: Generator = {
  ...targetInfo('python-http-client'),
  generate,
};
