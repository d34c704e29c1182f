import { browser } from './browser.ts';

export const WORKSPACE_PATH = 'panel/index.html';
/** storage.session key under which the background hands a command (or a notice) to the workspace. */
export const PENDING_KEY = 'pendingConversion';

/** What the background hands to the workspace it opens. */
export type Handoff = { text: string } | { notice: string };

export function isHandoff(value: unknown): value is Handoff {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.text === 'string' || typeof v.notice === 'string';
}

/** Stores the handoff in session storage (memory only, never on disk) and opens the workspace on it. */
export async function openWorkspaceWith(handoff: Handoff): Promise<void> {
  await browser.storage.session.set({ [PENDING_KEY]: handoff });
  await browser.tabs.create({ url: `${browser.runtime.getURL(WORKSPACE_PATH)}#convert` });
}

/** Takes the pending handoff once. */
export async function takeHandoff(): Promise<Handoff | null> {
  const stored = (await browser.storage.session.get(PENDING_KEY).catch(() => ({}))) as Record<string, unknown>;
  const value = stored[PENDING_KEY];
  if (!isHandoff(value)) return null;
  await browser.storage.session.remove(PENDING_KEY);
  return value;
}
