/**
 * Python with httpx: `httpx.get(...)`-style calls (a `Client` when the
 * command needs client settings such as removed default headers or a
 * redirect limit), `content=` for exact bytes, form or JSON literals only
 * where httpx sends the same bytes, `files=` for multipart in part order.
 */
import type { RequestSpec } from '../../request-spec/spec.ts';
import type { GenerateOptions, GeneratedCode, Generator } from '../types.ts';
import {
  startPythonProgram,
  assignment,
  atom,
  call,
  cookieJarLines,
  dict,
  importLines,
  kwarg,
  layout,
  list,
  outputLines,
  proxyUrl,
  pyStr,
  pyText,
  pyTextOrBytes,
  tuple,
  type PyExpr,
} from './kit.ts';
import { targetInfo } from '../targets.ts';

/** The top-level helpers; those of GET, HEAD, OPTIONS and DELETE take no body. */
const HELPERS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
const BODYLESS = ['GET', 'HEAD', 'OPTIONS', 'DELETE'];

/** Header names httpx sends by default, as spelled in `client.headers`. */
const DEFAULT_NAMES: Record<string, string> = {
  accept: 'Accept',
  'user-agent': 'User-Agent',
  'accept-encoding': 'Accept-Encoding',
};

function generate(spec: RequestSpec, options: GenerateOptions = {}): GeneratedCode {
  const { plan, unit, warnings, transport, names, imports, url, body } = startPythonProgram(spec, options, 'httpx');

  // Headers: a dict, or a list of pairs when a name repeats (httpx sends each line).
  const headers = plan.headers.filter((h) => !body.dropHeader(h));
  const repeated = new Set(headers.map((h) => h.name.toLowerCase())).size < headers.length;
  // h11 refuses a value with surrounding whitespace, which is not part of the value in HTTP anyway.
  const headerValue = (value: string) => atom(pyTextOrBytes(value.replace(/^[ \t]+|[ \t]+$/g, ''), names));
  const headersExpr = repeated
    ? list(headers.map((h) => tuple([atom(pyText(h.name, names)), headerValue(h.value)])))
    : dict(headers.map((h) => [pyText(h.name, names), headerValue(h.value)]));

  // Client settings.
  const clientKwargs: PyExpr[] = [];
  const requestKwargs: PyExpr[] = [];
  const removed: string[] = [];
  for (const name of spec.removedDefaults) {
    const spelled = DEFAULT_NAMES[name];
    if (spelled) removed.push(spelled);
  }
  if (transport.insecure) clientKwargs.push(kwarg('verify', atom('False')));
  if (transport.followRedirects) clientKwargs.push(kwarg('follow_redirects', atom('True')));
  // curl's --max-redirs -1 means no limit: httpx's default of 20 is kept then.
  const redirectLimit =
    transport.followRedirects && transport.maxRedirects !== undefined && transport.maxRedirects >= 0;
  const useClient = removed.length > 0 || redirectLimit;
  if (redirectLimit) {
    clientKwargs.push(kwarg('max_redirects', atom(String(transport.maxRedirects))));
  }
  const { timeoutSeconds: total, connectTimeoutSeconds: connect } = transport;
  if (total !== undefined || connect !== undefined) {
    const value =
      connect === undefined
        ? atom(String(total!))
        : call('httpx.Timeout', [
            atom(total === undefined ? 'None' : String(total)),
            kwarg('connect', atom(String(connect))),
          ]);
    clientKwargs.push(kwarg('timeout', value));
  }
  if (transport.proxy !== undefined) {
    clientKwargs.push(kwarg('proxy', atom(pyText(proxyUrl(transport.proxy, transport.proxyUser), names))));
  }

  const main: string[] = [];
  if (url.params) main.push(...assignment('params', url.params, '', unit));
  if (headers.length > 0) main.push(...assignment('headers', headersExpr, '', unit));
  const jar = cookieJarLines(plan.cookieFiles, names, imports, unit);
  if (jar) {
    main.push(...jar.lines);
    clientKwargs.push(kwarg('cookies', atom(jar.name)));
  }
  main.push(...body.setup);

  if (url.params) requestKwargs.push(kwarg('params', atom('params')));
  if (headers.length > 0) requestKwargs.push(kwarg('headers', atom('headers')));
  requestKwargs.push(...body.kwargs);
  if (spec.basicAuth) {
    const { user, password } = spec.basicAuth;
    requestKwargs.push(kwarg('auth', tuple([atom(pyText(user, names)), atom(pyText(password, names))])));
  }

  const method = spec.method;
  const hasBody = body.kwargs.length > 0;
  const helper = HELPERS.includes(method) && !(hasBody && BODYLESS.includes(method));
  const target = atom(pyText(url.url, names));
  const callFor = (object: string, kwargs: PyExpr[]) =>
    helper
      ? call(`${object}.${method.toLowerCase()}`, [target, ...kwargs])
      : call(`${object}.request`, [atom(pyText(method, names)), target, ...kwargs]);

  const lines = importLines(imports, ['httpx']);
  const sections = [names.declare(spec.variables, '', unit), main];
  for (const section of sections) if (section.length > 0) lines.push('', ...section);
  lines.push('');
  if (useClient) {
    lines.push(...layout(call('httpx.Client', clientKwargs), '', unit, 'with ', ' as client:'));
    for (const name of removed) lines.push(`${unit}del client.headers[${pyStr(name)}]`);
    lines.push(...layout(callFor('client', requestKwargs), unit, unit, 'response = '), '');
  } else {
    lines.push(...layout(callFor('httpx', [...requestKwargs, ...clientKwargs]), '', unit, 'response = '));
  }
  lines.push(...outputLines(plan.outputFile, names, unit));
  return { code: `${lines.join('\n')}\n`, warnings };
}

export const pythonHttpx: Generator = {
  ...targetInfo('python-httpx'),
  generate,
};
