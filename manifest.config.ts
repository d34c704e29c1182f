import { defineManifest } from '@crxjs/vite-plugin';
import pkg from './package.json' with { type: 'json' };

export type Target = 'chrome' | 'firefox';

/** Firefox needs a stable id for storage and a floor for the MV3 features we use. */
export const GECKO_ID = 'http-workbench@http-workbench.dev';

/**
 * One manifest for both browsers. crxjs turns `background.service_worker` into
 * `background.scripts` for Firefox; the rest differs only where the browsers do.
 */
export function manifestFor(target: Target) {
  return defineManifest({
    manifest_version: 3,
    name: 'HTTP Workbench',
    short_name: 'HTTP Workbench',
    description: pkg.description,
    version: pkg.version,
    icons: { 16: 'icons/icon-16.png', 48: 'icons/icon-48.png', 128: 'icons/icon-128.png' },
    devtools_page: 'panel/devtools.html',
    options_ui: { page: 'options/index.html', open_in_tab: true },
    action: {
      default_title: 'HTTP Workbench',
      default_popup: 'popup/index.html',
      default_icon: { 16: 'icons/icon-16.png', 48: 'icons/icon-48.png' },
    },
    // Chrome runs a module service worker; Firefox an event page from
    // background.scripts (crxjs reads the entry from there for Firefox).
    background:
      target === 'firefox'
        ? { scripts: ['background/index.ts'], type: 'module' }
        : { service_worker: 'background/index.ts', type: 'module' },
    // contextMenus + clipboardRead: "Convert copied curl"; offscreen: Chrome reads the clipboard there.
    // webRequest: the REST client shows the headers really sent and received (Set-Cookie too) and the
    // browser's own error codes. Headers fetch refuses (Cookie, Referer, User-Agent...) are set on the
    // one request they belong to: Chrome with a declarativeNetRequest session rule, Firefox with a
    // blocking onBeforeSendHeaders listener. The WebSocket tool's pages use the same two for handshake headers
    // the WebSocket API cannot send (a session rule or a blocking listener per handshake) and to show the
    // handshake as sent and received: no new permission.
    // unlimitedStorage: storage.local's default 10 MB would hold far fewer than the 10,000 history
    // entries (with response bodies) kept by default.
    permissions:
      target === 'firefox'
        ? ['storage', 'unlimitedStorage', 'contextMenus', 'clipboardRead', 'webRequest', 'webRequestBlocking']
        : [
            'storage',
            'unlimitedStorage',
            'contextMenus',
            'clipboardRead',
            'offscreen',
            'webRequest',
            'declarativeNetRequestWithHostAccess',
          ],
    // The REST client sends the user's requests from the background with these
    // host permissions, so no CORS proxy is ever involved.
    host_permissions: ['<all_urls>'],
    // Scripts from the extension itself only, no eval and no WASM, and nothing else: Firefox's default
    // policy for Manifest V3 adds upgrade-insecure-requests, which turns the user's http:// and ws:// into
    // https:// and wss:// (for every host but 127.0.0.1 and localhost), so the request never reaches
    // the host as typed.
    content_security_policy: { extension_pages: "script-src 'self'" },
    ...(target === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: GECKO_ID,
              strict_min_version: '142.0',
              data_collection_permissions: { required: ['none'] },
            },
          },
        }
      : { minimum_chrome_version: '120' }),
  });
}
