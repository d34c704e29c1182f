import { isHandoff, type Handoff } from '../core/intents/intents.ts';
import { browser } from './browser.ts';

export const WORKSPACE_PATH = 'panel/index.html';
/** storage.session key under which the background hands an intent (or a notice) to the workspace. */
export const PENDING_KEY = 'pendingHandoff';

/**
 * Stores the handoff in session storage (memory only, never on disk) and
 * opens the workspace on the tool that will take it (`#/<tool>`), or on the
 * last tool for a notice alone.
 */
export async function openWorkspaceWith(handoff: Handoff, tool?: string): Promise<void> {
  await browser.storage.session.set({ [PENDING_KEY]: handoff });
  await browser.tabs.create({ url: `${browser.runtime.getURL(WORKSPACE_PATH)}${tool ? `#/${tool}` : ''}` });
}

/** Takes the pending handoff once. */
export async function takeHandoff(): Promise<Handoff | null> {
  const stored = (await browser.storage.session.get(PENDING_KEY).catch(() => ({}))) as Record<string, unknown>;
  const value = stored[PENDING_KEY];
  if (value === undefined) return null;
  await browser.storage.session.remove(PENDING_KEY);
  return isHandoff(value) ? value : null;
}
