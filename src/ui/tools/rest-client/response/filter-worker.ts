/// <reference lib="webworker" />
/** Runs the response filter (JSONPath or JMESPath) off the main thread, so filtering a 10 MB body never freezes the panel. */
import { JsonFilter } from '../../../../core/json/filter.ts';

const filter = new JsonFilter();

self.onmessage = (event: MessageEvent<{ id: number; text: string; expression: string }>) => {
  const { id, text, expression } = event.data;
  try {
    self.postMessage({ id, result: filter.run(text, expression) });
  } catch (error) {
    self.postMessage({ id, result: { ok: false, language: 'JSONPath', message: (error as Error).message } });
  }
};
