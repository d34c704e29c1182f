/**
 * The Captured list's plain logic: the log of requests and navigations with
 * its size cap, the fixed-height rows a filter leaves, and the labels a row
 * shows. No DOM, so it is unit-tested.
 */
import type { CapturedRequest, CapturedType, HarEntryLike } from '../../../core/capture/types.ts';
import { ENTRY_HEIGHT, HEADING_HEIGHT } from '../rest-client/history-view.ts';

/** The most requests the list keeps; older ones are dropped first. */
export const MAX_CAPTURED = 5000;

/** A navigation marker row is a history day heading's height; a request row is a history entry's. */
export const NAVIGATION_HEIGHT = HEADING_HEIGHT;
export const REQUEST_HEIGHT = ENTRY_HEIGHT;

export type CapturedItem =
  | { kind: 'request'; request: CapturedRequest }
  /** The page navigated while "Preserve log" was on. */
  | { kind: 'navigation'; id: string; url: string };

export interface CapturedLog {
  /** Oldest first. */
  items: CapturedItem[];
  /** How many of the items are requests. */
  requestCount: number;
  /** True once older requests have been dropped to stay within the cap (until the list is cleared). */
  dropped: boolean;
}

export const EMPTY_LOG: CapturedLog = { items: [], requestCount: 0, dropped: false };

/** What happened to the list, in the order it happened. */
export type LogEvent =
  | { kind: 'request'; request: CapturedRequest }
  /** `preserve` is the "Preserve log" box as it was at that moment: off clears the list. */
  | { kind: 'navigation'; id: string; url: string; preserve: boolean }
  | { kind: 'clear' };

/**
 * Applies events to the log: requests are appended, a navigation clears the
 * list or (preserved) adds a marker, and beyond `max` requests the oldest
 * items go. Navigation markers only count towards a cap of twice `max`, so a
 * page that navigates forever cannot grow the list without bound either.
 * Returns the same log when nothing changed.
 */
export function applyEvents(log: CapturedLog, events: readonly LogEvent[], max = MAX_CAPTURED): CapturedLog {
  if (events.length === 0) return log;
  let items = log.items.slice();
  let requestCount = log.requestCount;
  let dropped = log.dropped;
  for (const event of events) {
    if (event.kind === 'request') {
      items.push(event);
      requestCount++;
    } else if (event.kind === 'clear' || !event.preserve) {
      items = [];
      requestCount = 0;
      dropped = false;
    } else {
      items.push({ kind: 'navigation', id: event.id, url: event.url });
    }
  }
  let cut = 0;
  while (requestCount > max || items.length - cut > 2 * max) {
    if (items[cut]!.kind === 'request') {
      requestCount--;
      dropped = true;
    }
    cut++;
  }
  if (cut > 0) items = items.slice(cut);
  return { items, requestCount, dropped };
}

/**
 * A key that tells two reports of the same finished request apart from
 * different requests: DevTools' snapshot and its live events may both carry
 * one that finished while the snapshot was being taken.
 */
export function entryKey(entry: HarEntryLike): string {
  return [entry.startedDateTime ?? '', entry.request.method, entry.request.url, entry.time ?? ''].join('\n');
}

/**
 * Live entries that arrived while the snapshot was loading, without those the
 * snapshot already holds (each snapshot entry cancels at most one live one).
 */
export function withoutDuplicates<T extends HarEntryLike>(live: readonly T[], snapshot: readonly HarEntryLike[]): T[] {
  const counts = new Map<string, number>();
  for (const entry of snapshot) {
    const key = entryKey(entry);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return live.filter((entry) => {
    const key = entryKey(entry);
    const left = counts.get(key) ?? 0;
    if (left === 0) return true;
    counts.set(key, left - 1);
    return false;
  });
}

export type CapturedRow =
  | { kind: 'heading'; key: string; url: string; top: number }
  | {
      kind: 'entry';
      key: string;
      request: CapturedRequest;
      /** 1-based position among the request rows, for keyboard moves. */
      position: number;
      top: number;
    };

export interface CapturedLayout {
  /** Rows in display order (oldest first), each placed below the previous one; `kind` as `visibleRange` expects. */
  rows: CapturedRow[];
  /** Total height of all rows, px. */
  height: number;
  /** How many request rows there are. */
  requestCount: number;
  /** Row index of each request id. */
  rowOfId: Map<string, number>;
  /** Row index of each request, by position - 1. */
  requestRows: number[];
}

/**
 * Lays out the items a filter keeps. A navigation marker stays when a kept
 * request follows it before the next marker, or when it is the last one (where
 * the page is now), so a filter never leaves a pile of empty markers.
 */
export function layoutCaptured(
  items: readonly CapturedItem[],
  keep: (request: CapturedRequest) => boolean,
): CapturedLayout {
  const rows: CapturedRow[] = [];
  const rowOfId = new Map<string, number>();
  const requestRows: number[] = [];
  let top = 0;
  let position = 0;
  let pending: Extract<CapturedItem, { kind: 'navigation' }> | null = null;
  const placeMarker = (marker: Extract<CapturedItem, { kind: 'navigation' }>) => {
    rows.push({ kind: 'heading', key: marker.id, url: marker.url, top });
    top += NAVIGATION_HEIGHT;
  };
  for (const item of items) {
    if (item.kind === 'navigation') {
      pending = item;
      continue;
    }
    if (!keep(item.request)) continue;
    if (pending) placeMarker(pending);
    pending = null;
    position++;
    rowOfId.set(item.request.id, rows.length);
    requestRows.push(rows.length);
    rows.push({ kind: 'entry', key: item.request.id, request: item.request, position, top });
    top += REQUEST_HEIGHT;
  }
  if (pending) placeMarker(pending);
  return { rows, height: top, requestCount: position, rowOfId, requestRows };
}

/** True when a scroll position shows the end of the list (within half a row), so new rows should follow. */
export function isAtBottom(scrollTop: number, viewportHeight: number, scrollHeight: number): boolean {
  return scrollTop + viewportHeight >= scrollHeight - REQUEST_HEIGHT / 2;
}

const count = (n: number) => n.toLocaleString('en-GB');

/** "1 request", "2 requests", "5,000 requests". */
export const requestsText = (n: number): string => (n === 1 ? '1 request' : `${count(n)} requests`);

/** The count line: "N requests", or "M of N requests" when the filter hides some. */
export function capturedCountLine(shown: number, total: number): string {
  return shown === total ? requestsText(total) : `${count(shown)} of ${requestsText(total)}`;
}

/** The note shown once older requests have been dropped. */
export const droppedNote = (max = MAX_CAPTURED): string => `Showing the last ${requestsText(max)}.`;

/** Longest URL text a row puts in the page (data: URLs can be megabytes long). */
export const MAX_URL_TEXT = 300;
/** Longest URL a tooltip shows. */
export const MAX_TITLE_TEXT = 2000;

/** Text cut to `max` characters (never inside a surrogate pair), with "…" when cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

/**
 * How a row shows a URL: the path and query (what tells requests apart) and
 * the host, muted. URLs that are not hierarchical (data:, blob:, about:) or do
 * not parse are shown whole, as the path.
 */
export function urlDisplay(url: string): { path: string; host: string } {
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    // Shown as it came.
  }
  if (!parsed || parsed.host === '' || !/^(https?|wss?|ftp):$/.test(parsed.protocol)) {
    return { path: clip(url, MAX_URL_TEXT), host: '' };
  }
  return { path: clip(parsed.pathname + parsed.search, MAX_URL_TEXT), host: parsed.host };
}

/** Short labels for the types, as DevTools' Network panel names them. */
export const TYPE_LABELS: Record<CapturedType, string> = {
  fetch: 'Fetch',
  xhr: 'XHR',
  document: 'Doc',
  script: 'JS',
  stylesheet: 'CSS',
  image: 'Img',
  font: 'Font',
  media: 'Media',
  websocket: 'WS',
  other: 'Other',
};

export type TypeChoice = 'fetch-xhr' | 'all' | CapturedType;

/** The "Request type" menu, in DevTools' order; Fetch/XHR first, as the default. */
export const TYPE_CHOICES: readonly { value: TypeChoice; label: string }[] = [
  { value: 'fetch-xhr', label: 'Fetch/XHR' },
  { value: 'all', label: 'All' },
  { value: 'document', label: 'Doc' },
  { value: 'script', label: 'JS' },
  { value: 'stylesheet', label: 'CSS' },
  { value: 'image', label: 'Img' },
  { value: 'media', label: 'Media' },
  { value: 'font', label: 'Font' },
  { value: 'websocket', label: 'WS' },
  { value: 'other', label: 'Other' },
];

/** Why a request with status 0 got no response: the browser's error when it gave one. */
export function failureText(request: CapturedRequest): string {
  const error = request.entry.response?._error;
  return typeof error === 'string' && error.trim() !== ''
    ? error.trim()
    : 'No response came back (blocked, cancelled or failed).';
}
