/**
 * The request spec of a REST client request, straight from the editor's
 * draft (no curl text in between). `{{name}}` variables become variable
 * markers, so every target reads them from the environment when the program
 * runs: the code never holds a variable's (or a secret's) value. The draft is
 * composed by the rules `composeRequest` sends it with: the auth helper's
 * header first, the enabled header rows, then the body's Content-Type unless
 * a row sets one; GET and HEAD carry no body.
 */
import { flatMap } from '../arrays.ts';
import type { FormPart } from '../curl/model.ts';
import { substituteDraft } from '../env/draft.ts';
import type { Warning } from '../errors.ts';
import { formEncode, headerLines, type RequestDraft } from '../http/compose.ts';
import { encodeQueryComponent } from '../http/query.ts';
import { methodAllowsBody } from '../http/request.ts';
import { hasVariables, splitVariables, variableMarker } from '../variables.ts';
import { jsonStyleOf } from './encodings.ts';
import { bodyStrings, collectVariables } from './from-curl.ts';
import { defaultTransport, type RequestSpec, type SpecBody, type SpecHeader } from './spec.ts';
import { specWarning } from './warnings.ts';

/** A REST client request as written, with the send options that shape the program. */
export interface RestRequestSource {
  draft: RequestDraft;
  /** The "Follow redirects" send option. */
  followRedirects: boolean;
}

/** Percent-encodes the written parts of a query component; a variable's value goes in as it is. */
function encodeAround(text: string): string {
  return splitVariables(text)
    .map((part) => (typeof part === 'string' ? encodeQueryComponent(part) : variableMarker(part.variable)))
    .join('');
}

/** Appends `name=value` to the URL's query, before any fragment. */
function withQueryParam(url: string, name: string, value: string): string {
  const hash = url.indexOf('#');
  const base = hash === -1 ? url : url.slice(0, hash);
  const fragment = hash === -1 ? '' : url.slice(hash);
  const q = base.indexOf('?');
  const separator = q === -1 ? '?' : q === base.length - 1 || base.endsWith('&') ? '' : '&';
  return `${base}${separator}${encodeAround(name)}=${encodeAround(value)}${fragment}`;
}

/** The spec of a REST client request. */
export function specFromRest({ draft: written, followRedirects }: RestRequestSource): RequestSpec {
  const warnings: Warning[] = [];
  // Every {{name}} becomes a marker: the same substitution rule as sending, with the environment left to run time.
  const { draft } = substituteDraft(written, (name) => variableMarker(name));
  const method = draft.method.trim() || 'GET';
  let url = draft.url.trim();
  const user = headerLines(draft.headers).filter((h) => h.name !== '');
  const userHas = (name: string) => user.some((h) => h.name.toLowerCase() === name.toLowerCase());

  const headers: SpecHeader[] = [];
  let basicAuth: RequestSpec['basicAuth'];
  const auth = draft.auth;
  if (auth.kind === 'basic' && !userHas('authorization')) basicAuth = { user: auth.user, password: auth.password };
  else if (auth.kind === 'bearer' && !userHas('authorization')) {
    headers.push({ name: 'Authorization', value: `Bearer ${auth.token}` });
  } else if (auth.kind === 'apikey' && auth.name.trim() !== '') {
    if (auth.in === 'query') url = withQueryParam(url, auth.name.trim(), auth.value);
    else if (!userHas(auth.name.trim())) headers.push({ name: auth.name.trim(), value: auth.value });
  }
  headers.push(...user);

  let body: SpecBody = { kind: 'none' };
  let contentType: string | undefined;
  if (methodAllowsBody(method)) {
    const b = draft.body;
    switch (b.kind) {
      case 'none':
        break;
      case 'json': {
        contentType = 'application/json';
        body = { kind: 'text', text: b.text };
        if (!hasVariables(b.text)) {
          try {
            const value: unknown = JSON.parse(b.text);
            body = { kind: 'json', text: b.text, value, style: jsonStyleOf(b.text, value) };
          } catch {
            // Sent as the text it is, as the REST client sends it.
          }
        }
        break;
      }
      case 'text':
        contentType = 'text/plain; charset=utf-8';
        body = { kind: 'text', text: b.text };
        break;
      case 'form': {
        contentType = 'application/x-www-form-urlencoded';
        const pairs = b.rows
          .filter((row) => row.enabled && !(row.name === '' && row.value === ''))
          .map((row): [string, string] => [row.name, row.value]);
        if (pairs.some(([name, value]) => hasVariables(name) || hasVariables(value))) {
          // A variable's value is encoded when the program runs.
          body = {
            kind: 'pieces',
            pieces: pairs.map(([name, value]) => ({ type: 'urlencode', name: encodeAround(name), value })),
          };
        } else body = { kind: 'form', text: formEncode(pairs), pairs };
        break;
      }
      case 'multipart': {
        const parts: FormPart[] = [];
        for (const [index, row] of b.rows.entries()) {
          if (!row.enabled) continue;
          if (row.kind === 'text') {
            if (row.name === '' && row.value === '') continue;
            parts.push({ type: 'field', name: row.name, value: row.value, headers: [] });
          } else if (!row.file) {
            warnings.push(
              specWarning('file-not-chosen', { part: `part ${index + 1}${row.name ? ` (${row.name})` : ''}` }),
            );
          } else {
            // The program reads the file by its name from its working folder.
            const part: FormPart = {
              type: 'file',
              name: row.name,
              path: row.file.name,
              filename: row.file.name,
              headers: [],
            };
            if (row.file.type) part.contentType = row.file.type;
            parts.push(part);
          }
        }
        if (parts.length > 0) body = { kind: 'multipart', parts };
        break;
      }
      case 'binary':
        if (!b.file) warnings.push(specWarning('file-not-chosen', { part: 'the body' }));
        else {
          contentType = b.file.type || 'application/octet-stream';
          body = { kind: 'file', path: b.file.name, strip: false };
        }
        break;
    }
  }
  if (contentType !== undefined && !headers.some((h) => h.name.toLowerCase() === 'content-type')) {
    headers.push({ name: 'Content-Type', value: contentType });
  }

  const strings = [
    method,
    url,
    ...flatMap(headers, (h) => [h.name, h.value]),
    ...(basicAuth ? [basicAuth.user, basicAuth.password] : []),
    ...bodyStrings(body),
  ];
  return {
    source: 'rest',
    method,
    methodIsDefault: method === (body.kind === 'none' ? 'GET' : 'POST'),
    url,
    headers,
    basicAuth,
    removedDefaults: [],
    body,
    transport: { ...defaultTransport(), followRedirects },
    cookieFiles: [],
    variables: collectVariables(strings),
    warnings,
  };
}
