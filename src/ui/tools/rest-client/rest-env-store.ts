/**
 * The REST client's environments: the stored state (kept current as any page
 * changes it), the active environment, and the manager dialog's session
 * (which set is selected, its name and variables being edited, create,
 * duplicate, delete, import and export, the status and error lines). Every
 * change goes through the injected EnvironmentsService, which applies it to
 * the freshest stored state; typing is saved debounced and flushed before
 * anything else happens and on close. No DOM: focus is the components' part.
 */
import { batch, computed, effect, signal, untracked, type ReadonlySignal } from '@preact/signals';
import { parseEnvironmentsFile } from '../../../core/data/backup.ts';
import {
  activeEnvironment,
  addImportedEnvironment,
  createEnvironment,
  deleteEnvironment,
  duplicateEnvironment,
  EMPTY_ENVIRONMENTS,
  GLOBALS,
  renameEnvironment,
  setActiveEnvironment,
  setVariables,
  type EnvironmentsState,
} from '../../../core/env/state.ts';
import { toPostmanEnvironment, type Environment, type EnvironmentVariable } from '../../../core/env/substitute.ts';
import type { EnvironmentsService } from '../../services.ts';
import { addedIds, environmentFileName, importedMessage, nextEnvironmentName } from './env-model.ts';
import { createVariableTable, type VariableTable } from './env-variables-store.ts';

/** Environment files are a few kilobytes; anything this big is not one. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

type Change = (state: EnvironmentsState) => EnvironmentsState;

export interface EnvironmentsStoreDeps {
  environments: EnvironmentsService;
  /** Offers a file to save (an export). */
  download(name: string, mime: string, text: string): Promise<void>;
  /** Problems outside the dialog (reading, switching), for the page to show. */
  notify(message: string): void;
  newId?: () => string;
  saveDelayMs?: number;
}

export type EnvironmentsStore = ReturnType<typeof createEnvironmentsStore>;
export type ManagerSession = ReturnType<typeof createManagerSession>;

export function createEnvironmentsStore(deps: EnvironmentsStoreDeps) {
  /** null while loading. */
  const state = signal<EnvironmentsState | null>(null);
  const active = computed(() => (state.value ? activeEnvironment(state.value) : undefined));
  /** The manager dialog's session while it is open. */
  const manager = signal<ManagerSession | null>(null);

  /** Applies a change to the freshest stored state; the result is shown at once. Throws the change's errors. */
  const update = async (change: Change): Promise<EnvironmentsState> => {
    const next = await deps.environments.update(change);
    state.value = next;
    return next;
  };

  return {
    state,
    active,
    manager,
    update,

    /** Loads the state, then follows every page's changes; returns the function that stops. */
    start(): () => void {
      let live = true;
      deps.environments
        .load()
        .then(({ state: loaded, notices }) => {
          if (!live) return;
          state.value = loaded;
          for (const notice of notices) deps.notify(notice);
        })
        .catch((error: Error) => deps.notify(`Could not read the environments: ${error.message}`));
      const stop = deps.environments.subscribe((next) => (state.value = next));
      return () => {
        live = false;
        stop();
      };
    },

    /** Makes an environment active (null: none). */
    select(id: string | null): Promise<void> {
      return update((s) => setActiveEnvironment(s, id)).then(
        () => undefined,
        (error: Error) => deps.notify(`Could not switch environments: ${error.message}`),
      );
    },

    /** Opens the manager (once the state is loaded); returns its session. */
    openManager(): ManagerSession | null {
      if (!state.peek()) return null;
      manager.value ??= createManagerSession({ ...deps, state, update });
      return manager.peek();
    },

    /** Closes the manager; what was typed is still saved. */
    closeManager() {
      const session = manager.peek();
      manager.value = null;
      void session?.dispose();
    },
  };
}

/** The name being edited, for the selected environment. */
function createNameField(
  id: string,
  shown: ReadonlySignal<EnvironmentsState>,
  update: (change: Change) => Promise<EnvironmentsState>,
) {
  const env = computed(() => shown.value.environments.find((e) => e.id === id));
  const text = signal(env.peek()?.name ?? '');
  const error = signal('');
  let editing = false;
  // A rename from elsewhere shows, unless the user is typing or their text was refused.
  const stop = effect(() => {
    const name = env.value?.name;
    if (name !== undefined && !editing && untracked(() => error.value) === '') text.value = name;
  });
  return {
    text,
    error,
    setText: (value: string) => (text.value = value),
    setEditing: (on: boolean) => (editing = on),
    /**
     * Stores the name typed (`typed`: the field's own value, which may be ahead
     * of `text` when a change event comes before the input event); false (the
     * reason in `error`) when it was refused.
     */
    async commit(typed = text.peek()): Promise<boolean> {
      text.value = typed;
      if (typed === env.peek()?.name) {
        error.value = '';
        return true;
      }
      try {
        const next = await update((s) => renameEnvironment(s, id, typed));
        error.value = '';
        // Show the stored (trimmed) name unless the user typed on meanwhile.
        const stored = next.environments.find((e) => e.id === id)?.name;
        if (stored !== undefined && text.peek() === typed) text.value = stored;
        return true;
      } catch (e) {
        error.value = messageOf(e);
        return false;
      }
    },
    dispose: stop,
  };
}

export type NameField = ReturnType<typeof createNameField>;

/** What is edited for one selected set: its name (not for the globals) and its variables. */
interface SelectionEditor {
  key: string;
  name: NameField | null;
  table: VariableTable;
}

function createManagerSession(
  deps: EnvironmentsStoreDeps & {
    state: ReadonlySignal<EnvironmentsState | null>;
    update(change: Change): Promise<EnvironmentsState>;
  },
) {
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const shown = computed(() => deps.state.value ?? EMPTY_ENVIRONMENTS);
  const start = shown.peek();
  /** The selected environment's id, or GLOBALS. */
  const selected = signal<string>(start.environments.some((e) => e.id === start.activeId) ? start.activeId! : GLOBALS);
  // An environment deleted elsewhere: the globals show instead.
  const current = computed(() =>
    selected.value !== GLOBALS && shown.value.environments.some((e) => e.id === selected.value)
      ? selected.value
      : GLOBALS,
  );
  const env = computed(() => shown.value.environments.find((e) => e.id === current.value));
  const status = signal('');
  const error = signal('');
  const includeSecrets = signal(false);
  let closed = false;
  let closing = false;
  /** A close already failed to save; the next one closes regardless, so the dialog can never trap the user. */
  let closeFailed = false;

  /** Runs a change through the store; shows its error (unless `quiet`: the caller shows it) and rethrows it. */
  const apply = async (change: Change, quiet = false): Promise<EnvironmentsState> => {
    try {
      const next = await deps.update(change);
      error.value = '';
      return next;
    } catch (e) {
      if (!quiet) error.value = `Could not save: ${messageOf(e)}`;
      throw e;
    }
  };

  const editorFor = (key: string): SelectionEditor => {
    const stored = computed<readonly EnvironmentVariable[]>(() =>
      key === GLOBALS ? shown.value.globals : (shown.value.environments.find((e) => e.id === key)?.variables ?? []),
    );
    return {
      key,
      name: key === GLOBALS ? null : createNameField(key, shown, (change) => apply(change, true)),
      table: createVariableTable({
        stored,
        saveDelayMs: deps.saveDelayMs,
        save: (rebase) =>
          apply((s) =>
            setVariables(
              s,
              key,
              rebase(key === GLOBALS ? s.globals : (s.environments.find((e) => e.id === key)?.variables ?? [])),
            ),
          ),
      }),
    };
  };

  const editing = signal<SelectionEditor>(editorFor(current.peek()));
  // Another set selected (or the selected one gone): its edits are saved and a fresh editor takes over.
  const stopFollow = effect(() => {
    const key = current.value;
    const before = untracked(() => editing.value);
    if (before.key === key) return;
    before.name?.dispose();
    void before.table.dispose();
    editing.value = editorFor(key);
  });

  /** Saves whatever is typed but not stored yet; false when some of it could not be saved (the error shows). */
  const flushAll = async (): Promise<boolean> => {
    const { name, table } = editing.peek();
    const results = await Promise.all([name ? name.commit() : true, table.flush().catch(() => false)]);
    return results.every(Boolean);
  };

  /** Selects a set, saving the edits of the one shown first. */
  const select = async (key: string) => {
    if (key === current.peek()) return;
    await flushAll();
    batch(() => {
      status.value = '';
      selected.value = key;
    });
  };

  return {
    shown,
    selected,
    current,
    env,
    status,
    error,
    includeSecrets,
    /** The name field and variables table of the selected set. */
    editing,
    /** The tab order: the globals, then every environment. */
    keys: computed(() => [GLOBALS, ...shown.value.environments.map((e) => e.id)]),

    select,
    flushAll,

    /** A new environment ("New environment", "… 2"…), selected; returns its id, or null when it failed. */
    async create(): Promise<string | null> {
      await flushAll();
      const id = newId();
      try {
        await apply((s) => createEnvironment(s, nextEnvironmentName(s.environments.map((e) => e.name)), id));
      } catch {
        return null;
      }
      batch(() => {
        status.value = '';
        selected.value = id;
      });
      return id;
    },

    /** A copy of the selected environment, selected; returns its id, or null when it failed. */
    async duplicate(): Promise<string | null> {
      const source = current.peek();
      await flushAll();
      const id = newId();
      try {
        await apply((s) => duplicateEnvironment(s, source, id));
      } catch {
        return null;
      }
      selected.value = id;
      return id;
    },

    /** Deletes the selected environment (its pending edits saved first); true when it is gone. */
    async remove(): Promise<boolean> {
      const target = env.peek();
      if (!target) return false;
      await flushAll();
      try {
        await apply((s) => deleteEnvironment(s, target.id));
      } catch {
        return false;
      }
      batch(() => {
        status.value = `Deleted "${target.name}".`;
        selected.value = GLOBALS;
      });
      return true;
    },

    /** Makes the selected environment active, or none. */
    setActive(on: boolean): Promise<void> {
      const id = current.peek();
      return apply((s) => setActiveEnvironment(s, on ? id : null)).then(
        () => undefined,
        () => undefined,
      );
    },

    /** Adds the environments of a Postman file (one or a list) and selects the last one added. */
    async importFile(file: { name: string; size: number; text(): Promise<string> }): Promise<void> {
      status.value = '';
      let imported: Environment[];
      try {
        if (file.size > MAX_IMPORT_BYTES) {
          throw new Error(`it is ${Math.round(file.size / 1024 / 1024)} MB, too big to be an environment file.`);
        }
        imported = parseEnvironmentsFile(await file.text(), { newId });
      } catch (e) {
        error.value = `Could not import "${file.name}": ${messageOf(e)}`;
        return;
      }
      await flushAll();
      let before: Environment[] = [];
      try {
        const next = await deps.update((s) => {
          before = s.environments;
          return imported.reduce((acc, one) => addImportedEnvironment(acc, one, { newId }), s);
        });
        const added = addedIds(before, next.environments);
        const last = added[added.length - 1];
        batch(() => {
          error.value = '';
          status.value = importedMessage(next.environments.filter((e) => added.includes(e.id)));
          if (last !== undefined) selected.value = last;
        });
      } catch (e) {
        error.value = `Could not import "${file.name}": ${messageOf(e)}`;
      }
    },

    /** Offers the selected environment as a Postman file, its secret values only if `includeSecrets`. */
    async exportSelected(): Promise<void> {
      const id = current.peek();
      // Pending edits first, so the file holds what the table shows.
      await flushAll();
      const target = shown.peek().environments.find((e) => e.id === id);
      if (!target) return;
      const withSecrets = includeSecrets.peek();
      try {
        const text = JSON.stringify(toPostmanEnvironment(target, { includeSecrets: withSecrets }), null, 2);
        await deps.download(environmentFileName(target.name), 'application/json', text);
        const secrets = target.variables.some((v) => v.secret);
        status.value = `Exported "${target.name}"${secrets ? (withSecrets ? ' with its secret values' : ' without its secret values') : ''}.`;
      } catch (e) {
        error.value = `Could not export "${target.name}": ${messageOf(e)}`;
      }
    },

    /**
     * Saves what is pending and says whether the dialog may close: not when
     * saving failed (the status says so), except on a second try.
     */
    async requestClose(): Promise<boolean> {
      if (closing || closed) return false;
      closing = true;
      const saved = await flushAll();
      closing = false;
      if (saved || closeFailed) return true;
      closeFailed = true;
      status.value = 'Some changes could not be saved. Close again to discard them.';
      return false;
    },

    /** Marks the dialog closed; true the first time only, so the page is told once. */
    finish(): boolean {
      if (closed) return false;
      closed = true;
      return true;
    },

    /** Stops following the store; the variables typed but not saved yet are saved. */
    async dispose(): Promise<void> {
      stopFollow();
      const { name, table } = editing.peek();
      name?.dispose();
      await table.dispose();
    },
  };
}
