import { captured } from './captured/tool.ts';
import { compose } from './compose/tool.ts';
import { converter } from './converter/tool.ts';
import { jsonTools } from './json-tools/tool.ts';
import { openapi } from './openapi/tool.ts';
import { fakeData } from './fake-data/tool.ts';
import { mockApi } from './mock-api/tool.ts';
import { restClient } from './rest-client/tool.ts';
import { statusCodes } from './status-codes/tool.ts';
import { websocket } from './websocket/tool.ts';
import type { ToolMeta } from './types.ts';

/**
 * The registry: every tool, in navigation order within its group. Plain data
 * (no views), so the background, the options page, the docs script and the
 * tests read it without loading a tool. Adding a tool: its folder (tool.ts,
 * View.tsx, an end-to-end test) and one line here.
 */
export const TOOLS: readonly ToolMeta[] = [
  restClient,
  converter,
  websocket,
  captured,
  openapi,
  mockApi,
  jsonTools,
  fakeData,
  statusCodes,
  compose,
];

/** The tool opened when the address names none and none was open before. */
export const DEFAULT_TOOL = 'converter';

/**
 * The tools a page shows. The workspace (a tab, or the DevTools panel) shows
 * its tools, plus the DevTools-only ones (Captured) inside DevTools; the
 * popup shows the tools it links to.
 */
export function toolsFor(surface: 'workspace' | 'popup', insideDevtools: boolean): ToolMeta[] {
  return TOOLS.filter(
    (tool) =>
      tool.surfaces.includes(surface) ||
      (surface === 'workspace' && insideDevtools && tool.surfaces.includes('devtools')),
  );
}

export function findTool(id: string): ToolMeta | undefined {
  return TOOLS.find((tool) => tool.id === id);
}
