/**
 * A Fake Data set: named fields with a type, options, a blank percentage and a unique flag, plus the locale and
 * the seed. What is saved in storage and exported as JSON; `parseDefinition` reads it back (from any version or
 * a hand-edited file) with a message naming the field that is wrong.
 */
import { fieldType, type FieldOptions, type OptionValue } from './types.ts';

export interface FieldDef {
  name: string;
  type: string;
  options: FieldOptions;
  /** Percentage (0–100) of rows where the value is null. */
  blank: number;
  /** No value repeats in this column (blanks aside). */
  unique: boolean;
}

export interface DataSetDef {
  version: 1;
  name: string;
  /** A faker locale id: `en`, `de`, `pt_BR`. */
  locale: string;
  seed: number;
  fields: FieldDef[];
}

export const MAX_ROWS = 100_000;

export class DefinitionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DefinitionError';
  }
}

export const EXAMPLE_DEFINITION: DataSetDef = {
  version: 1,
  name: 'users',
  locale: 'en',
  seed: 1,
  fields: [
    { name: 'id', type: 'sequence', options: { start: 1, step: 1 }, blank: 0, unique: false },
    { name: 'first_name', type: 'person.firstName', options: {}, blank: 0, unique: false },
    { name: 'last_name', type: 'person.lastName', options: {}, blank: 0, unique: false },
    { name: 'email', type: 'internet.email', options: {}, blank: 0, unique: true },
    { name: 'city', type: 'location.city', options: {}, blank: 10, unique: false },
    { name: 'plan', type: 'choice', options: { values: 'free\npro\nteam' }, blank: 0, unique: false },
    {
      name: 'signed_up',
      type: 'date.between',
      options: { from: '2020-01-01T00:00:00Z', to: '2025-12-31T23:59:59Z' },
      blank: 0,
      unique: false,
    },
  ],
};

/** Any text without control characters: formats quote names as their syntax requires. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what a name may not hold
const NAME = /^(?=.*\S)[^\x00-\x1f\x7f]{1,63}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks a field list: names present and distinct, types known, blank in range. Returns the first problem. */
export function fieldProblem(fields: readonly FieldDef[]): string | undefined {
  if (fields.length === 0) return 'Add at least one field.';
  const seen = new Set<string>();
  for (const [i, field] of fields.entries()) {
    const label = `Field ${i + 1}${field.name ? ` (“${field.name}”)` : ''}`;
    if (!NAME.test(field.name)) {
      return `${label}: a name is 1 to 63 characters, not only spaces, without control characters.`;
    }
    if (seen.has(field.name.toLowerCase())) return `${label}: the name is used twice.`;
    seen.add(field.name.toLowerCase());
    if (!fieldType(field.type)) return `${label}: unknown type “${field.type}”.`;
    if (!(field.blank >= 0 && field.blank <= 100)) return `${label}: blank is a percentage from 0 to 100.`;
    if (field.type === 'regex') {
      try {
        new RegExp(String(field.options.pattern ?? ''));
      } catch (error) {
        return `${label}: the pattern is not a regular expression (${(error as Error).message}).`;
      }
    }
  }
  return undefined;
}

/** Reads a definition from parsed JSON, or throws a `DefinitionError` saying what is wrong. */
export function parseDefinition(value: unknown): DataSetDef {
  if (!isRecord(value)) throw new DefinitionError('A data set definition is a JSON object with "fields".');
  if (value.version !== undefined && value.version !== 1) {
    throw new DefinitionError(`This definition is version ${String(value.version)}; this version reads version 1.`);
  }
  if (!Array.isArray(value.fields)) throw new DefinitionError('"fields" is a list of fields.');
  const fields: FieldDef[] = value.fields.map((raw, i) => {
    if (!isRecord(raw)) throw new DefinitionError(`Field ${i + 1} is not an object.`);
    const options: Record<string, OptionValue> = {};
    if (raw.options !== undefined) {
      if (!isRecord(raw.options)) throw new DefinitionError(`Field ${i + 1}: "options" is an object.`);
      for (const [key, option] of Object.entries(raw.options)) {
        if (typeof option !== 'string' && typeof option !== 'number' && typeof option !== 'boolean') {
          throw new DefinitionError(`Field ${i + 1}: option "${key}" is a string, a number or a boolean.`);
        }
        options[key] = option;
      }
    }
    return {
      name: typeof raw.name === 'string' ? raw.name : '',
      type: typeof raw.type === 'string' ? raw.type : '',
      options,
      blank: raw.blank === undefined ? 0 : Number(raw.blank),
      unique: raw.unique === true,
    };
  });
  const problem = fieldProblem(fields);
  if (problem) throw new DefinitionError(problem);
  const seed = value.seed === undefined ? 1 : Number(value.seed);
  if (!Number.isSafeInteger(seed)) throw new DefinitionError('"seed" is a whole number.');
  return {
    version: 1,
    name: typeof value.name === 'string' && value.name.trim() !== '' ? value.name : 'data',
    locale: typeof value.locale === 'string' ? value.locale : 'en',
    seed,
    fields,
  };
}
