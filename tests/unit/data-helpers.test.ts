import { describe, expect, it } from 'vitest';
import type { EnvironmentsState } from '../../src/core/env/state.ts';
import type { EnvironmentVariable } from '../../src/core/env/substitute.ts';
import type { HistoryEntry } from '../../src/core/history/types.ts';
import {
  backupImportMessage,
  countOf,
  datedFileName,
  formatBytes,
  harLookup,
  mergeBackupEnvironments,
  mergeImportedGlobals,
  parseWholeNumber,
} from '../../src/ui/data-helpers.ts';

const v = (key: string, value: string, extra: Partial<EnvironmentVariable> = {}): EnvironmentVariable => ({
  key,
  value,
  secret: false,
  enabled: true,
  ...extra,
});

describe('datedFileName', () => {
  it('dates the file in local time with zero-padded month and day', () => {
    expect(datedFileName('http-workbench-backup', 'json', new Date(2024, 0, 5, 23, 59))).toBe(
      'http-workbench-backup-2024-01-05.json',
    );
    expect(datedFileName('http-workbench-history', 'har', new Date(2025, 11, 31, 0, 0))).toBe(
      'http-workbench-history-2025-12-31.har',
    );
  });
});

describe('formatBytes', () => {
  it.each([
    [null, 'unknown'],
    [Number.NaN, 'unknown'],
    [-1, 'unknown'],
    [0, '0 bytes'],
    [1, '1 byte'],
    [1023, '1023 bytes'],
    [1024, '1.0 KiB'],
    [1536, '1.5 KiB'],
    [20 * 1024 + 300, '20 KiB'],
    [5 * 1024 * 1024, '5.0 MiB'],
    [123 * 1024 * 1024, '123 MiB'],
    [3 * 1024 ** 3, '3.0 GiB'],
    [4096 * 1024 ** 3, '4096 GiB'],
  ])('%s → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

describe('countOf', () => {
  it('picks the noun by count', () => {
    expect(countOf(0, 'entry', 'entries')).toBe('0 entries');
    expect(countOf(1, 'entry', 'entries')).toBe('1 entry');
    expect(countOf(2, 'environment', 'environments')).toBe('2 environments');
  });
});

describe('parseWholeNumber', () => {
  const range = { min: 100, max: 100_000 };
  it('accepts whole numbers in range, spaces around allowed', () => {
    expect(parseWholeNumber('100', range, 'Entries to keep')).toEqual({ value: 100 });
    expect(parseWholeNumber(' 100000 ', range, 'Entries to keep')).toEqual({ value: 100_000 });
  });
  it.each(['', '  ', '99', '100001', '150.5', 'abc', '1e9', 'NaN', 'Infinity'])('refuses %j with a message', (text) => {
    expect(parseWholeNumber(text, range, 'Entries to keep')).toEqual({
      error: 'Entries to keep must be a whole number from 100 to 100000.',
    });
  });
});

describe('mergeImportedGlobals', () => {
  it('keeps every current global and appends imported ones with new keys', () => {
    const current = [v('host', 'mine'), v('token', 'a', { secret: true })];
    const imported = [v('host', 'theirs'), v('port', '8080', { enabled: false }), v(' token ', 'b')];
    expect(mergeImportedGlobals(current, imported)).toEqual({
      globals: [v('host', 'mine'), v('token', 'a', { secret: true }), v('port', '8080', { enabled: false })],
      added: 1,
    });
  });
  it('adds a key repeated in the import only once, and does not change its inputs', () => {
    const current: EnvironmentVariable[] = [];
    const imported = [v('a', '1'), v('a', '2')];
    expect(mergeImportedGlobals(current, imported)).toEqual({ globals: [v('a', '1')], added: 1 });
    expect(current).toEqual([]);
  });
});

describe('mergeBackupEnvironments', () => {
  const current: EnvironmentsState = {
    globals: [v('host', 'mine')],
    environments: [
      { id: 'e1', name: 'dev', variables: [v('url', 'http://dev')] },
      { id: 'e2', name: 'prod', variables: [v('url', 'https://prod')] },
    ],
    activeId: 'e2',
  };

  it('skips identical environments, adds the rest (renamed or re-numbered on a clash) and new globals', () => {
    const imported: EnvironmentsState = {
      globals: [v('host', 'theirs'), v('port', '80')],
      environments: [
        { id: 'e1', name: 'dev', variables: [v('url', 'http://dev')] },
        { id: 'e2', name: 'prod', variables: [v('url', 'https://prod.example')] },
        { id: 'e3', name: 'staging', variables: [] },
      ],
      activeId: 'e3',
    };
    const result = mergeBackupEnvironments(current, imported, () => 'new-1');
    expect(result).toEqual({
      state: {
        globals: [v('host', 'mine'), v('port', '80')],
        environments: [
          { id: 'e1', name: 'dev', variables: [v('url', 'http://dev')] },
          { id: 'e2', name: 'prod', variables: [v('url', 'https://prod')] },
          { id: 'new-1', name: 'prod (imported)', variables: [v('url', 'https://prod.example')] },
          { id: 'e3', name: 'staging', variables: [] },
        ],
        activeId: 'e2',
      },
      added: 2,
      present: 1,
      globalsAdded: 1,
    });
  });

  it('changes nothing when the backup holds only what is stored', () => {
    const result = mergeBackupEnvironments(current, current);
    expect(result).toEqual({ state: current, added: 0, present: 2, globalsAdded: 0 });
  });
});

describe('backupImportMessage', () => {
  it('says what was imported', () => {
    expect(
      backupImportMessage({
        historyAdded: 12,
        historyPresent: 3,
        environments: {
          state: { globals: [], environments: [], activeId: null },
          added: 2,
          present: 0,
          globalsAdded: 0,
        },
      }),
    ).toBe('Imported 12 history entries (3 already present), 2 environments, settings.');
    expect(
      backupImportMessage({
        historyAdded: 1,
        historyPresent: 0,
        environments: {
          state: { globals: [], environments: [], activeId: null },
          added: 1,
          present: 4,
          globalsAdded: 2,
        },
      }),
    ).toBe(
      'Imported 1 history entry (0 already present), 1 environment (4 already present), 2 global variables, settings.',
    );
  });
});

describe('harLookup', () => {
  const state: EnvironmentsState = {
    globals: [v('host', 'global.example'), v('token', 'g-secret', { secret: true }), v('who', 'global')],
    environments: [
      { id: 'dev', name: 'dev', variables: [v('host', 'dev.example'), v('key', 'dev-key', { secret: true })] },
      { id: 'prod', name: 'prod', variables: [v('host', 'prod.example')] },
    ],
    activeId: 'prod',
  };
  const entry = (environmentId?: string) => ({ environmentId }) as HistoryEntry;

  it('resolves with the environment the entry was sent with, over the globals, secrets included when asked', () => {
    const lookup = harLookup(state, true)(entry('dev'))!;
    expect([lookup('host'), lookup('key'), lookup('token'), lookup('who'), lookup('nope')]).toEqual([
      'dev.example',
      'dev-key',
      'g-secret',
      'global',
      undefined,
    ]);
  });

  it('leaves secrets unresolved without includeSecrets', () => {
    const lookup = harLookup(state, false)(entry('dev'))!;
    expect([lookup('host'), lookup('key'), lookup('token'), lookup('who')]).toEqual([
      'dev.example',
      undefined,
      undefined,
      'global',
    ]);
  });

  it('uses only the globals for entries sent without an environment or with one since deleted (not the active one)', () => {
    const forEntry = harLookup(state, true);
    expect(forEntry(entry())!('host')).toBe('global.example');
    expect(forEntry(entry('gone'))!('host')).toBe('global.example');
  });
});
