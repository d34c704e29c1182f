import { useEffect, useMemo, useState } from 'preact/hooks';
import type { ShellApi, ToolMeta, ToolView } from '../tools/types.ts';
import { loadedView, loadView } from '../tools/views.ts';
import type { ShellStore } from './store.ts';

/** Loads a tool's view the first time it is opened, then renders it with what the shell offers it. */
export function ToolHost({ tool, active, store }: { tool: ToolMeta; active: boolean; store: ShellStore }) {
  const [view, setView] = useState<{ View: ToolView } | { error: string } | null>(() => {
    const View = loadedView(tool.id);
    return View ? { View } : null;
  });
  useEffect(() => {
    if (view && 'View' in view) return;
    let live = true;
    loadView(tool.id)
      .then((View) => live && setView({ View }))
      .catch((error: Error) => live && setView({ error: error.message }));
    return () => {
      live = false;
    };
  }, [tool.id]);

  const shell: ShellApi = useMemo(
    () => ({
      open: (intent) => void store.open(intent),
      navigate: (id, params) => store.navigate(id, params),
      notify: (message) => store.notify(message),
    }),
    [store],
  );

  if (view === null)
    return (
      <p class="tool-loading" role="status">
        Loading {tool.title}…
      </p>
    );
  if ('error' in view)
    return (
      <p role="alert" class="error">
        {tool.title} could not be loaded: {view.error}. Reload the page to try again.
      </p>
    );
  const { View } = view;
  return (
    <View
      shell={shell}
      active={active}
      params={store.params.value[tool.id] ?? {}}
      setParams={(params) => store.setParams(tool.id, params)}
      inbox={store.inboxes.value[tool.id]}
    />
  );
}
