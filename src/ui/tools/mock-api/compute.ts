import { MockError, mockFromSchema, parseSchemaText, type MockOptions } from '../../../core/mock/generate.ts';
import { mockOperation, parseOpenApi, type MockedResponse } from '../../../core/mock/openapi.ts';

/** One generation: everything it needs as plain data (it crosses to the worker). */
export type MockJob =
  | { source: 'schema'; schemaText: string; options: MockOptions }
  | {
      source: 'openapi';
      documentText: string;
      method: string;
      path: string;
      options: MockOptions;
      /** The content type chosen per status code (else the first JSON one). */
      contentTypes: Record<string, string>;
    };

export type MockOutcome =
  | { ok: true; kind: 'schema'; values: unknown[]; fallbacks: number }
  | { ok: true; kind: 'openapi'; responses: MockedResponse[] }
  | { ok: false; message: string };

/** Runs a job with the pure core; a `MockError` becomes the message the user reads. */
export function computeMock(job: MockJob): MockOutcome {
  try {
    if (job.source === 'schema') {
      const r = mockFromSchema(parseSchemaText(job.schemaText), job.options);
      return { ok: true, kind: 'schema', values: r.values, fallbacks: r.fallbacks };
    }
    const doc = parseOpenApi(job.documentText);
    return {
      ok: true,
      kind: 'openapi',
      responses: mockOperation(doc, job.method, job.path, job.options, job.contentTypes),
    };
  } catch (error) {
    if (error instanceof MockError) return { ok: false, message: error.message };
    return { ok: false, message: `The mock could not be made: ${(error as Error).message}` };
  }
}
