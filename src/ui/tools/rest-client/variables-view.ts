/**
 * How the variables a request uses resolve (active environment, then the
 * globals), and the sentence that stops a send when some are undefined.
 * Pure, so the editor store and the variables bar share it.
 */
import { variablesInDraft } from '../../../core/env/draft.ts';
import { activeEnvironment, type EnvironmentsState } from '../../../core/env/state.ts';
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
  /** "Globals" or the environment's name. */
  source?: string;
}

/** How each variable the request uses resolves in the active environment, then the globals. */
export function describeVariables(draft: RequestDraft, state: EnvironmentsState | null): VariableInfo[] {
  const active = state ? activeEnvironment(state) : undefined;
  const scopes = [
    ...(active ? [{ source: active.name, variables: active.variables }] : []),
    { source: 'Globals', variables: state?.globals ?? [] },
  ];
  const byName = new Map<string, VariableInfo>();
  for (const { name, where } of variablesInDraft(draft)) {
    let info = byName.get(name);
    if (!info) {
      info = { name, places: [], secret: false };
      for (const scope of scopes) {
        const found = scope.variables.find((v) => v.enabled && v.key.trim() === name);
        if (found) {
          Object.assign(info, { value: found.value, secret: found.secret, source: scope.source });
          break;
        }
      }
      byName.set(name, info);
    }
    const place = PLACE_LABELS[where as keyof typeof PLACE_LABELS] ?? where;
    if (!info.places.includes(place)) info.places.push(place);
  }
  return [...byName.values()];
}

/** The sentence that stops a send: every undefined variable and where it is used. */
export function unresolvedMessage(infos: readonly VariableInfo[], environmentName: string | undefined): string | null {
  const missing = infos.filter((i) => i.value === undefined);
  if (missing.length === 0) return null;
  const list = missing.map((i) => `{{${i.name}}} (${i.places.join(', ')})`).join(', ');
  const scope = environmentName ? `the "${environmentName}" environment or Globals` : 'Globals or an environment';
  return `Not sent: ${missing.length === 1 ? 'this variable is' : 'these variables are'} not defined: ${list}. Define ${missing.length === 1 ? 'it' : 'them'} in ${scope}.`;
}
