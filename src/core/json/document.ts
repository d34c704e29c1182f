import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { LosslessNumber } from 'lossless-json';

/**
 * A JSON document read with every syntax error at once and the place of every value kept.
 *
 * jsonc-parser recovers after an error and goes on, so one pass lists all the problems (not the first
 * one, as `JSON.parse` does) and still yields a tree whose nodes know their offsets. Every other part of
 * JSON Tools works on that tree: numbers are printed from their source text, so `12345678901234567890`,
 * `1.10` and `1e400` never change, and any JSON pointer leads back to a line and column.
 */

export type JsonNode = Node;

/** Where a problem is: 0-based offset and length, 1-based line and column (UTF-16 code units). */
export interface JsonPlace {
  offset: number;
  length: number;
  line: number;
  column: number;
}

export interface JsonProblem extends JsonPlace {
  /** jsonc-parser's code name (`CommaExpected`), stable for tests. */
  code: string;
  message: string;
  /** A short hint how to fix it. */
  hint: string;
}

export interface ParseOptions {
  /** Accept comments and trailing commas (JSON with comments). */
  jsonc?: boolean;
}

export interface ParsedJson {
  text: string;
  /** Absent when nothing could be read (an empty text). */
  root?: JsonNode;
  problems: JsonProblem[];
  lines: LineIndex;
}

/** Offsets of line starts, to turn offsets into line and column quickly on big texts. */
export class LineIndex {
  readonly starts: number[];
  constructor(text: string) {
    const starts = [0];
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    this.starts = starts;
  }
  /** 1-based line and column of an offset. */
  at(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.starts[lo]! + 1 };
  }
}

const MESSAGES: Record<string, [message: string, hint: string]> = {
  InvalidSymbol: ['Unexpected character', 'Remove it, or quote the text if it is meant as a string.'],
  InvalidNumberFormat: ['Invalid number', 'JSON numbers have no leading zeros, no leading "+" and no trailing "."'],
  PropertyNameExpected: ['Property name expected', 'Object keys are strings in double quotes: "name".'],
  ValueExpected: ['Value expected', 'Put a value here (a string, number, object, array, true, false or null).'],
  ColonExpected: ['Colon expected', 'Separate the key from its value with ":".'],
  CommaExpected: ['Comma expected', 'Separate items with ",".'],
  CloseBraceExpected: ['"}" expected', 'Close the object with "}" (or add the missing comma).'],
  CloseBracketExpected: ['"]" expected', 'Close the array with "]" (or add the missing comma).'],
  EndOfFileExpected: [
    'Text after the end of the document',
    'A JSON document has one top-level value: remove the rest, or wrap the values in an array.',
  ],
  InvalidCommentToken: ['Comments are not allowed in JSON', 'Remove the comment, or turn on "Allow comments (JSONC)".'],
  UnexpectedEndOfComment: ['Comment not closed', 'End the comment with "*/".'],
  UnexpectedEndOfString: ['String not closed', 'End the string with a double quote on the same line.'],
  UnexpectedEndOfNumber: ['Number not finished', 'Digits must follow ".", "e" or "-".'],
  InvalidUnicode: ['Invalid \\u escape', 'A \\u escape needs four hexadecimal digits: \\u00e9.'],
  InvalidEscapeCharacter: [
    'Invalid escape',
    'Only \\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX are escapes; write "\\\\" for a backslash.',
  ],
  InvalidCharacter: ['Control character in a string', 'Write it as an escape: \\n for a line break, \\t for a tab.'],
};

const CASCADES = new Set(['PropertyNameExpected', 'ValueExpected', 'ColonExpected', 'CommaExpected']);

const TRAILING_COMMA: [string, string] = [
  'Trailing comma',
  'Remove the comma after the last item, or turn on "Allow comments (JSONC)".',
];

function describe(error: ParseError, text: string): [string, string] {
  const name = printParseErrorCode(error.error);
  // jsonc-parser reports a trailing comma as a missing value or property name just before "}" or "]".
  if ((name === 'ValueExpected' || name === 'PropertyNameExpected') && /^[}\]]/.test(text.slice(error.offset))) {
    const before = text.slice(0, error.offset).trimEnd();
    if (before.endsWith(',')) return TRAILING_COMMA;
  }
  if (name === 'InvalidSymbol') {
    const ch = text[error.offset];
    if (ch === "'") return ['Single quotes are not JSON', 'Use double quotes for strings and keys.'];
    const word = /^[A-Za-z_$][\w$]*/.exec(text.slice(error.offset))?.[0];
    if (word === 'NaN' || word === 'Infinity' || word === 'undefined')
      return [`${word} is not a JSON value`, 'Use null, or a number written out, or a string.'];
    if (word) return ['Unquoted text', `Put "${word}" in double quotes if it is a key or a string.`];
  }
  return MESSAGES[name] ?? [name, 'Check the syntax here.'];
}

/** Reads a JSON (or, with `jsonc`, JSON-with-comments) text: its tree and all of its syntax problems. */
export function parseJson(text: string, options: ParseOptions = {}): ParsedJson {
  const errors: ParseError[] = [];
  const jsonc = options.jsonc ?? false;
  const root = parseTree(text, errors, {
    disallowComments: !jsonc,
    allowTrailingComma: jsonc,
    allowEmptyContent: false,
  });
  const lines = new LineIndex(text);
  const problems: JsonProblem[] = [];
  let previousEnd = -1;
  let previousCode = '';
  for (const error of errors) {
    const code = printParseErrorCode(error.error);
    // After a bad token the parser often reports what it expected right after it: one mistake, one message.
    const between = previousEnd >= 0 ? text.slice(previousEnd, error.offset) : '';
    const cascade =
      CASCADES.has(code) &&
      previousEnd >= 0 &&
      // Right after the previous problem, or (after unexpected text) before the next comma: the parser skips ahead.
      (between.trim() === '' || (previousCode === 'InvalidSymbol' && !between.includes(',')));
    previousEnd = error.offset + Math.max(error.length, 1);
    if (cascade) continue;
    previousCode = code;
    // `01`: the parser reads 0, then expects a comma before 1.
    if (
      (code === 'CommaExpected' || code === 'EndOfFileExpected') &&
      /\d/.test(text[error.offset] ?? '') &&
      /(^|[^\d.eE+-])-?0$/.test(text.slice(Math.max(0, error.offset - 3), error.offset))
    ) {
      const [message, hint] = MESSAGES.InvalidNumberFormat!;
      const offset = error.offset - 1;
      problems.push({ code: 'InvalidNumberFormat', message, hint, offset, length: 2, ...lines.at(offset) });
      continue;
    }
    const [message, hint] = describe(error, text);
    // A trailing comma is shown where the comma is, not at the bracket after it.
    const offset = message === TRAILING_COMMA[0] ? text.lastIndexOf(',', error.offset) : error.offset;
    const length = offset === error.offset ? error.length : 1;
    problems.push({ code, message, hint, offset, length, ...lines.at(offset) });
  }
  return { text, root, problems, lines };
}

/** The source text of a number node, exactly as written. */
export const rawText = (text: string, node: JsonNode) => text.slice(node.offset, node.offset + node.length);

/**
 * The node's value with numbers as lossless-json `LosslessNumber`s (their text as written).
 * Duplicate keys: the last one wins, as in `JSON.parse`.
 */
export function toLossless(node: JsonNode, text: string): unknown {
  return build(node, text, (raw) => new LosslessNumber(raw));
}

/** The node's value with numbers as JavaScript numbers (for engines that compare numbers: JSONPath filters, JMESPath, schemas). */
export function toPlain(node: JsonNode, text: string): unknown {
  return build(node, text, (raw) => Number(raw));
}

function build(node: JsonNode, text: string, number: (raw: string) => unknown): unknown {
  switch (node.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const prop of node.children ?? []) {
        const [key, value] = prop.children ?? [];
        if (!key || !value) continue;
        // defineProperty: a "__proto__" key is data, not the prototype.
        Object.defineProperty(out, key.value as string, {
          value: build(value, text, number),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    }
    case 'array':
      return (node.children ?? []).map((child) => build(child, text, number));
    case 'number':
      return number(rawText(text, node));
    default:
      return node.value;
  }
}

/** RFC 6901 pointer segment escaping. */
export const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
export const unescapePointer = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** The node a JSON pointer names (`""` is the root), or undefined. With duplicate keys, the last. */
export function nodeAtPointer(root: JsonNode, pointer: string): JsonNode | undefined {
  if (pointer === '') return root;
  if (!pointer.startsWith('/')) return undefined;
  let node: JsonNode | undefined = root;
  for (const raw of pointer.slice(1).split('/')) {
    if (!node) return undefined;
    const segment = unescapePointer(raw);
    if (node.type === 'object') {
      let found: JsonNode | undefined;
      for (const prop of node.children ?? []) if (prop.children?.[0]?.value === segment) found = prop.children[1];
      node = found;
    } else if (node.type === 'array') {
      node = /^(0|[1-9]\d*)$/.test(segment) ? node.children?.[Number(segment)] : undefined;
    } else return undefined;
  }
  return node;
}

/** A JSON pointer from path segments. */
export const pointerOf = (segments: readonly (string | number)[]) =>
  segments.map((s) => `/${escapePointer(String(s))}`).join('');

/** Where a value is: the node's place, or for a missing one (a required key) the nearest existing parent's. */
export function placeOfPointer(parsed: ParsedJson, pointer: string): JsonPlace | undefined {
  if (!parsed.root) return undefined;
  let current = pointer;
  for (;;) {
    const node = nodeAtPointer(parsed.root, current);
    if (node) {
      return { offset: node.offset, length: node.length, ...parsed.lines.at(node.offset) };
    }
    if (current === '') return undefined;
    current = current.slice(0, current.lastIndexOf('/'));
  }
}
