/**
 * Hoppscotch REST collections as its "Export as JSON" writes them: one
 * collection object or a list of them, each `{v, name, folders, requests}`
 * with optional `auth`, `headers` and `variables`. Read: nested folders,
 * requests (`endpoint`, `params` and `headers` with `active`, bodies: text
 * by content type, urlencoded `key: value` lines, multipart fields, a file),
 * auth (basic, bearer, API key; `inherit`; `authActive: false` is none),
 * request variables, collection variables (`secret` kept). Hoppscotch's
 * `<<name>>` becomes `{{name}}`; headers set on a collection or folder are
 * copied into each request under it (this project has no inherited
 * headers). Listed, never silently dropped: scripts, other auth types,
 * file contents, GraphQL collections, saved responses, descriptions.
 */
import { flatMap } from '../arrays.ts';
import type { StoredBody, StoredPart, StoredRequest } from '../history/types.ts';
import type { AuthDraft, KeyValueRow } from '../http/compose.ts';
import {
  SecretSink,
  appendQuery,
  descriptionsNote,
  hasDescription,
  isObject,
  list,
  rawBody,
  secretHeaders,
  text,
  withContentType,
  type Raw,
} from './import-common.ts';
import type { CollectionVariable, ImportResult, InheritableAuth, PortableCollection, PortableItem } from './types.ts';

const isCollection = (value: unknown): value is Raw =>
  isObject(value) && typeof value.name === 'string' && Array.isArray(value.folders) && Array.isArray(value.requests);

export function isHoppscotchExport(json: unknown): boolean {
  return isCollection(json) || (Array.isArray(json) && json.length > 0 && json.every(isCollection));
}

/** `<<name>>` → `{{name}}`. */
export const fromHoppscotch = (value: string): string => value.replace(/<<\s*([\w.-]+)\s*>>/g, '{{$1}}');

export function importHoppscotch(json: unknown): ImportResult {
  if (!isHoppscotchExport(json)) {
    throw new Error('This is not a Hoppscotch collection export: expected collections with "folders" and "requests".');
  }
  const notes: string[] = [];
  let described = 0;
  const roots = (Array.isArray(json) ? json : [json]) as Raw[];
  const t = (value: unknown) => fromHoppscotch(text(value));

  const rows = (value: unknown): KeyValueRow[] =>
    list(value)
      .filter(isObject)
      .map((r) => ({ enabled: r.active !== false, name: t(r.key), value: t(r.value) }));

  const readAuth = (raw: unknown, where: string, sink: SecretSink): InheritableAuth => {
    if (!isObject(raw)) return null;
    const type = text(raw.authType);
    if (type === 'inherit' || type === '') return null;
    if (raw.authActive === false || type === 'none') return { kind: 'none' };
    let auth: AuthDraft;
    switch (type) {
      case 'basic':
        auth = { kind: 'basic', user: t(raw.username), password: t(raw.password) };
        break;
      case 'bearer':
        auth = { kind: 'bearer', token: t(raw.token) };
        break;
      case 'api-key':
        auth = {
          kind: 'apikey',
          name: t(raw.key),
          value: t(raw.value),
          in: raw.addTo === 'QUERY_PARAMS' || raw.addTo === 'Query params' ? 'query' : 'header',
        };
        break;
      default:
        notes.push(`${where}: ${type} auth is not supported and was not imported (it sends no auth).`);
        return { kind: 'none' };
    }
    return sink.auth(auth);
  };

  const readBody = (
    raw: unknown,
    headers: KeyValueRow[],
    where: string,
  ): { body: StoredBody; headers: KeyValueRow[] } => {
    if (!isObject(raw) || raw.contentType === null || raw.contentType === undefined)
      return { body: { kind: 'none' }, headers };
    const type = text(raw.contentType);
    const withType = withContentType(headers, type);
    if (type === 'application/x-www-form-urlencoded') {
      // Hoppscotch keeps these as `key: value` lines; `#` comments a line out.
      const formRows = text(raw.body)
        .split(/\r?\n/)
        .filter((line) => line.trim() !== '')
        .map((line) => {
          const enabled = !line.trimStart().startsWith('#');
          const rest = enabled ? line : line.trimStart().slice(1);
          const colon = rest.indexOf(':');
          return {
            enabled,
            name: fromHoppscotch((colon === -1 ? rest : rest.slice(0, colon)).trim()),
            value: fromHoppscotch(colon === -1 ? '' : rest.slice(colon + 1).trim()),
          };
        });
      return { body: { kind: 'form', rows: formRows }, headers: withType };
    }
    if (type === 'multipart/form-data') {
      const parts: StoredPart[] = list(raw.body)
        .filter(isObject)
        .map((p) => {
          const enabled = p.active !== false;
          if (p.isFile === true) {
            notes.push(
              `${where}: the file of form field "${text(p.key)}" is not in the export: choose it again before sending.`,
            );
            return { kind: 'file', enabled, name: t(p.key), fileName: '' };
          }
          return { kind: 'text', enabled, name: t(p.key), value: t(p.value) };
        });
      return { body: { kind: 'multipart', rows: parts }, headers };
    }
    if (type === 'application/octet-stream' && typeof raw.body !== 'string') {
      notes.push(`${where}: the body file is not in the export: choose it again before sending.`);
      return { body: { kind: 'binary', fileName: '' }, headers: withType };
    }
    return { body: rawBody(t(raw.body), type), headers: withType };
  };

  const readRequest = (r: Raw, where: string, inherited: KeyValueRow[], sink: SecretSink): PortableItem | null => {
    if (typeof r.query === 'string' && r.endpoint === undefined) {
      notes.push(`${where}: GraphQL requests are not imported.`);
      return null;
    }
    if (hasDescription(r.description)) described++;
    const responses = isObject(r.responses) ? Object.keys(r.responses).length : list(r.responses).length;
    if (responses > 0)
      notes.push(
        `${where}: ${responses === 1 ? 'a saved response was' : `${responses} saved responses were`} not imported.`,
      );
    for (const key of ['preRequestScript', 'testScript']) {
      if (text(r[key]).trim() !== '')
        notes.push(
          `${where}: the ${key === 'testScript' ? 'test' : 'pre-request'} script was not imported (scripts are not run).`,
        );
    }
    const params = rows(r.params);
    const disabled = params.filter((p) => !p.enabled).length;
    if (disabled > 0)
      notes.push(`${where}: ${disabled} inactive query parameter${disabled === 1 ? ' was' : 's were'} not imported.`);
    const url = appendQuery(
      t(r.endpoint),
      params.filter((p) => p.enabled),
    );
    const headers = secretHeaders([...inherited, ...rows(r.headers)], sink);
    const auth = readAuth(r.auth, where, sink);
    const { body, headers: finalHeaders } = readBody(r.body, headers, where);
    const request: StoredRequest = {
      method: (text(r.method) || 'GET').toUpperCase(),
      url,
      headers: finalHeaders,
      body,
      auth: auth ?? { kind: 'none' },
    };
    const variables: CollectionVariable[] = rows(r.requestVariables).map((v) => ({
      key: v.name,
      value: v.value,
      secret: false,
      enabled: v.enabled,
    }));
    return { type: 'request', name: text(r.name) || url || 'Request', request, inheritAuth: auth === null, variables };
  };

  const readLevel = (c: Raw, path: string, inherited: KeyValueRow[], sink: SecretSink): PortableItem[] => {
    if (hasDescription(c.description)) described++;
    const own = rows(c.headers);
    if (own.length > 0)
      notes.push(
        `${path}: its ${own.length} header${own.length === 1 ? ' was' : 's were'} copied into each request under it.`,
      );
    const headers = [...inherited, ...own];
    const folders = list(c.folders)
      .filter(isCollection)
      .map((f): PortableItem => {
        const where = `${path} / ${text(f.name)}`;
        return {
          type: 'folder',
          name: text(f.name) || 'Folder',
          variables: variablesOf(f),
          auth: readAuth(f.auth, `folder ${where}`, sink),
          items: readLevel(f, where, headers, sink),
        };
      });
    const requests = flatMap(
      list(c.requests).filter(isObject),
      (r) => readRequest(r, `request ${path} / ${text(r.name)}`, headers, sink) ?? [],
    );
    return [...folders, ...requests];
  };

  const variablesOf = (c: Raw): CollectionVariable[] =>
    list(c.variables)
      .filter(isObject)
      .filter((v) => text(v.key) !== '')
      .map((v) => ({
        key: text(v.key),
        value: t(v.initialValue ?? v.currentValue ?? v.value),
        secret: v.secret === true,
        enabled: true,
      }));

  const collections: PortableCollection[] = roots.map((c) => {
    const name = text(c.name) || 'Hoppscotch collection';
    const variables = variablesOf(c);
    const sink = new SecretSink(variables);
    const auth = readAuth(c.auth, `collection "${name}"`, sink);
    return { name, variables, auth, items: readLevel(c, name, [], sink) };
  });
  notes.push(...descriptionsNote(described));
  return { format: 'Hoppscotch collection', collections, notes };
}
