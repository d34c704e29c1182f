import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { Environment } from '../../../core/env/substitute.ts';
import { ExportControls } from './EnvironmentTransfer.tsx';
import type { ManagerSession, NameField } from './rest-env-store.ts';

interface Props {
  session: ManagerSession;
  env: Environment;
  name: NameField;
  active: boolean;
  /** Focus (and select) the name field once, then call `onNameFocused`. */
  focusName: boolean;
  onNameFocused(): void;
  /** A copy was made (and selected): its name gets the focus. */
  onDuplicated(id: string): void;
  /** The environment is gone: the focus goes to the Globals tab. */
  onDeleted(): void;
}

/** The selected environment's name field and actions: active, duplicate, delete (confirmed), export. */
export function EnvironmentHeader(props: Props) {
  const { session, env, name } = props;
  const [confirming, setConfirming] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const nameError = name.error.value;

  useLayoutEffect(() => {
    if (!props.focusName) return;
    nameRef.current?.focus();
    nameRef.current?.select();
    props.onNameFocused();
  }, [props.focusName]);

  useLayoutEffect(() => {
    if (confirming) cancelRef.current?.focus();
  }, [confirming]);

  const errorId = `env-name-error-${env.id}`;
  return (
    <div class="env-header">
      <div class="env-name-row">
        <label class="env-name">
          <span>Name</span>
          <input
            ref={nameRef}
            type="text"
            class="kv-input"
            aria-label="Environment name"
            spellcheck={false}
            autoComplete="off"
            value={name.text.value}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? errorId : undefined}
            onFocus={() => name.setEditing(true)}
            onInput={(e) => name.setText(e.currentTarget.value)}
            onChange={(e) => void name.commit(e.currentTarget.value)}
            onBlur={() => name.setEditing(false)}
          />
        </label>
        {props.active && <span class="env-badge">Active</span>}
      </div>
      {nameError && (
        <p id={errorId} class="field-error" role="alert">
          {nameError}
        </p>
      )}
      <div class="env-actions">
        {/* One button whose text flips, so focus stays on it. */}
        <button type="button" class="secondary small" onClick={() => void session.setActive(!props.active)}>
          {props.active ? 'Deactivate' : 'Set active'}
        </button>
        <button
          type="button"
          class="secondary small"
          onClick={() =>
            void session.duplicate().then((id) => {
              if (id !== null) props.onDuplicated(id);
            })
          }
        >
          Duplicate
        </button>
        {confirming ? (
          <span class="confirm-row" role="group" aria-label="Confirm deletion">
            <span>Delete environment "{env.name}"?</span>
            <button
              type="button"
              class="secondary small danger"
              onClick={() =>
                void session.remove().then((gone) => {
                  if (gone) props.onDeleted();
                })
              }
            >
              Delete
            </button>
            <button
              ref={cancelRef}
              type="button"
              class="secondary small"
              onClick={() => {
                setConfirming(false);
                setTimeout(() => deleteRef.current?.focus());
              }}
            >
              Cancel
            </button>
          </span>
        ) : (
          <button ref={deleteRef} type="button" class="secondary small" onClick={() => setConfirming(true)}>
            Delete
          </button>
        )}
        <ExportControls session={session} />
      </div>
    </div>
  );
}
