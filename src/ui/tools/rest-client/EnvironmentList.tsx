import { GLOBALS } from '../../../core/env/state.ts';
import { ImportButton } from './EnvironmentTransfer.tsx';
import type { ManagerSession } from './rest-env-store.ts';

/** The id of a set's tab in the manager (the panel is labelled by it, the manager focuses it). */
export const envTabId = (key: string) => `env-tab-${key}`;

export const focusEnvTab = (key: string) => document.getElementById(envTabId(key))?.focus();

/**
 * The manager's left side: Globals and every environment as a vertical tab
 * list (the active one marked), then New environment and Import.
 */
export function EnvironmentList({ session, onCreated }: { session: ManagerSession; onCreated(id: string): void }) {
  const shown = session.shown.value;
  const current = session.current.value;
  const keys = session.keys.value;

  // Up/Down (and Home/End) move between the entries of the vertical tab list.
  const onTabKey = (event: KeyboardEvent) => {
    const index = keys.indexOf(current);
    const target =
      event.key === 'ArrowDown'
        ? keys[(index + 1) % keys.length]
        : event.key === 'ArrowUp'
          ? keys[(index - 1 + keys.length) % keys.length]
          : event.key === 'Home'
            ? keys[0]
            : event.key === 'End'
              ? keys[keys.length - 1]
              : undefined;
    if (target === undefined) return;
    event.preventDefault();
    void session.select(target).then(() => focusEnvTab(target));
  };

  return (
    <div class="env-sidebar">
      <div role="tablist" aria-label="Variable sets" aria-orientation="vertical" class="env-list" onKeyDown={onTabKey}>
        {keys.map((key) => {
          const item = key === GLOBALS ? undefined : shown.environments.find((e) => e.id === key);
          const isActive = item !== undefined && item.id === shown.activeId;
          return (
            <button
              key={key}
              type="button"
              role="tab"
              id={envTabId(key)}
              aria-controls="env-panel"
              aria-selected={key === current}
              aria-describedby={isActive ? 'env-active-note' : undefined}
              tabIndex={key === current ? 0 : -1}
              class={`env-tab${key === GLOBALS ? ' env-tab-globals' : ''}`}
              onClick={() => void session.select(key)}
            >
              <span class="env-tab-name">{item ? item.name : 'Globals'}</span>
              {isActive && (
                <span class="env-active-dot" aria-hidden="true" title="Active">
                  ●
                </span>
              )}
            </button>
          );
        })}
      </div>
      <span id="env-active-note" hidden>
        Active environment
      </span>
      <div class="env-sidebar-actions">
        <button
          type="button"
          class="secondary small"
          onClick={() =>
            void session.create().then((id) => {
              if (id !== null) onCreated(id);
            })
          }
        >
          <span aria-hidden="true">+ </span>New environment
        </button>
        <ImportButton session={session} />
      </div>
    </div>
  );
}
