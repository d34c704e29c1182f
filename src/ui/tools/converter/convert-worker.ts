/// <reference lib="webworker" />
/**
 * Converts off the main thread, so a 1 MB paste never freezes typing. The
 * core is pure, so it runs here unchanged.
 */
import type { ConversionRequest } from './conversion.ts';
import { runConversion } from './run-conversion.ts';

self.onmessage = (event: MessageEvent<ConversionRequest>) => {
  self.postMessage(runConversion(event.data));
};
