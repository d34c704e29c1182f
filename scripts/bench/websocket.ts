/**
 * The WebSocket tool's log under a burst, in the real extension (Chromium):
 * the demo server sends N messages as fast as it can (/ws/stream), and the
 * page measures, with a PerformanceObserver for long tasks, how long until
 * the log shows all of them and the longest main-thread task meanwhile.
 * The log is virtualised and redraws once per frame, so neither should grow
 * with N beyond the parsing of the messages themselves.
 */
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { startDemoServer } from '../lib/demo-server.ts';
import { launchWithExtension } from '../lib/launch.ts';
import type { Figure, Section } from './types.ts';

const DIST = 'dist/chrome';
const RUNS = 3;

/** Connects to the stream and waits until the log counts `count` received messages. */
const BURST = (url: string, count: number) => `(async () => {
  const longTasks = [];
  const observer = new PerformanceObserver((list) => { for (const e of list.getEntries()) longTasks.push(e.duration); });
  observer.observe({ type: 'longtask' });
  const field = document.querySelector('input[aria-label="URL"]');
  field.value = ${JSON.stringify(url)};
  field.dispatchEvent(new InputEvent('input', { bubbles: true }));
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const counted = () => Number((document.querySelector('.ws-count')?.textContent ?? '').match(/^(\\d+) messages/)?.[1] ?? 0);
  const before = counted();
  const log = document.querySelector('[role="log"][aria-label="Messages"]');
  let first = 0;
  const start = performance.now();
  document.querySelector('form.ws-url-row button[type="submit"]').click();
  // The connection's own rows (connecting, connected) count too: wait for all the messages past them.
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the log never showed ' + ${count} + ' messages; last count ' + counted())), 120000);
    const check = () => {
      if (!first && log.querySelector('.ws-row.ws-in')) first = performance.now();
      if (counted() - before >= ${count} + 2) { clearTimeout(timer); resolve(undefined); return; }
      requestAnimationFrame(check);
    };
    check();
  });
  const done = performance.now();
  await new Promise((r) => setTimeout(r, 300));
  for (const e of observer.takeRecords()) longTasks.push(e.duration);
  observer.disconnect();
  const rows = log.querySelectorAll('.ws-row').length;
  document.querySelector('form.ws-url-row button[type="submit"]').click();
  return { totalMs: done - start, renderMs: done - first, longestMs: Math.max(0, ...longTasks), longTasks: longTasks.length, rows };
})()`;

/** The same stream read by a bare WebSocket in the same page, counting messages only: what the machine allows. */
const RAW = (url: string, count: number) => `new Promise((resolve) => {
  const longTasks = [];
  const observer = new PerformanceObserver((list) => { for (const e of list.getEntries()) longTasks.push(e.duration); });
  observer.observe({ type: 'longtask' });
  const ws = new WebSocket(${JSON.stringify(url)});
  let n = 0;
  const start = performance.now();
  ws.onmessage = () => {
    if (++n < ${count}) return;
    const ms = performance.now() - start;
    ws.close();
    setTimeout(() => {
      for (const e of observer.takeRecords()) longTasks.push(e.duration);
      observer.disconnect();
      resolve({ ms, longestMs: Math.max(0, ...longTasks) });
    }, 300);
  };
})`;

interface Burst {
  totalMs: number;
  renderMs: number;
  longestMs: number;
  longTasks: number;
  rows: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function run(): Promise<Section> {
  if (!existsSync(`${DIST}/manifest.json`))
    execFileSync('npx', ['vite', 'build', '--mode', 'chrome'], { stdio: 'inherit' });
  const demo = await startDemoServer();
  const ext = await launchWithExtension(DIST);
  const figures: Figure[] = [];
  try {
    for (const count of [10_000, 100_000]) {
      const runs: Burst[] = [];
      const raw: { ms: number; longestMs: number }[] = [];
      for (let i = 0; i < RUNS; i++) {
        const page = await ext.browser.newPage();
        await page.setViewport({ width: 1280, height: 800 });
        await page.goto(`chrome-extension://${ext.extensionId}/panel/index.html#/websocket`);
        await page.waitForSelector('input[aria-label="URL"]');
        const url = `${demo.origin.replace('http:', 'ws:')}/ws/stream?count=${count}`;
        runs.push((await page.evaluate(BURST(url, count))) as Burst);
        raw.push((await page.evaluate(RAW(url, count))) as { ms: number; longestMs: number });
        await page.close();
      }
      const k = count / 1000;
      const notes = runs
        .map((r) => `${Math.round(r.totalMs)} ms, ${r.longTasks} long tasks, ${r.rows} rows in the page`)
        .join('; ');
      figures.push(
        {
          id: `websocket.burst-${k}k.messages-per-second`,
          label: `${count.toLocaleString('en')}-message burst: messages rendered per second`,
          value: Math.round(median(runs.map((r) => (count / r.totalMs) * 1000))),
          unit: 'count',
          note: `median of ${RUNS} runs, from Connect to the log counting every message (runs: ${notes})`,
        },
        {
          id: `websocket.burst-${k}k.bare-socket-messages-per-second`,
          label: `${count.toLocaleString('en')}-message burst: a bare WebSocket in the same page`,
          value: Math.round(median(raw.map((r) => (count / r.ms) * 1000))),
          unit: 'count',
          note: `the ceiling on this machine: the same stream counted by a WebSocket with no log (runs: ${raw.map((r) => `${Math.round(r.ms)} ms`).join(', ')})`,
        },
        {
          id: `websocket.burst-${k}k.bare-socket-longest-task`,
          label: `${count.toLocaleString('en')}-message burst: longest task of a bare WebSocket`,
          value: median(raw.map((r) => r.longestMs)),
          unit: 'ms',
          note: 'the same stream with no log: the tasks the browser itself needs for it on this machine',
        },
        {
          id: `websocket.burst-${k}k.longest-task`,
          label: `${count.toLocaleString('en')}-message burst: longest main-thread task`,
          value: median(runs.map((r) => r.longestMs)),
          unit: 'ms',
          // The issue's budget is for the 10,000-message burst; the 100,000 one is reported beside its bare-socket figure.
          ...(count === 10_000 ? { budget: { max: 200, text: 'no main-thread task over 200 ms' } } : {}),
          note: `median of ${RUNS} runs of the longest 'longtask' entry during the burst`,
        },
      );
    }
  } finally {
    await ext.close();
    await demo.close();
  }
  return { title: 'WebSocket message log (Chromium)', figures };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const section = await run();
  console.log(JSON.stringify(section, null, 2));
}
