import type { Faker } from '@faker-js/faker';
import type { DataSetDef } from './definition.ts';
import { formatAll, type FormatOptions, type OutputFormat } from './formats.ts';
import { createRowSource } from './generate.ts';

/** A whole data set as text in one go: the CLI and the tests (the worker makes the same text in chunks). */
export function makeDataSet(
  def: DataSetDef,
  faker: Faker,
  rows: number,
  format: OutputFormat,
  options: FormatOptions = {},
): string {
  const source = createRowSource(def, faker, rows);
  return formatAll(format, source.columns, source.types, source.take(rows), { table: def.name, ...options });
}
