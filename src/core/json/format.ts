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
  /** The line each printed value node starts on. */
  nodeLines: Map<JsonNode, number>;
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

/** Prints the tree of `text` (from `parseJson`). */
export function formatTree(root: JsonNode, text: string, options: FormatOptions): Formatted {
  const sortKeys = options.sortKeys ?? false;
  if (options.indent === 'minify') {
    const out: string[] = [];
    minify(root, text, sortKeys, out);
    const printed = out.join('');
    const nodeLines = new Map<JsonNode, number>();
    return { text: printed, lineStarts: Int32Array.of(0), closes: Int32Array.of(-1), lineNodes: [root], nodeLines };
  }
  const unit = options.indent === 'tab' ? '\t' : ' '.repeat(options.indent);
  const lines: string[] = [];
  const closes: number[] = [];
  const lineNodes: (JsonNode | undefined)[] = [];
  const nodeLines = new Map<JsonNode, number>();
  const indents: string[] = [''];
  const indentOf = (depth: number) => {
    while (indents.length <= depth) indents.push(indents[indents.length - 1] + unit);
    return indents[depth]!;
  };

  const print = (node: JsonNode, prefix: string, suffix: string, depth: number) => {
    const line = lines.length;
    nodeLines.set(node, line);
    const pad = indentOf(depth);
    if (node.type === 'object' || node.type === 'array') {
      const items = members(node, sortKeys);
      const [open, close] = node.type === 'object' ? ['{', '}'] : ['[', ']'];
      if (items.length === 0) {
        lines.push(`${pad}${prefix}${open}${close}${suffix}`);
        closes.push(-1);
        lineNodes.push(node);
        return;
      }
      lines.push(`${pad}${prefix}${open}`);
      closes.push(-1);
      lineNodes.push(node);
      items.forEach((item, i) => {
        const comma = i < items.length - 1 ? ',' : '';
        if (node.type === 'object') {
          const [key, value] = item.children!;
          print(value!, `${rawText(text, key!)}: `, comma, depth + 1);
        } else print(item, '', comma, depth + 1);
      });
      closes[line] = lines.length;
      lines.push(`${pad}${close}${suffix}`);
      closes.push(-1);
      lineNodes.push(undefined);
      return;
    }
    lines.push(`${pad}${prefix}${rawText(text, node)}${suffix}`);
    closes.push(-1);
    lineNodes.push(node);
  };
  print(root, '', '', 0);

  const lineStarts = new Int32Array(lines.length);
  let offset = 0;
  for (let i = 0; i < lines.length; i++) {
    lineStarts[i] = offset;
    offset += lines[i]!.length + 1;
  }
  return { text: lines.join('\n'), lineStarts, closes: Int32Array.from(closes), lineNodes, nodeLines };
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
