import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { RefObject } from 'preact';

/** Until the viewport is measured (or when it reports 0 while hidden), assume this height. */
const FALLBACK_VIEWPORT = 600;

export interface ScrollViewport {
  /** The scroller's height (a fallback while hidden or unmeasured). */
  viewport: number;
  /** The scroll position, read at most once per frame. */
  scrollTop: number;
  /** Records a scroll position set from code (so the window follows at once). */
  setScrollTop(top: number): void;
}

/**
 * The height and scroll position of a virtualised list's scroller, followed
 * as it is resized (ResizeObserver) and scrolled (passive listener, at most
 * one update per animation frame). `onResize` and `onScroll` run with the
 * element on every resize and every scroll event, before the throttling.
 */
export function useScrollViewport(
  scroller: RefObject<HTMLElement | null>,
  hooks: { onResize?(element: HTMLElement): void; onScroll?(element: HTMLElement): void } = {},
): ScrollViewport {
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(FALLBACK_VIEWPORT);
  const frame = useRef(0);
  const latest = useRef(hooks);
  latest.current = hooks;

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => {
      setViewport(element.clientHeight || FALLBACK_VIEWPORT);
      latest.current.onResize?.(element);
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => observer?.disconnect();
  }, []);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const onScroll = () => {
      latest.current.onScroll?.(element);
      if (frame.current) return;
      frame.current = requestAnimationFrame(() => {
        frame.current = 0;
        setScrollTop(element.scrollTop);
      });
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      element.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame.current);
      frame.current = 0;
    };
  }, []);

  return { viewport, scrollTop, setScrollTop };
}
