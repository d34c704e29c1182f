import { useMemo, useState } from 'preact/hooks';
import { substituteDraft, variablesInDraft } from '../../../core/env/draft.ts';
import { activeEnvironment, type EnvironmentsState } from '../../../core/env/state.ts';
import { ComposeError, composeRequest, type RequestDraft } from '../../../core/http/compose.ts';
import { base64ToBytes } from '../../../core/bytes.ts';

const MASK = '••••••';
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

const decoder = new TextDecoder();

/** The request as it would go out, secrets masked unless revealed. */
function preview(draft: RequestDraft, infos: readonly VariableInfo[], reveal: boolean): string {
  const values = new Map(infos.map((i) => [i.name, i.secret && !reveal ? MASK : i.value]));
  const { draft: resolved } = substituteDraft(draft, (name) => values.get(name));
  try {
    const request = composeRequest(resolved, 'preview', { boundary: '----preview-boundary' });
    const lines = [`${request.method} ${request.url}`, ...request.headers.map((h) => `${h.name}: ${h.value}`)];
    if (request.bodyBase64 !== undefined) {
      const bytes = base64ToBytes(request.bodyBase64);
      const shown = decoder.decode(bytes.subarray(0, 20_000));
      lines.push('', bytes.length > 20_000 ? `${shown}\n… (${bytes.length} bytes in all)` : shown);
    }
    return lines.join('\n');
  } catch (error) {
    if (error instanceof ComposeError) return `Cannot be sent yet: ${error.message}`;
    throw error;
  }
}

/**
 * The variables a request uses, each marked resolved (with its value, masked
 * when secret) or undefined, and a preview of the request with them
 * substituted. Shown only when the request uses variables.
 */
export function VariablesBar({ draft, state }: { draft: RequestDraft; state: EnvironmentsState | null }) {
  const [reveal, setReveal] = useState(false);
  const [open, setOpen] = useState(false);
  const infos = useMemo(() => describeVariables(draft, state), [draft, state]);
  if (infos.length === 0) return null;
  const hasSecrets = infos.some((i) => i.secret);
  return (
    <div class="variables-bar">
      <ul class="variable-chips" aria-label="Variables in this request">
        {infos.map((info) => (
          <li
            key={info.name}
            class={`variable-chip ${info.value === undefined ? 'unresolved' : 'resolved'}`}
            title={`Used in the ${info.places.join(', ')}`}
          >
            <code>{`{{${info.name}}}`}</code>
            {info.value === undefined ? (
              <span class="variable-state">not defined</span>
            ) : (
              <span class="variable-state">
                = <code>{info.secret && !reveal ? MASK : info.value === '' ? '""' : info.value}</code>
                <span class="variable-source"> ({info.source})</span>
              </span>
            )}
          </li>
        ))}
      </ul>
      <div class="variables-tools">
        {hasSecrets && (
          <button type="button" class="secondary small" aria-pressed={reveal} onClick={() => setReveal(!reveal)}>
            {reveal ? 'Hide secrets' : 'Reveal secrets'}
          </button>
        )}
        <button type="button" class="secondary small" aria-expanded={open} onClick={() => setOpen(!open)}>
          Preview resolved request
        </button>
      </div>
      {open && (
        <pre class="resolved-preview" aria-label="Resolved request">
          {preview(draft, infos, reveal)}
        </pre>
      )}
    </div>
  );
}
