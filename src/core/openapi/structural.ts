/**
 * Structural validation: the official schema of the document's version
 * (compiled ahead of time, see scripts/lib/openapi-validators.ts), with
 * Ajv's raw errors turned into messages a person reads.
 *
 * `oneOf`/`anyOf` failures are the noisy part: Ajv reports every branch's
 * complaints. For each failed combinator we run each branch's own validator
 * on that part of the document, keep the closest branch (a branch that fails
 * on a discriminating value — `in: query` against a body parameter's
 * `in: body`, a Reference's `$ref` — is far; otherwise fewer complaints is
 * closer) and report only its complaints.
 */
import * as generated from './generated/validators.js';
import type { AjvError, GeneratedValidator } from './generated/validators.js';
import { parsePointer, toPointer } from './locate.ts';
import type { OpenApiVersion, RawProblem } from './types.ts';

const ROOT: Record<OpenApiVersion, GeneratedValidator> = {
  '2.0': generated.validateSwagger20,
  '3.0': generated.validateOpenApi30,
  '3.1': generated.validateOpenApi31,
  '3.2': generated.validateOpenApi32,
};

const exportsByName = generated as unknown as Record<string, GeneratedValidator | undefined>;

/** Limits so that a document broken everywhere still answers quickly. */
const MAX_COMBINATORS = 2000;

export function valueAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const part of parsePointer(pointer)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a number';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'boolean') return 'a boolean';
  return typeof value;
}

const TYPE_WORDS: Record<string, string> = {
  object: 'an object',
  array: 'an array',
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  null: 'null',
};

function expectedTypes(type: unknown): string {
  const list = (Array.isArray(type) ? type : [type]).map((t) => TYPE_WORDS[String(t)] ?? String(t));
  return list.length > 1 ? `${list.slice(0, -1).join(', ')} or ${list.at(-1)}` : (list[0] ?? 'another type');
}

function show(value: unknown): string {
  const text = JSON.stringify(value);
  if (text === undefined) return String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const here = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = here;
    }
  }
  return row[b.length]!;
}

/** "did you mean" among a schema's declared properties. */
function suggestion(name: string, parent: Record<string, unknown> | undefined): string {
  const props = parent?.properties;
  if (!props || typeof props !== 'object') return '';
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of Object.keys(props)) {
    const d = distance(name.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best ? ` (did you mean "${best}"?)` : '';
}

function join(pointer: string, name: string): string {
  return `${pointer}${toPointer([name])}`;
}

/** One Ajv error in words, at the place that shows it best. */
export function describe(error: AjvError, root: unknown): RawProblem | undefined {
  const p = error.params;
  const at = error.instancePath;
  const data = 'data' in error ? error.data : valueAt(root, at);
  const problem = (message: string, pointer = at, key = false): RawProblem => ({
    rule: 'schema',
    severity: 'error',
    message,
    pointer,
    key,
  });
  switch (error.keyword) {
    case 'required':
      return problem(`missing required property "${String(p.missingProperty)}"`, at, true);
    case 'additionalProperties': {
      const name = String(p.additionalProperty);
      return problem(
        `property "${name}" is not allowed here${suggestion(name, error.parentSchema)}`,
        join(at, name),
        true,
      );
    }
    case 'unevaluatedProperties': {
      const name = String(p.unevaluatedProperty);
      return problem(`property "${name}" is not allowed here`, join(at, name), true);
    }
    case 'false schema': {
      const name = parsePointer(at).at(-1) ?? '';
      return problem(`property "${name}" is not allowed here`, at, true);
    }
    case 'type':
      return problem(`expected ${expectedTypes(p.type)}, found ${typeName(data)}`);
    case 'enum': {
      const allowed = (p.allowedValues as unknown[]) ?? [];
      const list =
        allowed.length > 12 ? `${allowed.slice(0, 12).map(show).join(', ')}, …` : allowed.map(show).join(', ');
      const close =
        typeof data === 'string'
          ? allowed.find((v) => typeof v === 'string' && distance(v.toLowerCase(), data.toLowerCase()) <= 2)
          : undefined;
      return problem(`expected one of ${list}; found ${show(data)}${close ? ` (did you mean ${show(close)}?)` : ''}`);
    }
    case 'const':
      return problem(`expected ${show(p.allowedValue)}, found ${show(data)}`);
    case 'pattern':
      return problem(`${show(data)} does not match the pattern ${String(p.pattern)}`);
    case 'format':
      return problem(`${show(data)} is not a valid ${String(p.format)}`);
    case 'minItems':
      return problem(
        `expected at least ${String(p.limit)} item${p.limit === 1 ? '' : 's'}, found ${Array.isArray(data) ? data.length : 0}`,
      );
    case 'maxItems':
      return problem(`expected at most ${String(p.limit)} items, found ${Array.isArray(data) ? data.length : 0}`);
    case 'minProperties':
      return problem(
        `expected at least ${String(p.limit)} propert${p.limit === 1 ? 'y' : 'ies'}, found none`,
        at,
        true,
      );
    case 'maxProperties':
      return problem(`expected at most ${String(p.limit)} properties`);
    case 'minLength':
      return problem(p.limit === 1 ? 'expected a non-empty string' : `expected at least ${String(p.limit)} characters`);
    case 'maxLength':
      return problem(`expected at most ${String(p.limit)} characters`);
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return problem(`expected a number ${String(p.comparison)} ${String(p.limit)}, found ${show(data)}`);
    case 'multipleOf':
      return problem(`expected a multiple of ${String(p.multipleOf)}, found ${show(data)}`);
    case 'uniqueItems':
      return problem(`items ${String(p.j)} and ${String(p.i)} are the same; the items must be unique`);
    case 'dependencies':
    case 'dependentRequired':
      return problem(`"${String(p.property)}" also needs "${String(p.missingProperty)}"`, at, true);
    case 'not': {
      const not = error.parentSchema?.not as { required?: unknown } | undefined;
      if (Array.isArray(not?.required) && not.required.length > 1)
        return problem(`${not.required.map((r) => `"${String(r)}"`).join(' and ')} cannot be used together`, at, true);
      const description = typeof error.parentSchema?.description === 'string' ? error.parentSchema.description : '';
      return problem(
        description ? `not allowed: ${description}` : 'this combination of properties is not allowed here',
        at,
        true,
      );
    }
    case 'oneOf':
    case 'anyOf': {
      const passing = p.passingSchemas;
      if (Array.isArray(passing))
        return problem(
          `matches more than one of the allowed forms (${passing.join(' and ')}); it must match exactly one`,
        );
      const description = typeof error.parentSchema?.description === 'string' ? error.parentSchema.description : '';
      return problem(
        description ? `does not match: ${description}` : 'does not match any of the allowed forms',
        at,
        true,
      );
    }
    case 'if':
    case 'propertyNames':
    case '$ref':
    case '$dynamicRef':
      return undefined;
    case 'contains':
      return problem('no item here has the form the schema requires');
    default:
      return problem(`fails the schema's "${error.keyword}" check`);
  }
}

const sameError = (a: AjvError, b: AjvError) =>
  a.instancePath === b.instancePath && a.keyword === b.keyword && JSON.stringify(a.params) === JSON.stringify(b.params);

/** Properties whose value selects the form of an object in the OpenAPI schemas (parameter `in`, scheme `type`, OAuth `flow`). */
const DISCRIMINATORS = new Set(['in', 'type', 'flow', 'style']);

/** How far a branch is from what the author meant: discriminating mismatches weigh most. */
function branchDistance(errors: AjvError[], at: string): number {
  const depth = parsePointer(at).length;
  let score = 0;
  for (const error of errors) {
    const parts = parsePointer(error.instancePath);
    const child = error.instancePath.startsWith(at) && parts.length === depth + 1;
    if (error.keyword === 'type' && error.instancePath === at) score += 1000;
    else if (child && (error.keyword === 'enum' || error.keyword === 'const') && DISCRIMINATORS.has(parts.at(-1)!))
      score += 1000;
    else if (error.keyword === 'required' && error.instancePath === at && error.params.missingProperty === '$ref')
      score += 1000;
    else if (error.keyword === 'false schema' && child) score += 50;
    else score += 1;
  }
  return score;
}

/**
 * For a combinator whose branches we cannot run one by one (the JSON Schema dialect's): drop the combinator's own
 * "matches none" when its branches said something more precise, and a branch's type complaint where another
 * branch accepted the type and complained about the value (`type: strin` is a wrong name, not a wrong type).
 */
function withoutBranchNoise(errors: AjvError[], combinator: AjvError): AjvError[] {
  const at = combinator.instancePath;
  const under = (e: AjvError) => e !== combinator && (e.instancePath === at || e.instancePath.startsWith(`${at}/`));
  const branchErrors = errors.filter(under);
  if (branchErrors.length === 0) return errors;
  return errors.filter(
    (e) =>
      e !== combinator &&
      !(
        under(e) &&
        e.keyword === 'type' &&
        branchErrors.some((other) => other.instancePath === e.instancePath && other.keyword !== 'type')
      ),
  );
}

/** Ajv's errors → the errors worth showing, with each failed oneOf/anyOf replaced by its closest branch's. */
export function explain(
  errors: AjvError[],
  version: OpenApiVersion,
  root: unknown,
  budget = { left: MAX_COMBINATORS },
): AjvError[] {
  let remaining = errors.filter((e) => e.keyword !== 'if');
  const combinators = remaining
    .filter((e) => (e.keyword === 'oneOf' || e.keyword === 'anyOf') && !Array.isArray(e.params.passingSchemas))
    // Outermost first: a shorter instance path, or at the same path the later error (Ajv reports a combinator after its branches).
    .map((error, index) => ({ error, index }))
    .sort((a, b) => a.error.instancePath.length - b.error.instancePath.length || b.index - a.index)
    .map(({ error }) => error);
  const chosen: AjvError[] = [];
  for (const combinator of combinators) {
    if (!remaining.includes(combinator)) continue;
    const branches = combinator.parentSchema?.[combinator.keyword];
    const names = generated.BRANCHES[`${version}|${JSON.stringify(branches)}`];
    if (!names || budget.left <= 0) {
      remaining = withoutBranchNoise(remaining, combinator);
      continue;
    }
    budget.left--;
    const data = valueAt(root, combinator.instancePath);
    const results = names.map((name) => {
      const validate = exportsByName[name];
      if (!validate || validate(data)) return [];
      return (validate.errors ?? []).map((e) => ({ ...e, instancePath: combinator.instancePath + e.instancePath }));
    });
    if (results.some((r) => r.length === 0)) {
      // A branch passes on its own: the failure came from elsewhere; keep Ajv's errors as they are.
      continue;
    }
    remaining = remaining.filter((e) => e !== combinator && !results.some((r) => r.some((b) => sameError(b, e))));
    // Each branch's complaints, themselves collapsed, so a nested oneOf counts as its closest branch.
    const explained = results.map((result) => explain(result, version, root, budget));
    let best = explained[0]!;
    let bestScore = branchDistance(best, combinator.instancePath);
    for (const result of explained.slice(1)) {
      const score = branchDistance(result, combinator.instancePath);
      if (score < bestScore) {
        best = result;
        bestScore = score;
      }
    }
    chosen.push(...(sameDiscriminator(explained, combinator.instancePath) ?? best));
  }
  const out: AjvError[] = [];
  for (const error of [...remaining, ...chosen]) if (!out.some((e) => sameError(e, error))) out.push(error);
  // A property a failed `then` would have evaluated is "unevaluated" too: said only when nothing else is wrong there.
  return out.filter(
    (e) =>
      e.keyword !== 'unevaluatedProperties' ||
      !out.some((other) => other.instancePath === e.instancePath && other.keyword !== 'unevaluatedProperties'),
  );
}

/**
 * When every branch refuses the same discriminating property (`in: body` where a 3.x parameter is `path`, `query`,
 * `header` or `cookie`), the value is what is wrong: one error listing every value the branches allow.
 */
function sameDiscriminator(branches: AjvError[][], at: string): AjvError[] | undefined {
  let target: string | undefined;
  const allowed: unknown[] = [];
  for (const errors of branches) {
    const hit = errors.find(
      (e) =>
        (e.keyword === 'enum' || e.keyword === 'const') &&
        e.instancePath.startsWith(`${at}/`) &&
        parsePointer(e.instancePath).length === parsePointer(at).length + 1 &&
        DISCRIMINATORS.has(parsePointer(e.instancePath).at(-1)!),
    );
    if (!hit || (target !== undefined && hit.instancePath !== target)) return undefined;
    target = hit.instancePath;
    const values = hit.keyword === 'enum' ? (hit.params.allowedValues as unknown[]) : [hit.params.allowedValue];
    for (const value of values ?? []) if (!allowed.includes(value)) allowed.push(value);
  }
  if (target === undefined) return undefined;
  const first = branches[0]!.find((e) => e.instancePath === target)!;
  return [{ ...first, keyword: 'enum', params: { allowedValues: allowed } }];
}

/** Problems with the document's structure, per the official schema of its version. */
export function structuralProblems(version: OpenApiVersion, document: unknown): RawProblem[] {
  const validate = ROOT[version];
  const problems: RawProblem[] = [];
  if (!validate(document)) {
    for (const error of explain(validate.errors ?? [], version, document)) {
      const problem = describe(error, document);
      if (problem) problems.push(problem);
    }
  }
  if (version === '3.1' || version === '3.2') problems.push(...schemaObjectProblems(version, document));
  return dedupe(problems);
}

function dedupe(problems: RawProblem[]): RawProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.pointer}\u0000${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Pointers of the Schema Objects written in a 3.1/3.2 document (not those nested inside another). */
export function schemaObjectPointers(document: unknown): string[] {
  const found: string[] = [];
  const schemas = (document as { components?: { schemas?: unknown } } | undefined)?.components?.schemas;
  if (schemas && typeof schemas === 'object' && !Array.isArray(schemas)) {
    for (const name of Object.keys(schemas)) found.push(toPointer(['components', 'schemas', name]));
  }
  const walk = (node: unknown, pointer: string, depth: number) => {
    if (node === null || typeof node !== 'object' || depth > 64) return;
    if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, `${pointer}/${i}`, depth + 1));
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('x-') || key === 'example' || key === 'examples' || key === 'default') continue;
      const here = join(pointer, key);
      if (here === '/components/schemas') continue;
      if (key === 'schema' && value !== null && typeof value === 'object') found.push(here);
      else walk(value, here, depth + 1);
    }
  };
  const doc = document as Record<string, unknown> | undefined;
  if (doc) for (const key of ['paths', 'webhooks', 'components']) walk(doc[key], `/${key}`, 0);
  return found;
}

function schemaObjectProblems(version: '3.1' | '3.2', document: unknown): RawProblem[] {
  const validate = version === '3.1' ? generated.validateSchema31 : generated.validateSchema32;
  const problems: RawProblem[] = [];
  for (const pointer of schemaObjectPointers(document)) {
    const schema = valueAt(document, pointer);
    if (typeof schema === 'boolean' || validate(schema)) continue;
    for (const error of explain(validate.errors ?? [], version, schema)) {
      const problem = describe({ ...error, instancePath: pointer + error.instancePath }, document);
      if (problem) problems.push({ ...problem, rule: 'schema-dialect' });
    }
  }
  return problems;
}
