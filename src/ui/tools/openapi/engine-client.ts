import type { RestImport } from '../../../core/http/from-curl.ts';
import type { Checked, OpenApiEngine } from '../../../core/openapi/engine.ts';

export type EngineRequest =
  { id: number; kind: 'check'; text: string } | { id: number; kind: 'request'; pointer: string; server: number };

export type EngineResponse = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string };

/** What the store needs: checks (a newer one supersedes an older: it resolves null) and requests. */
export interface EngineClient {
  check(text: string): Promise<Checked | null>;
  request(pointer: string, server: number): Promise<RestImport>;
  dispose?(): void;
}

/** The engine in this thread (tests, or where workers are unavailable). */
export function inlineClient(engine: OpenApiEngine): EngineClient {
  let seq = 0;
  return {
    async check(text) {
      const id = ++seq;
      await Promise.resolve();
      if (id !== seq) return null;
      return engine.check(text);
    },
    async request(pointer, server) {
      return engine.request(pointer, server);
    },
  };
}

/**
 * The engine in a worker. Checks run one at a time; while one runs only the
 * newest text waits, so typing in a 2.5 MB document never queues work.
 */
export function workerClient(): EngineClient {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./openapi-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return lazyInline();
  }
  let nextId = 0;
  let latestCheck = 0;
  let checking = false;
  let queued: { id: number; text: string } | null = null;
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const send = (message: EngineRequest) => worker.postMessage(message);
  const pump = () => {
    if (checking || !queued) return;
    checking = true;
    send({ id: queued.id, kind: 'check', text: queued.text });
    queued = null;
  };
  worker.onmessage = (event: MessageEvent<EngineResponse>) => {
    const data = event.data;
    const waiter = pending.get(data.id);
    pending.delete(data.id);
    if (waiter) {
      if (data.ok) waiter.resolve(data.value);
      else waiter.reject(new Error(data.message));
    }
    if (checks.has(data.id)) {
      checks.delete(data.id);
      checking = false;
      pump();
    }
  };
  const checks = new Set<number>();
  return {
    check(text) {
      const id = ++nextId;
      latestCheck = id;
      // A check still waiting to be sent is replaced: it resolves null.
      if (queued) {
        pending.get(queued.id)?.resolve(null);
        pending.delete(queued.id);
        checks.delete(queued.id);
      }
      queued = { id, text };
      checks.add(id);
      return new Promise<Checked | null>((resolve, reject) => {
        pending.set(id, {
          resolve: (value) => resolve(id === latestCheck ? (value as Checked | null) : null),
          reject,
        });
        pump();
      });
    },
    request(pointer, server) {
      const id = ++nextId;
      return new Promise<RestImport>((resolve, reject) => {
        pending.set(id, { resolve: (value) => resolve(value as RestImport), reject });
        send({ id, kind: 'request', pointer, server });
      });
    },
    dispose() {
      worker.terminate();
    },
  };
}

function lazyInline(): EngineClient {
  let client: EngineClient | undefined;
  const get = async () => (client ??= inlineClient((await import('../../../core/openapi/engine.ts')).createEngine()));
  return {
    check: async (text) => (await get()).check(text),
    request: async (pointer, server) => (await get()).request(pointer, server),
  };
}
