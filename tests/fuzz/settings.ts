/**
 * Run settings and bookkeeping shared by the fuzz properties.
 *
 *   npm run test:fuzz                                   300 runs per property, the fixed seed
 *   FUZZ_RUNS=20000 FUZZ_SEED=123 npm run test:fuzz     a longer run with another seed
 *
 * A failure prints fast-check's seed and path, so `FUZZ_SEED=<seed>` replays it.
 */

/** The seed used when FUZZ_SEED is not set: fixed, so an ordinary run is reproducible. */
export const DEFAULT_SEED = 20_240_611;
/** Runs per property when FUZZ_RUNS is not set: enough for CI, short enough for every push. */
export const DEFAULT_RUNS = 300;

function integerFromEnv(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min) {
    throw new Error(`${name} must be an integer of at least ${min}, not "${raw}".`);
  }
  return value;
}

export const FUZZ_SEED = integerFromEnv('FUZZ_SEED', DEFAULT_SEED, Number.MIN_SAFE_INTEGER);
export const FUZZ_RUNS = integerFromEnv('FUZZ_RUNS', DEFAULT_RUNS, 1);

/**
 * The time one parse may take: a safety net against runaway (quadratic or
 * exponential) scanning, not a benchmark. A linear parse of 100,000
 * characters takes a few milliseconds, so 200 ms plus 0.05 ms per character
 * is loose enough never to flake on a loaded 2-core machine, and still far
 * below what a quadratic scan of a large input costs.
 */
export function timeBoundMs(length: number): number {
  return 200 + 0.05 * length;
}

/**
 * How many times longer a parse of 4 times the input may take (checkGrowth): a quadratic parse takes
 * 16 times as long, a linear one about 4, measured up to 10 on a busy 2-core machine (garbage
 * collection grows with the heap, and a position lookup is a binary search over the line starts). A
 * ratio, not a time budget, so a slow machine does not change the verdict; speed targets belong in
 * the benchmarks.
 */
export const GROWTH_LIMIT = 12;

/** A short, single-line view of an input for a report. */
export function preview(text: string, max = 80): string {
  const json = JSON.stringify(text);
  return json.length > max ? `${json.slice(0, max - 1)}…` : json;
}

/** Counts and the slowest parse of one property, printed when it ends. */
export class FuzzStats {
  /** Runs that passed. */
  runs = 0;
  parses = 0;
  accepted = 0;
  rejected = 0;
  slowestMs = 0;
  slowestSize = 0;
  slowestInput = '';
  readonly codes = new Map<string, number>();
  /** Inputs whose growth was measured (checkGrowth), and the largest ratio seen. */
  growthMeasured = 0;
  growthLargest = 0;
  growthInput = '';

  constructor(readonly name: string) {}

  /**
   * Times `parse` on `text` and remembers the slowest; returns the result and the time taken. Over
   * the bound, it parses twice more and keeps the fastest time: a garbage collection or a busy
   * machine slows one parse, a runaway scan slows every one.
   */
  timed<T>(text: string, parse: () => T): { value: T; ms: number } {
    let start = performance.now();
    const value = parse();
    let ms = performance.now() - start;
    for (let retry = 0; retry < 2 && ms > timeBoundMs(text.length); retry++) {
      start = performance.now();
      parse();
      ms = Math.min(ms, performance.now() - start);
    }
    this.parses++;
    if (ms > this.slowestMs) {
      this.slowestMs = ms;
      this.slowestSize = text.length;
      this.slowestInput = text;
    }
    return { value, ms };
  }

  growth(ratio: number, input: string): void {
    this.growthMeasured++;
    if (ratio > this.growthLargest) {
      this.growthLargest = ratio;
      this.growthInput = input;
    }
  }

  error(code: string): void {
    this.rejected++;
    this.codes.set(code, (this.codes.get(code) ?? 0) + 1);
  }

  /** One line per property with the figures the closing note quotes. */
  summary(): string {
    const codes = [...this.codes.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([code, count]) => `${code} ${count}`)
      .join(', ');
    const parses =
      this.parses === 0
        ? ''
        : `; ${this.parses} parses (${this.accepted} accepted, ${this.rejected} CurlParseError${codes ? `: ${codes}` : ''}); ` +
          `slowest ${this.slowestMs.toFixed(2)} ms for ${this.slowestSize} chars ${preview(this.slowestInput, 60)}`;
    const growth =
      this.growthMeasured === 0
        ? ''
        : `; time for 4× the input measured on ${this.growthMeasured} inputs, at most ×${this.growthLargest.toFixed(1)} ` +
          `(for ${preview(this.growthInput, 40)})`;
    return `[fuzz] ${this.name}: ${this.runs} runs, seed ${FUZZ_SEED}${parses}${growth}`;
  }
}
