import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { QueryError, runJmespath } from '../../src/core/json/query.ts';

/** jmespath.test compliance files, vendored in tests/fixtures/jmespath (see SOURCE, NOTICE). */
interface Suite {
  given: unknown;
  cases: { expression: string; result?: unknown; error?: string }[];
}
const dir = new URL('../fixtures/jmespath/', import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

/** Deep equality as JSON defines it: key order does not matter. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => same(x, bb[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b as object);
  return ka.length === kb.length && ka.every((k) => same((a as never)[k], (b as never)[k]));
}

describe('JMESPath compliance (jmespath.test)', () => {
  it('passes at least 99% of the cases', () => {
    let total = 0;
    const failed: string[] = [];
    for (const file of files) {
      const suites = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as Suite[];
      for (const suite of suites) {
        for (const c of suite.cases) {
          total++;
          try {
            const got = runJmespath(suite.given, c.expression);
            if (c.error !== undefined || !same(got, c.result ?? null)) failed.push(`${file}: ${c.expression}`);
          } catch (error) {
            expect(error).toBeInstanceOf(QueryError);
            if (c.error === undefined) failed.push(`${file}: ${c.expression} threw ${(error as Error).message}`);
          }
        }
      }
    }
    console.info(`JMESPath: ${total - failed.length}/${total}; failed: ${failed.join('; ')}`);
    expect(total).toBeGreaterThan(700);
    expect((total - failed.length) / total).toBeGreaterThanOrEqual(0.99);
  });
});
