/**
 * Spec to code in one call, for callers that hold a REST client request: the
 * "Copy as code" action and the live code view load this module on demand.
 */
import { generate } from '../generators/registry.ts';
import type { GeneratedCode, GenerateOptions } from '../generators/types.ts';
import { specFromRest, type RestRequestSource } from './from-rest.ts';

/** The program for one target that sends a REST client request; synchronous. */
export function codeForRest(source: RestRequestSource, targetId: string, options?: GenerateOptions): GeneratedCode {
  return generate(specFromRest(source), targetId, options);
}
