/**
 * The Rust language kit: string and byte literals, identifier allocation, a
 * model of rustfmt's layout rules (block indent, max_width 100, chain_width,
 * fn_call_width…) for the expression shapes programs use, and `json!` literals.
 * A Rust client file builds expressions and statements from these; the layout
 * is decided here, so every Rust client passes `rustfmt --check`.
 */
import { join } from '../../arrays.ts';
import { compareUtf8, countOf, isPrintableAscii, rustString, utf8Length as utf8LengthOf } from '../literals.ts';

// ---------------------------------------------------------------------------
// Literals

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** rustc refuses bidirectional-override characters inside literals (a deny-by-default lint): escape them. */
function escapeBidi(literal: string): string {
  return literal.replace(/[\u202a-\u202e\u2066-\u2069]/g, (ch) => `\\u{${ch.charCodeAt(0).toString(16)}}`);
}

/**
 * A Rust string literal for `text`: a raw string (`r#"..."#`) when that reads
 * better (quotes or backslashes, nothing that needs an escape), else
 * `rustString`. Either way the literal is exactly `text` and never code.
 */
export function rustLiteral(text: string): string {
  const needsEscape =
    !isPrintableAscii(text) &&
    // eslint-disable-next-line no-control-regex
    (/[\u0000-\u001f\u007f\u2028\u2029\ufeff\u202a-\u202e\u2066-\u2069]/.test(text) || LONE_SURROGATE.test(text));
  if (!needsEscape && /["\\]/.test(text)) {
    let hashes = text.includes('"') ? 1 : 0;
    while (text.includes(`"${'#'.repeat(hashes)}`) && hashes > 0) hashes++;
    const fence = '#'.repeat(hashes);
    return `r${fence}"${text}"${fence}`;
  }
  // Without anything to escape there is no bidirectional control to escape either.
  return needsEscape ? escapeBidi(rustString(text)) : rustString(text);
}

// ---------------------------------------------------------------------------
// A model of rustfmt's layout rules (block indent, max_width 100, chain_width,
// fn_call_width and array_width 60), enough for the expressions generated here.

/** A layout already made for an expression: the shape and settings it was made for, and the text. */
interface Laid {
  indent: number;
  offset: number;
  width: number;
  max: number;
  oneLineChain: boolean;
  ascii: boolean;
  text: string | null;
}

/**
 * `laid` keeps the layouts made for the expression: rustfmt's rules try an argument or a chain in the
 * same shape more than once (as overflow, then nested, then again), and the answer does not change.
 * `flat` keeps its text on one line, once the direct layout (below) has asked for it.
 */
export type Expr = { laid?: Laid[]; flat?: string | null } &
  /** A literal, a path or `&name`: never broken. `simple` as rustfmt's `is_simple_expr`. */
  (
    | { t: 'atom'; s: string; simple: boolean; w?: number }
    /** `callee(args)` followed by `tries` question marks; a macro when `callee` ends with `!`. */
    | { t: 'call'; callee: string; args: Expr[]; tries: number }
    | { t: 'ref'; e: Expr }
    | { t: 'array'; items: Expr[] }
    | { t: 'tuple'; items: Expr[] }
    | { t: 'chain'; root: Expr; links: Link[] }
    /**
     * A macro rustfmt cannot parse (`json!({...})`): kept as written, its later
     * lines re-indented from the block indentation (`lines` after the first are
     * relative to it).
     */
    | { t: 'opaque'; lines: string[] }
  );

export interface Link {
  name: string;
  args: Expr[];
  tries: number;
}

interface Shape {
  /** Block indentation of the current statement or block. */
  indent: number;
  /** Columns already used on the current line after `indent`. */
  offset: number;
  /** Columns left on the current line. */
  width: number;
}

interface Layout {
  max: number;
}

export const TAB = 4;
const SHORT_WIDTH = 60;
/** Format-like macros whose format string rustfmt keeps on a line of its own. */
const FORMAT_MACROS = new Set(['format!', 'println!', 'print!', 'eprintln!', 'panic!']);

export const atom = (s: string, simple = true): Expr => ({ t: 'atom', s, simple });
export const call = (callee: string, args: Expr[], tries = 0): Expr => ({ t: 'call', callee, args, tries });
export const link = (name: string, args: Expr[] = [], tries = 0): Link => ({ name, args, tries });
export const chain = (root: Expr, links: Link[]): Expr => (links.length === 0 ? root : { t: 'chain', root, links });

function charWidth(code: number): number {
  if ((code >= 0x300 && code <= 0x36f) || (code >= 0x200b && code <= 0x200f) || (code >= 0xfe00 && code <= 0xfe0f))
    return 0;
  const wide =
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0x303e) ||
    (code >= 0x3041 && code <= 0x33ff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0xa000 && code <= 0xa4cf) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1f64f) ||
    (code >= 0x1f900 && code <= 0x1f9ff) ||
    (code >= 0x20000 && code <= 0x3fffd);
  return wide ? 2 : 1;
}

/**
 * True while laying out a statement whose every piece of text is printable ASCII: then every text the
 * layout puts together is too (it adds only spaces, punctuation and line breaks), and a width is a length.
 */
let asciiStatement = false;

function asciiExpr(e: Expr): boolean {
  switch (e.t) {
    case 'atom':
      return isPrintableAscii(e.s);
    case 'call':
      return isPrintableAscii(e.callee) && e.args.every(asciiExpr);
    case 'ref':
      return asciiExpr(e.e);
    case 'array':
    case 'tuple':
      return e.items.every(asciiExpr);
    case 'chain':
      return asciiExpr(e.root) && e.links.every((l) => isPrintableAscii(l.name) && l.args.every(asciiExpr));
    case 'opaque':
      return e.lines.every((l) => isPrintableAscii(l));
  }
}

/** Display width, as rustfmt measures it (a line break counts nothing). */
function width(s: string): number {
  if (asciiStatement) return s.length - countOf(s, '\n');
  if (isPrintableAscii(s)) return s.length;
  let w = 0;
  for (const ch of s) w += ch === '\n' ? 0 : charWidth(ch.codePointAt(0)!);
  return w;
}

function utf8Length(s: string): number {
  return asciiStatement ? s.length : utf8LengthOf(s);
}
const firstLine = (s: string) => {
  const end = s.indexOf('\n');
  return end === -1 ? s : s.slice(0, end);
};
const lastLine = (s: string) => s.slice(s.lastIndexOf('\n') + 1);
const lineCount = (s: string) => countOf(s, '\n') + 1;
// All ASCII, a line's width is its length: measured in place, not sliced and counted again.
const firstLineWidth = (s: string) => {
  if (!asciiStatement) return width(firstLine(s));
  const end = s.indexOf('\n');
  return end === -1 ? s.length : end;
};
const lastLineWidth = (s: string) => (asciiStatement ? s.length - s.lastIndexOf('\n') - 1 : width(lastLine(s)));
/** A shape with another width (a literal, not a spread: this runs for every argument tried). */
const withWidth = (shape: Shape, width: number): Shape => ({ indent: shape.indent, offset: shape.offset, width });
const multiline = (s: string) => s.includes('\n');
const SPACES: string[] = [];
const spaces = (n: number) => (SPACES[n] ??= ' '.repeat(n));

function offsetLeft(shape: Shape, w: number): Shape | null {
  return shape.width < w ? null : { indent: shape.indent, offset: shape.offset + w, width: shape.width - w };
}

function subWidth(shape: Shape, w: number): Shape | null {
  return shape.width < w ? null : withWidth(shape, shape.width - w);
}

function blockShape(indent: number, layout: Layout): Shape {
  return { indent, offset: 0, width: layout.max - indent };
}

const rhsOverhead = (shape: Shape, layout: Layout) =>
  Math.max(0, layout.max - (shape.indent + shape.offset + shape.width));

/** rustfmt's `filtered_str_fits`. */
function fits(s: string, shape: Shape, layout: Layout): boolean {
  if (firstLineWidth(s) > shape.width) return false;
  let start = s.indexOf('\n') + 1;
  if (start === 0) return true;
  // Each later line within the maximum, measured in place (an all-ASCII line's width is its length).
  for (let end = s.indexOf('\n', start); ; end = s.indexOf('\n', start)) {
    const stop = end === -1 ? s.length : end;
    if ((asciiStatement ? stop - start : width(s.slice(start, stop))) > layout.max) return false;
    if (end === -1) break;
    start = end + 1;
  }
  return lastLineWidth(s) <= shape.indent + shape.offset + shape.width;
}

function isSimple(e: Expr): boolean {
  if (e.t === 'atom') return e.simple;
  if (e.t === 'ref') return isSimple(e.e);
  return false;
}

function isNestedCall(e: Expr): boolean {
  if (e.t === 'call' || e.t === 'opaque') return true;
  if (e.t === 'ref') return isNestedCall(e.e);
  return false;
}

function canOverflow(e: Expr, count: number): boolean {
  switch (e.t) {
    case 'call':
    case 'chain':
    case 'tuple':
    case 'array':
    case 'opaque':
      return count === 1;
    case 'ref':
      return canOverflow(e.e, count);
    default:
      return false;
  }
}

interface Ctx {
  layout: Layout;
  /** rustfmt's `force_one_line_chain`: set while a method-call argument is tried as overflow. */
  oneLineChain: boolean;
}

function rewrite(e: Expr, shape: Shape, ctx: Ctx): string | null {
  // An atom's width is measured once (a long literal is tried in many shapes).
  if (e.t === 'atom') return (e.w ??= width(e.s)) <= shape.width ? e.s : null;
  const { indent, offset, width: room } = shape;
  const max = ctx.layout.max;
  const oneLineChain = ctx.oneLineChain;
  const ascii = asciiStatement;
  if (e.laid) {
    for (const l of e.laid) {
      if (
        l.indent === indent &&
        l.offset === offset &&
        l.width === room &&
        l.max === max &&
        l.oneLineChain === oneLineChain &&
        l.ascii === ascii
      ) {
        return l.text;
      }
    }
  } else e.laid = [];
  const text = rewriteUncached(e, shape, ctx);
  e.laid.push({ indent, offset, width: room, max, oneLineChain, ascii, text });
  return text;
}

/** A call's or link's text followed by its `?`s (none: the text as it is, not a copy). */
const withTries = (text: string | null, tries: number) =>
  text === null || tries === 0 ? text : text + '?'.repeat(tries);

function rewriteUncached(e: Expr, shape: Shape, ctx: Ctx): string | null {
  switch (e.t) {
    case 'atom':
      return (e.w ??= width(e.s)) <= shape.width ? e.s : null;
    case 'ref': {
      const inner = offsetLeft(shape, 1);
      const text = inner && rewrite(e.e, inner, ctx);
      return text === null ? null : `&${text}`;
    }
    case 'call': {
      const inner = subWidth(shape, e.tries);
      if (!inner || width(e.callee) > inner.width) return null;
      const text = rewriteList(e.callee, e.args, inner, ctx, '(', ')', e.callee.endsWith('!'));
      return withTries(text, e.tries);
    }
    case 'array':
      return rewriteList('', e.items, shape, ctx, '[', ']', false);
    case 'tuple':
      return rewriteList('', e.items, shape, ctx, '(', ')', false);
    case 'chain':
      return rewriteChain(e.root, e.links, shape, ctx);
    case 'opaque':
      return e.lines.map((l, i) => (i === 0 || l === '' ? l : spaces(shape.indent) + l)).join('\n');
  }
}

type Tactic = 'horizontal' | 'vertical' | 'special' | 'mixed';

function horizontalFits(items: (string | null)[], limit: number): boolean {
  let total = 2 * Math.max(0, items.length - 1);
  for (const s of items) {
    if (s === null) continue;
    if (multiline(s)) return false;
    total += asciiStatement ? s.length : width(s);
    if (total > limit) return false;
  }
  return true;
}

/** rustfmt's `overflow::rewrite_with_parens` / `rewrite_with_square_brackets`. */
function rewriteList(
  ident: string,
  args: Expr[],
  shape: Shape,
  ctx: Ctx,
  open: string,
  close: string,
  isMacro: boolean,
): string | null {
  const { layout } = ctx;
  const usedWidth = utf8Length(ident);
  const oneLineWidth = Math.max(0, shape.width - (usedWidth + 2));
  const oneLineShape = subWidth(offsetLeft(shape, width(ident) + 1) ?? withWidth(shape, 0), 1) ?? withWidth(shape, 0);
  const nestedIndent = shape.indent + TAB;
  const nested: Shape = { indent: nestedIndent, offset: 0, width: Math.max(0, layout.max - nestedIndent - 1) };
  const items = args.map((a) => rewrite(a, nested, ctx));
  const n = args.length;
  let tactic: Tactic;

  if (n === 0) tactic = 'horizontal';
  else {
    const last = args[n - 1]!;
    const combine = n === 1 && ident.length < TAB;
    const overflowLast = combine || canOverflow(last, n);
    let placeholder: string | null = null;
    if (overflowLast) {
      let argShape: Shape | null;
      if (n === 1 && !isNestedCall(args[0]!)) argShape = oneLineShape;
      else {
        const offset = items.slice(0, -1).reduce((sum, s) => sum + 2 + utf8Length(s ?? ''), 0);
        argShape = offsetLeft(withWidth(oneLineShape, Math.min(SHORT_WIDTH, oneLineShape.width)), offset);
      }
      if (argShape) {
        const saved = ctx.oneLineChain;
        if (!combine && last.t === 'chain') ctx.oneLineChain = true;
        placeholder = rewrite(last, argShape, ctx);
        ctx.oneLineChain = saved;
        if (placeholder !== null) items[n - 1] = firstLine(placeholder);
      }
    }
    tactic = horizontalFits(items, Math.min(oneLineWidth, SHORT_WIDTH)) ? 'horizontal' : 'vertical';
    if (overflowLast && tactic === 'horizontal' && placeholder !== null && n === 1) {
      if (lineCount(placeholder) === 2) {
        const again = rewrite(last, nested, ctx);
        items[n - 1] = again !== null && !multiline(again) ? again : placeholder;
      } else items[n - 1] = placeholder;
    } else if (overflowLast && tactic === 'horizontal' && placeholder !== null) {
      items[n - 1] = placeholder;
    } else {
      items[n - 1] = rewrite(last, nested, ctx);
      const only = items[0];
      if (
        n === 1 &&
        oneLineWidth !== 0 &&
        only !== null &&
        only !== undefined &&
        !multiline(only) &&
        width(only) <= oneLineWidth
      )
        tactic = 'horizontal';
      else {
        tactic = horizontalFits(items, Math.min(oneLineWidth, SHORT_WIDTH)) ? 'horizontal' : 'vertical';
        if (tactic === 'vertical') {
          if (isMacro && FORMAT_MACROS.has(ident)) {
            const rest = items.slice(1);
            if (args.slice(1).every(isSimple) && horizontalFits(rest, nested.width)) tactic = 'special';
          } else if (args.every(isSimple) && items.every((s) => s !== null && s.length <= 10)) tactic = 'mixed';
        }
      }
    }
  }
  for (const s of items) if (s === null) return null;
  const list = items as string[];
  const nestedPad = spaces(nestedIndent);
  const trailing = isMacro ? '' : ',';
  let body: string;
  switch (tactic) {
    case 'horizontal': {
      const text = join(list, ', ');
      const available = Math.max(0, shape.width - width(ident));
      if (n === 0 || firstLineWidth(text) + 1 <= available) return `${ident}${open}${text}${close}`;
      body = text;
      break;
    }
    case 'vertical':
      body = join(list, `,\n${nestedPad}`) + trailing;
      break;
    case 'special':
      body = list.length === 1 ? list[0]! : `${list[0]!},\n${nestedPad}${join(list.slice(1), ', ')}`;
      break;
    case 'mixed': {
      let out = '';
      let lineLength = 0;
      for (const [i, item] of list.entries()) {
        const itemWidth = width(item) + (i < list.length - 1 || trailing ? 1 : 0);
        if (lineLength > 0 && lineLength + 1 + itemWidth > nested.width) {
          out += `\n${nestedPad}`;
          lineLength = 0;
        } else if (lineLength > 0) {
          out += ' ';
          lineLength++;
        }
        out += item + (i < list.length - 1 ? ',' : trailing);
        lineLength += itemWidth;
      }
      body = out;
      break;
    }
  }
  return `${ident}${open}\n${nestedPad}${body}\n${spaces(shape.indent)}${close}`;
}

function lastLineExtendable(s: string): boolean {
  if (s.endsWith('"#')) return true;
  const last = lastLine(s);
  return /^[\s()[\]{}?>]*$/.test(last);
}

function rewriteLink(l: Link, shape: Shape, ctx: Ctx): string | null {
  const inner = subWidth(shape, l.tries);
  if (!inner) return null;
  const text = rewriteList(`.${l.name}`, l.args, inner, ctx, '(', ')', false);
  return withTries(text, l.tries);
}

/** The last link has no shape of its own line to go to: the chain has no layout. */
const NO_SHAPE = Symbol('no shape');

/**
 * rustfmt's choice for a chain's last link, laid out as `text` after the rest: there when it fits the budget
 * and takes five lines or more, else on its own line (`own()`) unless that takes more lines or cannot be laid
 * out. `own` gives undefined where the direct layout does not decide, and so does the choice.
 */
function chooseLastLink(
  text: string,
  budget: number,
  allInOneLine: boolean,
  own: () => string | null | undefined | typeof NO_SHAPE,
): { text: string; oneLine: boolean } | undefined | typeof NO_SHAPE {
  const count = lineCount(text);
  const couldFit = firstLineWidth(text) <= budget;
  if (couldFit && count >= 5) return { text, oneLine: allInOneLine };
  const ownText = own();
  if (ownText === NO_SHAPE || ownText === undefined) return ownText;
  if (ownText !== null && (!couldFit || lineCount(ownText) < count)) return { text: ownText, oneLine: false };
  return { text, oneLine: couldFit && allInOneLine };
}

/** rustfmt's chain formatting (`chains.rs`, block indent). */
function rewriteChain(root: Expr, links: Link[], shape: Shape, ctx: Ctx): string | null {
  const { layout } = ctx;
  let rootText = rewrite(root, shape, ctx);
  if (rootText === null) return null;
  let rootIsBlock = (root.t === 'call' || root.t === 'array') && multiline(rootText);
  let children = links;
  const tabWidth = Math.max(0, TAB - shape.offset);
  while (rootText.length <= tabWidth && !multiline(rootText) && children.length > 0) {
    const childShape = offsetLeft(shape, rootText.length);
    const text = childShape && rewriteLink(children[0]!, childShape, ctx);
    if (text === null) break;
    rootText += text;
    rootIsBlock = lastLineExtendable(rootText);
    children = children.slice(1);
  }
  if (children.length === 0) return fits(rootText, shape, layout) ? rootText : null;

  const childIndent = shape.indent + (rootIsBlock ? 0 : TAB);
  const childShape = blockShape(childIndent, layout);
  const rewrites: string[] = [rootText];
  for (let i = 0; i < children.length - 1; i++) {
    const text = rewriteLink(children[i]!, childShape, ctx);
    if (text === null) return null;
    rewrites.push(text);
  }
  const last = children.at(-1)!;
  const extendable = lastLineExtendable(rewrites[0]!);
  let almostTotal = last.tries;
  if (extendable) almostTotal += lastLineWidth(rewrites[0]!);
  else for (const s of rewrites) almostTotal += width(s);
  const budget = Math.max(0, (links.length === 1 ? shape.width : Math.min(shape.width, SHORT_WIDTH)) - almostTotal);
  let allInOneLine = budget > 0;
  for (let i = 0; allInOneLine && i < rewrites.length; i++) allInOneLine = !multiline(rewrites[i]!);
  const ownLineShape = subWidth(childShape, rhsOverhead(shape, layout) + last.tries);
  const lastShape = allInOneLine
    ? subWidth(shape, last.tries)
    : extendable
      ? subWidth(childShape, last.tries)
      : ownLineShape;
  if (!lastShape) return null;
  let lastText: string | null = null;
  let oneLine = false;
  if (allInOneLine || extendable) {
    const oneLineShape = offsetLeft(lastShape, almostTotal);
    const text = oneLineShape && rewriteLink(last, oneLineShape, ctx);
    if (text !== null) {
      const chosen = chooseLastLink(text, budget, allInOneLine, () =>
        ownLineShape ? rewriteLink(last, ownLineShape, ctx) : NO_SHAPE,
      );
      if (chosen === NO_SHAPE || chosen === undefined) return null;
      ({ text: lastText, oneLine } = chosen);
    }
  }
  lastText ??= rewriteLink(last, lastShape, ctx);
  if (lastText === null) return null;
  rewrites.push(lastText);
  if (!oneLine && ctx.oneLineChain) return null;
  const result = join(rewrites, oneLine ? '' : `\n${spaces(childIndent)}`);
  return fits(result, shape, layout) ? result : null;
}

function preferNextLine(orig: string, next: string): boolean {
  const endsWith = (s: string, ch: string) => firstLine(s).endsWith(ch);
  return (
    !multiline(next) ||
    lineCount(orig) > lineCount(next) + 1 ||
    ['(', '{', '['].some((ch) => endsWith(orig, ch) && !endsWith(next, ch))
  );
}

/** `lhs = expr` as rustfmt writes it (`lhs` on one line, `suffix` such as `;` after the expression). */
function rewriteAssign(lhs: string, expr: Expr, indent: number, ctx: Ctx, suffix: string): string | null {
  const { layout } = ctx;
  const shape: Shape = { indent, offset: 0, width: layout.max - indent - suffix.length };
  const origShape = offsetLeft(shape, width(lhs) + 1) ?? { indent, offset: width(lhs) + 1, width: 0 };
  const orig = rewrite(expr, origShape, ctx);
  if (orig !== null && !multiline(orig) && width(orig) <= origShape.width) return `${lhs} ${orig}${suffix}`;
  const newShape = subWidth(blockShape(indent + TAB, layout), rhsOverhead(origShape, layout));
  const next = newShape && rewrite(expr, newShape, ctx);
  const nextLine = (text: string) => `${lhs}\n${spaces(indent + TAB)}${text}${suffix}`;
  if (orig !== null && next !== null && newShape) {
    if (!fits(next, newShape, layout)) return `${lhs} ${orig}${suffix}`;
    if (preferNextLine(orig, next)) return nextLine(next);
    return `${lhs} ${orig}${suffix}`;
  }
  if (orig === null && next !== null) return nextLine(next);
  return orig === null ? null : `${lhs} ${orig}${suffix}`;
}

/**
 * One statement as rustfmt writes it. When rustfmt cannot fit it in 100
 * columns (a very long literal), it keeps the statement exactly as written:
 * then the layout is the one rustfmt would choose with room enough.
 */
export function statement(lhs: string | null, expr: Expr, indent: number): string {
  return inStatement(lhs, expr, () => directStatement(lhs, expr, indent) ?? layoutStatement(lhs, expr, indent));
}

/** The statement as the rules lay it out, without the direct layout (for tests). */
export function statementByRules(lhs: string | null, expr: Expr, indent: number): string {
  return inStatement(lhs, expr, () => layoutStatement(lhs, expr, indent));
}

/** The statement's direct layout, or null where it leaves the statement to the rules (for tests). */
export function directStatementOf(lhs: string | null, expr: Expr, indent: number): string | null {
  return inStatement(lhs, expr, () => directStatement(lhs, expr, indent));
}

function inStatement<T>(lhs: string | null, expr: Expr, lay: () => T): T {
  asciiStatement = isPrintableAscii(lhs ?? '') && asciiExpr(expr);
  try {
    return lay();
  } finally {
    asciiStatement = false;
  }
}

const directStatement = (lhs: string | null, expr: Expr, indent: number): string | null =>
  asciiStatement && lhs !== null && expr.t === 'chain' ? directChain(lhs, expr, indent) : null;

const UNBOUNDED = [Number.MAX_SAFE_INTEGER];
const BOUNDED_THEN_UNBOUNDED = [100, Number.MAX_SAFE_INTEGER];

/** The width of the widest literal in an expression. */
function widestAtom(e: Expr): number {
  let widest = 0;
  switch (e.t) {
    case 'atom':
      return (e.w ??= width(e.s));
    case 'ref':
      return widestAtom(e.e);
    case 'call':
      for (const a of e.args) widest = Math.max(widest, widestAtom(a));
      return widest;
    case 'array':
    case 'tuple':
      for (const a of e.items) widest = Math.max(widest, widestAtom(a));
      return widest;
    case 'chain':
      widest = widestAtom(e.root);
      for (const l of e.links) for (const a of l.args) widest = Math.max(widest, widestAtom(a));
      return widest;
    case 'opaque':
      return 0;
  }
}

function layoutStatement(lhs: string | null, expr: Expr, indent: number): string {
  // The fallback width is unbounded: a 1 MB body is one literal on one line, as rustfmt leaves it. Every
  // shape is narrower than the columns left after the indentation, so a literal wider than those fits in
  // none: then the 100 columns are not tried.
  const widths = widestAtom(expr) > 100 - indent ? UNBOUNDED : BOUNDED_THEN_UNBOUNDED;
  for (const max of widths) {
    const ctx: Ctx = { layout: { max }, oneLineChain: false };
    let text: string | null;
    if (lhs !== null) text = rewriteAssign(lhs, expr, indent, ctx, ';');
    else {
      const shape: Shape = { indent, offset: 0, width: max - indent - 1 };
      const body = rewrite(expr, shape, ctx);
      text = body === null ? null : `${body};`;
    }
    if (text !== null) return text;
  }
  throw new Error('statement cannot be laid out');
}

// ---------------------------------------------------------------------------
// The direct layout of `let name = root.link(…)…;`, the statements a client mostly builds: a builder chain
// whose root and arguments each stay on one line. The rules above decide it by trying shapes and joining,
// measuring and splitting text; for this shape their answer follows from the widths of the pieces, so it is
// put together from them once. Anything else (a short root joined to its first link, an argument that would
// break, a filled list, a literal too long for 100 columns) returns null and goes to the rules above.
// tests/unit/generators-rust-direct.test.ts checks that both give the same text.

const MAX = 100;

/** An expression's text on one line, or null for a shape the direct layout leaves to the rules. */
function flatText(e: Expr): string | null {
  return e.flat === undefined ? (e.flat = flatTextOf(e)) : e.flat;
}

function flatTextOf(e: Expr): string | null {
  switch (e.t) {
    case 'atom':
      return e.s;
    case 'ref': {
      const inner = flatText(e.e);
      return inner === null ? null : `&${inner}`;
    }
    case 'call': {
      let args = '';
      for (const a of e.args) {
        const text = flatText(a);
        if (text === null) return null;
        args = args === '' ? text : `${args}, ${text}`;
      }
      return withTries(`${e.callee}(${args})`, e.tries);
    }
    default:
      return null;
  }
}

/** The width of a call's arguments on one line (`a, b`). */
function argsWidth(args: Expr[]): number {
  let total = 2 * Math.max(0, args.length - 1);
  for (const a of args) total += flatText(a)!.length;
  return total;
}

/** Whether the rules lay `e` out on one line, as `flatText`, in a shape `width` wide at block `indent`. */
function staysFlat(e: Expr, width: number, indent: number): boolean {
  switch (e.t) {
    case 'atom':
      return e.s.length <= width;
    case 'ref':
      return staysFlat(e.e, width - 1, indent);
    case 'call': {
      const room = width - e.tries;
      if (room < e.callee.length) return false;
      const n = e.args.length;
      if (n === 0) return true;
      const nestedWidth = MAX - indent - TAB - 1;
      for (const a of e.args) if (!staysFlat(a, nestedWidth, indent + TAB)) return false;
      return oneLineArgs(e.args, Math.max(0, room - e.callee.length - 2), indent);
    }
    default:
      return false;
  }
}

/**
 * Whether a call's arguments stay on its line, given `oneLine` columns for them: within 60 columns, or for a
 * single argument the whole width; a single call as argument is first tried as overflow, 60 columns wide at the
 * call's own indent, and only its flat text is known to come out the same.
 */
function oneLineArgs(args: Expr[], oneLine: number, indent: number): boolean {
  const total = argsWidth(args);
  if (args.length !== 1) return total <= Math.min(oneLine, SHORT_WIDTH);
  const only = args[0]!;
  if (!isNestedCall(only)) return total <= oneLine;
  const overflow = Math.min(oneLine, SHORT_WIDTH);
  return total <= overflow && staysFlat(only, overflow, indent);
}

const isSimpleShort = (e: Expr) => isSimple(e) && flatText(e)!.length <= 10;

/**
 * `.name(args)` and its `?`s in a shape `width` wide at block `indent`: on one line, or one argument a line;
 * undefined where the rules would do something else.
 */
function directLink(l: Link, width: number, indent: number): string | null | undefined {
  if (width < l.tries) return null;
  const room = width - l.tries;
  const n = l.args.length;
  const tries = '?'.repeat(l.tries);
  if (n === 0) return `.${l.name}()${tries}`;
  const nestedIndent = indent + TAB;
  const nestedWidth = Math.max(0, MAX - nestedIndent - 1);
  for (const a of l.args) if (!staysFlat(a, nestedWidth, nestedIndent)) return undefined;
  const args = l.args.map((a) => flatText(a)!);
  if (oneLineArgs(l.args, Math.max(0, room - (l.name.length + 3)), indent))
    return `.${l.name}(${join(args, ', ')})${tries}`;
  // A single call as argument may overflow, and a filled list: left to the rules.
  if ((n === 1 && isNestedCall(l.args[0]!)) || l.args.every(isSimpleShort)) return undefined;
  const pad = spaces(nestedIndent);
  return `.${l.name}(\n${pad}${join(args, `,\n${pad}`)},\n${spaces(indent)})${tries}`;
}

/** A chain's text as laid out, with what the choice between this line and the next reads of it. */
interface LaidChain {
  text: string;
  first: string;
  lineCount: number;
}

/**
 * The chain at block `indent`, `offset` columns into its first line, `width` columns wide (the `;` left
 * out): its text (the later lines indented), null where the rules find no layout, undefined where the
 * direct layout does not decide.
 */
function directChainAt(
  root: string,
  links: Link[],
  indent: number,
  offset: number,
  width: number,
): LaidChain | null | undefined {
  // A root no wider than the first indent is joined to its first link: left to the rules.
  if (root.length <= Math.max(0, TAB - offset)) return undefined;
  const childIndent = indent + TAB;
  const childWidth = MAX - childIndent;
  const rewrites: string[] = [root];
  let multi = false;
  for (let i = 0; i < links.length - 1; i++) {
    const text = directLink(links[i]!, childWidth, childIndent);
    if (text == null) return text;
    multi ||= text.includes('\n');
    rewrites.push(text);
  }
  const last = links.at(-1)!;
  let almostTotal = last.tries;
  for (const s of rewrites) almostTotal += s.length - countOf(s, '\n');
  const budget = Math.max(0, (links.length === 1 ? width : Math.min(width, SHORT_WIDTH)) - almostTotal);
  const allInOneLine = budget > 0 && !multi;
  const ownWidth = childWidth - 1 - last.tries;
  let lastText: string | null | undefined = null;
  let oneLine = false;
  if (allInOneLine) {
    if (width < last.tries) return null;
    const text = width - last.tries >= almostTotal ? directLink(last, width - last.tries - almostTotal, indent) : null;
    if (text === undefined) return undefined;
    if (text !== null) {
      const chosen = chooseLastLink(text, budget, true, () =>
        ownWidth < 0 ? NO_SHAPE : directLink(last, ownWidth, childIndent),
      );
      if (chosen === NO_SHAPE) return null;
      if (chosen === undefined) return undefined;
      ({ text: lastText, oneLine } = chosen);
    }
    lastText ??= directLink(last, width - last.tries, indent);
  } else lastText = ownWidth < 0 ? null : directLink(last, ownWidth, childIndent);
  if (lastText == null) return lastText;
  rewrites.push(lastText);
  let lineTotal = oneLine ? 1 : rewrites.length;
  for (const s of rewrites) lineTotal += countOf(s, '\n');
  const first = oneLine ? firstLine(join(rewrites, '')) : root;
  // rustfmt's `fits`: the later lines are each laid out within their own width, so only the first can be too wide.
  if (first.length > width) return null;
  return { text: join(rewrites, oneLine ? '' : `\n${spaces(childIndent)}`), first, lineCount: lineTotal };
}

/**
 * `lhs chain;` at block `indent` as the rules lay it out, when the chain's root and every argument stay on one
 * line; null when the rules are needed.
 */
function directChain(lhs: string, e: Expr & { t: 'chain' }, indent: number): string | null {
  if (widestAtom(e) > MAX - indent) return null;
  const root = flatText(e.root);
  if (root === null || e.root.t === 'ref') return null;
  // Text the rules treat as extendable (a raw string's end, closing brackets) is left to them.
  if (root.endsWith('"#') || /^[\s()[\]{}?>]*$/.test(root)) return null;
  const offset = lhs.length + 1;
  const width = MAX - indent - 1 - offset;
  const nextIndent = indent + TAB;
  const nextWidth = MAX - nextIndent - 1;
  if (!staysFlat(e.root, width, indent) || !staysFlat(e.root, nextWidth, nextIndent)) return null;
  const orig = directChainAt(root, e.links, indent, offset, width);
  if (orig === undefined) return null;
  if (orig !== null && orig.lineCount === 1) return `${lhs} ${orig.text};`;
  const next = directChainAt(root, e.links, nextIndent, 0, nextWidth);
  if (next === undefined || (orig === null && next === null)) return null;
  if (
    orig === null ||
    (next !== null &&
      (next.lineCount === 1 ||
        orig.lineCount > next.lineCount + 1 ||
        ['(', '{', '['].some((ch) => orig.first.endsWith(ch) && !next.first.endsWith(ch))))
  )
    return `${lhs}\n${spaces(nextIndent)}${next!.text};`;
  return `${lhs} ${orig.text};`;
}

const RUST_KEYWORDS = new Set(
  (
    'as async await break const continue crate dyn else enum extern false fn for if impl in let loop match mod move ' +
    'mut pub ref return self static struct super trait true type unsafe use where while abstract become box do final ' +
    'macro override priv try typeof unsized virtual yield union'
  ).split(' '),
);

export class Names {
  private readonly used = new Set<string>();

  /** `reserved`: the names the program itself uses (read, never copied). */
  constructor(private readonly reserved: ReadonlySet<string>) {}

  /** A fresh snake_case identifier based on `hint`. */
  take(hint: string, fallback: string): string {
    let base = hint
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_|_$/g, '');
    if (base === '') base = fallback;
    if (/^[0-9]/.test(base)) base = `${fallback}_${base}`;
    if (RUST_KEYWORDS.has(base) || base === '_') base = `${base}_value`;
    let name = base;
    for (let i = 2; this.used.has(name) || this.reserved.has(name); i++) name = `${base}_${i}`;
    this.used.add(name);
    return name;
  }
}

/**
 * Whether `serde_json::json!(value)` compiles and serializes to the compact text `value` came from: its
 * expansion stays within rustc's recursion limit, and it prints that text (keys sorted, as serde_json keeps
 * them without its preserve_order feature).
 */
export function serdeJsonFits(value: unknown): boolean {
  return jsonMacroDepth(value) <= JSON_MACRO_DEPTH && serdeJsonPrints(value);
}

/**
 * How deep rustc expands `json!(value)`, over-estimated: serde_json's macro takes about three expansions a key
 * and one an array element (two for an array or an object), on top of what its deepest value takes. Measured
 * with serde_json 1.0.154 against rustc's limit of 128: 42 keys in one object fail, as do 120 numbers in one
 * array, 45 objects of 10 keys in one array and 32 levels of one-key objects.
 */
function jsonMacroDepth(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 1;
  const items = Array.isArray(value) ? value : Object.values(value);
  let own = 0;
  let deepest = 0;
  for (const item of items) {
    own += Array.isArray(value) ? (typeof item === 'object' && item !== null ? 2 : 1) : 3;
    deepest = Math.max(deepest, jsonMacroDepth(item));
  }
  return 2 + own + deepest;
}

/** Below rustc's recursion limit (128), with room for the estimate's error. */
const JSON_MACRO_DEPTH = 120;

/** Whether `json!` prints `value` as JSON.stringify does: keys already in order at every level, numbers alike. */
function serdeJsonPrints(value: unknown): boolean {
  if (value === null || typeof value === 'boolean') return true;
  if (typeof value === 'string') return !LONE_SURROGATE.test(value);
  if (typeof value === 'number') {
    if (Number.isInteger(value)) return Math.abs(value) <= 2 ** 31 - 1;
    const abs = Math.abs(value);
    return abs >= 1e-3 && abs < 1e15 && !String(value).includes('e');
  }
  if (Array.isArray(value)) return value.every(serdeJsonPrints);
  if (typeof value !== 'object') return false;
  const keys = Object.keys(value);
  for (let i = 1; i < keys.length; i++) if (compareUtf8(keys[i - 1]!, keys[i]!) >= 0) return false;
  return keys.every((k) => !LONE_SURROGATE.test(k)) && Object.values(value).every(serdeJsonPrints);
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A JSON value in `json!` syntax on one line. */
function jsonFlat(value: unknown): string {
  if (typeof value === 'string') return rustLiteral(value);
  if (Array.isArray(value)) return `[${value.map(jsonFlat).join(', ')}]`;
  if (isObject(value))
    return `{${Object.entries(value)
      .map(([k, v]) => `${rustLiteral(k)}: ${jsonFlat(v)}`)
      .join(', ')}}`;
  return String(value);
}

/** A JSON value in `json!` syntax, one entry per line where it is long; lines after the first relative to the first. */
function jsonLines(value: unknown, column: number): string[] {
  const flat = jsonFlat(value);
  const entries: [string, unknown][] | null = isObject(value)
    ? Object.entries(value).map(([k, v]) => [`${rustLiteral(k)}: `, v])
    : Array.isArray(value)
      ? value.map((v) => ['', v])
      : null;
  if (entries === null || entries.length === 0 || (flat.length <= 60 && column + flat.length <= 100)) return [flat];
  const out = [isObject(value) ? '{' : '['];
  for (const [i, [prefix, v]] of entries.entries()) {
    const nested = jsonLines(v, column + TAB + prefix.length);
    const comma = i < entries.length - 1 ? ',' : '';
    out.push(`    ${prefix}${nested[0]!}`, ...nested.slice(1).map((l) => `    ${l}`));
    out[out.length - 1] += comma;
  }
  out.push(isObject(value) ? '}' : ']');
  return out;
}

/** `json!(...)` for the body; rustfmt keeps its layout. */
export function jsonMacro(value: unknown): Expr {
  const lines = jsonLines(value, 2 * TAB + '.json(&json!('.length);
  lines[0] = `json!(${lines[0]!}`;
  lines[lines.length - 1] += ')';
  return { t: 'opaque', lines };
}
