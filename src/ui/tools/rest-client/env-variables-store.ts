/**
 * The environment manager's variables table as a store: the rows the user
 * edits (stable row ids), which secret values are revealed, and saving:
 * typing is saved SAVE_DELAY_MS after the last keystroke (at once for a box
 * ticked or a row removed, and on `flush`), only what the user changed is
 * written over the freshest stored list, and stored changes from elsewhere
 * are merged into the rows, never into the row being edited.
 */
import { batch, effect, signal, type ReadonlySignal } from '@preact/signals';
import type { EnvironmentVariable } from '../../../core/env/substitute.ts';
import { mergeRows, rebaseVariables, rowsFromVariables, variablesFromRows, type VariableRow } from './env-model.ts';

/** Typing is saved this long after the last keystroke (and at once on blur or close). */
export const SAVE_DELAY_MS = 300;

/** Where the focus should go after a row is removed: a row's remove button, or "Add variable". */
export type FocusAfterRemove = { rowId: number } | 'add';

export type VariableTable = ReturnType<typeof createVariableTable>;

export function createVariableTable(options: {
  /** The stored variables of the set being edited. */
  stored: ReadonlySignal<readonly EnvironmentVariable[]>;
  /** Stores the list `rebase` makes from the freshest stored one; rejects when that failed (the caller shows why). */
  save(rebase: (fresh: readonly EnvironmentVariable[]) => EnvironmentVariable[]): Promise<unknown>;
  saveDelayMs?: number;
}) {
  const delay = options.saveDelayMs ?? SAVE_DELAY_MS;
  const initial = options.stored.peek();
  let lastRowId = 0;
  const nextId = () => ++lastRowId;
  const rows = signal<readonly VariableRow[]>(rowsFromVariables(initial, 1));
  lastRowId = initial.length;
  /** Secret rows whose value is shown. */
  const revealed = signal<ReadonlySet<number>>(new Set());
  /** Bumped when a save ends or editing stops: stored changes held back meanwhile are taken then. */
  const syncTick = signal(0);

  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Edits not handed to the store yet. */
  let pending = false;
  /** Saves handed to the store and not finished. */
  let saving = 0;
  /** The last save failed: keep the user's rows (and their text) rather than the store's. */
  let failed = false;
  /** The row holding the focus; its fields are never overwritten from the store. */
  let editingRow: number | null = null;
  /**
   * The stored list the rows were last made from. Saving writes only what
   * differs from it, so changes made meanwhile in another window to other
   * variables are kept.
   */
  let base: readonly EnvironmentVariable[] = initial;
  /** The newest save handed to the store; a flush with nothing new to save still waits for it. */
  let lastSave: Promise<unknown> = Promise.resolve();

  const save = async (): Promise<boolean> => {
    saving++;
    try {
      const local = variablesFromRows(rows.peek());
      const from = base;
      await options.save((fresh) => rebaseVariables(from, local, fresh));
      // The rows now stand for what was saved: later edits are measured against it.
      base = local;
      failed = false;
      return true;
    } catch {
      failed = true;
      return false;
    } finally {
      saving--;
      if (saving === 0) syncTick.value++;
    }
  };

  /** Saves what is typed but not stored yet; resolves false when saving failed. */
  const flush = async (): Promise<boolean> => {
    clearTimeout(timer);
    timer = undefined;
    if (pending) {
      pending = false;
      lastSave = save();
    }
    await lastSave;
    return !failed;
  };

  // Take stored changes, but never while edits are on their way, and never into the row being edited.
  const stopSync = effect(() => {
    const stored = options.stored.value;
    void syncTick.value;
    if (pending || saving > 0 || failed) return;
    const current = rows.peek();
    const merged = mergeRows(current, stored, editingRow, nextId);
    // The rows line up with the stored list again (unless kept apart while editing).
    if (variablesFromRows(merged).length === stored.length) base = stored;
    if (merged !== current) rows.value = merged;
  });

  const edit = (rowId: number, patch: Partial<EnvironmentVariable>, now: boolean) => {
    rows.value = rows.peek().map((row) => (row.rowId === rowId ? { ...row, ...patch } : row));
    pending = true;
    clearTimeout(timer);
    if (now) void flush();
    else timer = setTimeout(() => void flush(), delay);
  };

  const setRevealed = (rowId: number, on: boolean) => {
    const next = new Set(revealed.peek());
    if (on) next.add(rowId);
    else next.delete(rowId);
    revealed.value = next;
  };

  return {
    rows,
    revealed,
    /** Whether a row's value is hidden: a secret not revealed. */
    isMasked: (row: VariableRow) => row.secret && !revealed.value.has(row.rowId),

    /** Changes a row; `now` saves at once (a box ticked), else a moment after the last keystroke. */
    edit,
    /** Marks a value secret or not; marking it secret hides it again. */
    setSecret(rowId: number, secret: boolean) {
      batch(() => {
        if (secret) setRevealed(rowId, false);
        edit(rowId, { secret }, true);
      });
    },
    toggleReveal: (rowId: number) => setRevealed(rowId, !revealed.peek().has(rowId)),

    /** A blank row at the end; it is not stored until something is typed into it. Returns its id. */
    add(): number {
      const row: VariableRow = { rowId: nextId(), key: '', value: '', secret: false, enabled: true };
      rows.value = [...rows.peek(), row];
      return row.rowId;
    },

    /** Removes a row and saves; returns where the focus should go (the row that took its place, else the one before). */
    remove(rowId: number): FocusAfterRemove {
      const current = rows.peek();
      const index = current.findIndex((row) => row.rowId === rowId);
      const next = current.filter((row) => row.rowId !== rowId);
      rows.value = next;
      pending = true;
      void flush();
      const neighbour = next[index] ?? next[index - 1];
      return neighbour ? { rowId: neighbour.rowId } : 'add';
    },

    /** The row holding the focus (null: none); leaving the table takes stored changes held back meanwhile. */
    setEditingRow(rowId: number | null) {
      editingRow = rowId;
      if (rowId === null) syncTick.value++;
    },

    flush,

    /** Stops following the store, saving what was typed. */
    dispose(): Promise<boolean> {
      stopSync();
      return flush();
    },
  };
}
