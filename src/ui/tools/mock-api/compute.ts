import { MockError, mockFromSchema, parseSchemaText, type MockOptions } from '../../../core/mock/generate.ts';
import { mockOperation, parseOpenApi, type MockedResponse } from '../../../core/mock/openapi.ts';

/** One generation: everything it needs as plain data (it crosses to the worker). */
export type MockJob =
  | { source: 'schema'; schemaText: string; options: MockOptions }
  | {
      source: 'openapi';
      documentText: string;
      method: string;
      path: string;
      options: MockOptions;
      /** The content type chosen per status code (else the first JSON one). */
      contentTypes: Record<string, string>;
    };

export type MockOutcome =
  | { ok: true; kind: 'schema'; values: unknown[]; fallbacks: number }
  | { ok: true; kind: 'openapi'; responses: MockedResponse[] }
  | { ok: false; message: string };

/** Runs a job with the pure core; a `MockError` becomes the message the user reads. */
export function computeMock(job: MockJob): MockOutcome {
  try {
    if (job.source === 'schema') {
      const r = mockFromSchema(parseSchemaText(job.schemaText), job.options);
      return { ok: true, kind: 'schema', values: r.values, fallbacks: r.fallbacks };
    }
    const doc = parseOpenApi(job.documentText);
    return {
      ok: true,
      kind: 'openapi',
      responses: mockOperation(doc, job.method, job.path, job.options, job.contentTypes),
    };
  } catch (error) {
    if (error instanceof MockError) return { ok: false, message: error.message };
    return { ok: false, message: `The mock could not be made: ${(error as Error).message}` };
  }
}

export type RunMock = (job: MockJob) => Promise<MockOutcome>;

/** In this page (tests, and where workers are unavailable). */
export const runHere: RunMock = (job) => Promise.resolve(computeMock(job));

/**
 * In a worker, so a hundred values of a large schema never hold up typing: one job at a time, and while one runs
 * only the newest waits (an older waiting job resolves to null and is dropped by the store anyway).
 */
export function workerRunner(): RunMock {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./mock-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return runHere;
  }
  let seq = 0;
  const waiting = new Map<number, (outcome: MockOutcome) => void>();
  worker.onmessage = (event: MessageEvent<{ id: number; outcome: MockOutcome }>) => {
    waiting.get(event.data.id)?.(event.data.outcome);
    waiting.delete(event.data.id);
  };
  worker.onerror = (event) => {
    for (const resolve of waiting.values()) resolve({ ok: false, message: event.message || 'The generator stopped.' });
    waiting.clear();
  };
  return (job) =>
    new Promise((resolve) => {
      const id = ++seq;
      waiting.set(id, resolve);
      worker.postMessage({ id, job });
    });
}
