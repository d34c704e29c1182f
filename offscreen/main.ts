import { browser, type Runtime } from '../src/platform/browser.ts';
import { OFFSCREEN_READ_CLIPBOARD } from '../src/platform/clipboard.ts';

/**
 * Chrome's offscreen document for reading the clipboard on a context-menu
 * click: navigator.clipboard.readText() fails here ("Document is not
 * focused"), but a focused textarea and execCommand('paste') work.
 */
browser.runtime.onMessage.addListener((message: unknown, sender: Runtime.MessageSender) => {
  if (sender.id !== browser.runtime.id || (message as { type?: string })?.type !== OFFSCREEN_READ_CLIPBOARD) {
    return undefined;
  }
  const area = document.getElementById('paste') as HTMLTextAreaElement;
  area.value = '';
  area.focus();
  document.execCommand('paste');
  return Promise.resolve({ text: area.value });
});
