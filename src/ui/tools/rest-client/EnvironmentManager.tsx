import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { parseEnvironmentsFile } from '../../../core/data/backup.ts';
import {
  addImportedEnvironment,
  createEnvironment,
  deleteEnvironment,
  duplicateEnvironment,
  GLOBALS,
  renameEnvironment,
  setActiveEnvironment,
  setVariables,
  type EnvironmentsState,
} from '../../../core/env/state.ts';
import { toPostmanEnvironment, type Environment, type EnvironmentVariable } from '../../../core/env/substitute.ts';
import {
  addedIds,
  environmentFileName,
  importedMessage,
  mergeRows,
  nextEnvironmentName,
  rebaseVariables,
  rowsFromVariables,
  variablesFromRows,
  type VariableRow,
} from './env-model.ts';
import './environments.css';

type Update = (change: (s: EnvironmentsState) => EnvironmentsState) => Promise<EnvironmentsState>;

interface Props {
  state: EnvironmentsState;
  /** Applies a change to the freshest stored state (the store serialises writers) and returns the result. */
  update: Update;
  /** Called once the dialog should go away (after pending edits are saved); the caller returns focus. */
  onClose(): void;
  download(name: string, mime: string, text: string): Promise<void>;
  newId?: () => string;
}

/** Saves whatever is typed but not stored yet; resolves false when saving failed (the error is shown). */
type Flush = () => Promise<boolean>;

/** Typing is saved this long after the last keystroke (and at once on blur or close). */
const SAVE_DELAY_MS = 300;

/** Environment files are a few kilobytes; anything this big is not one. */
const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

const tabId = (key: string) => `env-tab-${key}`;

/**
 * The environments dialog: globals and environments on the left, the selected
 * one's name, actions and variables on the right, Postman import and export.
 * Every edit goes through `update`; typing is debounced and flushed on blur
 * and on close, and local edit state is kept so a store round trip never
 * resets a field the user is typing in.
 */
export function EnvironmentManager(props: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  const flushers = useRef(new Set<Flush>());
  const closed = useRef(false);
  const closing = useRef(false);
  /** A close already failed to save; the next one closes regardless, so the dialog can never trap the user. */
  const closeFailed = useRef(false);

  // The newest state known here: the caller's, or the result of our own update if that came later.
  const [shown, setShownState] = useState(props.state);
  // The same, readable right after an await (closures hold the state of their render).
  const latest = useRef(props.state);
  const setShown = (state: EnvironmentsState) => {
    latest.current = state;
    setShownState(state);
  };
  useEffect(() => setShown(props.state), [props.state]);

  const initial = props.state.environments.some((e) => e.id === props.state.activeId) ? props.state.activeId : null;
  /** The selected environment's id, or GLOBALS. */
  const [selected, setSelected] = useState<string>(initial ?? GLOBALS);
  const [focusNameOf, setFocusNameOf] = useState<string | null>(null);
  const [focusTab, setFocusTab] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [includeSecrets, setIncludeSecrets] = useState(false);

  const env = selected === GLOBALS ? undefined : shown.environments.find((e) => e.id === selected);
  // The selected environment was deleted elsewhere: show the globals.
  useEffect(() => {
    if (selected !== GLOBALS && !env) setSelected(GLOBALS);
  }, [selected, env]);
  const current = env ? env.id : GLOBALS;

  // Layout effects for focus and registration: they run before the next key press is handled.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    tabRefs.current[current]?.focus();
    // Only on opening; the caller unmounts the dialog to close it.
  }, []);

  useLayoutEffect(() => {
    if (focusTab === null) return;
    setFocusTab(null);
    tabRefs.current[focusTab]?.focus();
  }, [focusTab]);

  const newId = () => (props.newId ?? (() => crypto.randomUUID()))();

  /** Runs a change through the store; shows its error (unless `quiet`: the caller shows it) and rethrows it. */
  const apply = async (
    change: (s: EnvironmentsState) => EnvironmentsState,
    quiet = false,
  ): Promise<EnvironmentsState> => {
    try {
      const next = await props.update(change);
      setShown(next);
      setError('');
      return next;
    } catch (e) {
      if (!quiet) setError(`Could not save: ${messageOf(e)}`);
      throw e;
    }
  };

  const flushAll = async (): Promise<boolean> => {
    const results = await Promise.all([...flushers.current].map((flush) => flush().catch(() => false)));
    return results.every(Boolean);
  };

  const register = (flush: Flush) => {
    flushers.current.add(flush);
    return () => flushers.current.delete(flush);
  };

  const finish = () => {
    if (closed.current) return;
    closed.current = true;
    props.onClose();
  };

  /** Saves what is pending, then closes; stays open showing the error if saving failed (a second try closes). */
  const requestClose = async () => {
    if (closing.current || closed.current) return;
    closing.current = true;
    const saved = await flushAll();
    closing.current = false;
    if (saved || closeFailed.current) {
      finish();
      return;
    }
    closeFailed.current = true;
    setStatus('Some changes could not be saved. Close again to discard them.');
  };

  const select = async (key: string) => {
    if (key === current) return;
    await flushAll();
    setStatus('');
    setSelected(key);
  };

  const keys = [GLOBALS, ...shown.environments.map((e) => e.id)];
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
    void select(target).then(() => tabRefs.current[target]?.focus());
  };

  const onNew = async () => {
    await flushAll();
    const id = newId();
    try {
      await apply((s) => createEnvironment(s, nextEnvironmentName(s.environments.map((e) => e.name)), id));
      setStatus('');
      setSelected(id);
      setFocusNameOf(id);
    } catch {
      // Shown by apply.
    }
  };

  const onImport = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    setStatus('');
    let imported: Environment[];
    try {
      if (file.size > MAX_IMPORT_BYTES) {
        throw new Error(`it is ${Math.round(file.size / 1024 / 1024)} MB, too big to be an environment file.`);
      }
      imported = parseEnvironmentsFile(await file.text(), { newId });
    } catch (e) {
      setError(`Could not import "${file.name}": ${messageOf(e)}`);
      return;
    } finally {
      // Lets the same file be chosen again after fixing it.
      input.value = '';
    }
    await flushAll();
    let before: Environment[] = [];
    try {
      const next = await props.update((s) => {
        before = s.environments;
        return imported.reduce((acc, one) => addImportedEnvironment(acc, one, { newId }), s);
      });
      setShown(next);
      setError('');
      const added = addedIds(before, next.environments);
      setStatus(importedMessage(next.environments.filter((e) => added.includes(e.id))));
      const last = added[added.length - 1];
      if (last !== undefined) setSelected(last);
    } catch (e) {
      setError(`Could not import "${file.name}": ${messageOf(e)}`);
    }
  };

  const onExport = async (id: string) => {
    // Pending edits first, so the file holds what the table shows.
    await flushAll();
    const target = latest.current.environments.find((e) => e.id === id);
    if (!target) return;
    try {
      const text = JSON.stringify(toPostmanEnvironment(target, { includeSecrets }), null, 2);
      await props.download(environmentFileName(target.name), 'application/json', text);
      const secrets = target.variables.some((v) => v.secret);
      setStatus(
        `Exported "${target.name}"${secrets ? (includeSecrets ? ' with its secret values' : ' without its secret values') : ''}.`,
      );
    } catch (e) {
      setError(`Could not export "${target.name}": ${messageOf(e)}`);
    }
  };

  const variables = env ? env.variables : shown.globals;

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
        void flushAll().finally(finish);
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
        <div class="env-sidebar">
          <div
            role="tablist"
            aria-label="Variable sets"
            aria-orientation="vertical"
            class="env-list"
            onKeyDown={onTabKey}
          >
            {keys.map((key) => {
              const item = key === GLOBALS ? undefined : shown.environments.find((e) => e.id === key);
              const isActive = item !== undefined && item.id === shown.activeId;
              return (
                <button
                  key={key}
                  ref={(el) => {
                    tabRefs.current[key] = el;
                  }}
                  type="button"
                  role="tab"
                  id={tabId(key)}
                  aria-controls="env-panel"
                  aria-selected={key === current}
                  aria-describedby={isActive ? 'env-active-note' : undefined}
                  tabIndex={key === current ? 0 : -1}
                  class={`env-tab${key === GLOBALS ? ' env-tab-globals' : ''}`}
                  onClick={() => void select(key)}
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
            <button type="button" class="secondary small" onClick={() => void onNew()}>
              <span aria-hidden="true">+ </span>New environment
            </button>
            <label class="secondary small file-button">
              Import…
              <input
                type="file"
                accept=".json,application/json"
                aria-label="Import Postman environment"
                onChange={(e) => void onImport(e.currentTarget)}
              />
            </label>
          </div>
        </div>
        <div role="tabpanel" id="env-panel" aria-labelledby={tabId(current)} class="env-panel">
          {env ? (
            <EnvironmentHeader
              key={env.id}
              env={env}
              active={env.id === shown.activeId}
              focusName={focusNameOf === env.id}
              onNameFocused={() => setFocusNameOf(null)}
              register={register}
              rename={(name) => apply((s) => renameEnvironment(s, env.id, name), true)}
              onDuplicate={async () => {
                await flushAll();
                const id = newId();
                try {
                  await apply((s) => duplicateEnvironment(s, env.id, id));
                  setSelected(id);
                  setFocusNameOf(id);
                } catch {
                  // Shown by apply.
                }
              }}
              onDelete={async () => {
                // Save pending edits first, so none is left to save into the deleted environment.
                await flushAll();
                try {
                  await apply((s) => deleteEnvironment(s, env.id));
                  setStatus(`Deleted "${env.name}".`);
                  setSelected(GLOBALS);
                  setFocusTab(GLOBALS);
                } catch {
                  // Shown by apply.
                }
              }}
              onActive={(on) => apply((s) => setActiveEnvironment(s, on ? env.id : null)).catch(() => undefined)}
              includeSecrets={includeSecrets}
              onIncludeSecrets={setIncludeSecrets}
              onExport={() => void onExport(env.id)}
            />
          ) : (
            <div class="env-header">
              <h3 class="env-globals-title">Globals</h3>
              <p class="meta">Variables every environment sees, and used when no environment is active.</p>
            </div>
          )}
          <VariablesEditor
            key={current}
            variables={variables}
            register={register}
            save={(rebase) =>
              apply((s) =>
                setVariables(
                  s,
                  current,
                  rebase(
                    current === GLOBALS ? s.globals : (s.environments.find((e) => e.id === current)?.variables ?? []),
                  ),
                ),
              )
            }
          />
        </div>
      </div>
      <p class="env-status" role="status" aria-label="Environment status">
        {status}
      </p>
      <p class="env-error" role="alert">
        {error}
      </p>
    </dialog>
  );
}

interface HeaderProps {
  env: Environment;
  active: boolean;
  focusName: boolean;
  onNameFocused(): void;
  register(flush: Flush): () => void;
  rename(name: string): Promise<EnvironmentsState>;
  onDuplicate(): void;
  onDelete(): void;
  onActive(on: boolean): void;
  includeSecrets: boolean;
  onIncludeSecrets(on: boolean): void;
  onExport(): void;
}

/** The selected environment's name field and actions. */
function EnvironmentHeader(props: HeaderProps) {
  const { env } = props;
  const [name, setName] = useState(env.name);
  const [nameError, setNameError] = useState('');
  const [confirming, setConfirming] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const editing = useRef(false);
  const nameNow = useRef(name);
  nameNow.current = name;

  // A rename from elsewhere shows, unless the user is typing or their text was refused.
  useEffect(() => {
    if (!editing.current && nameError === '') setName(env.name);
  }, [env.name]);

  useLayoutEffect(() => {
    if (!props.focusName) return;
    nameRef.current?.focus();
    nameRef.current?.select();
    props.onNameFocused();
  }, [props.focusName]);

  const commit = async (): Promise<boolean> => {
    // The field itself, not the last render: a blur right after a keystroke comes before that keystroke's render.
    const typed = nameRef.current?.value ?? nameNow.current;
    if (typed === env.name) {
      setNameError('');
      return true;
    }
    try {
      const next = await props.rename(typed);
      setNameError('');
      // Show the stored (trimmed) name unless the user typed on meanwhile.
      const stored = next.environments.find((e) => e.id === env.id)?.name;
      if (stored !== undefined && nameNow.current === typed) setName(stored);
      return true;
    } catch (e) {
      setNameError(messageOf(e));
      return false;
    }
  };

  useLayoutEffect(() => props.register(commit));

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
            value={name}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? errorId : undefined}
            onFocus={() => (editing.current = true)}
            onInput={(e) => setName(e.currentTarget.value)}
            onChange={() => void commit()}
            onBlur={() => (editing.current = false)}
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
        <button type="button" class="secondary small" onClick={() => props.onActive(!props.active)}>
          {props.active ? 'Deactivate' : 'Set active'}
        </button>
        <button type="button" class="secondary small" onClick={props.onDuplicate}>
          Duplicate
        </button>
        {confirming ? (
          <span class="confirm-row" role="group" aria-label="Confirm deletion">
            <span>Delete environment "{env.name}"?</span>
            <button type="button" class="secondary small danger" onClick={props.onDelete}>
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
        <span class="env-export">
          <button type="button" class="secondary small" onClick={props.onExport}>
            Export
          </button>
          <label class="check">
            <input
              type="checkbox"
              checked={props.includeSecrets}
              onChange={(e) => props.onIncludeSecrets(e.currentTarget.checked)}
            />
            Include secret values
          </label>
        </span>
      </div>
    </div>
  );
}

interface VariablesProps {
  /** The stored variables of the selected environment or the globals. */
  variables: readonly EnvironmentVariable[];
  register(flush: Flush): () => void;
  /** Stores the list `rebase` makes from the freshest stored one. */
  save(rebase: (fresh: readonly EnvironmentVariable[]) => EnvironmentVariable[]): Promise<EnvironmentsState>;
}

/** The variables table: local rows, saved debounced; stored changes merged into rows not being edited. */
function VariablesEditor(props: VariablesProps) {
  const ids = useRef(1);
  const nextId = () => ids.current++;
  const [rows, setRowsState] = useState<readonly VariableRow[]>(() => {
    const initial = rowsFromVariables(props.variables, 1);
    ids.current = initial.length + 1;
    return initial;
  });
  const rowsNow = useRef(rows);
  const setRows = (next: readonly VariableRow[]) => {
    rowsNow.current = next;
    setRowsState(next);
  };
  const [revealed, setRevealed] = useState<ReadonlySet<number>>(new Set());
  const [focusRow, setFocusRow] = useState<{ rowId: number; field: 'key' | 'remove' } | 'add' | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Edits not handed to the store yet. */
  const pending = useRef(false);
  /** Saves handed to the store and not finished. */
  const saving = useRef(0);
  /** The last save failed: keep the user's rows (and their text) rather than the store's. */
  const failed = useRef(false);
  /** The row holding the focus; its fields are never overwritten from the store. */
  const editingRow = useRef<number | null>(null);
  const [syncTick, setSyncTick] = useState(0);
  /**
   * The stored list the rows were last made from. Saving writes only what
   * differs from it, so changes made meanwhile in another window to other
   * variables are kept.
   */
  const baseRef = useRef<readonly EnvironmentVariable[]>(props.variables);
  const saveRef = useRef(props.save);
  saveRef.current = props.save;

  /** The newest save handed to the store; a flush with nothing new to save still waits for it. */
  const lastSave = useRef<Promise<unknown>>(Promise.resolve());

  const save = async (): Promise<boolean> => {
    saving.current++;
    try {
      const local = variablesFromRows(rowsNow.current);
      const base = baseRef.current;
      await saveRef.current((fresh) => rebaseVariables(base, local, fresh));
      // The rows now stand for what was saved: later edits are measured against it.
      baseRef.current = local;
      failed.current = false;
      return true;
    } catch {
      // The manager shows the error.
      failed.current = true;
      return false;
    } finally {
      saving.current--;
      if (saving.current === 0) setSyncTick((n) => n + 1);
    }
  };

  const flush: Flush = async () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (pending.current) {
      pending.current = false;
      lastSave.current = save();
    }
    await lastSave.current;
    return !failed.current;
  };
  const flushRef = useRef(flush);
  flushRef.current = flush;

  useLayoutEffect(() => props.register(() => flushRef.current()), []);
  // Leaving this table (another environment selected, or the dialog gone) saves what was typed.
  useEffect(() => () => void flushRef.current(), []);

  // Take stored changes, but never while edits are on their way, and never into the row being edited.
  useEffect(() => {
    if (pending.current || saving.current > 0 || failed.current) return;
    const merged = mergeRows(rowsNow.current, props.variables, editingRow.current, nextId);
    // The rows line up with the stored list again (unless kept apart while editing).
    if (variablesFromRows(merged).length === props.variables.length) baseRef.current = props.variables;
    if (merged !== rowsNow.current) setRows(merged);
  }, [props.variables, syncTick]);

  useLayoutEffect(() => {
    if (focusRow === null) return;
    setFocusRow(null);
    if (focusRow === 'add') {
      addRef.current?.focus();
      return;
    }
    const selector = focusRow.field === 'key' ? 'input[aria-label="Variable name"]' : 'button.env-remove';
    tableRef.current?.querySelector<HTMLElement>(`tr[data-row="${focusRow.rowId}"] ${selector}`)?.focus();
  }, [focusRow]);

  const edit = (rowId: number, patch: Partial<EnvironmentVariable>, now: boolean) => {
    setRows(rowsNow.current.map((row) => (row.rowId === rowId ? { ...row, ...patch } : row)));
    pending.current = true;
    clearTimeout(timer.current);
    if (now) void flush();
    else timer.current = setTimeout(() => void flushRef.current(), SAVE_DELAY_MS);
  };

  const remove = (rowId: number) => {
    const index = rowsNow.current.findIndex((row) => row.rowId === rowId);
    const next = rowsNow.current.filter((row) => row.rowId !== rowId);
    setRows(next);
    pending.current = true;
    void flush();
    // Focus goes to the row that took its place, else the one before, else "Add variable".
    const neighbour = next[index] ?? next[index - 1];
    setFocusRow(neighbour ? { rowId: neighbour.rowId, field: 'remove' } : 'add');
  };

  const add = () => {
    const row: VariableRow = { rowId: nextId(), key: '', value: '', secret: false, enabled: true };
    // A blank row is not stored until something is typed into it.
    setRows([...rowsNow.current, row]);
    setFocusRow({ rowId: row.rowId, field: 'key' });
  };

  const rowOf = (target: EventTarget | null): number | null => {
    const tr = target instanceof Element ? target.closest('tr[data-row]') : null;
    return tr ? Number(tr.getAttribute('data-row')) : null;
  };

  return (
    <div class="env-variables">
      <table
        ref={tableRef}
        class="kv-table env-table"
        aria-label="Variables"
        onFocusIn={(e) => {
          editingRow.current = rowOf(e.target);
        }}
        onFocusOut={(e) => {
          const into = rowOf(e.relatedTarget);
          editingRow.current = into;
          if (into === null) setSyncTick((n) => n + 1);
        }}
      >
        <thead>
          <tr>
            <th scope="col" class="kv-check">
              <span class="visually-hidden">Enabled</span>
            </th>
            <th scope="col">Key</th>
            <th scope="col">Value</th>
            <th scope="col" class="env-secret-col">
              Secret
            </th>
            <th scope="col" class="kv-remove">
              <span class="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const masked = row.secret && !revealed.has(row.rowId);
            return (
              <tr key={row.rowId} data-row={row.rowId} class={row.enabled ? undefined : 'kv-disabled'}>
                <td class="kv-check">
                  <input
                    type="checkbox"
                    aria-label="Enabled"
                    checked={row.enabled}
                    onChange={(e) => edit(row.rowId, { enabled: e.currentTarget.checked }, true)}
                  />
                </td>
                <td>
                  <input
                    type="text"
                    class="kv-input"
                    aria-label="Variable name"
                    placeholder="name"
                    spellcheck={false}
                    autoComplete="off"
                    value={row.key}
                    onInput={(e) => edit(row.rowId, { key: e.currentTarget.value }, false)}
                    onBlur={() => void flush()}
                  />
                </td>
                <td>
                  <span class="env-value">
                    {/* The value is only ever the input's property: never an attribute or text, even when masked. */}
                    <input
                      {...inputType(masked ? 'password' : 'text')}
                      class="kv-input"
                      aria-label="Variable value"
                      placeholder="value"
                      spellcheck={false}
                      autoComplete={row.secret ? 'new-password' : 'off'}
                      value={row.value}
                      onInput={(e) => edit(row.rowId, { value: e.currentTarget.value }, false)}
                      onBlur={() => void flush()}
                    />
                    {row.secret && (
                      <button
                        type="button"
                        class="icon-button env-reveal"
                        aria-pressed={!masked}
                        aria-label={masked ? 'Reveal value' : 'Hide value'}
                        title={masked ? 'Reveal value' : 'Hide value'}
                        onClick={() => {
                          const next = new Set(revealed);
                          if (masked) next.add(row.rowId);
                          else next.delete(row.rowId);
                          setRevealed(next);
                        }}
                      >
                        <EyeIcon crossed={!masked} />
                      </button>
                    )}
                    {!row.secret && <span class="env-reveal-space" aria-hidden="true" />}
                  </span>
                </td>
                <td class="env-secret-col">
                  <input
                    type="checkbox"
                    aria-label="Secret"
                    checked={row.secret}
                    onChange={(e) => {
                      const secret = e.currentTarget.checked;
                      // Marking a value secret hides it again.
                      if (secret && revealed.has(row.rowId)) {
                        const next = new Set(revealed);
                        next.delete(row.rowId);
                        setRevealed(next);
                      }
                      edit(row.rowId, { secret }, true);
                    }}
                  />
                </td>
                <td class="kv-remove">
                  <button
                    type="button"
                    class="icon-button env-remove"
                    aria-label="Remove variable"
                    title="Remove variable"
                    onClick={() => remove(row.rowId)}
                  >
                    ×
                  </button>
                </td>
              </tr>
            );
          })}
          {rows.length === 0 && (
            <tr class="kv-empty">
              <td colSpan={5}>No variables yet.</td>
            </tr>
          )}
        </tbody>
      </table>
      <button ref={addRef} type="button" class="link-button" onClick={add}>
        <span aria-hidden="true">+ </span>Add variable
      </button>
    </div>
  );
}

/**
 * The `type` of the value field. One element switches between password and
 * text (it keeps its node and caret); preact's types tie each input type to
 * its own attributes, so the union needs this one cast.
 */
function inputType(type: 'password' | 'text'): { type: 'text' } {
  return { type } as { type: 'text' };
}

function EyeIcon(props: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <g stroke="currentColor" stroke-width="1.4" fill="none" stroke-linecap="round">
        <path d="M1.5 8s2.4-4.5 6.5-4.5S14.5 8 14.5 8 12.1 12.5 8 12.5 1.5 8 1.5 8z" />
        <circle cx="8" cy="8" r="2" />
        {props.crossed && <path d="M2.5 13.5l11-11" />}
      </g>
    </svg>
  );
}
