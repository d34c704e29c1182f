import { canonicalNumber } from './diff.ts';
import { rawText, type JsonPlace, type ParsedJson } from './document.ts';

/**
 * Numbers a JavaScript number cannot hold exactly (`12345678901234567890`, `0.1000000000000000055511`,
 * `1e400`). JSON Tools prints, compares (Compare) and lists (JSONPath results) numbers from their text,
 * but JSONPath filters and JMESPath/JSONata run over JavaScript numbers: for those, such numbers are the
 * nearest double. The tool says so when a document has any.
 */
export interface InexactNumbers {
  count: number;
  /** The first one, as written, and where it is. */
  first?: JsonPlace & { text: string };
}

/** A number written with at most 15 significant digits and no exponent is always exact as a double. */
const SHORT = /^-?\d+(?:\.\d+)?$/;

export function isExactDouble(raw: string): boolean {
  if (raw.length <= 15 && SHORT.test(raw)) return true;
  const value = Number(raw);
  if (!Number.isFinite(value)) return false;
  return canonicalNumber(raw) === canonicalNumber(String(value));
}

export function inexactNumbers(parsed: ParsedJson): InexactNumbers {
  const result: InexactNumbers = { count: 0 };
  if (!parsed.root) return result;
  const stack = [parsed.root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'number') {
      const raw = rawText(parsed.text, node);
      if (!isExactDouble(raw)) {
        result.count++;
        if (!result.first || node.offset < result.first.offset)
          result.first = { text: raw, offset: node.offset, length: node.length, ...parsed.lines.at(node.offset) };
      }
    } else if (node.children) {
      for (const child of node.children) stack.push(child);
    }
  }
  return result;
}

/** What a note about inexact numbers says: how many, the first as written with its place, and what it becomes as a double. */
export interface PrecisionNotice {
  count: number;
  text: string;
  line: number;
  column: number;
  rounded: string;
}

export function precisionNotice(inexact: InexactNumbers | undefined): PrecisionNotice | undefined {
  if (!inexact?.first) return undefined;
  const { text, line, column } = inexact.first;
  return { count: inexact.count, text, line, column, rounded: String(Number(text)) };
}
