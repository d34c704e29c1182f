import { browser } from './browser.ts';
import { call } from './messaging.ts';
import { settingsStore } from './settings-store.ts';
import type { Services } from '../ui/services.ts';

export const WORKSPACE_PATH = 'panel/index.html';

/** The real services, for extension pages. */
export function platformServices(): Services {
  const devtools = (browser as { devtools?: { panels?: { themeName?: string } } }).devtools;
  const themeName = devtools?.panels?.themeName;
  return {
    sendRequest: (request, options) => call('sendRequest', request, options),
    settings: settingsStore,
    devtoolsTheme: themeName === undefined ? undefined : themeName === 'dark' ? 'dark' : 'light',
    async openWorkspace() {
      await browser.tabs.create({ url: browser.runtime.getURL(WORKSPACE_PATH) });
    },
    async openOptions() {
      await browser.runtime.openOptionsPage();
    },
  };
}
