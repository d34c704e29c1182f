import { describe, expect, it } from 'vitest';
import type { HistorySummary } from '../../src/core/history/types.ts';
import {
  countLine,
  dayKey,
  dayLabel,
  ENTRY_HEIGHT,
  entriesText,
  formatAge,
  formatClock,
  formatDateTime,
  formatDuration,
  formatSize,
  HEADING_HEIGHT,
  layoutRows,
  methodChoices,
  OVERSCAN,
  scrollToShow,
  urlPieces,
  visibleRange,
} from '../../src/ui/tools/rest-client/history-view.ts';

const summary = (id: string, createdAt = 0): HistorySummary => ({
  id,
  createdAt,
  pinned: false,
  method: 'GET',
  url: `https://example.com/${id}`,
  status: 200,
});

/** Groups of the given sizes, days named d0, d1, …, entries e<group>.<index>. */
const groups = (...sizes: number[]) =>
  sizes.map((size, g) => ({
    day: `d${g}`,
    entries: Array.from({ length: size }, (_, i) => summary(`e${g}.${i}`)),
  }));

const describeRows = (rows: ReturnType<typeof layoutRows>['rows']) =>
  rows.map((row) =>
    row.kind === 'heading' ? `H ${row.day} ${row.top}` : `E ${row.summary.id} #${row.position} ${row.top}`,
  );

describe('layoutRows', () => {
  it('flattens each day into its heading, then its entries, stacked by their heights', () => {
    expect(HEADING_HEIGHT).toBe(28);
    expect(ENTRY_HEIGHT).toBe(52);
    const layout = layoutRows(groups(2, 1));
    expect(describeRows(layout.rows)).toEqual(['H d0 0', 'E e0.0 #1 28', 'E e0.1 #2 80', 'H d1 132', 'E e1.0 #3 160']);
    expect(layout.height).toBe(212);
    expect(layout.entryCount).toBe(3);
    expect(layout.entryRows).toEqual([1, 2, 4]);
    expect([...layout.rowOfId]).toEqual([
      ['e0.0', 1],
      ['e0.1', 2],
      ['e1.0', 4],
    ]);
  });

  it('gives headings their day and count, and entries their day', () => {
    const layout = layoutRows(groups(2, 1));
    expect(layout.rows[0]).toMatchObject({ kind: 'heading', day: 'd0', count: 2, key: 'day:d0' });
    expect(layout.rows[2]).toMatchObject({ kind: 'entry', day: 'd0', key: 'e0.1' });
    expect(layout.rows[3]).toMatchObject({ kind: 'heading', day: 'd1', count: 1 });
    expect(layout.rows[4]).toMatchObject({ kind: 'entry', day: 'd1' });
  });

  it('gives no rows for no groups, and skips empty groups', () => {
    expect(layoutRows([])).toMatchObject({ rows: [], height: 0, entryCount: 0, entryRows: [] });
    const layout = layoutRows(groups(0, 1));
    expect(describeRows(layout.rows)).toEqual(['H d1 0', 'E e1.0 #1 28']);
  });
});

describe('visibleRange', () => {
  // One day of 100 entries: row 0 is the heading (0–28), row r ≥ 1 spans 28 + (r - 1) × 52.
  const layout = layoutRows(groups(100));

  it('at the top: the rows in a 300 px viewport plus the overscan below', () => {
    // 0–300 px covers the heading and entries at 28, 80, 132, 184, 236, 288: rows 0–6.
    expect(visibleRange(layout, 0, 300, 0)).toEqual({ first: 0, last: 7 });
    expect(visibleRange(layout, 0, 300)).toEqual({ first: 0, last: 7 + OVERSCAN });
    expect(OVERSCAN).toBe(8);
  });

  it('in the middle: overscan on both sides', () => {
    // Row 40 starts at 28 + 39 × 52 = 2056; 2056–2356 reaches row 45 (starts at 2316).
    expect(visibleRange(layout, 2056, 300, 0)).toEqual({ first: 40, last: 46 });
    expect(visibleRange(layout, 2056, 300, 8)).toEqual({ first: 32, last: 54 });
    // A row partly scrolled past still counts: 2100 is inside row 40 (2056–2108).
    expect(visibleRange(layout, 2100, 300, 0)).toEqual({ first: 40, last: 47 });
  });

  it('a row ending exactly at the top of the viewport is not visible', () => {
    // Row 1 spans 28–80: at scrollTop 80 the first visible row is row 2.
    expect(visibleRange(layout, 80, 52, 0)).toEqual({ first: 2, last: 3 });
  });

  it('at the bottom: the last rows, overscan cut at the end', () => {
    // Height 28 + 100 × 52 = 5228; the last 300 px (4928–5228) start inside row 95 (4916–4968).
    expect(layout.height).toBe(5228);
    expect(visibleRange(layout, 4928, 300, 0)).toEqual({ first: 95, last: 101 });
    expect(visibleRange(layout, 4928, 300, 8)).toEqual({ first: 87, last: 101 });
  });

  it('treats a stale scroll position past the end (the list got shorter) as the end', () => {
    expect(visibleRange(layout, 99_999, 300, 0)).toEqual({ first: 95, last: 101 });
  });

  it('treats a negative scroll position (elastic scrolling) as the top', () => {
    expect(visibleRange(layout, -40, 300, 0)).toEqual({ first: 0, last: 7 });
  });

  it('an empty list has nothing to show', () => {
    expect(visibleRange({ rows: [], height: 0 }, 0, 300)).toEqual({ first: 0, last: 0 });
    expect(visibleRange({ rows: [], height: 0 }, 500, 300)).toEqual({ first: 0, last: 0 });
  });

  it('a viewport taller than the list shows every row', () => {
    const short = layoutRows(groups(2, 1));
    expect(visibleRange(short, 0, 1000)).toEqual({ first: 0, last: 5 });
    expect(visibleRange(short, 50, 1000, 0)).toEqual({ first: 0, last: 5 });
  });

  it('with a zero-height viewport, shows the first row and the overscan', () => {
    expect(visibleRange(layout, 0, 0, 0)).toEqual({ first: 0, last: 1 });
    expect(visibleRange(layout, 0, 0, 3)).toEqual({ first: 0, last: 4 });
  });
});

describe('scrollToShow', () => {
  it('keeps the position when the row is in view', () => {
    expect(scrollToShow(100, 152, 50, 300)).toBe(50);
  });
  it('scrolls up to a row above the viewport', () => {
    expect(scrollToShow(100, 152, 120, 300)).toBe(100);
  });
  it('scrolls down just enough to show a row below the viewport', () => {
    expect(scrollToShow(400, 452, 0, 300)).toBe(152);
  });
});

describe('day labels', () => {
  // 2026-11-17 10:00 UTC, a Tuesday.
  const now = Date.UTC(2026, 10, 17, 10, 0);

  it('computes the local day from the offset', () => {
    expect(dayKey(now, 0)).toBe('2026-11-17');
    expect(dayKey(now, 14 * 60)).toBe('2026-11-18'); // UTC+14: already midnight past
    expect(dayKey(now, -11 * 60)).toBe('2026-11-16'); // UTC-11: still the day before
  });

  it('says Today and Yesterday', () => {
    expect(dayLabel('2026-11-17', now, 0)).toBe('Today');
    expect(dayLabel('2026-11-16', now, 0)).toBe('Yesterday');
  });

  it('uses the local day of now, not the UTC one', () => {
    expect(dayLabel('2026-11-18', now, 14 * 60)).toBe('Today');
    expect(dayLabel('2026-11-17', now, 14 * 60)).toBe('Yesterday');
    expect(dayLabel('2026-11-16', now, -11 * 60)).toBe('Today');
  });

  it('names other days by weekday, day, month and year', () => {
    expect(dayLabel('2026-11-15', now, 0)).toBe('Sun 15 Nov 2026');
    expect(dayLabel('2025-12-31', now, 0)).toBe('Wed 31 Dec 2025');
    // A later day (clock skew) is named too, not called Today.
    expect(dayLabel('2026-11-18', now, 0)).toBe('Wed 18 Nov 2026');
  });

  it('finds Yesterday across a month and a year boundary', () => {
    const newYear = Date.UTC(2027, 0, 1, 8);
    expect(dayLabel('2026-12-31', newYear, 0)).toBe('Yesterday');
    const march = Date.UTC(2028, 2, 1, 8); // 2028 is a leap year
    expect(dayLabel('2028-02-29', march, 0)).toBe('Yesterday');
  });

  it('leaves a malformed day as it is', () => {
    expect(dayLabel('someday', now, 0)).toBe('someday');
  });
});

describe('time and size formatting', () => {
  const t = Date.UTC(2026, 10, 17, 9, 5, 7);

  it('shows the local time of day in 24-hour form', () => {
    expect(formatClock(t, 0)).toBe('09:05');
    expect(formatClock(t, 60)).toBe('10:05');
    expect(formatClock(t, -10 * 60)).toBe('23:05');
    expect(formatClock(Date.UTC(2026, 10, 17, 23, 59), 0)).toBe('23:59');
  });

  it('shows the full local date and time for a tooltip', () => {
    expect(formatDateTime(t, 0)).toBe('2026-11-17 09:05:07');
    expect(formatDateTime(t, 330)).toBe('2026-11-17 14:35:07'); // UTC+05:30
  });

  it('says roughly how long ago', () => {
    expect(formatAge(t, t)).toBe('just now');
    expect(formatAge(t, t + 59_000)).toBe('just now');
    expect(formatAge(t, t + 60_000)).toBe('1 min ago');
    expect(formatAge(t, t + 59 * 60_000)).toBe('59 min ago');
    expect(formatAge(t, t + 3 * 3_600_000)).toBe('3 h ago');
    expect(formatAge(t, t + 24 * 3_600_000)).toBe('1 day ago');
    expect(formatAge(t, t + 9 * 24 * 3_600_000)).toBe('9 days ago');
    expect(formatAge(t, t - 5 * 60_000)).toBe('in the future');
  });

  it('formats sizes, and nothing when there was no response', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(1023)).toBe('1023 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(formatSize(undefined)).toBe('');
    expect(formatSize(Number.NaN)).toBe('');
    expect(formatSize(-1)).toBe('');
  });

  it('formats durations, and nothing when unknown', () => {
    expect(formatDuration(42.4)).toBe('42 ms');
    expect(formatDuration(1234)).toBe('1.23 s');
    expect(formatDuration(undefined)).toBe('');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('');
  });

  it('counts entries', () => {
    expect(entriesText(0)).toBe('0 entries');
    expect(entriesText(1)).toBe('1 entry');
    expect(entriesText(12)).toBe('12 entries');
    expect(countLine(12, 12)).toBe('12 entries');
    expect(countLine(3, 12)).toBe('3 of 12 entries');
    expect(countLine(0, 1)).toBe('0 of 1 entry');
    expect(entriesText(10000)).toBe('10,000 entries');
    expect(countLine(1234, 10000)).toBe('1,234 of 10,000 entries');
  });
});

describe('urlPieces', () => {
  it('marks {{variables}} and keeps the rest as text, in order', () => {
    expect(urlPieces('{{base}}/users/{{ id }}?q=1')).toEqual([
      { text: '{{base}}', variable: true },
      { text: '/users/', variable: false },
      { text: '{{ id }}', variable: true },
      { text: '?q=1', variable: false },
    ]);
  });

  it('leaves unclosed or empty braces as text', () => {
    expect(urlPieces('https://x.test/{{open')).toEqual([{ text: 'https://x.test/{{open', variable: false }]);
    expect(urlPieces('a{{ }}b')).toEqual([{ text: 'a{{ }}b', variable: false }]);
    expect(urlPieces('')).toEqual([]);
  });

  it('keeps markup-like text as plain text pieces', () => {
    expect(urlPieces('https://x.test/<img src=x>')).toEqual([{ text: 'https://x.test/<img src=x>', variable: false }]);
  });
});

describe('methodChoices', () => {
  it('lists the common methods, then others in use, upper-cased and sorted, once each', () => {
    const common = ['GET', 'POST'];
    const used = [{ method: 'GET' }, { method: 'purge' }, { method: 'PURGE' }, { method: 'LINK' }, { method: 'post' }];
    expect(methodChoices(used, common)).toEqual(['GET', 'POST', 'LINK', 'PURGE']);
    expect(methodChoices([], common)).toEqual(['GET', 'POST']);
  });
});
