/**
 * Insomnia's export format 4 (`"_type": "export", "__export_format": 4`): a
 * flat list of resources linked by `parentId`. Read: the workspace as a
 * collection, request groups as folders (in `metaSortKey` order), requests
 * (method, URL with its `parameters`, headers with `disabled`, bodies: text
 * by MIME type, urlencoded and multipart params, GraphQL, a file), auth
 * (basic, bearer, API key; an empty one inherits), the workspace's base
 * environment as collection variables and folders' environments as folder
 * variables (nested objects flattened to `a.b`). Insomnia's `{{ _.name }}`
 * becomes `{{name}}`. Listed, never silently dropped: other environments,
 * template tags (`{% … %}`), other auth types, scripts, gRPC and WebSocket
 * requests, API specs, unit tests, cookie jars with cookies, descriptions.
 */
import { flatMap } from '../arrays.ts';
import type { StoredBody, StoredPart, StoredRequest } from '../history/types.ts';
import type { AuthDraft, KeyValueRow } from '../http/compose.ts';
import {
  SecretSink,
  appendQuery,
  descriptionsNote,
  graphqlJson,
  hasDescription,
  headerValue,
  isObject,
  list,
  rawBody,
  secretHeaders,
  text,
  withContentType,
  type Raw,
} from './import-common.ts';
import type { CollectionVariable, ImportResult, InheritableAuth, PortableCollection, PortableItem } from './types.ts';

export function isInsomniaExport(json: unknown): boolean {
  return isObject(json) && json._type === 'export' && Array.isArray(json.resources);
}

/** `{{ _.name }}` and `{{ _['name'] }}` → `{{name}}`. */
export function fromNunjucks(value: string): string {
  return value
    .replace(/\{\{\s*_\.([\w.-]+)\s*\}\}/g, '{{$1}}')
    .replace(/\{\{\s*_\[\s*(['"])([^'"]+)\1\s*\]\s*\}\}/g, '{{$2}}');
}

/** An environment's data as variables: nested objects flattened to dotted names. */
function flatten(data: unknown, prefix = ''): CollectionVariable[] {
  if (!isObject(data)) return [];
  return flatMap(Object.entries(data), ([key, value]): CollectionVariable[] => {
    const name = prefix ? `${prefix}.${key}` : key;
    if (isObject(value)) return flatten(value, name);
    const v = Array.isArray(value) ? JSON.stringify(value) : value === null ? '' : text(value);
    return [{ key: name, value: fromNunjucks(v), secret: false, enabled: true }];
  });
}

const sortKey = (r: Raw) => (typeof r.metaSortKey === 'number' ? r.metaSortKey : 0);

const SKIPPED_TYPES: Record<string, string> = {
  grpc_request: 'gRPC request',
  websocket_request: 'WebSocket request',
  api_spec: 'API spec',
  unit_test_suite: 'unit test suite',
  unit_test: 'unit test',
  proto_file: 'proto file',
  proto_directory: 'proto folder',
  mock_server: 'mock server',
  mock_route: 'mock route',
};

export function importInsomnia(json: unknown): ImportResult {
  if (!isInsomniaExport(json))
    throw new Error('This is not an Insomnia export: expected "_type": "export" and "resources".');
  const root = json as Raw;
  const format = typeof root.__export_format === 'number' ? root.__export_format : 0;
  if (format !== 4) {
    throw new Error(
      `This Insomnia export is format ${format || 'unknown'}; only format 4 (Insomnia's JSON export) is read.`,
    );
  }
  const resources = list(root.resources).filter(isObject);
  const notes: string[] = [];
  const byParent = new Map<string, Raw[]>();
  for (const r of resources) {
    const parent = text(r.parentId);
    byParent.set(parent, [...(byParent.get(parent) ?? []), r]);
  }
  const children = (id: string) => [...(byParent.get(id) ?? [])].sort((a, b) => sortKey(a) - sortKey(b));
  const templated = new Set<string>();

  const convert = (value: string, where: string) => {
    const out = fromNunjucks(value);
    if (/\{%.*?%\}/s.test(out)) templated.add(where);
    return out;
  };

  const readAuth = (raw: unknown, where: string, sink: SecretSink): InheritableAuth => {
    if (!isObject(raw) || text(raw.type) === '') return null;
    if (raw.disabled === true) return { kind: 'none' };
    const type = text(raw.type);
    let auth: AuthDraft;
    switch (type) {
      case 'none':
        return { kind: 'none' };
      case 'basic':
        auth = {
          kind: 'basic',
          user: convert(text(raw.username), where),
          password: convert(text(raw.password), where),
        };
        break;
      case 'bearer': {
        const prefix = text(raw.prefix);
        if (prefix !== '' && prefix.toLowerCase() !== 'bearer') {
          notes.push(`${where}: the token prefix "${prefix}" cannot be kept; it is sent as "Bearer".`);
        }
        auth = { kind: 'bearer', token: convert(text(raw.token), where) };
        break;
      }
      case 'apikey':
        auth = {
          kind: 'apikey',
          name: convert(text(raw.key), where),
          value: convert(text(raw.value), where),
          in: raw.addTo === 'queryParams' ? 'query' : 'header',
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
    if (!isObject(raw)) return { body: { kind: 'none' }, headers };
    const mime = text(raw.mimeType);
    const rows = mime !== '' ? withContentType(headers, mime) : headers;
    if (mime === 'application/x-www-form-urlencoded') {
      return {
        body: {
          kind: 'form',
          rows: list(raw.params)
            .filter(isObject)
            .map((p) => ({
              enabled: p.disabled !== true,
              name: convert(text(p.name), where),
              value: convert(text(p.value), where),
            })),
        },
        headers: rows,
      };
    }
    if (mime === 'multipart/form-data') {
      const parts: StoredPart[] = list(raw.params)
        .filter(isObject)
        .map((p) => {
          const enabled = p.disabled !== true;
          if (p.type === 'file') {
            const fileName = text(p.fileName).split(/[/\\]/).pop() ?? '';
            notes.push(
              `${where}: the file of form field "${text(p.name)}" is not in the export: choose it again before sending.`,
            );
            return { kind: 'file', enabled, name: convert(text(p.name), where), fileName };
          }
          return { kind: 'text', enabled, name: convert(text(p.name), where), value: convert(text(p.value), where) };
        });
      // The editor writes the multipart Content-Type with its own boundary.
      return { body: { kind: 'multipart', rows: parts }, headers };
    }
    if (mime === 'application/graphql') {
      let query: string;
      let variables = '';
      try {
        const parsed = JSON.parse(text(raw.text) || '{}') as Raw;
        query = text(parsed.query);
        variables = parsed.variables === undefined ? '' : JSON.stringify(parsed.variables);
      } catch {
        query = text(raw.text);
      }
      const withJson = headers.filter((h) => h.name.toLowerCase() !== 'content-type');
      return {
        body: { kind: 'json', text: convert(graphqlJson(query, variables), where) },
        headers: withContentType(withJson, 'application/json'),
      };
    }
    if (text(raw.fileName) !== '') {
      const fileName = text(raw.fileName).split(/[/\\]/).pop() ?? '';
      notes.push(`${where}: the body file "${fileName}" is not in the export: choose it again before sending.`);
      return { body: { kind: 'binary', fileName }, headers: rows };
    }
    return { body: rawBody(convert(text(raw.text), where), headerValue(rows, 'content-type') || mime), headers: rows };
  };

  const readRequest = (r: Raw, where: string, sink: SecretSink): PortableItem => {
    for (const key of ['preRequestScript', 'afterResponseScript']) {
      if (text(r[key]).trim() !== '')
        notes.push(
          `${where}: the ${key === 'preRequestScript' ? 'pre-request' : 'after-response'} script was not imported (scripts are not run).`,
        );
    }
    const params = list(r.parameters).filter(isObject);
    const disabled = params.filter((p) => p.disabled === true).length;
    if (disabled > 0)
      notes.push(`${where}: ${disabled} disabled query parameter${disabled === 1 ? ' was' : 's were'} not imported.`);
    const url = appendQuery(
      convert(text(r.url), where),
      params
        .filter((p) => p.disabled !== true)
        .map((p) => ({ name: convert(text(p.name), where), value: convert(text(p.value), where) })),
    );
    const headers = secretHeaders(
      list(r.headers)
        .filter(isObject)
        .map((h) => ({
          enabled: h.disabled !== true,
          name: convert(text(h.name), where),
          value: convert(text(h.value), where),
        })),
      sink,
    );
    const auth = readAuth(r.authentication, where, sink);
    const { body, headers: finalHeaders } = readBody(r.body, headers, where);
    const request: StoredRequest = {
      method: (text(r.method) || 'GET').toUpperCase(),
      url,
      headers: finalHeaders,
      body,
      auth: auth ?? { kind: 'none' },
    };
    return {
      type: 'request',
      name: text(r.name) || url || 'Request',
      request,
      inheritAuth: auth === null,
      variables: [],
    };
  };

  const readItems = (parentId: string, path: string, sink: SecretSink): PortableItem[] =>
    flatMap(children(parentId), (r): PortableItem[] => {
      const name = text(r.name);
      const where = `${path} / ${name}`;
      switch (r._type) {
        case 'request':
          return [readRequest(r, `request ${where}`, sink)];
        case 'request_group':
          return [
            {
              type: 'folder',
              name: name || 'Folder',
              variables: flatten(r.environment),
              auth: readAuth(r.authentication, `folder ${where}`, sink),
              items: readItems(text(r._id), where, sink),
            },
          ];
        case 'environment':
        case 'cookie_jar':
          return [];
        default: {
          const label = SKIPPED_TYPES[text(r._type)] ?? `"${text(r._type)}" resource`;
          notes.push(`${where}: the ${label} was not imported.`);
          return [];
        }
      }
    });

  const workspaces = resources.filter((r) => r._type === 'workspace');
  // An export of requests without their workspace still has a root: the ids nobody owns.
  const roots = workspaces.length > 0 ? workspaces : [{ _id: '__root', name: 'Insomnia import' } as Raw];
  if (workspaces.length === 0) {
    for (const r of resources) if (!resources.some((p) => p._id === r.parentId)) r.parentId = '__root';
    byParent.clear();
    for (const r of resources) byParent.set(text(r.parentId), [...(byParent.get(text(r.parentId)) ?? []), r]);
  }
  const collections: PortableCollection[] = roots.map((workspace) => {
    const name = text(workspace.name) || 'Insomnia import';
    const variables: CollectionVariable[] = [];
    const sink = new SecretSink(variables);
    const environments = children(text(workspace._id)).filter((r) => r._type === 'environment');
    for (const base of environments) {
      variables.push(...flatten(base.data));
      for (const sub of children(text(base._id)).filter((r) => r._type === 'environment')) {
        notes.push(
          `The environment "${text(sub.name)}" of "${name}" was not imported as collection variables: add it under Environments if you need it.`,
        );
      }
    }
    for (const jar of children(text(workspace._id)).filter((r) => r._type === 'cookie_jar')) {
      const cookies = list(jar.cookies).length;
      if (cookies > 0)
        notes.push(
          `${cookies} cookie${cookies === 1 ? '' : 's'} of the cookie jar "${text(jar.name)}" were not imported.`,
        );
    }
    return { name, variables, auth: null, items: readItems(text(workspace._id), name, sink) };
  });
  for (const where of templated)
    notes.push(`${where}: Insomnia template tags ({% … %}) are kept as written and are not evaluated.`);
  const described = resources.filter(
    (r) => ['workspace', 'request_group', 'request'].includes(text(r._type)) && hasDescription(r.description),
  ).length;
  notes.push(...descriptionsNote(described));
  return { format: 'Insomnia export v4', collections, notes };
}
