/**
 * How Mock API runs a generation: in a worker (the tool), or in this page (tests, and where workers are
 * unavailable). The page itself never loads the generators (faker, json-schema-faker, the validator) unless a
 * worker cannot start.
 */
import type { MockJob, MockOutcome } from './compute.ts';

export type RunMock = (job: MockJob) => Promise<MockOutcome>;

/** In this page (tests, and where workers are unavailable). */
export const runHere: RunMock = async (job) => (await import('./compute.ts')).computeMock(job);

/**
 * In a worker, so a hundred values of a large schema never hold up typing. Jobs are answered in order; the store
 * shows only the newest change's answer.
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
