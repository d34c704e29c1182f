/**
 * The vitest side of the matrix: one test per target × case, the skip list
 * applied (and kept honest), a summary table printed at the end and written
 * to `.equivalence/summary.json`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Generator } from '../../src/core/generators/types.ts';
import { cellKey, runMatrix, type EquivalenceCase, type MatrixResult } from './matrix.ts';
import { WORK_ROOT } from './runners.ts';
import type { Skip } from './skips.ts';

export interface SuiteDefinition {
  /** Folder and summary section: `equivalence`, `adversarial`. */
  suite: string;
  cases: readonly EquivalenceCase[];
  files: Readonly<Record<string, string | Uint8Array>>;
  generators: readonly Generator[];
  skips: readonly Skip[];
}

export interface TargetSummary {
  passed: number;
  skipped: number;
  failed: number;
  /** Time its programs spent running, ms. */
  runMs: number;
}

export const SUMMARY_FILE = join(WORK_ROOT, 'summary.json');

/** The whole run, by target: a failing cell with a skip entry counts as skipped; a skipped cell that passes fails. */
export function summarise(definition: SuiteDefinition, result: MatrixResult): Record<string, TargetSummary> {
  const out: Record<string, TargetSummary> = {};
  for (const generator of definition.generators) {
    const summary: TargetSummary = { passed: 0, skipped: 0, failed: 0, runMs: 0 };
    for (const c of definition.cases) {
      const cell = result.cells.get(cellKey(generator.id, c.name));
      const skipped = definition.skips.some((s) => s.target === generator.id && s.case === c.name);
      summary.runMs += cell?.runMs ?? 0;
      if (cell?.passed && !skipped) summary.passed++;
      else if (!cell?.passed && skipped) summary.skipped++;
      else summary.failed++;
    }
    out[generator.id] = summary;
  }
  return out;
}

export function formatTable(title: string, summary: Record<string, TargetSummary>, durationMs: number): string {
  const rows = Object.entries(summary).map(([target, s]) => [
    target,
    String(s.passed),
    String(s.skipped),
    String(s.failed),
    `${(s.runMs / 1000).toFixed(1)} s`,
  ]);
  const header = ['target', 'passed', 'skipped', 'failed', 'run time'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  const total = rows.length === 0 ? ['(no generators registered)'] : [];
  return [`${title} (${(durationMs / 1000).toFixed(1)} s in all)`, line(header), ...rows.map(line), ...total].join(
    '\n',
  );
}

/** Replaces this suite's section of `.equivalence/summary.json`, keeping the other suites' sections. */
function writeSummary(suite: string, section: unknown): void {
  let all: Record<string, unknown> = {};
  try {
    if (existsSync(SUMMARY_FILE)) all = JSON.parse(readFileSync(SUMMARY_FILE, 'utf8')) as Record<string, unknown>;
  } catch {
    all = {};
  }
  all[suite] = section;
  mkdirSync(WORK_ROOT, { recursive: true });
  writeFileSync(SUMMARY_FILE, `${JSON.stringify(all, null, 2)}\n`);
}

/** A whole run can take minutes: build every target, run hundreds of programs. */
export const MATRIX_TIMEOUT_MS = 40 * 60_000;

/**
 * Declares the tests of one suite. Everything runs once, in `beforeAll`
 * (builds are per batch); each test then reports one cell.
 */
export function defineEquivalenceSuite(definition: SuiteDefinition): { result: () => MatrixResult } {
  let result: MatrixResult | undefined;

  beforeAll(async () => {
    result = await runMatrix({
      suite: definition.suite,
      cases: definition.cases,
      files: definition.files,
      generators: definition.generators,
      log: (line) => console.log(line),
    });
  }, MATRIX_TIMEOUT_MS);

  afterAll(() => {
    if (!result) return;
    const summary = summarise(definition, result);
    console.log(formatTable(`${definition.suite} suite`, summary, result.durationMs));
    writeSummary(definition.suite, {
      finishedAt: new Date().toISOString(),
      durationMs: result.durationMs,
      cases: definition.cases.length,
      caseErrors: Object.fromEntries(result.caseErrors),
      targets: summary,
      failures: [...result.cells.values()]
        .filter((cell) => !cell.passed)
        .map(({ target, caseName, problems }) => ({ target, case: caseName, problems })),
    });
  });

  const current = () => {
    if (!result) throw new Error('The matrix did not run (see the error of the beforeAll hook).');
    return result;
  };

  it('curl can send every case', () => {
    const errors = [...current().caseErrors].map(([name, error]) => `${name}: ${error}`);
    expect(errors, 'these cases are broken whatever the target').toEqual([]);
  });

  for (const generator of definition.generators) {
    describe(generator.id, () => {
      for (const c of definition.cases) {
        it(c.name, (context) => {
          const cell = current().cells.get(cellKey(generator.id, c.name));
          if (!cell) throw new Error(`No result for ${generator.id} × ${c.name}.`);
          const skip = definition.skips.find((s) => s.target === generator.id && s.case === c.name);
          if (skip && cell.passed) {
            throw new Error(
              `tests/equivalence/skips.ts skips this case ("${skip.reason}"), but it passes now: remove the entry.`,
            );
          }
          if (skip) context.skip(skip.reason);
          if (!cell.passed) {
            const problems = cell.problems.map((p) => `  - ${p.replace(/\n/g, '\n    ')}`).join('\n');
            throw new Error(`${generator.id} does not send what curl sends for:\n  ${c.cmd}\n${problems}`);
          }
        });
      }
    });
  }

  return { result: current };
}

/**
 * A run can be narrowed, to spare a shared machine: EQUIVALENCE_TARGETS=go-net-http,rust-reqwest
 * (target ids) and EQUIVALENCE_CASES=<regular expression on case names>. The whole matrix runs without them.
 */
export function narrowed<C extends { name: string }>(
  generators: readonly Generator[],
  cases: readonly C[],
): { generators: readonly Generator[]; cases: readonly C[] } {
  const onlyTargets = process.env.EQUIVALENCE_TARGETS?.split(',').map((id) => id.trim());
  const onlyCases = process.env.EQUIVALENCE_CASES ? new RegExp(process.env.EQUIVALENCE_CASES) : undefined;
  return {
    generators: onlyTargets ? generators.filter((g) => onlyTargets.includes(g.id)) : generators,
    cases: onlyCases ? cases.filter((c) => onlyCases.test(c.name)) : cases,
  };
}

/** Skip entries that are malformed or refer to a target or case that does not exist. */
export function invalidSkips(
  skips: readonly Skip[],
  generators: readonly Generator[],
  caseNames: ReadonlySet<string>,
): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const skip of skips) {
    const label = `${skip.target} × ${JSON.stringify(skip.case)}`;
    if (!generators.some((g) => g.id === skip.target)) out.push(`${label}: no registered target ${skip.target}`);
    if (!caseNames.has(skip.case)) out.push(`${label}: no case of that name (renamed or removed?)`);
    if (skip.reason.trim().length < 20) out.push(`${label}: the reason must name the client limitation`);
    if (seen.has(cellKey(skip.target, skip.case))) out.push(`${label}: listed twice`);
    seen.add(cellKey(skip.target, skip.case));
  }
  return out;
}
