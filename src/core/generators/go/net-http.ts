/**
 * Go with the standard library's net/http: one `main` package that builds the
 * request with `http.NewRequest`, sends it with an `http.Client` set up like
 * curl's options, and prints the status and body. The output is exactly what
 * gofmt prints (tabs, aligned composite literals).
 */
import type { Warning } from '../../errors.ts';
import type { DataPiece, FormPart, Transport } from '../../curl/model.ts';
import { contentTypeForFilename } from '../../curl/wire.ts';
import { curlUrlEncode } from '../../curl/urlencode.ts';
import { hasVariables } from '../../variables.ts';
import { CodeBuilder } from '../code-builder.ts';
import { goString } from '../literals.ts';
import { goFormEncode } from '../../request-spec/encodings.ts';
import { planRequest, type Plan } from '../../request-spec/plan.ts';
import { profileOf } from '../../request-spec/profiles.ts';
import { partFilename, type RequestSpec } from '../../request-spec/spec.ts';
import type { Generator } from '../types.ts';
import {
  canonicalHeaderKey,
  GO_COOKIE_FILE_HELPER,
  goCookieFilesValue,
  literalElements,
  goJsonLiteral,
  duration,
  GoProgram,
  type Element,
  type Term,
} from './kit.ts';
import { targetInfo } from '../targets.ts';
import { lookup } from '../../shape.ts';

const METHOD_CONSTANTS: Record<string, string> = {
  GET: 'http.MethodGet',
  HEAD: 'http.MethodHead',
  POST: 'http.MethodPost',
  PUT: 'http.MethodPut',
  PATCH: 'http.MethodPatch',
  DELETE: 'http.MethodDelete',
  CONNECT: 'http.MethodConnect',
  OPTIONS: 'http.MethodOptions',
  TRACE: 'http.MethodTrace',
};

/** Writes the statements that build the body; returns the expression passed to `http.NewRequest`. */
function renderBody(go: GoProgram): string {
  const body = go.spec.body;
  const out = go.out;
  switch (body.kind) {
    case 'none':
      return 'nil';
    case 'text':
      go.imports.add('strings');
      out.line(`body := strings.NewReader(${go.str(body.text, 1)})`);
      return 'body';
    case 'json': {
      const literal = body.style === 'compact' ? goJsonLiteral(body.value, body.text, go.unit) : null;
      if (literal) {
        go.imports.add('encoding/json');
        go.imports.add('bytes');
        const lines = [...literal];
        lines[0] = `json.Marshal(${lines[0]}`;
        lines[lines.length - 1] += ')';
        out.line(go.assign(['payload', 'err'], lines[0]!));
        for (const line of lines.slice(1)) out.line(line);
        go.fatalIfErr();
        return 'bytes.NewReader(payload)';
      }
      go.imports.add('strings');
      out.line(`body := strings.NewReader(${go.str(body.text, 1)})`);
      return 'body';
    }
    case 'form': {
      if (goFormEncode(body.pairs) === body.text) {
        go.imports.add('net/url');
        go.imports.add('strings');
        const grouped = new Map<string, string[]>();
        for (const [name, value] of body.pairs) grouped.set(name, [...(grouped.get(name) ?? []), value]);
        const keys = [...grouped.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        const elements = keys.map((k) => ({
          key: goString(k),
          lines: [`{${grouped.get(k)!.map(goString).join(', ')}}`],
        }));
        out.line('form := url.Values{');
        out.indent();
        out.lines(literalElements(elements));
        out.dedent();
        out.line('}');
        out.line('body := strings.NewReader(form.Encode())');
        return 'body';
      }
      go.imports.add('strings');
      out.line(`body := strings.NewReader(${go.str(body.text, 1)})`);
      return 'body';
    }
    case 'file': {
      go.imports.add('bytes');
      const local = go.readFile(body.path, body.strip);
      return `bytes.NewReader(${local})`;
    }
    case 'stdin': {
      go.imports.add('bytes');
      const local = go.readStdin(body.strip);
      return `bytes.NewReader(${local})`;
    }
    case 'pieces':
      return renderPieces(go, body.pieces);
    case 'multipart':
      return renderMultipart(go, body.parts);
  }
}

function renderPieces(go: GoProgram, pieces: DataPiece[]): string {
  const terms: Term[] = [];
  const queryEscape = (arg: Term[]): Term => {
    go.imports.add('net/url');
    return { code: '', call: { name: 'url.QueryEscape', arg } };
  };
  for (const [i, piece] of pieces.entries()) {
    if (i > 0 && !('json' in piece && piece.json)) terms.push({ literal: '&' });
    switch (piece.type) {
      case 'literal':
        terms.push(...go.terms(piece.text));
        break;
      case 'file':
        terms.push({ code: `string(${go.readFile(piece.path, piece.strip)})` });
        break;
      case 'stdin':
        terms.push({ code: `string(${go.readStdin(piece.strip)})` });
        break;
      case 'urlencode': {
        if (piece.name !== undefined) terms.push(...go.terms(piece.name), { literal: '=' });
        const valueTerms = go.terms(piece.value);
        if (valueTerms.every((t) => 'literal' in t)) terms.push({ literal: curlUrlEncode(piece.value) });
        else terms.push(queryEscape(valueTerms));
        break;
      }
      case 'urlencode-file': {
        if (piece.name !== undefined) terms.push(...go.terms(piece.name), { literal: '=' });
        terms.push(queryEscape([{ code: `string(${go.readFile(piece.path)})` }]));
        break;
      }
    }
  }
  go.imports.add('strings');
  go.out.line(`body := strings.NewReader(${go.concat(terms, 1)})`);
  return 'body';
}

/** A name or file name go's multipart helpers write exactly as curl does (they escape `"` and `\` differently). */
const plainName = (text: string) => !/["\\\r\n]/.test(text);

function renderMultipart(go: GoProgram, parts: FormPart[]): string {
  const out = go.out;
  go.imports.add('bytes');
  go.imports.add('mime/multipart');
  // Files first, so that the parts are written one after the other.
  const fileData = new Map<FormPart, string>();
  for (const part of parts) if (part.type !== 'field') fileData.set(part, go.readFile(part.path));
  if (fileData.size > 0) out.blank();
  out.line('var body bytes.Buffer');
  out.line('writer := multipart.NewWriter(&body)');
  for (const part of parts) {
    const data = fileData.get(part);
    const simple = part.headers.length === 0 && plainName(part.name);
    const named = partFilename(part) !== undefined;
    if (!named && simple && part.contentType === undefined) {
      const value = part.type === 'field' ? go.str(part.value, 2) : `string(${data})`;
      go.check(`writer.WriteField(${go.str(part.name, 2)}, ${value})`);
      continue;
    }
    const type = part.contentType ?? (part.type === 'file' ? contentTypeForFilename(part.path) : undefined);
    let filename: Term[] = part.type === 'field' && part.filename !== undefined ? go.terms(part.filename) : [];
    if (part.type === 'file') {
      filename = go.terms(part.filename);
      if (hasVariables(part.filename) && part.filename === part.path) {
        // curl sends the base name of the path.
        go.imports.add('path/filepath');
        filename = [{ code: '', call: { name: 'filepath.Base', arg: filename } }];
      }
    }
    if (part.type === 'file' && simple && type === 'application/octet-stream' && plainName(part.filename)) {
      // CreateFormFile sends application/octet-stream, as curl does for this file name.
      const args = `${go.str(part.name, 2)}, ${go.concat(filename, 2)}`;
      out.line(go.assign(['part', 'err'], `writer.CreateFormFile(${args})`));
    } else {
      const disposition: Term[] = [{ literal: 'form-data; name="' }, ...quoted(go.terms(part.name)), { literal: '"' }];
      if (named) {
        disposition.push({ literal: '; filename="' }, ...quoted(filename), { literal: '"' });
      }
      const headers = new Map<string, string[]>();
      const add = (name: string, value: string) => {
        const key = canonicalHeaderKey(name);
        headers.set(key, [...(headers.get(key) ?? []), value]);
      };
      add('Content-Disposition', go.concat(disposition, 1));
      if (type !== undefined) add('Content-Type', go.str(type, 1));
      for (const header of part.headers) add(header.name, go.str(header.value, 1));
      go.imports.add('net/textproto');
      const elements = [...headers].map(([key, values]) => ({ key: goString(key), lines: [`{${values.join(', ')}}`] }));
      out.line(go.assign(['part', 'err'], 'writer.CreatePart(textproto.MIMEHeader{'));
      out.indent();
      out.lines(literalElements(elements));
      out.dedent();
      out.line('})');
    }
    go.fatalIfErr();
    if (data !== undefined) go.check(`part.Write(${data})`, '_, err');
    else {
      go.imports.add('io');
      go.check(`io.WriteString(part, ${go.str(part.type === 'field' ? part.value : '', 2)})`, '_, err');
    }
  }
  go.check('writer.Close()');
  return '&body';
}

/** A part name or file name inside the quotes of Content-Disposition, with `"` written as `%22` like curl. */
function quoted(terms: Term[]): Term[] {
  return terms.map((t) => ('literal' in t ? { literal: t.literal.replace(/"/g, '%22') } : t));
}

/** Whether a custom transport is needed, and its setup lines. */
function renderTransport(go: GoProgram, spec: RequestSpec): boolean {
  const t: Transport = spec.transport;
  const out = go.out;
  const https = !/^http:\/\//i.test(spec.url);
  const insecure = t.insecure;
  const connect = t.connectTimeoutSeconds !== undefined;
  const proxy = t.proxy !== undefined;
  const noCompression = spec.removedDefaults.includes('accept-encoding');
  const http11 = t.httpVersion === '1.1' && https;
  if (!insecure && !connect && !proxy && !noCompression && !http11) return false;

  if (proxy) {
    go.imports.add('net/url');
    const raw = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(t.proxy!) ? t.proxy! : `http://${t.proxy!}`;
    go.declareChecked('proxyURL', `url.Parse(${go.str(raw, 1)})`);
    if (t.proxyUser !== undefined) {
      const colon = t.proxyUser.indexOf(':');
      out.line(
        colon === -1
          ? `proxyURL.User = url.User(${go.str(t.proxyUser, 1)})`
          : `proxyURL.User = url.UserPassword(${go.str(t.proxyUser.slice(0, colon), 2)}, ${go.str(t.proxyUser.slice(colon + 1), 2)})`,
      );
    }
    out.blank();
  }
  out.line('transport := http.DefaultTransport.(*http.Transport).Clone()');
  if (insecure) {
    go.imports.add('crypto/tls');
    out.line("// -k: the server's certificate is not verified.");
    out.line('transport.TLSClientConfig = &tls.Config{InsecureSkipVerify: true}');
  }
  if (connect) {
    go.imports.add('net');
    go.imports.add('time');
    out.line(`transport.DialContext = (&net.Dialer{Timeout: ${duration(t.connectTimeoutSeconds!)}}).DialContext`);
  }
  if (proxy) out.line('transport.Proxy = http.ProxyURL(proxyURL)');
  if (noCompression) {
    out.line('// The command removed Accept-Encoding: Go must not ask for gzip.');
    out.line('transport.DisableCompression = true');
  }
  if (http11) {
    out.line('// --http1.1: no HTTP/2.');
    out.line('transport.ForceAttemptHTTP2 = false');
  }
  return true;
}

/** The `CheckRedirect` function, as lines (first line after the key), or null for Go's default. */
function checkRedirect(go: GoProgram, spec: RequestSpec, unit: string): string[] | null {
  const t = spec.transport;
  if (!t.followRedirects) {
    return [
      'func(*http.Request, []*http.Request) error {',
      `${unit}// Like curl without -L: do not follow redirects.`,
      `${unit}return http.ErrUseLastResponse`,
      '}',
    ];
  }
  const max = t.maxRedirects !== undefined && t.maxRedirects >= 0 ? t.maxRedirects : undefined;
  const hasCredentials =
    spec.basicAuth !== undefined || spec.headers.some((h) => h.name.toLowerCase() === 'authorization');
  const trusted = t.locationTrusted && hasCredentials;
  if (max === undefined && !trusted) return null;
  const lines: string[] = [];
  if (max !== undefined) {
    go.imports.add('errors');
    lines.push(
      `${unit}if len(via) > ${max} {`,
      `${unit}${unit}return errors.New(${goString(`maximum (${max}) redirects followed`)})`,
      `${unit}}`,
    );
  }
  if (trusted) {
    lines.push(
      `${unit}// --location-trusted: the credentials go to other hosts too.`,
      `${unit}req.Header.Set("Authorization", via[0].Header.Get("Authorization"))`,
    );
  }
  const params = trusted ? 'req *http.Request' : '_ *http.Request';
  return [`func(${params}, via []*http.Request) error {`, ...lines, `${unit}return nil`, '}'];
}

function generateGo(spec: RequestSpec, plan: Plan, unit: string): { code: string; warnings: Warning[] } {
  const go = new GoProgram(spec, unit);
  const out = go.out;
  go.imports.add('net/http');
  go.imports.add('fmt');
  go.imports.add('io');

  // The body (and the files it reads) first; variables are declared above it afterwards.
  const bodyExpr = renderBody(go);
  out.blank();

  const method = lookup(METHOD_CONSTANTS, spec.method) ?? go.str(spec.method, 2);
  out.line(go.assign(['req', 'err'], `http.NewRequest(${method}, ${go.str(spec.url, 2)}, ${bodyExpr})`));
  go.fatalIfErr();

  const body = spec.body;
  const userContentType = spec.headers.find((h) => h.name.toLowerCase() === 'content-type');
  if (body.kind === 'multipart' && !spec.removedDefaults.includes('content-type')) {
    if (userContentType) {
      // curl adds the boundary to a multipart Content-Type the command sets.
      const value = go.concat(
        [...go.terms(userContentType.value), { literal: '; boundary=' }, { code: 'writer.Boundary()' }],
        2,
      );
      out.line(`req.Header.Set(${go.str(userContentType.name, 2)}, ${value})`);
    } else out.line('req.Header.Set("Content-Type", writer.FormDataContentType())');
  }
  const seen = new Set<string>();
  // Cookie files are read when the program runs (before the command's own cookies), as curl reads them.
  const cookieFiles = plan.cookieFiles.length > 0;
  const cookieValue = cookieFiles ? goCookieFilesValue(go, plan.cookieFiles, spec.url, spec.cookieLine) : '';
  if (cookieFiles && spec.cookieLine === undefined) out.line(`req.Header.Set("Cookie", ${cookieValue})`);
  for (const header of plan.headers) {
    const lower = header.name.toLowerCase();
    if (cookieFiles && lower === 'cookie' && header.value === spec.cookieLine) {
      out.line(`req.Header.Set(${go.str(header.name, 2)}, ${cookieValue})`);
      continue;
    }
    if (lower === 'content-length') continue; // Go computes it from the body.
    if (lower === 'content-type' && body.kind === 'multipart') continue;
    if (lower === 'host') {
      out.line(`req.Host = ${go.str(header.value, 1)}`);
      continue;
    }
    const call = seen.has(lower) ? 'Add' : 'Set';
    seen.add(lower);
    out.line(`req.Header.${call}(${go.str(header.name, 2)}, ${go.str(header.value, 2)})`);
  }
  if (spec.removedDefaults.includes('user-agent')) {
    out.line('// The command removed User-Agent: an empty value stops Go from sending its own.');
    out.line('req.Header.Set("User-Agent", "")');
  }
  if (spec.basicAuth) {
    out.line(`req.SetBasicAuth(${go.str(spec.basicAuth.user, 2)}, ${go.str(spec.basicAuth.password, 2)})`);
  }
  out.blank();

  const t = spec.transport;
  const hasTransport = renderTransport(go, spec);
  if (hasTransport) out.blank();
  const elements: Element[] = [];
  if (hasTransport) elements.push({ key: 'Transport', lines: ['transport'] });
  if (t.timeoutSeconds !== undefined) {
    go.imports.add('time');
    elements.push({ key: 'Timeout', lines: [duration(t.timeoutSeconds)] });
  }
  const redirect = checkRedirect(go, spec, unit);
  if (redirect) elements.push({ key: 'CheckRedirect', lines: redirect });
  if (t.compressed) {
    out.line('// --compressed: Go asks for gzip and decompresses the response itself');
    out.line('// (unless the request sets Accept-Encoding).');
  }
  let client = 'http.DefaultClient';
  if (elements.length > 0) {
    client = 'client';
    out.line('client := &http.Client{');
    out.indent();
    out.lines(literalElements(elements));
    out.dedent();
    out.line('}');
  }
  out.line(go.assign(['resp', 'err'], `${client}.Do(req)`));
  go.fatalIfErr();
  out.line('defer resp.Body.Close()');
  out.blank();
  out.line(go.assign(['respBody', 'err'], 'io.ReadAll(resp.Body)'));
  go.fatalIfErr();
  out.line('fmt.Println(resp.Status)');
  if (plan.outputFile !== undefined) {
    go.imports.add('os');
    go.check(`os.WriteFile(${go.str(plan.outputFile, 2)}, respBody, 0o644)`);
  } else out.line('fmt.Println(string(respBody))');

  const declarations = go.variableDeclarations();
  const code = new CodeBuilder(unit);
  code.line('package main').line();
  const imports = [...go.imports].sort();
  code.block('import (', (b) => b.lines(imports.map((path) => goString(path))), ')');
  code.line();
  code.block(
    'func main() {',
    (b) => {
      b.lines(declarations);
      if (declarations.length > 0) b.line();
      for (const line of out.toString().replace(/^\n+/, '').trimEnd().split('\n')) b.line(line);
    },
    '}',
  );
  if (cookieFiles) code.line().lines(GO_COOKIE_FILE_HELPER);
  return { code: code.toString(), warnings: [...plan.warnings, ...go.warnings] };
}

export const goNetHttp: Generator = {
  ...targetInfo('go-net-http'),
  generate(spec, options) {
    return generateGo(spec, planRequest(spec, profileOf('go-net-http')), options?.indent ?? '\t');
  },
};
