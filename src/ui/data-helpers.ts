/**
 * Small pure pieces of the options page's data management: file names,
 * sizes, number fields, and merging an imported backup's environments.
 */
import { addImportedEnvironment, lookupFor, type EnvironmentsState } from '../core/env/state.ts';
import type { Environment, EnvironmentVariable, Lookup } from '../core/env/substitute.ts';
import type { HistoryEntry } from '../core/history/types.ts';

function twoDigits(n: number): string {
  return String(n).padStart(2, '0');
}

/** `<base>-YYYY-MM-DD.<extension>`, dated in the user's local time zone. */
export function datedFileName(base: string, extension: string, now: Date): string {
  const date = `${now.getFullYear()}-${twoDigits(now.getMonth() + 1)}-${twoDigits(now.getDate())}`;
  return `${base}-${date}.${extension}`;
}

/** A byte count for people: "812 bytes", "1.5 KiB", "12.3 MiB"; "unknown" when the browser cannot tell. */
export function formatBytes(bytes: number | null): string {
  if (bytes === null || !Number.isFinite(bytes) || bytes < 0) return 'unknown';
  if (bytes === 1) return '1 byte';
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ['KiB', 'MiB', 'GiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/** `1 entry`, `2 entries`: a count with the right noun. */
export function countOf(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * The whole number typed in a settings field, or an error message naming the
 * field and its range. Fractions, blanks and out-of-range values are refused
 * rather than rounded or clamped, so what is saved is what the user sees.
 */
export function parseWholeNumber(
  text: string,
  range: { min: number; max: number },
  label: string,
): { value: number } | { error: string } {
  const trimmed = text.trim();
  const value = Number(trimmed);
  if (trimmed === '' || !Number.isInteger(value) || value < range.min || value > range.max) {
    return { error: `${label} must be a whole number from ${range.min} to ${range.max}.` };
  }
  return { value };
}

/**
 * Globals after importing a backup: the current ones unchanged, then each
 * imported global whose key is not there yet (so nothing the user has now is
 * overwritten). Keys compare exactly, as substitution does, after trimming.
 */
export function mergeImportedGlobals(
  current: readonly EnvironmentVariable[],
  imported: readonly EnvironmentVariable[],
): { globals: EnvironmentVariable[]; added: number } {
  const keys = new Set(current.map((v) => v.key.trim()));
  const globals = [...current];
  let added = 0;
  for (const variable of imported) {
    const key = variable.key.trim();
    if (keys.has(key)) continue;
    keys.add(key);
    globals.push({ ...variable });
    added++;
  }
  return { globals, added };
}

const sameVariables = (a: readonly EnvironmentVariable[], b: readonly EnvironmentVariable[]) =>
  a.length === b.length &&
  a.every((v, i) => {
    const w = b[i]!;
    return v.key === w.key && v.value === w.value && v.secret === w.secret && v.enabled === w.enabled;
  });

/** Whether `env` is already stored exactly (same id, name and variables): importing it again would only duplicate it. */
function alreadyPresent(state: EnvironmentsState, env: Environment): boolean {
  return state.environments.some(
    (e) => e.id === env.id && e.name === env.name && sameVariables(e.variables, env.variables),
  );
}

export interface EnvironmentsMerge {
  state: EnvironmentsState;
  /** Environments added (renamed on a name clash, re-numbered on an id clash). */
  added: number;
  /** Environments skipped because an identical one (same id, name and variables) is stored. */
  present: number;
  /** Globals added (their keys were new). */
  globalsAdded: number;
}

/**
 * The current environments with a backup's merged in: each imported
 * environment is added (see `addImportedEnvironment`) unless an identical one
 * is stored, so restoring the same backup twice adds nothing; globals with new
 * keys are appended. Which environment is active does not change.
 */
export function mergeBackupEnvironments(
  current: EnvironmentsState,
  imported: EnvironmentsState,
  newId?: () => string,
): EnvironmentsMerge {
  let state = current;
  let added = 0;
  let present = 0;
  for (const env of imported.environments) {
    if (alreadyPresent(current, env)) {
      present++;
      continue;
    }
    state = addImportedEnvironment(state, env, newId ? { newId } : {});
    added++;
  }
  const globals = mergeImportedGlobals(state.globals, imported.globals);
  return { state: { ...state, globals: globals.globals }, added, present, globalsAdded: globals.added };
}

/** What importing a backup did, for the status line. */
export function backupImportMessage(result: {
  historyAdded: number;
  historyPresent: number;
  environments: EnvironmentsMerge;
}): string {
  const { historyAdded, historyPresent, environments } = result;
  const parts = [
    `${countOf(historyAdded, 'history entry', 'history entries')} (${historyPresent} already present)`,
    countOf(environments.added, 'environment', 'environments') +
      (environments.present > 0 ? ` (${environments.present} already present)` : ''),
  ];
  if (environments.globalsAdded > 0)
    parts.push(countOf(environments.globalsAdded, 'global variable', 'global variables'));
  parts.push('settings');
  return `Imported ${parts.join(', ')}.`;
}

/**
 * The HAR export's variable lookup for each entry: the environment it was sent
 * with (if it still exists; else none) over the current globals. Without
 * `includeSecrets`, secret variables stay as `{{name}}`.
 */
export function harLookup(
  state: EnvironmentsState,
  includeSecrets: boolean,
): (entry: HistoryEntry) => Lookup | undefined {
  const cache = new Map<string | null, Lookup>();
  return (entry) => {
    const id =
      entry.environmentId !== undefined && state.environments.some((e) => e.id === entry.environmentId)
        ? entry.environmentId
        : null;
    let lookup = cache.get(id);
    if (!lookup) {
      lookup = lookupFor({ ...state, activeId: id }, { includeSecrets });
      cache.set(id, lookup);
    }
    return lookup;
  };
}
