import { useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { useScrollViewport } from '../../scroll-viewport.ts';
import { lineText, type LinesView } from './lines.ts';

/** Fixed row height (px): the window of rendered rows is computed from it. */
export const ROW = 18;
const OVERSCAN = 20;

export type LinesDocument = LinesView;

/**
 * The visible lines when some containers are folded: every line, minus the inside of folded ones. O(lines)
 * with no allocation per line, so it stays quick on a 10 MB document's half a million lines.
 */
export function visibleLines(doc: LinesDocument, folded: ReadonlySet<number>): Int32Array {
  const count = doc.lineStarts.length;
  if (folded.size === 0) {
    const all = new Int32Array(count);
    for (let i = 0; i < count; i++) all[i] = i;
    return all;
  }
  const out = new Int32Array(count);
  let n = 0;
  for (let i = 0; i < count; i++) {
    out[n++] = i;
    if (folded.has(i) && doc.closes[i]! > i) i = doc.closes[i]!;
  }
  return out.subarray(0, n);
}

/**
 * The formatted document as a virtualised list of lines: only the rows in view (and a few around) are in
 * the DOM, so a 10 MB document scrolls like a small one. Objects and arrays fold and unfold; a row shows
 * its path when hovered or selected (asked of the worker, which knows the tree), and can be copied.
 */
export function JsonLines({
  doc,
  label,
  highlighted,
  reveal,
  pathAt,
  onCopyPath,
}: {
  doc: LinesDocument;
  label: string;
  /** Lines to mark (JSONPath results, schema errors). */
  highlighted?: ReadonlySet<number>;
  /** Scrolls this line into view (and selects it) when it changes. */
  reveal?: { line: number; seq: number };
  pathAt(line: number): Promise<{ path: string; pointer: string } | null>;
  onCopyPath(path: string): void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const { viewport, scrollTop, setScrollTop } = useScrollViewport(scroller);
  const [folded, setFolded] = useState<ReadonlySet<number>>(new Set());
  const [selected, setSelected] = useState<number | null>(null);
  const [selectedPath, setSelectedPath] = useState<{ path: string; pointer: string } | null>(null);
  const [hoverPath, setHoverPath] = useState<{ line: number; path: string } | null>(null);

  // A new document starts unfolded.
  useLayoutEffect(() => {
    setFolded(new Set());
    setSelected(null);
    setSelectedPath(null);
  }, [doc]);

  const visible = useMemo(() => visibleLines(doc, folded), [doc, folded]);
  /** Row index of a line (binary search: `visible` is sorted). */
  const rowOf = (line: number) => {
    let lo = 0;
    let hi = visible.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (visible[mid]! < line) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  const select = (line: number) => {
    setSelected(line);
    void pathAt(line).then(setSelectedPath);
  };

  useLayoutEffect(() => {
    if (!reveal) return;
    // Unfold whatever hides the line.
    let hidden = false;
    for (const f of folded) if (f < reveal.line && doc.closes[f]! >= reveal.line) hidden = true;
    if (hidden) setFolded(new Set([...folded].filter((f) => !(f < reveal.line && doc.closes[f]! >= reveal.line))));
    const element = scroller.current;
    if (!element) return;
    const row = hidden ? reveal.line : rowOf(reveal.line);
    const top = Math.max(0, row * ROW - viewport / 3);
    element.scrollTop = top;
    setScrollTop(top);
    select(reveal.line);
  }, [reveal?.seq]);

  const first = Math.max(0, Math.floor(scrollTop / ROW) - OVERSCAN);
  const last = Math.min(visible.length, Math.ceil((scrollTop + viewport) / ROW) + OVERSCAN);
  const digits = String(doc.lineStarts.length).length;

  const toggle = (line: number) => {
    const next = new Set(folded);
    if (next.has(line)) next.delete(line);
    else next.add(line);
    setFolded(next);
  };

  const rows = [];
  for (let r = first; r < last; r++) {
    const line = visible[r]!;
    const opens = doc.closes[line]! > line;
    const isFolded = opens && folded.has(line);
    const text = lineText(doc, line);
    rows.push(
      <div
        key={line}
        class={`jt-row${highlighted?.has(line) ? ' jt-hit' : ''}${selected === line ? ' jt-selected' : ''}`}
        style={{ top: `${r * ROW}px` }}
        data-line={line + 1}
        title={hoverPath?.line === line ? hoverPath.path : undefined}
        onMouseEnter={() => void pathAt(line).then((p) => p && setHoverPath({ line, path: p.path }))}
        onClick={() => select(line)}
      >
        <span class="jt-num" aria-hidden="true">
          {String(line + 1).padStart(digits, ' ')}
        </span>
        {opens ? (
          <button
            type="button"
            class="jt-fold"
            aria-expanded={!isFolded}
            aria-label={`${isFolded ? 'Expand' : 'Collapse'} line ${line + 1}`}
            onClick={(e) => {
              e.stopPropagation();
              toggle(line);
            }}
          >
            {isFolded ? '▸' : '▾'}
          </button>
        ) : (
          <span class="jt-fold-space" aria-hidden="true" />
        )}
        <span class="jt-code">
          {text}
          {isFolded && (
            <span class="jt-folded">
              {' '}
              … {doc.closes[line]! - line - 1} lines {lineText(doc, doc.closes[line]!).trim()}
            </span>
          )}
        </span>
      </div>,
    );
  }

  const foldAll = () => {
    const next = new Set<number>();
    // Fold every container below the top level.
    for (let i = 1; i < doc.closes.length; i++) if (doc.closes[i]! > i) next.add(i);
    setFolded(next);
  };

  return (
    <div class="jt-lines-wrap">
      <div class="jt-lines-bar">
        <button type="button" class="secondary" onClick={foldAll} disabled={doc.lineStarts.length < 3}>
          Collapse all
        </button>
        <button type="button" class="secondary" onClick={() => setFolded(new Set())} disabled={folded.size === 0}>
          Expand all
        </button>
        <span class="jt-path" aria-live="polite">
          {selectedPath ? (
            <>
              <code>{selectedPath.path}</code>{' '}
              <button type="button" class="secondary" onClick={() => onCopyPath(selectedPath.path)}>
                Copy path
              </button>{' '}
              <button type="button" class="secondary" onClick={() => onCopyPath(selectedPath.pointer || '/')}>
                Copy pointer
              </button>
            </>
          ) : (
            <span class="jt-muted">Click a line for its path.</span>
          )}
        </span>
      </div>
      <div
        ref={scroller}
        class="jt-lines"
        role="region"
        aria-label={label}
        tabIndex={0}
        onKeyDown={(e) => {
          if (selected === null) return;
          const row = rowOf(selected);
          if (e.key === 'ArrowDown' && row + 1 < visible.length) select(visible[row + 1]!);
          else if (e.key === 'ArrowUp' && row > 0) select(visible[row - 1]!);
          else if ((e.key === 'ArrowLeft' || e.key === 'ArrowRight') && doc.closes[selected]! > selected) {
            const isFolded = folded.has(selected);
            if ((e.key === 'ArrowLeft') !== isFolded) toggle(selected);
          } else return;
          e.preventDefault();
        }}
      >
        <div class="jt-spacer" style={{ height: `${visible.length * ROW}px` }}>
          {rows}
        </div>
      </div>
    </div>
  );
}
