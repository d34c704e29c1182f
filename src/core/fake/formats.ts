/**
 * Data set output formats. Each is a formatter fed rows in chunks (`start`, `rows`, `end`), so the worker can
 * write 100,000 rows piece by piece and the text is the same as when written at once.
 *
 * - JSON: an array, one object per line. NDJSON: one object per line.
 * - CSV: RFC 4180: CRLF line ends, a field quoted when it holds `"`, `,`, CR or LF, quotes doubled.
 * - SQL: CREATE TABLE and INSERT statements (500 rows each) for PostgreSQL, MySQL and SQLite, with each
 *   dialect's identifier quoting and string escaping (MySQL treats backslash as an escape by default).
 */
import type { FieldType } from './types.ts';
import type { Row } from './generate.ts';

export const FORMATS = ['json', 'ndjson', 'csv', 'sql-postgres', 'sql-mysql', 'sql-sqlite'] as const;
export type OutputFormat = (typeof FORMATS)[number];

export const FORMAT_LABELS: Readonly<Record<OutputFormat, string>> = {
  json: 'JSON',
  ndjson: 'NDJSON',
  csv: 'CSV',
  'sql-postgres': 'SQL (PostgreSQL)',
  'sql-mysql': 'SQL (MySQL)',
  'sql-sqlite': 'SQL (SQLite)',
};

export const FILE_EXTENSIONS: Readonly<Record<OutputFormat, string>> = {
  json: 'json',
  ndjson: 'ndjson',
  csv: 'csv',
  'sql-postgres': 'sql',
  'sql-mysql': 'sql',
  'sql-sqlite': 'sql',
};

export const MEDIA_TYPES: Readonly<Record<OutputFormat, string>> = {
  json: 'application/json',
  ndjson: 'application/x-ndjson',
  csv: 'text/csv',
  'sql-postgres': 'application/sql',
  'sql-mysql': 'application/sql',
  'sql-sqlite': 'application/sql',
};

export interface Formatter {
  start(): string;
  rows(rows: readonly Row[]): string;
  end(): string;
}

export const INSERT_BATCH = 500;

function objectOf(columns: readonly string[], row: Row): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  columns.forEach((column, i) => (object[column] = row[i]));
  return object;
}

export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

type Dialect = 'postgres' | 'mysql' | 'sqlite';

export function quoteIdentifier(name: string, dialect: Dialect): string {
  return dialect === 'mysql' ? `\`${name.replace(/`/g, '``')}\`` : `"${name.replace(/"/g, '""')}"`;
}

export function sqlString(text: string, dialect: Dialect): string {
  if (dialect === 'mysql') {
    // Without NO_BACKSLASH_ESCAPES (MySQL's default) a backslash starts an escape.
    // eslint-disable-next-line no-control-regex -- NUL and Ctrl-Z are the characters MySQL wants escaped
    const escaped = text.replace(/[\\'\0\x1a]/g, (c) =>
      c === '\\' ? '\\\\' : c === "'" ? "''" : c === '\0' ? '\\0' : '\\Z',
    );
    return `'${escaped}'`;
  }
  // PostgreSQL (standard_conforming_strings on, its default since 9.1) and SQLite: only the quote doubles.
  return `'${text.replace(/'/g, "''")}'`;
}

export function sqlLiteral(value: unknown, dialect: Dialect): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'NULL';
  if (typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return dialect === 'sqlite' ? (value ? '1' : '0') : value ? 'TRUE' : 'FALSE';
  return sqlString(typeof value === 'string' ? value : JSON.stringify(value), dialect);
}

const COLUMN_TYPES: Readonly<Record<Dialect, Readonly<Record<FieldType['sql'], string>>>> = {
  postgres: { text: 'text', integer: 'bigint', real: 'double precision', boolean: 'boolean' },
  mysql: { text: 'TEXT', integer: 'BIGINT', real: 'DOUBLE', boolean: 'BOOLEAN' },
  sqlite: { text: 'TEXT', integer: 'INTEGER', real: 'REAL', boolean: 'INTEGER' },
};

export interface FormatOptions {
  /** The SQL table name. */
  table?: string;
  /** Write CREATE TABLE before the INSERTs. */
  createTable?: boolean;
}

export function createFormatter(
  format: OutputFormat,
  columns: readonly string[],
  types: readonly FieldType[],
  options: FormatOptions = {},
): Formatter {
  let written = 0;
  switch (format) {
    case 'json':
      return {
        start: () => '[',
        rows: (rows) =>
          rows.map((row) => `${written++ === 0 ? '\n' : ',\n'}  ${JSON.stringify(objectOf(columns, row))}`).join(''),
        end: () => (written === 0 ? ']\n' : '\n]\n'),
      };
    case 'ndjson':
      return {
        start: () => '',
        rows: (rows) => rows.map((row) => `${JSON.stringify(objectOf(columns, row))}\n`).join(''),
        end: () => '',
      };
    case 'csv':
      return {
        start: () => `${columns.map(csvField).join(',')}\r\n`,
        rows: (rows) => rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join(''),
        end: () => '',
      };
    default: {
      const dialect = format.slice(4) as Dialect;
      const table = quoteIdentifier(options.table?.trim() || 'data', dialect);
      const names = columns.map((c) => quoteIdentifier(c, dialect)).join(', ');
      const head = `INSERT INTO ${table} (${names}) VALUES\n`;
      return {
        start: () =>
          options.createTable === false
            ? ''
            : `CREATE TABLE ${table} (\n${columns
                .map((c, i) => `  ${quoteIdentifier(c, dialect)} ${COLUMN_TYPES[dialect][types[i]!.sql]}`)
                .join(',\n')}\n);\n`,
        rows: (rows) => {
          let out = '';
          for (const row of rows) {
            const inBatch = written % INSERT_BATCH;
            out += inBatch === 0 ? (written === 0 ? '' : ';\n') + head : ',\n';
            out += `  (${row.map((v) => sqlLiteral(v, dialect)).join(', ')})`;
            written++;
          }
          return out;
        },
        end: () => (written === 0 ? '' : ';\n'),
      };
    }
  }
}

/** All rows in one format at once (the CLI, the tests; the worker writes the same text in pieces). */
export function formatAll(
  format: OutputFormat,
  columns: readonly string[],
  types: readonly FieldType[],
  rows: readonly Row[],
  options: FormatOptions = {},
): string {
  const formatter = createFormatter(format, columns, types, options);
  return formatter.start() + formatter.rows(rows) + formatter.end();
}
