import { batch, computed, signal } from '@preact/signals';
import { parse } from 'yaml';
import type { SourceSpan, Warning } from '../../../core/errors.ts';
import {
  ComposeError,
  convertToCompose,
  type ComposeOptions,
  type ComposeResult,
  type SchemaResult,
} from '../../../core/compose/convert.ts';
import { composeToDockerRun, type ReverseResult } from '../../../core/compose/reverse.ts';
import { validateCompose } from '../../../core/compose/validate.ts';

export type Convert = (text: string, options: ComposeOptions) => ComposeResult;

/** docker run commands to a Compose file, or a Compose file's services back to docker run commands. */
export type Direction = 'to-compose' | 'to-run';

/** What the output pane shows, whichever the direction. */
export interface Output {
  text: string;
  language: 'yaml' | 'shellscript';
  /** The output's accessible name, and the file Download writes. */
  label: string;
  fileName: string;
  /** The schema's verdict: on the file written (to Compose), or on the file read (to docker run). */
  validation: SchemaResult;
  summary: string;
}

/** What went wrong, and in which text box. */
export interface ComposeProblem {
  message: string;
  span?: SourceSpan;
  input: 'commands' | 'existing';
}

/** One line of the warnings list: where it points, and which box that is in. */
export interface ListedWarning {
  warning: Warning;
  /** From merging into the existing file (a name clash), rather than from reading the commands. */
  merge: boolean;
}

export const EXAMPLE = `docker network create shop
docker run -d --name db --network shop \\
  -e POSTGRES_PASSWORD=secret -v pgdata:/var/lib/postgresql/data \\
  --restart unless-stopped postgres:16
docker run -d --name web --network shop -p 8080:80 \\
  --health-cmd "curl -f http://localhost/ || exit 1" --rm nginx:alpine`;

/**
 * The Compose tool's state: the docker commands, an optional existing file, whether warnings become YAML comments,
 * and the conversion that follows each change (synchronous: the core is quick, and the view loads it with itself).
 * The last good result stays on show while the text has a problem. No DOM: unit-tested.
 */
export function createComposeStore(options: { convert?: Convert } = {}) {
  const convert = options.convert ?? convertToCompose;
  const direction = signal<Direction>('to-compose');
  /** The Compose file to turn back into docker run commands. */
  const composeText = signal('');
  const reverse = signal<{ result: ReverseResult; validation: SchemaResult } | null>(null);
  const commands = signal('');
  const existing = signal('');
  const comments = signal(false);
  const status = signal('');
  const result = signal<ComposeResult | null>(null);
  const problem = signal<ComposeProblem | null>(null);

  /** Converts the current texts: a new result, or a problem beside the last good result. */
  function run() {
    if (direction.value === 'to-run') return runReverse();
    const text = commands.value;
    batch(() => {
      if (text.trim() === '') {
        result.value = null;
        problem.value = null;
        return;
      }
      try {
        result.value = convert(text, { existing: existing.value, comments: comments.value });
        problem.value = null;
      } catch (error) {
        problem.value =
          error instanceof ComposeError
            ? { message: error.detail, span: error.span, input: error.input }
            : { message: (error as Error).message, input: 'commands' };
      }
    });
  }

  /** The result is from an earlier text (the current one has a problem). */
  function runReverse() {
    const text = composeText.value;
    batch(() => {
      if (text.trim() === '') {
        reverse.value = null;
        problem.value = null;
        return;
      }
      try {
        const result = composeToDockerRun(text);
        reverse.value = { result, validation: validateCompose((parse(text, { logLevel: 'silent' }) ?? {}) as unknown) };
        problem.value = null;
      } catch (error) {
        problem.value =
          error instanceof ComposeError
            ? { message: error.detail, span: error.span, input: 'commands' }
            : { message: (error as Error).message, input: 'commands' };
      }
    });
  }

  const stale = computed(() =>
    direction.value === 'to-run'
      ? problem.value !== null && reverse.value !== null
      : problem.value !== null && result.value !== null,
  );
  const warnings = computed<ListedWarning[]>(() => {
    if (direction.value === 'to-run') {
      return stale.value || !reverse.value
        ? []
        : reverse.value.result.warnings.map((warning) => ({ warning, merge: false }));
    }
    const r = result.value;
    if (!r || stale.value) return [];
    return [
      ...r.warnings.map((warning) => ({ warning, merge: false })),
      ...r.mergeWarnings.map((warning) => ({ warning, merge: true })),
    ].sort((a, b) => (a.warning.span?.offset ?? Infinity) - (b.warning.span?.offset ?? Infinity));
  });
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const summary = computed(() => {
    const w = count(warnings.value.length, 'warning', 'warnings');
    if (direction.value === 'to-run') {
      const r = reverse.value?.result;
      return r ? `${count(r.services.length, 'command', 'commands')} · ${w}` : '';
    }
    const r = result.value;
    return r ? `${count(r.services.length, 'service', 'services')} · ${w}` : '';
  });
  const output = computed<Output | null>(() => {
    if (direction.value === 'to-run') {
      const r = reverse.value;
      return r
        ? {
            text: r.result.text,
            language: 'shellscript',
            label: 'docker run commands',
            fileName: 'run.sh',
            validation: r.validation,
            summary: summary.value,
          }
        : null;
    }
    const r = result.value;
    return r
      ? {
          text: r.yaml,
          language: 'yaml',
          label: 'compose.yaml',
          fileName: 'compose.yaml',
          validation: r.validation,
          summary: summary.value,
        }
      : null;
  });

  let statusTimer: ReturnType<typeof setTimeout> | undefined;

  return {
    direction,
    composeText,
    output,
    commands,
    existing,
    comments,
    result,
    problem,
    stale,
    warnings,
    summary,
    status,

    /** Turns the tool around; a Compose file just written becomes the one to read back, if none is there yet. */
    setDirection(next: Direction) {
      if (next === direction.value) return;
      batch(() => {
        direction.value = next;
        problem.value = null;
        if (next === 'to-run' && composeText.value.trim() === '' && result.value) composeText.value = result.value.yaml;
      });
      run();
    },
    setComposeText(text: string) {
      composeText.value = text;
      run();
    },
    setCommands(text: string) {
      commands.value = text;
      run();
    },
    setExisting(text: string) {
      existing.value = text;
      run();
    },
    setComments(on: boolean) {
      comments.value = on;
      run();
    },
    /** Commands handed over by another tool or the context menu replace what was typed. */
    receive(text: string) {
      batch(() => {
        direction.value = 'to-compose';
        commands.value = text;
      });
      run();
    },
    loadExample() {
      commands.value = EXAMPLE;
      run();
    },
    /** Says something in the status line for a while. */
    announce(message: string, ms = 2500) {
      clearTimeout(statusTimer);
      status.value = message;
      statusTimer = setTimeout(() => (status.value = ''), ms);
    },
  };
}

export type ComposeStore = ReturnType<typeof createComposeStore>;

/** Where a span is, for a person: `3:14`. */
export function place(span: SourceSpan | undefined): string {
  return span ? `${span.line}:${span.column}` : '';
}
