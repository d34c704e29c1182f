import { browser } from './browser.ts';
import { call, sendRequestStreamed } from './messaging.ts';
import { openWorkspaceWith, takeHandoff, WORKSPACE_PATH } from './handoff.ts';
import { settingsStore } from './settings-store.ts';
import type { Services } from '../ui/services.ts';

/**
 * Copies with the async clipboard API, falling back to execCommand where the
 * page may not use it (a DevTools panel frame is not always "focused").
 */
async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    // fall through to the older route
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('the browser refused clipboard access');
}

/** The real services, for extension pages. */
export function platformServices(): Services {
  const devtools = (browser as { devtools?: { panels?: { themeName?: string } } }).devtools;
  const themeName = devtools?.panels?.themeName;
  return {
    sendRequest: (request, options) => sendRequestStreamed(request, options),
    cancelRequest: (id) => call('cancelRequest', id),
    settings: settingsStore,
    devtoolsTheme: themeName === undefined ? undefined : themeName === 'dark' ? 'dark' : 'light',
    async openWorkspace() {
      await browser.tabs.create({ url: browser.runtime.getURL(WORKSPACE_PATH) });
    },
    copyText,
    takeHandoff,
    async openWorkspaceWith(text: string) {
      await openWorkspaceWith({ text });
    },
    async openOptions() {
      await browser.runtime.openOptionsPage();
    },
  };
}
