/**
 * Fake Data at 100,000 rows: rows per second in Node (the core alone, per format), and in the real extension
 * (headless Chromium) the generation in the worker from the Generate click to the output on screen, with the
 * longest main-thread task while it runs (budget: 200 ms, so the panel stays responsive).
 *
 * Runnable alone: `npx tsx scripts/bench/fake-data.ts` (the extension part needs `npm run build:chrome`).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { allFakers } from '@faker-js/faker';
import { EXAMPLE_DEFINITION } from '../../src/core/fake/definition.ts';
import type { OutputFormat } from '../../src/core/fake/formats.ts';
import { makeDataSet } from '../../src/core/fake/run.ts';
import { launchWithExtension } from '../lib/launch.ts';
import type { Figure, Section } from './types.ts';

const ROWS = 100_000;
const DIST = 'dist/chrome';
const FORMATS: OutputFormat[] = ['json', 'csv', 'sql-postgres'];

function nodeFigures(): Figure[] {
  return FORMATS.map((format) => {
    const started = performance.now();
    const text = makeDataSet(EXAMPLE_DEFINITION, allFakers.en, ROWS, format);
    const seconds = (performance.now() - started) / 1000;
    return {
      id: `fake-data.node.${format}.rows-per-second`,
      label: `Node, ${format}: rows per second (100,000 rows, 7 fields)`,
      value: Math.round(ROWS / seconds),
      unit: 'count',
      note: `${(text.length / 1024 / 1024).toFixed(1)} MB in ${seconds.toFixed(2)} s`,
    } satisfies Figure;
  });
}

/** Set the row count, observe long tasks, click Generate, wait until the output is shown. */
const RUN = `(async () => {
  const rows = document.querySelector('input[type="number"][max="${ROWS}"]');
  rows.value = '${ROWS}';
  rows.dispatchEvent(new InputEvent('input', { bubbles: true }));
  await new Promise((resolve) => setTimeout(resolve, 100));
  const longTasks = [];
  const observer = new PerformanceObserver((list) => { for (const e of list.getEntries()) longTasks.push(e.duration); });
  observer.observe({ type: 'longtask' });
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Generate');
  const start = performance.now();
  button.click();
  await new Promise((resolve, reject) => {
    const deadline = setTimeout(() => reject(new Error('no output after 120 s')), 120000);
    const poll = () => {
      if (document.querySelector('pre[aria-label="Generated data"]')) { clearTimeout(deadline); resolve(); }
      else setTimeout(poll, 20);
    };
    poll();
  });
  const done = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const e of observer.takeRecords()) longTasks.push(e.duration);
  observer.disconnect();
  return { ms: done - start, longest: Math.max(0, ...longTasks), count: longTasks.length };
})()`;

async function extensionFigures(): Promise<Figure[]> {
  if (!existsSync(`${DIST}/manifest.json`)) throw new Error(`${DIST} is missing: run npm run build:chrome first`);
  const ext = await launchWithExtension(DIST);
  try {
    const page = await ext.browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(`chrome-extension://${ext.extensionId}/panel/index.html#/fake-data`);
    await page.waitForSelector('[aria-label="Preview of the first rows"] tbody tr', { timeout: 20_000 });
    const run = (await page.evaluate(RUN)) as { ms: number; longest: number; count: number };
    return [
      {
        id: 'fake-data.extension.rows-per-second',
        label: 'Extension (worker), JSON: rows per second (100,000 rows)',
        value: Math.round(ROWS / (run.ms / 1000)),
        unit: 'count',
        note: `Generate click to output on screen: ${(run.ms / 1000).toFixed(2)} s`,
      },
      {
        id: 'fake-data.extension.longest-main-thread-task',
        label: 'Longest main-thread task while generating 100,000 rows',
        value: Math.round(run.longest),
        unit: 'ms',
        budget: { max: 200, text: 'at most 200 ms (the panel stays responsive)' },
        note: `${run.count} long tasks (over 50 ms) from the click until the output was shown`,
      },
    ];
  } finally {
    await ext.close();
  }
}

export async function run(): Promise<Section> {
  return { title: 'Fake Data (100,000 rows)', figures: [...nodeFigures(), ...(await extensionFigures())] };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const section = await run();
  for (const f of section.figures) console.log(`${f.label}: ${f.value} ${f.unit}${f.note ? ` (${f.note})` : ''}`);
}
