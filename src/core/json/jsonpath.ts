import { paths } from 'jsonpath-rfc9535';
import parseSelector from 'jsonpath-rfc9535/parser';
import { nodeAtPointer, toPlain, type JsonNode } from './document.ts';

/**
 * JSONPath (RFC 9535). jsonpath-rfc9535 parses and evaluates; before it runs, the selector's tree is
 * checked for what the RFC requires and the library lets through: integers outside the I-JSON range
 * (±(2^53−1), §2.1) in indexes and slices, and well-typed function calls (§2.4.3: arity, argument types,
 * a ValueType function never used alone as a test, a LogicalType one never compared).
 */

export class JsonPathError extends Error {
  override name = 'JsonPathError';
  constructor(
    readonly detail: string,
    /** 0-based offset in the selector; column = offset + 1 (selectors are one line). */
    readonly offset: number,
  ) {
    super(`${detail} (column ${offset + 1})`);
  }
}

type Ast = Record<string, unknown> & { type: string };

type FnType = 'ValueType' | 'LogicalType' | 'NodesType';

const FUNCTIONS: Record<string, { params: FnType[]; result: FnType }> = {
  length: { params: ['ValueType'], result: 'ValueType' },
  count: { params: ['NodesType'], result: 'ValueType' },
  match: { params: ['ValueType', 'ValueType'], result: 'LogicalType' },
  search: { params: ['ValueType', 'ValueType'], result: 'LogicalType' },
  value: { params: ['NodesType'], result: 'ValueType' },
};

/** The offset of `needle` in the selector outside string literals, or 0. */
function locate(selector: string, needle: RegExp): number {
  let quote: string | null = null;
  for (let i = 0; i < selector.length; i++) {
    const ch = selector[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = null;
      continue;
    }
    if (ch === '"' || ch === "'") {
      quote = ch;
      continue;
    }
    needle.lastIndex = 0;
    const match = needle.exec(selector.slice(i));
    if (match && match.index === 0) return i;
  }
  return 0;
}

function isSingular(query: Ast): boolean {
  const segments = (query.segments ?? []) as Ast[];
  return segments.every((segment) => {
    if (segment.type !== 'ChildSegment') return false;
    const node = segment.node as Ast;
    if (node.type === 'MemberNameShorthand') return true;
    if (node.type !== 'BracketedSelection') return false;
    const selectors = node.selectors as Ast[];
    return selectors.length === 1 && (selectors[0]!.type === 'NameSelector' || selectors[0]!.type === 'IndexSelector');
  });
}

const LOGICAL = new Set(['LogicalOrExpr', 'LogicalAndExpr', 'LogicalNotExpr', 'TestExpr', 'ComparisonExpr']);

function check(node: unknown, selector: string): void {
  if (Array.isArray(node)) {
    for (const item of node) check(item, selector);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const ast = node as Ast;
  const fail = (message: string, at: RegExp): never => {
    throw new JsonPathError(message, locate(selector, at));
  };
  switch (ast.type) {
    case 'IndexSelector':
      // Inside a singular query the parser nests the selector: { type, selector: { type, value } }.
      if (!('selector' in ast) && !Number.isSafeInteger(ast.value))
        fail(`Index ${String(ast.value)} is outside ±(2^53−1), the range RFC 9535 allows`, /\d{16,}/y);
      break;
    case 'SliceSelector':
      for (const key of ['start', 'end', 'step'] as const) {
        const value = ast[key];
        if (value !== null && !Number.isSafeInteger(value))
          fail(`Slice ${key} ${String(value)} is outside ±(2^53−1), the range RFC 9535 allows`, /\d{16,}/y);
      }
      break;
    case 'TestExpr': {
      const inner = ast.expression as Ast;
      if (inner.type === 'FunctionExpr' && FUNCTIONS[inner.name as string]?.result === 'ValueType')
        fail(
          `${String(inner.name)}() gives a value, not true or false: compare it, e.g. ${String(inner.name)}(…) > 0`,
          new RegExp(`${String(inner.name)}\\s*\\(`, 'y'),
        );
      break;
    }
    case 'ComparisonExpr':
      for (const side of [ast.left, ast.right] as Ast[]) {
        if (side.type === 'FunctionExpr' && FUNCTIONS[side.name as string]?.result === 'LogicalType')
          fail(
            `${String(side.name)}() is true or false and cannot be compared: use it alone, e.g. ?${String(side.name)}(@.a, 'x')`,
            new RegExp(`${String(side.name)}\\s*\\(`, 'y'),
          );
      }
      break;
    case 'FunctionExpr': {
      const name = ast.name as string;
      const at = new RegExp(`${name.replace(/[^\w]/g, '')}\\s*\\(`, 'y');
      const fn = FUNCTIONS[name];
      if (!fn) fail(`Unknown function ${name}(): RFC 9535 has length, count, match, search and value`, at);
      const args = (ast.arguments ?? []) as Ast[];
      if (args.length !== fn!.params.length)
        fail(
          `${name}() takes ${fn!.params.length} argument${fn!.params.length === 1 ? '' : 's'}, not ${args.length}`,
          at,
        );
      args.forEach((arg, i) => {
        const want = fn!.params[i]!;
        const ok =
          want === 'NodesType'
            ? arg.type === 'FilterQuery'
            : want === 'ValueType'
              ? arg.type === 'Literal' ||
                (arg.type === 'FilterQuery' && isSingular(arg.value as Ast)) ||
                (arg.type === 'FunctionExpr' && FUNCTIONS[arg.name as string]?.result === 'ValueType')
              : LOGICAL.has(arg.type) || arg.type === 'FilterQuery';
        if (!ok)
          fail(
            want === 'NodesType'
              ? `${name}() needs a query as argument ${i + 1} (e.g. @.items[*])`
              : `${name}() needs a single value as argument ${i + 1}: a literal or a query naming one place (e.g. @.name)`,
            at,
          );
      });
      break;
    }
  }
  for (const value of Object.values(ast)) if (value && typeof value === 'object') check(value, selector);
}

/**
 * The selector with every chain of three or more `&&` written as nested pairs (`a && (b && (c && d))`), which
 * means the same. jsonpath-rfc9535 1.3 builds such a chain's tail with `||` (`a && (b || c)`), so
 * `$[?@.a && @.b && @.c]` matched items with a and b only; a chain of two is built right. Strings are skipped;
 * brackets and parentheses nest chains of their own. Only evaluation sees the result: errors are placed in the
 * selector as written.
 */
export function groupAndChains(selector: string): string {
  if (selector.split('&&').length < 3) return selector; // fewer than two `&&`: no chain of three
  const inserts: { at: number; text: string }[] = [];
  const chains: number[][] = [[]]; // per open bracket or parenthesis: offsets just after each `&&` of its chain
  const close = (at: number) => {
    const ands = chains[chains.length - 1]!;
    if (ands.length >= 2) {
      for (const after of ands.slice(0, -1)) inserts.push({ at: after, text: ' (' });
      inserts.push({ at, text: ')'.repeat(ands.length - 1) });
    }
    chains[chains.length - 1] = [];
  };
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i]!;
    if (c === "'" || c === '"') {
      for (i++; i < selector.length && selector[i] !== c; i++) if (selector[i] === '\\') i++;
    } else if (c === '(' || c === '[') chains.push([]);
    else if (c === ')' || c === ']') {
      close(i);
      if (chains.length > 1) chains.pop();
    } else if (c === ',' || (c === '|' && selector[i + 1] === '|')) {
      close(i);
      if (c === '|') i++;
    } else if (c === '&' && selector[i + 1] === '&') {
      chains[chains.length - 1]!.push(i + 2);
      i++;
    }
  }
  close(selector.length);
  let out = selector;
  for (const { at, text } of inserts.sort((a, b) => b.at - a.at)) out = out.slice(0, at) + text + out.slice(at);
  return out;
}

/** Parses and checks a selector; throws JsonPathError with the offset of the problem. */
export function validateSelector(selector: string): void {
  if (selector.trim() === '') throw new JsonPathError('Empty selector: a JSONPath starts with $', 0);
  let ast: unknown;
  try {
    ast = parseSelector(selector);
  } catch (error) {
    const e = error as Error & { location?: { start: { offset: number } } };
    const message = e.message.replace(/\s+/g, ' ').replace(/\.$/, '');
    throw new JsonPathError(message, e.location?.start.offset ?? 0);
  }
  check(ast, selector);
}

/** A normalized path (`$['a'][0]`) as JSON pointer segments. */
export function parseNormalizedPath(path: string): (string | number)[] {
  const segments: (string | number)[] = [];
  let i = 1;
  while (i < path.length) {
    if (path[i] !== '[') break;
    if (path[i + 1] === "'") {
      let j = i + 2;
      let name = '';
      while (j < path.length && path[j] !== "'") {
        if (path[j] === '\\') {
          const next = path[j + 1]!;
          const simple: Record<string, string> = {
            b: '\b',
            f: '\f',
            n: '\n',
            r: '\r',
            t: '\t',
            "'": "'",
            '\\': '\\',
            '/': '/',
          };
          if (next === 'u') {
            name += String.fromCharCode(parseInt(path.slice(j + 2, j + 6), 16));
            j += 6;
          } else {
            name += simple[next] ?? next;
            j += 2;
          }
        } else name += path[j++];
      }
      segments.push(name);
      i = j + 2;
    } else {
      const end = path.indexOf(']', i);
      segments.push(Number(path.slice(i + 1, end)));
      i = end + 1;
    }
  }
  return segments;
}

export interface PathMatch {
  /** RFC 9535 normalized path. */
  path: string;
  pointer: string;
  node: JsonNode;
}

/** Evaluates a selector on a located document: the matches in document order as the RFC defines it. */
export function evaluatePath(root: JsonNode, text: string, selector: string, plain?: unknown): PathMatch[] {
  validateSelector(selector);
  const value = plain ?? toPlain(root, text);
  const found = paths(value as never, groupAndChains(selector));
  return found.map((path) => {
    const segments = parseNormalizedPath(path);
    const pointer = segments.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
    return { path, pointer, node: nodeAtPointer(root, pointer)! };
  });
}
