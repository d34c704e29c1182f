/**
 * From a spec to requests: the operations grouped by tag, the servers to
 * choose from, and the request an operation describes, ready for the REST
 * client (`RestImport`).
 */
import type { ImportedPart, RestImport } from '../http/from-curl.ts';
import type { HeaderLine } from '../http/request.ts';
import { deref, operationsOf } from './rules.ts';
import type { OpenApiVersion } from './types.ts';

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => value !== null && typeof value === 'object' && !Array.isArray(value);

export interface OperationSummary {
  method: string;
  path: string;
  summary: string;
  operationId?: string;
  deprecated: boolean;
  /** JSON pointer of the operation: the key to ask for its request. */
  pointer: string;
}

export interface OperationGroup {
  tag: string;
  operations: OperationSummary[];
}

/** The tag for operations without one. */
export const UNTAGGED = 'Other';

/** Operations grouped by their first tag, groups in the order of the top-level tags, then of first use. */
export function listOperations(root: unknown): OperationGroup[] {
  const groups = new Map<string, OperationSummary[]>();
  if (isObj(root) && Array.isArray(root.tags))
    for (const tag of root.tags) if (isObj(tag) && typeof tag.name === 'string') groups.set(tag.name, []);
  for (const op of operationsOf(root)) {
    const tags = Array.isArray(op.operation.tags) ? op.operation.tags.filter((t) => typeof t === 'string') : [];
    const summary: OperationSummary = {
      method: op.method.toUpperCase(),
      path: op.path,
      summary: typeof op.operation.summary === 'string' ? op.operation.summary : '',
      operationId: typeof op.operation.operationId === 'string' ? op.operation.operationId : undefined,
      deprecated: op.operation.deprecated === true,
      pointer: op.pointer,
    };
    for (const tag of tags.length > 0 ? tags : [UNTAGGED]) {
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push(summary);
    }
  }
  return [...groups].filter(([, ops]) => ops.length > 0).map(([tag, operations]) => ({ tag, operations }));
}

/** Case-insensitive search over method, path, summary, operationId and tag; every word must match. */
export function filterOperations(groups: OperationGroup[], query: string): OperationGroup[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return groups;
  return groups
    .map((group) => ({
      tag: group.tag,
      operations: group.operations.filter((op) => {
        const text = `${op.method} ${op.path} ${op.summary} ${op.operationId ?? ''} ${group.tag}`.toLowerCase();
        return words.every((w) => text.includes(w));
      }),
    }))
    .filter((group) => group.operations.length > 0);
}

export interface ServerChoice {
  /** The URL with its variables resolved to their defaults. */
  url: string;
  description: string;
}

function resolveServer(server: unknown): ServerChoice | undefined {
  if (!isObj(server) || typeof server.url !== 'string') return undefined;
  const variables = isObj(server.variables) ? server.variables : {};
  const url = server.url.replace(/\{([^{}]*)\}/g, (_, name: string) => {
    const v = variables[name];
    return isObj(v) && v.default !== undefined ? String(v.default) : `{{${name}}}`;
  });
  return { url, description: typeof server.description === 'string' ? server.description : '' };
}

/** The servers a document names (3.x `servers`; 2.0 `schemes` × `host` + `basePath`). */
export function listServers(root: unknown, version: OpenApiVersion): ServerChoice[] {
  if (!isObj(root)) return [];
  if (version === '2.0') {
    const host = typeof root.host === 'string' ? root.host : '{{host}}';
    const basePath = typeof root.basePath === 'string' ? root.basePath : '';
    const schemes = Array.isArray(root.schemes) && root.schemes.length > 0 ? root.schemes.map(String) : ['https'];
    return schemes.map((scheme) => ({ url: `${scheme}://${host}${basePath}`, description: scheme }));
  }
  const servers = Array.isArray(root.servers) ? root.servers.map(resolveServer).filter((s) => s !== undefined) : [];
  return servers.length > 0 ? servers : [{ url: '/', description: 'no servers listed' }];
}

/** A value for a schema: its example, default, first enum value, or one made from its type. */
export function sampleFromSchema(
  root: unknown,
  schema: unknown,
  depth = 0,
  seen: ReadonlySet<unknown> = new Set(),
): unknown {
  const { value } = deref(root, schema, '');
  if (!isObj(value) || depth > 8 || seen.has(value)) return undefined;
  const inner = new Set(seen).add(value);
  if (value.example !== undefined) return value.example;
  if (Array.isArray(value.examples) && value.examples.length > 0) return value.examples[0];
  if (value.default !== undefined) return value.default;
  if (value.const !== undefined) return value.const;
  if (Array.isArray(value.enum) && value.enum.length > 0) return value.enum[0];
  if (Array.isArray(value.allOf)) {
    const merged: Obj = {};
    let any = false;
    for (const part of value.allOf) {
      const sample = sampleFromSchema(root, part, depth + 1, inner);
      if (isObj(sample)) Object.assign(merged, sample);
      else if (sample !== undefined) return sample;
      any = true;
    }
    if (any) return merged;
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const list = value[key];
    if (Array.isArray(list) && list.length > 0) return sampleFromSchema(root, list[0], depth + 1, inner);
  }
  let type = value.type;
  if (Array.isArray(type)) type = type.find((t) => t !== 'null') ?? type[0];
  if (type === undefined && isObj(value.properties)) type = 'object';
  switch (type) {
    case 'object': {
      const out: Obj = {};
      if (isObj(value.properties))
        for (const [name, prop] of Object.entries(value.properties)) {
          const { value: p } = deref(root, prop, '');
          if (isObj(p) && p.readOnly === true) continue;
          const sample = sampleFromSchema(root, prop, depth + 1, inner);
          if (sample !== undefined) out[name] = sample;
        }
      return out;
    }
    case 'array': {
      const item = sampleFromSchema(root, value.items, depth + 1, inner);
      return item === undefined ? [] : [item];
    }
    case 'integer':
    case 'number':
      return typeof value.minimum === 'number' ? value.minimum : 0;
    case 'boolean':
      return true;
    case 'string':
      switch (value.format) {
        case 'date-time':
          return '2024-01-01T00:00:00Z';
        case 'date':
          return '2024-01-01';
        case 'email':
          return 'user@example.com';
        case 'uuid':
          return '00000000-0000-4000-8000-000000000000';
        case 'uri':
        case 'url':
          return 'https://example.com';
        default:
          return 'string';
      }
    default:
      return undefined;
  }
}

interface Param {
  name: string;
  in: string;
  required: boolean;
  value: Obj;
}

function effectiveParameters(root: unknown, pathItem: Obj, operation: Obj): Param[] {
  const read = (list: unknown): Param[] =>
    Array.isArray(list)
      ? list
          .map((raw) => deref(root, raw, '').value)
          .filter((p): p is Obj => isObj(p) && typeof p.name === 'string' && typeof p.in === 'string')
          .map((p) => ({ name: p.name as string, in: p.in as string, required: p.required === true, value: p }))
      : [];
  const own = read(operation.parameters);
  return [...read(pathItem.parameters).filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)), ...own];
}

/** An example value of a parameter (3.x example/examples/schema; 2.0 x-example/default/enum), or undefined. */
function parameterExample(root: unknown, param: Obj): unknown {
  if (param.example !== undefined) return param.example;
  if (param['x-example'] !== undefined) return param['x-example'];
  if (isObj(param.examples)) {
    const first = Object.values(param.examples)[0];
    const { value } = deref(root, first, '');
    if (isObj(value) && value.value !== undefined) return value.value;
  }
  const schema = deref(root, param.schema ?? param, '').value;
  if (isObj(schema)) {
    if (schema.example !== undefined) return schema.example;
    if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
    if (schema.default !== undefined) return schema.default;
    if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  }
  return undefined;
}

/** Percent-encoding that never throws: a lone surrogate (not text) is sent as U+FFFD. */
function encode(text: string): string {
  return encodeURIComponent(
    text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'),
  );
}

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** A name usable as a `{{variable}}`: letters, digits, `_`, `-` and `.`. */
function variableName(name: string): string {
  return name.replace(/[^A-Za-z0-9_.-]+/g, '_') || 'value';
}

const JSON_TYPE = /^application\/(.+\+)?json\b/i;

/**
 * The request an operation describes, for the REST client: the chosen server,
 * path parameters from their examples (else `{{name}}`), required or
 * exemplified query and header parameters, the first security requirement as
 * `{{variables}}`, and a body from the example or made from the schema.
 */
export function buildRequest(root: unknown, version: OpenApiVersion, pointer: string, serverIndex = 0): RestImport {
  const op = operationsOf(root).find((o) => o.pointer === pointer);
  if (!op) throw new Error(`No operation at ${pointer}: the document changed; pick the operation again.`);
  const notes: string[] = [];
  const { operation, pathItem } = op;

  // Server: the operation's, the path's, or the document's.
  let servers = listServers(root, version);
  if (version !== '2.0') {
    const own = [operation.servers, pathItem.servers].find((s) => Array.isArray(s) && s.length > 0) as
      unknown[] | undefined;
    if (own) servers = own.map(resolveServer).filter((s) => s !== undefined);
  }
  const server = servers[Math.min(serverIndex, servers.length - 1)] ?? { url: '/', description: '' };
  let base = server.url.replace(/\/+$/, '');
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(base)) {
    notes.push('The spec gives no absolute server URL: set {{baseUrl}} in the environment.');
    base = `{{baseUrl}}${base === '/' ? '' : base}`;
  }

  const params = effectiveParameters(root, pathItem, operation);
  const pathValues = new Map<string, string>();
  for (const param of params.filter((p) => p.in === 'path')) {
    const example = parameterExample(root, param.value);
    if (example !== undefined) pathValues.set(param.name, encode(asText(example)));
  }
  const path = op.path.replace(
    /\{([^{}]+)\}/g,
    (_, name: string) => pathValues.get(name) ?? `{{${variableName(name)}}}`,
  );

  const query: string[] = [];
  const headers: HeaderLine[] = [];
  const skipped: string[] = [];
  for (const param of params) {
    if (param.in === 'path' || param.in === 'body' || param.in === 'formData') continue;
    const example = parameterExample(root, param.value);
    if (example === undefined && !param.required) {
      skipped.push(param.name);
      continue;
    }
    const text =
      example === undefined
        ? `{{${variableName(param.name)}}}`
        : Array.isArray(example)
          ? example.map(asText).join(',')
          : asText(example);
    if (param.in === 'query') query.push(`${encode(param.name)}=${example === undefined ? text : encode(text)}`);
    else if (param.in === 'header') headers.push({ name: param.name, value: text });
    else if (param.in === 'cookie') headers.push({ name: 'Cookie', value: `${param.name}=${text}` });
  }
  if (skipped.length > 0) notes.push(`Optional parameters left out: ${skipped.join(', ')}.`);

  // Security: the operation's first requirement, else the document's.
  const requirement = [operation.security, isObj(root) ? root.security : undefined].find((s) => Array.isArray(s));
  const schemes = isObj(root)
    ? version === '2.0'
      ? root.securityDefinitions
      : isObj(root.components)
        ? root.components.securitySchemes
        : undefined
    : undefined;
  const first = Array.isArray(requirement) ? requirement.find(isObj) : undefined;
  if (first && isObj(schemes)) {
    for (const name of Object.keys(first)) {
      const scheme = deref(root, schemes[name], '').value;
      if (!isObj(scheme)) continue;
      const variable = `{{${variableName(name)}}}`;
      const type = String(scheme.type);
      if (type === 'apiKey' && typeof scheme.name === 'string') {
        if (scheme.in === 'query') query.push(`${encode(scheme.name)}=${variable}`);
        else if (scheme.in === 'cookie') headers.push({ name: 'Cookie', value: `${scheme.name}=${variable}` });
        else headers.push({ name: scheme.name, value: variable });
      } else if (type === 'basic' || (type === 'http' && String(scheme.scheme).toLowerCase() === 'basic')) {
        headers.push({ name: 'Authorization', value: `Basic ${variable}` });
        notes.push(`Set ${variable} to base64 of "user:password".`);
      } else if (type === 'http') {
        const kind = String(scheme.scheme ?? 'bearer');
        headers.push({
          name: 'Authorization',
          value: `${kind.toLowerCase() === 'bearer' ? 'Bearer' : kind} ${variable}`,
        });
      } else if (type === 'oauth2' || type === 'openIdConnect') {
        headers.push({ name: 'Authorization', value: `Bearer ${variable}` });
        notes.push(`${name} is ${type}: put an access token in ${variable}.`);
      } else notes.push(`Security scheme "${name}" (${type}) is not set up: add it by hand.`);
    }
  }

  // Body.
  let body: string | undefined;
  let parts: ImportedPart[] | undefined;
  let contentType: string | undefined;
  if (version === '2.0') {
    const bodyParam = params.find((p) => p.in === 'body');
    const form = params.filter((p) => p.in === 'formData');
    const consumes = [operation.consumes, isObj(root) ? root.consumes : undefined].find(
      (c) => Array.isArray(c) && c.length > 0,
    ) as string[] | undefined;
    if (bodyParam) {
      contentType = consumes?.find((c) => JSON_TYPE.test(c)) ?? consumes?.[0] ?? 'application/json';
      const schema = bodyParam.value.schema;
      const example = isObj(schema) ? sampleFromSchema(root, schema) : undefined;
      if (example !== undefined) body = typeof example === 'string' ? example : JSON.stringify(example, null, 2);
    } else if (form.length > 0) {
      const multipart = form.some((p) => p.value.type === 'file') || consumes?.some((c) => /multipart/i.test(c));
      const values = form.map((p) => ({
        name: p.name,
        value: asText(parameterExample(root, p.value) ?? `{{${variableName(p.name)}}}`),
        file: p.value.type === 'file',
      }));
      if (multipart)
        parts = values.map((v) =>
          v.file ? { name: v.name, value: '', fileName: `${v.name}.bin` } : { name: v.name, value: v.value },
        );
      else {
        contentType = 'application/x-www-form-urlencoded';
        body = values.map((v) => `${encode(v.name)}=${encode(v.value)}`).join('&');
      }
    }
  } else {
    const requestBody = deref(root, operation.requestBody, '').value;
    if (isObj(requestBody) && isObj(requestBody.content)) {
      const types = Object.keys(requestBody.content);
      contentType = types.find((t) => JSON_TYPE.test(t)) ?? types[0];
      const media = contentType === undefined ? undefined : requestBody.content[contentType];
      if (isObj(media)) {
        let example: unknown = media.example;
        if (example === undefined && isObj(media.examples)) {
          const firstExample = deref(root, Object.values(media.examples)[0], '').value;
          if (isObj(firstExample)) example = firstExample.value;
        }
        if (example === undefined && media.schema !== undefined) example = sampleFromSchema(root, media.schema);
        if (contentType && /multipart\/form-data/i.test(contentType) && isObj(example)) {
          parts = Object.entries(example).map(([name, value]) => ({ name, value: asText(value) }));
          contentType = undefined;
        } else if (contentType && /x-www-form-urlencoded/i.test(contentType) && isObj(example)) {
          body = Object.entries(example)
            .map(([name, value]) => `${encode(name)}=${encode(asText(value))}`)
            .join('&');
        } else if (example !== undefined)
          body = typeof example === 'string' ? example : JSON.stringify(example, null, 2);
      }
    }
  }
  if (contentType && body !== undefined) headers.unshift({ name: 'Content-Type', value: contentType });

  const url = `${base}${path}${query.length > 0 ? `?${query.join('&')}` : ''}`;
  const result: RestImport = { request: { method: op.method.toUpperCase(), url, headers, body }, notes };
  if (parts) result.parts = parts;
  return result;
}
