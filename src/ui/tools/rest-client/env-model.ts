/**
 * The environment manager's editing model: variable rows with stable ids,
 * turning them into stored variables and back, and merging a fresh store
 * state into rows the user may be typing in. Pure, so it is unit-tested.
 */
import type { Environment, EnvironmentVariable } from '../../../core/env/substitute.ts';

/** One row of the variables table; `rowId` keeps preact's keys and focus stable. */
export interface VariableRow extends EnvironmentVariable {
  rowId: number;
}

/** Rows for these variables, numbered from `firstId`. */
export function rowsFromVariables(variables: readonly EnvironmentVariable[], firstId: number): VariableRow[] {
  return variables.map((v, i) => ({
    rowId: firstId + i,
    key: v.key,
    value: v.value,
    secret: v.secret,
    enabled: v.enabled,
  }));
}

/** Whether the row is a fresh one the user has not typed into (such rows are not stored). */
export function isBlankRow(row: EnvironmentVariable): boolean {
  return row.key === '' && row.value === '';
}

/** The variables to store: every row but blank ones, in order. */
export function variablesFromRows(rows: readonly VariableRow[]): EnvironmentVariable[] {
  return rows
    .filter((row) => !isBlankRow(row))
    .map((row) => ({ key: row.key, value: row.value, secret: row.secret, enabled: row.enabled }));
}

function sameVariable(a: EnvironmentVariable, b: EnvironmentVariable): boolean {
  return a.key === b.key && a.value === b.value && a.secret === b.secret && a.enabled === b.enabled;
}

/**
 * The rows to show after the store's state changed while the user may be
 * editing row `editingRowId`. Blank rows (never stored) stay where they are,
 * and the stored variables line up with the other rows in order. The edited
 * row keeps what the user typed; every other row takes the stored values.
 * When the stored list no longer lines up with the rows (a variable was added
 * or removed elsewhere), the rows stay as they are while editing and are
 * replaced once editing ends (`editingRowId` null). Returns `rows` itself when
 * nothing changes, so callers can skip a re-render.
 */
export function mergeRows(
  rows: readonly VariableRow[],
  stored: readonly EnvironmentVariable[],
  editingRowId: number | null,
  nextId: () => number,
): readonly VariableRow[] {
  const filled = rows.filter((row) => !isBlankRow(row));
  if (filled.length !== stored.length) {
    if (editingRowId !== null) return rows;
    // Keep the ids of rows that still line up so focus and keys survive.
    return stored.map((v, i) => ({ ...v, rowId: filled[i]?.rowId ?? nextId() }));
  }
  let changed = false;
  let index = 0;
  const merged = rows.map((row) => {
    if (isBlankRow(row)) return row;
    const incoming = stored[index++]!;
    if (row.rowId === editingRowId || sameVariable(row, incoming)) return row;
    changed = true;
    return { ...incoming, rowId: row.rowId };
  });
  return changed ? merged : rows;
}

/**
 * The list to store when the user's edits (`local`, made from `base`) meet
 * the freshest stored list (`fresh`, which another window may have changed
 * since `base`). Without added or removed rows on the user's side, only the
 * variables the user changed are written: each replaces the stored variable
 * still equal to its `base` version (or, when that one was changed elsewhere
 * too, the one at the same place: the user's edit wins), so other windows'
 * changes to other variables survive. When the user added or removed rows,
 * their list is stored as it is.
 */
export function rebaseVariables(
  base: readonly EnvironmentVariable[],
  local: readonly EnvironmentVariable[],
  fresh: readonly EnvironmentVariable[],
): EnvironmentVariable[] {
  if (local.length !== base.length) return local.map((v) => ({ ...v }));
  const result = fresh.map((v) => ({ ...v }));
  const claimed = new Set<number>();
  local.forEach((mine, i) => {
    const before = base[i]!;
    if (sameVariable(mine, before)) return;
    let at = result.findIndex((v, j) => !claimed.has(j) && sameVariable(v, before));
    if (at < 0 && fresh.length === base.length && !claimed.has(i)) at = i;
    if (at < 0) {
      result.push({ ...mine });
      claimed.add(result.length - 1);
    } else {
      result[at] = { ...mine };
      claimed.add(at);
    }
  });
  return result;
}

/** "New environment", or "New environment 2", 3… when taken (names compare case-insensitively). */
export function nextEnvironmentName(existing: readonly string[], base = 'New environment'): string {
  const taken = new Set(existing.map((name) => name.trim().toLowerCase()));
  if (!taken.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) {
    const name = `${base} ${n}`;
    if (!taken.has(name.toLowerCase())) return name;
  }
}

/** Characters no common file system accepts in a file name. */
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_FILE_NAME = /[\u0000-\u001f\u007f/\\:*?"<>|]/g;

/** The Postman export's file name for an environment: `<name>.postman_environment.json`, made safe to save. */
export function environmentFileName(name: string): string {
  const safe = name.replace(UNSAFE_IN_FILE_NAME, '_').trim().replace(/^\.+/, '');
  return `${safe === '' ? 'environment' : safe}.postman_environment.json`;
}

function variableCount(n: number): string {
  return n === 1 ? '1 variable' : `${n} variables`;
}

/** The status after an import: `Imported "dev" (4 variables).`, listing each environment. */
export function importedMessage(environments: readonly Environment[]): string {
  if (environments.length === 0) return 'The file holds no environments.';
  const parts = environments.map((env) => `"${env.name}" (${variableCount(env.variables.length)})`);
  return `Imported ${parts.join(', ')}.`;
}

/** Ids in `after` that `before` does not have, in order: the environments an import added. */
export function addedIds(before: readonly Environment[], after: readonly Environment[]): string[] {
  const known = new Set(before.map((env) => env.id));
  return after.filter((env) => !known.has(env.id)).map((env) => env.id);
}
