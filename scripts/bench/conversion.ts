/**
 * Warm conversion speed, ours (the built core, as it ships) against
 * curlconverter, in one process on the same commands: each (target, command) pair is warmed up, then timed in
 * alternating blocks so drift on a busy machine hits every side alike.
 *
 * curlconverter is measured twice: as Node imports it (its parser is the
 * native tree-sitter binding; the budgeted ratio) and as a browser runs it
 * (web-tree-sitter, WASM; see node-curlconverter-wasm.ts), which is what an
 * extension or web page would get.
 */
import * as curlconverter from 'curlconverter';
import { listTargets } from '../../src/core/index.ts';
import { COMMANDS, type BenchCommand } from './commands.ts';
import { builtCore } from './core-build.ts';
import { importCurlconverterWasm } from './node-curlconverter-wasm.ts';
import { isMain, printSection } from './print.ts';
import { stats, type Figure, type Section } from './types.ts';

type Converter = (text: string) => string;
type Module = typeof curlconverter;
type Exported =
  | 'toJavaScript'
  | 'toNodeAxios'
  | 'toNodeHttp'
  | 'toNodeGot'
  | 'toPython'
  | 'toPythonHttp'
  | 'toGo'
  | 'toRust'
  | 'toC'
  | 'toCSharp'
  | 'toJava'
  | 'toJavaOkHttp'
  | 'toKotlin'
  | 'toPhp'
  | 'toPhpGuzzle'
  | 'toRuby'
  | 'toPerl'
  | 'toR'
  | 'toHttpie'
  | 'toWget'
  | 'toHTTP'
  | 'toHarString';

/** curlconverter's generator for each of our targets. */
const THEIRS: Record<string, { name: Exported; note?: string }> = {
  'javascript-fetch': { name: 'toJavaScript' },
  'javascript-axios': { name: 'toNodeAxios' },
  'node-https': { name: 'toNodeHttp' },
  'python-requests': { name: 'toPython' },
  'python-httpx': {
    name: 'toPython',
    note: 'curlconverter has no httpx generator: compared with its requests generator (toPython)',
  },
  'go-net-http': { name: 'toGo' },
  'rust-reqwest': { name: 'toRust' },
  'node-got': { name: 'toNodeGot' },
  'python-http-client': { name: 'toPythonHttp' },
  'c-libcurl': { name: 'toC' },
  'csharp-httpclient': { name: 'toCSharp' },
  'java-httpclient': { name: 'toJava' },
  'java-okhttp': { name: 'toJavaOkHttp' },
  'kotlin-okhttp': { name: 'toKotlin' },
  'php-curl': { name: 'toPhp' },
  'php-guzzle': { name: 'toPhpGuzzle' },
  'ruby-net-http': { name: 'toRuby' },
  'perl-lwp': { name: 'toPerl' },
  'r-httr': { name: 'toR' },
  httpie: { name: 'toHttpie' },
  wget: { name: 'toWget' },
  'http-raw': { name: 'toHTTP' },
  har: { name: 'toHarString' },
};

/** Sampling plan per command weight. */
interface Plan {
  /** Warm-up runs of each converter before timing… */
  warmup: number;
  /**
   * …and for at least this long, so V8 has optimized it. A count alone leaves the first pairs timed
   * half-compiled, and so did 100 ms: in a fresh process each side's median conversion falls for about a
   * second before it levels off (ours on java-httpclient's multipart command: 682 µs at 0.2 s, 118 µs at
   * 1.0 s, 85 µs from 1.3 s on; curlconverter's: 307 µs, 206 µs, then 114–118 µs from 1.1 s on).
   */
  warmupMs: number;
  samples: number;
  /** Runs of one converter before switching to the next. */
  block: number;
  /** Always take at least this many, whatever the time box says. */
  minSamples: number;
  /** Upper bound of time spent on one pair (shrunk further when the section runs late). */
  timeLimitMs: number;
}

const SMALL: Plan = { warmup: 20, warmupMs: 1000, samples: 200, block: 10, minSamples: 30, timeLimitMs: 1_500 };
const HEAVY: Plan = { warmup: 2, warmupMs: 0, samples: 30, block: 1, minSamples: 5, timeLimitMs: 6_000 };
/** The timing should finish within a minute on a 2-core machine (the warm-ups add about 3.5 minutes). */
const SECTION_BUDGET_MS = 48_000;

const RATIO_BUDGET = { min: 5, text: 'at least 5x faster than curlconverter' };

const SIDES = ['ours', 'native', 'wasm'] as const;
type Side = (typeof SIDES)[number];

function timeOnce(run: Converter, text: string): number {
  const start = performance.now();
  run(text);
  return performance.now() - start;
}

/**
 * Warms every converter, then times them in alternating blocks (the order
 * rotates each round) until each has `plan.samples` samples, or the time box
 * runs out once each has `plan.minSamples`.
 */
function measure(text: string, runs: Map<Side, Converter>, plan: Plan, timeLimitMs: number): Map<Side, number[]> {
  for (const run of runs.values()) {
    const until = performance.now() + plan.warmupMs;
    for (let i = 0; i < plan.warmup || performance.now() < until; i++) run(text);
  }
  const samples = new Map([...runs.keys()].map((side) => [side, [] as number[]]));
  const entries = [...runs];
  const started = performance.now();
  for (let round = 0; ; round++) {
    for (let k = 0; k < entries.length; k++) {
      const [side, run] = entries[(round + k) % entries.length]!;
      const taken = samples.get(side)!;
      for (let i = 0; i < plan.block && taken.length < plan.samples; i++) taken.push(timeOnce(run, text));
    }
    const counts = [...samples.values()].map((taken) => taken.length);
    if (counts.every((n) => n >= plan.samples)) break;
    if (Math.min(...counts) >= plan.minSamples && performance.now() - started > timeLimitMs) break;
  }
  return samples;
}

interface Pair {
  target: string;
  command: BenchCommand;
  theirName?: Exported;
  theirNote?: string;
  runs: Map<Side, Converter>;
  /** Why a side is not timed: ours failed, or curlconverter threw. */
  failures: Map<Side, string>;
}

/**
 * Runs every converter once per pair before timing: ours must give non-empty
 * code (timing a failure would be meaningless), curlconverter must not throw.
 */
function checkPairs(wasm: Module, convert: typeof import('../../src/core/index.ts').convert): Pair[] {
  const pairs: Pair[] = [];
  for (const command of COMMANDS) {
    for (const { id: target } of listTargets()) {
      const their = THEIRS[target];
      const pair: Pair = {
        target,
        command,
        theirName: their?.name,
        theirNote: their?.note,
        runs: new Map(),
        failures: new Map(),
      };
      const candidates: [Side, Converter][] = [['ours', (text) => convert(text, target).code]];
      if (their) {
        candidates.push(['native', curlconverter[their.name]], ['wasm', wasm[their.name]]);
      } else {
        pair.failures.set('native', 'curlconverter has no generator for this target');
        pair.failures.set('wasm', 'curlconverter has no generator for this target');
      }
      for (const [side, run] of candidates) {
        const who = side === 'ours' ? 'convert()' : `${their?.name} (${side === 'native' ? 'Node' : 'WASM'} parser)`;
        try {
          if (run(command.text).trim() === '') pair.failures.set(side, `${who} wrote no code`);
          else pair.runs.set(side, run);
        } catch (error) {
          pair.failures.set(side, `${who} threw "${(error as Error).message}"`);
        }
      }
      pairs.push(pair);
    }
  }
  return pairs;
}

function geometricMean(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  return Math.exp(values.reduce((sum, v) => sum + Math.log(v), 0) / values.length);
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(value >= 1 ? 2 : 3) : '—');
const times = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)}x` : '—');

/** Warm conversion: ours vs curlconverter for every target and corpus command. */
export async function run(): Promise<Section> {
  const wasm = await importCurlconverterWasm();
  // Ours as it ships: the built core (see core-build.ts), as curlconverter is its published JavaScript.
  const { convert } = (await import(builtCore('core.js'))) as typeof import('../../src/core/index.ts');
  const pairs = checkPairs(wasm, convert);
  // Small commands first, so a slow heavy command can only shorten its own time box.
  const timed = pairs.filter((p) => p.runs.has('ours')).sort((a, b) => +a.command.heavy - +b.command.heavy);
  // The warm-ups come on top of the timing budget.
  const warmups = timed.reduce((sum, p) => sum + p.runs.size * (p.command.heavy ? HEAVY : SMALL).warmupMs, 0);
  const deadline = performance.now() + SECTION_BUDGET_MS + warmups;

  const oursFigures: Figure[] = [];
  const ratioFigures: Figure[] = [];
  const wasmRatios: number[] = [];
  const rows = new Map<Pair, string[]>();

  timed.forEach((pair, index) => {
    const { target, command, theirName } = pair;
    const plan = command.heavy ? HEAVY : SMALL;
    const share = (deadline - performance.now()) / (timed.length - index);
    const samples = measure(command.text, pair.runs, plan, Math.max(0, Math.min(plan.timeLimitMs, share)));
    const median = (side: Side) => (samples.has(side) ? stats(samples.get(side)!) : { median: NaN, p95: NaN });
    const ours = median('ours');
    const native = median('native');
    const wasmStats = median('wasm');
    const count = (side: Side) => samples.get(side)?.length ?? 0;
    const runs = SIDES.map((side) => (samples.has(side) ? String(count(side)) : '—')).join('/');
    const how = `medians of ${runs} warm runs (ours/curlconverter/curlconverter WASM) after ${plan.warmupMs > 0 ? `${plan.warmupMs} ms (at least ${plan.warmup} runs)` : `${plan.warmup} runs`} of warm-up each, in rotating blocks of ${plan.block}`;

    oursFigures.push({
      id: `conversion.ours.${target}.${command.id}`,
      label: `ours ${target} · ${command.id}`,
      value: ours.median,
      unit: 'ms',
      note: `median of ${count('ours')} warm runs of convert() (parse + generate) from the built core (dist/node/core.js), one Node process`,
    });
    if (samples.has('native')) {
      ratioFigures.push({
        id: `conversion.ratio.${target}.${command.id}`,
        label: `${target} · ${command.id}: curlconverter/ours`,
        value: native.median / ours.median,
        unit: 'ratio',
        budget: RATIO_BUDGET,
        note: [`${theirName} as Node imports it (native tree-sitter parser); ${how}`, pair.theirNote]
          .filter(Boolean)
          .join('; '),
      });
    }
    if (samples.has('wasm')) wasmRatios.push(wasmStats.median / ours.median);
    rows.set(pair, [
      target,
      command.id,
      ms(ours.median),
      ms(ours.p95),
      theirName ?? '—',
      ms(native.median),
      ms(native.p95),
      times(native.median / ours.median),
      ms(wasmStats.median),
      ms(wasmStats.p95),
      times(wasmStats.median / ours.median),
      runs,
      [pair.theirNote, ...pair.failures.values()].filter(Boolean).join('; '),
    ]);
  });

  const table: string[][] = [
    [
      'target',
      'command',
      'ours med',
      'ours p95',
      'curlconverter',
      'cc med',
      'cc p95',
      'cc/ours',
      'cc WASM med',
      'cc WASM p95',
      'WASM/ours',
      'runs',
      'note',
    ],
  ];
  for (const pair of pairs) {
    table.push(
      rows.get(pair) ?? [
        pair.target,
        pair.command.id,
        'FAILED',
        '',
        pair.theirName ?? '—',
        ...Array<string>(6).fill(''),
        '0',
        pair.failures.get('ours') ?? '',
      ],
    );
  }

  const ratios = ratioFigures.map((figure) => figure.value);
  const leftOut = pairs
    .filter((p) => p.runs.has('ours') && !p.runs.has('native'))
    .map((p) => `${p.target} · ${p.command.id}`);
  const failures = pairs.filter((p) => !p.runs.has('ours'));
  const summary: Figure[] = [
    {
      id: 'conversion.ratio.geomean',
      label: 'geometric mean curlconverter/ours',
      value: geometricMean(ratios),
      unit: 'ratio',
      budget: RATIO_BUDGET,
      note:
        `over ${ratios.length} (target, command) pairs: medians of warm runs in one Node process, curlconverter as Node imports it (native tree-sitter parser)` +
        (leftOut.length > 0 ? `; left out because curlconverter throws (see table): ${leftOut.join(', ')}` : ''),
    },
    {
      id: 'conversion.ratioWasm.geomean',
      label: 'geometric mean curlconverter (WASM parser)/ours',
      value: geometricMean(wasmRatios),
      unit: 'ratio',
      note: `over ${wasmRatios.length} pairs: curlconverter as a browser runs it (its "browser" build: web-tree-sitter WASM instead of the native binding), same process and runs`,
    },
    {
      id: 'conversion.failures',
      label: 'corpus conversions that failed (ours)',
      value: failures.length,
      unit: 'count',
      budget: { max: 0, text: 'every corpus command converts for every target' },
      note:
        failures.length > 0
          ? failures.map((p) => `${p.target} · ${p.command.id}: ${p.failures.get('ours')}`).join('; ')
          : `checked before timing: each of ${pairs.length} conversions gave non-empty code`,
    },
  ];
  return {
    title: 'Warm conversion: ours vs curlconverter',
    figures: [...summary, ...ratioFigures, ...oursFigures],
    table,
  };
}

if (isMain(import.meta.url)) printSection(await run());
