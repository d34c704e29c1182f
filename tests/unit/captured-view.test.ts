import { describe, expect, it } from 'vitest';
import type { CapturedRequest, HarEntryLike } from '../../src/core/capture/types.ts';
import {
  applyEvents,
  capturedCountLine,
  clip,
  droppedNote,
  EMPTY_LOG,
  entryKey,
  failureText,
  isAtBottom,
  layoutCaptured,
  MAX_CAPTURED,
  MAX_URL_TEXT,
  NAVIGATION_HEIGHT,
  REQUEST_HEIGHT,
  requestsText,
  TYPE_CHOICES,
  TYPE_LABELS,
  urlDisplay,
  withoutDuplicates,
  type CapturedItem,
  type CapturedLayout,
  type LogEvent,
} from '../../src/ui/tools/captured/captured-view.ts';
import { visibleRange } from '../../src/ui/tools/rest-client/history-view.ts';

const entry = (url: string, extra: Partial<HarEntryLike> = {}): HarEntryLike => ({
  startedDateTime: '2026-11-20T10:00:00.000Z',
  time: 12,
  request: { method: 'GET', url, headers: [] },
  ...extra,
});

const captured = (id: string, extra: Partial<CapturedRequest> = {}): CapturedRequest => ({
  id,
  method: 'GET',
  url: `https://example.com/${id}`,
  status: 200,
  statusText: 'OK',
  type: 'fetch',
  size: 10,
  timeMs: 5,
  startedAt: 0,
  entry: entry(`https://example.com/${id}`),
  ...extra,
});

const req = (id: string, extra: Partial<CapturedRequest> = {}): LogEvent => ({
  kind: 'request',
  request: captured(id, extra),
});
const nav = (id: string, preserve: boolean): LogEvent => ({
  kind: 'navigation',
  id,
  url: `https://${id}.test/`,
  preserve,
});

/** The log's items as short names: request ids, navigation ids with a ">" in front. */
const names = (items: readonly CapturedItem[]) =>
  items.map((item) => (item.kind === 'request' ? item.request.id : `>${item.id}`));

const itemsOf = (...events: LogEvent[]) => applyEvents(EMPTY_LOG, events).items;

describe('applyEvents', () => {
  it('appends requests in order and counts them', () => {
    const log = applyEvents(EMPTY_LOG, [req('c1'), req('c2'), req('c3')]);
    expect(names(log.items)).toEqual(['c1', 'c2', 'c3']);
    expect(log.requestCount).toBe(3);
    expect(log.dropped).toBe(false);
  });

  it('returns the same log when there are no events', () => {
    const log = applyEvents(EMPTY_LOG, [req('c1')]);
    expect(applyEvents(log, [])).toBe(log);
  });

  it('does not change the log it was given', () => {
    const log = applyEvents(EMPTY_LOG, [req('c1')]);
    applyEvents(log, [req('c2')]);
    expect(names(log.items)).toEqual(['c1']);
  });

  it('clears the list on a navigation unless preserved', () => {
    const log = applyEvents(EMPTY_LOG, [req('c1'), req('c2'), nav('n1', false), req('c3')]);
    expect(names(log.items)).toEqual(['c3']);
    expect(log.requestCount).toBe(1);
  });

  it('inserts a marker on a preserved navigation', () => {
    expect(names(itemsOf(req('c1'), nav('n1', true), req('c2')))).toEqual(['c1', '>n1', 'c2']);
  });

  it('empties the list and forgets dropped requests on clear', () => {
    const full = applyEvents(EMPTY_LOG, [req('c1'), req('c2'), req('c3')], 2);
    expect(full.dropped).toBe(true);
    const cleared = applyEvents(full, [{ kind: 'clear' }]);
    expect(cleared).toEqual({ items: [], requestCount: 0, dropped: false });
  });

  it('keeps only the newest requests beyond the cap and says so', () => {
    const log = applyEvents(EMPTY_LOG, [req('c1'), req('c2'), req('c3'), req('c4')], 3);
    expect(names(log.items)).toEqual(['c2', 'c3', 'c4']);
    expect(log.requestCount).toBe(3);
    expect(log.dropped).toBe(true);
  });

  it('drops markers among the dropped requests and keeps the one right before the first kept', () => {
    const events = [req('c1'), nav('n1', true), req('c2'), nav('n2', true), req('c3'), req('c4')];
    expect(names(applyEvents(EMPTY_LOG, events, 2).items)).toEqual(['>n2', 'c3', 'c4']);
    expect(names(applyEvents(EMPTY_LOG, events, 3).items)).toEqual(['>n1', 'c2', '>n2', 'c3', 'c4']);
  });

  it('caps a log of markers alone at twice the request cap', () => {
    const events = Array.from({ length: 9 }, (_, i) => nav(`n${i + 1}`, true));
    const log = applyEvents(EMPTY_LOG, events, 2);
    expect(names(log.items)).toEqual(['>n6', '>n7', '>n8', '>n9']);
    expect(log.dropped).toBe(false);
  });

  it('keeps 5,000 requests by default', () => {
    const events = Array.from({ length: MAX_CAPTURED + 2 }, (_, i) => req(`c${i + 1}`));
    const log = applyEvents(EMPTY_LOG, events);
    expect(MAX_CAPTURED).toBe(5000);
    expect(log.requestCount).toBe(5000);
    expect(names(log.items.slice(0, 1))).toEqual(['c3']);
    expect(names(log.items.slice(-1))).toEqual(['c5002']);
  });
});

describe('withoutDuplicates', () => {
  it('drops live entries the snapshot already has, one for one', () => {
    const a = entry('https://a.test/');
    const b = entry('https://b.test/');
    const a2 = entry('https://a.test/');
    // Two live reports of the same key, one in the snapshot: one stays.
    expect(withoutDuplicates([a, b, a2], [entry('https://a.test/')])).toEqual([b, a2]);
    expect(withoutDuplicates([a, b, a2], [])).toEqual([a, b, a2]);
  });

  it('tells requests apart by start time, method, URL and duration', () => {
    const base = entry('https://a.test/');
    expect(entryKey(base)).toBe('2026-11-20T10:00:00.000Z\nGET\nhttps://a.test/\n12');
    expect(entryKey(entry('https://a.test/', { time: 13 }))).not.toBe(entryKey(base));
    expect(entryKey({ request: { method: 'POST', url: 'x', headers: [] } })).toBe('\nPOST\nx\n');
  });
});

describe('layoutCaptured', () => {
  const describeRows = (layout: CapturedLayout) =>
    layout.rows.map((row) =>
      row.kind === 'entry' ? `${row.request.id}@${row.top}#${row.position}` : `>${row.key}@${row.top}`,
    );
  const all = () => true;

  it('places markers and requests one below the other', () => {
    const layout = layoutCaptured(itemsOf(req('c1'), nav('n1', true), req('c2')), all);
    expect(describeRows(layout)).toEqual([
      'c1@0#1',
      `>n1@${REQUEST_HEIGHT}`,
      `c2@${REQUEST_HEIGHT + NAVIGATION_HEIGHT}#2`,
    ]);
    expect(layout.height).toBe(2 * REQUEST_HEIGHT + NAVIGATION_HEIGHT);
    expect(layout.requestCount).toBe(2);
    expect(layout.rowOfId.get('c2')).toBe(2);
    expect(layout.requestRows).toEqual([0, 2]);
  });

  it('keeps only the requests the filter keeps', () => {
    const items = itemsOf(req('c1'), req('c2', { type: 'script' }), req('c3'));
    const layout = layoutCaptured(items, (r) => r.type === 'fetch');
    expect(describeRows(layout)).toEqual(['c1@0#1', `c3@${REQUEST_HEIGHT}#2`]);
    expect(layout.rowOfId.has('c2')).toBe(false);
  });

  it('drops markers with nothing kept after them, except the last one', () => {
    const items = itemsOf(
      nav('n1', true),
      req('c1', { type: 'script' }),
      nav('n2', true),
      req('c2'),
      nav('n3', true),
      nav('n4', true),
      req('c3', { type: 'script' }),
    );
    const layout = layoutCaptured(items, (r) => r.type === 'fetch');
    expect(describeRows(layout)).toEqual([
      '>n2@0',
      `c2@${NAVIGATION_HEIGHT}#1`,
      `>n4@${NAVIGATION_HEIGHT + REQUEST_HEIGHT}`,
    ]);
  });

  it('is empty for an empty log', () => {
    const layout = layoutCaptured([], all);
    expect(layout.rows).toEqual([]);
    expect(layout.height).toBe(0);
    expect(layout.requestCount).toBe(0);
  });

  it('works with the history list window for 5,000 rows', () => {
    const items = itemsOf(...Array.from({ length: 5000 }, (_, i) => req(`c${i + 1}`)));
    const layout = layoutCaptured(items, all);
    // Scrolled to the end of a 520 px viewport: the last 10 rows and 8 above them.
    expect(visibleRange(layout, layout.height - 520, 520)).toEqual({ first: 4982, last: 5000 });
  });
});

describe('isAtBottom', () => {
  it('is true at the end and within half a row of it', () => {
    expect(isAtBottom(500, 500, 1000)).toBe(true);
    expect(isAtBottom(500 - REQUEST_HEIGHT / 2, 500, 1000)).toBe(true);
    expect(isAtBottom(500 - REQUEST_HEIGHT / 2 - 1, 500, 1000)).toBe(false);
    expect(isAtBottom(0, 500, 400)).toBe(true);
  });
});

describe('labels', () => {
  it('counts requests', () => {
    expect(requestsText(0)).toBe('0 requests');
    expect(requestsText(1)).toBe('1 request');
    expect(requestsText(5000)).toBe('5,000 requests');
    expect(capturedCountLine(3, 3)).toBe('3 requests');
    expect(capturedCountLine(1, 1200)).toBe('1 of 1,200 requests');
    expect(droppedNote()).toBe('Showing the last 5,000 requests.');
  });

  it('shows the path and query first and the host apart', () => {
    expect(urlDisplay('https://api.example.com:8443/v1/items?page=2#top')).toEqual({
      path: '/v1/items?page=2',
      host: 'api.example.com:8443',
    });
    expect(urlDisplay('wss://example.com/socket')).toEqual({ path: '/socket', host: 'example.com' });
  });

  it('shows other URLs whole, cut when long', () => {
    expect(urlDisplay('blob:https://example.com/1234')).toEqual({ path: 'blob:https://example.com/1234', host: '' });
    expect(urlDisplay('not a url')).toEqual({ path: 'not a url', host: '' });
    const data = `data:image/png;base64,${'A'.repeat(100_000)}`;
    const shown = urlDisplay(data).path;
    expect(shown.length).toBe(MAX_URL_TEXT);
    expect(shown.endsWith('…')).toBe(true);
    expect(shown.startsWith('data:image/png;base64,AAA')).toBe(true);
  });

  it('clips without splitting a surrogate pair', () => {
    expect(clip('abcdef', 6)).toBe('abcdef');
    expect(clip('abcdef', 4)).toBe('abc…');
    // "ab😀": the emoji's high surrogate sits at the cut, so it goes whole.
    expect(clip('ab\u{1F600}cd', 4)).toBe('ab…');
  });

  it('names every type and offers the types in DevTools order', () => {
    expect(TYPE_LABELS.stylesheet).toBe('CSS');
    expect(TYPE_LABELS.websocket).toBe('WS');
    expect(TYPE_CHOICES.map((c) => c.label)).toEqual([
      'Fetch/XHR',
      'All',
      'Doc',
      'JS',
      'CSS',
      'Img',
      'Media',
      'Font',
      'WS',
      'Other',
    ]);
    expect(TYPE_CHOICES[0]!.value).toBe('fetch-xhr');
    expect(TYPE_CHOICES.find((c) => c.label === 'Img')!.value).toBe('image');
  });

  it('says why a request failed', () => {
    const failed = captured('c1', {
      status: 0,
      entry: { ...entry('https://a.test/'), response: { status: 0, _error: 'net::ERR_CONNECTION_REFUSED' } },
    });
    expect(failureText(failed)).toBe('net::ERR_CONNECTION_REFUSED');
    expect(failureText(captured('c2', { status: 0 }))).toBe('No response came back (blocked, cancelled or failed).');
  });
});
