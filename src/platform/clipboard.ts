import { browser } from './browser.ts';

export const OFFSCREEN_READ_CLIPBOARD = 'http-workbench/offscreen-read-clipboard';
const OFFSCREEN_PATH = 'offscreen/index.html';

type ChromeOffscreen = {
  offscreen?: {
    createDocument(options: { url: string; reasons: string[]; justification: string }): Promise<void>;
    hasDocument?: () => Promise<boolean>;
  };
  runtime: { getContexts?: (filter: { contextTypes: string[] }) => Promise<unknown[]> };
};

/**
 * Reads the clipboard from the background. Chrome: through an offscreen
 * document (the worker has no DOM). Firefox: its background page has a DOM
 * and may read the clipboard with the clipboardRead permission.
 */
export async function readClipboardInBackground(): Promise<string> {
  const chromeApi = (globalThis as { chrome?: ChromeOffscreen }).chrome;
  if (chromeApi?.offscreen) {
    const contexts = (await chromeApi.runtime.getContexts?.({ contextTypes: ['OFFSCREEN_DOCUMENT'] })) ?? [];
    if (contexts.length === 0) {
      await chromeApi.offscreen.createDocument({
        url: OFFSCREEN_PATH,
        reasons: ['CLIPBOARD'],
        justification: 'Read a copied curl command when the user chooses "Convert copied curl".',
      });
    }
    const reply = (await browser.runtime.sendMessage({ type: OFFSCREEN_READ_CLIPBOARD })) as
      { text?: string } | undefined;
    return reply?.text ?? '';
  }
  if (typeof navigator !== 'undefined' && navigator.clipboard?.readText) return navigator.clipboard.readText();
  throw new Error('This browser does not let the extension read the clipboard.');
}
