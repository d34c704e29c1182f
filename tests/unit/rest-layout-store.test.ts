import { describe, expect, it } from 'vitest';
import {
  clampRatio,
  createLayoutStore,
  RATIO_DEFAULT,
  RATIO_MAX,
  RATIO_MIN,
  restLayout,
} from '../../src/ui/tools/rest-client/rest-layout-store.ts';

/** The REST client's own width is the panel's less the tab panel's padding (12 px each side). */
const panel = (width: number, height: number) => ({ width: width - 24, height });

describe('restLayout', () => {
  it('DevTools docked at the bottom (wide and short): side by side, the history behind a toggle', () => {
    expect(restLayout(panel(1280, 330))).toEqual({ history: 'toggle', split: 'side' });
    expect(restLayout(panel(1000, 400))).toEqual({ history: 'toggle', split: 'side' });
  });

  it('DevTools docked at the side (narrow and tall): stacked, the history behind a toggle', () => {
    expect(restLayout(panel(450, 900))).toEqual({ history: 'toggle', split: 'stacked' });
    expect(restLayout(panel(800, 900))).toEqual({ history: 'toggle', split: 'stacked' });
  });

  it('a roomy window: the history beside the editor, the response below it', () => {
    expect(restLayout(panel(1100, 760))).toEqual({ history: 'beside', split: 'stacked' });
    expect(restLayout(panel(1920, 1080))).toEqual({ history: 'beside', split: 'stacked' });
  });

  it('a wide screen that is not short: side by side next to the history', () => {
    expect(restLayout(panel(1920, 800))).toEqual({ history: 'beside', split: 'side' });
  });

  it('hiding the history frees its width for the split', () => {
    expect(restLayout(panel(1050, 580), true)).toEqual({ history: 'beside', split: 'stacked' });
    expect(restLayout(panel(1050, 580), false)).toEqual({ history: 'beside', split: 'side' });
  });

  it('the history goes behind the toggle below about 900 px wide or 450 px tall', () => {
    expect(restLayout(panel(904, 760)).history).toBe('beside');
    expect(restLayout(panel(900, 760)).history).toBe('toggle');
    expect(restLayout(panel(1100, 450)).history).toBe('beside');
    expect(restLayout(panel(1100, 449)).history).toBe('toggle');
  });

  it('an unmeasured (hidden) client gets the roomy layout', () => {
    expect(restLayout({ width: 0, height: 0 })).toEqual({ history: 'beside', split: 'stacked' });
  });
});

describe('the layout store', () => {
  it('follows the measured size, ignoring the zero size of a hidden tab', () => {
    const layout = createLayoutStore();
    layout.measure(1256, 330);
    expect(layout.layout.value).toEqual({ history: 'toggle', split: 'side' });
    layout.measure(0, 330);
    expect(layout.layout.value).toEqual({ history: 'toggle', split: 'side' });
    layout.measure(1076, 760);
    expect(layout.layout.value).toEqual({ history: 'beside', split: 'stacked' });
  });

  it('one toggle shows and hides the history in either place, each remembered on its own', () => {
    const layout = createLayoutStore();
    layout.measure(1076, 760);
    expect(layout.historyVisible.value).toBe(true);
    layout.toggleHistory();
    expect(layout.historyVisible.value).toBe(false);
    layout.measure(1256, 330);
    expect(layout.historyVisible.value).toBe(false);
    layout.toggleHistory();
    expect(layout.historyVisible.value).toBe(true);
    layout.measure(1076, 760);
    expect(layout.historyVisible.value).toBe(false);
  });

  it('keeps the split ratio within its limits, in keyboard steps', () => {
    const layout = createLayoutStore();
    expect(layout.ratio.value).toBe(RATIO_DEFAULT);
    layout.nudge(-1);
    expect(layout.ratio.value).toBe(0.45);
    layout.nudge(-100);
    expect(layout.ratio.value).toBe(RATIO_MIN);
    layout.setRatio(0.6234);
    expect(layout.ratio.value).toBe(0.62);
    layout.nudge(100);
    expect(layout.ratio.value).toBe(RATIO_MAX);
    expect(clampRatio(Number.NaN)).toBe(RATIO_DEFAULT);
  });
});
