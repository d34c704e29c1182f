import { batch, computed, signal } from '@preact/signals';
import type { SourceSpan, Warning } from '../../../core/errors.ts';
import {
  ComposeError,
  convertToCompose,
  type ComposeOptions,
  type ComposeResult,
} from '../../../core/compose/convert.ts';

export type Convert = (text: string, options: ComposeOptions) => ComposeResult;

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
  const commands = signal('');
  const existing = signal('');
  const comments = signal(false);
  const status = signal('');
  const result = signal<ComposeResult | null>(null);
  const problem = signal<ComposeProblem | null>(null);

  /** Converts the current texts: a new result, or a problem beside the last good result. */
  function run() {
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
  const stale = computed(() => problem.value !== null && result.value !== null);
  const warnings = computed<ListedWarning[]>(() => {
    const r = result.value;
    if (!r || stale.value) return [];
    return [
      ...r.warnings.map((warning) => ({ warning, merge: false })),
      ...r.mergeWarnings.map((warning) => ({ warning, merge: true })),
    ].sort((a, b) => (a.warning.span?.offset ?? Infinity) - (b.warning.span?.offset ?? Infinity));
  });
  const summary = computed(() => {
    const r = result.value;
    if (!r) return '';
    const n = r.services.length;
    const w = warnings.value.length;
    return `${n === 1 ? '1 service' : `${n} services`} · ${w === 1 ? '1 warning' : `${w} warnings`}`;
  });

  let statusTimer: ReturnType<typeof setTimeout> | undefined;

  return {
    commands,
    existing,
    comments,
    result,
    problem,
    stale,
    warnings,
    summary,
    status,

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
      commands.value = text;
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
