import { createContext } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';
import { DEFAULT_SETTINGS, effectiveTheme, type Settings } from '../core/settings.ts';
import type { Services } from './services.ts';

/**
 * Loads the settings, follows changes saved elsewhere (the options page), and
 * applies the theme to the document as `data-theme`.
 */
export function useSettings(services: Services): Settings {
  const [settings, setSettings] = useState<Settings>(DEFAULT_SETTINGS);
  useEffect(() => {
    let live = true;
    services.settings
      .load()
      .then((loaded) => live && setSettings(loaded))
      .catch(() => undefined);
    const unsubscribe = services.settings.subscribe(setSettings);
    return () => {
      live = false;
      unsubscribe();
    };
  }, [services]);

  // "System" follows DevTools' own theme inside DevTools (live), else the browser's preference.
  const [devtoolsTheme, setDevtoolsTheme] = useState(services.devtoolsTheme);
  useEffect(() => services.onDevtoolsThemeChange?.(setDevtoolsTheme), [services]);

  useEffect(() => {
    const media = matchMedia('(prefers-color-scheme: dark)');
    const apply = () => {
      const prefersDark = devtoolsTheme ? devtoolsTheme === 'dark' : media.matches;
      document.documentElement.dataset.theme = effectiveTheme(settings.theme, prefersDark);
    };
    apply();
    media.addEventListener('change', apply);
    return () => media.removeEventListener('change', apply);
  }, [settings.theme, devtoolsTheme]);

  return settings;
}

/** The settings the workspace loaded once (App provides them), for the tools' views. */
export const SettingsContext = createContext<Settings>(DEFAULT_SETTINGS);

export function useWorkspaceSettings(): Settings {
  return useContext(SettingsContext);
}
