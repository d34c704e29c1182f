/**
 * How the REST client uses the space it has. DevTools docked at the bottom
 * gives a wide, short panel: editor and response side by side (a resizable
 * split) and the history behind a toggle. Docked at the side it is narrow and
 * tall: everything stacked, the history again behind a toggle. A roomy window
 * keeps the history beside the editor, with the response below it.
 * `restLayout` is the pure decision; the store holds the measured size, the
 * history toggles and the split ratio.
 */
import { batch, computed, signal } from '@preact/signals';

export interface RestLayout {
  /** The history list beside the editor, or behind a "History" toggle button (space is short). */
  history: 'beside' | 'toggle';
  /** Request editor and response side by side (with a resizable split), or one above the other. */
  split: 'side' | 'stacked';
}

/** Narrower than this (CSS px of the REST client's own box), the history goes behind a toggle. */
export const HISTORY_MIN_WIDTH = 880;
/** Shorter than this (the page's height), the history goes behind a toggle. */
export const HISTORY_MIN_HEIGHT = 450;
/** Room the history column takes beside the editor: its width and the gap. */
export const HISTORY_SPACE = 334;
/** Editor and response side by side need at least this much width… */
export const SIDE_MIN_WIDTH = 760;
/** …and a page shorter than this, or a width this many times the height (a wide screen). */
export const SIDE_MAX_HEIGHT = 600;
export const SIDE_ASPECT = 1.5;

/**
 * The layout for the REST client's width (its own box) and the page's height,
 * in CSS pixels; `historyShown` is the user's Show/Hide history choice, which
 * frees the history's width when the history would sit beside the editor. An
 * unmeasured size (0, while the tab is hidden) gives the roomy layout.
 */
export function restLayout(size: { width: number; height: number }, historyShown = true): RestLayout {
  const { width, height } = size;
  if (width <= 0 || height <= 0) return { history: 'beside', split: 'stacked' };
  const history = width >= HISTORY_MIN_WIDTH && height >= HISTORY_MIN_HEIGHT ? 'beside' : 'toggle';
  const main = history === 'beside' && historyShown ? width - HISTORY_SPACE : width;
  const side = main >= SIDE_MIN_WIDTH && (height < SIDE_MAX_HEIGHT || main >= height * SIDE_ASPECT);
  return { history, split: side ? 'side' : 'stacked' };
}

/** The editor's share of the width in the side-by-side layout: the default, the limits and a keyboard step. */
export const RATIO_DEFAULT = 0.5;
export const RATIO_MIN = 0.25;
export const RATIO_MAX = 0.75;
export const RATIO_STEP = 0.05;

/** A ratio within the limits, to the hundredth (so keyboard steps land on round numbers). */
export const clampRatio = (ratio: number): number =>
  Number.isFinite(ratio) ? Math.round(Math.min(RATIO_MAX, Math.max(RATIO_MIN, ratio)) * 100) / 100 : RATIO_DEFAULT;

export type LayoutStore = ReturnType<typeof createLayoutStore>;

export function createLayoutStore() {
  const size = signal({ width: 0, height: 0 });
  /** Show/Hide history, while it sits beside the editor. */
  const historyShown = signal(true);
  /** The history opened with its toggle button, while space is short. */
  const historyOpen = signal(false);
  /** The editor's share of the width, side by side. */
  const ratio = signal(RATIO_DEFAULT);
  const layout = computed(() => restLayout(size.value, historyShown.value));

  return {
    size,
    layout,
    ratio,
    historyShown,
    historyOpen,
    /** Whether the history list is on screen now. */
    historyVisible: computed(() => (layout.value.history === 'beside' ? historyShown.value : historyOpen.value)),

    /** The REST client's width and the page's height; a hidden tab (0) keeps the last size. */
    measure(width: number, height: number) {
      if (width <= 0 || height <= 0) return;
      const now = size.peek();
      if (now.width !== width || now.height !== height) size.value = { width, height };
    },

    /** Shows or hides the history: the beside column, or the list behind the toggle. */
    toggleHistory() {
      batch(() => {
        if (layout.peek().history === 'beside') historyShown.value = !historyShown.peek();
        else historyOpen.value = !historyOpen.peek();
      });
    },
    closeHistory: () => (historyOpen.value = false),

    setRatio: (value: number) => (ratio.value = clampRatio(value)),
    /** Moves the split by `steps` keyboard steps (negative: the editor narrower). */
    nudge: (steps: number) => (ratio.value = clampRatio(ratio.peek() + steps * RATIO_STEP)),
  };
}
