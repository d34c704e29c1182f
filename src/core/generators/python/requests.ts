/**
 * Python with requests: `requests.get(...)`-style calls, `params=` and form or
 * JSON literals only where requests sends the same bytes, `files=` for
 * multipart in part order, and redirects off unless the command had -L.
 */
import type { RequestSpec } from '../../request-spec/spec.ts';
import type { HeaderLine } from '../../http/request.ts';
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
  outputLines,
  proxyUrl,
  pyStr,
  pyText,
  pyTextOrBytes,
  tuple,
  type PyExpr,
} from './kit.ts';
import { targetInfo } from '../targets.ts';

const HELPERS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

/**
 * Default headers a command can remove: requests' Accept is dropped with `None`;
 * those urllib3 or http.client add when missing (User-Agent, Accept-Encoding,
 * Host) only with urllib3's `SKIP_HEADER` marker.
 */
const REMOVABLE: Record<string, [string, string]> = {
  accept: ['Accept', 'None'],
  'accept-encoding': ['Accept-Encoding', 'urllib3.util.SKIP_HEADER'],
  'user-agent': ['User-Agent', 'urllib3.util.SKIP_HEADER'],
  host: ['Host', 'urllib3.util.SKIP_HEADER'],
};

/** requests keeps one value per header name: repeated lines are joined (cookies with `; `; the plan warns). */
function mergeHeaders(headers: HeaderLine[]): HeaderLine[] {
  const merged: HeaderLine[] = [];
  for (const header of headers) {
    const existing = merged.find((h) => h.name.toLowerCase() === header.name.toLowerCase());
    if (!existing) {
      merged.push({ ...header });
      continue;
    }
    const cookie = header.name.toLowerCase() === 'cookie';
    existing.value = `${existing.value}${cookie ? '; ' : ', '}${header.value}`;
  }
  return merged;
}

/**
 * `-b 'a=1; b=2'` as `cookies={"a": "1", "b": "2"}`: only for plain
 * ASCII `name=value` pairs with distinct names, which requests' cookie jar sends
 * back as written (joined with `; `).
 */
function cookieDict(spec: RequestSpec, headers: HeaderLine[]) {
  if (spec.cookieLine === undefined) return undefined;
  const header = headers.find((h) => h.name === 'Cookie' && h.value === spec.cookieLine);
  if (!header || headers.filter((h) => h.name.toLowerCase() === 'cookie').length > 1) return undefined;
  const pairs: [string, string][] = [];
  for (const item of header.value.split(';')) {
    // ASCII only: the cookie jar would send other characters as Latin-1, not curl's UTF-8.
    const match = /^\s*([!#-+\--:<>-[\]-~]+)=([!#-+\--:<-[\]-~]*)\s*$/.exec(item);
    if (!match || pairs.some(([name]) => name === match[1])) return undefined;
    pairs.push([match[1]!, match[2]!]);
  }
  return { header, pairs };
}

function generate(spec: RequestSpec, options: GenerateOptions = {}): GeneratedCode {
  const { plan, unit, warnings, transport, names, imports, url, body } = startPythonProgram(spec, options, 'requests');

  const setup: string[] = [];
  if (transport.insecure) {
    imports.add('import urllib3');
    setup.push('urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)');
  }

  // Cookies from -b as a dict, when requests writes them back unchanged.
  const cookies = cookieDict(spec, plan.headers);
  // Headers: the command's lines, requests' own defaults removed with None where the command removed curl's.
  const headerEntries: [string, PyExpr][] = mergeHeaders(
    plan.headers.filter((h) => !body.dropHeader(h) && h !== cookies?.header),
  ).map((h) => [pyText(h.name, names), atom(pyTextOrBytes(h.value, names))]);
  for (const name of spec.removedDefaults) {
    const removal = REMOVABLE[name];
    if (!removal) continue;
    headerEntries.push([pyStr(removal[0]), atom(removal[1])]);
    if (removal[1].startsWith('urllib3.')) imports.add('import urllib3');
  }

  const main: string[] = [];
  if (url.params) main.push(...assignment('params', url.params, '', unit));
  if (headerEntries.length > 0) main.push(...assignment('headers', dict(headerEntries), '', unit));
  if (cookies) {
    const entries = cookies.pairs.map(([name, value]): [string, PyExpr] => [
      pyText(name, names),
      atom(pyText(value, names)),
    ]);
    main.push(...assignment('cookies', dict(entries), '', unit));
  }
  const jar = cookieJarLines(plan.cookieFiles, names, imports, unit);
  if (jar) main.push(...jar.lines);
  main.push(...body.setup);

  // The call.
  const method = spec.method;
  const kwargs: PyExpr[] = [];
  if (url.params) kwargs.push(kwarg('params', atom('params')));
  if (headerEntries.length > 0) kwargs.push(kwarg('headers', atom('headers')));
  if (cookies) kwargs.push(kwarg('cookies', atom('cookies')));
  if (jar) kwargs.push(kwarg('cookies', atom(jar.name)));
  kwargs.push(...body.kwargs);
  if (spec.basicAuth) {
    const { user, password } = spec.basicAuth;
    kwargs.push(kwarg('auth', tuple([atom(pyTextOrBytes(user, names)), atom(pyTextOrBytes(password, names))])));
  }
  const { timeoutSeconds: total, connectTimeoutSeconds: connect } = transport;
  if (total !== undefined || connect !== undefined) {
    const value =
      connect === undefined
        ? atom(String(total!))
        : tuple([atom(String(connect)), atom(total === undefined ? 'None' : String(total))]);
    kwargs.push(kwarg('timeout', value));
  }
  if (transport.proxy !== undefined) {
    const proxy = atom(pyText(proxyUrl(transport.proxy, transport.proxyUser), names));
    kwargs.push(
      kwarg(
        'proxies',
        dict([
          ['"http"', proxy],
          ['"https"', proxy],
        ]),
      ),
    );
  }
  if (transport.insecure) kwargs.push(kwarg('verify', atom('False')));
  const head = method === 'HEAD';
  if (!transport.followRedirects && !head) kwargs.push(kwarg('allow_redirects', atom('False')));
  if (transport.followRedirects && head) kwargs.push(kwarg('allow_redirects', atom('True')));

  // curl's --max-redirs -1 means no limit: requests' default of 30 is kept then.
  const session = transport.followRedirects && transport.maxRedirects !== undefined && transport.maxRedirects >= 0;
  const client = session ? 'session' : 'requests';
  if (session) {
    main.push('session = requests.Session()', `session.max_redirects = ${transport.maxRedirects}`);
  }
  const target = atom(pyText(url.url, names));
  const callExpr = HELPERS.includes(method)
    ? call(`${client}.${method.toLowerCase()}`, [target, ...kwargs])
    : call(`${client}.request`, [atom(pyText(method, names)), target, ...kwargs]);

  const lines = importLines(imports, ['requests', 'urllib3']);
  const sections = [names.declare(spec.variables, '', unit), setup, main];
  for (const section of sections) if (section.length > 0) lines.push('', ...section);
  lines.push('', ...layout(callExpr, '', unit, 'response = '), ...outputLines(plan.outputFile, names, unit));
  return { code: `${lines.join('\n')}\n`, warnings };
}

export const pythonRequests: Generator = {
  ...targetInfo('python-requests'),
  generate,
};
