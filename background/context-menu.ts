import { CurlParseError, parseCurl } from '../src/core/index.ts';
import type { IntentKind } from '../src/core/intents/intents.ts';
import { recogniseText } from '../src/core/intents/recognise.ts';
import { browser, type Menus } from '../src/platform/browser.ts';
import { readClipboardInBackground } from '../src/platform/clipboard.ts';
import { openWorkspaceWith } from '../src/platform/handoff.ts';
import { TOOLS } from '../src/ui/tools/catalog.ts';

export const MENU_COPIED = 'convert-copied-curl';
export const MENU_SELECTION = 'open-selection';

/** Registers the menu items (again after an update: ids must not clash). */
export async function registerMenus(): Promise<void> {
  await browser.contextMenus.removeAll();
  browser.contextMenus.create({ id: MENU_COPIED, title: 'Convert copied curl', contexts: ['action', 'page'] });
  browser.contextMenus.create({
    id: MENU_SELECTION,
    title: 'Open selection in HTTP Workbench',
    contexts: ['selection'],
  });
}

/** Says what is wrong with clipboard text that is not a curl command, or null when it is one. */
export function describeNonCurl(text: string): string | null {
  if (text.trim() === '')
    return 'The clipboard is empty: copy a curl command first, then choose "Convert copied curl".';
  try {
    parseCurl(text);
    return null;
  } catch (error) {
    if (error instanceof CurlParseError && (error.code === 'not-curl' || error.code === 'empty')) {
      const start = text.trim().slice(0, 40).replace(/\s+/g, ' ');
      return `The clipboard holds no curl command (it starts with “${start}${text.trim().length > 40 ? '…' : ''}”).`;
    }
    // A curl command with a problem: the converter shows the problem where it is.
    return null;
  }
}

/** The intent kinds some workspace tool opens (those outside DevTools: a new tab has no inspected page). */
function workspaceKinds(): Set<IntentKind> {
  return new Set(TOOLS.filter((tool) => tool.surfaces.includes('workspace')).flatMap((tool) => tool.accepts));
}

/**
 * Routes selected text to the tool that recognises it (a curl command to the
 * converter, a status code to Status Codes…) and says which it chose.
 */
export async function openSelection(text: string): Promise<void> {
  const found = recogniseText(text, workspaceKinds());
  if (found.intent === null) {
    await openWorkspaceWith({ notice: found.reason });
    return;
  }
  const intent = found.intent;
  const tool = TOOLS.find((t) => t.surfaces.includes('workspace') && t.accepts.includes(intent.kind))!;
  await openWorkspaceWith({ intent, notice: `Opened in ${tool.title}: the selection is ${found.what}.` }, tool.id);
}

/** Handles a click on one of our menu items. */
export async function handleMenuClick(info: Pick<Menus.OnClickData, 'menuItemId' | 'selectionText'>): Promise<void> {
  if (info.menuItemId === MENU_SELECTION) {
    await openSelection(info.selectionText ?? '');
    return;
  }
  if (info.menuItemId !== MENU_COPIED) return;
  let text: string;
  try {
    text = await readClipboardInBackground();
  } catch (error) {
    await openWorkspaceWith({ notice: `Could not read the clipboard: ${(error as Error).message}` }, 'converter');
    return;
  }
  const notice = describeNonCurl(text);
  await openWorkspaceWith(notice === null ? { intent: { kind: 'convert-command', text } } : { notice }, 'converter');
}
