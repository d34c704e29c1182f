import { batch, computed, signal } from '@preact/signals';
import type { RestImport } from '../../../core/http/from-curl.ts';
import type { MockOptions } from '../../../core/mock/generate.ts';
import type { MockedResponse } from '../../../core/mock/openapi.ts';
import { listOperations, parseOpenApi, type OperationInfo } from '../../../core/mock/openapi-doc.ts';
import type { MockJob } from './compute.ts';
import { runHere, type RunMock } from './runner.ts';

export type Source = 'schema' | 'openapi';

export const EXAMPLE_SCHEMA = `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["id", "name", "email", "created", "tags"],
  "properties": {
    "id": { "type": "string", "format": "uuid" },
    "name": { "type": "string", "x-faker": "person.fullName" },
    "email": { "type": "string", "format": "email" },
    "created": { "type": "string", "format": "date-time" },
    "role": { "enum": ["admin", "editor", "viewer"] },
    "tags": { "type": "array", "items": { "type": "string", "pattern": "^[a-z]{3,8}$" }, "maxItems": 3 }
  }
}`;

/** Options the user sets; the seed is always shown. */
export interface Settings {
  seed: number;
  count: number;
  /** Percent chance an optional property is present. */
  optionalPercent: number;
  minItems: number | null;
  maxItems: number | null;
  preferExamples: boolean;
}

export const MAX_UI_COUNT = 100;

export interface SchemaResult {
  kind: 'schema';
  seed: number;
  /** The count the values were made with: the output's shape follows it, not the setting being typed. */
  count: number;
  values: unknown[];
  fallbacks: number;
}
export interface OpenApiResult {
  kind: 'openapi';
  seed: number;
  count: number;
  responses: MockedResponse[];
}

const operationKey = (op: Pick<OperationInfo, 'method' | 'path'>) => `${op.method.toUpperCase()} ${op.path}`;

/** A new seed: what "New seed" picks (injectable so tests choose it). */
export const randomSeed = () => Math.floor(Math.random() * 2_147_483_647);

/**
 * Mock API's state: the input (a schema or an OpenAPI document and an operation), the settings, and the values
 * made from them. Generation goes through an injected runner (a worker in the tool, the page in tests); only the
 * newest change's answer is shown.
 * No DOM: unit-tested.
 */
export function createMockStore(options: { newSeed?: () => number; run?: RunMock } = {}) {
  const newSeed = options.newSeed ?? randomSeed;
  const runMock = options.run ?? runHere;
  const source = signal<Source>('schema');
  const schemaText = signal('');
  const title = signal('');
  const documentText = signal('');
  const operation = signal('');
  const status = signal('');
  /** The response shown, by status code. */
  const shownStatus = signal('');
  /** Content types chosen per status code, for the operation on show. */
  const contentTypes = signal<Record<string, string>>({});
  const settings = signal<Settings>({
    seed: 1,
    count: 1,
    optionalPercent: 50,
    minItems: null,
    maxItems: null,
    preferExamples: true,
  });
  const result = signal<SchemaResult | OpenApiResult | null>(null);
  const problem = signal<string | null>(null);

  const parsedDocument = computed(() => {
    if (documentText.value.trim() === '') return { operations: [] as OperationInfo[], error: null, doc: null };
    try {
      const doc = parseOpenApi(documentText.value);
      return { operations: listOperations(doc), error: null, doc };
    } catch (error) {
      return { operations: [] as OperationInfo[], error: (error as Error).message, doc: null };
    }
  });

  function mockOptions(): MockOptions {
    const s = settings.value;
    return {
      seed: s.seed,
      count: s.count,
      optionalProbability: s.optionalPercent / 100,
      ...(s.minItems !== null ? { minItems: s.minItems } : {}),
      ...(s.maxItems !== null ? { maxItems: s.maxItems } : {}),
      preferExamples: s.preferExamples,
    };
  }

  let runSeq = 0;
  /** The last run's promise, so tests (and callers) can wait for the values on show. */
  let lastRun: Promise<void> = Promise.resolve();

  /** Checks the settings here; the generation runs through the injected runner; only the newest answer shows. */
  function run(): Promise<void> {
    const seq = ++runSeq;
    const fail = (message: string) =>
      batch(() => {
        problem.value = message;
      });
    const s = settings.value;
    if (!Number.isSafeInteger(s.seed)) return (lastRun = Promise.resolve(fail('The seed is a whole number.')));
    if (!Number.isInteger(s.count) || s.count < 1 || s.count > MAX_UI_COUNT) {
      return (lastRun = Promise.resolve(fail(`The count is a whole number from 1 to ${MAX_UI_COUNT}.`)));
    }
    if (s.minItems !== null && s.maxItems !== null && s.minItems > s.maxItems) {
      return (lastRun = Promise.resolve(fail('The smallest array size is larger than the largest.')));
    }
    let job: MockJob;
    if (source.value === 'schema') {
      if (schemaText.value.trim() === '') {
        batch(() => {
          result.value = null;
          problem.value = null;
        });
        return (lastRun = Promise.resolve());
      }
      job = { source: 'schema', schemaText: schemaText.value, options: mockOptions() };
    } else {
      const parsed = parsedDocument.value;
      if (parsed.error) return (lastRun = Promise.resolve(fail(parsed.error)));
      if (!parsed.doc) {
        batch(() => {
          result.value = null;
          problem.value = null;
        });
        return (lastRun = Promise.resolve());
      }
      if (parsed.operations.length === 0) return (lastRun = Promise.resolve(fail('The document has no operations.')));
      let op = parsed.operations.find((o) => operationKey(o) === operation.value);
      if (!op) {
        op = parsed.operations[0]!;
        operation.value = operationKey(op);
      }
      job = {
        source: 'openapi',
        documentText: documentText.value,
        method: op.method,
        path: op.path,
        options: mockOptions(),
        contentTypes: contentTypes.value,
      };
    }
    lastRun = runMock(job).then((outcome) => {
      if (seq !== runSeq) return;
      batch(() => {
        if (!outcome.ok) {
          problem.value = outcome.message;
          return;
        }
        if (outcome.kind === 'schema') {
          result.value = {
            kind: 'schema',
            seed: job.options.seed,
            count: job.options.count,
            values: outcome.values,
            fallbacks: outcome.fallbacks,
          };
        } else {
          result.value = {
            kind: 'openapi',
            seed: job.options.seed,
            count: job.options.count,
            responses: outcome.responses,
          };
          if (!outcome.responses.some((r) => r.status === shownStatus.value)) {
            shownStatus.value = outcome.responses[0]?.status ?? '';
          }
        }
        problem.value = null;
      });
    });
    return lastRun;
  }

  /** The response on show (OpenAPI). */
  const shown = computed<MockedResponse | null>(() => {
    const r = result.value;
    if (r?.kind !== 'openapi') return null;
    return r.responses.find((response) => response.status === shownStatus.value) ?? r.responses[0] ?? null;
  });

  /** The output text: one value as JSON, several as a JSON array. */
  const output = computed<string | null>(() => {
    const r = result.value;
    if (!r || problem.value !== null) return null;
    const values = r.kind === 'schema' ? r.values : (shown.value?.bodies ?? []);
    if (values.length === 0) return null;
    return `${JSON.stringify(r.count === 1 ? values[0] : values, null, 2)}\n`;
  });

  let statusTimer: ReturnType<typeof setTimeout> | undefined;

  return {
    source,
    schemaText,
    title,
    documentText,
    operation,
    operations: computed(() => parsedDocument.value.operations),
    settings,
    result,
    problem,
    shown,
    shownStatus,
    output,
    status,
    run,
    /** Resolves when the values for the latest change are on show. */
    settled: () => lastRun,

    setSource(next: Source) {
      source.value = next;
      return run();
    },
    setSchemaText(text: string) {
      batch(() => {
        schemaText.value = text;
        title.value = '';
      });
      return run();
    },
    setDocumentText(text: string) {
      documentText.value = text;
      return run();
    },
    setOperation(key: string) {
      batch(() => {
        operation.value = key;
        contentTypes.value = {};
      });
      return run();
    },
    showResponse(status: string) {
      shownStatus.value = status;
    },
    /** Mocks the shown response in another of its content types. */
    setContentType(status: string, type: string) {
      contentTypes.value = { ...contentTypes.value, [status]: type };
      return run();
    },
    change(patch: Partial<Settings>) {
      settings.value = { ...settings.value, ...patch };
      return run();
    },
    /** A fresh seed (shown, so the output can be made again). */
    reseed() {
      settings.value = { ...settings.value, seed: newSeed() };
      return run();
    },
    loadExample() {
      batch(() => {
        source.value = 'schema';
        schemaText.value = EXAMPLE_SCHEMA;
        title.value = '';
      });
      return run();
    },
    /** A schema handed over by another tool (a response captured in the REST client). */
    receiveSchema(schema: string, from?: string) {
      batch(() => {
        source.value = 'schema';
        schemaText.value = schema;
        title.value = from ?? '';
      });
      return run();
    },
    receiveOpenApi(text: string, method?: string, path?: string) {
      batch(() => {
        source.value = 'openapi';
        documentText.value = text;
        operation.value = method && path ? `${method.toUpperCase()} ${path}` : '';
        contentTypes.value = {};
      });
      return run();
    },
    /** What "Use as request body" hands the REST client. */
    requestImport(): RestImport | null {
      const body = output.value;
      if (body === null) return null;
      const [method, path] = source.value === 'openapi' ? operation.value.split(' ') : [];
      const contentType =
        source.value === 'openapi' ? (shown.value?.contentType ?? 'application/json') : 'application/json';
      return {
        request: {
          method: method && method !== 'GET' && method !== 'HEAD' ? method : 'POST',
          url: path ? `https://api.example.com${path}` : '',
          headers: [{ name: 'Content-Type', value: contentType }],
          body,
        },
        notes: path ? ['The URL uses https://api.example.com: replace it with your server.'] : [],
      };
    },
    announce(message: string, ms = 2500) {
      clearTimeout(statusTimer);
      status.value = message;
      statusTimer = setTimeout(() => (status.value = ''), ms);
    },
  };
}

export type MockStore = ReturnType<typeof createMockStore>;
