import { parseJson, toPlain, type ParsedJson } from './document.ts';
import { printNode } from './format.ts';
import { evaluatePath, JsonPathError } from './jsonpath.ts';
import { QueryError, runJmespath } from './query.ts';

/**
 * The REST client's response filter: an expression starting with `$` is an RFC 9535 JSONPath (the node
 * list, numbers as written), anything else JMESPath. Keeps the last document parsed, so typing a filter
 * over a 10 MB body parses it once.
 */
export type FilterResult =
  | { ok: true; language: 'JSONPath' | 'JMESPath'; text: string; count?: number }
  | { ok: false; language: 'JSONPath' | 'JMESPath'; message: string; offset?: number };

export class JsonFilter {
  private last: { text: string; parsed: ParsedJson; plain?: unknown } | null = null;

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
        return {
          ok: true,
          language,
          text: `[${matches.map((m) => printNode(m.node, text, 'minify')).join(',')}]`,
          count: matches.length,
        };
      }
      const result = runJmespath(this.last.plain, expression);
      return { ok: true, language, text: JSON.stringify(result ?? null) };
    } catch (error) {
      if (error instanceof JsonPathError) return { ok: false, language, message: error.detail, offset: error.offset };
      if (error instanceof QueryError) return { ok: false, language, message: error.detail, offset: error.offset };
      throw error;
    }
  }
}
