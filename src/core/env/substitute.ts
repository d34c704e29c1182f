/**
 * Postman-style `{{name}}` variables: finding them, substituting them from an
 * environment scope, and reading and writing Postman's environment JSON.
 * Pure and storage-independent.
 */
import type { HeaderLine } from '../http/request.ts';
import { isObject } from '../shape.ts';

export interface VariableSpan {
  /** The trimmed text between the braces. */
  name: string;
  /** Index of the first `{`. */
  start: number;
  /** Index just after the last `}` (exclusive). */
  end: number;
}

export interface EnvironmentVariable {
  key: string;
  value: string;
  secret: boolean;
  enabled: boolean;
}

export interface Environment {
  id: string;
  name: string;
  variables: EnvironmentVariable[];
}

export type Lookup = (name: string) => string | undefined;

/** `{{`, then anything without braces, then `}}`: the same rule Postman uses. */
const VARIABLE = /\{\{([^{}]*)\}\}/g;

/**
 * Every `{{name}}` in `text`, in order. Surrounding spaces are allowed
 * (`{{ name }}`); braces inside the name are not, and an unclosed `{{` or an
 * empty `{{ }}` is plain text.
 */
export function findVariables(text: string): VariableSpan[] {
  const spans: VariableSpan[] = [];
  for (const match of text.matchAll(VARIABLE)) {
    const name = (match[1] ?? '').trim();
    if (name === '') continue;
    spans.push({ name, start: match.index, end: match.index + match[0].length });
  }
  return spans;
}

/**
 * Replaces each variable with its value. Values are inserted as they are and
 * never scanned again. A variable the lookup does not know stays as written and
 * is reported in `unresolved` (each name once, in order of first appearance).
 */
export function substitute(text: string, lookup: Lookup): { text: string; unresolved: string[] } {
  const unresolved: string[] = [];
  let out = '';
  let last = 0;
  for (const span of findVariables(text)) {
    const value = lookup(span.name);
    out += text.slice(last, span.start);
    if (value === undefined) {
      out += text.slice(span.start, span.end);
      if (!unresolved.includes(span.name)) unresolved.push(span.name);
    } else {
      out += value;
    }
    last = span.end;
  }
  return { text: out + text.slice(last), unresolved };
}

/**
 * The lookup for a send: enabled variables of the active environment win over
 * enabled globals; disabled variables are as good as absent. Within one
 * environment the first enabled variable with a given key counts.
 */
export function resolveScope(globals: Environment | undefined, active: Environment | undefined): Lookup {
  const values = new Map<string, string>();
  for (const env of [active, globals]) {
    for (const variable of env?.variables ?? []) {
      const key = variable.key.trim();
      if (variable.enabled && key !== '' && !values.has(key)) values.set(key, variable.value);
    }
  }
  return (name) => values.get(name);
}

export interface TemplateRequest {
  method: string;
  url: string;
  headers: HeaderLine[];
  body?: string;
}

export interface UnresolvedVariable {
  name: string;
  /** `auth`: a field of the editor's auth helper (user, password, token, API key). */
  where: 'url' | 'header' | 'body' | 'auth';
}

/**
 * The request with every variable in its URL, header names and values, and
 * body substituted. Unresolved names are listed once per place they occur in.
 */
export function substituteRequest<R extends TemplateRequest>(
  request: R,
  lookup: Lookup,
): { request: R; unresolved: UnresolvedVariable[] } {
  const unresolved: UnresolvedVariable[] = [];
  const run = (text: string, where: UnresolvedVariable['where']) => {
    const result = substitute(text, lookup);
    for (const name of result.unresolved) {
      if (!unresolved.some((u) => u.name === name && u.where === where)) unresolved.push({ name, where });
    }
    return result.text;
  };
  const resolved: R = {
    ...request,
    url: run(request.url, 'url'),
    headers: request.headers.map((h) => ({ ...h, name: run(h.name, 'header'), value: run(h.value, 'header') })),
  };
  if (request.body !== undefined) resolved.body = run(request.body, 'body');
  return { request: resolved, unresolved };
}

/** Postman's environment file (export format v2.1). */
export interface PostmanEnvironment {
  id: string;
  name: string;
  values: { key: string; value: string; type: 'default' | 'secret'; enabled: boolean }[];
  _postman_variable_scope: 'environment';
}

/**
 * Reads a Postman environment export. Accepts the older `type: "text"` and
 * `"any"` as plain variables and number/boolean values as their text; a
 * missing `enabled` means enabled. Throws an Error naming the first problem.
 */
export function parsePostmanEnvironment(json: unknown, options: { newId?: () => string } = {}): Environment {
  if (!isObject(json)) throw new Error('Postman environment: expected a JSON object');
  if (typeof json.name !== 'string') throw new Error('Postman environment: "name" must be a string');
  if (!Array.isArray(json.values)) throw new Error('Postman environment: "values" must be an array');
  const variables = json.values.map((raw: unknown, i): EnvironmentVariable => {
    const where = `Postman environment: values[${i}]`;
    if (!isObject(raw)) throw new Error(`${where} must be an object`);
    if (typeof raw.key !== 'string') throw new Error(`${where}.key must be a string`);
    const { value, enabled, type } = raw;
    if (value !== undefined && value !== null && !['string', 'number', 'boolean'].includes(typeof value)) {
      throw new Error(`${where}.value must be a string`);
    }
    if (enabled !== undefined && typeof enabled !== 'boolean') throw new Error(`${where}.enabled must be a boolean`);
    if (type !== undefined && !['default', 'secret', 'text', 'any'].includes(type as string)) {
      throw new Error(`${where}.type must be "default" or "secret", not ${JSON.stringify(type)}`);
    }
    return {
      key: raw.key,
      value: value === undefined || value === null ? '' : String(value as string | number | boolean),
      secret: type === 'secret',
      enabled: enabled ?? true,
    };
  });
  const id = typeof json.id === 'string' && json.id !== '' ? json.id : (options.newId ?? (() => crypto.randomUUID()))();
  return { id, name: json.name, variables };
}

/** A Postman environment export; secret values are blanked unless `includeSecrets`. */
export function toPostmanEnvironment(env: Environment, options: { includeSecrets: boolean }): PostmanEnvironment {
  return {
    id: env.id,
    name: env.name,
    values: env.variables.map((v) => ({
      key: v.key,
      value: v.secret && !options.includeSecrets ? '' : v.value,
      type: v.secret ? 'secret' : 'default',
      enabled: v.enabled,
    })),
    _postman_variable_scope: 'environment',
  };
}
