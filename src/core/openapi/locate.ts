/**
 * Reads an OpenAPI document (YAML or JSON) and keeps the way back from any
 * JSON pointer to its place in the text.
 *
 * JSON is read with `JSON.parse` (fast) and, only when a place is asked for,
 * with jsonc-parser's tree, which has offsets for every node. YAML is read
 * fast by js-yaml and placed block by block with `yaml` (eemeli), whose nodes
 * carry ranges (yaml-fast.ts); a text js-yaml refuses is read whole by
 * `yaml`. Syntax errors of both are all reported, each at its line and column.
 */
import { type Node as JsonNode, type ParseError, parseTree, printParseErrorCode } from 'jsonc-parser';
import type { SourceSpan } from '../errors.ts';
import { isMap, isPair, isScalar, isSeq, parseDocument, type Document, type Node as YamlNode } from 'yaml';
import { BlockIndex, loadFast } from './yaml-fast.ts';

/** A place in the text: [offset, end) in UTF-16 units, and the 1-based line and column of the start. */
export type Place = SourceSpan;

export interface SyntaxProblem {
  code: string;
  message: string;
  place: Place;
}

export interface LocatedDocument {
  format: 'json' | 'yaml';
  /** The document as plain data; undefined when the text could not be read at all. */
  value: unknown;
  syntaxErrors: SyntaxProblem[];
  /**
   * Where the value at `pointer` is written. `key: true` asks for its key
   * instead (a property that should not be there). A pointer that goes
   * further than the text (a missing property) gets the nearest enclosing
   * node; the empty pointer gets the first line.
   */
  locate(pointer: string, key?: boolean): Place;
}

/** Splits `/a/b~1c` into `['a', 'b/c']`. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '' || pointer === '#') return [];
  return pointer
    .replace(/^#/, '')
    .slice(1)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** One pointer segment: `~` and `/` escaped (most keys have neither, and are returned as they are). */
export function escapeSegment(part: string | number): string {
  const text = String(part);
  return text.includes('~') || text.includes('/') ? text.replace(/~/g, '~0').replace(/\//g, '~1') : text;
}

export function toPointer(parts: readonly (string | number)[]): string {
  let out = '';
  for (const part of parts) out += `/${escapeSegment(part)}`;
  return out;
}

/** Line starts of a text, for offset → line:column. */
export class Lines {
  private readonly starts: number[] = [0];
  constructor(private readonly text: string) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }
  place(offset: number, end = offset): Place {
    const at = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    return {
      offset: at,
      end: Math.max(at, Math.min(end, this.text.length)),
      line: lo + 1,
      column: at - this.starts[lo]! + 1,
    };
  }
}

/** JSON when the first significant character opens an object or array; YAML otherwise (JSON is YAML too, but JSON's reader is faster and its errors speak JSON). */
export function detectFormat(text: string): 'json' | 'yaml' {
  const first = /\S/.exec(text.replace(/^\uFEFF/, ''));
  return first && (first[0] === '{' || first[0] === '[') ? 'json' : 'yaml';
}

export function readDocument(text: string): LocatedDocument {
  return detectFormat(text) === 'json' ? readJson(text) : readYaml(text);
}

const JSON_ERROR_WORDS: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'malformed number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: 'expected ":" after the property name',
  CommaExpected: 'expected "," between items',
  CloseBraceExpected: 'expected "}" to close the object',
  CloseBracketExpected: 'expected "]" to close the array',
  EndOfFileExpected: 'unexpected text after the end of the document',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'unterminated number',
  InvalidUnicode: 'invalid \\u escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'control character in a string',
};

function readJson(text: string): LocatedDocument {
  const lines = new Lines(text);
  let value: unknown;
  let tree: JsonNode | undefined;
  const syntaxErrors: SyntaxProblem[] = [];
  let treeFailed = false;
  const buildTree = () => {
    const errors: ParseError[] = [];
    if (tree || treeFailed) return errors;
    try {
      tree = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
    } catch {
      // Nesting deeper than the tree reader's recursion: places fall back to the first line.
      treeFailed = true;
    }
    return errors;
  };
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    for (const error of buildTree()) {
      const code = printParseErrorCode(error.error);
      syntaxErrors.push({
        code: `json-${code}`,
        message: `JSON syntax: ${JSON_ERROR_WORDS[code] ?? code}`,
        place: lines.place(error.offset, error.offset + error.length),
      });
    }
    if (syntaxErrors.length === 0) {
      syntaxErrors.push({ code: 'json-syntax', message: 'JSON syntax error', place: lines.place(0) });
    }
    value = undefined;
  }
  return {
    format: 'json',
    value,
    syntaxErrors,
    locate(pointer, key = false) {
      buildTree();
      let node = tree;
      let keyNode: JsonNode | undefined;
      for (const part of parsePointer(pointer)) {
        if (!node) break;
        let next: JsonNode | undefined;
        if (node.type === 'object') {
          const prop = node.children?.findLast((p) => p.children?.[0]?.value === part);
          if (prop) {
            keyNode = prop.children?.[0];
            next = prop.children?.[1];
          }
        } else if (node.type === 'array') {
          keyNode = undefined;
          next = node.children?.[Number(part)];
        }
        if (!next) {
          keyNode = undefined;
          break;
        }
        node = next;
      }
      const target = key && keyNode ? keyNode : node;
      if (!target) return lines.place(0);
      return lines.place(target.offset, target.offset + target.length);
    },
  };
}

const YAML_ERROR_WORDS: Record<string, string> = {
  DUPLICATE_KEY: 'duplicate key',
  TAB_AS_INDENT: 'tabs are not allowed as indentation',
  BAD_INDENT: 'bad indentation',
  MISSING_CHAR: 'missing character',
  MULTILINE_IMPLICIT_KEY: 'an implicit key must be on one line',
  BLOCK_AS_IMPLICIT_KEY: 'a block cannot be an implicit key',
  UNEXPECTED_TOKEN: 'unexpected token',
};

const YAML_OPTIONS = { prettyErrors: false, uniqueKeys: true, strict: true } as const;

function readYaml(text: string): LocatedDocument {
  const fast = loadFast(text);
  return fast ? readYamlFast(text, fast.value) : readYamlWhole(text);
}

/** Read by `yaml` whole: every syntax error, and ranges for every node. */
export function readYamlWhole(text: string): LocatedDocument {
  const lines = new Lines(text);
  let doc: Document.Parsed | undefined;
  const syntaxErrors: SyntaxProblem[] = [];
  let value: unknown;
  try {
    doc = parseDocument(text, YAML_OPTIONS);
    for (const error of doc.errors) {
      const words = YAML_ERROR_WORDS[error.code];
      const detail = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+.*$/, '');
      syntaxErrors.push({
        code: `yaml-${error.code.toLowerCase().replace(/_/g, '-')}`,
        message: `YAML syntax: ${words && !detail.toLowerCase().includes(words.split(' ')[0]!) ? `${words}: ${detail}` : detail}`,
        place: lines.place(error.pos[0], error.pos[1]),
      });
    }
    // A duplicate key leaves a readable document (the last value wins, as in most readers): check the rest too.
    const recoverable = doc.errors.every((error) => error.code === 'DUPLICATE_KEY');
    value = recoverable ? doc.toJS({ maxAliasCount: 10000 }) : undefined;
  } catch (error) {
    syntaxErrors.push({
      code: 'yaml-syntax',
      message:
        error instanceof RangeError
          ? 'YAML: the document nests too deeply to be read'
          : `YAML: ${error instanceof Error ? error.message : String(error)}`,
      place: lines.place(0),
    });
  }
  return {
    format: 'yaml',
    value,
    syntaxErrors,
    locate: (pointer, key = false) => walkYaml(doc?.contents, parsePointer(pointer), key, lines, 0),
  };
}

/**
 * Read fast (see yaml-fast.ts): the value now, and a place only when one is
 * asked for, from `yaml`'s reading of just the block that holds it.
 */
function readYamlFast(text: string, value: unknown): LocatedDocument {
  const lines = new Lines(text);
  const index = new BlockIndex(text);
  let whole: LocatedDocument | undefined;
  const locateWhole = (pointer: string, key: boolean) => (whole ??= readYamlWhole(text)).locate(pointer, key);
  const blocks = new Map<string, Document.Parsed>();
  return {
    format: 'yaml',
    value,
    syntaxErrors: [],
    locate(pointer, key = false) {
      const parts = parsePointer(pointer);
      const block = index.narrow(parts);
      if (!block) return locateWhole(pointer, key);
      const shift = index.lineStart(block.from);
      const id = `${block.from} ${block.to} ${block.first}`;
      let doc = blocks.get(id);
      if (!doc) blocks.set(id, (doc = parseDocument(index.sliceOf(block), YAML_OPTIONS)));
      if (doc.errors.length > 0) return locateWhole(pointer, key);
      // The block is one pair (the part at depth - 1 and its value) or the value of that part.
      const rest = parts.slice(block.root === 'pair' ? block.depth - 1 : block.depth);
      return walkYaml(doc.contents, rest, key, lines, shift);
    },
  };
}

/** Where `parts` lead from `root`, as the locate() of LocatedDocument says; ranges are shifted by `shift`. */
function walkYaml(root: unknown, parts: readonly string[], key: boolean, lines: Lines, shift: number): Place {
  let node: unknown = root;
  let keyNode: YamlNode | undefined;
  for (const part of parts) {
    let next: unknown;
    if (isMap(node)) {
      const pair = node.items.findLast((item) => isPair(item) && keyText(item.key) === part);
      if (pair) {
        keyNode = pair.key as YamlNode;
        next = pair.value;
      }
    } else if (isSeq(node)) {
      keyNode = undefined;
      next = node.items[Number(part)];
    }
    if (next === undefined || next === null) {
      // A key with no value (`description:`) has no node: point at its key.
      if (keyNode && next === null) return placeOf(keyNode, lines, shift);
      keyNode = undefined;
      break;
    }
    node = next;
  }
  const target = (key && keyNode ? keyNode : node) as YamlNode | undefined;
  return target ? placeOf(target, lines, shift) : lines.place(0);
}

function keyText(key: unknown): string | undefined {
  if (isScalar(key)) return String(key.value);
  return undefined;
}

function placeOf(node: YamlNode, lines: Lines, shift: number): Place {
  const range = node.range;
  if (!range) return lines.place(0);
  return lines.place(range[0] + shift, range[1] + shift);
}
