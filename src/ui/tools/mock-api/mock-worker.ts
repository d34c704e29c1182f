/// <reference lib="webworker" />
/** Mock API's generation off the page's main thread. */
import { computeMock, type MockJob } from './compute.ts';

self.onmessage = (event: MessageEvent<{ id: number; job: MockJob }>) => {
  self.postMessage({ id: event.data.id, outcome: computeMock(event.data.job) });
};
