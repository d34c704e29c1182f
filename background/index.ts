import { browser } from '../src/platform/browser.ts';
import { serve } from '../src/platform/messaging.ts';
import type { Handlers } from '../src/protocol.ts';
import { MARKER_HEADER, WebRequestCapture, type WebRequestApi } from './capture.ts';
import { handleMenuClick, registerMenus } from './context-menu.ts';
import { HeaderRules, type SessionRulesApi } from './header-rules.ts';
import { cancelRequest, sendRequest, type SendDeps } from './send.ts';
import { serveSendChannel } from './stream.ts';
import { chromeTransport, firefoxTransport, plainTransport, type Transport } from './transport.ts';

/**
 * How requests reach the wire: webRequest listeners must be registered at
 * the top level of the background, before anything else happens.
 */
function makeTransport(): Transport {
  const webRequest = (browser as unknown as { webRequest?: WebRequestApi }).webRequest;
  if (!webRequest) return plainTransport();
  const capture = new WebRequestCapture(__TARGET__);
  capture.install(webRequest);
  if (__TARGET__ === 'firefox') return firefoxTransport(capture);
  const dnr = (browser as unknown as { declarativeNetRequest?: SessionRulesApi }).declarativeNetRequest;
  if (!dnr) return plainTransport();
  const rules = new HeaderRules(dnr, browser.runtime.id, MARKER_HEADER);
  // In place before the first request (which waits for it anyway).
  rules.ready().catch((error: unknown) => console.warn('Could not prepare the header rules:', error));
  return chromeTransport(capture, rules);
}

const deps: SendDeps = { fetch: (input, init) => fetch(input, init), transport: makeTransport() };

/** Every call the background serves. */
const handlers: Handlers = {
  ping: () => ({ version: browser.runtime.getManifest().version, target: __TARGET__ }),
  sendRequest: (request, options) => sendRequest(request, options, deps),
  cancelRequest: (id) => cancelRequest(id),
};

serve(handlers);
serveSendChannel(deps);

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
