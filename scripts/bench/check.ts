/**
 * `npm run bench:check`: runs the benchmarks (or reads a results file given
 * with `--from <file>`) and fails when any figure is outside its budget.
 * Kept out of `npm test`: timings on shared machines are noisy.
 */
import { readFileSync } from 'node:fs';
import { runAll } from './run.ts';
import { withinBudget, type BenchResult } from './types.ts';

async function main() {
  const args = process.argv.slice(2);
  const fromAt = args.indexOf('--from');
  const result: BenchResult =
    fromAt >= 0 ? (JSON.parse(readFileSync(args[fromAt + 1]!, 'utf8')) as BenchResult) : await runAll();
  const budgeted = result.sections.flatMap((s) => s.figures.filter((f) => f.budget));
  const missed = budgeted.filter((f) => !withinBudget(f));
  for (const figure of missed) {
    console.error(`✗ ${figure.label}: ${figure.value} ${figure.unit} (budget: ${figure.budget!.text})`);
  }
  console.log(`${budgeted.length - missed.length} of ${budgeted.length} budgets met.`);
  if (missed.length > 0) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
