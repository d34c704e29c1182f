import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, effectiveTheme, parseSettings } from '../../src/core/settings.ts';

describe('parseSettings', () => {
  it('keeps valid stored values', () => {
    expect(parseSettings({ theme: 'dark', timeoutMs: 5000, converterTarget: 'go-net-http' })).toEqual({
      theme: 'dark',
      timeoutMs: 5000,
      converterTarget: 'go-net-http',
    });
  });
  it.each([undefined, null, 'dark', 42, [], { theme: 'neon', timeoutMs: -1 }, { timeoutMs: Number.NaN }])(
    'falls back to defaults for corrupt data (%j)',
    (raw) => {
      expect(parseSettings(raw)).toEqual(DEFAULT_SETTINGS);
    },
  );
  it('keeps the valid fields of a half-corrupt record', () => {
    expect(parseSettings({ theme: 'light', timeoutMs: 'soon', converterTarget: '<script>' })).toEqual({
      theme: 'light',
      timeoutMs: 30_000,
      converterTarget: 'javascript-fetch',
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
