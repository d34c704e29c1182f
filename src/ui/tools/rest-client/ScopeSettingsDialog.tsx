import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { CollectionVariable, InheritableAuth } from '../../../core/collections/model.ts';
import type { AuthDraft } from '../../../core/http/compose.ts';

interface Props {
  /** "collection" or "folder", and its name, for the title. */
  kind: 'collection' | 'folder';
  name: string;
  variables: CollectionVariable[];
  auth: InheritableAuth;
  error: string | null;
  onSave(variables: CollectionVariable[], auth: InheritableAuth): void;
  onCancel(): void;
}

type AuthChoice = 'inherit' | AuthDraft['kind'];

interface Row extends CollectionVariable {
  id: number;
}
let lastRow = 0;

/**
 * A collection's or folder's variables and the auth its requests inherit.
 * Secret values are password fields. A folder may inherit its parent's auth;
 * a collection's "no auth" is the end of the chain.
 */
export function ScopeSettingsDialog(props: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const [rows, setRows] = useState<Row[]>(() => props.variables.map((v) => ({ ...v, id: ++lastRow })));
  const initial = props.auth;
  const [choice, setChoice] = useState<AuthChoice>(
    initial === null ? (props.kind === 'folder' ? 'inherit' : 'none') : initial.kind,
  );
  const [user, setUser] = useState(initial?.kind === 'basic' ? initial.user : '');
  const [password, setPassword] = useState(initial?.kind === 'basic' ? initial.password : '');
  const [token, setToken] = useState(initial?.kind === 'bearer' ? initial.token : '');
  const [keyName, setKeyName] = useState(initial?.kind === 'apikey' ? initial.name : '');
  const [keyValue, setKeyValue] = useState(initial?.kind === 'apikey' ? initial.value : '');
  const [keyIn, setKeyIn] = useState<'header' | 'query'>(initial?.kind === 'apikey' ? initial.in : 'header');

  useLayoutEffect(() => {
    if (ref.current && !ref.current.open) ref.current.showModal();
  }, []);

  const set = (id: number, patch: Partial<Row>) =>
    setRows((all) => all.map((r) => (r.id === id ? { ...r, ...patch } : r)));
  const auth = (): InheritableAuth => {
    switch (choice) {
      case 'inherit':
        return null;
      case 'none':
        return props.kind === 'collection' ? null : { kind: 'none' };
      case 'basic':
        return { kind: 'basic', user, password };
      case 'bearer':
        return { kind: 'bearer', token };
      case 'apikey':
        return { kind: 'apikey', name: keyName, value: keyValue, in: keyIn };
    }
  };
  const text = (label: string, value: string, onInput: (v: string) => void, secret = false) => (
    <label>
      <span>{label}</span>
      <MaybeSecret secret={secret} value={value} onInput={onInput} />
    </label>
  );

  return (
    <dialog
      ref={ref}
      class="save-dialog scope-dialog"
      aria-labelledby="scope-dialog-title"
      onCancel={(e) => {
        e.preventDefault();
        props.onCancel();
      }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          props.onSave(
            rows
              .filter((r) => r.key.trim() !== '' || r.value !== '')
              .map(({ key, value, secret, enabled }) => ({ key, value, secret, enabled })),
            auth(),
          );
        }}
      >
        <h2 id="scope-dialog-title">
          Variables and auth of {props.kind} “{props.name}”
        </h2>
        <table class="scope-variables">
          <caption>Variables</caption>
          <thead>
            <tr>
              <th scope="col">On</th>
              <th scope="col">Name</th>
              <th scope="col">Value</th>
              <th scope="col">Secret</th>
              <th scope="col">
                <span class="sr-only-text">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={row.id}>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Variable ${i + 1} enabled`}
                    checked={row.enabled}
                    onChange={(e) => set(row.id, { enabled: e.currentTarget.checked })}
                  />
                </td>
                <td>
                  <input
                    aria-label={`Variable ${i + 1} name`}
                    value={row.key}
                    onInput={(e) => set(row.id, { key: e.currentTarget.value })}
                  />
                </td>
                <td>
                  <MaybeSecret
                    label={`Variable ${i + 1} value`}
                    secret={row.secret}
                    value={row.value}
                    onInput={(value) => set(row.id, { value })}
                  />
                </td>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Variable ${i + 1} secret`}
                    checked={row.secret}
                    onChange={(e) => set(row.id, { secret: e.currentTarget.checked })}
                  />
                </td>
                <td>
                  <button
                    type="button"
                    class="secondary small"
                    aria-label={`Remove variable ${i + 1}`}
                    onClick={() => setRows((all) => all.filter((r) => r.id !== row.id))}
                  >
                    ×
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <button
          type="button"
          class="secondary small"
          onClick={() =>
            setRows((all) => [...all, { id: ++lastRow, key: '', value: '', secret: false, enabled: true }])
          }
        >
          Add variable
        </button>
        <label>
          <span>Auth its requests inherit</span>
          <select value={choice} onChange={(e) => setChoice(e.currentTarget.value as AuthChoice)}>
            {props.kind === 'folder' && <option value="inherit">Inherit from the parent</option>}
            <option value="none">No auth</option>
            <option value="basic">Basic</option>
            <option value="bearer">Bearer token</option>
            <option value="apikey">API key</option>
          </select>
        </label>
        {choice === 'basic' && (
          <>
            {text('Username', user, setUser)}
            {text('Password', password, setPassword, true)}
          </>
        )}
        {choice === 'bearer' && text('Token', token, setToken)}
        {choice === 'apikey' && (
          <>
            {text('Key name', keyName, setKeyName)}
            {text('Key value', keyValue, setKeyValue)}
            <label>
              <span>Add to</span>
              <select value={keyIn} onChange={(e) => setKeyIn(e.currentTarget.value as 'header' | 'query')}>
                <option value="header">Header</option>
                <option value="query">Query parameter</option>
              </select>
            </label>
          </>
        )}
        <p class="meta">Use {'{{name}}'} in these fields to keep a secret in a secret variable.</p>
        {props.error && (
          <p class="error" role="alert">
            {props.error}
          </p>
        )}
        <div class="save-dialog-actions">
          <button type="submit">Save settings</button>
          <button type="button" class="secondary" onClick={props.onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** A text field, or a password field when the value is secret (never shown in the markup as text). */
function MaybeSecret(props: { label?: string; secret: boolean; value: string; onInput(value: string): void }) {
  const common = {
    'aria-label': props.label,
    autoComplete: 'off',
    value: props.value,
    onInput: (e: { currentTarget: HTMLInputElement }) => props.onInput(e.currentTarget.value),
  };
  return props.secret ? <input type="password" {...common} /> : <input type="text" {...common} />;
}
