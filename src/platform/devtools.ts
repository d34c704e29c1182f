/**
 * What DevTools offers an extension page inside it: the inspected page's
 * network requests and DevTools' own theme. Absent (undefined) when the
 * workspace runs as an ordinary tab.
 */
import type { HarEntryLike } from '../core/capture/types.ts';
import type { InspectedNetwork } from '../ui/services.ts';
import { browser } from './browser.ts';

type Listener<T extends unknown[]> = (...args: T) => void;
interface Event<T extends unknown[]> {
  addListener(listener: Listener<T>): void;
  removeListener(listener: Listener<T>): void;
}

interface DevtoolsApi {
  inspectedWindow?: { tabId?: number };
  network?: {
    getHAR(): Promise<{ entries?: HarEntryLike[] }>;
    onRequestFinished: Event<[HarEntryLike]>;
    onNavigated: Event<[string]>;
  };
  panels?: {
    themeName?: string;
    /** Firefox. */
    onThemeChanged?: Event<[string]>;
    /** Chrome. */
    setThemeChangeHandler?: (callback?: (themeName: string) => void) => void;
  };
}

const devtools = (): DevtoolsApi | undefined => (browser as unknown as { devtools?: DevtoolsApi }).devtools;

/**
 * A plain copy of the fields the extension reads: Chrome hands over an
 * object with methods (getContent) that must not be kept or cloned.
 */
function plain(entry: HarEntryLike): HarEntryLike {
  return JSON.parse(
    JSON.stringify({
      startedDateTime: entry.startedDateTime,
      time: entry.time,
      request: entry.request,
      response: entry.response
        ? {
            status: entry.response.status,
            statusText: entry.response.statusText,
            content: entry.response.content
              ? { size: entry.response.content.size, mimeType: entry.response.content.mimeType }
              : undefined,
            bodySize: entry.response.bodySize,
            _transferSize: entry.response._transferSize,
            _error: entry.response._error,
          }
        : undefined,
      _resourceType: entry._resourceType,
    }),
  ) as HarEntryLike;
}

/** The inspected page's requests, when this page runs inside DevTools. */
export function inspectedNetwork(target: 'chrome' | 'firefox'): InspectedNetwork | undefined {
  const network = devtools()?.network;
  if (!network || devtools()?.inspectedWindow?.tabId === undefined) return undefined;
  return {
    browser: target,
    async getEntries() {
      const log = await network.getHAR();
      return (log.entries ?? []).map(plain);
    },
    onRequestFinished(listener) {
      const wrapped = (entry: HarEntryLike) => listener(plain(entry));
      network.onRequestFinished.addListener(wrapped);
      return () => network.onRequestFinished.removeListener(wrapped);
    },
    onNavigated(listener) {
      network.onNavigated.addListener(listener);
      return () => network.onNavigated.removeListener(listener);
    },
  };
}

const toTheme = (name: string | undefined): 'light' | 'dark' | undefined =>
  name === undefined ? undefined : name === 'dark' ? 'dark' : 'light';

/** DevTools' theme now, when inside DevTools. */
export const devtoolsTheme = (): 'light' | 'dark' | undefined => toTheme(devtools()?.panels?.themeName);

/** Calls back when the user switches DevTools' theme; returns an unsubscribe function. */
export function onDevtoolsThemeChange(listener: (theme: 'light' | 'dark') => void): () => void {
  const panels = devtools()?.panels;
  const wrapped = (name: string) => listener(toTheme(name) ?? 'light');
  if (panels?.onThemeChanged) {
    panels.onThemeChanged.addListener(wrapped);
    return () => panels.onThemeChanged?.removeListener(wrapped);
  }
  if (panels?.setThemeChangeHandler) {
    panels.setThemeChangeHandler(wrapped);
    return () => panels.setThemeChangeHandler?.();
  }
  return () => undefined;
}
