/**
 * One file holding everything the user keeps (settings, environments,
 * history) and reading it back, plus reading environment files. Secrets stay
 * out of a backup unless the user asks for them.
 */
import { parseEnvironmentsFields, secretPairs, type EnvironmentsState } from '../env/state.ts';
import { parsePostmanEnvironment, type Environment, type EnvironmentVariable } from '../env/substitute.ts';
import { redactSecrets, validateEntry } from '../history/model.ts';
import type { HistoryEntry } from '../history/types.ts';
import { parseSettings, type Settings } from '../settings.ts';
import { isObject, kindOf } from '../shape.ts';

export const BACKUP_FORMAT = 'http-workbench-backup';
export const BACKUP_VERSION = 1;

export interface Backup {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  /** ISO 8601 time of the export. */
  exportedAt: string;
  settings: Settings;
  environments: EnvironmentsState;
  history: HistoryEntry[];
}

const blankSecrets = (variables: readonly EnvironmentVariable[]): EnvironmentVariable[] =>
  variables.map((v) => ({ ...v, value: v.secret ? '' : v.value }));

/**
 * The backup of these parts. Unless `includeSecrets`, every secret variable's
 * value is '' and every value of a secret variable (enabled or not) found in
 * the history is replaced by its `{{name}}`.
 */
export function makeBackup(
  parts: { settings: Settings; environments: EnvironmentsState; history: HistoryEntry[] },
  options: { includeSecrets: boolean; now: Date },
): Backup {
  const { settings, environments, history } = parts;
  const pairs = options.includeSecrets ? [] : secretPairs(environments, { includeDisabled: true });
  const variables = options.includeSecrets
    ? (list: EnvironmentVariable[]) => list.map((v) => ({ ...v }))
    : blankSecrets;
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exportedAt: options.now.toISOString(),
    settings: { ...settings },
    environments: {
      globals: variables(environments.globals),
      environments: environments.environments.map((e) => ({ ...e, variables: variables(e.variables) })),
      activeId: environments.activeId,
    },
    history: history.map((entry) => redactSecrets(entry, pairs)),
  };
}

const notABackup = (why: string) => new Error(`This file is not an HTTP Workbench backup (${why}).`);

/**
 * Reads a backup from parsed JSON. Throws an Error when it is not a backup at
 * all or was made by a newer version. Within a backup, bad parts are skipped
 * and `notices` say what: malformed settings fall back to defaults, bad
 * environments or variables are dropped one by one, unreadable history
 * entries are skipped (one notice with the count and the first reason).
 */
export function parseBackup(json: unknown): { backup: Backup; notices: string[] } {
  if (!isObject(json)) throw notABackup(`it holds ${kindOf(json)}, not an object`);
  if (json.format !== BACKUP_FORMAT) {
    throw notABackup(
      json.format === undefined ? 'it has no "format" field' : `its format is ${JSON.stringify(json.format)}`,
    );
  }
  const { version } = json;
  if (version === undefined) throw notABackup('it has no version');
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw notABackup(`its version ${JSON.stringify(version)} is not valid`);
  }
  if (version > BACKUP_VERSION) {
    throw new Error(
      `This backup was made by a newer version of HTTP Workbench (backup version ${version}); ` +
        'update the extension to import it.',
    );
  }
  const notices: string[] = [];

  if (!isObject(json.settings)) notices.push('The backup holds no settings; the defaults are used.');
  const settings = parseSettings(json.settings);

  let environments: EnvironmentsState = { globals: [], environments: [], activeId: null };
  if (json.environments === undefined) notices.push('The backup holds no environments.');
  else {
    const parsed = parseEnvironmentsFields(json.environments);
    environments = parsed.state;
    notices.push(...parsed.notices);
  }

  const history: HistoryEntry[] = [];
  if (json.history === undefined) notices.push('The backup holds no history.');
  else if (!Array.isArray(json.history))
    notices.push(`Skipped the history: it is ${kindOf(json.history)}, not a list.`);
  else {
    let skipped = 0;
    let firstReason = '';
    for (const [index, raw] of json.history.entries()) {
      const result = validateEntry(raw);
      if (result.ok) history.push(result.entry);
      else if (skipped++ === 0) firstReason = `entry ${index + 1}: ${result.reason}`;
    }
    if (skipped > 0) {
      notices.push(
        `Skipped ${skipped} of ${json.history.length} history ${json.history.length === 1 ? 'entry' : 'entries'} ` +
          `that could not be read (the first, ${firstReason}).`,
      );
    }
  }
  const exportedAt = typeof json.exportedAt === 'string' ? json.exportedAt : '';
  return {
    backup: { format: BACKUP_FORMAT, version: BACKUP_VERSION, exportedAt, settings, environments, history },
    notices,
  };
}

/**
 * The JSON value of a file's text (a backup or an environment file). Throws
 * an Error for an empty file or invalid JSON, saying where (see `jsonErrorMessage`).
 */
export function parseJsonFile(text: string): unknown {
  if (text.trim() === '') throw new Error('The file is empty.');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(jsonErrorMessage(text, error as Error), { cause: error });
  }
}

/**
 * Reads an environment file: one Postman environment export or a list of
 * them. Throws an Error saying what is wrong (JSON syntax with the parser's
 * position, or the first bad field, naming the environment in a list).
 * Ids missing from the file come from `newId`.
 */
export function parseEnvironmentsFile(text: string, options: { newId?: () => string } = {}): Environment[] {
  const json = parseJsonFile(text);
  if (isObject(json) && json.format === BACKUP_FORMAT) {
    throw new Error('This file is an HTTP Workbench backup, not an environment; import it as a backup.');
  }
  if (Array.isArray(json)) {
    if (json.length === 0) throw new Error('The file holds an empty list: there is no environment to import.');
    return json.map((item, index) => {
      try {
        return parsePostmanEnvironment(item, options);
      } catch (error) {
        throw new Error(`Environment ${index + 1} of ${json.length}: ${(error as Error).message}`, { cause: error });
      }
    });
  }
  if (!isObject(json)) {
    throw new Error(`Expected a Postman environment (a JSON object) or a list of them, not ${kindOf(json)}.`);
  }
  return [parsePostmanEnvironment(json, options)];
}

/**
 * "Not valid JSON: <reason> at position N (line L, column C)". Engines word
 * the reason differently and some give no position (V8: `Unexpected token
 * 'x', "…" is not valid JSON`); then `jsonErrorOffset` finds it.
 */
export function jsonErrorMessage(text: string, error: Error): string {
  const reason = error.message
    .replace(/^JSON\.parse: /, '')
    .replace(/, "[^]*" is not valid JSON$/, '')
    .replace(/ (in JSON )?at (position \d+|line \d+ column \d+)[^]*$/, '')
    .replace(/ of the JSON data$/, '')
    .trim();
  // The engine's own position when it gives one; Firefox gives line and column instead.
  const position = /at position (\d+)/.exec(error.message);
  const lineColumn = /at line (\d+) column (\d+)/.exec(error.message);
  let offset: number | undefined;
  if (position) offset = Number(position[1]);
  else if (lineColumn) {
    const lines = text.split('\n').slice(0, Number(lineColumn[1]) - 1);
    offset = lines.reduce((sum, l) => sum + l.length + 1, 0) + Number(lineColumn[2]) - 1;
  } else offset = jsonErrorOffset(text) ?? (/end of (JSON input|data)/i.test(reason) ? text.length : undefined);
  if (offset === undefined) return `Not valid JSON: ${reason}`;
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `Not valid JSON: ${reason} at position ${offset} (line ${line}, column ${column})`;
}

/**
 * The offset (0-based, as engines count) of the first JSON syntax error in
 * `text`, by a small recursive-descent scan; undefined when the scan finds
 * none or nests too deep to follow.
 */
function jsonErrorOffset(text: string): number | undefined {
  let i = 0;
  const stop = (): never => {
    throw new SyntaxAt(i);
  };
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const string = () => {
    i++; // the opening quote
    for (;;) {
      const ch = text[i];
      if (ch === undefined || ch < ' ') stop();
      if (ch === '"') {
        i++;
        return;
      }
      if (ch !== '\\') i++;
      else if ('"\\/bfnrt'.includes(text[i + 1] ?? 'x')) i += 2;
      else if (text[i + 1] === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) i += 6;
      else {
        i++;
        stop();
      }
    }
  };
  const items = (close: string, item: () => void) => {
    i++; // the opening bracket
    space();
    if (text[i] === close) {
      i++;
      return;
    }
    for (;;) {
      item();
      space();
      if (text[i] === close) {
        i++;
        return;
      }
      if (text[i] !== ',') stop();
      i++;
    }
  };
  const value = (): void => {
    space();
    const ch = text[i];
    if (ch === '{') {
      items('}', () => {
        space();
        if (text[i] !== '"') stop();
        string();
        space();
        if (text[i] !== ':') stop();
        i++;
        value();
      });
    } else if (ch === '[') items(']', value);
    else if (ch === '"') string();
    else {
      const literal = /true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
      literal.lastIndex = i;
      if (!literal.test(text)) stop();
      i = literal.lastIndex;
    }
  };
  try {
    value();
    space();
    return i < text.length ? i : undefined;
  } catch (error) {
    if (error instanceof SyntaxAt) return error.offset;
    return undefined; // nested too deep for the stack
  }
}

class SyntaxAt {
  constructor(readonly offset: number) {}
}
