import { describe, expect, it } from 'vitest';
import { stats, withinBudget, type Figure } from '../../scripts/bench/types.ts';

const figure = (value: number, budget?: Figure['budget']): Figure => ({
  id: 'x',
  label: 'x',
  value,
  unit: 'ms',
  budget,
});

describe('benchmark statistics and budgets', () => {
  it('takes the median and the 95th percentile by rank', () => {
    expect(stats([5, 1, 4, 2, 3])).toEqual({ median: 3, p95: 5 });
    expect(stats(Array.from({ length: 100 }, (_, i) => i + 1))).toEqual({ median: 50, p95: 95 });
    expect(stats([7])).toEqual({ median: 7, p95: 7 });
  });

  it('judges a figure against its maximum or minimum, and fails what is not a number', () => {
    expect(withinBudget(figure(150, { max: 150, text: '' }))).toBe(true);
    expect(withinBudget(figure(150.1, { max: 150, text: '' }))).toBe(false);
    expect(withinBudget(figure(5, { min: 5, text: '' }))).toBe(true);
    expect(withinBudget(figure(4.99, { min: 5, text: '' }))).toBe(false);
    expect(withinBudget(figure(Number.NaN, { max: 1, text: '' }))).toBe(false);
    expect(withinBudget(figure(1e9))).toBe(true);
  });
});
