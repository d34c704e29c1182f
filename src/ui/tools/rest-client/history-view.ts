/**
 * The history list's plain logic: groups flattened into fixed-height rows,
 * the window of rows a scroll position shows, and the labels an entry
 * shows (day, clock time, age, size, duration). No DOM, so it is unit-tested.
 */
import { findVariables } from '../../../core/env/substitute.ts';
import type { HistorySummary } from '../../../core/history/types.ts';
import { formatBytes, formatMs } from '../../format.ts';

/** Height of a day heading row in CSS pixels; history.css gives `.history-day` exactly this. */
export const HEADING_HEIGHT = 28;
/** Height of an entry row in CSS pixels; history.css gives `.history-entry` exactly this. */
export const ENTRY_HEIGHT = 52;
/** Rows rendered above and below the visible ones, so fast scrolling rarely shows a gap. */
export const OVERSCAN = 8;

export type HistoryRow =
  | { kind: 'heading'; key: string; day: string; count: number; top: number }
  | {
      kind: 'entry';
      key: string;
      summary: HistorySummary;
      /** 1-based position among the entries (not counting headings), for aria-posinset. */
      position: number;
      /** The entry's `YYYY-MM-DD` day, as its heading has it. */
      day: string;
      top: number;
    };

export interface HistoryLayout {
  rows: HistoryRow[];
  /** Total height of all rows, px. */
  height: number;
  /** How many entry rows there are. */
  entryCount: number;
  /** Row index of each entry id. */
  rowOfId: Map<string, number>;
  /** Row index of each entry, by position - 1. */
  entryRows: number[];
}

/** A row's height in CSS pixels. */
export const rowHeight = (row: { kind: 'heading' | 'entry' }): number =>
  row.kind === 'heading' ? HEADING_HEIGHT : ENTRY_HEIGHT;

/**
 * Flattens day groups (in display order) into rows: each day's heading, then
 * its entries, each row placed below the previous one. Labels are left to
 * rendering, which needs only the few in view.
 */
export function layoutRows(groups: readonly { day: string; entries: readonly HistorySummary[] }[]): HistoryLayout {
  const rows: HistoryRow[] = [];
  const rowOfId = new Map<string, number>();
  const entryRows: number[] = [];
  let top = 0;
  let position = 0;
  for (const group of groups) {
    if (group.entries.length === 0) continue;
    rows.push({ kind: 'heading', key: `day:${group.day}`, day: group.day, count: group.entries.length, top });
    top += HEADING_HEIGHT;
    for (const summary of group.entries) {
      position++;
      rowOfId.set(summary.id, rows.length);
      entryRows.push(rows.length);
      rows.push({ kind: 'entry', key: summary.id, summary, position, day: group.day, top });
      top += ENTRY_HEIGHT;
    }
  }
  return { rows, height: top, entryCount: position, rowOfId, entryRows };
}

/**
 * The rows to render for a scroll position: those overlapping the viewport
 * plus `overscan` on each side, as `[first, last)`. A stale scroll position
 * past the end (the list just got shorter) counts as the end.
 */
export function visibleRange(
  layout: { rows: readonly { top: number; kind: 'heading' | 'entry' }[]; height: number },
  scrollTop: number,
  viewportHeight: number,
  overscan = OVERSCAN,
): { first: number; last: number } {
  const { rows, height } = layout;
  if (rows.length === 0) return { first: 0, last: 0 };
  const viewport = Math.max(0, viewportHeight);
  const top = Math.min(Math.max(0, scrollTop), Math.max(0, height - viewport));
  const bottom = top + viewport;
  // The first row whose bottom edge is below the top of the viewport.
  let low = 0;
  let high = rows.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    const row = rows[mid]!;
    if (row.top + rowHeight(row) > top) high = mid;
    else low = mid + 1;
  }
  const firstVisible = low;
  let lastVisible = firstVisible + 1;
  while (lastVisible < rows.length && rows[lastVisible]!.top < bottom) lastVisible++;
  return {
    first: Math.max(0, firstVisible - overscan),
    last: Math.min(rows.length, lastVisible + overscan),
  };
}

/** The scrollTop that brings a row fully into a viewport, or the current one when it is already in view. */
export function scrollToShow(rowTop: number, rowBottom: number, scrollTop: number, viewportHeight: number): number {
  if (rowTop < scrollTop) return rowTop;
  if (rowBottom > scrollTop + viewportHeight) return Math.max(0, rowBottom - viewportHeight);
  return scrollTop;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The local calendar day of a time as `YYYY-MM-DD`; the offset is minutes east of UTC (UTC+02:00 is 120). */
export function dayKey(time: number, offsetMinutes: number): string {
  return new Date(time + offsetMinutes * 60_000).toISOString().slice(0, 10);
}

let dayFormat: Intl.DateTimeFormat | undefined;

/** "Today", "Yesterday", else e.g. "Tue 17 Nov 2026", for a `YYYY-MM-DD` day seen at `now`. */
export function dayLabel(day: string, now: number, offsetMinutes: number): string {
  const today = dayKey(now, offsetMinutes);
  if (day === today) return 'Today';
  const [y, m, d] = today.split('-').map(Number);
  if (day === new Date(Date.UTC(y!, m! - 1, d! - 1)).toISOString().slice(0, 10)) return 'Yesterday';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  // The day is formatted as a UTC date, so the page's own zone cannot shift it.
  dayFormat ??= new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const parts = dayFormat.formatToParts(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  // Assembled from parts: ICU versions differ on the comma after the weekday.
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
}

/** The local time of day, 24-hour `HH:MM`. */
export function formatClock(time: number, offsetMinutes: number): string {
  const local = new Date(time + offsetMinutes * 60_000);
  return `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}

/** The local date and time in full, `YYYY-MM-DD HH:MM:SS`, for a tooltip. */
export function formatDateTime(time: number, offsetMinutes: number): string {
  const local = new Date(time + offsetMinutes * 60_000);
  return `${local.toISOString().slice(0, 10)} ${local.toISOString().slice(11, 19)}`;
}

/** How long ago, roughly: "just now", "5 min ago", "3 h ago", "2 days ago". */
export function formatAge(time: number, now: number): string {
  const seconds = Math.floor((now - time) / 1000);
  if (seconds < 60) return seconds < -60 ? 'in the future' : 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

/** The response size, or '' when unknown (no response). */
export function formatSize(size: number | undefined): string {
  return size === undefined || !Number.isFinite(size) || size < 0 ? '' : formatBytes(size);
}

/** The total time, or '' when unknown. */
export function formatDuration(ms: number | undefined): string {
  return ms === undefined || !Number.isFinite(ms) || ms < 0 ? '' : formatMs(ms);
}

const count = (n: number) => n.toLocaleString('en-GB');

/** "1 entry", "2 entries", "10,000 entries". */
export const entriesText = (n: number): string => (n === 1 ? '1 entry' : `${count(n)} entries`);

/** The count line: "N entries", or "M of N entries" when a filter hides some. */
export function countLine(shown: number, total: number): string {
  return shown === total ? entriesText(total) : `${count(shown)} of ${entriesText(total)}`;
}

/** A URL cut into plain text and `{{variable}}` pieces, in order, so the variables can be marked. */
export function urlPieces(url: string): { text: string; variable: boolean }[] {
  const pieces: { text: string; variable: boolean }[] = [];
  let at = 0;
  for (const span of findVariables(url)) {
    if (span.start > at) pieces.push({ text: url.slice(at, span.start), variable: false });
    pieces.push({ text: url.slice(span.start, span.end), variable: true });
    at = span.end;
  }
  if (at < url.length) pieces.push({ text: url.slice(at), variable: false });
  return pieces;
}

/** Method filter choices: the common methods, then any other method the entries use (upper case, sorted). */
export function methodChoices(summaries: readonly { method: string }[], common: readonly string[]): string[] {
  const known = new Set(common);
  const extra = new Set<string>();
  for (const { method } of summaries) {
    const upper = method.toUpperCase();
    if (upper !== '' && !known.has(upper)) extra.add(upper);
  }
  return [...common, ...[...extra].sort()];
}
