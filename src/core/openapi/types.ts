import type { SourceSpan } from '../errors.ts';

/** The OpenAPI versions we read: Swagger 2.0, OpenAPI 3.0.x, 3.1.x, 3.2.x. */
export type OpenApiVersion = '2.0' | '3.0' | '3.1' | '3.2';

export type Severity = 'error' | 'warning';

/** A problem before it is placed in the text: where it is as a JSON pointer. */
export interface RawProblem {
  /** Stable id: `schema`, `schema-dialect`, `ref-target`, `operation-id-unique`, … (see RULES). */
  rule: string;
  severity: Severity;
  message: string;
  /** JSON pointer of the value the problem is about. */
  pointer: string;
  /** Point at the property's key rather than its value (a property that should not be there). */
  key?: boolean;
}

/** A problem at its place in the source text. */
export interface Problem extends RawProblem {
  /** [offset, end) in the text, with the start's 1-based line and column. */
  span: SourceSpan;
}
