/// <reference lib="webworker" />
/**
 * Checks documents off the main thread (a 2.5 MB spec takes a good part of a
 * second), and keeps the last one to build its operations' requests.
 */
import { createEngine } from '../../../core/openapi/engine.ts';
import type { EngineRequest, EngineResponse } from './engine-client.ts';

const engine = createEngine();

self.onmessage = (event: MessageEvent<EngineRequest>) => {
  const message = event.data;
  let response: EngineResponse;
  try {
    response =
      message.kind === 'check'
        ? { id: message.id, ok: true, value: engine.check(message.text) }
        : { id: message.id, ok: true, value: engine.request(message.pointer, message.server) };
  } catch (error) {
    response = { id: message.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(response);
};
