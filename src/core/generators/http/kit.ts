/**
 * The request message curl puts on the wire, worked out from a request spec
 * at conversion time, for the targets that are data rather than programs (the
 * raw HTTP/1.1 message, a HAR entry): the request line, header lines in
 * curl's order with curl's own defaults, and the body text when it can be
 * known without reading files. Variables become `{{NAME}}` templates, the
 * syntax HTTP request files and the project's REST client fill in.
 */
import { flatMap } from '../../arrays.ts';
import type { Warning } from '../../errors.ts';
import { bytesToBase64 } from '../../bytes.ts';
import { dataBytes, multipartBytes, splitUrl, WireError } from '../../curl/wire.ts';
import type { HeaderLine } from '../../http/request.ts';
import { bytesToText, utf8Bytes } from '../../raw-bytes.ts';
import { planRequest } from '../../request-spec/plan.ts';
import type { ClientProfile } from '../../request-spec/profiles.ts';
import type { FormPart, RequestSpec } from '../../request-spec/spec.ts';
import { specWarning } from '../../request-spec/warnings.ts';
import { replaceVariables } from '../../variables.ts';

/** The User-Agent curl sends by default (the version the equivalence suite verifies against). */
export const CURL_USER_AGENT = 'curl/7.88.1';

export interface CurlMessage {
  method: string;
  /** The absolute URL, query bytes as written, fragment kept out. */
  url: string;
  /** The request target of the request line: path and query bytes as written. */
  target: string;
  /** `HTTP/1.1`, or `HTTP/1.0` for `-0`. */
  version: string;
  /** Every header line curl sends, in its order: Host, credentials, its defaults, the command's, Content-Length, Content-Type. */
  headers: HeaderLine[];
  /** The body text (UTF-8 when sent); null when the request has none or it could not be known. */
  body: string | null;
  /** The body's Content-Type (the last one set), if any. */
  contentType?: string;
  /** The request has a body whose bytes are only known when curl runs. */
  bodyUnknown: boolean;
  /** Multipart parts when the body is a form whose files are read when curl runs (their contents unknown). */
  unreadParts?: FormPart[];
  warnings: Warning[];
}

const DEFAULT_PORTS: Record<string, string> = { http: '80', https: '443' };

/** `{{NAME}}` for each variable marker of a model string. */
export function templated(text: string): string {
  return replaceVariables(text, (name) => `{{${name}}}`);
}

/** A multipart boundary in curl's style that none of the parts' bytes contain (fixed, so the output is stable). */
function boundaryFor(parts: readonly FormPart[]): string {
  const texts = parts.map((p) => `${p.name}${p.type === 'field' ? p.value : ''}`);
  for (let n = 0; ; n++) {
    const boundary = `------------------------${(0x9e3779b97f4a7c15n + BigInt(n)).toString(16).padStart(16, '0')}`;
    if (!texts.some((text) => text.includes(boundary))) return boundary;
  }
}

/** Where a body's bytes come from when curl runs, for the warning; null when they are known now. */
function runTimeSource(spec: RequestSpec): string | null {
  const body = spec.body;
  switch (body.kind) {
    case 'file':
      return `the file ${body.path}`;
    case 'stdin':
      return 'standard input';
    case 'pieces': {
      const files = flatMap(body.pieces, (p) => ('path' in p ? [p.path] : []));
      if (files.length > 0) return `the file${files.length > 1 ? 's' : ''} ${files.join(', ')}`;
      return body.pieces.some((p) => p.type === 'stdin') ? 'standard input' : null;
    }
    case 'multipart': {
      const files = flatMap(body.parts, (p) => (p.type === 'field' ? [] : [p.path]));
      return files.length > 0 ? `the file${files.length > 1 ? 's' : ''} ${files.join(', ')}` : null;
    }
    default:
      return null;
  }
}

/** The variables as templates, for the wire builders (which substitute values). */
function templateValues(spec: RequestSpec): Record<string, string> {
  return Object.fromEntries(spec.variables.map((name) => [name, `{{${name}}}`]));
}

/** The message curl sends for `spec`, as far as it is known when converting. */
export function curlMessage(spec: RequestSpec, profile: ClientProfile): CurlMessage {
  const plan = planRequest(spec, profile);
  const warnings = [...plan.warnings];
  const { client } = profile;
  const lower = (h: HeaderLine) => h.name.toLowerCase();
  const specHeaders = plan.headers.map((h) => ({ name: templated(h.name), value: templated(h.value) }));
  const has = (name: string) => specHeaders.some((h) => lower(h) === name);
  const removed = (name: string) => spec.removedDefaults.includes(name);
  if (spec.variables.length > 0) {
    warnings.push(specWarning('variables-as-templates', { client, names: spec.variables }, spec.span));
  }

  const url = templated(spec.url);
  let parts: ReturnType<typeof splitUrl>;
  try {
    parts = splitUrl(url);
  } catch {
    // A URL without a scheme (a variable in front): curl would add http://.
    parts = splitUrl(`http://${url}`);
  }
  const port = parts.port && parts.port !== DEFAULT_PORTS[parts.scheme] ? `:${parts.port}` : '';
  const absolute = `${parts.scheme}://${parts.host}${parts.port ? `:${parts.port}` : ''}${parts.target}`;

  const headers: HeaderLine[] = [];
  const userHost = specHeaders.find((h) => lower(h) === 'host');
  if (userHost) headers.push(userHost);
  else if (!removed('host')) headers.push({ name: 'Host', value: `${parts.host}${port}` });
  if (spec.basicAuth) {
    const credentials = utf8Bytes(`${templated(spec.basicAuth.user)}:${templated(spec.basicAuth.password)}`);
    headers.push({ name: 'Authorization', value: `Basic ${bytesToBase64(credentials)}` });
  }
  // curl's defaults go after the headers its options make (credentials, range, -A) and before the rest.
  const rest = specHeaders.filter((h) => h !== userHost);
  let split = rest.findIndex((h) => !['authorization', 'range', 'user-agent'].includes(lower(h)));
  if (split === -1) split = rest.length;
  const defaults: HeaderLine[] = [];
  if (!has('user-agent') && !removed('user-agent')) defaults.push({ name: 'User-Agent', value: CURL_USER_AGENT });
  if (!has('accept') && !removed('accept')) defaults.push({ name: 'Accept', value: '*/*' });
  if (spec.transport.compressed && !has('accept-encoding') && !removed('accept-encoding')) {
    defaults.push({ name: 'Accept-Encoding', value: 'deflate, gzip, br, zstd' });
  }
  headers.push(...rest.slice(0, split), ...defaults, ...rest.slice(split));

  // The body, when its bytes are known now.
  let body: string | null = null;
  let unreadParts: FormPart[] | undefined;
  const source = runTimeSource(spec);
  const variables = templateValues(spec);
  const noFiles = () => {
    throw new WireError('read at run time');
  };
  if (source !== null) {
    warnings.push(specWarning('body-not-embedded', { client, source }, spec.span));
    if (spec.body.kind === 'multipart') unreadParts = spec.body.parts;
  } else if (spec.body.kind === 'multipart') {
    const boundary = boundaryFor(spec.body.parts);
    body = bytesToText(multipartBytes(spec.body.parts, boundary, { readFile: noFiles, variables }));
    const user = headers.find((h) => lower(h) === 'content-type');
    if (!user) headers.push({ name: 'Content-Type', value: `multipart/form-data; boundary=${boundary}` });
    else if (/^multipart\//i.test(user.value) && !/boundary=/i.test(user.value)) {
      user.value = `${user.value}; boundary=${boundary}`;
    }
  } else if (spec.body.kind === 'pieces') {
    body = bytesToText(dataBytes(spec.body.pieces, { readFile: noFiles, variables }));
  } else if (spec.body.kind === 'text' || spec.body.kind === 'json' || spec.body.kind === 'form') {
    body = templated(spec.body.text);
  }
  if (body !== null) {
    const length = { name: 'Content-Length', value: String(utf8Bytes(body).length) };
    const last = headers[headers.length - 1];
    // curl writes Content-Length before the Content-Type it adds itself.
    if (last && lower(last) === 'content-type') headers.splice(headers.length - 1, 0, length);
    else headers.push(length);
  }
  const contentType = [...headers].reverse().find((h) => lower(h) === 'content-type')?.value;

  return {
    method: templated(spec.method),
    url: absolute,
    target: parts.target,
    version: spec.transport.httpVersion === '1.0' ? 'HTTP/1.0' : 'HTTP/1.1',
    headers,
    body,
    bodyUnknown: source !== null,
    ...(contentType !== undefined ? { contentType } : {}),
    ...(unreadParts ? { unreadParts } : {}),
    warnings,
  };
}
