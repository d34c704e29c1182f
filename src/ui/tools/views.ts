import type { PaletteCommand, ToolView } from './types.ts';

/**
 * Each tool's view is `<id>/View.tsx`, split into its own chunk and loaded the
 * first time the tool opens, so the panel's first paint carries no tool code
 * however many tools there are.
 */
const VIEWS = import.meta.glob<{ default: ToolView }>('./*/View.tsx');

/** Optional palette searches, `<id>/palette.ts`, loaded when the palette first opens. */
const PALETTES = import.meta.glob<{ search(query: string): PaletteCommand[] }>('./*/palette.ts');

export function hasView(id: string): boolean {
  return `./${id}/View.tsx` in VIEWS;
}

const loading = new Map<string, Promise<ToolView>>();
const loaded = new Map<string, ToolView>();

/** Starts (once) loading a tool's view; the shell calls it for the first tool before the first render. */
export function loadView(id: string): Promise<ToolView> {
  let promise = loading.get(id);
  if (!promise) {
    const load = VIEWS[`./${id}/View.tsx`];
    promise = load
      ? load().then((module) => {
          loaded.set(id, module.default);
          return module.default;
        })
      : Promise.reject(new Error(`The tool "${id}" has no View.tsx.`));
    // A failed load may be tried again (the next time the tool is opened).
    promise.catch(() => loading.delete(id));
    loading.set(id, promise);
  }
  return promise;
}

/** The view if it has already loaded (so a tool opened again renders at once). */
export function loadedView(id: string): ToolView | undefined {
  return loaded.get(id);
}

export type PaletteSearch = (query: string) => PaletteCommand[];

/** The palette searches of these tools (those that have one). */
export async function loadPaletteSearches(ids: readonly string[]): Promise<PaletteSearch[]> {
  const loaders = ids.map((id) => PALETTES[`./${id}/palette.ts`]).filter((load) => load !== undefined);
  const modules = await Promise.all(loaders.map((load) => load()));
  return modules.map((module) => (query: string) => module.search(query));
}
