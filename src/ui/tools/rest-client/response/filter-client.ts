import { useEffect, useState } from 'preact/hooks';
import type { FilterResult, JsonFilter } from '../../../../core/json/filter.ts';

/** A filter that has not answered in this long is stopped (its worker ended) and reported (parsing 10 MB on a slow machine takes seconds). */
const TIME_LIMIT_MS = 30_000;

/** The page's side of the filter worker (in the page when a worker cannot start). */
class FilterClient {
  private worker: Worker | null = null;
  private inline: Promise<JsonFilter> | null = null;
  private seq = 0;
  private waiting = new Map<number, (result: FilterResult) => void>();

  private start(): Worker | null {
    if (this.worker) return this.worker;
    try {
      this.worker = new Worker(new URL('./filter-worker.ts', import.meta.url), { type: 'module' });
      this.worker.onmessage = (event: MessageEvent<{ id: number; result: FilterResult }>) => {
        this.waiting.get(event.data.id)?.(event.data.result);
        this.waiting.delete(event.data.id);
      };
    } catch {
      this.worker = null;
    }
    return this.worker;
  }

  run(text: string, expression: string): Promise<FilterResult> {
    const worker = this.start();
    if (!worker) {
      // The engines load only here (about 150 KB): the worker carries its own copy.
      this.inline ??= import('../../../../core/json/filter.ts').then(({ JsonFilter }) => new JsonFilter());
      return this.inline.then((filter) => filter.run(text, expression));
    }
    const id = ++this.seq;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        worker.terminate();
        this.worker = null;
        for (const [, done] of this.waiting)
          done({ ok: false, language: 'JSONPath', message: `Stopped after ${TIME_LIMIT_MS / 1000} s.` });
        this.waiting.clear();
      }, TIME_LIMIT_MS);
      this.waiting.set(id, (result) => {
        clearTimeout(timer);
        resolve(result);
      });
      worker.postMessage({ id, text, expression });
    });
  }
}

let client: FilterClient | null = null;

/** The filter's answer for the current body and expression (null while none is typed); the latest wins. */
export function useJsonFilter(text: string, expression: string): { result: FilterResult | null; busy: boolean } {
  const [state, setState] = useState<{ result: FilterResult | null; busy: boolean }>({ result: null, busy: false });
  useEffect(() => {
    if (expression.trim() === '') {
      setState({ result: null, busy: false });
      return;
    }
    let current = true;
    setState((s) => ({ ...s, busy: true }));
    const timer = setTimeout(() => {
      client ??= new FilterClient();
      void client.run(text, expression).then((result) => current && setState({ result, busy: false }));
    }, 150);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text, expression]);
  return state;
}
