import type { ToolParams } from '../tools/types.ts';

/** Where the workspace is: a tool and its deep-link parameters. */
export interface WorkspaceLocation {
  tool: string;
  params: ToolParams;
}

/** `#/status-codes?code=429` → `{ tool: 'status-codes', params: { code: '429' } }`; null for anything else. */
export function parseHash(hash: string): WorkspaceLocation | null {
  const match = /^#\/([a-z0-9-]+)\/?(?:\?(.*))?$/.exec(hash);
  if (!match) return null;
  const params: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(match[2] ?? '')) params[key] = value;
  return { tool: match[1]!, params };
}

export function formatHash(location: WorkspaceLocation): string {
  const query = new URLSearchParams(Object.entries(location.params)).toString();
  return `#/${location.tool}${query ? `?${query}` : ''}`;
}

export function sameParams(a: ToolParams, b: ToolParams): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}
