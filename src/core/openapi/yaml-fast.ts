/**
 * Large YAML documents, read fast.
 *
 * `yaml` (eemeli) gives every node its range but takes about a second per
 * megabyte to build them. Most documents have no syntax error and few
 * problems, so the value is read with js-yaml (ten times faster, no ranges),
 * with a schema that resolves plain scalars exactly as `yaml`'s YAML 1.2 core
 * schema does. A place is found only when a problem asks for one: an index of
 * the block mappings' key lines (built lazily, level by level) narrows the
 * pointer down to the smallest block that holds it, and only that block is
 * read by `yaml`, whose ranges (shifted by the block's offset) are then the
 * same as a read of the whole text would give.
 *
 * Whatever this does not handle (a syntax error, anchors, directives, flow
 * style where a pointer passes, keys that are not plain or simply quoted)
 * returns undefined, and the caller reads the whole text with `yaml`.
 */
import { FAILSAFE_SCHEMA, Type, load } from 'js-yaml';

const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const INT_OCT = /^0o[0-7]+$/;
const INT = /^[-+]?[0-9]+$/;
const INT_HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;

/** A plain scalar's value under the YAML 1.2 core schema, as `yaml` resolves it. */
export function resolvePlain(text: string): string | number | boolean | null {
  if (NULL.test(text)) return null;
  if (BOOL.test(text)) return text[0] === 't' || text[0] === 'T';
  if (INT_OCT.test(text)) return parseInt(text.substring(2), 8);
  if (INT.test(text)) return parseInt(text, 10);
  if (INT_HEX.test(text)) return parseInt(text.substring(2), 16);
  if (FLOAT_NAN.test(text))
    return text.slice(-3).toLowerCase() === 'nan' ? NaN : text[0] === '-' ? -Infinity : Infinity;
  if (FLOAT_EXP.test(text) || FLOAT.test(text)) return parseFloat(text);
  return text;
}

const scalarType = (tag: string, test: (text: string) => boolean) =>
  new Type(`tag:yaml.org,2002:${tag}`, {
    kind: 'scalar',
    resolve: (data) => typeof data === 'string' && test(data),
    construct: (data) => resolvePlain(data as string),
  });

const CORE_SCHEMA = FAILSAFE_SCHEMA.extend({
  implicit: [
    scalarType('null', (t) => NULL.test(t)),
    scalarType('bool', (t) => BOOL.test(t)),
    scalarType('int', (t) => INT_OCT.test(t) || INT.test(t) || INT_HEX.test(t)),
    scalarType('float', (t) => FLOAT_NAN.test(t) || FLOAT_EXP.test(t) || FLOAT.test(t)),
  ],
});

/**
 * Texts whose value js-yaml and `yaml` could read differently, or whose
 * aliases could expand without the limit `yaml` enforces: anchors, directives,
 * several documents, collections as keys and null keys (`yaml` names those "").
 */
const NOT_FAST =
  /(?:^|[\s[{,])&[^\s[\]{},]|^%|^---[^\n]*\n[\s\S]*^---|^[ \t-]*\?[ \t]*(?:[[{]|-\s|$)|(?:^[ \t-]*|[{,]\s*)(?:~|null|Null|NULL)[ \t]*:(?:\s|$)/m;

/** The value of a YAML text read fast, or undefined when it must be read by `yaml` (see NOT_FAST, and any error). */
export function loadFast(text: string): { value: unknown } | undefined {
  if (NOT_FAST.test(text)) return undefined;
  try {
    return { value: load(text, { schema: CORE_SCHEMA, maxDepth: 200 }) };
  } catch {
    return undefined;
  }
}

/** A block: lines [from, to) of the text, and the indentation of its key lines. */
interface Block {
  from: number;
  to: number;
  /** The first line's content starts at this column, after a sequence item's `- `. */
  first?: number;
}

/** The lines `yaml` reads to place a pointer, and how the pointer continues in them. */
export interface Narrowed {
  from: number;
  to: number;
  /** How many parts of the pointer lead to the block. */
  depth: number;
  /** `pair`: the block is the pair of the last of those parts; `value`: it is that part's value (a sequence item). */
  root: 'pair' | 'value';
  /** The first line is read from this column, what is before it (a sequence item's `- `) as spaces. */
  first?: number;
}

interface KeyLine {
  line: number;
  /** Whether the value starts on a later line (a block mapping or sequence, or nothing). */
  below: boolean;
}

/**
 * Where the text of a pointer's deepest block-mapping key is: the lines of
 * the pair, which `yaml` can read on its own. Undefined when the lines do not
 * have the simple shape this index reads.
 */
export class BlockIndex {
  private readonly starts: number[] = [0];
  private readonly children = new Map<number, Map<string, KeyLine> | null>();
  private readonly ends = new Map<number, number>();
  private readonly items = new Map<number, number[] | null>();
  constructor(private readonly text: string) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  get lineCount(): number {
    return this.starts.length;
  }

  lineStart(line: number): number {
    return line >= this.starts.length ? this.text.length : this.starts[line]!;
  }

  /** Spaces before the content, -1 for a blank or comment line, -2 for a tab in the indentation. */
  private indent(line: number): number {
    const start = this.starts[line]!;
    const end = this.lineStart(line + 1);
    let i = start;
    while (i < end && this.text.charCodeAt(i) === 32) i++;
    const c = this.text.charCodeAt(i);
    if (c === 9) return -2;
    if (i >= end || c === 10 || c === 13 || c === 35 /* # */) return -1;
    return i - start;
  }

  /** Whether `line` starts with `indicator` (`-` a sequence item, `:` an explicit key's value) and a space or its end. */
  private startsWith(line: number, indent: number, indicator: number): boolean {
    const at = this.starts[line]! + indent;
    const next = this.text.charCodeAt(at + 1);
    return this.text.charCodeAt(at) === indicator && (Number.isNaN(next) || next === 32 || next === 10 || next === 13);
  }

  /** A line that goes on with the pair above it at the same indentation: a sequence item or an explicit key's value. */
  private continues(line: number, indent: number): boolean {
    return this.startsWith(line, indent, 45 /* - */) || this.startsWith(line, indent, 58 /* : */);
  }

  /** The first line after `line` that ends the value of a key at `indent`. */
  private blockEnd(line: number, indent: number, to: number): number {
    const known = this.ends.get(line);
    if (known !== undefined) return known;
    let end = to;
    for (let j = line + 1; j < to; j++) {
      const n = this.indent(j);
      if (n === -1) continue;
      if (n < indent || (n === indent && !this.continues(j, n))) {
        end = j;
        break;
      }
    }
    this.ends.set(line, end);
    return end;
  }

  /** The key lines of the block mapping in `block`, by key; null when it is not a simple block mapping. */
  private keysOf(block: Block): Map<string, KeyLine> | null {
    const id = block.first === undefined ? block.from : -1 - block.from;
    const cached = this.children.get(id);
    if (cached !== undefined) return cached;
    let result: Map<string, KeyLine> | null = new Map();
    let indent = -1;
    for (let j = block.from; j < block.to && result; j++) {
      const n = j === block.from && block.first !== undefined ? block.first : this.indent(j);
      if (n === -1) continue;
      if (n === -2) result = null;
      // A sequence at the mapping's own indentation is the value of the key above it.
      else if (n === indent && this.continues(j, n)) continue;
      else if (indent === -1 || n === indent) {
        indent = n;
        const key = this.keyAt(j, n);
        if (key === undefined) result = null;
        else result.set(key.key, { line: j, below: key.below });
      } else if (n < indent) result = null;
    }
    if (indent === -1) result = null;
    this.children.set(id, result);
    return result;
  }

  /** The item lines of the block sequence in `block`; null when it is not a simple block sequence. */
  private itemsOf(block: Block): number[] | null {
    const cached = this.items.get(block.from);
    if (cached !== undefined) return cached;
    let result: number[] | null = block.first === undefined ? [] : null;
    let indent = -1;
    for (let j = block.from; j < block.to && result; j++) {
      const n = this.indent(j);
      if (n === -1 || (indent !== -1 && n > indent)) continue;
      if (indent === -1) indent = n;
      if (n === indent && n >= 0 && this.startsWith(j, n, 45 /* - */)) result.push(j);
      else result = null;
    }
    if (block.first === undefined) this.items.set(block.from, result);
    return result;
  }

  /**
   * Item `part` of the block sequence in `block`: its lines (the first read
   * from the item's content), and the block of its keys when it is a mapping.
   */
  private item(block: Block, part: string): { found: Omit<Narrowed, 'depth'>; next?: Block } | undefined {
    if (!/^(?:0|[1-9][0-9]*)$/.test(part)) return undefined;
    const items = this.itemsOf(block);
    const line = items?.[Number(part)];
    if (line === undefined) return undefined;
    const to = items![Number(part) + 1] ?? block.to;
    const lineEnd = this.lineStart(line + 1);
    let at = this.starts[line]! + this.indent(line) + 1;
    while (at < lineEnd && (this.text[at] === ' ' || this.text[at] === '\t')) at++;
    const c = this.text[at];
    // Nothing after `-` (the item is on the lines below), or a nested `- `, a property or a key of its own: read whole.
    if (at >= lineEnd || '\r\n#-!&*?'.includes(c!)) return undefined;
    const first = at - this.starts[line]!;
    const found = { from: line, to, root: 'value' as const, first };
    return { found, next: this.keyAt(line, first) ? { from: line, to, first } : undefined };
  }

  /** The key written at column `indent` of `line`, when it is a plain or simply quoted implicit key. */
  private keyAt(line: number, indent: number, override?: string): { key: string; below: boolean } | undefined {
    const start = this.starts[line]! + indent;
    let end = this.lineStart(line + 1);
    while (end > start && /[\r\n]/.test(this.text[end - 1]!)) end--;
    let content = this.text.slice(start, end);
    if (override !== undefined) content = override;
    else if (content.startsWith('? ')) {
      // An explicit key on one line, its value on the next line at the same indentation: read from here by `yaml`.
      const next = this.firstContent(line + 1);
      if (next === undefined || this.indent(next) !== indent || !this.startsWith(next, indent, 58 /* : */))
        return undefined;
      const key = this.keyAt(line, indent, content.slice(2).trimStart() + ':');
      return key && { key: key.key, below: false };
    }
    let key: string;
    let rest: string;
    const first = content[0]!;
    if (first === '"' || first === "'") {
      const close = content.indexOf(first, 1);
      if (close === -1) return undefined;
      key = content.slice(1, close);
      if (key.includes('\\') || (first === "'" && content[close + 1] === "'")) return undefined;
      const colon = /^[ \t]*:(?:[ \t]|$)/.exec(content.slice(close + 1));
      if (!colon) return undefined;
      rest = content.slice(close + 1 + colon[0].length);
    } else {
      if ('-?:,[]{}#&*!|>%@`'.includes(first)) return undefined;
      const colon = /:(?:[ \t]|$)/.exec(content);
      if (!colon) return undefined;
      const plain = content.slice(0, colon.index).replace(/[ \t]+$/, '');
      if (/[ \t]#/.test(plain)) return undefined;
      key = String(resolvePlain(plain));
      rest = content.slice(colon.index + colon[0].length);
    }
    const value = rest.trim();
    return { key, below: value === '' || value.startsWith('#') };
  }

  /**
   * The smallest run of lines holding `parts`: the key line of the deepest
   * part reached through block mappings, to the end of its value; `depth` is
   * how many parts it covers (0: the pointer's first key is not in a simple
   * block mapping at the top).
   */
  narrow(parts: readonly string[]): Narrowed | undefined {
    let block: Block = { from: 0, to: this.starts.length };
    // A first `---` line starts the one document.
    const top = this.firstContent(0);
    if (top !== undefined && this.text.startsWith('---', this.starts[top]!)) {
      if (/^---[ \t]*(?:#.*)?\r?$/.test(this.text.slice(this.starts[top]!, this.lineStart(top + 1) - 1)))
        block = { from: top + 1, to: this.starts.length };
      else return undefined;
    }
    let found: Narrowed | undefined;
    for (let depth = 0; depth < parts.length; depth++) {
      const keys = this.keysOf(block);
      if (!keys) {
        const item = this.item(block, parts[depth]!);
        if (!item) break;
        found = { ...item.found, depth: depth + 1 };
        if (!item.next) break;
        block = item.next;
        continue;
      }
      const entry = keys.get(parts[depth]!);
      if (!entry) break;
      const onFirst = entry.line === block.from && block.first !== undefined;
      const indent = onFirst ? block.first! : this.indent(entry.line);
      const to = this.blockEnd(entry.line, indent, block.to);
      found = { from: entry.line, to, depth: depth + 1, root: 'pair', first: onFirst ? block.first : undefined };
      if (!entry.below) break;
      block = { from: entry.line + 1, to };
    }
    return found;
  }

  /** The text `yaml` reads for a narrowed block: its lines, what is before its first column as spaces (offsets kept). */
  sliceOf(block: Narrowed): string {
    const start = this.starts[block.from]!;
    const text = this.text.slice(start, this.lineStart(block.to));
    return block.first === undefined ? text : ' '.repeat(block.first) + text.slice(block.first);
  }

  private firstContent(from: number): number | undefined {
    for (let j = from; j < this.starts.length; j++) if (this.indent(j) !== -1) return j;
    return undefined;
  }
}
