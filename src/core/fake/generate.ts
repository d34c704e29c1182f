/**
 * Rows from a data set definition. One faker, seeded once with the definition's seed and a fixed reference date
 * (faker's dates are otherwise relative to now), draws every value in row order, so the same definition, locale
 * and seed give the same rows, whether made at once or in chunks (the worker makes them in chunks).
 */
import type { Faker } from '@faker-js/faker';
import { DefinitionError, fieldProblem, MAX_ROWS, type DataSetDef } from './definition.ts';
import { fieldType, type FieldType } from './types.ts';

/** Faker's relative dates (past, future, recent, birthdate) count from here, not from the clock. */
export const REFERENCE_DATE = '2025-01-01T00:00:00.000Z';

/** Tries per value before a unique column gives up. */
export const UNIQUE_TRIES = 200;

export type Row = unknown[];

export interface RowSource {
  readonly columns: readonly string[];
  readonly types: readonly FieldType[];
  /** The next `count` rows (fewer at the end). */
  take(count: number): Row[];
  /** Rows made so far. */
  readonly made: number;
}

export function createRowSource(def: DataSetDef, faker: Faker, total: number): RowSource {
  const problem = fieldProblem(def.fields);
  if (problem) throw new DefinitionError(problem);
  if (!Number.isInteger(total) || total < 0 || total > MAX_ROWS) {
    throw new DefinitionError(`The number of rows is a whole number from 0 to ${MAX_ROWS.toLocaleString('en')}.`);
  }
  faker.seed(def.seed);
  faker.setDefaultRefDate(REFERENCE_DATE);
  const types = def.fields.map((field) => fieldType(field.type)!);
  const seen = def.fields.map((field) => (field.unique ? new Set<string>() : undefined));
  let made = 0;

  const value = (i: number, row: number): unknown => {
    const field = def.fields[i]!;
    if (field.blank > 0 && faker.number.float({ min: 0, max: 100 }) < field.blank) return null;
    const type = types[i]!;
    const set = seen[i];
    if (!set) return type.make(faker, field.options, row);
    for (let attempt = 0; attempt < UNIQUE_TRIES; attempt++) {
      const candidate = type.make(faker, field.options, row);
      const key = typeof candidate === 'string' ? candidate : JSON.stringify(candidate);
      if (!set.has(key)) {
        set.add(key);
        return candidate;
      }
    }
    throw new DefinitionError(
      `Field “${field.name}”: no new unique value after ${UNIQUE_TRIES} tries at row ${row + 1}; ` +
        `“${type.title}” has too few distinct values for this many rows. Turn off unique or ask for fewer rows.`,
    );
  };

  return {
    columns: def.fields.map((field) => field.name),
    types,
    get made() {
      return made;
    },
    take(count: number) {
      const rows: Row[] = [];
      const end = Math.min(total, made + count);
      for (let r = made; r < end; r++) {
        const row: Row = new Array(def.fields.length);
        for (let i = 0; i < def.fields.length; i++) row[i] = value(i, r);
        rows.push(row);
      }
      made = end;
      return rows;
    },
  };
}
