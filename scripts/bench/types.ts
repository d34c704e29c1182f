/**
 * The shape every benchmark reports in: figures with units and (where the
 * project sets one) a budget, so `npm run bench` prints them and
 * `npm run bench:check` judges them from the same data.
 */

export type Unit = 'ms' | 'bytes' | 'ratio' | 'count';

export interface Budget {
  /** The figure must be at most this. */
  max?: number;
  /** The figure must be at least this. */
  min?: number;
  /** The budget as a person states it, e.g. "at least 5x faster than curlconverter". */
  text: string;
}

export interface Figure {
  /** Stable id, e.g. "conversion.ratio.python-requests.chrome-14-headers". */
  id: string;
  /** What a reader sees in the table. */
  label: string;
  value: number;
  unit: Unit;
  budget?: Budget;
  /** How it was measured, or why it is what it is. */
  note?: string;
}

/** One part of the benchmark: a title, its figures, and optionally a wider table to print. */
export interface Section {
  title: string;
  figures: Figure[];
  /** Extra rows for the printed table (first row: headers). */
  table?: string[][];
}

export interface BenchResult {
  /** ISO date of the run. */
  date: string;
  machine: { cpu: string; cores: number; memoryGb: number; os: string; node: string; chromium?: string };
  sections: Section[];
}

/** Median and 95th percentile of samples (ms). */
export function stats(samples: readonly number[]): { median: number; p95: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
  return { median: at(0.5), p95: at(0.95) };
}

/** Whether a figure is within its budget (true when it has none). */
export function withinBudget(figure: Figure): boolean {
  const { budget, value } = figure;
  if (!budget) return true;
  if (!Number.isFinite(value)) return false;
  if (budget.max !== undefined && value > budget.max) return false;
  if (budget.min !== undefined && value < budget.min) return false;
  return true;
}
