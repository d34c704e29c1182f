import { useEffect, useState } from 'preact/hooks';
import { parseSettings, THEMES, type Settings, type Theme } from '../core/settings.ts';
import { useServices } from './services.ts';
import { useSettings } from './theme.ts';

const THEME_LABELS: Record<Theme, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/** Settings, saved to storage.local as soon as they change. */
export function OptionsPage() {
  const services = useServices();
  const stored = useSettings(services);
  const [draft, setDraft] = useState<Settings>(stored);
  const [status, setStatus] = useState('');
  useEffect(() => setDraft(stored), [stored]);

  const save = async (next: Settings) => {
    setDraft(next);
    try {
      await services.settings.save(parseSettings(next));
      setStatus('Saved.');
    } catch (error) {
      setStatus(`Could not save: ${(error as Error).message}`);
    }
  };

  return (
    <main class="page">
      <h1>HTTP Workbench settings</h1>
      <fieldset>
        <legend>Theme</legend>
        <div class="radio-row">
          {THEMES.map((theme) => (
            <label key={theme}>
              <input
                type="radio"
                name="theme"
                value={theme}
                checked={draft.theme === theme}
                onChange={() => void save({ ...draft, theme })}
              />{' '}
              {THEME_LABELS[theme]}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>REST client</legend>
        <label>
          Request timeout (seconds){' '}
          <input
            type="number"
            min={1}
            max={600}
            value={draft.timeoutMs / 1000}
            onChange={(e) => {
              const seconds = Number(e.currentTarget.value);
              if (Number.isFinite(seconds) && seconds >= 1 && seconds <= 600) {
                void save({ ...draft, timeoutMs: seconds * 1000 });
              } else {
                setStatus('The timeout must be between 1 and 600 seconds.');
              }
            }}
          />
        </label>
      </fieldset>
      <p class="saved" role="status">
        {status}
      </p>
    </main>
  );
}
