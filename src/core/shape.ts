/** Small checks for reading untrusted JSON-like data (storage, imported files). */

export type Raw = Record<string, unknown>;

/** A plain object (not null, not an array). */
export const isObject = (value: unknown): value is Raw =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a value is, for messages: "a list", "a string", "missing", … */
export const kindOf = (value: unknown): string =>
  value === undefined
    ? 'missing'
    : value === null
      ? 'null'
      : Array.isArray(value)
        ? 'a list'
        : typeof value === 'object'
          ? 'an object'
          : `a ${typeof value}`;

/**
 * `table[key]` for a key that comes from user text: only the table's own entries, so a key such as
 * `constructor` or `__proto__` finds nothing instead of what every object inherits.
 */
export const lookup = <T>(table: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;
