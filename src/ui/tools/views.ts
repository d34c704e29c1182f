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

export async function loadView(id: string): Promise<ToolView> {
  const load = VIEWS[`./${id}/View.tsx`];
  if (!load) throw new Error(`The tool "${id}" has no View.tsx.`);
  return (await load()).default;
}

export type PaletteSearch = (query: string) => PaletteCommand[];

/** The palette searches of these tools (those that have one). */
export async function loadPaletteSearches(ids: readonly string[]): Promise<PaletteSearch[]> {
  const loaders = ids.map((id) => PALETTES[`./${id}/palette.ts`]).filter((load) => load !== undefined);
  const modules = await Promise.all(loaders.map((load) => load()));
  return modules.map((module) => (query: string) => module.search(query));
}
