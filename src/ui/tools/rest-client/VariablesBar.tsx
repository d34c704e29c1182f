import { useMemo, useState } from 'preact/hooks';
import { substituteDraft } from '../../../core/env/draft.ts';
import type { RequestContext } from '../../../core/collections/scope.ts';
import type { EnvironmentsState } from '../../../core/env/state.ts';
import { ComposeError, composeRequest, type RequestDraft } from '../../../core/http/compose.ts';
import { base64ToBytes } from '../../../core/bytes.ts';
import { describeVariables, MASK, type VariableInfo } from './variables-view.ts';

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
export function VariablesBar({
  draft,
  state,
  context = null,
}: {
  draft: RequestDraft;
  state: EnvironmentsState | null;
  /** A saved request's place: its own, folder and collection variables count too. */
  context?: RequestContext | null;
}) {
  const [reveal, setReveal] = useState(false);
  const [open, setOpen] = useState(false);
  const infos = useMemo(() => describeVariables(draft, state, context), [draft, state, context]);
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
                <span class="variable-source">
                  {' '}
                  (from {info.source}
                  {info.overrides && info.overrides.length > 0 ? `, over ${info.overrides.join(', ')}` : ''})
                </span>
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
