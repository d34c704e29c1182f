import { escapePointer, rawText, type JsonNode } from './document.ts';

/**
 * Pretty-printing and minifying from the located tree. Numbers and strings are copied from the source
 * text as written (`1.10` stays `1.10`, `"\u00e9"` stays escaped), so formatting never changes a value;
 * comments and trailing commas of JSONC are dropped, since the output is plain JSON.
 */

export type Indent = 2 | 4 | 'tab';

export interface FormatOptions {
  /** Pretty-print with this indent; `minify` writes one line with no spaces. */
  indent: Indent | 'minify';
  sortKeys?: boolean;
}

export interface Formatted {
  text: string;
  /** Offset in `text` where each line starts. */
  lineStarts: Int32Array;
  /** For a line that opens a non-empty object or array: the line that closes it; otherwise -1. */
  closes: Int32Array;
  /** The value node shown on each line (undefined on closing lines), to name a line's path. */
  lineNodes: (JsonNode | undefined)[];
  /** The line a printed value node starts on (the latest `formatTree` of its tree). */
  lineOf(node: JsonNode): number | undefined;
  /** How many values were printed (-1 when minified: not counted). */
  values: number;
}

const compareKeys = (a: JsonNode, b: JsonNode) => {
  const x = a.children![0]!.value as string;
  const y = b.children![0]!.value as string;
  return x < y ? -1 : x > y ? 1 : 0;
};

function members(node: JsonNode, sortKeys: boolean): JsonNode[] {
  const children = (node.children ?? []).filter((c) => node.type !== 'object' || c.children?.length === 2);
  return sortKeys && node.type === 'object' ? children.slice().sort(compareKeys) : children;
}

/** Where `formatTree` notes each value node's line (a property on the node: a Map of half a million nodes is slow). */
const LINE = Symbol('line');
type Lined = JsonNode & { [LINE]?: number };

/** Prints the tree of `text` (from `parseJson`). */
export function formatTree(root: JsonNode, text: string, options: FormatOptions): Formatted {
  const sortKeys = options.sortKeys ?? false;
  let values = 0;
  if (options.indent === 'minify') {
    const out: string[] = [];
    minify(root, text, sortKeys, out);
    const printed = out.join('');
    const lineOf = (node: JsonNode) => (node === root || isInside(node, root) ? 0 : undefined);
    return { text: printed, lineStarts: Int32Array.of(0), closes: Int32Array.of(-1), lineNodes: [root], lineOf, values: -1 };
  }
  const unit = options.indent === 'tab' ? '\t' : ' '.repeat(options.indent);
  // One array of pieces joined once; line starts counted as the pieces go.
  const out: string[] = [];
  const starts: number[] = [];
  const closes: number[] = [];
  const lineNodes: (JsonNode | undefined)[] = [];
  let offset = 0;
  const indents: string[] = [''];
  const indentOf = (depth: number) => {
    while (indents.length <= depth) indents.push(indents[indents.length - 1] + unit);
    return indents[depth]!;
  };
  const startLine = (node: JsonNode | undefined, pad: string) => {
    if (starts.length > 0) {
      out.push('\n');
      offset++;
    }
    starts.push(offset);
    closes.push(-1);
    lineNodes.push(node);
    out.push(pad);
    offset += pad.length;
  };
  const put = (piece: string) => {
    out.push(piece);
    offset += piece.length;
  };

  const print = (node: JsonNode, key: JsonNode | undefined, comma: boolean, depth: number) => {
    const line = starts.length;
    (node as Lined)[LINE] = line;
    values++;
    startLine(node, indentOf(depth));
    if (key) {
      put(rawText(text, key));
      put(': ');
    }
    if (node.type === 'object' || node.type === 'array') {
      const items = members(node, sortKeys);
      const isObject = node.type === 'object';
      if (items.length === 0) {
        put(isObject ? '{}' : '[]');
        if (comma) put(',');
        return;
      }
      put(isObject ? '{' : '[');
      const last = items.length - 1;
      for (let i = 0; i <= last; i++) {
        const item = items[i]!;
        if (isObject) print(item.children![1]!, item.children![0]!, i < last, depth + 1);
        else print(item, undefined, i < last, depth + 1);
      }
      closes[line] = starts.length;
      startLine(undefined, indentOf(depth));
      put(isObject ? '}' : ']');
      if (comma) put(',');
      return;
    }
    put(rawText(text, node));
    if (comma) put(',');
  };
  print(root, undefined, false, 0);

  const lineOf = (node: JsonNode) => (node as Lined)[LINE];
  return {
    text: out.join(''),
    lineStarts: Int32Array.from(starts),
    closes: Int32Array.from(closes),
    lineNodes,
    lineOf,
    values,
  };
}

function isInside(node: JsonNode, root: JsonNode): boolean {
  for (let n: JsonNode | undefined = node; n; n = n.parent) if (n === root) return true;
  return false;
}

function minify(node: JsonNode, text: string, sortKeys: boolean, out: string[]): void {
  if (node.type === 'object' || node.type === 'array') {
    const items = members(node, sortKeys);
    out.push(node.type === 'object' ? '{' : '[');
    items.forEach((item, i) => {
      if (i > 0) out.push(',');
      if (node.type === 'object') {
        out.push(rawText(text, item.children![0]!), ':');
        minify(item.children![1]!, text, sortKeys, out);
      } else minify(item, text, sortKeys, out);
    });
    out.push(node.type === 'object' ? '}' : ']');
  } else out.push(rawText(text, node));
}

/** The path segments from the root to a node of the tree. */
export function segmentsOf(node: JsonNode): (string | number)[] {
  const segments: (string | number)[] = [];
  let current: JsonNode | undefined = node;
  while (current?.parent) {
    const parent: JsonNode = current.parent;
    if (parent.type === 'property') {
      segments.push(parent.children![0]!.value as string);
      current = parent.parent;
    } else if (parent.type === 'array') {
      segments.push(parent.children!.indexOf(current));
      current = parent;
    } else break;
  }
  return segments.reverse();
}

/** RFC 9535 normalized path: `$['store']['book'][0]`. */
export function normalizedPath(segments: readonly (string | number)[]): string {
  return (
    '$' +
    segments
      .map((s) =>
        typeof s === 'number'
          ? `[${s}]`
          : // eslint-disable-next-line no-control-regex -- control characters are exactly what needs escaping
            `['${s.replace(/[\\'\u0000-\u001f]/g, (c) => {
              const named: Record<string, string> = {
                '\\': '\\\\',
                "'": "\\'",
                '\b': '\\b',
                '\f': '\\f',
                '\n': '\\n',
                '\r': '\\r',
                '\t': '\\t',
              };
              return named[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
            })}']`,
      )
      .join('')
  );
}

export const pointerOfSegments = (segments: readonly (string | number)[]) =>
  segments.map((s) => `/${escapePointer(String(s))}`).join('');

/** A value's text on its own (for results lists): pretty-printed from the source. */
export function printNode(node: JsonNode, text: string, indent: Indent | 'minify' = 2): string {
  return formatTree(node, text, { indent }).text;
}

/** "Escape as a JSON string": the whole text as one JSON string literal. */
export const escapeAsString = (text: string) => JSON.stringify(text);

/**
 * "Unescape": a JSON string literal (quoted) back to its text; an unquoted text is read as the inside of
 * one, so `{\"a\":1}` copied from a log also works. Throws a SyntaxError with the position when invalid.
 */
export function unescapeString(text: string): string {
  const trimmed = text.trim();
  const literal = trimmed.startsWith('"') && trimmed.endsWith('"') && trimmed.length >= 2 ? trimmed : `"${trimmed}"`;
  try {
    return JSON.parse(literal) as string;
  } catch (error) {
    throw new SyntaxError(`Not a valid JSON string: ${(error as Error).message}`, { cause: error });
  }
}
