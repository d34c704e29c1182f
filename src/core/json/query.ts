import { search } from '@jmespath-community/jmespath';
import jsonata from 'jsonata';

/**
 * Query languages over a document: JMESPath (the community edition, which passes the jmespath.test
 * compliance files) and JSONata (a transform language that needs no eval). Both see numbers as
 * JavaScript numbers, as their specifications say; the document's own text is never changed.
 */

export type QueryLanguage = 'jmespath' | 'jsonata';

export class QueryError extends Error {
  override name = 'QueryError';
  constructor(
    readonly detail: string,
    /** 0-based offset in the expression, when the engine says where. */
    readonly offset?: number,
  ) {
    super(offset === undefined ? detail : `${detail} (column ${offset + 1})`);
  }
}

export class QueryTimeout extends Error {
  override name = 'QueryTimeout';
}

export function runJmespath(data: unknown, expression: string): unknown {
  if (expression.trim() === '') throw new QueryError('Empty expression');
  try {
    return search(data as never, expression);
  } catch (error) {
    const e = error as Error;
    throw new QueryError(e.message);
  }
}

/**
 * Runs a JSONata expression. Evaluation stops with QueryTimeout once `timeLimitMs` have passed (checked
 * at every evaluation step, so a recursive function that never ends is stopped too); the panel also runs
 * it in a worker that it terminates, as a second line of defence.
 */
export async function runJsonata(data: unknown, expression: string, timeLimitMs = 2000): Promise<unknown> {
  if (expression.trim() === '') throw new QueryError('Empty expression');
  let compiled: ReturnType<typeof jsonata>;
  try {
    compiled = jsonata(expression);
  } catch (error) {
    const e = error as Error & { position?: number; token?: string };
    throw new QueryError(e.message, typeof e.position === 'number' ? Math.max(0, e.position - 1) : undefined);
  }
  const start = Date.now();
  let steps = 0;
  (compiled.assign as unknown as (name: symbol, value: unknown) => void)(Symbol.for('jsonata.__evaluate_entry'), () => {
    if (++steps % 64 === 0 && Date.now() - start > timeLimitMs)
      throw new QueryTimeout(`Stopped after ${timeLimitMs / 1000} s: the expression runs too long (a loop?)`);
  });
  try {
    const result: unknown = await compiled.evaluate(data);
    return normaliseJsonata(result);
  } catch (error) {
    if (error instanceof QueryTimeout) throw error;
    const e = error as Error & { position?: number };
    throw new QueryError(e.message, typeof e.position === 'number' ? Math.max(0, e.position - 1) : undefined);
  }
}

/** JSONata marks sequences with extra properties and may return functions: keep plain JSON. */
function normaliseJsonata(value: unknown): unknown {
  if (value === undefined) return undefined;
  return JSON.parse(
    JSON.stringify(value, (_key, v: unknown) => (typeof v === 'function' ? '<function>' : v)),
  ) as unknown;
}

export async function runQuery(
  language: QueryLanguage,
  data: unknown,
  expression: string,
  timeLimitMs?: number,
): Promise<unknown> {
  return language === 'jmespath' ? runJmespath(data, expression) : runJsonata(data, expression, timeLimitMs);
}
