import type { EnvironmentsState } from '../../../core/env/state.ts';
import './environments.css';

interface Props {
  /** null while the environments are loading. */
  state: EnvironmentsState | null;
  onSelect(id: string | null): void;
  onManage(): void;
}

const NONE = '';

/** Picks the active environment for the REST client and opens the manager. */
export function EnvironmentBar(props: Props) {
  const { state } = props;
  const environments = state?.environments ?? [];
  // An active id whose environment is gone shows as "No environment", as sending treats it.
  const active = environments.some((env) => env.id === state?.activeId) ? state!.activeId! : NONE;
  return (
    <div class="env-bar">
      <select
        class="env-select"
        aria-label="Environment"
        title="Environment: {{variables}} come from it and from the globals"
        value={active}
        disabled={state === null}
        onChange={(e) => {
          const id = e.currentTarget.value;
          props.onSelect(id === NONE ? null : id);
        }}
      >
        <option value={NONE}>No environment</option>
        {environments.map((env) => (
          <option key={env.id} value={env.id}>
            {env.name}
          </option>
        ))}
      </select>
      <button
        type="button"
        class="icon-button env-manage"
        aria-label="Manage environments"
        title="Manage environments"
        onClick={props.onManage}
      >
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
          <g stroke="currentColor" stroke-width="1.5" stroke-linecap="round" fill="none">
            <path d="M2 4h6M12 4h2M2 8h1M7 8h7M2 12h7M13 12h1" />
            <circle cx="10" cy="4" r="2" />
            <circle cx="5" cy="8" r="2" />
            <circle cx="11" cy="12" r="2" />
          </g>
        </svg>
      </button>
    </div>
  );
}
