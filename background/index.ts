import { browser } from '../src/platform/browser.ts';
import { serve } from '../src/platform/messaging.ts';
import type { Handlers } from '../src/protocol.ts';
import { handleMenuClick, registerMenus } from './context-menu.ts';
import { sendRequest } from './send.ts';

/** Every call the background serves. */
const handlers: Handlers = {
  ping: () => ({ version: browser.runtime.getManifest().version, target: __TARGET__ }),
  sendRequest: (request, options) => sendRequest(request, options),
};

serve(handlers);

browser.runtime.onInstalled.addListener(() => void registerMenus());
browser.contextMenus.onClicked.addListener((info) => void handleMenuClick(info));

// Reachable only from this worker's own global scope (tests call it; no page can).
Object.assign(globalThis, { httpWorkbench: { handleMenuClick, registerMenus } });

if (__OPEN_WORKSPACE_ON_INSTALL__) {
  // Test builds only: WebDriver BiDi cannot open moz-extension:// pages itself.
  browser.runtime.onInstalled.addListener(() => {
    console.info('HTTP Workbench test build: opening the workspace on install');
    void browser.tabs.create({ url: browser.runtime.getURL('panel/index.html') });
  });
}
