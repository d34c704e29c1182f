import { browser } from '../src/platform/browser.ts';
import { serve } from '../src/platform/messaging.ts';
import type { Handlers } from '../src/protocol.ts';
import { sendRequest } from './send.ts';

/** Every call the background serves. */
const handlers: Handlers = {
  ping: () => ({ version: browser.runtime.getManifest().version, target: __TARGET__ }),
  sendRequest: (request, options) => sendRequest(request, options),
};

serve(handlers);

if (__OPEN_WORKSPACE_ON_INSTALL__) {
  // Test builds only: WebDriver BiDi cannot open moz-extension:// pages itself.
  browser.runtime.onInstalled.addListener(() => {
    void browser.tabs.create({ url: browser.runtime.getURL('panel/index.html') });
  });
}
