import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { GLOBALS } from '../../../core/env/state.ts';
import { EnvironmentHeader } from './EnvironmentHeader.tsx';
import { EnvironmentList, envTabId, focusEnvTab } from './EnvironmentList.tsx';
import type { ManagerSession } from './rest-env-store.ts';
import { VariableTable } from './VariableTable.tsx';
import './environments.css';

interface Props {
  /** The manager's session in the environments store: selection, edits, saving, import and export. */
  session: ManagerSession;
  /** Called once the dialog should go away (after pending edits are saved); the caller returns focus. */
  onClose(): void;
}

/**
 * The environments dialog: globals and environments on the left, the selected
 * one's name, actions and variables on the right, Postman import and export.
 * The session does the work (typing is saved debounced and flushed before
 * anything else and on close); this dialog renders it and moves the focus.
 */
export function EnvironmentManager({ session, onClose }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [focusNameOf, setFocusNameOf] = useState<string | null>(null);
  const env = session.env.value;
  const current = session.current.value;
  const editing = session.editing.value;

  // Layout effect: the focus is placed before the next key press is handled.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    focusEnvTab(session.current.peek());
    // Only on opening; the caller unmounts the dialog to close it.
  }, []);

  const finish = () => {
    if (session.finish()) onClose();
  };

  /** Saves what is pending, then closes; stays open showing the error if saving failed (a second try closes). */
  const requestClose = async () => {
    if (await session.requestClose()) finish();
  };

  return (
    <dialog
      ref={dialogRef}
      class="env-dialog"
      aria-label="Environments"
      onCancel={(e) => {
        // Esc: save first, then close through the caller.
        e.preventDefault();
        void requestClose();
      }}
      onClose={() => {
        // The browser closed it anyway (a repeated Esc): still save, then tell the caller.
        void session.flushAll().finally(finish);
      }}
    >
      <div class="env-dialog-head">
        <h2>Environments</h2>
        <button type="button" class="secondary small" onClick={() => void requestClose()}>
          Close
        </button>
      </div>
      <p class="env-explain">
        Use <code>{'{{name}}'}</code> in the URL, query, headers, body or auth. The active environment wins over
        globals.
      </p>
      <div class="env-layout">
        <EnvironmentList session={session} onCreated={setFocusNameOf} />
        <div role="tabpanel" id="env-panel" aria-labelledby={envTabId(current)} class="env-panel">
          {env && editing.name ? (
            <EnvironmentHeader
              key={env.id}
              session={session}
              env={env}
              name={editing.name}
              active={env.id === session.shown.value.activeId}
              focusName={focusNameOf === env.id}
              onNameFocused={() => setFocusNameOf(null)}
              onDuplicated={setFocusNameOf}
              onDeleted={() => setTimeout(() => focusEnvTab(GLOBALS))}
            />
          ) : (
            <div class="env-header">
              <h3 class="env-globals-title">Globals</h3>
              <p class="meta">Variables every environment sees, and used when no environment is active.</p>
            </div>
          )}
          <VariableTable key={editing.key} table={editing.table} />
        </div>
      </div>
      <p class="env-status" role="status" aria-label="Environment status">
        {session.status.value}
      </p>
      <p class="env-error" role="alert">
        {session.error.value}
      </p>
    </dialog>
  );
}
