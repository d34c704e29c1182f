import { describe, expect, it } from 'vitest';
import {
  jsonErrorMessage,
  makeBackup,
  parseBackup,
  parseEnvironmentsFile,
  parseJsonFile,
  type Backup,
} from '../../src/core/data/backup.ts';
import type { EnvironmentsState } from '../../src/core/env/state.ts';
import { toPostmanEnvironment, type EnvironmentVariable } from '../../src/core/env/substitute.ts';
import type { HistoryEntry } from '../../src/core/history/types.ts';
import { DEFAULT_SETTINGS, type Settings } from '../../src/core/settings.ts';

const v = (key: string, value: string, flags: { secret?: boolean; enabled?: boolean } = {}): EnvironmentVariable => ({
  key,
  value,
  secret: flags.secret ?? false,
  enabled: flags.enabled ?? true,
});

const settings: Settings = { ...DEFAULT_SETTINGS, theme: 'dark', historyCapacity: 500 };

const environments: EnvironmentsState = {
  globals: [v('base', 'https://api.example'), v('apiKey', 'G-KEY-123', { secret: true })],
  environments: [
    {
      id: 'dev',
      name: 'Development',
      variables: [v('token', 'dev-token-aaa', { secret: true }), v('user', 'ann')],
    },
    {
      id: 'prod',
      name: 'Production',
      variables: [
        v('token', 'prod-token-bbb', { secret: true }),
        v('old', 'retired-secret', { secret: true, enabled: false }),
      ],
    },
  ],
  activeId: 'dev',
};

const entry = (id: string, token: string): HistoryEntry => ({
  id,
  schema: 2,
  createdAt: 1_700_000_000_000,
  pinned: id === 'h1',
  environmentId: 'dev',
  environmentName: 'Development',
  request: {
    method: 'POST',
    url: `{{base}}/items?key=G-KEY-123`,
    headers: [{ enabled: true, name: 'Authorization', value: `Bearer ${token}` }],
    body: { kind: 'json', text: '{"note":"retired-secret"}' },
    auth: { kind: 'bearer', token },
  },
  response: { status: 201, statusText: 'Created', timeMs: 12, size: 2, body: `{"echo":"${token}"}` },
});

const history = [entry('h1', 'dev-token-aaa'), entry('h2', 'prod-token-bbb')];
const now = new Date('2024-05-06T07:08:09.010Z');

/** What a backup becomes after being written to a file and read back. */
const throughFile = (backup: Backup) => parseBackup(JSON.parse(JSON.stringify(backup)));

describe('makeBackup', () => {
  it('blanks secret values and redacts every secret value from history by default', () => {
    const backup = makeBackup({ settings, environments, history }, { includeSecrets: false, now });
    expect(backup.format).toBe('http-workbench-backup');
    expect(backup.version).toBe(1);
    expect(backup.exportedAt).toBe('2024-05-06T07:08:09.010Z');
    expect(backup.settings).toEqual(settings);
    expect(backup.environments).toEqual({
      globals: [v('base', 'https://api.example'), v('apiKey', '', { secret: true })],
      environments: [
        { id: 'dev', name: 'Development', variables: [v('token', '', { secret: true }), v('user', 'ann')] },
        {
          id: 'prod',
          name: 'Production',
          variables: [v('token', '', { secret: true }), v('old', '', { secret: true, enabled: false })],
        },
      ],
      activeId: 'dev',
    });
    const redacted = (id: string): HistoryEntry => ({
      ...entry(id, '{{token}}'),
      request: {
        ...entry(id, '{{token}}').request,
        url: '{{base}}/items?key={{apiKey}}',
        body: { kind: 'json', text: '{"note":"{{old}}"}' },
      },
    });
    expect(backup.history).toEqual([redacted('h1'), redacted('h2')]);
    expect(JSON.stringify(backup)).not.toMatch(/G-KEY-123|dev-token-aaa|prod-token-bbb|retired-secret/);
  });

  it('keeps secrets and history as they are with includeSecrets', () => {
    const backup = makeBackup({ settings, environments, history }, { includeSecrets: true, now });
    expect(backup.environments).toEqual(environments);
    expect(backup.history).toEqual(history);
    expect(backup.environments.globals[0]).not.toBe(environments.globals[0]);
  });

  it('does not change its inputs', () => {
    const before = structuredClone({ settings, environments, history });
    makeBackup({ settings, environments, history }, { includeSecrets: false, now });
    expect({ settings, environments, history }).toEqual(before);
  });
});

describe('parseBackup', () => {
  it.each([true, false])('reads back what makeBackup wrote (includeSecrets %s), without notices', (includeSecrets) => {
    const backup = makeBackup({ settings, environments, history }, { includeSecrets, now });
    expect(throughFile(backup)).toEqual({ backup, notices: [] });
  });

  it.each([
    ['a list', [], 'This file is not an HTTP Workbench backup (it holds a list, not an object).'],
    ['null', null, 'This file is not an HTTP Workbench backup (it holds null, not an object).'],
    ['no format', { version: 1 }, 'This file is not an HTTP Workbench backup (it has no "format" field).'],
    [
      'another format',
      { format: 'postman', version: 1 },
      'This file is not an HTTP Workbench backup (its format is "postman").',
    ],
    [
      'no version',
      { format: 'http-workbench-backup' },
      'This file is not an HTTP Workbench backup (it has no version).',
    ],
    [
      'a bad version',
      { format: 'http-workbench-backup', version: '1' },
      'This file is not an HTTP Workbench backup (its version "1" is not valid).',
    ],
    [
      'a newer version',
      { format: 'http-workbench-backup', version: 2 },
      'This backup was made by a newer version of HTTP Workbench (backup version 2); update the extension to import it.',
    ],
  ])('refuses %s', (_label, json, message) => {
    expect(() => parseBackup(json)).toThrow(new Error(message));
  });

  it('keeps the readable parts and says what was skipped', () => {
    const good = makeBackup({ settings, environments, history }, { includeSecrets: true, now });
    const raw = JSON.parse(JSON.stringify(good));
    raw.settings.theme = 'neon';
    raw.environments.environments[1].variables.push({ key: 'x' });
    raw.environments.activeId = 'nowhere';
    raw.history.splice(1, 0, { id: 'bad', schema: 2 }, 'junk');
    const { backup, notices } = parseBackup(raw);
    expect(backup.settings).toEqual({ ...settings, theme: 'system' });
    expect(backup.environments).toEqual({ ...environments, activeId: null });
    expect(backup.history).toEqual(history);
    expect(notices).toEqual([
      'Dropped variable 3 of environment "Production": its value is not a string.',
      'The active environment (id "nowhere") does not exist; no environment is active.',
      'Skipped 2 of 4 history entries that could not be read (the first, entry 2: createdAt is not a number).',
    ]);
  });

  it('says which parts are missing and uses defaults for them', () => {
    expect(parseBackup({ format: 'http-workbench-backup', version: 1 })).toEqual({
      backup: {
        format: 'http-workbench-backup',
        version: 1,
        exportedAt: '',
        settings: DEFAULT_SETTINGS,
        environments: { globals: [], environments: [], activeId: null },
        history: [],
      },
      notices: [
        'The backup holds no settings; the defaults are used.',
        'The backup holds no environments.',
        'The backup holds no history.',
      ],
    });
    const odd = parseBackup({ format: 'http-workbench-backup', version: 1, environments: 5, history: {} });
    expect(odd.notices.slice(1)).toEqual([
      'Dropped the environments: they are a number, not an object.',
      'Skipped the history: it is an object, not a list.',
    ]);
  });

  it('migrates old history entries in a backup', () => {
    const raw = { format: 'http-workbench-backup', version: 1, settings, environments, history: [] as unknown[] };
    raw.history.push({ id: 'old', time: 5, method: 'GET', url: 'https://x/', status: 200 });
    expect(parseBackup(raw).backup.history).toEqual([
      {
        id: 'old',
        schema: 2,
        createdAt: 5,
        pinned: false,
        request: { method: 'GET', url: 'https://x/', headers: [], body: { kind: 'none' }, auth: { kind: 'none' } },
        response: { status: 200, statusText: '', timeMs: 0, size: 0 },
      },
    ]);
  });
});

describe('parseEnvironmentsFile', () => {
  const dev = environments.environments[0]!;
  const devFile = JSON.stringify(toPostmanEnvironment(dev, { includeSecrets: true }));

  it('reads one Postman environment', () => {
    expect(parseEnvironmentsFile(devFile)).toEqual([dev]);
  });

  it('reads a list of them', () => {
    const prod = environments.environments[1]!;
    const text = JSON.stringify([dev, prod].map((e) => toPostmanEnvironment(e, { includeSecrets: true })));
    expect(parseEnvironmentsFile(text)).toEqual([dev, prod]);
  });

  it('gives missing ids from newId', () => {
    expect(parseEnvironmentsFile('{"name":"n","values":[]}', { newId: () => 'fresh' })).toEqual([
      { id: 'fresh', name: 'n', variables: [] },
    ]);
  });

  it.each([
    ['', 'The file is empty.'],
    ['  \n', 'The file is empty.'],
    ['{"name": x}', "Not valid JSON: Unexpected token 'x' at position 9 (line 1, column 10)"],
    ['{\n  "name": "a",\n}', 'Not valid JSON: Expected double-quoted property name at position 17 (line 3, column 1)'],
    [
      '[{"name":"a","values":[]}',
      "Not valid JSON: Expected ',' or ']' after array element at position 25 (line 1, column 26)",
    ],
    ['[', 'Not valid JSON: Unexpected end of JSON input at position 1 (line 1, column 2)'],
    ['42', 'Expected a Postman environment (a JSON object) or a list of them, not a number.'],
    ['[]', 'The file holds an empty list: there is no environment to import.'],
    ['{"values":[]}', 'Postman environment: "name" must be a string'],
    [
      '[{"name":"a","values":[]},{"name":"b","values":[{"key":1}]}]',
      'Environment 2 of 2: Postman environment: values[0].key must be a string',
    ],
    [
      '{"format":"http-workbench-backup","version":1}',
      'This file is an HTTP Workbench backup, not an environment; import it as a backup.',
    ],
  ])('refuses %j: %s', (text, message) => {
    expect(() => parseEnvironmentsFile(text)).toThrow(new Error(message));
  });
});

describe('parseJsonFile and jsonErrorMessage', () => {
  it('returns the value of valid JSON', () => {
    expect(parseJsonFile(' {"a":[1,"x"]} ')).toEqual({ a: [1, 'x'] });
  });

  it('turns Firefox wording into the same form, line and column into a position', () => {
    const error = new SyntaxError('JSON.parse: unexpected character at line 2 column 3 of the JSON data');
    expect(jsonErrorMessage('{\n  x}', error)).toBe(
      'Not valid JSON: unexpected character at position 4 (line 2, column 3)',
    );
  });

  it('finds the position itself when the engine gives none', () => {
    const error = new SyntaxError('Unexpected token');
    expect(jsonErrorMessage('[1, 2, "a\\x"]', error)).toBe(
      'Not valid JSON: Unexpected token at position 10 (line 1, column 11)',
    );
    expect(jsonErrorMessage('{"a" 1}', error)).toBe(
      'Not valid JSON: Unexpected token at position 5 (line 1, column 6)',
    );
    expect(jsonErrorMessage('[tru]', error)).toBe('Not valid JSON: Unexpected token at position 1 (line 1, column 2)');
    expect(jsonErrorMessage('{} {}', error)).toBe('Not valid JSON: Unexpected token at position 3 (line 1, column 4)');
  });
});
