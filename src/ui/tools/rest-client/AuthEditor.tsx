import { headerLines } from '../../../core/http/compose.ts';
import type { AuthKind, AuthState, EditorState } from './model.ts';

interface Props {
  state: EditorState;
  update: (change: (state: EditorState) => EditorState) => void;
  /** What "Inherit" gives this request: a sentence naming the auth and the folder or collection it comes from. */
  inherited?: string;
}

const KINDS: { id: AuthKind; label: string }[] = [
  { id: 'none', label: 'None' },
  { id: 'basic', label: 'Basic' },
  { id: 'bearer', label: 'Bearer token' },
  { id: 'apikey', label: 'API key' },
  { id: 'inherit', label: 'Inherit from folder or collection' },
];

/** Auth helpers: Basic and Bearer become an Authorization header, an API key a header or a query parameter. */
export function AuthEditor({ state, update, inherited }: Props) {
  const auth = state.auth;
  const set = (patch: Partial<AuthState>) => update((s) => ({ ...s, auth: { ...s.auth, ...patch } }));
  const written = headerLines(state.headers).map((h) => h.name.toLowerCase());
  const helperHeader =
    auth.kind === 'basic' || auth.kind === 'bearer'
      ? 'authorization'
      : auth.kind === 'apikey' && auth.keyIn === 'header'
        ? auth.keyName.trim().toLowerCase()
        : null;
  const overridden = helperHeader !== null && helperHeader !== '' && written.includes(helperHeader);
  const field = (label: string, value: string, onInput: (value: string) => void, placeholder = '') => (
    <label class="auth-field">
      <span>{label}</span>
      <input
        type="text"
        aria-label={label}
        class="kv-input"
        spellcheck={false}
        autoComplete="off"
        placeholder={placeholder}
        value={value}
        onInput={(e) => onInput(e.currentTarget.value)}
      />
    </label>
  );
  return (
    <div class="auth-part">
      <div class="part-tools">
        <label class="inline">
          <span>Auth type</span>
          <select
            aria-label="Auth type"
            value={auth.kind}
            onChange={(e) => set({ kind: e.currentTarget.value as AuthKind })}
          >
            {KINDS.map((k) => (
              <option key={k.id} value={k.id}>
                {k.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {auth.kind === 'none' && <p class="empty">No auth helper: add an Authorization header by hand if needed.</p>}
      {auth.kind === 'inherit' && (
        <p class="part-note" role="note">
          {inherited ??
            'Not in a collection: nothing to inherit, so no auth is sent. Save the request in a collection first.'}
        </p>
      )}
      {auth.kind === 'basic' && (
        <div class="auth-fields">
          {field('Username', auth.user, (user) => set({ user }))}
          <label class="auth-field">
            <span>Password</span>
            <input
              type="password"
              aria-label="Password"
              class="kv-input"
              autoComplete="off"
              value={auth.password}
              onInput={(e) => set({ password: e.currentTarget.value })}
            />
          </label>
        </div>
      )}
      {auth.kind === 'bearer' && (
        <div class="auth-fields">{field('Token', auth.token, (token) => set({ token }), 'eyJhbGciOi…')}</div>
      )}
      {auth.kind === 'apikey' && (
        <div class="auth-fields">
          {field('Key name', auth.keyName, (keyName) => set({ keyName }), 'X-API-Key')}
          {field('Key value', auth.keyValue, (keyValue) => set({ keyValue }))}
          <label class="auth-field">
            <span>Add to</span>
            <select
              aria-label="Add to"
              value={auth.keyIn}
              onChange={(e) => set({ keyIn: e.currentTarget.value as AuthState['keyIn'] })}
            >
              <option value="header">Header</option>
              <option value="query">Query parameter</option>
            </select>
          </label>
        </div>
      )}
      {overridden && (
        <p class="part-note" role="note">
          A header of the same name in Headers is sent instead of this one.
        </p>
      )}
      {auth.kind === 'apikey' && auth.keyIn === 'query' && (
        <p class="meta">The key is added to the URL’s query when the request is sent.</p>
      )}
    </div>
  );
}
