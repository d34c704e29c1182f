/// <reference lib="webworker" />
/**
 * Formats, indexes and highlights response bodies off the main thread, so a
 * 10 MB body never freezes the panel.
 */
import { BodyEngine, type EngineRequest } from './body-engine.ts';

const engine = new BodyEngine((reply, transfer) => self.postMessage(reply, transfer ?? []));

self.onmessage = (event: MessageEvent<EngineRequest>) => engine.handle(event.data);
