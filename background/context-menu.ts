import { CurlParseError, parseCurl } from '../src/core/index.ts';
import { browser, type Menus } from '../src/platform/browser.ts';
import { readClipboardInBackground } from '../src/platform/clipboard.ts';
import { openWorkspaceWith } from '../src/platform/handoff.ts';

export const MENU_COPIED = 'convert-copied-curl';
export const MENU_SELECTION = 'convert-selected-curl';

/** Registers the two menu items (again after an update: ids must not clash). */
export async function registerMenus(): Promise<void> {
  await browser.contextMenus.removeAll();
  browser.contextMenus.create({ id: MENU_COPIED, title: 'Convert copied curl', contexts: ['action', 'page'] });
  browser.contextMenus.create({ id: MENU_SELECTION, title: 'Convert selected curl', contexts: ['selection'] });
}

/** Says what is wrong with text that is not a curl command, or null when it is one. */
export function describeNonCurl(text: string, where: 'clipboard' | 'selection'): string | null {
  const place = where === 'clipboard' ? 'The clipboard' : 'The selected text';
  if (text.trim() === '') return `${place} is empty: copy a curl command first, then choose "Convert copied curl".`;
  try {
    parseCurl(text);
    return null;
  } catch (error) {
    if (error instanceof CurlParseError && (error.code === 'not-curl' || error.code === 'empty')) {
      const start = text.trim().slice(0, 40).replace(/\s+/g, ' ');
      return `${place} holds no curl command (it starts with “${start}${text.trim().length > 40 ? '…' : ''}”).`;
    }
    // A curl command with a problem: the converter shows the problem where it is.
    return null;
  }
}

/** Handles a click on one of our menu items: opens the workspace converting the command, or saying why not. */
export async function handleMenuClick(info: Pick<Menus.OnClickData, 'menuItemId' | 'selectionText'>): Promise<void> {
  let text: string;
  let where: 'clipboard' | 'selection';
  if (info.menuItemId === MENU_SELECTION) {
    text = info.selectionText ?? '';
    where = 'selection';
  } else if (info.menuItemId === MENU_COPIED) {
    where = 'clipboard';
    try {
      text = await readClipboardInBackground();
    } catch (error) {
      await openWorkspaceWith({ notice: `Could not read the clipboard: ${(error as Error).message}` });
      return;
    }
  } else return;
  const notice = describeNonCurl(text, where);
  await openWorkspaceWith(notice === null ? { text } : { notice });
}
