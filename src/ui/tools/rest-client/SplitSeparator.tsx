import { useRef } from 'preact/hooks';
import { RATIO_DEFAULT, RATIO_MAX, RATIO_MIN, type LayoutStore } from './rest-layout-store.ts';

/**
 * The bar between the request editor and the response, side by side: drag it,
 * or focus it and use the arrow keys (Home/End: the limits, Enter: halves).
 * Its value is the editor's share of the width, in percent.
 */
export function SplitSeparator({ layout, controls }: { layout: LayoutStore; controls: string }) {
  const ratio = layout.ratio.value;
  const dragging = useRef(false);

  const onKeyDown = (event: KeyboardEvent) => {
    const steps: Record<string, () => void> = {
      ArrowLeft: () => layout.nudge(-1),
      ArrowUp: () => layout.nudge(-1),
      ArrowRight: () => layout.nudge(1),
      ArrowDown: () => layout.nudge(1),
      Home: () => layout.setRatio(RATIO_MIN),
      End: () => layout.setRatio(RATIO_MAX),
      Enter: () => layout.setRatio(RATIO_DEFAULT),
    };
    const step = steps[event.key];
    if (!step || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    step();
  };

  /** The ratio for a pointer at `x`: between the editor's left edge and the response's right edge. */
  const ratioAt = (bar: HTMLElement, x: number): number | null => {
    const before = bar.previousElementSibling?.getBoundingClientRect();
    const after = bar.nextElementSibling?.getBoundingClientRect();
    if (!before || !after || after.right - before.left <= bar.offsetWidth) return null;
    return (x - before.left - bar.offsetWidth / 2) / (after.right - before.left - bar.offsetWidth);
  };

  return (
    <div
      class="rest-splitter"
      role="separator"
      aria-orientation="vertical"
      aria-label="Resize request and response"
      aria-controls={controls}
      aria-valuenow={Math.round(ratio * 100)}
      aria-valuemin={Math.round(RATIO_MIN * 100)}
      aria-valuemax={Math.round(RATIO_MAX * 100)}
      aria-valuetext={`Request ${Math.round(ratio * 100)}%, response ${100 - Math.round(ratio * 100)}%`}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onPointerDown={(event) => {
        if (event.button !== 0) return;
        event.preventDefault();
        dragging.current = true;
        event.currentTarget.setPointerCapture(event.pointerId);
        event.currentTarget.focus();
      }}
      onPointerMove={(event) => {
        if (!dragging.current) return;
        const next = ratioAt(event.currentTarget, event.clientX);
        if (next !== null) layout.setRatio(next);
      }}
      onPointerUp={(event) => {
        dragging.current = false;
        event.currentTarget.releasePointerCapture(event.pointerId);
      }}
      onPointerCancel={() => (dragging.current = false)}
    />
  );
}
