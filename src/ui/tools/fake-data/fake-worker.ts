/// <reference lib="webworker" />
/** Fake Data's generator, off the page's main thread: one generation per message; the page ends it to cancel. */
import type { GenerateRequest, WorkerReply } from './protocol.ts';
import { runGeneration } from './run-generation.ts';

self.onmessage = (event: MessageEvent<GenerateRequest>) => {
  void runGeneration(event.data, (reply: WorkerReply) =>
    self.postMessage(reply, reply.type === 'done' ? [reply.bytes.buffer] : []),
  );
};
