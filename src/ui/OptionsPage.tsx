import { TOOLS } from './tools/catalog.ts';
import { useEffect, useState } from 'preact/hooks';
import { version } from '../../package.json';
import {
  HISTORY_CAPACITY_RANGE,
  parseSettings,
  RESPONSE_BODY_CAP_RANGE,
  THEMES,
  type Settings,
  type Theme,
} from '../core/settings.ts';
import { parseWholeNumber } from './data-helpers.ts';
import { DataSection } from './DataSection.tsx';
import { useServices } from './services.ts';
import { useSettings } from './theme.ts';

const THEME_LABELS: Record<Theme, string> = { system: 'System', light: 'Light', dark: 'Dark' };

interface NumberSettingProps {
  label: string;
  value: number;
  range: { min: number; max: number };
  onSave(value: number): void;
}

/**
 * A whole-number setting. It keeps the typed text, so a refused number stays
 * visible next to its message instead of snapping back; valid numbers are
 * saved when the field changes (blur, Enter or the arrows).
 */
function NumberSetting({ label, value, range, onSave }: NumberSettingProps) {
  const [text, setText] = useState(String(value));
  const [error, setError] = useState('');
  useEffect(() => {
    setText(String(value));
    setError('');
  }, [value]);
  const errorId = `${label.replace(/\W+/g, ' ').trim().replace(/ /g, '-').toLowerCase()}-error`;
  return (
    <>
      <label class="option-field">
        {label}
        <input
          type="number"
          min={range.min}
          max={range.max}
          step={1}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onInput={(e) => setText(e.currentTarget.value)}
          onChange={(e) => {
            const parsed = parseWholeNumber(e.currentTarget.value, range, label);
            if ('error' in parsed) setError(parsed.error);
            else {
              setError('');
              onSave(parsed.value);
            }
          }}
        />
      </label>
      {error && (
        <p id={errorId} class="field-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

const SURFACE_NAMES = { workspace: 'workspace tab', devtools: 'DevTools panel', popup: 'toolbar popup' } as const;

/** The registry's tools: what each does, where it appears, and a way to open it. */
function ToolsSection() {
  const services = useServices();
  return (
    <fieldset>
      <legend>Tools</legend>
      <ul class="tool-list">
        {TOOLS.map((tool) => (
          <li key={tool.id}>
            <span class="tool-list-title">
              <span aria-hidden="true">{tool.icon}</span> {tool.title}
            </span>{' '}
            <span class="option-hint">
              {tool.description} In: {tool.surfaces.map((s) => SURFACE_NAMES[s]).join(', ')}.
            </span>{' '}
            {tool.surfaces.includes('workspace') && (
              <button
                type="button"
                class="link-button"
                aria-label={`Open ${tool.title}`}
                onClick={() => void services.openWorkspace(tool.id)}
              >
                Open
              </button>
            )}
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** Settings, saved to storage.local as soon as they change, and the user's data. */
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
      <ToolsSection />
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
      <fieldset>
        <legend>History</legend>
        <NumberSetting
          label="Entries to keep"
          value={draft.historyCapacity}
          range={HISTORY_CAPACITY_RANGE}
          onSave={(historyCapacity) => void save({ ...draft, historyCapacity })}
        />
        <p class="option-hint">When the history is full, the oldest entries go first; pinned entries are kept.</p>
        <label class="option-field">
          <input
            type="checkbox"
            checked={draft.saveResponseBodies}
            onChange={(e) => void save({ ...draft, saveResponseBodies: e.currentTarget.checked })}
          />
          Save response bodies
        </label>
        <NumberSetting
          label="Largest saved body (KiB)"
          value={draft.responseBodyCapKb}
          range={RESPONSE_BODY_CAP_RANGE}
          onSave={(responseBodyCapKb) => void save({ ...draft, responseBodyCapKb })}
        />
        <p class="option-hint">Text bodies only, cut to this size. Binary bodies are never saved.</p>
      </fieldset>
      <p class="saved" role="status">
        {status}
      </p>
      <DataSection creatorVersion={version} />
    </main>
  );
}
