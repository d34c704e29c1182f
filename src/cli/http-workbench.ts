#!/usr/bin/env node
/**
 * http-workbench: the workbench's tools on the command line.
 *   http-workbench convert [options] [file]     exactly curl-to-code (see curl-to-code --help)
 *   http-workbench status [--json] <code | words>  an HTTP status code's entry, or the codes matching words
 *   http-workbench compose [options] [file]     docker run commands to a Compose file
 *   http-workbench json <sub> [options] [file]  format, validate, diff, JSONPath, query, schema
 *   http-workbench openapi validate <file>      every problem of an OpenAPI document, one per line
 *   http-workbench mock <schema-file> [--seed N] [--count K]   mock values from a JSON Schema, as a JSON array
 *   http-workbench fake <definition.json> [--rows N] [--format F] [--seed N]   a Fake Data set
 * Exit codes: 0 success, 1 bad input (unknown code, no match, a command it cannot read), 2 bad usage.
 * Imports only the pure core (and Node's own I/O here, at the edge).
 */
import { readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DefinitionError, MAX_ROWS, parseDefinition } from '../core/fake/definition.ts';
import { FORMATS, type OutputFormat } from '../core/fake/formats.ts';
import { MAX_COUNT } from '../core/mock/limits.ts';
import { ComposeError, convertToCompose } from '../core/compose/convert.ts';
import { composeToDockerRun } from '../core/compose/reverse.ts';
import type { Warning } from '../core/errors.ts';
import { statusInfo } from '../core/http/status.ts';
import {
  constantLines,
  FILTER_LABELS,
  NO_CONSTANTS_NOTE,
  standingLabel,
  statusEntry,
  type StatusEntry,
  type StatusFilter,
} from '../core/status/codes.ts';
import { validateOpenApi } from '../core/openapi/validate.ts';
import { searchStatus } from '../core/status/search.ts';
import { main as convert, type Io } from './curl-to-code.ts';
import { jsonCommand } from './json-command.ts';

const NAME = 'http-workbench';

const USAGE = `Usage: ${NAME} <command> [options]

Commands:
  convert [options] [file]       Turn a curl command into code or its request model
                                 (the same as curl-to-code; see ${NAME} convert --help)
  status [--json] <code | words> Look up an HTTP status code: 429, "too many", 5xx
  compose [options] [file]       Turn docker run commands (standard input, or a file)
                                 into a Compose file (see ${NAME} compose --help)
  json <format|validate|diff|path|query|schema> [options] [file]
                                 JSON Tools, numbers kept exact (see ${NAME} json --help)
  openapi validate <file>        Check a Swagger 2.0 / OpenAPI 3.x document (YAML or
                                 JSON): one problem per line (see ${NAME} openapi --help)
  mock <schema-file> [options]   Mock values that validate against a JSON Schema
  fake <definition.json> [opts]  Generate a Fake Data set (JSON, NDJSON, CSV, SQL)

Options:
  -h, --help                     Show this help (or a command's: ${NAME} status --help)

Exit codes: 0 success, 1 bad input (unknown code, nothing matches, a command
that cannot be read), 2 bad usage.`;

const COMPOSE_USAGE = `Usage: ${NAME} compose [options] [file]
Reads docker run commands (docker create, podman run too; bash, cmd or PowerShell)
from the file, or from standard input without one or with -, and prints a Compose
file with one service per command. Warnings go to standard error as line:column.
  --merge <file>    add the services to this Compose file (printed whole)
  --comments        also write the warnings into the YAML as comments
  --shell <name>    read the commands as bash, cmd or powershell (default: detect)
  --to-run          the other way: read a Compose file and print its services as
                    docker run commands (bash), what they cannot say as warnings
Exit codes: 0 written, 1 a command it cannot read or a file the Compose schema
refuses (line and column on standard error), 2 bad usage.`;

const OPENAPI_USAGE = `Usage: ${NAME} openapi validate <file>
Checks a Swagger 2.0 or OpenAPI 3.0/3.1/3.2 document (YAML or JSON; - for standard
input) against its version's official schema and the semantic rules, and prints
one problem per line:
  file:line:column severity rule-id message
Exit codes: 0 no errors (warnings allowed), 1 errors, 2 bad usage or a file that
cannot be read.`;

const STATUS_USAGE = `Usage: ${NAME} status [--json] <code | words>
Prints the entry for a code (meaning, when to use it, headers, reference, constants),
or the codes matching words ("too many", "rate limit", 5xx), best first.
  --json   print JSON instead of text`;

const MOCK_USAGE = `Usage: ${NAME} mock <schema-file> [--seed N] [--count K]
Prints a JSON array of K values (default 1) generated from the JSON Schema in the file
(- for standard input), each checked against the schema. The same seed gives the same
values; without --seed the seed is 1.
  --seed N              an integer
  --count K             1 to ${MAX_COUNT}
  --optional P          chance (0-1) that an optional property is present (default 0.5)
  --no-examples         generate values even where the schema gives examples or a default
Exit codes: 0 written, 1 a schema it cannot read or satisfy (the keyword is named), 2 bad usage.`;

const FAKE_USAGE = `Usage: ${NAME} fake <definition.json> [--rows N] [--format F] [--seed N]
Generates rows from a Fake Data definition (as exported by the Fake Data tool).
  --rows N      0 to ${MAX_ROWS} (default 10)
  --format F    ${FORMATS.join(', ')} (default json)
  --seed N      overrides the definition's seed
  --table NAME  the SQL table name (default: the definition's name)
Exit codes: 0 written, 1 a definition it cannot read, 2 bad usage.`;

/** How many matches a word search lists before saying how many more there are. */
export const LIST_LIMIT = 10;

/**
 * The CLI as a function of its arguments, so tests can run it in-process. Returns the exit code (a promise
 * of it for `json query`, whose JSONata engine is asynchronous).
/** The CLI as a function of its arguments, so tests can run it in-process. Returns the exit code. */
/**
 * The CLI as a function of its arguments. Returns the exit code; `mock` and `fake` return it as a promise, because
 * they load their generators (faker, json-schema-faker, one faker locale) only when used, so the other commands
 * start as fast as before.
 */
export function main(args: string[], io: Io): number | Promise<number> {
  const [command, ...rest] = args;
  if (command === undefined) return usageError(io, 'Give a command.', USAGE);
  if (command === '--help' || command === '-h' || command === 'help') {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  if (command === 'convert') return convert(rest, io, `${NAME} convert`);
  if (command === 'status') return status(rest, io);
  if (command === 'compose') return compose(rest, io);
  if (command === 'json') return jsonCommand(rest, io);
  if (command === 'openapi') return openapi(rest, io);
  if (command === 'mock') return mock(rest, io);
  if (command === 'fake') return fake(rest, io);
  return usageError(io, `Unknown command "${command}".`, USAGE);
}

function usageError(io: Io, message: string, usage: string): number {
  io.stderr(`${NAME}: ${message}\n${usage}\n`);
  return 2;
}

function openapi(args: string[], io: Io): number {
  const [sub, ...rest] = args;
  if (sub === '--help' || sub === '-h' || (sub === 'validate' && (rest[0] === '--help' || rest[0] === '-h'))) {
    io.stdout(`${OPENAPI_USAGE}\n`);
    return 0;
  }
  if (sub !== 'validate')
    return usageError(
      io,
      sub === undefined ? 'Give a subcommand: validate.' : `Unknown openapi subcommand "${sub}".`,
      OPENAPI_USAGE,
    );
  if (rest.length !== 1) return usageError(io, 'Give one file to validate.', OPENAPI_USAGE);
  const file = rest[0]!;
  if (file.startsWith('-') && file !== '-') return usageError(io, `Unknown option ${file}.`, OPENAPI_USAGE);
  let text: string;
  try {
    text = io.readInput(file);
  } catch (error) {
    io.stderr(`${NAME} openapi: cannot read ${file}: ${(error as Error).message}\n`);
    return 2;
  }
  const result = validateOpenApi(text);
  const name = file === '-' ? '<stdin>' : file;
  for (const problem of result.problems)
    io.stdout(
      `${name}:${problem.span.line}:${problem.span.column} ${problem.severity} ${problem.rule} ${problem.message}\n`,
    );
  return result.errors > 0 ? 1 : 0;
}

/** Reads `--name value` options and one positional file. */
function readArgs(
  args: string[],
  valued: readonly string[],
  flags: readonly string[],
): { values: Record<string, string>; flags: Set<string>; file?: string; help?: true; error?: string } {
  const values: Record<string, string> = {};
  const set = new Set<string>();
  let file: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--help' || arg === '-h') return { values, flags: set, help: true };
    if (valued.includes(arg)) {
      const value = args[++i];
      if (value === undefined) return { values, flags: set, error: `${arg} needs a value.` };
      values[arg] = value;
    } else if (flags.includes(arg)) set.add(arg);
    else if (arg.startsWith('-') && arg !== '-') return { values, flags: set, error: `Unknown option ${arg}.` };
    else if (file === undefined) file = arg;
    else return { values, flags: set, error: 'Give one file.' };
  }
  return { values, flags: set, file };
}

function integerOption(text: string | undefined, fallback: number): number | undefined {
  if (text === undefined) return fallback;
  return /^-?\d+$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : undefined;
}

async function mock(args: string[], io: Io): Promise<number> {
  const parsed = readArgs(args, ['--seed', '--count', '--optional'], ['--no-examples']);
  if (parsed.help) {
    io.stdout(`${MOCK_USAGE}\n`);
    return 0;
  }
  if (parsed.error) return usageError(io, parsed.error, MOCK_USAGE);
  if (parsed.file === undefined) return usageError(io, 'Give a schema file.', MOCK_USAGE);
  const seed = integerOption(parsed.values['--seed'], 1);
  if (seed === undefined) return usageError(io, '--seed is an integer.', MOCK_USAGE);
  const count = integerOption(parsed.values['--count'], 1);
  if (count === undefined || count < 1 || count > MAX_COUNT) {
    return usageError(io, `--count is a whole number from 1 to ${MAX_COUNT}.`, MOCK_USAGE);
  }
  const optionalText = parsed.values['--optional'];
  const optional = optionalText === undefined ? 0.5 : Number(optionalText);
  if (!(optional >= 0 && optional <= 1)) return usageError(io, '--optional is a number from 0 to 1.', MOCK_USAGE);
  let text: string;
  try {
    text = io.readInput(parsed.file);
  } catch (error) {
    io.stderr(`${NAME} mock: cannot read ${parsed.file}: ${(error as Error).message}\n`);
    return 1;
  }
  const { MockError, mockFromSchema, parseSchemaText } = await import('../core/mock/generate.ts');
  try {
    const result = mockFromSchema(parseSchemaText(text), {
      seed,
      count,
      optionalProbability: optional,
      preferExamples: !parsed.flags.has('--no-examples'),
    });
    io.stdout(`${JSON.stringify(result.values, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof MockError)) throw error;
    io.stderr(`${NAME} mock: ${parsed.file}: ${error.message}\n`);
    return 1;
  }
}

async function fake(args: string[], io: Io): Promise<number> {
  const parsed = readArgs(args, ['--rows', '--format', '--seed', '--table'], []);
  if (parsed.help) {
    io.stdout(`${FAKE_USAGE}\n`);
    return 0;
  }
  if (parsed.error) return usageError(io, parsed.error, FAKE_USAGE);
  if (parsed.file === undefined) return usageError(io, 'Give a definition file.', FAKE_USAGE);
  const rows = integerOption(parsed.values['--rows'], 10);
  if (rows === undefined || rows < 0 || rows > MAX_ROWS) {
    return usageError(io, `--rows is a whole number from 0 to ${MAX_ROWS}.`, FAKE_USAGE);
  }
  const format = (parsed.values['--format'] ?? 'json') as OutputFormat;
  if (!FORMATS.includes(format)) {
    return usageError(io, `Unknown format "${format}": ${FORMATS.join(', ')}.`, FAKE_USAGE);
  }
  const seedText = parsed.values['--seed'];
  const seed = seedText === undefined ? undefined : integerOption(seedText, 0);
  if (seedText !== undefined && seed === undefined) return usageError(io, '--seed is an integer.', FAKE_USAGE);
  let text: string;
  try {
    text = io.readInput(parsed.file);
  } catch (error) {
    io.stderr(`${NAME} fake: cannot read ${parsed.file}: ${(error as Error).message}\n`);
    return 1;
  }
  try {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new DefinitionError(`not JSON: ${(error as Error).message}`);
    }
    const definition = parseDefinition(json);
    if (seed !== undefined) definition.seed = seed;
    const { LOCALE_LOADERS } = await import('../core/fake/locales.ts');
    const loader = LOCALE_LOADERS[definition.locale];
    if (!loader) throw new DefinitionError(`unknown locale "${definition.locale}".`);
    const { faker } = await loader();
    const { makeDataSet } = await import('../core/fake/run.ts');
    const table = parsed.values['--table'];
    io.stdout(makeDataSet(definition, faker, rows, format, table === undefined ? {} : { table }));
    return 0;
  } catch (error) {
    if (!(error instanceof DefinitionError)) throw error;
    io.stderr(`${NAME} fake: ${parsed.file}: ${error.message}\n`);
    return 1;
  }
}

function compose(args: string[], io: Io): number {
  let comments = false;
  let toRun = false;
  let mergeFile: string | undefined;
  let shell: 'bash' | 'cmd' | 'powershell' | undefined;
  let file: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--help' || arg === '-h') {
      io.stdout(`${COMPOSE_USAGE}\n`);
      return 0;
    } else if (arg === '--comments') comments = true;
    else if (arg === '--to-run') toRun = true;
    else if (arg === '--merge' || arg === '--shell') {
      const value = args[++i];
      if (value === undefined) return usageError(io, `${arg} needs a value.`, COMPOSE_USAGE);
      if (arg === '--merge') mergeFile = value;
      else if (value === 'bash' || value === 'cmd' || value === 'powershell') shell = value;
      else return usageError(io, `Unknown shell "${value}": bash, cmd or powershell.`, COMPOSE_USAGE);
    } else if (arg.startsWith('-') && arg !== '-') return usageError(io, `Unknown option ${arg}.`, COMPOSE_USAGE);
    else if (file === undefined) file = arg;
    else return usageError(io, 'Give one file of commands.', COMPOSE_USAGE);
  }
  let text: string;
  let existing: string | undefined;
  try {
    text = io.readInput(file);
    existing = mergeFile === undefined ? undefined : io.readInput(mergeFile);
  } catch (error) {
    io.stderr(`${NAME} compose: cannot read ${(error as Error).message}\n`);
    return 1;
  }
  const where = (w: Warning) => (w.span ? `${w.span.line}:${w.span.column}: ` : '');
  if (toRun) {
    if (mergeFile !== undefined || comments || shell !== undefined) {
      return usageError(io, '--to-run takes no --merge, --comments or --shell.', COMPOSE_USAGE);
    }
    try {
      const result = composeToDockerRun(text);
      for (const warning of result.warnings)
        io.stderr(`${NAME} compose: warning: ${where(warning)}${warning.message}\n`);
      io.stdout(result.text);
      return 0;
    } catch (error) {
      if (!(error instanceof ComposeError)) throw error;
      io.stderr(`${NAME} compose: ${file ?? '<stdin>'}:${error.span.line}:${error.span.column}: ${error.detail}\n`);
      return 1;
    }
  }
  try {
    const result = convertToCompose(text, { comments, existing, dialect: shell });
    for (const warning of [...result.warnings, ...result.mergeWarnings]) {
      io.stderr(`${NAME} compose: warning: ${where(warning)}${warning.message}\n`);
    }
    io.stdout(result.yaml);
    if (!result.validation.valid) {
      for (const problem of result.validation.problems) {
        io.stderr(`${NAME} compose: the Compose schema refuses ${problem.path}: ${problem.message}\n`);
      }
      return 1;
    }
    return 0;
  } catch (error) {
    if (!(error instanceof ComposeError)) throw error;
    const source = error.input === 'existing' ? (mergeFile ?? '') : (file ?? '<stdin>');
    io.stderr(`${NAME} compose: ${source}:${error.span.line}:${error.span.column}: ${error.detail}\n`);
    return 1;
  }
}

function status(args: string[], io: Io): number {
  let json = false;
  const words: string[] = [];
  for (const arg of args) {
    if (arg === '--json') json = true;
    else if (arg === '--help' || arg === '-h') {
      io.stdout(`${STATUS_USAGE}\n`);
      return 0;
    } else if (arg.startsWith('-') && arg !== '-') return usageError(io, `Unknown option ${arg}.`, STATUS_USAGE);
    else words.push(arg);
  }
  const query = words.join(' ').trim();
  if (query === '') return usageError(io, 'Give a status code or words to look for.', STATUS_USAGE);

  if (/^\d+$/.test(query)) {
    const code = Number(query);
    const entry = statusEntry(code);
    if (entry) return printEntry(io, entry, json);
    const info = statusInfo(code);
    const why =
      info.statusClass === 'unknown'
        ? `${query} is not an HTTP status code (they run from 100 to 599).`
        : `${code} is not in the IANA registry and no known vendor uses it; as a ${String(code)[0]}xx code it means: ${info.meaning.replace(/ \(.*\)$/, '')}`;
    io.stderr(`${NAME}: no entry for ${query}. ${why}\n`);
    return 1;
  }

  const matches = searchStatus(query);
  if (matches.length === 0) {
    io.stderr(`${NAME}: no status code matches "${query}". Try a number (404), a class (5xx) or other words.\n`);
    return 1;
  }
  if (matches.length === 1 || matches[0]!.kind === 'code') return printEntry(io, matches[0]!.entry, json);
  const shown = matches.slice(0, LIST_LIMIT).map((match) => match.entry);
  if (json) {
    io.stdout(
      `${JSON.stringify(
        {
          query,
          total: matches.length,
          matches: shown.map((entry) => ({
            code: entry.code,
            reason: entry.reason,
            standard: entry.standard,
            summary: entry.summary,
          })),
        },
        null,
        2,
      )}\n`,
    );
    return 0;
  }
  const width = Math.max(...shown.map((entry) => entryTitle(entry).length));
  for (const entry of shown) io.stdout(`${entryTitle(entry).padEnd(width)}  ${entry.summary}\n`);
  if (matches.length > shown.length) {
    io.stdout(`… and ${matches.length - shown.length} more; add words to narrow it down.\n`);
  }
  io.stdout(`Show one with: ${NAME} status <code>\n`);
  return 0;
}

function entryTitle(entry: StatusEntry): string {
  return `${entry.code} ${entry.reason}${entry.standard ? '' : ' (non-standard)'}`;
}

function classLabel(entry: StatusEntry): string {
  return FILTER_LABELS[`${String(entry.code)[0]}xx` as StatusFilter];
}

function printEntry(io: Io, entry: StatusEntry, json: boolean): number {
  if (json) {
    io.stdout(
      `${JSON.stringify(
        { ...entry, class: classLabel(entry), standing: standingLabel(entry), constantNames: constantLines(entry) },
        null,
        2,
      )}\n`,
    );
    return 0;
  }
  const lines: string[] = [];
  const field = (label: string, values: readonly string[]) => {
    values.forEach((value, index) => lines.push(`${(index === 0 ? `${label}:` : '').padEnd(12)}${value}`));
  };
  lines.push(entryTitle(entry), '');
  field('Class', [classLabel(entry)]);
  field('Standing', [
    entry.standard && entry.registry
      ? `${standingLabel(entry)}. IANA registry: "${entry.registry.description}" ${entry.registry.reference}`
      : `${standingLabel(entry)}.`,
  ]);
  if (entry.origin) field('Origin', [entry.origin]);
  field('Meaning', [entry.meaning]);
  field('Use it', [entry.use]);
  field('Don’t', [entry.avoid]);
  if (entry.headers.length > 0)
    field(
      'Headers',
      entry.headers.map((header) => `${header.name}: ${header.note}`),
    );
  field(
    entry.standard ? 'Reference' : 'Sources',
    entry.references.map((reference) => (reference.url ? `${reference.label} <${reference.url}>` : reference.label)),
  );
  const constants = constantLines(entry).map(
    (line) =>
      `${line.language.padEnd(7)} ${line.constant} (${line.note}${line.newerName ? `; ${line.newerName}` : ''})`,
  );
  field('Constants', [...(constants.length > 0 ? constants : ['none in the standard libraries']), NO_CONSTANTS_NOTE]);
  if (entry.aliases.length > 0) field('Also named', [entry.aliases.join(', ')]);
  for (const other of entry.otherMeanings) {
    field('Also used', [`${entry.code} ${other.reason} (non-standard; ${other.origin}): ${other.meaning}`]);
  }
  io.stdout(`${lines.join('\n')}\n`);
  return 0;
}

function isEntry(): boolean {
  if (typeof process === 'undefined' || !process.argv[1]) return false;
  try {
    // Through npm's bin link the path is a symlink: compare the real files.
    return realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntry()) {
  void Promise.resolve(
    main(process.argv.slice(2), {
      stdout: (t) => process.stdout.write(t),
      stderr: (t) => process.stderr.write(t),
      readInput: (f) => (f === undefined || f === '-' ? readFileSync(0, 'utf8') : readFileSync(f, 'utf8')),
      readFile: (p) => new Uint8Array(readFileSync(p)),
    }),
  ).then((code) => (process.exitCode = code));
}
