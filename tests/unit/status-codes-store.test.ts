import { describe, expect, it } from 'vitest';
import { statusEntries } from '../../src/core/status/codes.ts';
import { createStatusCodesStore, PAGE_STEP, parseCodeParam } from '../../src/ui/tools/status-codes/store.ts';
import type { ToolParams } from '../../src/ui/tools/types.ts';

function setup(params?: ToolParams) {
  const reported: ToolParams[] = [];
  const store = createStatusCodesStore({ onParams: (p) => reported.push(p) });
  if (params) store.applyParams(params);
  return { store, reported };
}

const codes = (store: ReturnType<typeof setup>['store']) => store.results.value.map((entry) => entry.code);

describe('the Status Codes store', () => {
  it('starts with every code listed and none selected', () => {
    const { store, reported } = setup();
    expect(store.selected.value).toBeNull();
    expect(store.selectedEntry.value).toBeUndefined();
    expect(codes(store)[0]).toBe(100);
    expect(codes(store)).toContain(499);
    expect(store.activeIndex.value).toBe(-1);
    expect(store.params.value).toEqual({});
    expect(reported).toEqual([]);
  });

  it('searches as the user types, selects the best match, and reports the deep link', () => {
    const { store, reported } = setup();
    store.setQuery('too many');
    expect(codes(store)[0]).toBe(429);
    expect(store.selected.value).toBe(429);
    expect(store.selectedEntry.value?.reason).toBe('Too Many Requests');
    expect(reported).toEqual([{ code: '429', q: 'too many' }]);
    // A selection the new results still show stays put.
    store.setQuery('4');
    expect(store.selected.value).toBe(429);
    expect(reported.at(-1)).toEqual({ code: '429', q: '4' });
    // Nothing matches: the list empties, the entry on show stays.
    store.setQuery('xyzzy');
    expect(codes(store)).toEqual([]);
    expect(store.selected.value).toBe(429);
    expect(store.activeIndex.value).toBe(-1);
  });

  it('filters by class and by standing', () => {
    const { store, reported } = setup();
    store.setFilter('non-standard');
    expect(codes(store)).toEqual(
      statusEntries()
        .filter((entry) => !entry.standard)
        .map((entry) => entry.code),
    );
    expect(codes(store)).toContain(499);
    expect(codes(store)).not.toContain(404);
    expect(store.selected.value).toBe(218);
    store.setFilter('5xx');
    expect(codes(store)[0]).toBe(500);
    expect(store.selected.value).toBe(500);
    expect(reported.at(-1)).toEqual({ code: '500', class: '5xx' });
    store.setFilter('all');
    expect(store.params.value).toEqual({ code: '500' });
  });

  it('moves the selection with the keyboard’s keys, staying inside the list', () => {
    const { store } = setup();
    store.setFilter('3xx');
    expect(codes(store)).toEqual([300, 301, 302, 303, 304, 305, 306, 307, 308]);
    expect(store.selected.value).toBe(300);
    store.move('previous');
    expect(store.selected.value).toBe(300);
    store.move('next');
    store.move('next');
    expect(store.selected.value).toBe(302);
    store.move('last');
    expect(store.selected.value).toBe(308);
    store.move('next');
    expect(store.selected.value).toBe(308);
    store.move('first');
    expect(store.selected.value).toBe(300);
    store.move('page-down');
    expect(store.selected.value).toBe(308);
    store.setFilter('all');
    store.select(100);
    store.move('page-down');
    expect(store.activeIndex.value).toBe(PAGE_STEP);
    store.move('page-up');
    expect(store.selected.value).toBe(100);
  });

  it('enters the list at the top or the bottom when nothing in it is selected', () => {
    const { store } = setup();
    store.move('next');
    expect(store.selected.value).toBe(100);
    const other = setup().store;
    other.move('previous');
    expect(other.selected.value).toBe(599);
    const empty = setup().store;
    empty.setQuery('xyzzy');
    empty.move('next');
    expect(empty.selected.value).toBeNull();
  });

  it('opens a deep link without echoing it back', () => {
    const { store, reported } = setup();
    store.applyParams({ code: '451', q: 'legal', class: '4xx' });
    expect(store.selected.value).toBe(451);
    expect(store.query.value).toBe('legal');
    expect(store.filter.value).toBe('4xx');
    expect(reported).toEqual([]);
    // The shell hands the same parameters back after each change: nothing happens.
    store.select(403);
    expect(reported).toEqual([{ code: '403', q: 'legal', class: '4xx' }]);
    store.applyParams({ code: '403', q: 'legal', class: '4xx' });
    expect(store.selected.value).toBe(403);
    expect(reported).toHaveLength(1);
  });

  it('cleans up deep links it cannot use', () => {
    const { store, reported } = setup();
    store.applyParams({ code: 'abc', class: 'purple' });
    expect(store.selected.value).toBeNull();
    expect(store.filter.value).toBe('all');
    expect(reported).toEqual([{}]);
    // A link with words but no code shows the best match, and the address gains its code.
    store.applyParams({ q: 'teapot' });
    expect(store.selected.value).toBe(418);
    expect(reported.at(-1)).toEqual({ code: '418', q: 'teapot' });
    // A code with no entry is still shown (the view explains it).
    store.applyParams({ code: '299' });
    expect(store.selected.value).toBe(299);
    expect(store.selectedEntry.value).toBeUndefined();
  });

  it('shows a code another tool hands over, clearing a search that would hide it', () => {
    const { store, reported } = setup({ q: 'redirect', class: '3xx' });
    store.showCode(503);
    expect(store.selected.value).toBe(503);
    expect(store.query.value).toBe('');
    expect(store.filter.value).toBe('all');
    expect(store.activeIndex.value).toBe(codes(store).indexOf(503));
    expect(reported.at(-1)).toEqual({ code: '503' });
    // One the list already shows keeps the search.
    store.setQuery('5');
    store.showCode(504);
    expect(store.query.value).toBe('5');
  });

  it('reads only three-digit codes from a link', () => {
    expect(parseCodeParam('429')).toBe(429);
    expect(parseCodeParam(undefined)).toBeNull();
    expect(parseCodeParam('42')).toBeNull();
    expect(parseCodeParam('4290')).toBeNull();
    expect(parseCodeParam('4e2')).toBeNull();
  });
});
