import { parseJson, toPlain, type ParsedJson } from './document.ts';
import { printNode } from './format.ts';
import { evaluatePath, JsonPathError } from './jsonpath.ts';
import { inexactNumbers, precisionNotice, type PrecisionNotice } from './precision.ts';
import { QueryError, runJmespath } from './query.ts';

/**
 * The REST client's response filter: an expression starting with `$` is an RFC 9535 JSONPath (the node
 * list, numbers as written), anything else JMESPath. Keeps the last document parsed, so typing a filter
 * over a 10 MB body parses it once.
 *
 * JMESPath works on JavaScript numbers and JSONPath filters compare them: when the body holds numbers a
 * double cannot hold, the result says so (`inexact`), as JSON Tools does, instead of rounding in silence.
 */
export type FilterResult =
  | {
      ok: true;
      language: 'JSONPath' | 'JMESPath';
      text: string;
      count?: number;
      /** Numbers beyond double precision in the body, when they can change this result. */
      inexact?: PrecisionNotice;
    }
  | { ok: false; language: 'JSONPath' | 'JMESPath'; message: string; offset?: number };

export class JsonFilter {
  private last: { text: string; parsed: ParsedJson; plain?: unknown; inexact?: PrecisionNotice | null } | null = null;

  /** The body's precision notice, worked out once per body. */
  private inexact(): PrecisionNotice | undefined {
    const last = this.last!;
    if (last.inexact === undefined) last.inexact = precisionNotice(inexactNumbers(last.parsed)) ?? null;
    return last.inexact ?? undefined;
  }

  run(text: string, expression: string): FilterResult {
    if (this.last?.text !== text) this.last = { text, parsed: parseJson(text) };
    const { parsed } = this.last;
    const jsonPath = expression.trimStart().startsWith('$');
    const language = jsonPath ? 'JSONPath' : 'JMESPath';
    if (!parsed.root || parsed.problems.length > 0) {
      const p = parsed.problems[0];
      return {
        ok: false,
        language,
        message: p
          ? `The body is not valid JSON (line ${p.line}, column ${p.column}: ${p.message})`
          : 'The body is empty.',
      };
    }
    this.last.plain ??= toPlain(parsed.root, text);
    try {
      if (jsonPath) {
        const matches = evaluatePath(parsed.root, text, expression.trim(), this.last.plain);
        // Matches are printed as written; only a filter's comparisons see doubles.
        const inexact = expression.includes('?') ? this.inexact() : undefined;
        return {
          ok: true,
          language,
          text: `[${matches.map((m) => printNode(m.node, text, 'minify')).join(',')}]`,
          count: matches.length,
          ...(inexact ? { inexact } : {}),
        };
      }
      const result = runJmespath(this.last.plain, expression);
      const inexact = this.inexact();
      return { ok: true, language, text: JSON.stringify(result ?? null), ...(inexact ? { inexact } : {}) };
    } catch (error) {
      if (error instanceof JsonPathError) return { ok: false, language, message: error.detail, offset: error.offset };
      if (error instanceof QueryError) return { ok: false, language, message: error.detail, offset: error.offset };
      throw error;
    }
  }
}
