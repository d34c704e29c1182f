/**
 * How the variables a request uses resolve (active environment, then a saved
 * request's own, folder and collection variables, then the globals: see
 * src/core/collections/scope.ts), and the sentence that stops a send when
 * some are undefined. Pure, so the editor store and the variables bar share it.
 */
import { resolveScopes, scopesFor, type RequestContext, type ScopeSource } from '../../../core/collections/scope.ts';
import { variablesInDraft } from '../../../core/env/draft.ts';
import type { EnvironmentsState } from '../../../core/env/state.ts';
import type { RequestDraft } from '../../../core/http/compose.ts';

export const MASK = '••••••';
const PLACE_LABELS = { url: 'URL', header: 'headers', body: 'body', auth: 'auth' } as const;

export interface VariableInfo {
  name: string;
  /** Where the request uses it. */
  places: string[];
  /** Undefined when no enabled variable of this name is in scope. */
  value?: string;
  secret: boolean;
  /** Where the value comes from: "Globals", the environment's name, `collection "API"`, `folder "Users"`, "this request". */
  source?: string;
  /** Other scopes defining the name, overridden by `source`. */
  overrides?: string[];
}

/** How a scope reads next to a value. */
export function sourceLabel(source: ScopeSource): string {
  switch (source.kind) {
    case 'globals':
      return 'Globals';
    case 'environment':
      return source.name;
    case 'request':
      return 'this request';
    default:
      return `${source.kind} "${source.name}"`;
  }
}

/**
 * How each variable the request uses resolves: the active environment, then
 * (for a saved request) its own, its folders' and its collection's
 * variables, then the globals.
 */
export function describeVariables(
  draft: RequestDraft,
  state: EnvironmentsState | null,
  context: RequestContext | null = null,
): VariableInfo[] {
  const resolved = resolveScopes(scopesFor(context, state));
  const byName = new Map<string, VariableInfo>();
  for (const { name, where } of variablesInDraft(draft)) {
    let info = byName.get(name);
    if (!info) {
      info = { name, places: [], secret: false };
      const found = resolved.get(name);
      if (found) {
        Object.assign(info, {
          value: found.value,
          secret: found.secret,
          source: sourceLabel(found.source),
          overrides: found.shadowed.map(sourceLabel),
        });
      }
      byName.set(name, info);
    }
    const place = PLACE_LABELS[where as keyof typeof PLACE_LABELS] ?? where;
    if (!info.places.includes(place)) info.places.push(place);
  }
  return [...byName.values()];
}

/** The sentence that stops a send: every undefined variable and where it is used. */
export function unresolvedMessage(
  infos: readonly VariableInfo[],
  environmentName: string | undefined,
  collectionName?: string,
): string | null {
  const missing = infos.filter((i) => i.value === undefined);
  if (missing.length === 0) return null;
  const list = missing.map((i) => `{{${i.name}}} (${i.places.join(', ')})`).join(', ');
  const base = environmentName ? `the "${environmentName}" environment or Globals` : 'Globals or an environment';
  const scope = collectionName ? `the collection "${collectionName}", ${base}` : base;
  return `Not sent: ${missing.length === 1 ? 'this variable is' : 'these variables are'} not defined: ${list}. Define ${missing.length === 1 ? 'it' : 'them'} in ${scope}.`;
}
