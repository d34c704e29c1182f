import { blankQueryRow, editQueryRow } from '../../../core/http/query.ts';
import { KeyValueTable } from '../../components/KeyValueTable.tsx';
import { nextId, withQuery, type EditorState, type QueryRowState } from './model.ts';

interface Props {
  state: EditorState;
  update: (change: (state: EditorState) => EditorState) => void;
}

/**
 * The query parameters of the URL as rows. Editing a row rewrites only that
 * parameter in the URL (encoded: `%20` for space, `%26`, `%3D`, `%25`, `%23`,
 * `%2B`, UTF-8 escapes for non-ASCII); disabled rows leave the URL and stay here.
 */
export function QueryEditor({ state, update }: Props) {
  const change = (id: number, patch: Partial<QueryRowState>) =>
    update((s) =>
      withQuery(
        s,
        s.query.map((row) => {
          if (row.id !== id) return row;
          const edited = editQueryRow(row, { name: patch.name, value: patch.value });
          return patch.enabled === undefined ? edited : { ...edited, enabled: patch.enabled };
        }),
      ),
    );
  return (
    <KeyValueTable
      rows={state.query}
      labels={{
        table: 'Query parameters',
        enabled: 'Include parameter',
        name: 'Parameter name',
        value: 'Parameter value',
        remove: 'Remove parameter',
        add: 'Add parameter',
        empty: 'No query parameters. Add one here or type it in the URL.',
      }}
      onChange={change}
      onRemove={(id) =>
        update((s) =>
          withQuery(
            s,
            s.query.filter((row) => row.id !== id),
          ),
        )
      }
      onAdd={() => update((s) => ({ ...s, query: [...s.query, { ...blankQueryRow(), id: nextId() }] }))}
    />
  );
}
