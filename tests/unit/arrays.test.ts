import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flatMap } from '../../src/core/arrays.ts';

describe('flatMap, the core loop in place of V8s own', () => {
  it('flattens one level, passes each item with its index, and keeps single results as they are', () => {
    const seen: [string, number][] = [];
    const out = flatMap(['a', 'b', 'c'], (item, index) => {
      seen.push([item, index]);
      return index === 0 ? item : index === 1 ? [item, [item]] : [];
    });
    expect(out).toEqual(['a', 'b', ['b']]);
    expect(seen).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 2],
    ]);
    expect(flatMap([], () => [1])).toEqual([]);
  });

  it('gives what Array.prototype.flatMap gives', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.integer(), fc.array(fc.integer(), { maxLength: 3 }))), (items) => {
        const f = (item: number | number[], i: number) => (Array.isArray(item) ? [...item, i] : item);
        expect(flatMap(items, f)).toEqual(items.flatMap(f));
      }),
    );
  });
});
