import { JsonEngine, SAME_TEXT, type EngineReply, type EngineRequest } from './engine.ts';

/** What the store asks of the engine: a request and its reply. */
export interface EngineConnection {
  request(request: EngineRequest, options?: { timeLimitMs?: number }): Promise<EngineReply>;
}

export class EngineTimeout extends Error {
  override name = 'EngineTimeout';
}

/**
 * The page's side of JSON Tools' worker. A request with a time limit that the worker does not answer in
 * time ends the worker (a runaway query cannot be interrupted any other way) and rejects with
 * EngineTimeout; the next request starts a fresh worker. Without worker support the engine runs in the page.
 */
export class WorkerConnection implements EngineConnection {
  private worker: Worker | null = null;
  private inline: JsonEngine | null = null;
  private seq = 0;
  /** The document text this worker already has: later requests over it do not copy 10 MB again. */
  private sentText: string | null = null;
  private pending = new Map<number, { resolve(reply: EngineReply): void; reject(error: Error): void }>();

  private start(): Worker | null {
    if (this.worker) return this.worker;
    try {
      const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
      worker.onmessage = (event: MessageEvent<{ id: number; reply: EngineReply }>) => {
        const waiting = this.pending.get(event.data.id);
        this.pending.delete(event.data.id);
        waiting?.resolve(event.data.reply);
      };
      worker.onerror = () => this.restart(new Error('The JSON worker stopped.'));
      this.worker = worker;
    } catch {
      this.worker = null;
    }
    return this.worker;
  }

  private restart(reason: Error) {
    this.worker?.terminate();
    this.worker = null;
    this.sentText = null;
    for (const waiting of this.pending.values()) waiting.reject(reason);
    this.pending.clear();
  }

  request(request: EngineRequest, options: { timeLimitMs?: number } = {}): Promise<EngineReply> {
    const worker = this.start();
    if (!worker) {
      this.inline ??= new JsonEngine();
      return this.inline.handle(request).then((r) => r.reply);
    }
    const id = ++this.seq;
    return new Promise<EngineReply>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      this.pending.set(id, {
        resolve: (reply) => {
          clearTimeout(timer);
          resolve(reply);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      if (options.timeLimitMs !== undefined) {
        timer = setTimeout(
          () =>
            this.restart(
              new EngineTimeout(`Stopped after ${options.timeLimitMs! / 1000} s: the expression runs too long.`),
            ),
          options.timeLimitMs,
        );
      }
      worker.postMessage({ id, request: this.withoutKnownText(request) });
    });
  }

  /**
   * Requests carry the document; the worker keeps the last one it parsed, so a request over the same text
   * says so instead of sending it (structured-cloning 10 MB on every keystroke of a selector or every hover
   * of a line would cost the page that much each time).
   */
  private withoutKnownText(request: EngineRequest): EngineRequest {
    if (!('jsonc' in request)) return request;
    if (request.text === this.sentText) return { ...request, text: SAME_TEXT };
    this.sentText = request.text;
    return request;
  }

  dispose() {
    this.restart(new Error('Closed.'));
  }
}

/** Runs the engine in the same thread (unit tests; and the fallback above). */
export class InlineConnection implements EngineConnection {
  private engine = new JsonEngine();
  request(request: EngineRequest): Promise<EngineReply> {
    return this.engine.handle(request).then((r) => r.reply);
  }
}
