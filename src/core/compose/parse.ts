/**
 * Reads pasted `docker run` commands (bash, cmd or PowerShell, as the curl converter reads them: the same
 * tokenizers, so the same quoting, continuations, prompts, comments, positioned errors and variable markers) into
 * their options, image and arguments, following docker's own option rules (see `options.ts`).
 */
import { CurlParseError, type SourceSpan, type Warning } from '../errors.ts';
import { tokenize } from '../shell/index.ts';
import type { Dialect, ShellCommand, TokenizeResult, Word } from '../shell/types.ts';
import type { VariableRef } from '../variables.ts';
import {
  canonicalName,
  findLong,
  findShort,
  referenceUrl,
  suggestLong,
  takesValue,
  type DockerOptionSpec,
} from './options.ts';

/** The one error the Compose converter throws: a message, a stable code, and where in the input. */
export class ComposeError extends Error {
  override name = 'ComposeError';
  constructor(
    readonly detail: string,
    readonly code: string,
    readonly span: SourceSpan,
    /** Which text it is about: the docker commands, or the existing Compose file to merge into. */
    readonly input: 'commands' | 'existing' = 'commands',
  ) {
    super(
      `${input === 'existing' ? 'In the existing Compose file: ' : ''}${detail} (line ${span.line}, column ${span.column})`,
    );
  }
}

export type Program = 'docker' | 'podman';

/** One option as given: its spec, its value (`true`/`false` for a boolean), and where it was written. */
export interface GivenOption {
  spec: DockerOptionSpec;
  /** As written: `-p`, `--publish`, `--net`. */
  written: string;
  value: string | boolean;
  /** The option word (with its value when attached). */
  span: SourceSpan;
  /** The value's word, or the option word when the value was attached to it. */
  valueSpan: SourceSpan;
}

/** One `docker run` (or `docker create`, `podman run`) command. */
export interface DockerRun {
  program: Program;
  /** `run` or `create`. */
  verb: 'run' | 'create';
  options: GivenOption[];
  image: Word;
  /** The command and its arguments after the image (docker's exec form). */
  args: Word[];
  span: SourceSpan;
}

export interface ParseResult {
  runs: DockerRun[];
  warnings: Warning[];
  dialect: Dialect;
  variables: VariableRef[];
}

export interface ParseOptions {
  dialect?: Dialect;
}

/** The model's variable markers and the tokenizers' placeholders; no real command holds them. */
const RESERVED = /[\uE000-\uE003]/;

/** `<CONFIG_FILE_PATH>`, `<path/to/media>`: what READMEs write for the reader to fill in. */
const PLACEHOLDER = /(?<![\d<>])<[A-Za-z_][^<>\s'"`|&;]*>(?!>)/g;
const OPEN_ANGLE = '\uE004';
const CLOSE_ANGLE = '\uE005';

function unshield(tokens: TokenizeResult): TokenizeResult {
  const back = (text: string) => text.replace(/\uE004/g, '<').replace(/\uE005/g, '>');
  for (const command of tokens.commands) {
    for (const word of command.words) {
      word.value = back(word.value);
      word.raw = back(word.raw);
    }
  }
  return tokens;
}

/** `docker`, `/usr/bin/docker`, `docker.exe`, `podman`. */
const PROGRAM = /^(?:.*[\\/])?(docker|podman)(?:\.exe)?$/i;

/** docker's global options before the subcommand, with whether each takes a value. */
const GLOBAL_OPTIONS: Readonly<Record<string, boolean>> = {
  '--config': true,
  '-c': true,
  '--context': true,
  '-D': false,
  '--debug': false,
  '-H': true,
  '--host': true,
  '-l': true,
  '--log-level': true,
  '--tls': false,
  '--tlscacert': true,
  '--tlscert': true,
  '--tlskey': true,
  '--tlsverify': false,
  // podman's
  '--remote': false,
  '-r': false,
  '--connection': true,
  '--url': true,
  '--root': true,
  '--runroot': true,
  '--cgroup-manager': true,
};

function spanWithin(word: Word, from: number, to: number): SourceSpan {
  // Only exact when the word was written without quotes; otherwise the whole word.
  if (word.raw !== word.value) return word.span;
  const offset = word.span.offset + from;
  return { offset, line: word.span.line, column: word.span.column + from, end: word.span.offset + to };
}

function truncate(text: string, max = 40): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Go's strconv.ParseBool, which pflag uses for `--rm=false`. */
function parseBool(text: string): boolean | undefined {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(text)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(text)) return false;
  return undefined;
}

/**
 * Reads every `docker run` / `docker container run` / `docker create` / `podman run` command of the text. Other
 * commands (`docker network create`, `mkdir -p`, `export`) are skipped with a warning each; none at all is an
 * error, as is anything docker itself would refuse (an unknown option, a missing value, no image).
 */
export function parseDockerRuns(text: string, options: ParseOptions = {}): ParseResult {
  if (text.trim() === '') {
    throw new ComposeError('The input is empty: paste a docker run command.', 'empty', {
      offset: 0,
      line: 1,
      column: 1,
      end: 0,
    });
  }
  const reserved = text.search(RESERVED);
  if (reserved !== -1) {
    throw new ComposeError(
      `The character U+${text.charCodeAt(reserved).toString(16).toUpperCase()} is reserved for marking variables and cannot be read.`,
      'reserved-character',
      positionOf(text, reserved),
    );
  }
  // `-v <path/to/data>:/data`: a placeholder for the reader to fill in, not two redirections. The angle brackets
  // are swapped for two private-use characters of the same length (so positions hold) and swapped back below.
  const placeholders: Warning[] = [];
  const shielded = text.replace(PLACEHOLDER, (whole, offset: number) => {
    placeholders.push({
      code: 'placeholder',
      message: `${whole} looks like a placeholder to fill in: it is kept as written, not read as redirections.`,
      span: { ...positionOf(text, offset), end: offset + whole.length },
    });
    return `${OPEN_ANGLE}${whole.slice(1, -1)}${CLOSE_ANGLE}`;
  });
  let tokens;
  try {
    tokens = unshield(tokenize(shielded, options.dialect));
  } catch (error) {
    if (error instanceof CurlParseError) throw new ComposeError(error.detail, error.code, error.span);
    throw error;
  }
  const warnings: Warning[] = [...placeholders, ...tokens.warnings.map(forDocker)];
  const runs: DockerRun[] = [];
  const commands = joinMissingContinuations(tokens.commands, warnings);
  for (const command of commands) {
    const run = readCommand(command, warnings);
    if (run) runs.push(run);
  }
  if (runs.length === 0) {
    const first = tokens.commands[0];
    throw new ComposeError(
      'No docker run command found: paste docker run (or docker create, podman run) with its options and image.',
      'no-docker-run',
      first?.span ?? positionOf(text, 0),
    );
  }
  warnings.sort((a, b) => (a.span?.offset ?? Infinity) - (b.span?.offset ?? Infinity));
  return { runs, warnings, dialect: tokens.dialect, variables: tokens.variables };
}

function positionOf(text: string, offset: number): SourceSpan {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { offset, line, column: offset - lineStart + 1, end: Math.min(text.length, offset + 1) };
}

/** The tokenizers speak of curl; here the command is docker's. */
function forDocker(warning: Warning): Warning {
  let message = warning.message.replace(/the curl command/g, 'the docker command').replace(/\bcurl\b/g, 'docker');
  if (warning.code === 'shell-variable') {
    message = message.replace(
      /it is left as the variable (\S+)\.$/,
      'Compose fills in ${$1} from its environment or .env file.',
    );
  } else if (warning.code === 'command-substitution' && /^(?:\$\(\s*pwd\s*\)|`\s*pwd\s*`) was not run/.test(message)) {
    message = message.replace(
      / was not run: .*$/,
      ' is written ${PWD}, which Compose fills in from its environment (the folder it runs in).',
    );
  } else if (warning.code === 'command-substitution') {
    message = message.replace(
      /its output is left as the variable (\S+)\.$/,
      'Compose cannot run commands: it reads ${$1} from its environment or .env file, so set $1 there.',
    );
  }
  return { ...warning, message };
}

/**
 * A README line that forgot its `\`: `docker run -e A=1 \` … `--restart=always` (no backslash) and then
 * `--cpus=2 … image` on the next line. bash would run two commands, the second an error; the author meant one.
 */
function joinMissingContinuations(commands: readonly ShellCommand[], warnings: Warning[]): ShellCommand[] {
  const out: ShellCommand[] = [];
  for (const command of commands) {
    const previous = out[out.length - 1];
    const first = command.words[0];
    if (previous && first && first.value.startsWith('-') && first.value.length > 1 && lacksImage(previous)) {
      warnings.push({
        code: 'missing-continuation',
        message:
          'The line before this one does not end in a line continuation, so a shell would run this line as a command of its own; it is read as the rest of the docker command above.',
        span: first.span,
      });
      out[out.length - 1] = {
        words: [...previous.words, ...command.words],
        span: { ...previous.span, end: command.span.end },
      };
      continue;
    }
    out.push(command);
  }
  return out;
}

/** Whether a command is a docker run whose options have not reached an image yet. */
function lacksImage(command: ShellCommand): boolean {
  try {
    const words = runWords(command);
    if (!words) return false;
    readOptions(words.program, words.rest, [], true);
    return false;
  } catch (error) {
    return error instanceof ComposeError && error.code === 'no-image';
  }
}

interface RunWords {
  program: Program;
  verb: 'run' | 'create';
  rest: Word[];
  skipped: Word[];
}

/** Finds `docker [global options] [container] run|create` at the start of a command, or null. */
function runWords(command: ShellCommand): RunWords | null {
  const words = [...command.words];
  const skipped: Word[] = [];
  while (words.length > 0 && !PROGRAM.test(words[0]!.value)) {
    const first = words[0]!;
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(first.value) || ['sudo', 'command', 'exec', 'time'].includes(first.value)) {
      skipped.push(words.shift()!);
      continue;
    }
    return null;
  }
  const programWord = words.shift();
  if (!programWord) return null;
  const program = PROGRAM.exec(programWord.value)![1]!.toLowerCase() as Program;
  while (words[0]?.value.startsWith('-')) {
    const word = words.shift()!;
    const [name] = word.value.split('=', 1);
    const takes = GLOBAL_OPTIONS[name!];
    if (takes === undefined) return null;
    skipped.push(word);
    if (takes && !word.value.includes('=')) {
      const value = words.shift();
      if (value) skipped.push(value);
    }
  }
  if (words[0]?.value === 'container') words.shift();
  const verb = words.shift()?.value;
  if (verb !== 'run' && verb !== 'create') return null;
  return { program, verb, rest: words, skipped };
}

function readCommand(command: ShellCommand, warnings: Warning[]): DockerRun | null {
  const found = runWords(command);
  const first = command.words[0]!;
  if (!found) {
    const what = command.words
      .slice(0, 3)
      .map((w) => w.value)
      .join(' ');
    const creates = /^(?:docker|podman)(?:\.exe)? (network|volume) create$/.exec(what);
    warnings.push({
      code: 'command-ignored',
      message: creates
        ? `“${what}” is left out: Compose creates the ${creates[1]}s the services use, declared at the top level of the file.`
        : `“${truncate(what)}” is not a docker run command: it is left out.`,
      span: { ...first.span, end: command.span.end },
    });
    return null;
  }
  for (const word of found.skipped) {
    warnings.push({
      code: 'prefix-ignored',
      message: `“${truncate(word.raw)}” is not part of the container: it is left out.`,
      span: word.span,
    });
  }
  const { options, image, args } = readOptions(found.program, found.rest, warnings, false, command.span);
  return { program: found.program, verb: found.verb, options, image: image!, args, span: command.span };
}

function readOptions(
  program: Program,
  words: readonly Word[],
  warnings: Warning[],
  probe: boolean,
  commandSpan?: SourceSpan,
): { options: GivenOption[]; image: Word | undefined; args: Word[] } {
  const options: GivenOption[] = [];
  let i = 0;
  const nextValue = (spec: DockerOptionSpec, word: Word, written: string): Word => {
    const next = words[i + 1];
    if (!next) {
      throw new ComposeError(
        `${written} needs a value after it (see ${referenceUrl(spec)}).`,
        'missing-argument',
        word.span,
      );
    }
    i++;
    return next;
  };
  for (; i < words.length; i++) {
    const word = words[i]!;
    const value = word.value;
    if (value === '--') {
      i++;
      break;
    }
    if (!value.startsWith('-') || value === '-') break;
    if (value.startsWith('--')) {
      const eq = value.indexOf('=');
      const name = value.slice(2, eq === -1 ? undefined : eq);
      const spec = findLong(name, program);
      if (!spec) {
        const suggestion = suggestLong(name, program);
        const podmanOnly = program === 'docker' && findLong(name, 'podman');
        throw new ComposeError(
          podmanOnly
            ? `--${name} is an option of podman run, not of docker run.`
            : `Unknown ${program} run option "${truncate(value)}"${suggestion ? `: did you mean ${suggestion}?` : '.'}`,
          'unknown-option',
          word.span,
        );
      }
      const written = `--${name}`;
      if (!takesValue(spec)) {
        let on = true;
        if (eq !== -1) {
          const parsed = parseBool(value.slice(eq + 1));
          if (parsed === undefined) {
            throw new ComposeError(
              `${written} is true or false, not "${truncate(value.slice(eq + 1))}".`,
              'bad-boolean',
              word.span,
            );
          }
          on = parsed;
        }
        options.push({ spec, written, value: on, span: word.span, valueSpan: word.span });
        continue;
      }
      if (eq !== -1) {
        options.push({
          spec,
          written,
          value: value.slice(eq + 1),
          span: word.span,
          valueSpan: spanWithin(word, eq + 1, value.length),
        });
      } else {
        const arg = nextValue(spec, word, written);
        options.push({
          spec,
          written,
          value: arg.value,
          span: { ...word.span, end: arg.span.end },
          valueSpan: arg.span,
        });
      }
      continue;
    }
    // Short options: -itd, -p80:80, -p=80:80, -dp 80:80.
    for (let j = 1; j < value.length; j++) {
      const letter = value[j]!;
      const spec = findShort(letter);
      if (!spec) {
        throw new ComposeError(
          `Unknown ${program} run option "-${letter}"${value.length > 2 ? ` in "${truncate(value)}"` : ''}.`,
          'unknown-option',
          value.length === 2 ? word.span : spanWithin(word, j, j + 1),
        );
      }
      const written = `-${letter}`;
      if (!takesValue(spec)) {
        let on = true;
        if (value[j + 1] === '=') {
          const parsed = parseBool(value.slice(j + 2));
          if (parsed === undefined) throw new ComposeError(`${written} is true or false.`, 'bad-boolean', word.span);
          on = parsed;
          options.push({ spec, written, value: on, span: word.span, valueSpan: word.span });
          break;
        }
        // A bundle (-itd) points at the letter; a lone -d at the whole word.
        const at = value.length === 2 ? word.span : spanWithin(word, j, j + 1);
        options.push({ spec, written, value: on, span: at, valueSpan: at });
        continue;
      }
      const attached = value.slice(j + 1);
      if (attached !== '') {
        const from = attached.startsWith('=') ? j + 2 : j + 1;
        options.push({
          spec,
          written,
          value: value.slice(from),
          span: word.span,
          valueSpan: spanWithin(word, from, value.length),
        });
      } else {
        const arg = nextValue(spec, word, written);
        options.push({
          spec,
          written,
          value: arg.value,
          span: { ...word.span, end: arg.span.end },
          valueSpan: arg.span,
        });
      }
      break;
    }
  }
  const image = words[i];
  if (!image) {
    const last = words[words.length - 1];
    throw new ComposeError(
      'No image given: docker run needs the image to run after its options (e.g. nginx:alpine).',
      'no-image',
      last
        ? { ...last.span, offset: last.span.end, column: last.span.column + (last.span.end - last.span.offset) }
        : (commandSpan ?? { offset: 0, line: 1, column: 1, end: 0 }),
    );
  }
  if (!probe) {
    for (const option of options) {
      const name = canonicalName(option.spec);
      if (option.spec.hidden && option.spec.alias) {
        warnings.push({
          code: 'option-alias',
          message: `${option.written} is an older spelling of --${name}; it is read as --${name}.`,
          span: option.span,
        });
      }
    }
  }
  return { options, image, args: words.slice(i + 1) };
}
