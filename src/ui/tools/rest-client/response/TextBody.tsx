import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { DocumentReply, TokenLine } from './body-engine.ts';
import type { BodyDocument } from './body-client.ts';
import { rowAt } from './text-index.ts';

/** Row height in CSS pixels; response.css gives `.text-body .row` exactly this height. */
export const ROW_HEIGHT = 18;
/** Up to this many rows are all in the DOM (find in page and screen readers see everything). */
export const ALL_ROWS_UP_TO = 500;
/** Rows rendered above and below the visible ones. */
const OVERSCAN = 20;
/** Taller than this, the scroll range is compressed (browsers cap element heights near 16-33 million px). */
const MAX_SCROLL_HEIGHT = 8_000_000;

/**
 * A text body as a virtual list of fixed-height rows: only the rows in view
 * (and a margin) are in the DOM, and only their lines are highlighted. Every
 * piece of text is a text node; nothing is parsed as HTML.
 */
export function TextBody({ body, label }: { body: BodyDocument; label: string }) {
  const { doc } = body;
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(600);
  const frame = useRef(0);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => setViewport(element.clientHeight || 600);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => observer?.disconnect();
  }, []);

  // A new document starts at the top (its first screen and its whole text are one document).
  useEffect(() => {
    if (scroller.current) {
      scroller.current.scrollTop = 0;
      setScrollTop(0);
    }
  }, [doc?.doc]);

  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const onScroll = () => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => setScrollTop(scroller.current?.scrollTop ?? 0));
  };

  const view = doc ? visibleWindow(doc, scrollTop, viewport) : null;

  // Ask for the highlighting of the lines on screen that have none yet.
  useEffect(() => {
    if (!doc?.highlight || !view || view.last <= view.first) return;
    const firstLine = rowAt(doc.text, doc.index, view.first).line;
    const lastLine = rowAt(doc.text, doc.index, view.last - 1).line;
    let missingFrom = -1;
    let missingTo = -1;
    for (let line = firstLine; line <= lastLine; line++) {
      if (!body.tokens.has(line)) {
        if (missingFrom === -1) missingFrom = line;
        missingTo = line + 1;
      }
    }
    if (missingFrom !== -1) body.requestTokens(missingFrom, missingTo);
  });

  const gutter = String(doc?.index.lineStarts.length ?? 1).length + 1;
  const rows = [];
  // Line numbers are one CSS-generated text, not DOM text: they never reach the clipboard or the body's text.
  let numbers = '';
  if (doc && view) {
    for (let row = view.first; row < view.last; row++) {
      const line = doc.index.rows ? doc.index.rows.lines[row]! : row;
      const continued = doc.index.rows !== null && doc.index.rows.starts[row] !== doc.index.lineStarts[line];
      numbers += (row === view.first ? '' : '\n') + (continued ? '·' : String(line + 1));
      rows.push(<Row key={row} doc={doc} row={row} tokens={body.tokens} styles={body.styles} />);
    }
  }
  return (
    <div
      ref={scroller}
      class={doc ? 'text-body' : 'text-body loading'}
      role="region"
      aria-label={label}
      aria-busy={doc?.complete ? undefined : true}
      tabIndex={0}
      onScroll={onScroll}
    >
      {doc && view ? (
        <div
          class="sizer"
          style={{
            height: `${Math.min(doc.index.rowCount * ROW_HEIGHT, MAX_SCROLL_HEIGHT)}px`,
            minWidth: `calc(${doc.index.longest + gutter + 4}ch)`,
          }}
        >
          <div class="window" style={{ transform: `translateY(${view.top}px)` }}>
            <div class="line-numbers" aria-hidden="true" data-numbers={numbers} style={{ width: `${gutter + 1}ch` }} />
            <pre class={body.tokens.size > 0 ? 'rows shiki' : 'rows'}>{rows}</pre>
          </div>
        </div>
      ) : (
        <p class="empty">Preparing the body…</p>
      )}
    </div>
  );
}

/** Which rows to render for this scroll position, and where the first of them goes. */
function visibleWindow(doc: DocumentReply, scrollTop: number, viewport: number) {
  const rowCount = doc.index.rowCount;
  // (A first screen of a large body is windowed too: the whole follows at once.)
  if (rowCount <= ALL_ROWS_UP_TO && doc.complete) return { first: 0, last: rowCount, top: 0 };
  const natural = rowCount * ROW_HEIGHT;
  const visible = Math.ceil(viewport / ROW_HEIGHT) + 1;
  if (natural <= MAX_SCROLL_HEIGHT) {
    const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
    const last = Math.min(rowCount, Math.floor(scrollTop / ROW_HEIGHT) + visible + OVERSCAN);
    return { first, last, top: first * ROW_HEIGHT };
  }
  // Compressed: the scroll position maps to a row by proportion, and the rows follow the viewport.
  const range = Math.max(1, MAX_SCROLL_HEIGHT - viewport);
  const firstVisible = Math.round((Math.min(scrollTop, range) / range) * Math.max(0, rowCount - visible + 1));
  const first = Math.max(0, firstVisible - OVERSCAN);
  const last = Math.min(rowCount, firstVisible + visible + OVERSCAN);
  return { first, last, top: scrollTop - (firstVisible - first) * ROW_HEIGHT };
}

function Row({
  doc,
  row,
  tokens,
  styles,
}: {
  doc: DocumentReply;
  row: number;
  tokens: Map<number, TokenLine>;
  styles: string[];
}) {
  const { line, start, end, continued } = rowAt(doc.text, doc.index, row);
  const lineTokens = tokens.get(line);
  return (
    <div class="row" data-line={continued ? undefined : line + 1}>
      {lineTokens
        ? tokenSpans(lineTokens, styles, start - doc.index.lineStarts[line]!, end - start)
        : doc.text.slice(start, end)}
    </div>
  );
}

/** The tokens of a line that fall within [offset, offset + length), as styled spans. */
function tokenSpans(line: TokenLine, styles: string[], offset: number, length: number) {
  const spans = [];
  let at = 0;
  const stop = offset + length;
  for (let i = 0; i < line.length && at < stop; i += 2) {
    const content = line[i] as string;
    const next = at + content.length;
    if (next > offset) {
      const piece = content.slice(Math.max(0, offset - at), Math.min(content.length, stop - at));
      spans.push(
        <span key={i} style={styles[line[i + 1] as number]}>
          {piece}
        </span>,
      );
    }
    at = next;
  }
  return spans;
}
