import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { VariableTable as Table } from './env-variables-store.ts';

/** Where the focus goes after the next render: a row's name field or remove button, or "Add variable". */
type FocusRow = { rowId: number; field: 'key' | 'remove' } | 'add' | null;

/**
 * The variables of the selected set: enabled, name, value (a password field
 * while secret and not revealed), secret, remove. The rows, their saving and
 * their merging with stored changes are the table store's.
 */
export function VariableTable({ table }: { table: Table }) {
  const rows = table.rows.value;
  const [focusRow, setFocusRow] = useState<FocusRow>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);

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
        onFocusIn={(e) => table.setEditingRow(rowOf(e.target))}
        onFocusOut={(e) => table.setEditingRow(rowOf(e.relatedTarget))}
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
            const masked = table.isMasked(row);
            return (
              <tr key={row.rowId} data-row={row.rowId} class={row.enabled ? undefined : 'kv-disabled'}>
                <td class="kv-check">
                  <input
                    type="checkbox"
                    aria-label="Enabled"
                    checked={row.enabled}
                    onChange={(e) => table.edit(row.rowId, { enabled: e.currentTarget.checked }, true)}
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
                    onInput={(e) => table.edit(row.rowId, { key: e.currentTarget.value }, false)}
                    onBlur={() => void table.flush()}
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
                      onInput={(e) => table.edit(row.rowId, { value: e.currentTarget.value }, false)}
                      onBlur={() => void table.flush()}
                    />
                    {row.secret && (
                      <button
                        type="button"
                        class="icon-button env-reveal"
                        aria-pressed={!masked}
                        aria-label={masked ? 'Reveal value' : 'Hide value'}
                        title={masked ? 'Reveal value' : 'Hide value'}
                        onClick={() => table.toggleReveal(row.rowId)}
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
                    onChange={(e) => table.setSecret(row.rowId, e.currentTarget.checked)}
                  />
                </td>
                <td class="kv-remove">
                  <button
                    type="button"
                    class="icon-button env-remove"
                    aria-label="Remove variable"
                    title="Remove variable"
                    onClick={() => {
                      const next = table.remove(row.rowId);
                      setFocusRow(next === 'add' ? 'add' : { rowId: next.rowId, field: 'remove' });
                    }}
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
      <button
        ref={addRef}
        type="button"
        class="link-button"
        onClick={() => setFocusRow({ rowId: table.add(), field: 'key' })}
      >
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
