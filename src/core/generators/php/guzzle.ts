/**
 * PHP with Guzzle 7: one `$client->request($method, $url, $options)` call
 * whose options are the idiomatic ones where Guzzle sends curl's bytes
 * (`json` when `json_encode` writes the same text, `form_params` when
 * `http_build_query` does, `multipart` parts in order) and the exact `body`
 * otherwise; redirects off and HTTP errors returned, as curl does by default.
 */
import type { Warning } from '../../errors.ts';
import type { FormPart } from '../../curl/model.ts';
import type { HeaderLine } from '../../http/request.ts';
import { planRequest } from '../../request-spec/plan.ts';
import { profileOf } from '../../request-spec/profiles.ts';
import { partFilename, type RequestSpec } from '../../request-spec/spec.ts';
import { specWarning } from '../../request-spec/warnings.ts';
import type { GeneratedCode, Generator } from '../types.ts';
import { targetInfo } from '../targets.ts';
import { proxyUrl } from '../python/kit.ts';
import { phpBodyText } from './curl.ts';
import {
  assoc,
  atom,
  call,
  layout,
  list,
  phpProgram,
  phpReadFile,
  phpString,
  phpText,
  phpUrlencode,
  PhpNames,
  type PhpExpr,
} from './kit.ts';

const CLIENT = 'Guzzle';

/** How curl escapes a multipart name or file name inside its quotes. */
const CURL_ESCAPES: Record<string, string> = { '"': '%22', '\r': '%0D', '\n': '%0A' };

/** `json_encode($value)` with its default flags: `/` and everything beyond ASCII escaped. */
function phpJsonEncode(value: unknown): string | null {
  if (value === null || typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return Number.isSafeInteger(value) && !Object.is(value, -0) ? String(value) : null;
  if (typeof value === 'string') {
    let out = '"';
    for (const ch of value) {
      const code = ch.codePointAt(0)!;
      if (ch === '"' || ch === '\\' || ch === '/') out += `\\${ch}`;
      else if (ch === '\n') out += '\\n';
      else if (ch === '\r') out += '\\r';
      else if (ch === '\t') out += '\\t';
      else if (ch === '\b') out += '\\b';
      else if (ch === '\f') out += '\\f';
      else if (code < 0x20 || code > 0x7e) {
        if (code >= 0xd800 && code <= 0xdfff) return null;
        for (let i = 0; i < ch.length; i++) out += `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`;
      } else out += ch;
    }
    return `${out}"`;
  }
  if (Array.isArray(value)) {
    const items = value.map(phpJsonEncode);
    return items.includes(null) ? null : `[${items.join(',')}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    const out: string[] = [];
    for (const [key, item] of entries) {
      // PHP turns integer-like keys into integers (a list when they count from 0).
      if (/^(0|-?[1-9][0-9]*)$/.test(key)) return null;
      const k = phpJsonEncode(key);
      const v = phpJsonEncode(item);
      if (k === null || v === null) return null;
      out.push(`${k}:${v}`);
    }
    return `{${out.join(',')}}`;
  }
  return null;
}

/** The JSON value as a PHP literal (`json_encode` writes an empty object from `(object) []`). */
function phpJsonLiteral(value: unknown): PhpExpr {
  if (value === null) return atom('null');
  if (typeof value === 'boolean' || typeof value === 'number') return atom(String(value));
  if (typeof value === 'string') return atom(phpString(value));
  if (Array.isArray(value)) return list(value.map(phpJsonLiteral));
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return atom('(object) []');
  return assoc(entries.map(([key, item]) => [phpString(key), phpJsonLiteral(item)]));
}

/** Header lines as Guzzle's `headers` option: one key per name (case-insensitive), repeated lines as a list. */
function headerArray(headers: HeaderLine[], names: PhpNames): PhpExpr {
  const groups: { name: string; values: string[] }[] = [];
  for (const h of headers) {
    const group = groups.find((g) => g.name.toLowerCase() === h.name.toLowerCase());
    if (group) group.values.push(h.value);
    else groups.push({ name: h.name, values: [h.value] });
  }
  return assoc(
    groups.map(({ name, values }) => [
      phpText(name, names),
      values.length === 1 ? atom(phpText(values[0]!, names)) : list(values.map((v) => atom(phpText(v, names)))),
    ]),
  );
}

function multipartParts(parts: FormPart[], names: PhpNames): PhpExpr {
  return list(
    parts.map((part) => {
      const entries: [string, PhpExpr][] = [["'name'", atom(phpText(part.name, names))]];
      if (part.type === 'field') {
        entries.push(["'contents'", atom(phpText(part.value, names))]);
        if (part.filename !== undefined) entries.push(["'filename'", atom(phpText(part.filename, names))]);
      } else if (part.type === 'file-content') entries.push(["'contents'", atom(phpReadFile(part.path, false, names))]);
      else {
        entries.push(["'contents'", call('Utils::tryFopen', [atom(phpText(part.path, names)), atom("'r'")])]);
        if (part.filename !== part.path.split('/').pop()) {
          entries.push(["'filename'", atom(phpText(part.filename, names))]);
        }
      }
      const headers: HeaderLine[] = [];
      // Guzzle writes name and file name between quotes as they are, the file name through basename():
      // where that changes them, the part carries the Content-Disposition curl writes.
      const filename = partFilename(part);
      if (/["\r\n]/.test(part.name) || (filename !== undefined && /["\r\n/]/.test(filename))) {
        const quoted = (text: string) => `"${text.replace(/["\r\n]/g, (ch) => CURL_ESCAPES[ch]!)}"`;
        const disposition = `form-data; name=${quoted(part.name)}${filename === undefined ? '' : `; filename=${quoted(filename)}`}`;
        headers.push({ name: 'Content-Disposition', value: disposition });
      }
      if (part.contentType !== undefined) headers.push({ name: 'Content-Type', value: part.contentType });
      headers.push(...part.headers);
      if (headers.length > 0) entries.push(["'headers'", headerArray(headers, names)]);
      return assoc(entries);
    }),
  );
}

function generate(spec: RequestSpec): GeneratedCode {
  const plan = planRequest(spec, profileOf('php-guzzle'));
  const warnings: Warning[] = plan.warnings.filter((w) => w.code !== 'raw-bytes');
  const names = new PhpNames();
  for (const variable of spec.variables) names.variable(variable);
  const t = spec.transport;
  // PSR-7's Uri writes no `?` before an empty query.
  const target = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*([^#]*)$/s.exec(spec.url)?.[1];
  if (target?.endsWith('?')) {
    const sent = target.slice(0, -1) || '/';
    warnings.push(specWarning('url-normalised', { client: CLIENT, sent, target }, spec.urlSpan ?? spec.span));
  }
  const uses = new Set<string>(['GuzzleHttp\\Client']);
  const options: [string, PhpExpr][] = [];
  let headers = plan.headers.filter(() => true);
  const sole = (name: string) => {
    const found = headers.filter((h) => h.name.toLowerCase() === name);
    return found.length === 1 ? found[0] : undefined;
  };

  // The body, most idiomatic first.
  const body = spec.body;
  const bodyOptions: [string, PhpExpr][] = [];
  if (!plan.dropBody) {
    const contentType = sole('content-type');
    if (
      body.kind === 'json' &&
      body.style === 'compact' &&
      contentType?.value === 'application/json' &&
      phpJsonEncode(body.value) === body.text
    ) {
      bodyOptions.push(["'json'", phpJsonLiteral(body.value)]);
      headers = headers.filter((h) => h !== contentType);
    } else if (
      body.kind === 'form' &&
      contentType?.value === 'application/x-www-form-urlencoded' &&
      new Set(body.pairs.map(([n]) => n)).size === body.pairs.length &&
      body.pairs.map(([n, v]) => `${phpUrlencode(n)}=${phpUrlencode(v)}`).join('&') === body.text &&
      !body.pairs.some(([n]) => /[[\]]/.test(n))
    ) {
      bodyOptions.push(["'form_params'", assoc(body.pairs.map(([n, v]) => [phpString(n), atom(phpString(v))]))]);
      headers = headers.filter((h) => h !== contentType);
    } else if (body.kind === 'multipart') {
      uses.add('GuzzleHttp\\Psr7\\Utils');
      if (!body.parts.some((p) => p.type === 'file')) uses.delete('GuzzleHttp\\Psr7\\Utils');
      bodyOptions.push(["'multipart'", multipartParts(body.parts, names)]);
      const multipartType = (h: HeaderLine) => h.name.toLowerCase() === 'content-type';
      for (const h of headers.filter(multipartType)) {
        if (!/^multipart\/form-data\s*$/i.test(h.value)) {
          warnings.push(
            specWarning('multipart-content-type', { client: CLIENT, header: `${h.name}: ${h.value}` }, h.span),
          );
        }
      }
      headers = headers.filter((h) => !multipartType(h));
    } else {
      const text = phpBodyText(spec, names);
      if (text !== null) bodyOptions.push(["'body'", atom(text)]);
    }
  }

  const headerIndex = options.length;
  options.push(...bodyOptions);
  if (spec.basicAuth) {
    const { user, password } = spec.basicAuth;
    options.push(["'auth'", list([atom(phpText(user, names)), atom(phpText(password, names))])]);
  }
  const curlOptions: [string, PhpExpr][] = [];
  if (plan.cookieFiles.length > 0) {
    // libcurl's cookie engine reads the file; the command's own cookies join them on one line, as curl sends them.
    const cookie =
      spec.cookieLine === undefined
        ? undefined
        : headers.find((h) => h.name === 'Cookie' && h.value === spec.cookieLine);
    if (cookie) curlOptions.push(['CURLOPT_COOKIE', atom(phpText(cookie.value, names))]);
    curlOptions.push(['CURLOPT_COOKIEFILE', atom(phpText(plan.cookieFiles[0]!, names))]);
    if (plan.cookieFiles.length > 1) {
      warnings.push(
        specWarning('cookie-file', { client: CLIENT, files: plan.cookieFiles.slice(1).join(', ') }, spec.span),
      );
    }
  }
  const sent = headers.filter(
    (h) =>
      !curlOptions.some(([name]) => name === 'CURLOPT_COOKIE') || h.value !== spec.cookieLine || h.name !== 'Cookie',
  );
  if (sent.length > 0) options.splice(headerIndex, 0, ["'headers'", headerArray(sent, names)]);
  if (!t.followRedirects) options.push(["'allow_redirects'", atom('false')]);
  else if (t.maxRedirects !== undefined && t.maxRedirects >= 0) {
    options.push(["'allow_redirects'", assoc([["'max'", atom(String(t.maxRedirects))]])]);
  } else options.push(["'allow_redirects'", assoc([["'max'", atom('50')]])]);
  options.push(["'http_errors'", atom('false')]);
  if (t.proxy !== undefined) options.push(["'proxy'", atom(phpText(proxyUrl(t.proxy, t.proxyUser), names))]);
  if (t.insecure) options.push(["'verify'", atom('false')]);
  if (t.connectTimeoutSeconds !== undefined) options.push(["'connect_timeout'", atom(String(t.connectTimeoutSeconds))]);
  if (t.timeoutSeconds !== undefined) options.push(["'timeout'", atom(String(t.timeoutSeconds))]);
  const version = { '1.0': "'1.0'", '2': "'2.0'" }[t.httpVersion as string];
  if (version) options.push(["'version'", atom(version)]);
  if (plan.outputFile !== undefined) options.push(["'sink'", atom(phpText(plan.outputFile, names))]);
  if (curlOptions.length > 0) options.push(["'curl'", assoc(curlOptions)]);

  // Guzzle adds its own User-Agent before the handlers run: a middleware takes it out again.
  const clientLines = ['$client = new Client();'];
  const userAgentSet = headers.some((h) => h.name.toLowerCase() === 'user-agent');
  if (spec.removedDefaults.includes('user-agent') && !userAgentSet) {
    uses.add('GuzzleHttp\\HandlerStack');
    uses.add('GuzzleHttp\\Middleware');
    clientLines.splice(
      0,
      1,
      '$stack = HandlerStack::create();',
      "$stack->push(Middleware::mapRequest(fn ($request) => $request->withoutHeader('User-Agent')));",
      "$client = new Client(['handler' => $stack]);",
    );
  }
  const args = [atom(phpText(spec.method.toUpperCase(), names)), atom(phpText(spec.url, names))];
  if (options.length > 0) args.push(assoc(options));
  const requestLines = layout(call('$client->request', args), '', '$response = ', ';');
  const output = plan.outputFile === undefined ? ['echo $response->getBody();'] : [];
  const code = phpProgram([
    ["require __DIR__ . '/vendor/autoload.php';"],
    [...uses].sort().map((name) => `use ${name};`),
    names.declare(spec.variables),
    [...clientLines, ...requestLines],
    output,
  ]);
  return { code, warnings };
}

export const phpGuzzle: Generator = {
  ...targetInfo('php-guzzle'),
  generate,
};
