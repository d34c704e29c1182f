/**
 * Environments as the user manages them: a global set of variables, named
 * environments, and which one is active. Plain data and pure operations;
 * see store.ts for persistence.
 */
import { flatMap } from '../arrays.ts';
import { resolveScope, type Environment, type EnvironmentVariable, type Lookup } from './substitute.ts';
import { isObject, type Raw, kindOf } from '../shape.ts';

export const ENVIRONMENTS_SCHEMA = 1;

export interface EnvironmentsState {
  /** Variables every environment sees; an environment's own variable of the same name wins. */
  globals: EnvironmentVariable[];
  /** In the user's order. */
  environments: Environment[];
  /** The active environment's id, or null for none. */
  activeId: string | null;
}

export const EMPTY_ENVIRONMENTS: EnvironmentsState = { globals: [], environments: [], activeId: null };

/** A change to environments that cannot be made as asked; the message says why, for the user. */
export class EnvironmentError extends Error {
  override name = 'EnvironmentError';
}

/** What is kept in storage: the state plus the schema it was written with. */
export interface StoredEnvironments extends EnvironmentsState {
  schema: typeof ENVIRONMENTS_SCHEMA;
}

/** The longest environment name, in characters. */
export const MAX_NAME_LENGTH = 100;

/** The `setVariables` target meaning the global variables; no environment may use it as its id. */
export const GLOBALS = 'globals';

/** Why `raw` is not a variable, or null when it is one. */
function variableProblem(raw: unknown): string | null {
  if (!isObject(raw)) return `it is ${kindOf(raw)}, not an object`;
  if (typeof raw.key !== 'string') return 'its key is not a string';
  if (typeof raw.value !== 'string') return 'its value is not a string';
  if (typeof raw.secret !== 'boolean') return '"secret" is not true or false';
  if (typeof raw.enabled !== 'boolean') return '"enabled" is not true or false';
  return null;
}

const copyVariable = (v: EnvironmentVariable): EnvironmentVariable => ({
  key: v.key,
  value: v.value,
  secret: v.secret,
  enabled: v.enabled,
});

/** The readable variables of a stored list; each unreadable one is dropped with a notice. */
function readVariables(raw: unknown, owner: string, notices: string[]): EnvironmentVariable[] {
  if (!Array.isArray(raw)) {
    notices.push(`Dropped the variables of ${owner}: they are ${kindOf(raw)}, not a list.`);
    return [];
  }
  const variables: EnvironmentVariable[] = [];
  for (const [index, item] of raw.entries()) {
    const problem = variableProblem(item);
    if (problem) notices.push(`Dropped variable ${index + 1} of ${owner}: ${problem}.`);
    else variables.push(copyVariable(item as unknown as EnvironmentVariable));
  }
  return variables;
}

/**
 * Reads the state's fields from an object already known to be of the current
 * schema (or from a backup, which holds them without one).
 */
function readState(raw: Raw, notices: string[]): EnvironmentsState {
  const globals = raw.globals === undefined ? [] : readVariables(raw.globals, 'the globals', notices);
  const environments: Environment[] = [];
  if (raw.environments !== undefined && !Array.isArray(raw.environments)) {
    notices.push(`Dropped all environments: they are ${kindOf(raw.environments)}, not a list.`);
  }
  const list: unknown[] = Array.isArray(raw.environments) ? raw.environments : [];
  for (const [index, item] of list.entries()) {
    const label = `environment ${index + 1}`;
    if (!isObject(item)) {
      notices.push(`Dropped ${label}: it is ${kindOf(item)}, not an object.`);
      continue;
    }
    const named = typeof item.name === 'string' ? `${label} ("${item.name}")` : label;
    const { id, name } = item;
    if (typeof id !== 'string' || id === '') {
      notices.push(`Dropped ${named}: its id is missing or not a string.`);
    } else if (id === GLOBALS) {
      notices.push(`Dropped ${named}: its id "${GLOBALS}" is reserved for the global variables.`);
    } else if (environments.some((e) => e.id === id)) {
      notices.push(`Dropped ${named}: another environment already has its id "${id}".`);
    } else if (typeof name !== 'string') {
      notices.push(`Dropped ${named}: its name is not a string.`);
    } else {
      environments.push({ id, name, variables: readVariables(item.variables, `environment "${name}"`, notices) });
    }
  }
  let activeId: string | null = null;
  if (typeof raw.activeId === 'string') {
    if (environments.some((e) => e.id === raw.activeId)) activeId = raw.activeId;
    else notices.push(`The active environment (id "${raw.activeId}") does not exist; no environment is active.`);
  } else if (raw.activeId !== undefined && raw.activeId !== null) {
    notices.push(`The active environment id is ${kindOf(raw.activeId)}, not a string; no environment is active.`);
  }
  return { globals, environments, activeId };
}

/** The result of reading stored environments. */
export interface ParsedEnvironments {
  state: EnvironmentsState;
  /** What was dropped or could not be read, one sentence each. */
  notices: string[];
  /**
   * Set when the stored value could not be read as a whole (written by a newer
   * version, or not environments at all): writing over it would destroy it, so
   * the store refuses to. The text says why, for the user.
   */
  untouchable?: string;
}

/**
 * Reads stored environments (`{ schema, globals, environments, activeId }`)
 * from untrusted data. Each malformed variable or environment is dropped with
 * a notice that names it; an active id that names no environment becomes null.
 * Data from a newer schema, or that is not an object, gives the empty state
 * and an `untouchable` reason. Nothing stored (undefined or null) is simply
 * the empty state. A missing `schema` is read as the current one.
 */
export function parseEnvironmentsState(raw: unknown): ParsedEnvironments {
  if (raw === undefined || raw === null) return { state: EMPTY_ENVIRONMENTS, notices: [] };
  const refuse = (reason: string): ParsedEnvironments => ({
    state: EMPTY_ENVIRONMENTS,
    notices: [reason],
    untouchable: reason,
  });
  if (!isObject(raw)) {
    return refuse(`The stored environments are ${kindOf(raw)}, not an object, so they could not be read.`);
  }
  const { schema } = raw;
  if (schema !== undefined && schema !== ENVIRONMENTS_SCHEMA) {
    if (typeof schema === 'number' && Number.isInteger(schema) && schema > ENVIRONMENTS_SCHEMA) {
      return refuse(
        `The stored environments were written by a newer version of HTTP Workbench (schema ${schema}); ` +
          'they were left untouched. Update the extension to use them.',
      );
    }
    return refuse(
      `The stored environments have an unknown schema (${JSON.stringify(schema)}), so they could not be read.`,
    );
  }
  const notices: string[] = [];
  return { state: readState(raw, notices), notices };
}

/**
 * Reads environments saved without a schema field (a backup's), with the same
 * per-item notices as `parseEnvironmentsState`. Anything that is not an object
 * gives the empty state and a notice.
 */
export function parseEnvironmentsFields(raw: unknown): { state: EnvironmentsState; notices: string[] } {
  if (!isObject(raw)) {
    return {
      state: EMPTY_ENVIRONMENTS,
      notices: [`Dropped the environments: they are ${kindOf(raw)}, not an object.`],
    };
  }
  const notices: string[] = [];
  return { state: readState(raw, notices), notices };
}

/** The value to store for `state`. */
export function serializeEnvironments(state: EnvironmentsState): StoredEnvironments {
  return {
    schema: ENVIRONMENTS_SCHEMA,
    globals: state.globals.map(copyVariable),
    environments: state.environments.map((e) => ({ id: e.id, name: e.name, variables: e.variables.map(copyVariable) })),
    activeId: state.activeId,
  };
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The trimmed name, or an EnvironmentError saying why it cannot be used (`exceptId` may keep its own name). */
function checkName(state: EnvironmentsState, name: string, exceptId?: string): string {
  if (typeof name !== 'string') throw new EnvironmentError('An environment name must be text.');
  const trimmed = name.trim();
  if (trimmed === '') throw new EnvironmentError('An environment needs a name.');
  if (trimmed.length > MAX_NAME_LENGTH) {
    throw new EnvironmentError(
      `An environment name can be at most ${MAX_NAME_LENGTH} characters long (this one has ${trimmed.length}).`,
    );
  }
  if (state.environments.some((e) => e.id !== exceptId && sameName(e.name, trimmed))) {
    throw new EnvironmentError(`An environment named "${trimmed}" already exists.`);
  }
  return trimmed;
}

function checkNewId(state: EnvironmentsState, id: string): void {
  if (typeof id !== 'string' || id === '') throw new EnvironmentError('A new environment needs a non-empty id.');
  if (id === GLOBALS) throw new EnvironmentError(`The id "${GLOBALS}" is reserved for the global variables.`);
  if (state.environments.some((e) => e.id === id)) {
    throw new EnvironmentError(`An environment with the id "${id}" already exists.`);
  }
}

function indexOf(state: EnvironmentsState, id: string): number {
  const index = state.environments.findIndex((e) => e.id === id);
  if (index < 0) {
    throw new EnvironmentError(`The environment with id "${id}" does not exist (it may have been deleted elsewhere).`);
  }
  return index;
}

/**
 * `base + suffix(1)`, `base + suffix(2)`, … : the first that no environment
 * uses (case-insensitively), with `base` shortened so the name fits.
 */
function uniqueName(state: EnvironmentsState, base: string, suffix: (n: number) => string): string {
  for (let n = 1; ; n++) {
    const end = suffix(n);
    const name = `${base.slice(0, MAX_NAME_LENGTH - end.length).trimEnd()}${end}`;
    if (!state.environments.some((e) => sameName(e.name, name))) return name;
  }
}

/** The state with a new, empty environment named `name` at the end (not made active). */
export function createEnvironment(state: EnvironmentsState, name: string, id: string): EnvironmentsState {
  const checked = checkName(state, name);
  checkNewId(state, id);
  return { ...state, environments: [...state.environments, { id, name: checked, variables: [] }] };
}

/** The state with environment `id` renamed; a change of case alone is allowed. */
export function renameEnvironment(state: EnvironmentsState, id: string, name: string): EnvironmentsState {
  const index = indexOf(state, id);
  const checked = checkName(state, name, id);
  const environments = state.environments.map((e, i) => (i === index ? { ...e, name: checked } : e));
  return { ...state, environments };
}

/**
 * The state with a copy of environment `id` (named "X copy", "X copy 2", …)
 * right after the original, under `newId`. The active environment stays.
 */
export function duplicateEnvironment(state: EnvironmentsState, id: string, newId: string): EnvironmentsState {
  const index = indexOf(state, id);
  checkNewId(state, newId);
  const original = state.environments[index]!;
  const name = uniqueName(state, original.name, (n) => (n === 1 ? ' copy' : ` copy ${n}`));
  const copy: Environment = { id: newId, name, variables: original.variables.map(copyVariable) };
  const environments = [...state.environments];
  environments.splice(index + 1, 0, copy);
  return { ...state, environments };
}

/**
 * The state without environment `id`; when it was active, none is. Deleting
 * one that is already gone (another window deleted it) changes nothing.
 */
export function deleteEnvironment(state: EnvironmentsState, id: string): EnvironmentsState {
  return {
    ...state,
    environments: state.environments.filter((e) => e.id !== id),
    activeId: state.activeId === id ? null : state.activeId,
  };
}

/** The state with environment `id` active, or none for null. */
export function setActiveEnvironment(state: EnvironmentsState, id: string | null): EnvironmentsState {
  if (id !== null) indexOf(state, id);
  return { ...state, activeId: id };
}

/**
 * The state with the variables of `target` (`"globals"` or an environment id)
 * replaced by `variables`, in their order. Keys may repeat or be empty (rows
 * being edited); substitution uses the first enabled one with a key.
 */
export function setVariables(
  state: EnvironmentsState,
  target: typeof GLOBALS | string,
  variables: readonly EnvironmentVariable[],
): EnvironmentsState {
  if (!Array.isArray(variables)) throw new EnvironmentError('The variables must be a list.');
  for (const [index, variable] of variables.entries()) {
    const problem = variableProblem(variable);
    if (problem) throw new EnvironmentError(`Variable ${index + 1} cannot be saved: ${problem}.`);
  }
  const copies = variables.map(copyVariable);
  if (target === GLOBALS) return { ...state, globals: copies };
  const index = indexOf(state, target);
  const environments = state.environments.map((e, i) => (i === index ? { ...e, variables: copies } : e));
  return { ...state, environments };
}

/**
 * The state with an imported environment at the end. A name already in use
 * gets " (imported)", then " (imported 2)", …; an empty name becomes
 * "Imported"; an id already in use (or reserved) is replaced by `newId()`.
 */
export function addImportedEnvironment(
  state: EnvironmentsState,
  env: Environment,
  options: { newId?: () => string } = {},
): EnvironmentsState {
  if (!isObject(env)) throw new EnvironmentError('The imported environment is not an object.');
  if (typeof env.name !== 'string') throw new EnvironmentError('The imported environment has no name.');
  const variables = setVariables(EMPTY_ENVIRONMENTS, GLOBALS, env.variables).globals;
  const wanted = env.name.trim() === '' ? 'Imported' : env.name.trim().slice(0, MAX_NAME_LENGTH).trimEnd();
  const name = state.environments.some((e) => sameName(e.name, wanted))
    ? uniqueName(state, wanted, (n) => (n === 1 ? ' (imported)' : ` (imported ${n})`))
    : wanted;
  const taken = (id: string) => id === '' || id === GLOBALS || state.environments.some((e) => e.id === id);
  let id = typeof env.id === 'string' ? env.id : '';
  if (taken(id)) {
    id = (options.newId ?? (() => crypto.randomUUID()))();
    checkNewId(state, id);
  }
  return { ...state, environments: [...state.environments, { id, name, variables }] };
}

/** The active environment, or undefined when none is. */
export function activeEnvironment(state: EnvironmentsState): Environment | undefined {
  return state.activeId === null ? undefined : state.environments.find((e) => e.id === state.activeId);
}

/**
 * The lookup for a send: the active environment's enabled variables over the
 * enabled globals (see `resolveScope`). With `includeSecrets: false` a name
 * whose winning variable is secret resolves to undefined (a global of the same
 * name does not show through). Secrets are included by default.
 */
export function lookupFor(state: EnvironmentsState, options: { includeSecrets?: boolean } = {}): Lookup {
  const globals: Environment = { id: GLOBALS, name: 'Globals', variables: state.globals };
  const active = activeEnvironment(state);
  const values = resolveScope(globals, active);
  if (options.includeSecrets ?? true) return values;
  // The same precedence, applied to "is it secret" instead of the value.
  const flag = (env: Environment | undefined): Environment | undefined =>
    env && { ...env, variables: env.variables.map((v) => ({ ...v, value: v.secret ? 'secret' : '' })) };
  const secrecy = resolveScope(flag(globals), flag(active));
  return (name) => (secrecy(name) === 'secret' ? undefined : values(name));
}

/**
 * Every enabled secret variable with a key and a non-empty value, in globals
 * and in all environments (in that order), as `[name, value]` pairs; a pair
 * appears once, but a name may appear with several values. `includeDisabled`
 * adds disabled secrets too (for redacting an export, where any secret value
 * found should go).
 */
export function secretPairs(state: EnvironmentsState, options: { includeDisabled?: boolean } = {}): [string, string][] {
  const pairs: [string, string][] = [];
  for (const variable of [...state.globals, ...flatMap(state.environments, (e) => e.variables)]) {
    const name = variable.key.trim();
    const counts = variable.enabled || (options.includeDisabled ?? false);
    if (!variable.secret || !counts || name === '' || variable.value === '') continue;
    if (!pairs.some(([n, v]) => n === name && v === variable.value)) pairs.push([name, variable.value]);
  }
  return pairs;
}

/**
 * Name → value of the secrets `secretPairs` lists, for `redactSecrets`. When a
 * name has several values only the first is here; use `secretPairs` to catch
 * every value.
 */
export function secretValues(state: EnvironmentsState): Record<string, string> {
  // A Map first, so names like "constructor" or "__proto__" are plain keys.
  const values = new Map<string, string>();
  for (const [name, value] of secretPairs(state)) if (!values.has(name)) values.set(name, value);
  return Object.fromEntries(values);
}
