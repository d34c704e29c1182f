/**
 * C with libcurl, the engine of the curl tool itself: `curl_easy_setopt` for
 * each of the command's options (as `curl --libcurl` writes them), a
 * `curl_slist` of header lines (`Name:` removes one of libcurl's own, `Name;`
 * sends an empty one), `curl_mime` for `-F` parts, and request bodies read
 * from files or standard input at run time. Everything curl can send, libcurl
 * sends the same way, bytes included.
 */
import type { DataPiece, FormPart } from '../../curl/model.ts';
import { curlUrlEncode } from '../../curl/urlencode.ts';
import { hasVariables } from '../../variables.ts';
import { planRequest } from '../../request-spec/plan.ts';
import { profileOf } from '../../request-spec/profiles.ts';
import type { RequestSpec } from '../../request-spec/spec.ts';
import type { GeneratedCode, Generator } from '../types.ts';
import { targetInfo } from '../targets.ts';
import { cByteLength, cString, CProgram } from './kit.ts';

const HTTP_VERSIONS: Record<string, string> = {
  '1.0': 'CURL_HTTP_VERSION_1_0',
  '1.1': 'CURL_HTTP_VERSION_1_1',
  '2': 'CURL_HTTP_VERSION_2_0',
  '2-prior-knowledge': 'CURL_HTTP_VERSION_2_PRIOR_KNOWLEDGE',
  '3': 'CURL_HTTP_VERSION_3',
  '3-only': 'CURL_HTTP_VERSION_3ONLY',
};

/** Milliseconds as a C `long` literal. */
const millis = (seconds: number) => `${Math.max(0, Math.round(seconds * 1000))}L`;

/** Reads the body pieces of `-d`/`--data-urlencode` into `body`/`body_size`, in curl's order. */
function renderPieces(c: CProgram, pieces: DataPiece[], out: string[]): void {
  c.use('append');
  out.push('char *body = NULL;', 'size_t body_size = 0;');
  const appendText = (text: string) => {
    if (text === '') return;
    if (!hasVariables(text)) {
      out.push(`append(&body, &body_size, ${cString(text)}, ${cByteLength(text)});`);
      return;
    }
    const value = c.text(text, out, 'piece');
    out.push(`append(&body, &body_size, ${value}, strlen(${value}));`);
  };
  let text = '';
  const flush = () => {
    appendText(text);
    text = '';
  };
  let read = 0;
  const readInto = (stdin: boolean, path: string) => {
    const data = c.names.pick(read++ === 0 ? 'data' : `data_${read}`);
    const size = c.names.pick(`${data}_size`);
    out.push(`size_t ${size};`);
    if (stdin) {
      c.use('read');
      out.push(`char *${data} = read_stream(stdin, "stdin", &${size});`);
    } else {
      c.use('readFile');
      out.push(`char *${data} = read_file(${c.text(path, out, 'path')}, &${size});`);
    }
    return { data, size };
  };
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
          c.use('formEscape');
          const value = c.text(piece.value, out, 'value');
          const escaped = c.names.pick('escaped');
          out.push(
            `char *${escaped} = form_escape(curl, ${value}, strlen(${value}));`,
            `append(&body, &body_size, ${escaped}, strlen(${escaped}));`,
            `curl_free(${escaped});`,
          );
        }
        break;
      case 'file':
      case 'stdin':
      case 'urlencode-file': {
        if (piece.type === 'urlencode-file' && piece.name !== undefined) text += `${piece.name}=`;
        flush();
        const { data, size } = readInto(piece.type === 'stdin', piece.type === 'stdin' ? '' : piece.path);
        if (piece.type !== 'urlencode-file' && piece.strip) {
          c.use('strip');
          out.push(`strip_newlines(${data}, &${size});`);
        }
        if (piece.type === 'urlencode-file') {
          c.use('formEscape');
          const escaped = c.names.pick('escaped');
          out.push(
            `char *${escaped} = form_escape(curl, ${data}, ${size});`,
            `append(&body, &body_size, ${escaped}, strlen(${escaped}));`,
            `curl_free(${escaped});`,
          );
        } else out.push(`append(&body, &body_size, ${data}, ${size});`);
        out.push(`free(${data});`);
        break;
      }
    }
  });
  flush();
  // A body that stays NULL would make libcurl read standard input: an empty one is sent as empty.
  if (!out.some((line) => line.startsWith('append('))) out.push('append(&body, &body_size, "", 0);');
  c.cleanup.push('free(body);');
}

/** `-F` parts as a `curl_mime`, in order. */
function renderMime(c: CProgram, parts: FormPart[], out: string[]): void {
  out.push('curl_mime *mime = curl_mime_init(curl);', 'curl_mimepart *part;');
  let partHeaders = 0;
  for (const p of parts) {
    out.push('', 'part = curl_mime_addpart(mime);', `curl_mime_name(part, ${c.text(p.name, out, 'name')});`);
    if (p.type === 'field') {
      out.push(`curl_mime_data(part, ${c.text(p.value, out, 'value')}, CURL_ZERO_TERMINATED);`);
      if (p.filename !== undefined) out.push(`curl_mime_filename(part, ${c.text(p.filename, out, 'filename')});`);
    } else {
      out.push(`curl_mime_filedata(part, ${c.text(p.path, out, 'path')});`);
      // `name=<file` sends the content as a field: curl drops the file name curl_mime_filedata sets.
      if (p.type === 'file-content') out.push('curl_mime_filename(part, NULL);');
      else if (p.filename !== p.path.split('/').pop()) {
        out.push(`curl_mime_filename(part, ${c.text(p.filename, out, 'filename')});`);
      }
    }
    if (p.contentType !== undefined) out.push(`curl_mime_type(part, ${c.text(p.contentType, out, 'type')});`);
    if (p.headers.length > 0) {
      const list = c.names.pick(partHeaders++ === 0 ? 'part_headers' : `part_headers_${partHeaders}`);
      out.push(`struct curl_slist *${list} = NULL;`);
      for (const h of p.headers) {
        out.push(`${list} = curl_slist_append(${list}, ${c.text(`${h.name}: ${h.value}`, out, 'part_header')});`);
      }
      out.push(`curl_mime_headers(part, ${list}, 1);`);
    }
  }
  out.push('');
  c.cleanup.push('curl_mime_free(mime);');
}

function generate(spec: RequestSpec): GeneratedCode {
  const plan = planRequest(spec, profileOf('c-libcurl'));
  // libcurl sends every byte a C string holds: bytes that are not UTF-8 go out as they are.
  const warnings = plan.warnings.filter((w) => w.code !== 'raw-bytes');
  const c = new CProgram();
  const t = spec.transport;
  const out: string[] = [
    'CURL *curl = curl_easy_init();',
    'if (!curl) {',
    '  fputs("curl_easy_init() failed\\n", stderr);',
    '  return 1;',
    '}',
    '',
  ];
  c.includes.add('stdio.h');
  const setopt: string[] = [];
  const opt = (name: string, value: string) => setopt.push(`curl_easy_setopt(curl, ${name}, ${value});`);

  // The body first: what it reads and builds comes before the options that point at it.
  const body = spec.body;
  let postFields: { data: string; size?: string } | undefined;
  let mime = false;
  switch (body.kind) {
    case 'none':
      break;
    case 'text':
    case 'json':
    case 'form':
      postFields = { data: c.text(body.text, out, 'data') };
      // A literal's length is known; a built string is measured by libcurl.
      if (!hasVariables(body.text) && /\0/.test(body.text)) postFields.size = `${cByteLength(body.text)}L`;
      break;
    case 'file':
      renderPieces(c, [{ type: 'file', path: body.path, strip: body.strip }], out);
      postFields = { data: 'body', size: '(long)body_size' };
      break;
    case 'stdin':
      renderPieces(c, [{ type: 'stdin', strip: body.strip }], out);
      postFields = { data: 'body', size: '(long)body_size' };
      break;
    case 'pieces':
      renderPieces(c, body.pieces, out);
      postFields = { data: 'body', size: '(long)body_size' };
      break;
    case 'multipart':
      renderMime(c, body.parts, out);
      mime = true;
      break;
  }
  if (postFields && out[out.length - 1] !== '') out.push('');

  // Header lines: `Name;` sends an empty value (`Name:` would remove the header).
  const lines: string[] = [];
  const cookieHeader = plan.headers.find((h) => h.name === 'Cookie' && h.value === spec.cookieLine);
  for (const h of plan.headers) {
    if (h === cookieHeader) continue;
    lines.push(h.value === '' ? `${h.name};` : `${h.name}: ${h.value}`);
  }
  const has = (name: string) => plan.headers.some((h) => h.name.toLowerCase() === name);
  const removed = new Set(spec.removedDefaults);
  if (removed.has('accept')) lines.push('Accept:');
  if (removed.has('host')) lines.push('Host:');
  if (removed.has('accept-encoding') && t.compressed) lines.push('Accept-Encoding:');
  // CURLOPT_POSTFIELDS implies a form Content-Type: the command set none (or removed it).
  if (postFields && !has('content-type')) lines.push('Content-Type:');
  if (lines.length > 0) {
    out.push('struct curl_slist *headers = NULL;');
    for (const line of lines) out.push(`headers = curl_slist_append(headers, ${c.text(line, out, 'header')});`);
    out.push('');
  }

  opt('CURLOPT_URL', c.text(spec.url, out, 'url'));
  const method = spec.method;
  const hasBody = postFields !== undefined || mime;
  if (!hasBody && method === 'HEAD') opt('CURLOPT_NOBODY', '1L');
  else if (method !== (hasBody ? 'POST' : 'GET')) opt('CURLOPT_CUSTOMREQUEST', c.text(method, out, 'method'));
  if (lines.length > 0) opt('CURLOPT_HTTPHEADER', 'headers');
  if (cookieHeader) opt('CURLOPT_COOKIE', c.text(cookieHeader.value, out, 'cookie'));
  for (const file of plan.cookieFiles) opt('CURLOPT_COOKIEFILE', c.text(file, out, 'cookie_file'));
  if (spec.basicAuth) {
    opt('CURLOPT_USERNAME', c.text(spec.basicAuth.user, out, 'user'));
    opt('CURLOPT_PASSWORD', c.text(spec.basicAuth.password, out, 'password'));
  }
  if (postFields) {
    opt('CURLOPT_POSTFIELDS', postFields.data);
    if (postFields.size) opt('CURLOPT_POSTFIELDSIZE', postFields.size);
  }
  if (mime) opt('CURLOPT_MIMEPOST', 'mime');
  if (t.compressed) opt('CURLOPT_ACCEPT_ENCODING', '""');
  if (t.followRedirects) {
    opt('CURLOPT_FOLLOWLOCATION', '1L');
    if (t.maxRedirects !== undefined) opt('CURLOPT_MAXREDIRS', `${t.maxRedirects}L`);
    if (t.locationTrusted) opt('CURLOPT_UNRESTRICTED_AUTH', '1L');
  }
  if (t.proxy !== undefined) {
    opt('CURLOPT_PROXY', c.text(t.proxy, out, 'proxy'));
    if (t.proxyUser !== undefined) opt('CURLOPT_PROXYUSERPWD', c.text(t.proxyUser, out, 'proxy_user'));
  }
  if (t.insecure) {
    opt('CURLOPT_SSL_VERIFYPEER', '0L');
    opt('CURLOPT_SSL_VERIFYHOST', '0L');
  }
  if (t.connectTimeoutSeconds !== undefined) opt('CURLOPT_CONNECTTIMEOUT_MS', millis(t.connectTimeoutSeconds));
  if (t.timeoutSeconds !== undefined) opt('CURLOPT_TIMEOUT_MS', millis(t.timeoutSeconds));
  if (t.httpVersion !== undefined) opt('CURLOPT_HTTP_VERSION', `(long)${HTTP_VERSIONS[t.httpVersion]}`);

  let output: string | undefined;
  if (plan.outputFile !== undefined) {
    output = c.names.pick('out');
    const path = c.text(plan.outputFile, out, 'output_path');
    out.push(`FILE *${output} = fopen(${path}, "wb");`, `if (!${output}) {`, `  perror(${path});`, '  return 1;', '}');
    opt('CURLOPT_WRITEDATA', output);
  }
  if (out[out.length - 1] !== '') out.push('');
  out.push(...setopt, '');

  out.push(
    'CURLcode res = curl_easy_perform(curl);',
    'if (res != CURLE_OK)',
    '  fprintf(stderr, "curl_easy_perform() failed: %s\\n", curl_easy_strerror(res));',
    '',
  );
  if (output) out.push(`fclose(${output});`);
  if (lines.length > 0) out.push('curl_slist_free_all(headers);');
  out.push(...c.cleanup, 'curl_easy_cleanup(curl);', 'return res == CURLE_OK ? 0 : 1;');
  if (c.helpers.has('append') || c.helpers.has('readFile')) c.includes.add('stdlib.h');
  if (out.some((l) => l.includes('strlen('))) c.includes.add('string.h');
  if (out.some((l) => l.includes('curl_maprintf('))) c.includes.add('curl/mprintf.h');
  return { code: c.render(out), warnings };
}

export const cLibcurl: Generator = {
  ...targetInfo('c-libcurl'),
  generate,
};
