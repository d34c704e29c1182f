import type { ConvertResult, Dialect, SourceSpan, Warning } from '../../../core/index.ts';

export interface ConversionRequest {
  id: number;
  text: string;
  target: string;
  dialect?: Dialect;
  only?: number;
}

export type ConversionResponse =
  | { id: number; ok: true; result: ConvertResult }
  | { id: number; ok: false; error: { message: string; code: string; span?: SourceSpan } };

/** One conversion in this page (no worker): the converter core loads on first use. */
async function runHere(request: ConversionRequest): Promise<ConversionResponse> {
  const { runConversion } = await import('./run-conversion.ts');
  return runConversion(request);
}

export type { Warning };

/**
 * Runs conversions in a worker, one at a time: while one runs, only the
 * newest request waits (older ones are dropped and resolve to null), so a
 * burst of keystrokes on a 1 MB command never queues up work. Runs in-line
 * where workers are unavailable.
 */
export class Converter {
  private worker: Worker | null = null;
  private seq = 0;
  private busy = false;
  private next: ConversionRequest | null = null;
  private waiting: ((response: ConversionResponse | null) => void) | null = null;

  constructor(useWorker = typeof Worker !== 'undefined') {
    if (!useWorker) return;
    try {
      this.worker = new Worker(new URL('./convert-worker.ts', import.meta.url), { type: 'module' });
      this.worker.onmessage = (event: MessageEvent<ConversionResponse>) => {
        this.busy = false;
        if (event.data.id === this.seq && this.waiting) {
          const resolve = this.waiting;
          this.waiting = null;
          resolve(event.data);
        }
        this.pump();
      };
      this.worker.onerror = () => {
        // Fall back to in-line conversion; answer what is waiting.
        this.worker = null;
        this.busy = false;
        const request = this.next;
        this.next = null;
        if (request && this.waiting) {
          const waiting = this.waiting;
          void runHere(request).then(waiting);
        }
        this.waiting = null;
      };
    } catch {
      this.worker = null;
    }
  }

  /** Converts; resolves null when a newer conversion superseded this one. */
  convert(request: Omit<ConversionRequest, 'id'>): Promise<ConversionResponse | null> {
    const id = ++this.seq;
    if (!this.worker) return runHere({ ...request, id });
    return new Promise((resolve) => {
      this.waiting?.(null);
      this.waiting = resolve;
      this.next = { ...request, id };
      this.pump();
    });
  }

  private pump(): void {
    if (this.busy || !this.next || !this.worker) return;
    const message = this.next;
    this.next = null;
    this.busy = true;
    this.worker.postMessage(message);
  }

  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
  }
}
