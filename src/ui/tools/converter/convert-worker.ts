/// <reference lib="webworker" />
/**
 * Converts off the main thread, so a 1 MB paste never freezes typing. The
 * core is pure, so it runs here unchanged; each target's generator is
 * loaded here the first time it is chosen.
 */
import type { ConversionRequest } from './conversion.ts';
import { runConversion } from './run-conversion.ts';

self.onmessage = async (event: MessageEvent<ConversionRequest>) => {
  self.postMessage(await runConversion(event.data));
};
