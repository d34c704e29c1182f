/**
 * `npm run bench`: every benchmark in one run on this machine (conversion
 * and cold start side by side with curlconverter, bundle sizes, and timings
 * in the real extension), printed as tables and written to
 * dist/bench/results.json. `--update-doc` also rewrites the results table
 * in BENCHMARKS.md. `--only <name,...>` runs some sections (bundle,
 * conversion, cold-start, extension, json-tools, openapi, fake-data, websocket).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, release, totalmem, type } from 'node:os';
import { fileURLToPath } from 'node:url';
import { findChrome } from '../lib/find-browser.ts';
import { printSection } from './print.ts';
import { withinBudget, type BenchResult, type Figure, type Section } from './types.ts';

const SECTIONS: Record<string, () => Promise<Section>> = {
  bundle: async () => (await import('./bundle.ts')).run(),
  conversion: async () => (await import('./conversion.ts')).run(),
  'cold-start': async () => (await import('./cold-start.ts')).run(),
  extension: async () => (await import('./extension.ts')).run(),
  'json-tools': async () => (await import('./json-tools.ts')).run(),
  openapi: async () => (await import('./openapi.ts')).run(),
  'fake-data': async () => (await import('./fake-data.ts')).run(),
  websocket: async () => (await import('./websocket.ts')).run(),
};

export const RESULTS_FILE = 'dist/bench/results.json';
const DOC = 'BENCHMARKS.md';

function machine(): BenchResult['machine'] {
  let chromium: string | undefined;
  try {
    chromium = execFileSync(findChrome(), ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .trim()
      .replace(/\s+built on.*$/, '');
  } catch {
    chromium = undefined;
  }
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGb: Math.round(totalmem() / 1024 ** 3),
    os: `${type()} ${release()}`,
    node: process.version,
    chromium,
  };
}

/** Runs the chosen sections one after another (never in parallel: they would disturb each other's timings). */
export async function runAll(only?: string[]): Promise<BenchResult> {
  const names = only ?? Object.keys(SECTIONS);
  const sections: Section[] = [];
  for (const name of names) {
    const section = SECTIONS[name];
    if (!section) throw new Error(`Unknown section "${name}"; known: ${Object.keys(SECTIONS).join(', ')}`);
    const started = Date.now();
    const result = await section();
    printSection(result);
    console.log(`(${name}: ${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
    sections.push(result);
  }
  return { date: new Date().toISOString(), machine: machine(), sections };
}

const formatValue = (figure: Figure): string => {
  const { value, unit } = figure;
  if (!Number.isFinite(value)) return 'n/a';
  switch (unit) {
    case 'ms':
      return value >= 100 ? `${Math.round(value)} ms` : `${value.toPrecision(3)} ms`;
    case 'bytes':
      return value >= 1024 ? `${(value / 1024).toFixed(1)} KB` : `${value} B`;
    case 'ratio':
      return `${value >= 10 ? value.toFixed(0) : value.toFixed(2)}x`;
    case 'count':
      return String(value);
  }
};

/** The results as Markdown: one table per section, budgets marked met or missed. */
export function toMarkdown(result: BenchResult): string {
  const m = result.machine;
  const lines = [
    `Run on ${result.date.slice(0, 10)}: ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, ${m.os}, Node ${m.node}${m.chromium ? `, ${m.chromium}` : ''}.`,
    '',
  ];
  for (const section of result.sections) {
    lines.push(`### ${section.title}`, '', '| Figure | Value | Budget |', '| --- | ---: | --- |');
    for (const figure of section.figures) {
      const budget = figure.budget ? `${withinBudget(figure) ? '✓' : '✗'} ${figure.budget.text}` : '';
      lines.push(`| ${figure.label} | ${formatValue(figure)} | ${budget} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

async function main() {
  const args = process.argv.slice(2);
  const onlyAt = args.indexOf('--only');
  const only = onlyAt >= 0 ? args[onlyAt + 1]?.split(',') : undefined;
  const result = await runAll(only);
  mkdirSync('dist/bench', { recursive: true });
  writeFileSync(RESULTS_FILE, JSON.stringify(result, null, 2));
  console.log(`Results written to ${RESULTS_FILE}`);
  if (args.includes('--update-doc')) {
    const doc = readFileSync(DOC, 'utf8');
    const start = '<!-- bench:start -->';
    const end = '<!-- bench:end -->';
    const a = doc.indexOf(start);
    const b = doc.indexOf(end);
    if (a < 0 || b < a) throw new Error(`${DOC} has no ${start} … ${end} block`);
    writeFileSync(DOC, `${doc.slice(0, a + start.length)}\n\n${toMarkdown(result)}\n${doc.slice(b)}`);
    console.log(`Table updated in ${DOC}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
