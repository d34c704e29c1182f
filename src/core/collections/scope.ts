/**
 * What a saved request sends with: its variables, resolved across every
 * scope with the source of each value, and the auth it inherits.
 *
 * Precedence (the one Postman documents: the narrower scope wins, and the
 * environment is narrower than the collection), highest first:
 *
 *   active environment > request > innermost folder > … > outer folder > collection > globals
 *
 * So an environment switches a collection between servers (a collection's
 * `baseUrl` is a default the environment overrides, as in Postman), folder
 * and request variables refine the collection's, and globals are the last
 * resort. Within one scope the first enabled variable of a name counts;
 * disabled variables are as good as absent.
 */
import type { EnvironmentsState } from '../env/state.ts';
import { activeEnvironment } from '../env/state.ts';
import type { Lookup } from '../env/substitute.ts';
import type { AuthDraft } from '../http/compose.ts';
import type { Collection, CollectionVariable, FolderNode, InheritableAuth } from './types.ts';

export type ScopeKind = 'environment' | 'request' | 'folder' | 'collection' | 'globals';

/** Where a value came from: the kind of scope and its name (the environment's, folder's…). */
export interface ScopeSource {
  kind: ScopeKind;
  name: string;
}

export interface ResolvedVariable {
  name: string;
  value: string;
  secret: boolean;
  source: ScopeSource;
  /** Lower scopes that also define the name and lost (for the preview). */
  shadowed: ScopeSource[];
}

/** One scope: its source and its variables. */
export interface Scope {
  source: ScopeSource;
  variables: readonly CollectionVariable[];
}

/** Where a saved request sits, for resolving: its collection, the folders above it (outermost first), its own variables. */
export interface RequestContext {
  collection: Pick<Collection, 'name' | 'variables' | 'auth'>;
  folders: readonly Pick<FolderNode, 'name' | 'variables' | 'auth'>[];
  request?: { name: string; variables: readonly CollectionVariable[] };
}

/** The scopes in precedence order, highest first. */
export function scopesFor(context: RequestContext | null, environments: EnvironmentsState | null): Scope[] {
  const scopes: Scope[] = [];
  const env = environments ? activeEnvironment(environments) : undefined;
  if (env) scopes.push({ source: { kind: 'environment', name: env.name }, variables: env.variables });
  if (context) {
    if (context.request) {
      scopes.push({ source: { kind: 'request', name: context.request.name }, variables: context.request.variables });
    }
    for (const folder of [...context.folders].reverse()) {
      scopes.push({ source: { kind: 'folder', name: folder.name }, variables: folder.variables });
    }
    scopes.push({
      source: { kind: 'collection', name: context.collection.name },
      variables: context.collection.variables,
    });
  }
  if (environments) scopes.push({ source: { kind: 'globals', name: 'Globals' }, variables: environments.globals });
  return scopes;
}

/** Every variable name defined in any scope, resolved, with where its value came from. */
export function resolveScopes(scopes: readonly Scope[]): Map<string, ResolvedVariable> {
  const resolved = new Map<string, ResolvedVariable>();
  for (const scope of scopes) {
    const seenHere = new Set<string>();
    for (const variable of scope.variables) {
      const name = variable.key.trim();
      if (!variable.enabled || name === '' || seenHere.has(name)) continue;
      seenHere.add(name);
      const winner = resolved.get(name);
      if (winner) winner.shadowed.push(scope.source);
      else
        resolved.set(name, {
          name,
          value: variable.value,
          secret: variable.secret,
          source: scope.source,
          shadowed: [],
        });
    }
  }
  return resolved;
}

/**
 * The lookup for sending or previewing. With `includeSecrets: false` a name
 * whose winning value is secret resolves to undefined.
 */
export function scopedLookup(scopes: readonly Scope[], options: { includeSecrets?: boolean } = {}): Lookup {
  const resolved = resolveScopes(scopes);
  const withSecrets = options.includeSecrets ?? true;
  return (name) => {
    const found = resolved.get(name);
    if (!found || (found.secret && !withSecrets)) return undefined;
    return found.value;
  };
}

/** `[name, value]` of every enabled secret with a value in these scopes (to keep them out of history and code). */
export function scopeSecrets(scopes: readonly Scope[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (const scope of scopes) {
    for (const v of scope.variables) {
      const name = v.key.trim();
      if (v.secret && v.value !== '' && name !== '' && !pairs.some(([n, val]) => n === name && val === v.value)) {
        pairs.push([name, v.value]);
      }
    }
  }
  return pairs;
}

/** Where an inherited auth comes from. */
export interface InheritedAuth {
  auth: AuthDraft;
  /** The folder or collection that set it, or null when nothing above sets one. */
  from: ScopeSource | null;
}

/**
 * The auth a request inheriting its auth gets: the nearest folder above it
 * that sets one, else the collection's, else none.
 */
export function inheritedAuth(context: RequestContext): InheritedAuth {
  for (const folder of [...context.folders].reverse()) {
    if (folder.auth) return { auth: folder.auth, from: { kind: 'folder', name: folder.name } };
  }
  const own: InheritableAuth = context.collection.auth;
  return own
    ? { auth: own, from: { kind: 'collection', name: context.collection.name } }
    : { auth: { kind: 'none' }, from: null };
}

/** How a source reads in the preview: "environment Staging", "folder Users", "globals". */
export function describeSource(source: ScopeSource): string {
  return source.kind === 'globals' ? 'globals' : `${source.kind} "${source.name}"`;
}
