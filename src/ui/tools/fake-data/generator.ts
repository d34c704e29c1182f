import type { GeneratedOutput, GenerateRequest, WorkerReply } from './protocol.ts';

export interface Generation {
  /** The output, or null when cancelled. */
  done: Promise<GeneratedOutput | null>;
  cancel(): void;
}

export type Generate = (request: GenerateRequest, onProgress: (made: number) => void) => Generation;

/**
 * Generates in a new worker each time: Cancel ends the worker at once, whatever it is doing, and nothing of the
 * cancelled run can arrive later. In-line (with pauses between pieces) where workers are unavailable.
 */
export const generateInWorker: Generate = (request, onProgress) => {
  let settle: (output: GeneratedOutput | null) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const done = new Promise<GeneratedOutput | null>((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  const onReply = (reply: WorkerReply) => {
    if (reply.type === 'progress') onProgress(reply.made);
    else if (reply.type === 'done') settle({ bytes: reply.bytes, head: reply.head, complete: reply.complete });
    else fail(new Error(reply.message));
  };
  let worker: Worker | null = null;
  let cancelled = false;
  try {
    worker = new Worker(new URL('./fake-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<WorkerReply>) => onReply(event.data);
    worker.onerror = (event) => fail(new Error(event.message || 'The generator stopped.'));
    worker.postMessage(request);
  } catch {
    void import('./run-generation.ts').then(({ runGeneration }) =>
      runGeneration(request, (reply) => {
        if (!cancelled) onReply(reply);
      }),
    );
  }
  return {
    done,
    cancel() {
      cancelled = true;
      worker?.terminate();
      settle(null);
    },
  };
};
