import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { SuggestInput } from './SuggestInput.tsx';
import './components.css';

/** Names of one table's controls, as a screen reader announces them (the same for every row). */
export interface KeyValueLabels {
  table: string;
  enabled: string;
  name: string;
  value: string;
  remove: string;
  add: string;
  /** Shown in the table while it has no rows. */
  empty: string;
}

export interface KeyValueItem {
  id: number;
  enabled: boolean;
  name: string;
  value: string;
}

interface Props<T extends KeyValueItem> {
  rows: readonly T[];
  labels: KeyValueLabels;
  onChange: (id: number, patch: Partial<T>) => void;
  onRemove: (id: number) => void;
  onAdd: () => void;
  /** Completions for the name field. */
  nameSuggestions?: readonly string[];
  /** Completions for the value field, per row. */
  valueSuggestions?: (row: T) => readonly string[] | undefined;
  /** Replaces the value cell (multipart rows pick files). */
  renderValue?: (row: T) => ComponentChildren;
  /** Extra cell after the name (multipart: text or file). */
  renderExtra?: (row: T) => ComponentChildren;
  namePlaceholder?: string;
}

/**
 * A table of name/value rows with enable checkboxes, used for query
 * parameters, headers, form fields and multipart parts. Every row's controls
 * have the same accessible names; rows are told apart by their order.
 */
export function KeyValueTable<T extends KeyValueItem>(props: Props<T>) {
  const { rows, labels, onChange, onRemove, onAdd } = props;
  // After "Add", the new row's name field takes the focus.
  const tableRef = useRef<HTMLTableElement>(null);
  const [added, setAdded] = useState(false);
  useEffect(() => {
    if (!added) return;
    setAdded(false);
    tableRef.current?.querySelector<HTMLInputElement>('tbody tr:last-child input[type="text"]')?.focus();
  }, [added, rows.length]);
  return (
    <div class="kv">
      <table class="kv-table" aria-label={labels.table} ref={tableRef}>
        <thead>
          <tr>
            <th scope="col" class="kv-check">
              <span class="visually-hidden">{labels.enabled}</span>
            </th>
            <th scope="col">Name</th>
            {props.renderExtra && (
              <th scope="col" class="kv-extra">
                Type
              </th>
            )}
            <th scope="col">Value</th>
            <th scope="col" class="kv-remove">
              <span class="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} class={row.enabled ? undefined : 'kv-disabled'}>
              <td class="kv-check">
                <input
                  type="checkbox"
                  aria-label={labels.enabled}
                  checked={row.enabled}
                  onChange={(e) => onChange(row.id, { enabled: e.currentTarget.checked } as Partial<T>)}
                />
              </td>
              <td>
                <SuggestInput
                  class="kv-input"
                  label={labels.name}
                  placeholder={props.namePlaceholder ?? 'Name'}
                  value={row.name}
                  suggestions={props.nameSuggestions ?? []}
                  onValue={(name) => onChange(row.id, { name } as Partial<T>)}
                />
              </td>
              {props.renderExtra && <td class="kv-extra">{props.renderExtra(row)}</td>}
              <td>
                {props.renderValue ? (
                  props.renderValue(row)
                ) : (
                  <SuggestInput
                    class="kv-input"
                    label={labels.value}
                    placeholder="Value"
                    value={row.value}
                    suggestions={props.valueSuggestions?.(row) ?? []}
                    onValue={(value) => onChange(row.id, { value } as Partial<T>)}
                  />
                )}
              </td>
              <td class="kv-remove">
                <button
                  type="button"
                  class="icon-button"
                  aria-label={labels.remove}
                  title={labels.remove}
                  onClick={() => onRemove(row.id)}
                >
                  ×
                </button>
              </td>
            </tr>
          ))}
          {rows.length === 0 && (
            <tr class="kv-empty">
              <td colSpan={props.renderExtra ? 5 : 4}>{labels.empty}</td>
            </tr>
          )}
        </tbody>
      </table>
      <button
        type="button"
        class="link-button"
        onClick={() => {
          onAdd();
          setAdded(true);
        }}
      >
        <span aria-hidden="true">+ </span>
        {labels.add}
      </button>
    </div>
  );
}
