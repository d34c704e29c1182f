/** User settings: plain data, validated on every read so bad storage never breaks a page. */

export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export interface Settings {
  theme: Theme;
  /** Request timeout for the REST client, in milliseconds. */
  timeoutMs: number;
  /** The converter's chosen target id, remembered across sessions. */
  converterTarget: string;
  /** How many history entries are kept; the oldest unpinned ones go first. */
  historyCapacity: number;
  /** Whether history keeps response bodies (text only, cut to `responseBodyCapKb`). */
  saveResponseBodies: boolean;
  /** The largest response body history keeps, in KiB. */
  responseBodyCapKb: number;
}

export const DEFAULT_SETTINGS: Settings = {
  theme: 'system',
  timeoutMs: 30_000,
  converterTarget: 'javascript-fetch',
  historyCapacity: 10_000,
  saveResponseBodies: true,
  responseBodyCapKb: 64,
};

export const HISTORY_CAPACITY_RANGE = { min: 100, max: 100_000 } as const;
export const RESPONSE_BODY_CAP_RANGE = { min: 1, max: 1024 } as const;

/** An integer within [min, max] from stored data, or the fallback. */
function integerIn(value: unknown, range: { min: number; max: number }, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= range.min && value <= range.max
    ? Math.round(value)
    : fallback;
}

/**
 * Reads settings from untrusted stored data: every unknown or malformed field
 * falls back to its default, so a corrupt store degrades instead of failing.
 */
export function parseSettings(raw: unknown): Settings {
  const source = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const theme = THEMES.includes(source.theme as Theme) ? (source.theme as Theme) : DEFAULT_SETTINGS.theme;
  const timeout = source.timeoutMs;
  const timeoutMs =
    typeof timeout === 'number' && Number.isFinite(timeout) && timeout >= 100 && timeout <= 600_000
      ? Math.round(timeout)
      : DEFAULT_SETTINGS.timeoutMs;
  const target = source.converterTarget;
  const converterTarget =
    typeof target === 'string' && /^[a-z0-9-]{1,40}$/.test(target) ? target : DEFAULT_SETTINGS.converterTarget;
  return {
    theme,
    timeoutMs,
    converterTarget,
    historyCapacity: integerIn(source.historyCapacity, HISTORY_CAPACITY_RANGE, DEFAULT_SETTINGS.historyCapacity),
    saveResponseBodies:
      typeof source.saveResponseBodies === 'boolean' ? source.saveResponseBodies : DEFAULT_SETTINGS.saveResponseBodies,
    responseBodyCapKb: integerIn(source.responseBodyCapKb, RESPONSE_BODY_CAP_RANGE, DEFAULT_SETTINGS.responseBodyCapKb),
  };
}

/** Resolves "system" against the environment's preference (browser or DevTools theme). */
export function effectiveTheme(theme: Theme, prefersDark: boolean): 'light' | 'dark' {
  if (theme === 'system') return prefersDark ? 'dark' : 'light';
  return theme;
}
