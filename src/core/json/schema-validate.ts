import {
  dereference,
  format as formatCheckers,
  type OutputUnit,
  type Schema,
  type SchemaDraft,
} from '@cfworker/json-schema';
import { prepareDynamic, validate as validateWith } from './vendor/cfworker-validate.ts';
import { placeOfPointer, toPlain, unescapePointer, type JsonPlace, type ParsedJson } from './document.ts';

/**
 * JSON Schema validation with @cfworker/json-schema (no eval, so it runs in the extension). The draft is
 * the one `$schema` names (draft-04, -06, -07, 2019-09, 2020-12); without `$schema`, 2020-12. Draft-06 is
 * validated with the draft-07 rules: 07 only added keywords (`if`/`then`/`else`, `contentMediaType`,
 * `contentEncoding`) that a draft-06 schema does not use in their 07 meaning.
 *
 * `format`: draft-04 to -07 check formats; from 2019-09 on, `format` is an annotation unless asked for
 * (2020-12 §7.2.1), so 2019-09 and 2020-12 check formats only with `formats: 'assert'`.
 *
 * Every error keeps where it is in the document (JSON pointer, line and column, from the located parse)
 * and which schema keyword said no (its location in the schema).
 */

export type Draft = '4' | '6' | '7' | '2019-09' | '2020-12';

const BY_URI: [RegExp, Draft][] = [
  [/json-schema\.org\/draft-04\/schema/, '4'],
  [/json-schema\.org\/draft-06\/schema/, '6'],
  [/json-schema\.org\/draft-07\/schema/, '7'],
  [/json-schema\.org\/draft\/2019-09\/schema/, '2019-09'],
  [/json-schema\.org\/draft\/2020-12\/schema/, '2020-12'],
];

export const DRAFT_NAMES: Record<Draft, string> = {
  '4': 'draft-04',
  '6': 'draft-06',
  '7': 'draft-07',
  '2019-09': '2019-09',
  '2020-12': '2020-12',
};

/** The draft a schema declares, or undefined when `$schema` is absent or unknown. */
export function draftOf(schema: unknown): Draft | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  const uri = (schema as { $schema?: unknown }).$schema;
  if (typeof uri !== 'string') return undefined;
  return BY_URI.find(([pattern]) => pattern.test(uri))?.[1];
}

export interface SchemaProblem {
  message: string;
  /** JSON pointer of the offending value in the document ("" = the whole document). */
  pointer: string;
  /** Line and column of that value (or of its nearest existing parent for a missing one). */
  place?: JsonPlace;
  /** The keyword that failed (`required`, `type`) and where it is in the schema (`#/properties/id/type`). */
  keyword: string;
  schemaPath: string;
}

export interface SchemaValidation {
  valid: boolean;
  draft: Draft;
  /** The draft was not declared by `$schema` and was assumed. */
  assumed: boolean;
  problems: SchemaProblem[];
}

/** Extra schemas a `$ref` may name by URI (their `$id`s, or the URI given). */
export type SchemaStore = Record<string, unknown>;

export interface ValidateOptions {
  /** Overrides `$schema`. */
  draft?: Draft;
  remotes?: SchemaStore;
  /** Check `format` (the default for drafts 4–7) or treat it as an annotation (the default from 2019-09). */
  formats?: 'assert' | 'annotate';
}

const ALWAYS = () => true;

/**
 * Runs `fn` with the engine's format checkers switched off. The engine reads them from one shared table at
 * validation time; validation is synchronous, so nothing else sees the swap.
 */
function withoutFormats<T>(fn: () => T): T {
  const table = formatCheckers as Record<string, (value: string) => boolean>;
  const saved = { ...table };
  for (const name of Object.keys(table)) table[name] = ALWAYS;
  try {
    return fn();
  } finally {
    Object.assign(table, saved);
  }
}

/** Builds a validator for a schema value; throws when the schema is not an object or boolean. */
export function createValidator(schema: unknown, options: ValidateOptions = {}) {
  if (typeof schema !== 'boolean' && (schema === null || typeof schema !== 'object' || Array.isArray(schema)))
    throw new TypeError('A JSON Schema is an object (or true/false)');
  const declared = draftOf(schema);
  const draft: Draft = options.draft ?? declared ?? '2020-12';
  const engineDraft: SchemaDraft = draft === '6' ? '7' : draft;
  const lookup = dereference(schema as Schema);
  for (const [uri, remote] of Object.entries(options.remotes ?? {}))
    if (remote && typeof remote === 'object') dereference({ ...(remote as Schema), $id: uri }, lookup);
  prepareDynamic(lookup);
  const run = (instance: unknown) => validateWith(instance, schema as Schema, engineDraft, lookup, false);
  const assert = (options.formats ?? (draft === '2019-09' || draft === '2020-12' ? 'annotate' : 'assert')) === 'assert';
  const validate = (instance: unknown) => (assert ? run(instance) : withoutFormats(() => run(instance)));
  return { validate, draft, assumed: !options.draft && !declared };
}

/** Messages from the engine name the keyword; the deepest unit of each failing place is the useful one. */
function leafUnits(errors: OutputUnit[]): OutputUnit[] {
  // cfworker lists the parent ("Property "a" does not match schema") after its cause; keep causes only.
  return errors.filter(
    (unit) =>
      !errors.some(
        (other) =>
          other !== unit &&
          other.keywordLocation.startsWith(unit.keywordLocation + '/') &&
          other.instanceLocation.startsWith(unit.instanceLocation),
      ),
  );
}

/** "#/a/0" (cfworker's instance location) to "/a/0". */
const pointerOf = (location: string) => (location.startsWith('#') ? location.slice(1) : location);

/** Validates a located document against a schema. */
export function validateDocument(
  document: ParsedJson,
  schema: unknown,
  options: ValidateOptions = {},
): SchemaValidation {
  const { validate, draft, assumed } = createValidator(schema, options);
  if (!document.root) return { valid: false, draft, assumed, problems: [] };
  const result = validate(toPlain(document.root, document.text));
  const problems = leafUnits(result.errors).map((unit): SchemaProblem => {
    const pointer = decodeURIComponentSafe(pointerOf(unit.instanceLocation));
    return {
      message: unit.error,
      pointer,
      place: placeOfPointer(document, pointer),
      keyword: unit.keyword,
      schemaPath: unit.keywordLocation,
    };
  });
  // Several causes at one place and keyword say the same: keep the first.
  const seen = new Set<string>();
  const unique = problems.filter((p) => {
    const key = `${p.pointer} ${p.schemaPath} ${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { valid: result.valid, draft, assumed, problems: unique };
}

function decodeURIComponentSafe(pointer: string): string {
  try {
    return decodeURIComponent(pointer);
  } catch {
    return pointer;
  }
}

/** The value a pointer's last segment names, for messages. */
export const lastSegment = (pointer: string) => unescapePointer(pointer.slice(pointer.lastIndexOf('/') + 1));
