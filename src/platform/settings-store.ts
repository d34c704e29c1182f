import { browser } from './browser.ts';
import { parseSettings, type Settings } from '../core/settings.ts';

const KEY = 'settings';

/** Settings persistence in storage.local (never sync). */
export interface SettingsStore {
  load(): Promise<Settings>;
  save(settings: Settings): Promise<void>;
  update(patch: Partial<Settings>): Promise<Settings>;
  /** Calls back whenever another page saves; returns an unsubscribe function. */
  subscribe(listener: (settings: Settings) => void): () => void;
}

export const settingsStore: SettingsStore = {
  async load() {
    const stored = await browser.storage.local.get(KEY);
    return parseSettings(stored[KEY]);
  },
  async save(settings) {
    await browser.storage.local.set({ [KEY]: settings });
  },
  async update(patch) {
    // Read-modify-write of the freshest copy, so pages that change different fields do not undo each other.
    const stored = await browser.storage.local.get(KEY);
    const next = parseSettings({ ...parseSettings(stored[KEY]), ...patch });
    await browser.storage.local.set({ [KEY]: next });
    return next;
  },
  subscribe(listener) {
    const onChanged = (changes: Record<string, { newValue?: unknown }>, area: string) => {
      if (area === 'local' && KEY in changes) listener(parseSettings(changes[KEY]?.newValue));
    };
    browser.storage.onChanged.addListener(onChanged);
    return () => browser.storage.onChanged.removeListener(onChanged);
  },
};
