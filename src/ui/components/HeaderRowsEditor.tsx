import type { ComponentChildren } from 'preact';
import { KeyValueTable } from './KeyValueTable.tsx';
import {
  bulkToHeaders,
  COMMON_CONTENT_TYPES,
  COMMON_HEADER_NAMES,
  headersToBulk,
  row,
  type Row,
} from './header-rows.ts';
import './components.css';

export interface HeaderRowsState {
  rows: Row[];
  /** Shown as `Name: value` text instead of the table. */
  bulk: boolean;
  bulkText: string;
}

interface Props extends HeaderRowsState {
  onChange(next: HeaderRowsState): void;
  /** Completions for header names (default: common request headers). */
  names?: readonly string[];
  /** Shown under the table (e.g. headers added at send time). */
  children?: ComponentChildren;
}

/**
 * Header rows with enable checkboxes and name completion, or all of them as
 * `Name: value` text (`//` keeps a line without sending it). Used by the REST
 * client and the WebSocket tool.
 */
export function HeaderRowsEditor({ rows, bulk, bulkText, onChange, names, children }: Props) {
  const setRows = (change: (rows: Row[]) => Row[]) => {
    const next = change(rows);
    onChange({ rows: next, bulk, bulkText: headersToBulk(next) });
  };
  return (
    <div class="headers-part">
      <div class="part-tools">
        <button
          type="button"
          class="secondary small"
          aria-pressed={bulk}
          onClick={() =>
            onChange(bulk ? { rows, bulk: false, bulkText } : { rows, bulk: true, bulkText: headersToBulk(rows) })
          }
        >
          Bulk edit
        </button>
      </div>
      {bulk ? (
        <label class="stacked">
          <span>
            One header per line as <code>Name: value</code>; start a line with <code>//</code> to keep it without
            sending it.
          </span>
          <textarea
            class="code-input"
            aria-label="Bulk headers"
            rows={8}
            spellcheck={false}
            value={bulkText}
            onInput={(e) => {
              const text = e.currentTarget.value;
              onChange({ rows: bulkToHeaders(text), bulk, bulkText: text });
            }}
          />
        </label>
      ) : (
        <KeyValueTable
          rows={rows}
          labels={{
            table: 'Headers',
            enabled: 'Send header',
            name: 'Header name',
            value: 'Header value',
            remove: 'Remove header',
            add: 'Add header',
            empty: 'No headers of your own.',
          }}
          nameSuggestions={names ?? COMMON_HEADER_NAMES}
          valueSuggestions={(r) => (r.name.trim().toLowerCase() === 'content-type' ? COMMON_CONTENT_TYPES : undefined)}
          onChange={(id, patch) => setRows((all) => all.map((r) => (r.id === id ? { ...r, ...patch } : r)))}
          onRemove={(id) => setRows((all) => all.filter((r) => r.id !== id))}
          onAdd={() => setRows((all) => [...all, row()])}
        />
      )}
      {children}
    </div>
  );
}
