import { QueryRowsEditor } from '../../components/QueryRowsEditor.tsx';
import { withQuery, type EditorState } from './model.ts';

interface Props {
  state: EditorState;
  update: (change: (state: EditorState) => EditorState) => void;
}

/** The request URL's query parameters as rows (the shared editor), written back into the URL. */
export function QueryEditor({ state, update }: Props) {
  return <QueryRowsEditor rows={state.query} onChange={(rows) => update((s) => withQuery(s, rows))} />;
}
