import type { ComponentType } from 'preact';
import type { Intent, IntentKind } from '../../core/intents/intents.ts';

/** Where a tool may appear. `devtools`: only inside DevTools (it needs the inspected page). */
export type Surface = 'workspace' | 'devtools' | 'popup';

/** The navigation's groups, in the order they are shown. */
export const TOOL_GROUPS = ['HTTP', 'API', 'Data', 'Reference', 'DevOps'] as const;
export type ToolGroup = (typeof TOOL_GROUPS)[number];

/** Deep-link parameters: `#/<tool>?a=1&b=2`. */
export type ToolParams = Readonly<Record<string, string>>;

/** An action the command palette offers; running it opens the tool at a deep link. */
export interface PaletteCommand {
  /** What the palette shows: "Convert curl", "Status 429 Too Many Requests". */
  title: string;
  /** Extra words that find it. */
  keywords?: readonly string[];
  /** A second line: what it does. */
  hint?: string;
  tool: string;
  params?: ToolParams;
}

/**
 * A tool's registry entry: plain data, no UI code, so the background (the
 * context menu's routing), the options page and the docs can read the
 * registry without loading any tool. The view is `View.tsx` in the tool's
 * folder (found by the folder name = id, loaded when first opened); an
 * optional `palette.ts` exporting `search(query): PaletteCommand[]` feeds the
 * command palette.
 */
export interface ToolMeta {
  /** Folder name, deep-link name (`#/<id>`), test marker. kebab-case. */
  id: string;
  /** The navigation entry's accessible name. */
  title: string;
  /** One sentence for the palette, the options page and the README. */
  description: string;
  keywords: readonly string[];
  /** A short symbol shown beside the title (decorative). */
  icon: string;
  group: ToolGroup;
  surfaces: readonly Surface[];
  /** Intent kinds it opens (see src/core/intents/intents.ts). */
  accepts: readonly IntentKind[];
  /** Static palette actions besides "open the tool". */
  commands?: readonly PaletteCommand[];
}

/** What the shell offers a tool's view. */
export interface ShellApi {
  /** Hands an intent to the tool that accepts it and shows that tool. */
  open(intent: Intent): void;
  /** Shows a tool at a deep link. */
  navigate(tool: string, params?: ToolParams): void;
  /** Says something to the user in the workspace's notice area. */
  notify(message: string): void;
}

export interface ToolViewProps {
  shell: ShellApi;
  /** The deep link's parameters while this tool is shown. */
  params: ToolParams;
  /** Replaces this tool's deep-link parameters (the address follows, so a reload comes back here). */
  setParams(params: ToolParams): void;
  /** The latest intent handed to this tool; `seq` grows with each, so the same intent twice is seen twice. */
  inbox?: { intent: Intent; seq: number };
  /** Whether the tool is the one on screen (views stay mounted, hidden, once opened). */
  active: boolean;
}

export type ToolView = ComponentType<ToolViewProps>;
