import { batch, computed, signal, type ReadonlySignal } from '@preact/signals';
import { listTargets, type TargetInfo } from '../../../core/generators/targets.ts';
import type { ConvertResult, RequestSummary, Dialect, SourceSpan, Warning } from '../../../core/index.ts';
import type { ConversionRequest, ConversionResponse } from './conversion.ts';

export type DialectChoice = Dialect | 'auto';

/** Why the text did not convert; the span (line, column, offsets) when the parser knows where. */
export interface Problem {
  message: string;
  span?: SourceSpan;
}

/** Text handed over from outside (context menu, popup, Captured); `seq` tells two hand-overs of one text apart. */
export interface Incoming {
  text: string;
  seq: number;
}

/** One conversion; resolves null when a newer one superseded it (the worker client in conversion.ts). */
export type ConvertFunction = (request: Omit<ConversionRequest, 'id'>) => Promise<ConversionResponse | null>;

export interface ConverterStoreOptions {
  convert: ConvertFunction;
  settings: {
    /** The saved target at creation (may be unknown: the first target is used then). */
    target: string;
    /** Called when the user picks a target, to save it. */
    saveTarget: (target: string) => void;
  };
  /** The target menu; the registered targets unless a test says otherwise. */
  targets?: readonly TargetInfo[];
}

export interface ConverterStore {
  readonly targets: readonly TargetInfo[];
  readonly text: ReadonlySignal<string>;
  readonly dialect: ReadonlySignal<DialectChoice>;
  /** The one command converted when the text holds several; undefined converts all. */
  readonly only: ReadonlySignal<number | undefined>;
  /** The chosen target, always one of `targets`. */
  readonly target: ReadonlySignal<string>;
  /** The last good output: kept while a later edit fails, so the problem can say it is stale. */
  readonly result: ReadonlySignal<ConvertResult | null>;
  readonly problem: ReadonlySignal<Problem | null>;
  /** The warning whose span is selected in the input. */
  readonly active: ReadonlySignal<number | null>;
  /** Short messages for the live region (copied, saved, cannot open). */
  readonly status: ReadonlySignal<string>;
  readonly warnings: ReadonlySignal<readonly Warning[]>;
  readonly requests: ReadonlySignal<readonly RequestSummary[]>;
  /** The target that produced the shown result (the chosen one while nothing is shown). */
  readonly resultTarget: ReadonlySignal<TargetInfo | undefined>;
  /** How that target's language reads an environment variable, for the variables hint; null when no hint. */
  readonly envLookup: ReadonlySignal<((name: string) => string) | null>;

  setText(text: string): void;
  setDialect(dialect: DialectChoice): void;
  /** The user's choice: saved through the settings callback, then converted. */
  setTarget(target: string): void;
  /** The saved target changed elsewhere (loaded, or changed in another view): converts, does not save again. */
  syncTarget(target: string): void;
  pickCommand(index: number | undefined): void;
  /** Takes handed-over text once per `seq`, converting all its commands. */
  receive(incoming: Incoming): void;
  /** Converts the current text again (Ctrl+Enter). */
  convertNow(): void;
  selectWarning(index: number | null): void;
  /** Shows a status message, cleared after `clearAfterMs` when given. */
  announce(message: string, clearAfterMs?: number): void;
  /** Stops timers; responses still in flight are ignored. */
  dispose(): void;
}

/** How each language's generated code reads an environment variable. */
const ENV_LOOKUP: Record<string, (name: string) => string> = {
  javascript: (name) => `process.env.${name}`,
  python: (name) => `os.environ.get("${name}")`,
  go: (name) => `os.Getenv("${name}")`,
  rust: (name) => `std::env::var("${name}")`,
};

/**
 * The curl converter's session state, apart from any component: the text,
 * choices and output, and the actions that change them. Every change that
 * affects the output converts at once through the injected `convert`; only
 * the answer to the newest request is shown, however the answers arrive.
 */
export function createConverterStore({
  convert,
  settings,
  targets = listTargets(),
}: ConverterStoreOptions): ConverterStore {
  const valid = (id: string) => (targets.some((t) => t.id === id) ? id : (targets[0]?.id ?? ''));

  const text = signal('');
  const dialect = signal<DialectChoice>('auto');
  const only = signal<number | undefined>(undefined);
  const target = signal(valid(settings.target));
  const result = signal<ConvertResult | null>(null);
  const producedBy = signal<string | null>(null);
  const problem = signal<Problem | null>(null);
  const active = signal<number | null>(null);
  const status = signal('');

  const warnings = computed(() => result.value?.warnings ?? []);
  const requests = computed(() => result.value?.requests ?? []);
  const resultTarget = computed(() => {
    const id = producedBy.value ?? target.value;
    return targets.find((t) => t.id === id);
  });
  const envLookup = computed(() => {
    const language = resultTarget.value?.language;
    return (language !== undefined && ENV_LOOKUP[language]) || null;
  });

  /** Numbers conversions; an answer is shown only while its number is the newest. */
  let latest = 0;
  let lastSeq: number | undefined;
  let statusTimer: ReturnType<typeof setTimeout> | undefined;

  const run = (): void => {
    const ticket = ++latest;
    const value = text.peek();
    if (value.trim() === '') {
      batch(() => {
        result.value = null;
        producedBy.value = null;
        problem.value = null;
        active.value = null;
      });
      return;
    }
    const chosen = target.peek();
    const shell = dialect.peek();
    convert({ text: value, target: chosen, dialect: shell === 'auto' ? undefined : shell, only: only.peek() }).then(
      (response) => {
        if (!response || ticket !== latest) return; // a newer edit superseded this one
        batch(() => {
          if (response.ok) {
            result.value = response.result;
            producedBy.value = chosen;
            problem.value = null;
          } else {
            // Keep the last good output on screen; the problem says it is stale.
            problem.value = { message: response.error.message, span: response.error.span };
          }
          active.value = null;
        });
      },
      (error: unknown) => {
        if (ticket !== latest) return;
        problem.value = { message: error instanceof Error ? error.message : String(error) };
      },
    );
  };

  return {
    targets,
    text,
    dialect,
    only,
    target,
    result,
    problem,
    active,
    status,
    warnings,
    requests,
    resultTarget,
    envLookup,

    setText(value) {
      text.value = value;
      run();
    },
    setDialect(value) {
      dialect.value = value;
      run();
    },
    setTarget(id) {
      const next = valid(id);
      if (next === target.peek()) return;
      target.value = next;
      settings.saveTarget(next);
      run();
    },
    syncTarget(id) {
      const next = valid(id);
      if (next === target.peek()) return;
      target.value = next;
      run();
    },
    pickCommand(index) {
      only.value = index;
      run();
    },
    receive(incoming) {
      if (incoming.seq === lastSeq) return;
      lastSeq = incoming.seq;
      batch(() => {
        text.value = incoming.text;
        only.value = undefined;
      });
      run();
    },
    convertNow: run,
    selectWarning(index) {
      active.value = index;
    },
    announce(message, clearAfterMs) {
      clearTimeout(statusTimer);
      status.value = message;
      if (clearAfterMs !== undefined) statusTimer = setTimeout(() => (status.value = ''), clearAfterMs);
    },
    dispose() {
      clearTimeout(statusTimer);
      latest++;
    },
  };
}
