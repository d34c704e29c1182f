import { batch, signal } from '@preact/signals';
import type { Indent } from '../../../core/json/format.ts';
import type { QueryLanguage } from '../../../core/json/query.ts';
import { EngineTimeout, type EngineConnection } from './client.ts';
import type { DocumentOptions, DocumentReply, EngineReply, EngineRequest, PathResult } from './engine.ts';

export const MODES = ['format', 'validate', 'compare', 'path', 'query', 'schema'] as const;
export type Mode = (typeof MODES)[number];

export const MODE_TITLES: Record<Mode, string> = {
  format: 'Format',
  validate: 'Validate',
  compare: 'Compare',
  path: 'JSONPath',
  query: 'Query',
  schema: 'Generate schema',
};

/** How long a JSONata or JMESPath expression may run before the worker is stopped. */
export const QUERY_TIME_LIMIT_MS = 3000;

type Reply<T extends EngineReply['type']> = Extract<EngineReply, { type: T }>;

export const EXAMPLE = `{
  "id": 12345678901234567890,
  "price": 1.10,
  "created": "2026-11-25T10:00:00Z",
  "owner": { "name": "Ada", "email": "ada@example.com" },
  "items": [
    { "id": 1, "name": "pen", "qty": 2 },
    { "id": 2, "name": "ink", "qty": 10 }
  ]
}`;

/**
 * JSON Tools' state: the document and its options, the mode, and each mode's inputs and last answer.
 * All work goes to the engine (a worker in the panel); answers to superseded requests are dropped, so
 * what is shown is always for the current inputs. No DOM: unit-tested with the engine inline.
 */
export function createJsonToolsStore(options: {
  engine: EngineConnection;
  /** Delays a refresh after typing; tests pass one that runs at once. */
  schedule?: (run: () => void) => void;
}) {
  const { engine } = options;
  const schedule =
    options.schedule ??
    (() => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      return (run: () => void) => {
        clearTimeout(timer);
        timer = setTimeout(run, 120);
      };
    })();

  const mode = signal<Mode>('format');
  const text = signal('');
  const title = signal('');
  const jsonc = signal(false);
  const indent = signal<Indent | 'minify'>(2);
  const sortKeys = signal(false);
  const document = signal<DocumentReply | null>(null);
  const busy = signal(false);
  const status = signal('');

  const selector = signal('$');
  const pathReply = signal<Reply<'path'> | null>(null);
  const language = signal<QueryLanguage>('jmespath');
  const expression = signal('');
  const queryReply = signal<Reply<'query'> | null>(null);
  const schemaText = signal('');
  const formats = signal<'default' | 'assert' | 'annotate'>('default');
  const validation = signal<Reply<'validate-schema'> | null>(null);
  const right = signal('');
  const arrayKey = signal('');
  const ignoreOrder = signal(false);
  const diff = signal<Reply<'diff'> | null>(null);
  const each = signal(false);
  const generated = signal<Reply<'generate-schema'> | null>(null);
  /** Escape/unescape output, shown instead of the formatted document until the input changes. */
  const stringResult = signal<Reply<'string'> | null>(null);

  const docOptions = (): DocumentOptions => ({
    text: text.value,
    jsonc: jsonc.value,
    indent: indent.value,
    sortKeys: sortKeys.value,
  });

  /** Sends a request; resolves with the reply only if no newer request of the same slot was sent since. */
  const latest = new Map<string, number>();
  let pending = 0;
  let idle: Promise<void> = Promise.resolve();
  let release: (() => void) | null = null;
  async function send<T extends EngineReply['type']>(
    slot: string,
    request: EngineRequest,
    apply: (reply: Reply<T>) => void,
    timeLimitMs?: number,
  ): Promise<Reply<T> | null> {
    const seq = (latest.get(slot) ?? 0) + 1;
    latest.set(slot, seq);
    if (pending++ === 0) idle = new Promise((resolve) => (release = resolve));
    busy.value = true;
    try {
      const reply = await engine.request(request, { timeLimitMs });
      if (latest.get(slot) !== seq) return null;
      if (reply.type === 'error') {
        status.value = `Something went wrong: ${reply.message}`;
        return null;
      }
      // Applied here, before `settled()` can resolve in the finally below.
      apply(reply as Reply<T>);
      return reply as Reply<T>;
    } catch (error) {
      if (latest.get(slot) !== seq) return null;
      if (error instanceof EngineTimeout) {
        apply({ type: 'query', error: { message: error.message }, timedOut: true } as Reply<T>);
        // The worker was stopped: the document view must be asked for again.
        void refreshDocument();
        return null;
      }
      status.value = `Something went wrong: ${(error as Error).message}`;
      return null;
    } finally {
      if (--pending === 0) {
        busy.value = false;
        release?.();
      }
    }
  }

  async function refreshDocument() {
    await send<'document'>('document', { type: 'document', ...docOptions() }, (r) => (document.value = r));
  }

  async function refreshMode() {
    const base = docOptions();
    if (text.value.trim() === '') return;
    switch (mode.value) {
      case 'path': {
        await send<'path'>('path', { type: 'path', selector: selector.value, ...base }, (r) => (pathReply.value = r));
        break;
      }
      case 'query': {
        if (expression.value.trim() === '') {
          queryReply.value = null;
          break;
        }
        await send<'query'>(
          'query',
          {
            type: 'query',
            language: language.value,
            expression: expression.value,
            timeLimitMs: QUERY_TIME_LIMIT_MS,
            ...base,
          },
          (r) => (queryReply.value = r),
          QUERY_TIME_LIMIT_MS + 1000,
        );
        break;
      }
      case 'validate': {
        if (schemaText.value.trim() === '') {
          validation.value = null;
          break;
        }
        await send<'validate-schema'>(
          'validate',
          { type: 'validate-schema', schema: schemaText.value, formats: formats.value, ...base },
          (r) => (validation.value = r),
        );
        break;
      }
      case 'compare': {
        if (right.value.trim() === '') {
          diff.value = null;
          break;
        }
        await send<'diff'>(
          'diff',
          { type: 'diff', right: right.value, key: arrayKey.value, ignoreOrder: ignoreOrder.value, ...base },
          (r) => (diff.value = r),
        );
        break;
      }
      case 'schema': {
        await send<'generate-schema'>(
          'schema',
          { type: 'generate-schema', each: each.value, ...base },
          (r) => (generated.value = r),
        );
        break;
      }
      case 'format':
        break;
    }
  }

  /**
   * The debounce is shared, so a later keystroke in the selector replaces a pending run: the document's
   * refresh, once due, stays due until a run does it (pasting a document and typing a selector within the
   * delay must still show the document).
   */
  let documentDue = false;
  const runDue = () => {
    if (documentDue) {
      documentDue = false;
      void refreshDocument();
    }
    void refreshMode();
  };
  /** After the document or its options change: the view, then the mode's answer. */
  function refreshAll() {
    documentDue = true;
    schedule(runDue);
  }
  const refreshModeSoon = () => schedule(runDue);

  const set =
    <T>(sig: { value: T }, after: () => void) =>
    (value: T) => {
      if (sig.value === value) return;
      sig.value = value;
      after();
    };

  return {
    mode,
    text,
    title,
    jsonc,
    indent,
    sortKeys,
    document,
    busy,
    status,
    selector,
    pathReply,
    language,
    expression,
    queryReply,
    schemaText,
    formats,
    validation,
    right,
    arrayKey,
    ignoreOrder,
    diff,
    each,
    generated,
    stringResult,

    setMode(next: Mode) {
      if (mode.value === next) return;
      mode.value = next;
      void refreshMode();
    },
    setText(next: string) {
      if (text.value === next) return;
      batch(() => {
        text.value = next;
        stringResult.value = null;
      });
      refreshAll();
    },
    /** A document handed over by another tool (or the context menu). */
    receive(next: string, from?: string) {
      batch(() => {
        text.value = next;
        title.value = from ?? '';
        stringResult.value = null;
        status.value = from ? `Opened ${from}.` : 'Opened the JSON.';
      });
      void refreshDocument();
      void refreshMode();
    },
    setJsonc: set(jsonc, refreshAll),
    setIndent: set(indent, () => void refreshDocument()),
    setSortKeys: set(sortKeys, () => void refreshDocument()),
    setSelector: set(selector, refreshModeSoon),
    setLanguage: set(language, () => void refreshMode()),
    setExpression: set(expression, refreshModeSoon),
    setSchemaText: set(schemaText, refreshModeSoon),
    setFormats: set(formats, () => void refreshMode()),
    setRight: set(right, refreshModeSoon),
    setArrayKey: set(arrayKey, refreshModeSoon),
    setIgnoreOrder: set(ignoreOrder, () => void refreshMode()),
    setEach: set(each, () => void refreshMode()),

    /** Escape the document as one JSON string, or unescape a JSON string back to its text. */
    async transformString(op: 'escape' | 'unescape') {
      await send<'string'>('string', { type: 'string', op, text: text.value }, (r) => (stringResult.value = r));
    },
    /** Makes the escape/unescape result the document (the previous one is given back for undo). */
    useStringResult(): string | null {
      const result = stringResult.value?.text;
      if (result === undefined) return null;
      const previous = text.value;
      batch(() => {
        text.value = result;
        stringResult.value = null;
      });
      void refreshDocument();
      void refreshMode();
      return previous;
    },
    /** The normalized path and pointer of a line of the formatted view. */
    async pathAt(line: number): Promise<{ path: string; pointer: string } | null> {
      const reply = await send<'path-at'>(`path-at`, { type: 'path-at', line, ...docOptions() }, () => undefined);
      return reply && reply.path ? { path: reply.path, pointer: reply.pointer } : null;
    },
    loadExample() {
      this.setText(EXAMPLE);
    },
    announce(message: string) {
      status.value = message;
    },
    /** Resolves when every request sent so far has been answered (tests, and callers that need the result). */
    settled: () => idle,
  };
}

export type JsonToolsStore = ReturnType<typeof createJsonToolsStore>;
export type { PathResult };
