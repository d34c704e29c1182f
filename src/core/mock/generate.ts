/**
 * Mock values from a JSON Schema (drafts 4 to 2020-12): json-schema-faker generates, @cfworker/json-schema (the
 * project's validator) checks every value against the original schema before anyone sees it, and a value that
 * does not validate is generated again from another seed. Both libraries interpret the schema (no eval), so this
 * runs under the extension pages' CSP, in a worker and in Node.
 *
 * Reproducible: instance i of a run with seed s is derived from (s, i) alone, so the same schema, options and
 * seed give the same values, and asking for more values keeps the first ones.
 */
import { Validator, type OutputUnit, type SchemaDraft } from '@cfworker/json-schema';
import { base, en, Faker } from '@faker-js/faker';
import { generateSync, type JsonSchema as JsfSchema } from 'json-schema-faker';
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { bundleSchema, RefError } from './bundle.ts';
import { MockError } from './errors.ts';
import { MAX_COUNT } from './limits.ts';

export { MAX_COUNT, MockError };

export interface MockOptions {
  /** The run's seed (an integer). */
  seed: number;
  /** How many values. */
  count: number;
  /** Chance (0–1) that an optional property is present. */
  optionalProbability?: number;
  /** Array sizes when the schema leaves them open (the schema's own minItems/maxItems always hold). */
  minItems?: number;
  maxItems?: number;
  /** How deep recursive `$ref`s go. */
  maxDepth?: number;
  /** Use `examples` and `default` when the schema has them (`const` and `enum` are always used). */
  preferExamples?: boolean;
  /** The dialect; from `$schema` when absent, else 2020-12. */
  draft?: SchemaDraft;
  /** Schemas referred to by URI. */
  remotes?: Readonly<Record<string, unknown>>;
  /** Generation attempts per value before the fallbacks are tried. */
  attempts?: number;
}

export interface MockResult {
  values: unknown[];
  seed: number;
  draft: SchemaDraft;
  /** Values that came from the schema's own examples or a minimal value after generation kept failing. */
  fallbacks: number;
  /** Values that needed more than one generation attempt. */
  retried: number;
}

export const DEFAULT_ATTEMPTS = 30;

export function draftOf(schema: unknown): SchemaDraft {
  const uri = typeof schema === 'object' && schema !== null ? (schema as { $schema?: unknown }).$schema : undefined;
  if (typeof uri !== 'string') return '2020-12';
  if (/draft-0[34]\//.test(uri)) return '4';
  if (/draft-0[67]\//.test(uri)) return '7';
  if (uri.includes('2019-09')) return '2019-09';
  return '2020-12';
}

/** A 32-bit seed for attempt `k` of value `i` (splitmix-style mixing, so neighbours differ). */
export function mixSeed(seed: number, i: number, k: number): number {
  let h = (seed ^ Math.imul(i + 1, 0x9e3779b1) ^ Math.imul(k + 1, 0x85ebca77)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
  h = (h ^ (h >>> 16)) >>> 0;
  return h === 0 ? 1 : h;
}

let sharedFaker: Faker | undefined;
function fakerInstance(): Faker {
  sharedFaker ??= new Faker({ locale: [en, base] });
  return sharedFaker;
}

/** Formats drawn from faker (realistic, and each checked by the validator like every value). */
function fakerFormats(faker: Faker) {
  return {
    email: () => faker.internet.email(),
    'idn-email': () => faker.internet.email(),
    hostname: () => faker.internet.domainName(),
    'idn-hostname': () => faker.internet.domainName(),
    uri: () => faker.internet.url(),
    url: () => faker.internet.url(),
    ipv4: () => faker.internet.ipv4(),
    ipv6: () => faker.internet.ipv6(),
    uuid: () => faker.string.uuid(),
    'date-time': () => faker.date.between({ from: '2000-01-01T00:00:00Z', to: '2030-12-31T23:59:59Z' }).toISOString(),
    date: () => faker.date.between({ from: '2000-01-01', to: '2030-12-31' }).toISOString().slice(0, 10),
  };
}

/** Values a schema names itself, in a stable order: const, enum, examples, default (at the root). */
function ownValues(schema: unknown): unknown[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const s = schema as Record<string, unknown>;
  const found: unknown[] = [];
  if ('const' in s) found.push(s.const);
  if (Array.isArray(s.enum)) found.push(...s.enum);
  if (Array.isArray(s.examples)) found.push(...s.examples);
  if ('example' in s) found.push(s.example);
  if ('default' in s) found.push(s.default);
  return found;
}

/** The smallest values of each type: when the generator cannot meet a schema, one of these often can. */
const MINIMAL: readonly unknown[] = [null, true, false, 0, 1, -1, 0.5, '', 'a', [], {}, [null], { a: null }];

/** Keywords that only report that a part below failed. */
const SUMMARY = new Set([
  'properties',
  'items',
  'prefixItems',
  '$ref',
  '$dynamicRef',
  'allOf',
  'anyOf',
  'oneOf',
  'if',
  'then',
  'else',
  'additionalProperties',
  'additionalItems',
  'patternProperties',
  'dependentSchemas',
  'dependencies',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contains',
  'propertyNames',
  'not',
]);

/** The most telling error: the deepest specific keyword, else the first. */
function mainError(errors: readonly OutputUnit[]): OutputUnit | undefined {
  const specific = errors.filter((e) => !SUMMARY.has(e.keyword));
  const pool = specific.length > 0 ? specific : errors;
  return [...pool].sort((a, b) => b.keywordLocation.length - a.keywordLocation.length)[0];
}

function pointerForPeople(location: string): string {
  const path = location.replace(/^#/, '');
  return path === '' ? 'the root' : path;
}

/** Every `x-faker` (or `faker`) hint must name a faker function, or the run stops with a message naming it. */
function checkFakerHints(node: unknown, faker: Faker, path: string): void {
  if (Array.isArray(node)) {
    node.forEach((item, i) => checkFakerHints(item, faker, `${path}/${i}`));
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  for (const [key, value] of Object.entries(node)) {
    if (
      (key === 'x-faker' || key === 'faker') &&
      !(typeof value === 'object' && value !== null && path.endsWith('/properties'))
    ) {
      const name =
        typeof value === 'string'
          ? value
          : typeof value === 'object' && value !== null
            ? Object.keys(value)[0]
            : undefined;
      let target: unknown = faker;
      for (const part of (name ?? '').split('.')) target = (target as Record<string, unknown> | undefined)?.[part];
      if (typeof target !== 'function') {
        throw new MockError(
          `${key} at ${path || '/'}: “${name ?? JSON.stringify(value)}” is not a faker function; use a name such as "person.fullName" or "internet.email".`,
          key,
          `#${path}/${key}`,
        );
      }
    } else checkFakerHints(value, faker, `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  }
}

/**
 * Checks that the schema can be used at all and prepares what every run needs: the validator over the original
 * schema and the bundled copy the generator walks.
 */
export function prepareSchema(schema: unknown, options: Pick<MockOptions, 'draft' | 'remotes'> = {}) {
  if (typeof schema !== 'boolean' && (typeof schema !== 'object' || schema === null || Array.isArray(schema))) {
    throw new MockError(
      'A JSON Schema is an object (or true/false); this is ' +
        (Array.isArray(schema) ? 'an array' : typeof schema === 'object' ? 'null' : `a ${typeof schema}`) +
        '.',
    );
  }
  if (schema === false) throw new MockError('The schema is false: no value satisfies it.', 'false', '#');
  const draft = options.draft ?? draftOf(schema);
  let validator: Validator;
  try {
    validator = new Validator(schema as object, draft, false);
    for (const [uri, remote] of Object.entries(options.remotes ?? {})) validator.addSchema(remote as object, uri);
  } catch (error) {
    throw new MockError(`The validator cannot read the schema: ${(error as Error).message}`);
  }
  let bundled: unknown;
  try {
    bundled = bundleSchema(schema, { remotes: options.remotes });
  } catch (error) {
    if (error instanceof RefError) throw new MockError(error.message, '$ref');
    throw error;
  }
  return { draft, validator, bundled: bundled as JsfSchema };
}

/**
 * `count` values that each validate against `schema`, or a `MockError` naming the keyword that no generated
 * value could satisfy.
 */
export function mockFromSchema(schema: unknown, options: MockOptions): MockResult {
  if (!Number.isInteger(options.count) || options.count < 1 || options.count > MAX_COUNT) {
    throw new MockError(`The count is a whole number from 1 to ${MAX_COUNT}.`);
  }
  if (!Number.isSafeInteger(options.seed)) throw new MockError('The seed is a whole number.');
  const { draft, validator, bundled } = prepareSchema(schema, options);
  const faker = fakerInstance();
  checkFakerHints(schema, faker, '');
  const attempts = options.attempts ?? DEFAULT_ATTEMPTS;
  const preferExamples = options.preferExamples ?? true;
  const maxDepth = options.maxDepth ?? 3;
  const jsfOptions = {
    optionalsProbability: options.optionalProbability ?? 0.5,
    minItems: options.minItems,
    maxItems: options.maxItems,
    refDepthMax: maxDepth,
    maxDepth: maxDepth + 5,
    useExamplesValue: preferExamples,
    useDefaultValue: preferExamples,
    propAliases: { 'x-faker': 'faker' },
    extensions: { faker },
    formats: fakerFormats(faker),
  };
  const fallbackPool = [...ownValues(schema), ...MINIMAL];

  const values: unknown[] = [];
  let fallbacks = 0;
  let retried = 0;
  for (let i = 0; i < options.count; i++) {
    let lastErrors: readonly OutputUnit[] = [];
    let lastThrown: Error | undefined;
    let found = false;
    let value: unknown;
    for (let k = 0; k < attempts && !found; k++) {
      const seed = mixSeed(options.seed, i, k);
      faker.seed(seed);
      try {
        // After half the attempts, examples and defaults step aside: they may be what fails.
        const candidate = generateSync(bundled, {
          ...jsfOptions,
          seed,
          ...(k >= attempts / 2 ? { useExamplesValue: false, useDefaultValue: false } : {}),
        });
        const result = validator.validate(candidate);
        if (result.valid) {
          value = candidate;
          found = true;
          if (k > 0) retried++;
        } else lastErrors = result.errors;
      } catch (error) {
        lastThrown = error as Error;
      }
    }
    if (!found) {
      const usable = fallbackPool.filter((candidate) => validator.validate(candidate).valid);
      if (usable.length > 0) {
        value = structuredClone(usable[i % usable.length]);
        found = true;
        fallbacks++;
      }
    }
    if (!found) {
      const error = mainError(lastErrors);
      if (error) {
        throw new MockError(
          `No value satisfies the schema: “${error.keyword}” at ${pointerForPeople(error.keywordLocation)} refused every one of ${attempts} attempts (${error.error}).`,
          error.keyword,
          error.keywordLocation,
        );
      }
      throw new MockError(`No value satisfies the schema: ${lastThrown?.message ?? 'the generator gave up'}.`);
    }
    values.push(value);
  }
  return { values, seed: options.seed, draft, fallbacks, retried };
}

/** Parses schema text (JSON) with a message that says where it is wrong. */
export function parseSchemaText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const errors: ParseError[] = [];
    parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const first = errors[0];
    if (!first) throw new MockError(`The schema is not valid JSON: ${(error as Error).message}`);
    const before = text.slice(0, first.offset);
    const line = before.split('\n').length;
    const column = first.offset - before.lastIndexOf('\n');
    const what = printParseErrorCode(first.error)
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase();
    throw new MockError(`The schema is not valid JSON at line ${line}, column ${column}: ${what}.`);
  }
}
