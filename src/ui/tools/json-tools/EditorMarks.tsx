import type { RefObject } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { JsonProblem } from '../../../core/json/document.ts';

/** Marks drawn at most: the problem list shows the same cap. */
export const MAX_MARKS = 200;

/**
 * Marks every syntax error at its place in the document box. A text box cannot style parts of its text, so
 * the marks lie over it: one absolutely placed row per error, holding the line's text before the error
 * (invisible, in the box's font, so tabs and wide characters land where the box draws them) and then the
 * marked characters. Only the error lines are drawn (never a copy of the whole document), and the layer
 * follows the box's scrolling. Each mark is an image named with its line, column and message; the list
 * under the box is the way to reach them by keyboard.
 */
export function EditorMarks({
  text,
  problems,
  area,
}: {
  text: string;
  problems: readonly JsonProblem[];
  area: RefObject<HTMLTextAreaElement | null>;
}) {
  const layer = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const box = area.current;
    const inner = layer.current;
    if (!box || !inner) return;
    const follow = () => {
      inner.style.transform = `translate(${-box.scrollLeft}px, ${-box.scrollTop}px)`;
    };
    follow();
    box.addEventListener('scroll', follow);
    return () => box.removeEventListener('scroll', follow);
  }, [area.current, problems]);

  if (problems.length === 0) return null;
  const marks = [];
  for (const p of problems.slice(0, MAX_MARKS)) {
    const lineStart = p.offset - (p.column - 1);
    if (lineStart < 0 || p.offset > text.length) continue;
    const lineEnd = text.indexOf('\n', p.offset);
    const end = Math.min(p.offset + Math.max(1, p.length), lineEnd === -1 ? text.length : lineEnd);
    const marked = text.slice(p.offset, end);
    marks.push(
      <div key={`${p.offset} ${p.code}`} class="jt-mark-line" style={{ top: `${(p.line - 1) * 18}px` }}>
        <span class="jt-mark-before" aria-hidden="true">
          {text.slice(lineStart, p.offset)}
        </span>
        <span
          class={`jt-mark${marked.trim() === '' ? ' jt-mark-gap' : ''}`}
          role="img"
          aria-label={`Syntax error, line ${p.line}, column ${p.column}: ${p.message}`}
          title={`${p.message}. ${p.hint}`}
        >
          {marked.trim() === '' ? ' ' : marked}
        </span>
      </div>,
    );
  }
  return (
    <div class="jt-marks" role="group" aria-label="Syntax errors in the document">
      <div ref={layer} class="jt-marks-inner">
        {marks}
      </div>
    </div>
  );
}
