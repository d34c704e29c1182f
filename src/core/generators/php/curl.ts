/**
 * PHP with its curl extension: `curl_init` and one `curl_setopt_array` with
 * the command's options (libcurl underneath, so they mean what they mean to
 * curl), every header line kept in `CURLOPT_HTTPHEADER` (repeated ones too),
 * `-F` parts as a POSTFIELDS array with `CURLFile` for file parts.
 */
import type { Warning } from '../../errors.ts';
import type { DataPiece, FormPart } from '../../curl/model.ts';
import { curlUrlEncode } from '../../curl/urlencode.ts';
import { hasVariables } from '../../variables.ts';
import { planRequest } from '../../request-spec/plan.ts';
import { profileOf } from '../../request-spec/profiles.ts';
import type { RequestSpec } from '../../request-spec/spec.ts';
import { specWarning } from '../../request-spec/warnings.ts';
import type { GeneratedCode, Generator } from '../types.ts';
import { targetInfo } from '../targets.ts';
import { assoc, atom, call, layout, list, phpProgram, phpReadFile, phpText, PhpNames, type PhpExpr } from './kit.ts';

const HTTP_VERSIONS: Record<string, string> = {
  '1.0': 'CURL_HTTP_VERSION_1_0',
  '1.1': 'CURL_HTTP_VERSION_1_1',
  '2': 'CURL_HTTP_VERSION_2_0',
  '2-prior-knowledge': 'CURL_HTTP_VERSION_2_PRIOR_KNOWLEDGE',
};

const CLIENT = 'PHP curl';

/** `-d`/`--data-urlencode` pieces joined the way curl joins them, as one string expression. */
export function phpPieces(pieces: DataPiece[], names: PhpNames): string {
  const terms: string[] = [];
  let text = '';
  const flush = () => {
    if (text !== '') terms.push(phpText(text, names));
    text = '';
  };
  // curl's --data-urlencode: rawurlencode's escapes, with + for a space.
  const formEscape = (expr: string) => `str_replace('%20', '+', rawurlencode(${expr}))`;
  pieces.forEach((piece, index) => {
    if (index > 0 && !('json' in piece && piece.json)) text += '&';
    switch (piece.type) {
      case 'literal':
        text += piece.text;
        break;
      case 'urlencode':
        if (piece.name !== undefined) text += `${piece.name}=`;
        if (!hasVariables(piece.value)) text += curlUrlEncode(piece.value);
        else {
          flush();
          terms.push(formEscape(phpText(piece.value, names)));
        }
        break;
      case 'file':
      case 'stdin':
        flush();
        terms.push(phpReadFile(piece.type === 'stdin' ? '-' : piece.path, piece.strip, names));
        break;
      case 'urlencode-file':
        if (piece.name !== undefined) text += `${piece.name}=`;
        flush();
        terms.push(formEscape(phpReadFile(piece.path, false, names)));
        break;
    }
  });
  flush();
  return terms.length === 0 ? "''" : terms.join(' . ');
}

/** The body as a string expression, or null for none or multipart. */
export function phpBodyText(spec: RequestSpec, names: PhpNames): string | null {
  const body = spec.body;
  switch (body.kind) {
    case 'text':
    case 'json':
    case 'form':
      return phpText(body.text, names);
    case 'file':
      return phpReadFile(body.path, body.strip, names);
    case 'stdin':
      return phpReadFile('-', body.strip, names);
    case 'pieces':
      return phpPieces(body.pieces, names);
    default:
      return null;
  }
}

/** `-F` parts as a POSTFIELDS array: one entry per name, CURLFile for a file. */
function mimeArray(parts: FormPart[], names: PhpNames, warnings: Warning[]): PhpExpr {
  const entries: [string, PhpExpr][] = [];
  const seen = new Set<string>();
  for (const part of parts) {
    if (seen.has(part.name)) {
      warnings.push(specWarning('multipart-repeated-name', { client: CLIENT, name: part.name }, part.span));
    }
    seen.add(part.name);
    if (part.headers.length > 0) {
      warnings.push(specWarning('multipart-part-headers', { client: CLIENT, part: part.name }, part.span));
    }
    let value: PhpExpr;
    if (part.type === 'field' && part.filename !== undefined) {
      // A text sent as a file (standard input given to `-F name=@-`).
      const args = [atom(phpText(part.value, names)), atom(phpText(part.filename, names))];
      if (part.contentType !== undefined) args.push(atom(phpText(part.contentType, names)));
      value = call('new CURLStringFile', args);
    } else if (part.type === 'field' || part.type === 'file-content') {
      if (part.contentType !== undefined) {
        warnings.push(
          specWarning('multipart-part-type', { client: CLIENT, part: part.name, type: part.contentType }, part.span),
        );
      }
      value = atom(part.type === 'field' ? phpText(part.value, names) : phpReadFile(part.path, false, names));
    } else {
      const args = [atom(phpText(part.path, names))];
      const named = part.filename !== part.path.split('/').pop();
      if (part.contentType !== undefined || named) {
        args.push(atom(part.contentType !== undefined ? phpText(part.contentType, names) : 'null'));
      }
      if (named) args.push(atom(phpText(part.filename, names)));
      value = call('new CURLFile', args);
    }
    entries.push([phpText(part.name, names), value]);
  }
  return assoc(entries);
}

function generate(spec: RequestSpec): GeneratedCode {
  const plan = planRequest(spec, profileOf('php-curl'));
  // A PHP string holds any bytes: those that are not UTF-8 go out as they are.
  const warnings = plan.warnings.filter((w) => w.code !== 'raw-bytes');
  const names = new PhpNames();
  for (const variable of spec.variables) names.variable(variable);
  const t = spec.transport;
  const options: [string, PhpExpr][] = [];
  const opt = (name: string, value: string | PhpExpr) =>
    options.push([name, typeof value === 'string' ? atom(value) : value]);

  opt('CURLOPT_URL', phpText(spec.url, names));
  const bodyText = phpBodyText(spec, names);
  const multipart = spec.body.kind === 'multipart';
  const hasBody = bodyText !== null || multipart;
  if (!hasBody && spec.method === 'HEAD') opt('CURLOPT_NOBODY', 'true');
  else if (spec.method !== (hasBody ? 'POST' : 'GET')) opt('CURLOPT_CUSTOMREQUEST', phpText(spec.method, names));

  // Header lines as sent: `Name;` sends an empty value (`Name:` would remove the header).
  const lines: string[] = [];
  const cookieHeader = plan.headers.find((h) => h.name === 'Cookie' && h.value === spec.cookieLine);
  for (const h of plan.headers) {
    if (h !== cookieHeader) lines.push(h.value === '' ? `${h.name};` : `${h.name}: ${h.value}`);
  }
  const has = (name: string) => plan.headers.some((h) => h.name.toLowerCase() === name);
  const removed = new Set(spec.removedDefaults);
  if (removed.has('accept')) lines.push('Accept:');
  if (removed.has('host')) lines.push('Host:');
  if (removed.has('accept-encoding') && t.compressed) lines.push('Accept-Encoding:');
  // A string POSTFIELDS implies a form Content-Type: the command set none (or removed it).
  if (bodyText !== null && !has('content-type')) lines.push('Content-Type:');
  if (lines.length > 0) opt('CURLOPT_HTTPHEADER', list(lines.map((l) => atom(phpText(l, names)))));
  if (cookieHeader) opt('CURLOPT_COOKIE', phpText(cookieHeader.value, names));
  if (plan.cookieFiles.length > 0) opt('CURLOPT_COOKIEFILE', phpText(plan.cookieFiles[0]!, names));
  if (spec.basicAuth) {
    opt('CURLOPT_USERNAME', phpText(spec.basicAuth.user, names));
    opt('CURLOPT_PASSWORD', phpText(spec.basicAuth.password, names));
  }
  if (bodyText !== null) opt('CURLOPT_POSTFIELDS', bodyText);
  if (spec.body.kind === 'multipart') opt('CURLOPT_POSTFIELDS', mimeArray(spec.body.parts, names, warnings));
  if (t.compressed) opt('CURLOPT_ENCODING', "''");
  if (t.followRedirects) {
    opt('CURLOPT_FOLLOWLOCATION', 'true');
    if (t.maxRedirects !== undefined) opt('CURLOPT_MAXREDIRS', String(t.maxRedirects));
    if (t.locationTrusted) opt('CURLOPT_UNRESTRICTED_AUTH', 'true');
  }
  if (t.proxy !== undefined) {
    opt('CURLOPT_PROXY', phpText(t.proxy, names));
    if (t.proxyUser !== undefined) opt('CURLOPT_PROXYUSERPWD', phpText(t.proxyUser, names));
  }
  if (t.insecure) {
    opt('CURLOPT_SSL_VERIFYPEER', 'false');
    opt('CURLOPT_SSL_VERIFYHOST', '0');
  }
  const ms = (seconds: number) => String(Math.max(0, Math.round(seconds * 1000)));
  if (t.connectTimeoutSeconds !== undefined) opt('CURLOPT_CONNECTTIMEOUT_MS', ms(t.connectTimeoutSeconds));
  if (t.timeoutSeconds !== undefined) opt('CURLOPT_TIMEOUT_MS', ms(t.timeoutSeconds));
  const version = t.httpVersion && HTTP_VERSIONS[t.httpVersion];
  if (version) opt('CURLOPT_HTTP_VERSION', version);

  const setup: string[] = [];
  const finish: string[] = [];
  if (plan.outputFile !== undefined) {
    setup.push(`$fp = fopen(${phpText(plan.outputFile, names)}, 'wb');`);
    opt('CURLOPT_FILE', '$fp');
    finish.push(
      'if (curl_exec($ch) === false) {',
      '    fwrite(STDERR, curl_error($ch) . PHP_EOL);',
      '    exit(1);',
      '}',
    );
    finish.push('curl_close($ch);', 'fclose($fp);');
  } else {
    opt('CURLOPT_RETURNTRANSFER', 'true');
    finish.push(
      '$response = curl_exec($ch);',
      'if ($response === false) {',
      '    fwrite(STDERR, curl_error($ch) . PHP_EOL);',
      '    exit(1);',
      '}',
      'curl_close($ch);',
      '',
      'echo $response;',
    );
  }
  const extraCookieFiles = plan.cookieFiles
    .slice(1)
    .map((file) => `curl_setopt($ch, CURLOPT_COOKIEFILE, ${phpText(file, names)});`);

  const code = phpProgram([
    names.declare(spec.variables),
    setup,
    [
      '$ch = curl_init();',
      ...layout(call('curl_setopt_array', [atom('$ch'), assoc(options)]), '', '', ';'),
      ...extraCookieFiles,
    ],
    finish,
  ]);
  return { code, warnings };
}

export const phpCurl: Generator = {
  ...targetInfo('php-curl'),
  generate,
};
