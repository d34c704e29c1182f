/**
 * The semantic rules: what the official schemas cannot say (they check one
 * object at a time), each with a stable id and a severity.
 */
import { dereference, encodePointer, validate, type Schema, type SchemaDraft } from '@cfworker/json-schema';
import { parsePointer, toPointer } from './locate.ts';
import { valueAt } from './structural.ts';
import type { OpenApiVersion, RawProblem, Severity } from './types.ts';

export interface RuleInfo {
  id: string;
  severity: Severity;
  title: string;
}

/** Every rule, in the order the README lists them. */
export const RULES: readonly RuleInfo[] = [
  {
    id: 'syntax',
    severity: 'error',
    title: 'The text is valid YAML or JSON (tabs, indentation, duplicate keys, commas…)',
  },
  {
    id: 'version',
    severity: 'error',
    title: 'The document says which version it is: swagger: "2.0" or openapi: 3.0.x / 3.1.x / 3.2.x',
  },
  { id: 'schema', severity: 'error', title: "The document matches its version's official schema" },
  {
    id: 'schema-dialect',
    severity: 'error',
    title: '3.1/3.2: Schema Objects match the JSON Schema 2020-12 dialect of OpenAPI',
  },
  { id: 'ref-target', severity: 'error', title: 'Every local $ref points at something in the document' },
  { id: 'operation-id-unique', severity: 'error', title: 'No two operations share an operationId' },
  {
    id: 'path-param-declared',
    severity: 'error',
    title: 'Every {variable} of a path template has an in: path parameter',
  },
  { id: 'path-param-unused', severity: 'error', title: 'Every in: path parameter appears in the path template' },
  { id: 'path-param-required', severity: 'error', title: 'Path parameters say required: true' },
  { id: 'parameter-duplicate', severity: 'error', title: 'No parameter (name and in) is listed twice' },
  { id: 'body-parameter-single', severity: 'error', title: '2.0: at most one in: body parameter' },
  { id: 'body-and-form', severity: 'error', title: '2.0: no in: body parameter together with in: formData ones' },
  { id: 'response-code', severity: 'error', title: 'Response codes are default, 1XX–5XX or a status from 100 to 599' },
  { id: 'security-scheme-defined', severity: 'error', title: 'Security requirements name defined security schemes' },
  {
    id: 'server-url',
    severity: 'error',
    title: 'Server URLs (3.x) and host/basePath (2.0) are well formed, every {variable} defined',
  },
  { id: 'tag-defined', severity: 'warning', title: 'Tags used by operations are declared at the top level' },
  { id: 'path-trailing-slash', severity: 'warning', title: 'Paths do not end with a slash' },
  { id: 'example-valid', severity: 'warning', title: 'Examples match their schemas' },
];

const SEVERITY = new Map(RULES.map((rule) => [rule.id, rule.severity]));

export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'] as const;

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => value !== null && typeof value === 'object' && !Array.isArray(value);

function problem(rule: string, message: string, pointer: string, key = false): RawProblem {
  return { rule, severity: SEVERITY.get(rule) ?? 'error', message, pointer, key };
}

/** `%`-decoding that answers undefined for a malformed escape instead of throwing. */
function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** Follows a local `$ref` (several hops at most); returns the target and its pointer. */
export function deref(root: unknown, value: unknown, pointer: string): { value: unknown; pointer: string } {
  let current = value;
  let at = pointer;
  for (let hops = 0; hops < 16 && isObj(current) && typeof current.$ref === 'string'; hops++) {
    const ref = current.$ref;
    if (!ref.startsWith('#')) break;
    const pointer = safeDecode(ref.slice(1));
    const target = pointer === undefined ? undefined : valueAt(root, pointer);
    if (target === undefined || pointer === undefined) break;
    current = target;
    at = pointer;
  }
  return { value: current, pointer: at };
}

/** Each operation of a document: path, method, pointer and the operation object. */
export interface OperationRef {
  path: string;
  method: string;
  pointer: string;
  pathPointer: string;
  operation: Obj;
  pathItem: Obj;
}

export function operationsOf(root: unknown): OperationRef[] {
  const paths = isObj(root) ? root.paths : undefined;
  if (!isObj(paths)) return [];
  const out: OperationRef[] = [];
  for (const [path, rawItem] of Object.entries(paths)) {
    if (path.startsWith('x-')) continue;
    const pathPointer = toPointer(['paths', path]);
    const item = deref(root, rawItem, pathPointer).value;
    if (!isObj(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (isObj(operation))
        out.push({ path, method, pointer: toPointer(['paths', path, method]), pathPointer, operation, pathItem: item });
    }
  }
  return out;
}

function refs(root: unknown): RawProblem[] {
  const problems: RawProblem[] = [];
  // The path is kept as a stack of segments: a pointer string is only made for a reference that is checked.
  const path: string[] = [];
  const here = (...more: string[]) => toPointer([...path, ...more]);
  const walk = (node: unknown, depth: number) => {
    if (node === null || typeof node !== 'object' || depth > 200) return;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const item: unknown = node[i];
        if (item !== null && typeof item === 'object') {
          path.push(String(i));
          walk(item, depth + 1);
          path.pop();
        }
      }
      return;
    }
    for (const key in node) {
      const value = (node as Obj)[key];
      if (key === 'example' || key === 'examples' || key === 'default' || key === 'const' || key === 'enum') {
        // Data, not description: a "$ref" there is the example's own, except an Example Object's reference.
        if (key === 'examples' && isObj(value))
          for (const [n, ex] of Object.entries(value))
            if (isObj(ex) && typeof ex.$ref === 'string') check(ex.$ref, here(key, n, '$ref'));
        continue;
      }
      if (key === '$ref' && typeof value === 'string') check(value, here(key));
      else if (value !== null && typeof value === 'object') {
        path.push(key);
        walk(value, depth + 1);
        path.pop();
      }
    }
  };
  const check = (ref: string, at: string) => {
    if (!ref.startsWith('#')) return;
    let target: string;
    try {
      target = decodeURIComponent(ref.slice(1));
    } catch {
      problems.push(problem('ref-target', `"${ref}" is not a valid reference (bad %-escape)`, at));
      return;
    }
    if (target !== '' && !target.startsWith('/')) {
      // A plain-name fragment (#foo) names a $anchor in 3.1; look for it.
      if (!JSON.stringify(root).includes(`"$anchor":${JSON.stringify(target)}`))
        problems.push(problem('ref-target', `"${ref}" names no $anchor in this document`, at));
      return;
    }
    if (valueAt(root, target) === undefined) {
      const parts = parsePointer(target);
      let found = '';
      for (let i = parts.length - 1; i > 0; i--) {
        if (valueAt(root, toPointer(parts.slice(0, i))) !== undefined) {
          found = ` ("${toPointer(parts.slice(0, i))}" exists but has no "${parts[i]}")`;
          break;
        }
      }
      problems.push(problem('ref-target', `"${ref}" points at nothing in this document${found}`, at));
    }
  };
  walk(root, 0);
  return problems;
}

function operationIds(ops: OperationRef[]): RawProblem[] {
  const first = new Map<string, OperationRef>();
  const problems: RawProblem[] = [];
  for (const op of ops) {
    const id = op.operation.operationId;
    if (typeof id !== 'string') continue;
    const earlier = first.get(id);
    if (earlier)
      problems.push(
        problem(
          'operation-id-unique',
          `operationId "${id}" is already used by ${earlier.method.toUpperCase()} ${earlier.path}`,
          `${op.pointer}/operationId`,
        ),
      );
    else first.set(id, op);
  }
  return problems;
}

interface Param {
  name: string;
  in: string;
  pointer: string;
  value: Obj;
}

function paramList(root: unknown, list: unknown, pointer: string): Param[] {
  if (!Array.isArray(list)) return [];
  const out: Param[] = [];
  list.forEach((raw, i) => {
    const at = `${pointer}/${i}`;
    const { value } = deref(root, raw, at);
    if (isObj(value) && typeof value.name === 'string' && typeof value.in === 'string')
      out.push({ name: value.name, in: value.in, pointer: at, value });
  });
  return out;
}

function templateVariables(path: string): string[] {
  return [...path.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!);
}

function parameters(root: unknown, ops: OperationRef[], version: OpenApiVersion): RawProblem[] {
  const problems: RawProblem[] = [];
  const paths = isObj(root) && isObj(root.paths) ? root.paths : {};
  const seenPathLevel = new Set<string>();
  for (const [path, rawItem] of Object.entries(paths)) {
    if (path.startsWith('x-')) continue;
    const pathPointer = toPointer(['paths', path]);
    const item = deref(root, rawItem, pathPointer);
    if (!isObj(item.value)) continue;
    const pathParams = paramList(root, item.value.parameters, `${item.pointer}/parameters`);
    problems.push(...duplicates(pathParams));
    const vars = templateVariables(path);
    const pathOps = ops.filter((op) => op.path === path);
    for (const param of pathParams) {
      if (param.in !== 'path') continue;
      if (param.value.required !== true && !seenPathLevel.has(param.pointer)) {
        seenPathLevel.add(param.pointer);
        problems.push(
          problem(
            'path-param-required',
            `path parameter "${param.name}" must say required: true`,
            param.pointer,
            false,
          ),
        );
      }
      if (!vars.includes(param.name))
        problems.push(
          problem(
            'path-param-unused',
            `path parameter "${param.name}" does not appear in the path "${path}"`,
            `${param.pointer}/name`,
          ),
        );
    }
    for (const op of pathOps) {
      const opParams = paramList(root, op.operation.parameters, `${op.pointer}/parameters`);
      problems.push(...duplicates(opParams));
      const effective = [
        ...pathParams.filter((p) => !opParams.some((o) => o.name === p.name && o.in === p.in)),
        ...opParams,
      ];
      for (const name of vars)
        if (!effective.some((p) => p.in === 'path' && p.name === name))
          problems.push(
            problem(
              'path-param-declared',
              `${op.method.toUpperCase()} ${path}: path variable "{${name}}" has no parameter with in: path`,
              op.pointer,
              true,
            ),
          );
      for (const param of opParams) {
        if (param.in !== 'path') continue;
        if (param.value.required !== true)
          problems.push(
            problem('path-param-required', `path parameter "${param.name}" must say required: true`, param.pointer),
          );
        if (!vars.includes(param.name))
          problems.push(
            problem(
              'path-param-unused',
              `path parameter "${param.name}" does not appear in the path "${path}"`,
              `${param.pointer}/name`,
            ),
          );
      }
      if (version === '2.0') {
        const bodies = effective.filter((p) => p.in === 'body');
        for (const extra of bodies.slice(1))
          problems.push(
            problem(
              'body-parameter-single',
              `only one in: body parameter is allowed; "${bodies[0]!.name}" is one already`,
              extra.pointer,
            ),
          );
        const form = effective.find((p) => p.in === 'formData');
        if (bodies.length > 0 && form)
          problems.push(
            problem(
              'body-and-form',
              `in: body parameter "${bodies[0]!.name}" cannot be used with in: formData parameters ("${form.name}")`,
              bodies[0]!.pointer,
            ),
          );
      }
    }
  }
  return problems;
}

function duplicates(params: Param[]): RawProblem[] {
  const problems: RawProblem[] = [];
  params.forEach((param, i) => {
    const earlier = params.slice(0, i).find((p) => p.name === param.name && p.in === param.in);
    if (earlier)
      problems.push(
        problem('parameter-duplicate', `parameter "${param.name}" (in: ${param.in}) is listed twice`, param.pointer),
      );
  });
  return problems;
}

function responseCodes(root: unknown, ops: OperationRef[], version: OpenApiVersion): RawProblem[] {
  const problems: RawProblem[] = [];
  for (const op of ops) {
    const responses = op.operation.responses;
    if (!isObj(responses)) continue;
    for (const code of Object.keys(responses)) {
      if (code === 'default' || code.startsWith('x-')) continue;
      const ok = version === '2.0' ? /^[1-5]\d\d$/.test(code) : /^[1-5](\d\d|XX)$/.test(code);
      if (!ok) {
        const expected =
          version === '2.0' ? 'default or a status from 100 to 599' : 'default, 1XX–5XX or a status from 100 to 599';
        problems.push(
          problem(
            'response-code',
            `response code "${code}" is not valid: expected ${expected}`,
            `${op.pointer}/responses${toPointer([code])}`,
            true,
          ),
        );
      }
    }
  }
  return problems;
}

function securitySchemes(root: Obj, version: OpenApiVersion): Set<string> {
  const defs =
    version === '2.0' ? root.securityDefinitions : isObj(root.components) ? root.components.securitySchemes : undefined;
  return new Set(isObj(defs) ? Object.keys(defs) : []);
}

function security(root: Obj, ops: OperationRef[], version: OpenApiVersion): RawProblem[] {
  const defined = securitySchemes(root, version);
  const where = version === '2.0' ? 'securityDefinitions' : 'components.securitySchemes';
  const problems: RawProblem[] = [];
  const check = (list: unknown, pointer: string) => {
    if (!Array.isArray(list)) return;
    list.forEach((requirement, i) => {
      if (!isObj(requirement)) return;
      for (const name of Object.keys(requirement))
        if (!defined.has(name) && !(version !== '2.0' && /^[a-z][a-z0-9+.-]*:/i.test(name)))
          problems.push(
            problem(
              'security-scheme-defined',
              `security scheme "${name}" is not defined in ${where}`,
              `${pointer}/${i}${toPointer([name])}`,
              true,
            ),
          );
    });
  };
  check(root.security, '/security');
  for (const op of ops) check(op.operation.security, `${op.pointer}/security`);
  return problems;
}

function serverUrl(url: string, variables: unknown): string | undefined {
  let depth = 0;
  for (const ch of url) {
    if (ch === '{') depth++;
    if (ch === '}') depth--;
    if (depth < 0 || depth > 1) return 'has unbalanced braces';
  }
  if (depth !== 0) return 'has an unclosed "{"';
  const vars = templateVariables(url);
  for (const name of vars)
    if (!isObj(variables) || !(name in variables))
      return `uses "{${name}}" but the server defines no variable "${name}"`;
  const filled = url.replace(/\{([^{}]*)\}/g, (_, name: string) => {
    const v = isObj(variables) ? variables[name] : undefined;
    return isObj(v) && typeof v.default === 'string' ? v.default : 'x';
  });
  if (/\s/.test(filled)) return 'contains white space';
  if (/^[a-z][a-z0-9+.-]*:/i.test(filled)) {
    try {
      new URL(filled);
    } catch {
      return 'is not a valid URL';
    }
    if (!/^(https?|wss?):\/\/[^/]/i.test(filled)) return 'should be an http(s) URL with a host';
  } else if (!filled.startsWith('/') && !filled.startsWith('.') && filled !== '') {
    return 'is neither an absolute URL nor a path starting with "/"';
  }
  return undefined;
}

function servers(root: Obj, ops: OperationRef[], version: OpenApiVersion): RawProblem[] {
  const problems: RawProblem[] = [];
  if (version === '2.0') {
    if (typeof root.host === 'string') {
      const host = root.host;
      if (/^[a-z]+:\/\//i.test(host))
        problems.push(
          problem('server-url', `host "${host}" must not include the scheme: list it in "schemes"`, '/host'),
        );
      else if (host.includes('/'))
        problems.push(problem('server-url', `host "${host}" must not include a path: put it in "basePath"`, '/host'));
      else if (!/^[^{}/ :\\]+(?::\d+)?$/.test(host))
        problems.push(problem('server-url', `host "${host}" is not a host name with an optional :port`, '/host'));
    }
    if (typeof root.basePath === 'string' && !root.basePath.startsWith('/'))
      problems.push(problem('server-url', `basePath "${root.basePath}" must start with "/"`, '/basePath'));
    return problems;
  }
  const check = (list: unknown, pointer: string) => {
    if (!Array.isArray(list)) return;
    list.forEach((server, i) => {
      if (!isObj(server) || typeof server.url !== 'string') return;
      const why = serverUrl(server.url, server.variables);
      if (why) problems.push(problem('server-url', `server URL "${server.url}" ${why}`, `${pointer}/${i}/url`));
      if (isObj(server.variables))
        for (const [name, variable] of Object.entries(server.variables))
          if (
            isObj(variable) &&
            Array.isArray(variable.enum) &&
            variable.default !== undefined &&
            !variable.enum.includes(variable.default)
          )
            problems.push(
              problem(
                'server-url',
                `server variable "${name}": default "${String(variable.default)}" is not one of its enum values`,
                `${pointer}/${i}/variables${toPointer([name, 'default'])}`,
              ),
            );
    });
  };
  check(root.servers, '/servers');
  const seen = new Set<string>();
  for (const op of ops) {
    if (!seen.has(op.pathPointer)) {
      seen.add(op.pathPointer);
      check(op.pathItem.servers, `${op.pathPointer}/servers`);
    }
    check(op.operation.servers, `${op.pointer}/servers`);
  }
  return problems;
}

function tags(root: Obj, ops: OperationRef[]): RawProblem[] {
  const declared = new Set(Array.isArray(root.tags) ? root.tags.filter(isObj).map((t) => t.name) : []);
  const problems: RawProblem[] = [];
  const reported = new Set<string>();
  for (const op of ops) {
    if (!Array.isArray(op.operation.tags)) continue;
    op.operation.tags.forEach((tag, i) => {
      if (typeof tag !== 'string' || declared.has(tag) || reported.has(tag)) return;
      reported.add(tag);
      problems.push(
        problem('tag-defined', `tag "${tag}" is not declared in the top-level "tags"`, `${op.pointer}/tags/${i}`),
      );
    });
  }
  return problems;
}

function trailingSlash(root: Obj): RawProblem[] {
  if (!isObj(root.paths)) return [];
  return Object.keys(root.paths)
    .filter((path) => path.length > 1 && path.endsWith('/'))
    .map((path) => problem('path-trailing-slash', `path "${path}" ends with "/"`, toPointer(['paths', path]), true));
}

/** 3.0's `nullable: true` in JSON Schema terms, applied where examples are checked. */
function withNullable(schema: unknown, depth = 0): unknown {
  if (depth > 50 || schema === null || typeof schema !== 'object') return schema;
  if (Array.isArray(schema)) return schema.map((s) => withNullable(s, depth + 1));
  const out: Obj = {};
  for (const [key, value] of Object.entries(schema))
    out[key] = key === 'example' || key === 'enum' || key === 'default' ? value : withNullable(value, depth + 1);
  if (out.nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
  return out;
}

function examples(original: Obj, version: OpenApiVersion): RawProblem[] {
  const problems: RawProblem[] = [];
  const draft: SchemaDraft = version === '3.1' || version === '3.2' ? '2020-12' : '4';
  // A copy, so that the validator's bookkeeping (and 3.0's nullable) never touches the user's document.
  const root = withNullable(original) as Obj;
  const baseURI = new URL('https://openapi.invalid/document');
  const lookup: Record<string, Schema | boolean> = Object.create(null) as Record<string, Schema | boolean>;
  const index = (schema: unknown, pointer: string) => {
    if (!isObj(schema) && typeof schema !== 'boolean') return;
    try {
      dereference(
        schema as Schema,
        lookup,
        baseURI,
        parsePointer(pointer)
          .map((p) => `/${encodePointer(p)}`)
          .join(''),
      );
    } catch {
      // A schema whose $id clashes with another: its examples are simply not checked.
    }
  };
  const checks: { schema: unknown; example: unknown; at: string }[] = [];
  const path: string[] = [];
  const walk = (node: unknown, depth: number) => {
    if (node === null || typeof node !== 'object' || depth > 60) return;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        path.push(String(i));
        walk(node[i], depth + 1);
        path.pop();
      }
      return;
    }
    const obj = node as Obj;
    // 2.0: a Response Object's examples, by media type, against its schema.
    if (version === '2.0' && isObj(obj.schema) && isObj(obj.examples) && path.at(-2) === 'responses') {
      const pointer = toPointer(path);
      index(obj.schema, `${pointer}/schema`);
      for (const [mediaType, example] of Object.entries(obj.examples))
        if (/json/i.test(mediaType))
          checks.push({ schema: obj.schema, example, at: `${pointer}/examples${toPointer([mediaType])}` });
    }
    if (isObj(obj.schema) && version !== '2.0') {
      // A form or text body's example is the serialised text (`a=1&b=2`), not the data: only JSON's are checked.
      const mediaType = path.length >= 2 && path[path.length - 2] === 'content' ? path[path.length - 1] : undefined;
      if (mediaType === undefined || /json/i.test(mediaType)) {
        const pointer = toPointer(path);
        const schema = obj.schema;
        index(schema, `${pointer}/schema`);
        if (obj.example !== undefined) checks.push({ schema, example: obj.example, at: `${pointer}/example` });
        if (isObj(obj.examples))
          for (const [name, ex] of Object.entries(obj.examples)) {
            const resolved = deref(root, ex, `${pointer}/examples${toPointer([name])}`);
            if (isObj(resolved.value) && 'value' in resolved.value)
              checks.push({ schema, example: resolved.value.value, at: `${resolved.pointer}/value` });
          }
      }
    }
    for (const key in obj) {
      if (
        key === 'example' ||
        key === 'examples' ||
        key === 'schema' ||
        key === 'default' ||
        key === 'enum' ||
        key.startsWith('x-')
      )
        continue;
      const value = obj[key];
      if (value === null || typeof value !== 'object') continue;
      path.push(key);
      walk(value, depth + 1);
      path.pop();
    }
  };
  const schemas = version === '2.0' ? root.definitions : isObj(root.components) ? root.components.schemas : undefined;
  const schemasPointer = version === '2.0' ? '/definitions' : '/components/schemas';
  if (isObj(schemas))
    for (const [name, schema] of Object.entries(schemas)) {
      const pointer = `${schemasPointer}${toPointer([name])}`;
      index(schema, pointer);
      // A Schema Object's own `example` (2.0 and 3.0; 3.1 prefers `examples`, an array).
      if ((version === '2.0' || version === '3.0') && isObj(schema) && schema.example !== undefined)
        checks.push({ schema, example: schema.example, at: `${pointer}/example` });
    }
  for (const key of ['paths', 'webhooks', 'components'])
    if (key in root) {
      path.push(key);
      walk(root[key], 0);
      path.pop();
    }
  for (const { schema, example, at } of checks) {
    let result;
    try {
      result = validate(example, schema as Schema, draft, lookup, true);
    } catch {
      continue; // a $ref to another file: not checked
    }
    if (result.valid) continue;
    const first =
      result.errors
        .filter(
          (e) =>
            !['$ref', 'properties', 'items', 'allOf', 'anyOf', 'oneOf', 'additionalProperties'].includes(e.keyword),
        )
        .at(-1) ?? result.errors.at(-1);
    const where = first ? (safeDecode(first.instanceLocation.replace(/^#/, '')) ?? '') : '';
    const why = first ? first.error.replace(/^Instance /, 'the value ').replace(/\.$/, '') : 'invalid';
    // At the offending part of the example itself (its instance location is a pointer into it).
    problems.push(
      problem(
        'example-valid',
        `the example does not match its schema${where ? ` at ${where}` : ''}: ${why}`,
        at + where,
      ),
    );
  }
  return problems;
}

/** Runs every semantic rule over a document of a known version. */
export function semanticProblems(root: unknown, version: OpenApiVersion): RawProblem[] {
  if (!isObj(root)) return [];
  const ops = operationsOf(root);
  return [
    ...refs(root),
    ...operationIds(ops),
    ...parameters(root, ops, version),
    ...responseCodes(root, ops, version),
    ...security(root, ops, version),
    ...servers(root, ops, version),
    ...tags(root, ops),
    ...trailingSlash(root),
    ...examples(root, version),
  ];
}
