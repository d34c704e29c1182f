/// <reference lib="webworker" />
/**
 * JSON Tools' worker: parses, formats and queries off the main thread, so a 10 MB document never freezes
 * the panel. The page terminates it when a query runs past its time limit.
 */
import { JsonEngine, type EngineRequest } from './engine.ts';

const engine = new JsonEngine();

self.onmessage = async (event: MessageEvent<{ id: number; request: EngineRequest }>) => {
  const { id, request } = event.data;
  try {
    const { reply, transfer } = await engine.handle(request);
    self.postMessage({ id, reply }, transfer);
  } catch (error) {
    self.postMessage({ id, reply: { type: 'error', message: (error as Error).message } });
  }
};
