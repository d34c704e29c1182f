/**
 * "Run folder / collection": send requests one after another, in the tree's
 * order, and report each one's status, time and size (no scripts). The
 * sending itself is injected, so the sequencing is pure and tested alone.
 */

export interface RunStep {
  id: string;
  name: string;
  method: string;
}

export type RunResult =
  | { state: 'pending' }
  | { state: 'running' }
  | { state: 'done'; status: number; statusText: string; timeMs: number; size: number }
  /** It could not be sent (an undefined variable, a missing file) or no response came back. */
  | { state: 'failed'; message: string }
  | { state: 'skipped' };

export interface RunProgress {
  steps: RunStep[];
  results: RunResult[];
  /** Index of the request being sent, or -1 when the run is over. */
  current: number;
  cancelled: boolean;
}

/**
 * Runs the steps in order, one at a time, calling `onProgress` with a fresh
 * snapshot after each change. `isCancelled` is asked before each send: once
 * it says yes, the rest are marked skipped. A step whose `send` throws is
 * marked failed with the message and the run goes on.
 */
export async function runSequence(
  steps: readonly RunStep[],
  send: (step: RunStep) => Promise<Extract<RunResult, { state: 'done' }>>,
  onProgress: (progress: RunProgress) => void,
  isCancelled: () => boolean = () => false,
): Promise<RunProgress> {
  const results: RunResult[] = steps.map(() => ({ state: 'pending' }));
  const snapshot = (current: number, cancelled: boolean): RunProgress => ({
    steps: [...steps],
    results: [...results],
    current,
    cancelled,
  });
  for (const [i, step] of steps.entries()) {
    if (isCancelled()) {
      for (let j = i; j < steps.length; j++) results[j] = { state: 'skipped' };
      const done = snapshot(-1, true);
      onProgress(done);
      return done;
    }
    results[i] = { state: 'running' };
    onProgress(snapshot(i, false));
    try {
      results[i] = await send(step);
    } catch (error) {
      results[i] = { state: 'failed', message: (error as Error).message };
    }
  }
  const done = snapshot(-1, isCancelled());
  onProgress(done);
  return done;
}
