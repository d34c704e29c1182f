/**
 * `{{variable}}` substitution over everything the REST client's editor holds,
 * for sending: the URL (its query included), enabled header rows, the body's
 * text or rows, and the auth helper's fields.
 */
import type { AuthDraft, BodyDraft, KeyValueRow, RequestDraft } from '../http/compose.ts';
import { substitute, type Lookup, type UnresolvedVariable } from './substitute.ts';

/** A variable and the part of the request it is used in. */
export type DraftVariable = UnresolvedVariable;

type Run = (text: string, where: UnresolvedVariable['where']) => string;

/** A `run` that substitutes with `lookup` and collects unresolved names, each (name, where) once. */
function runner(lookup: Lookup): { run: Run; unresolved: UnresolvedVariable[] } {
  const unresolved: UnresolvedVariable[] = [];
  const run: Run = (text, where) => {
    const result = substitute(text, lookup);
    for (const name of result.unresolved) {
      if (!unresolved.some((u) => u.name === name && u.where === where)) unresolved.push({ name, where });
    }
    return result.text;
  };
  return { run, unresolved };
}

/** Disabled rows stay as written: they are not sent, so their variables do not matter. */
function rows<R extends KeyValueRow>(list: readonly R[], run: Run, where: UnresolvedVariable['where']): R[] {
  return list.map((row) => (row.enabled ? { ...row, name: run(row.name, where), value: run(row.value, where) } : row));
}

function body(draft: BodyDraft, run: Run): BodyDraft {
  switch (draft.kind) {
    case 'json':
    case 'text':
      return { ...draft, text: run(draft.text, 'body') };
    case 'form':
      return { ...draft, rows: rows(draft.rows, run, 'body') };
    case 'multipart':
      // A file part's field name is substituted like a text part's; the file itself is data.
      return {
        ...draft,
        rows: draft.rows.map((row) => {
          if (!row.enabled) return row;
          const name = run(row.name, 'body');
          return row.kind === 'text' ? { ...row, name, value: run(row.value, 'body') } : { ...row, name };
        }),
      };
    case 'none':
    case 'binary':
      return draft;
  }
}

function auth(draft: AuthDraft, run: Run): AuthDraft {
  switch (draft.kind) {
    case 'basic':
      return { ...draft, user: run(draft.user, 'auth'), password: run(draft.password, 'auth') };
    case 'bearer':
      return { ...draft, token: run(draft.token, 'auth') };
    case 'apikey':
      return { ...draft, name: run(draft.name, 'auth'), value: run(draft.value, 'auth') };
    case 'none':
      return draft;
  }
}

/**
 * The draft with every `{{name}}` the lookup knows replaced by its value, in
 * the URL, enabled header names and values, the body (JSON or text, enabled
 * form rows, enabled multipart parts' names and text values) and the auth
 * helper's fields. The method and disabled rows are left as written.
 *
 * Values go in as they are, with no escaping for the context: a value inside
 * a JSON string (`"{{name}}"`) that holds a quote or backslash makes the JSON
 * invalid, as in Postman. Text outside variables is kept exactly.
 *
 * `unresolved` lists the names the lookup did not know, once per part of the
 * request (`url`, `header`, `body`, `auth`), in order of first appearance;
 * they stay in the request as written.
 */
export function substituteDraft(
  draft: RequestDraft,
  lookup: Lookup,
): { draft: RequestDraft; unresolved: UnresolvedVariable[] } {
  const { run, unresolved } = runner(lookup);
  // Evaluated in the order the editor shows the parts, which is the order of `unresolved`.
  const url = run(draft.url, 'url');
  const headers = rows(draft.headers, run, 'header');
  const substitutedBody = body(draft.body, run);
  const substitutedAuth = auth(draft.auth, run);
  return {
    draft: { ...draft, url, headers, body: substitutedBody, auth: substitutedAuth },
    unresolved,
  };
}

/**
 * Every variable the draft uses where it would be substituted (enabled parts
 * only), once per name and part, in order of first appearance.
 */
export function variablesInDraft(draft: RequestDraft): DraftVariable[] {
  return substituteDraft(draft, () => undefined).unresolved;
}
