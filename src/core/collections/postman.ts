/**
 * Postman Collection Format v2.0 and v2.1 (https://schema.postman.com/):
 * reading both, writing v2.1. The two versions differ in how auth parameters
 * are written (v2.0: an object `{username: …}`, v2.1: a list of
 * `{key, value}`); both allow a request to be a bare URL string, headers to
 * be a `Name: value` text, and a URL to be a string or an object.
 *
 * Read: folders (nested), collection/folder/request variables (`variable`,
 * also the older `variables`, keys from `key` or else `id`, `type: secret`,
 * `disabled`), auth (noauth, basic, bearer, apikey; absent or `inherit`
 * inherits), headers with `disabled`, the URL (`raw`, else built from its
 * parts; `:name` path variables filled from `url.variable`), bodies (raw with
 * its language, urlencoded, formdata text and file parts, file as binary,
 * GraphQL as its JSON). Listed, never silently dropped: scripts, saved
 * responses, other auth types, file contents, proxy and certificate
 * settings, descriptions.
 */
import { flatMap } from '../arrays.ts';
import { findVariables } from '../env/substitute.ts';
import type { StoredBody, StoredPart, StoredRequest } from '../history/types.ts';
import type { AuthDraft, KeyValueRow } from '../http/compose.ts';
import {
  SecretSink,
  descriptionsNote,
  graphqlJson,
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

export const POSTMAN_SCHEMA_V21 = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

/** Whether the JSON looks like a Postman collection (any version). */
export function isPostmanCollection(json: unknown): boolean {
  if (!isObject(json)) return false;
  const info = json.info;
  if (isObject(info)) {
    const schema = text(info.schema) || text(info._postman_schema);
    if (/postman/i.test(schema)) return true;
    if (Array.isArray(json.item) && ('_postman_id' in info || 'name' in info)) return true;
  }
  // v1: requests and an order at the top.
  return Array.isArray(json.requests) && Array.isArray(json.order);
}

/** The auth-type names Postman writes that this importer turns into an auth helper. */
const SUPPORTED_AUTH = ['noauth', 'basic', 'bearer', 'apikey', 'inherit'];

/** The language Postman's raw body editor was set to, as the Content-Type Postman adds for it. */
const RAW_LANGUAGE_TYPES: Record<string, string> = {
  json: 'application/json',
  xml: 'application/xml',
  html: 'text/html',
  javascript: 'application/javascript',
  text: 'text/plain',
};

const basename = (path: string) => path.split(/[/\\]/).pop() ?? path;

class Reader {
  readonly notes: string[] = [];
  descriptions = 0;
  settings = 0;

  constructor(readonly sink: SecretSink) {}

  variables(raw: Raw, where: string): CollectionVariable[] {
    const items = list(raw.variable ?? raw.variables);
    const out: CollectionVariable[] = [];
    items.forEach((item, i) => {
      if (!isObject(item)) {
        this.notes.push(`${where}: variable ${i + 1} is not an object and was not imported.`);
        return;
      }
      const key = text(item.key) || text(item.id);
      if (key === '') {
        this.notes.push(`${where}: variable ${i + 1} has no name and was not imported.`);
        return;
      }
      out.push({ key, value: text(item.value), secret: item.type === 'secret', enabled: item.disabled !== true });
    });
    return out;
  }

  /** Auth params: v2.1 lists `{key, value}`, v2.0 writes an object. */
  private params(auth: Raw, type: string): Map<string, string> {
    const raw = auth[type];
    const params = new Map<string, string>();
    if (Array.isArray(raw)) {
      for (const p of raw) if (isObject(p) && typeof p.key === 'string') params.set(p.key, text(p.value));
    } else if (isObject(raw)) {
      for (const [key, value] of Object.entries(raw)) params.set(key, text(value));
    }
    return params;
  }

  /** The auth of a level: null inherits. Unsupported types are noted and become no auth. */
  auth(raw: unknown, where: string, absent: InheritableAuth): InheritableAuth {
    if (raw === undefined || raw === null) return absent;
    if (!isObject(raw)) {
      this.notes.push(`${where}: the auth is not readable and was not imported.`);
      return absent;
    }
    const type = text(raw.type);
    if (!SUPPORTED_AUTH.includes(type)) {
      this.notes.push(`${where}: ${type || 'unnamed'} auth is not supported and was not imported (it sends no auth).`);
      return { kind: 'none' };
    }
    const p = this.params(raw, type);
    let auth: AuthDraft;
    switch (type) {
      case 'inherit':
        return null;
      case 'noauth':
        return { kind: 'none' };
      case 'basic':
        auth = { kind: 'basic', user: p.get('username') ?? '', password: p.get('password') ?? '' };
        break;
      case 'bearer':
        auth = { kind: 'bearer', token: p.get('token') ?? '' };
        break;
      default:
        auth = {
          kind: 'apikey',
          name: p.get('key') ?? '',
          value: p.get('value') ?? '',
          in: p.get('in') === 'query' ? 'query' : 'header',
        };
    }
    return this.sink.auth(auth);
  }

  events(raw: Raw, where: string): void {
    for (const event of list(raw.event)) {
      if (!isObject(event)) continue;
      const script = event.script;
      const exec = isObject(script) ? script.exec : script;
      const code = Array.isArray(exec) ? exec.join('\n') : text(exec);
      if (code.trim() === '') continue;
      const kind =
        event.listen === 'prerequest'
          ? 'pre-request script'
          : event.listen === 'test'
            ? 'test script'
            : `"${text(event.listen)}" script`;
      this.notes.push(`${where}: the ${kind} was not imported (scripts are not run).`);
    }
  }

  url(raw: unknown, where: string): string {
    if (typeof raw === 'string') return raw;
    if (!isObject(raw)) return '';
    let url = text(raw.raw);
    if (url === '') {
      const protocol = text(raw.protocol);
      const host = Array.isArray(raw.host) ? raw.host.map(text).join('.') : text(raw.host);
      const port = text(raw.port);
      const path = Array.isArray(raw.path)
        ? raw.path.map((s) => (isObject(s) ? text(s.value) : text(s))).join('/')
        : text(raw.path);
      const query = list(raw.query)
        .filter((q): q is Raw => isObject(q) && q.disabled !== true)
        .map((q) => (q.value === null || q.value === undefined ? text(q.key) : `${text(q.key)}=${text(q.value)}`));
      url = `${protocol ? `${protocol}://` : ''}${host}${port ? `:${port}` : ''}${path ? `/${path.replace(/^\//, '')}` : ''}${query.length ? `?${query.join('&')}` : ''}`;
    }
    // Path variables: `/users/:id` with `variable: [{key: "id", value: "7"}]`.
    for (const variable of list(raw.variable)) {
      if (!isObject(variable)) continue;
      const key = text(variable.key) || text(variable.id);
      const value = text(variable.value);
      if (key === '') continue;
      const pattern = new RegExp(`(/):${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=[/?#]|$)`, 'g');
      if (!pattern.test(url)) continue;
      if (value === '') this.notes.push(`${where}: the path variable :${key} has no value; it stays as written.`);
      else url = url.replace(pattern, `$1${value}`);
    }
    return url;
  }

  headers(raw: unknown): KeyValueRow[] {
    if (typeof raw === 'string') {
      return raw
        .split(/\r?\n/)
        .filter((line) => line.trim() !== '')
        .map((line) => {
          const colon = line.indexOf(':');
          return {
            enabled: true,
            name: (colon === -1 ? line : line.slice(0, colon)).trim(),
            value: colon === -1 ? '' : line.slice(colon + 1).trim(),
          };
        });
    }
    return list(raw)
      .filter((h): h is Raw => isObject(h) && typeof h.key === 'string')
      .map((h) => ({ enabled: h.disabled !== true, name: text(h.key), value: text(h.value) }));
  }

  body(raw: unknown, headers: KeyValueRow[], where: string): { body: StoredBody; headers: KeyValueRow[] } {
    if (!isObject(raw) || raw.disabled === true) return { body: { kind: 'none' }, headers };
    const mode = text(raw.mode);
    switch (mode) {
      case '':
        return { body: { kind: 'none' }, headers };
      case 'raw': {
        const options = isObject(raw.options) && isObject(raw.options.raw) ? raw.options.raw : {};
        const language = text(options.language);
        const type = RAW_LANGUAGE_TYPES[language];
        const rows = type && text(raw.raw) !== '' ? withContentType(headers, type) : headers;
        return { body: rawBody(text(raw.raw), headerValue(rows, 'content-type')), headers: rows };
      }
      case 'urlencoded':
        return {
          body: {
            kind: 'form',
            rows: list(raw.urlencoded)
              .filter(isObject)
              .map((r) => ({ enabled: r.disabled !== true, name: text(r.key), value: text(r.value) })),
          },
          headers,
        };
      case 'formdata': {
        const rows: StoredPart[] = [];
        for (const part of list(raw.formdata).filter(isObject)) {
          const enabled = part.disabled !== true;
          if (part.type === 'file') {
            const src = Array.isArray(part.src) ? part.src.map(text) : [text(part.src)];
            if (src.length > 1)
              this.notes.push(
                `${where}: the form field "${text(part.key)}" names ${src.length} files; only the first is kept.`,
              );
            const fileName = basename(src[0] ?? '');
            rows.push({ kind: 'file', enabled, name: text(part.key), fileName });
            this.notes.push(
              `${where}: the file ${fileName ? `"${fileName}"` : ''} of form field "${text(part.key)}" is not in the export: choose it again before sending.`.replace(
                'file  of',
                'file of',
              ),
            );
          } else rows.push({ kind: 'text', enabled, name: text(part.key), value: text(part.value) });
        }
        return { body: { kind: 'multipart', rows }, headers };
      }
      case 'file': {
        const file = isObject(raw.file) ? raw.file : {};
        const fileName = basename(text(file.src));
        if (text(file.content) !== '') {
          return { body: rawBody(text(file.content), headerValue(headers, 'content-type')), headers };
        }
        this.notes.push(
          `${where}: the body file ${fileName ? `"${fileName}" ` : ''}is not in the export: choose it again before sending.`,
        );
        return { body: { kind: 'binary', fileName }, headers };
      }
      case 'graphql': {
        const graphql = isObject(raw.graphql) ? raw.graphql : {};
        const rows = withContentType(headers, 'application/json');
        return {
          body: { kind: 'json', text: graphqlJson(text(graphql.query), text(graphql.variables)) },
          headers: rows,
        };
      }
      default:
        this.notes.push(`${where}: the body mode "${mode}" is not supported; the body was not imported.`);
        return { body: { kind: 'none' }, headers };
    }
  }

  request(item: Raw, where: string): PortableItem {
    this.events(item, where);
    const responses = list(item.response).length;
    if (responses > 0) {
      this.notes.push(
        `${where}: ${responses === 1 ? 'a saved response (example) was' : `${responses} saved responses (examples) were`} not imported.`,
      );
    }
    if (item.description !== undefined && item.description !== '') this.descriptions++;
    if (item.protocolProfileBehavior !== undefined || item.proxy !== undefined || item.certificate !== undefined) {
      this.settings++;
    }
    const raw = typeof item.request === 'string' ? { url: item.request } : isObject(item.request) ? item.request : {};
    if (raw.description !== undefined && raw.description !== '') this.descriptions++;
    if (raw.proxy !== undefined || raw.certificate !== undefined) this.settings++;
    const auth = this.auth(raw.auth, where, null);
    const headers = secretHeaders(this.headers(raw.header), this.sink);
    const { body, headers: finalHeaders } = this.body(raw.body, headers, where);
    const request: StoredRequest = {
      method: (text(raw.method) || 'GET').toUpperCase(),
      url: this.url(raw.url, where),
      headers: finalHeaders,
      body,
      auth: auth ?? { kind: 'none' },
    };
    return {
      type: 'request',
      name: text(item.name) || request.url || 'Request',
      request,
      inheritAuth: auth === null,
      variables: this.variables(item, where),
    };
  }

  items(raw: unknown, path: string): PortableItem[] {
    return flatMap(list(raw), (item, i): PortableItem[] => {
      if (!isObject(item)) {
        this.notes.push(`${path}: item ${i + 1} is not an object and was not imported.`);
        return [];
      }
      const name = text(item.name) || `item ${i + 1}`;
      const where = `${path} / ${name}`;
      if (Array.isArray(item.item)) {
        this.events(item, `folder ${where}`);
        if (item.description !== undefined && item.description !== '') this.descriptions++;
        if (item.protocolProfileBehavior !== undefined) this.settings++;
        return [
          {
            type: 'folder',
            name,
            variables: this.variables(item, `folder ${where}`),
            auth: this.auth(item.auth, `folder ${where}`, null),
            items: this.items(item.item, where),
          },
        ];
      }
      return [this.request(item, `request ${where}`)];
    });
  }
}

/**
 * Reads a Postman collection (v2.0 or v2.1). Throws an Error saying what is
 * wrong when it is not one (a v1 collection is named as such).
 */
export function importPostman(json: unknown): ImportResult {
  if (!isObject(json)) throw new Error('This is not a Postman collection: expected a JSON object.');
  if (Array.isArray(json.requests) && Array.isArray(json.order) && !Array.isArray(json.item)) {
    throw new Error(
      'This is a Postman Collection v1, which Postman itself no longer exports: open it in Postman and export it as Collection v2.1.',
    );
  }
  const info = isObject(json.info) ? json.info : null;
  if (!info || !Array.isArray(json.item)) {
    throw new Error('This is not a Postman collection: it needs "info" and an "item" list.');
  }
  const schema = text(info.schema) || text(info._postman_schema);
  const version = /v2\.0|#2\.0/.test(schema) ? '2.0' : '2.1';
  const name = text(info.name) || 'Postman collection';
  const variables: CollectionVariable[] = [];
  const reader = new Reader(new SecretSink(variables));
  // Collection variables first, so secrets found later are added after them.
  variables.push(...reader.variables(json, `collection "${name}"`));
  reader.events(json, `collection "${name}"`);
  if (info.description !== undefined && info.description !== '') reader.descriptions++;
  if (json.protocolProfileBehavior !== undefined) reader.settings++;
  const collection: PortableCollection = {
    name,
    variables,
    auth: reader.auth(json.auth, `collection "${name}"`, null),
    items: reader.items(json.item, name),
  };
  reader.notes.push(...descriptionsNote(reader.descriptions));
  if (reader.settings > 0) {
    reader.notes.push(
      `${reader.settings === 1 ? 'One item has' : `${reader.settings} items have`} request settings (protocolProfileBehavior, proxy or certificate) that were not imported.`,
    );
  }
  return { format: `Postman Collection v${version}`, collections: [collection], notes: reader.notes };
}

// ---------------------------------------------------------------- export

interface UrlObject {
  raw: string;
  protocol?: string;
  host?: string[];
  port?: string;
  path?: string[];
  query?: { key: string; value: string | null; disabled?: boolean }[];
  hash?: string;
}

/** Postman's URL object from URL text (which may hold `{{variables}}`, so no URL parser). */
export function postmanUrl(raw: string): UrlObject {
  const out: UrlObject = { raw };
  const match = /^(?:([a-zA-Z][\w+.-]*):\/\/)?([^/?#]*)([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/.exec(raw);
  if (!match) return out;
  const [, protocol, authority = '', path = '', query, hash] = match;
  if (protocol) out.protocol = protocol;
  // A port after the last colon, unless the colon is inside a variable.
  const portMatch = /^(.*):(\d+|\{\{[^{}]+\}\})$/.exec(authority);
  const host = portMatch ? portMatch[1]! : authority;
  if (portMatch) out.port = portMatch[2]!;
  if (host !== '') out.host = findVariables(host).length > 0 && !host.includes('.') ? [host] : host.split('.');
  if (path !== '') out.path = path.replace(/^\//, '').split('/');
  if (query !== undefined && query !== '') {
    out.query = query.split('&').map((pair) => {
      const eq = pair.indexOf('=');
      return eq === -1 ? { key: pair, value: null } : { key: pair.slice(0, eq), value: pair.slice(eq + 1) };
    });
  }
  if (hash !== undefined) out.hash = hash;
  return out;
}

const param = (key: string, value: string) => ({ key, value, type: 'string' });

function exportAuth(auth: AuthDraft): Raw {
  switch (auth.kind) {
    case 'none':
      return { type: 'noauth' };
    case 'basic':
      return { type: 'basic', basic: [param('username', auth.user), param('password', auth.password)] };
    case 'bearer':
      return { type: 'bearer', bearer: [param('token', auth.token)] };
    case 'apikey':
      return { type: 'apikey', apikey: [param('key', auth.name), param('value', auth.value), param('in', auth.in)] };
  }
}

function exportVariables(variables: readonly CollectionVariable[], includeSecrets: boolean): Raw[] {
  return variables.map((v) => ({
    key: v.key,
    value: v.secret && !includeSecrets ? '' : v.value,
    type: v.secret ? 'secret' : 'default',
    ...(v.enabled ? {} : { disabled: true }),
  }));
}

const rowsOut = (rows: readonly KeyValueRow[]) =>
  rows.map((r) => ({ key: r.name, value: r.value, type: 'text', ...(r.enabled ? {} : { disabled: true }) }));

function exportBody(body: StoredBody): Raw | undefined {
  switch (body.kind) {
    case 'none':
      return undefined;
    case 'json':
      return { mode: 'raw', raw: body.text, options: { raw: { language: 'json' } } };
    case 'text':
      return { mode: 'raw', raw: body.text, options: { raw: { language: 'text' } } };
    case 'form':
      return { mode: 'urlencoded', urlencoded: rowsOut(body.rows) };
    case 'multipart':
      return {
        mode: 'formdata',
        formdata: body.rows.map((p) =>
          p.kind === 'text'
            ? { key: p.name, value: p.value, type: 'text', ...(p.enabled ? {} : { disabled: true }) }
            : { key: p.name, src: p.fileName, type: 'file', ...(p.enabled ? {} : { disabled: true }) },
        ),
      };
    case 'binary':
      return { mode: 'file', file: { src: body.fileName } };
  }
}

function exportItems(items: readonly PortableItem[], includeSecrets: boolean): Raw[] {
  return items.map((item) => {
    const variable = item.variables.length > 0 ? { variable: exportVariables(item.variables, includeSecrets) } : {};
    if (item.type === 'folder') {
      return {
        name: item.name,
        item: exportItems(item.items, includeSecrets),
        ...(item.auth ? { auth: exportAuth(item.auth) } : {}),
        ...variable,
      };
    }
    const { request } = item;
    const body = exportBody(request.body);
    return {
      name: item.name,
      request: {
        method: request.method,
        header: rowsOut(request.headers),
        ...(body ? { body } : {}),
        url: postmanUrl(request.url),
        ...(item.inheritAuth ? {} : { auth: exportAuth(request.auth) }),
      },
      response: [],
      ...variable,
    };
  });
}

/**
 * A Postman Collection v2.1 document. Secret variable values are written
 * empty unless `includeSecrets` (as Postman's own export does for secrets).
 */
export function exportPostman(collection: PortableCollection, options: { includeSecrets: boolean; id?: string }): Raw {
  return {
    info: {
      ...(options.id ? { _postman_id: options.id } : {}),
      name: collection.name,
      schema: POSTMAN_SCHEMA_V21,
    },
    item: exportItems(collection.items, options.includeSecrets),
    ...(collection.auth ? { auth: exportAuth(collection.auth) } : {}),
    variable: exportVariables(collection.variables, options.includeSecrets),
  };
}
