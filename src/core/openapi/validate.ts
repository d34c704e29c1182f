/**
 * The one entry for the tool, the worker and the CLI: text in, every problem
 * out, each at its line and column.
 */
import { readDocument, type LocatedDocument } from './locate.ts';
import { semanticProblems } from './rules.ts';
import { structuralProblems } from './structural.ts';
import type { OpenApiVersion, Problem, RawProblem } from './types.ts';

export interface ValidationResult {
  format: 'json' | 'yaml';
  /** Undefined when the text is not readable or says no version we know. */
  version?: OpenApiVersion;
  /** The document as data (undefined when the text could not be read). */
  document: unknown;
  /** Sorted by place in the text. */
  problems: Problem[];
  errors: number;
  warnings: number;
}

/** Which version a document says it is, or a problem saying why none. */
export function detectVersion(document: unknown): OpenApiVersion | RawProblem {
  const fail = (message: string, pointer = ''): RawProblem => ({
    rule: 'version',
    severity: 'error',
    message,
    pointer,
    key: pointer !== '',
  });
  if (document === null || typeof document !== 'object' || Array.isArray(document))
    return fail(
      `an OpenAPI document is an object (a mapping), found ${Array.isArray(document) ? 'a list' : document === null || document === undefined ? 'nothing' : `a ${typeof document}`}`,
    );
  const doc = document as Record<string, unknown>;
  if ('swagger' in doc) {
    if (doc.swagger === '2.0') return '2.0';
    return fail(`"swagger" must be the string "2.0", found ${JSON.stringify(doc.swagger)}`, '/swagger');
  }
  if ('openapi' in doc) {
    const v = doc.openapi;
    if (typeof v !== 'string')
      return fail(
        `"openapi" must be a string such as "3.1.0" (quote it in YAML), found ${JSON.stringify(v)}`,
        '/openapi',
      );
    const m = /^3\.([0-2])\.\d+(-.+)?$/.exec(v);
    if (m) return `3.${m[1]}` as OpenApiVersion;
    return fail(`unsupported OpenAPI version "${v}": expected 3.0.x, 3.1.x or 3.2.x`, '/openapi');
  }
  return fail('not an OpenAPI document: it has neither "openapi" (3.x) nor "swagger" (2.0) at the top');
}

function place(located: LocatedDocument, problem: RawProblem): Problem {
  return { ...problem, span: located.locate(problem.pointer, problem.key) };
}

export function validateOpenApi(text: string): ValidationResult {
  const located = readDocument(text);
  const problems: Problem[] = located.syntaxErrors.map((error) => ({
    rule: 'syntax',
    severity: 'error',
    message: error.message,
    pointer: '',
    span: error.place,
  }));
  let version: OpenApiVersion | undefined;
  if (located.value !== undefined || problems.length === 0) {
    const detected = detectVersion(located.value);
    if (typeof detected === 'string') {
      version = detected;
      try {
        for (const raw of [...structuralProblems(version, located.value), ...semanticProblems(located.value, version)])
          problems.push(place(located, raw));
      } catch (error) {
        // Nesting deeper than the checks' recursion can follow: said, never a crash.
        const why = error instanceof RangeError ? 'it nests too deeply' : String(error);
        problems.push({
          rule: 'syntax',
          severity: 'error',
          message: `The document could not be checked: ${why}.`,
          pointer: '',
          span: located.locate(''),
        });
      }
    } else problems.push(place(located, detected));
  }
  problems.sort(
    (a, b) => a.span.offset - b.span.offset || (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1),
  );
  const errors = problems.filter((p) => p.severity === 'error').length;
  return {
    format: located.format,
    version,
    document: located.value,
    problems,
    errors,
    warnings: problems.length - errors,
  };
}
