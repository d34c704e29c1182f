import { bytesToBase64 } from '../bytes.ts';
import type { CurlRequest } from '../curl/model.ts';
import { specFromCurl } from '../request-spec/from-curl.ts';
import { utf8Bytes } from '../raw-bytes.ts';
import { hasVariables, replaceVariables } from '../variables.ts';
import type { HttpRequest } from './request.ts';

/** A multipart field of an imported request: text, or a file with its content. */
export interface ImportedPart {
  name: string;
  /** The text value, or the file's content (as text) when `fileName` is set. */
  value: string;
  fileName?: string;
  contentType?: string;
  /** A file whose content came with it (a HAR param with a file name and a value): nothing to choose again. */
  inline?: boolean;
}

export interface RestImport {
  request: HttpRequest;
  /** What could not be carried over, for a person to read. */
  notes: string[];
  /**
   * A multipart body as its fields (the editor rebuilds it with a boundary of
   * its own); when set, `request.body` is unused and the request's
   * Content-Type (with the old boundary) is left out.
   */
  parts?: ImportedPart[];
}

/** `$VAR` in a command becomes `{{VAR}}` in the REST client, Postman's syntax. */
const toTemplate = (text: string) => replaceVariables(text, (name) => `{{${name}}}`);

/**
 * Turns a parsed curl request into what the REST client edits: method, URL,
 * header lines and a text body, with shell variables as `{{name}}`.
 */
export function restRequestFromCurl(curl: CurlRequest): RestImport {
  const prepared = specFromCurl(curl);
  const notes = prepared.warnings.map((w) => w.message);
  if (prepared.cookieFiles.length > 0) {
    notes.push(`Cookies from ${prepared.cookieFiles.join(', ')} are not loaded: add the Cookie header by hand.`);
  }
  const headers = prepared.headers.map((h) => ({ name: toTemplate(h.name), value: toTemplate(h.value) }));
  if (prepared.basicAuth) {
    const { user, password } = prepared.basicAuth;
    if (hasVariables(user) || hasVariables(password)) {
      notes.push('The -u credentials use shell variables: set the Authorization header once the values are known.');
    } else {
      const token = bytesToBase64(utf8Bytes(`${user}:${password}`));
      headers.unshift({ name: 'Authorization', value: `Basic ${token}` });
    }
  }
  let body: string | undefined;
  const b = prepared.body;
  if (b.kind === 'text' || b.kind === 'json' || b.kind === 'form') body = toTemplate(b.text);
  else if (b.kind === 'file') notes.push(`The body is read from the file "${b.path}": choose it in the REST client.`);
  else if (b.kind === 'multipart')
    notes.push('The multipart form is not carried over yet: rebuild its parts in the REST client.');
  else if (b.kind === 'pieces' || b.kind === 'stdin')
    notes.push('The body is read from files or standard input: add it by hand.');
  return { request: { method: curl.method, url: toTemplate(curl.url), headers, body }, notes };
}
