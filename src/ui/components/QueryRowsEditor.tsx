import { editQueryRow } from '../../core/http/query.ts';
import { KeyValueTable } from './KeyValueTable.tsx';
import { queryRow, type QueryRowState } from './header-rows.ts';

interface Props {
  rows: readonly QueryRowState[];
  /** The rows after an edit; the caller writes them into its URL (`writeQueryRows`). */
  onChange(rows: QueryRowState[]): void;
}

/**
 * The query parameters of a URL as rows (the REST client's and the WebSocket
 * tool's). Editing a row rewrites only that parameter (encoded: `%20` for
 * space, `%26`, `%3D`, `%25`, `%23`, `%2B`, UTF-8 escapes for non-ASCII);
 * disabled rows leave the URL and stay here.
 */
export function QueryRowsEditor({ rows, onChange }: Props) {
  return (
    <KeyValueTable
      rows={rows}
      labels={{
        table: 'Query parameters',
        enabled: 'Include parameter',
        name: 'Parameter name',
        value: 'Parameter value',
        remove: 'Remove parameter',
        add: 'Add parameter',
        empty: 'No query parameters. Add one here or type it in the URL.',
      }}
      onChange={(id, patch) =>
        onChange(
          rows.map((row) => {
            if (row.id !== id) return row;
            const edited = editQueryRow(row, { name: patch.name, value: patch.value });
            return patch.enabled === undefined ? edited : { ...edited, enabled: patch.enabled };
          }),
        )
      }
      onRemove={(id) => onChange(rows.filter((row) => row.id !== id))}
      onAdd={() => onChange([...rows, queryRow()])}
    />
  );
}
