/**
 * Spec to code for callers that hold a REST client request (the "Copy as
 * code" action and the live code view), with the target's generator loaded
 * on first use. `code.ts` is the eager form for Node.
 */
import { loadGenerator } from '../generators/loaders.ts';
import type { GeneratedCode, GenerateOptions } from '../generators/types.ts';
import { specFromRest, type RestRequestSource } from './from-rest.ts';

/** Writes the program for one REST client request in the target it was loaded for; synchronous. */
export type RestCodeWriter = (source: RestRequestSource, options?: GenerateOptions) => GeneratedCode;

/** Loads a target's generator; rejects with a plain Error for an unknown target id. */
export async function loadRestCodeWriter(targetId: string): Promise<RestCodeWriter> {
  const generator = await loadGenerator(targetId);
  return (source, options) => generator.generate(specFromRest(source), options);
}
