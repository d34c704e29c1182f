/**
 * What every importer shares: reading loosely typed fields, keeping secrets
 * out of plain text, and building stored bodies.
 */
import { findVariables } from '../env/substitute.ts';
import type { StoredBody } from '../history/types.ts';
import type { AuthDraft, KeyValueRow } from '../http/compose.ts';
import { isObject, type Raw } from '../shape.ts';
import type { CollectionVariable } from './types.ts';

export { isObject, type Raw };

/** A string field, or '' (numbers and booleans as their text: exports hold them). */
export function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** Whether the value is only a variable reference (`{{token}}`): already not plain text. */
const isReference = (value: string) => {
  const spans = findVariables(value);
  return spans.length === 1 && spans[0]!.start === 0 && spans[0]!.end === value.length;
};

/**
 * Turns the secret values an import holds (passwords, tokens, API keys) into
 * secret variables of the collection, so they are stored masked and never
 * in a request's plain text: `take('s3cret', 'password')` adds the secret
 * variable `password` (or `password2`… when that name is taken by another
 * value) and returns `{{password}}`. Empty values and values that are
 * already a variable reference are kept.
 */
export class SecretSink {
  constructor(readonly variables: CollectionVariable[]) {}

  take(value: string, name: string): string {
    if (value === '' || isReference(value)) return value;
    for (let n = 1; ; n++) {
      const key = n === 1 ? name : `${name}${n}`;
      const existing = this.variables.find((v) => v.key === key);
      if (existing && existing.value === value) {
        existing.secret = true;
        return `{{${key}}}`;
      }
      if (!existing) {
        this.variables.push({ key, value, secret: true, enabled: true });
        return `{{${key}}}`;
      }
    }
  }

  /** The auth with its secret fields moved into variables. */
  auth(auth: AuthDraft): AuthDraft {
    switch (auth.kind) {
      case 'basic':
        return { ...auth, password: this.take(auth.password, 'password') };
      case 'bearer':
        return { ...auth, token: this.take(auth.token, 'token') };
      case 'apikey':
        return { ...auth, value: this.take(auth.value, 'apiKey') };
      case 'none':
        return auth;
    }
  }
}

/** Header names whose values are credentials: moved into secret variables too. */
const SECRET_HEADERS = /^(authorization|proxy-authorization|x-api-key|api-key|x-auth-token|cookie)$/i;

/** Header rows with credential values moved into secret variables. */
export function secretHeaders(rows: KeyValueRow[], sink: SecretSink): KeyValueRow[] {
  return rows.map((row) => {
    const name = row.name.trim().toLowerCase();
    if (!SECRET_HEADERS.test(name)) return row;
    // "Bearer abc": keep the scheme readable, hide the credential.
    const scheme = name.endsWith('authorization') ? /^([A-Za-z][\w-]*)\s+(\S.*)$/s.exec(row.value) : null;
    if (scheme) return { ...row, value: `${scheme[1]} ${sink.take(scheme[2]!, 'token')}` };
    return { ...row, value: sink.take(row.value, name === 'cookie' ? 'cookie' : 'apiKey') };
  });
}

/** The body kind for raw text of this Content-Type: JSON when it says so, else text. */
export function rawBody(content: string, contentType: string): StoredBody {
  if (content === '') return { kind: 'none' };
  return /[/+]json\b/i.test(contentType) ? { kind: 'json', text: content } : { kind: 'text', text: content };
}

/** A header's value by name (case-insensitive), among enabled rows. */
export const headerValue = (rows: readonly KeyValueRow[], name: string): string =>
  rows.find((r) => r.enabled && r.name.trim().toLowerCase() === name)?.value ?? '';

/** Adds `Content-Type` when the rows have none (a GraphQL body is sent as JSON). */
export function withContentType(rows: KeyValueRow[], type: string): KeyValueRow[] {
  return headerValue(rows, 'content-type') === ''
    ? [...rows, { enabled: true, name: 'Content-Type', value: type }]
    : rows;
}

/** The text of a GraphQL request as it goes on the wire: `{"query": …, "variables": …}`. */
export function graphqlJson(query: string, variables: string): string {
  let vars: unknown = undefined;
  if (variables.trim() !== '') {
    try {
      vars = JSON.parse(variables) as unknown;
    } catch {
      // Kept as text: the user sees it in the body and can fix it.
      return `{"query": ${JSON.stringify(query)}, "variables": ${variables}}`;
    }
  }
  return JSON.stringify(vars === undefined ? { query } : { query, variables: vars }, null, 2);
}

/** Appends query rows to a URL (`?` or `&`), encoding only what a URL cannot hold as written. */
export function appendQuery(url: string, rows: readonly { name: string; value: string }[]): string {
  if (rows.length === 0) return url;
  const hash = url.indexOf('#');
  const base = hash === -1 ? url : url.slice(0, hash);
  const fragment = hash === -1 ? '' : url.slice(hash);
  const enc = (s: string) => s.replace(/[\s&#]/g, (c) => encodeURIComponent(c));
  const query = rows.map((r) => (r.value === '' ? enc(r.name) : `${enc(r.name)}=${enc(r.value)}`)).join('&');
  const sep = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${sep}${query}${fragment}`;
}

/** True when a description field holds text (an empty one is what exports write when there is none). */
export const hasDescription = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

/** The one note for descriptions left out, counted over a whole import. */
export function descriptionsNote(count: number): string[] {
  if (count === 0) return [];
  return [`${count === 1 ? 'A description was' : `${count} descriptions were`} not imported.`];
}
