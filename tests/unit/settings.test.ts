import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, effectiveTheme, parseSettings } from '../../src/core/settings.ts';

describe('parseSettings', () => {
  it('keeps valid stored values', () => {
    const stored = {
      theme: 'dark',
      timeoutMs: 5000,
      converterTarget: 'go-net-http',
      historyCapacity: 500,
      saveResponseBodies: false,
      responseBodyCapKb: 512,
    };
    expect(parseSettings(stored)).toEqual(stored);
  });
  it.each([undefined, null, 'dark', 42, [], { theme: 'neon', timeoutMs: -1 }, { timeoutMs: Number.NaN }])(
    'falls back to defaults for corrupt data (%j)',
    (raw) => {
      expect(parseSettings(raw)).toEqual(DEFAULT_SETTINGS);
    },
  );
  it('keeps the valid fields of a half-corrupt record', () => {
    expect(
      parseSettings({
        theme: 'light',
        timeoutMs: 'soon',
        converterTarget: '<script>',
        historyCapacity: 99,
        saveResponseBodies: 'yes',
        responseBodyCapKb: 2048,
      }),
    ).toEqual({ ...DEFAULT_SETTINGS, theme: 'light' });
  });
  it('keeps history limits within their ranges', () => {
    expect(parseSettings({ historyCapacity: 99_999.6, responseBodyCapKb: 1 })).toMatchObject({
      historyCapacity: 100_000,
      responseBodyCapKb: 1,
    });
    expect(parseSettings({ historyCapacity: 100_001, responseBodyCapKb: 0 })).toMatchObject({
      historyCapacity: 10_000,
      responseBodyCapKb: 64,
    });
  });
});

describe('effectiveTheme', () => {
  it('resolves system against the preference and keeps explicit choices', () => {
    expect(effectiveTheme('system', true)).toBe('dark');
    expect(effectiveTheme('system', false)).toBe('light');
    expect(effectiveTheme('light', true)).toBe('light');
    expect(effectiveTheme('dark', false)).toBe('dark');
  });
});
