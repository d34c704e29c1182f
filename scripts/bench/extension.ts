/**
 * Timings inside the real extension in headless Chromium: opening the panel,
 * a keystroke in the converter, sending a small request (against a bare
 * fetch, also in headless Firefox), a 10 MB JSON response, and a
 * 10,000-entry history.
 *
 * Every duration is taken inside the page with `performance.now()` (and
 * MutationObserver / PerformanceObserver), never from Node round trips.
 * Code handed to the page is written as strings: tsx rewrites functions with
 * helpers the page does not have.
 *
 * Runnable alone: `npx tsx scripts/bench/extension.ts [--only send,firefox-send]`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'puppeteer-core';
import { startDemoServer, type DemoServer } from '../lib/demo-server.ts';
import { launchFirefoxWithExtension, launchWithExtension, type LaunchedExtension } from '../lib/launch.ts';
import { commandById } from './commands.ts';
import { stats, type Figure, type Section } from './types.ts';

const DIST = 'dist/chrome';
const FIREFOX_DIST = 'dist/firefox-e2e';
const TITLE = 'In the extension (headless Chromium; sends also in headless Firefox)';

const PANEL_OPENS = 10;
const KEYSTROKES = 20;
const BIG_RUNS = 3;
const HISTORY_OPENS = 5;
const HISTORY_ENTRIES = 10_000;
const COLLECTION_OPENS = 5;
const COLLECTION_REQUESTS = 1_000;

/** Selectors the measurements wait on (the UI's accessible names). */
const CURL_INPUT = 'textarea[aria-label="curl command"]';
const OUTPUT_PANE = '[aria-label="Generated code"]';
const RESPONSE_STATUS = '[aria-label="Response status"]';
const BODY_REGION = '[role="region"][aria-label="Response body"]';
const HISTORY_COUNT = '[aria-label="History count"]';

/**
 * Helpers defined in each page: `until` resolves with `performance.now()` at
 * the first DOM change after which `test()` holds; `quiet` resolves once the
 * subtree has not changed for `ms` (or after `maxMs`).
 */
const PAGE_HELPERS = `window.__bench = {
  until(root, test, timeoutMs, what) {
    return new Promise((resolve, reject) => {
      const observer = new MutationObserver(() => {
        if (!test()) return;
        const at = performance.now();
        observer.disconnect();
        clearTimeout(timer);
        resolve(at);
      });
      observer.observe(root, { childList: true, subtree: true, characterData: true, attributes: true });
      const timer = setTimeout(() => {
        observer.disconnect();
        reject(new Error('timed out after ' + timeoutMs + ' ms waiting for ' + what));
      }, timeoutMs);
    });
  },
  quiet(root, ms, maxMs) {
    return new Promise((resolve) => {
      const start = performance.now();
      let timer;
      const done = () => {
        observer.disconnect();
        clearTimeout(timer);
        clearTimeout(cap);
        resolve(performance.now() - start);
      };
      const observer = new MutationObserver(() => {
        clearTimeout(timer);
        timer = setTimeout(done, ms);
      });
      observer.observe(root, { childList: true, subtree: true, characterData: true, attributes: true });
      timer = setTimeout(done, ms);
      const cap = setTimeout(done, maxMs);
    });
  },
  setInput(selector, value) {
    const input = document.querySelector(selector);
    if (!input) throw new Error('no element matches ' + selector);
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  },
};`;

/** Records when the converter's input first exists, from before the page's own scripts run. */
const INTERACTIVE_PROBE = `(() => {
  const observer = new MutationObserver(() => {
    if (window.__benchInteractive === undefined && document.querySelector(${JSON.stringify(CURL_INPUT)})) {
      window.__benchInteractive = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

const js = (value: unknown) => JSON.stringify(value);
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const fmt = (ms: number) => `${round(ms)} ms`;

interface Context {
  ext: LaunchedExtension;
  demo: DemoServer;
  panelUrl: string;
}

/** A fresh tab on the panel page, loaded, with the helpers defined and the converter's input present. */
async function openPanel(ctx: Context): Promise<Page> {
  const page = await ctx.ext.browser.newPage();
  await page.goto(ctx.panelUrl, { waitUntil: 'load' });
  await page.waitForSelector(CURL_INPUT, { timeout: 15_000 });
  await page.evaluate(PAGE_HELPERS);
  return page;
}

/** The panel with the REST client's tab selected and its URL set. */
async function openRest(ctx: Context, url: string): Promise<Page> {
  const page = await openPanel(ctx);
  await page.evaluate(`document.querySelector('a[href="#/rest-client"]').click()`);
  await page.waitForSelector('input[aria-label="URL"]', { visible: true, timeout: 10_000 });
  await page.evaluate(`__bench.setInput('input[aria-label="URL"]', ${js(url)})`);
  // The editor's state (what Send reads) is rendered by the next frame.
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))');
  return page;
}

const clearStorage = (ctx: Context) => ctx.ext.worker.evaluate('chrome.storage.local.clear()');

// ---------------------------------------------------------------- 1. panel open

async function panelOpen(ctx: Context): Promise<Figure[]> {
  const samples: number[] = [];
  for (let i = 0; i < PANEL_OPENS; i++) {
    const page = await ctx.ext.browser.newPage();
    await page.evaluateOnNewDocument(INTERACTIVE_PROBE);
    await page.goto(ctx.panelUrl, { waitUntil: 'load' });
    await page.waitForFunction('window.__benchInteractive !== undefined', { timeout: 15_000 });
    samples.push((await page.evaluate('window.__benchInteractive')) as number);
    await page.close();
  }
  const { median, p95 } = stats(samples);
  return [
    {
      id: 'extension.panel-open',
      label: 'Panel open to interactive',
      value: round(median),
      unit: 'ms',
      budget: { max: 150, text: 'panel open at most 150 ms' },
      note: `median of ${PANEL_OPENS} fresh tabs, navigation start to the curl input in the DOM (p95 ${fmt(p95)}; first, cold: ${fmt(samples[0]!)})`,
    },
  ];
}

// ---------------------------------------------------------------- 2. keystroke to output

async function keystroke(ctx: Context, commandId: string, label: string): Promise<Figure> {
  const command = commandById(commandId);
  const text = command.text;
  // The character changed is the URL's last one: every target prints the URL verbatim.
  const urlStart = text.indexOf("'") + 1;
  const urlEnd = text.indexOf("'", urlStart);
  if (urlStart <= 0 || urlEnd < 0) throw new Error(`bench command "${commandId}" has no single-quoted URL`);
  const url = text.slice(urlStart, urlEnd);
  const at = urlEnd - 1;

  const page = await openPanel(ctx);
  try {
    // The command as pasted, converted and highlighted before the first keystroke.
    await page.evaluate(`(async () => {
      const pane = document.querySelector(${js(OUTPUT_PANE)});
      const shown = __bench.until(pane, () => pane.querySelector('pre.code-view')?.textContent.includes(${js(url)}), 60000, 'the first conversion');
      __bench.setInput(${js(CURL_INPUT)}, ${js(text)});
      await shown;
      await __bench.quiet(pane, 300, 10000);
    })()`);
    const samples: number[] = [];
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    for (let i = 0; i < KEYSTROKES; i++) {
      const ch = letters[i % letters.length]!;
      const marker = url.slice(0, -1) + ch;
      const ms = (await page.evaluate(`(async () => {
        const input = document.querySelector(${js(CURL_INPUT)});
        const pane = document.querySelector(${js(OUTPUT_PANE)});
        const marker = ${js(marker)};
        const shown = __bench.until(pane, () => pane.querySelector('pre.code-view')?.textContent.includes(marker), 20000, 'the output after a keystroke');
        const start = performance.now();
        input.setRangeText(${js(ch)}, ${at}, ${at + 1});
        input.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: ${js(ch)} }));
        const end = await shown;
        // Highlighting and any late update finish before the next keystroke.
        await __bench.quiet(pane, 150, 5000);
        return end - start;
      })()`)) as number;
      samples.push(ms);
    }
    const { median, p95 } = stats(samples);
    return {
      id: `extension.keystroke.${commandId}`,
      label: `Keystroke to output: ${label}`,
      value: round(median),
      unit: 'ms',
      note: `median of ${KEYSTROKES}: one character of the URL changed by an input event, until the generated code shows it (p95 ${fmt(p95)}); ${command.description}`,
    };
  } finally {
    await page.close();
  }
}

// ---------------------------------------------------------------- 3. send vs bare fetch

/**
 * Clicks Send; the time until the new response is on screen: the response
 * view carries the id of the exchange it shows (the previous response stays
 * mounted, dimmed, while a request is in flight, and is then updated). Also
 * where the request headers shown came from, when the status appeared and
 * once the page is quiet: 'pending' then 'wire' when the browser's report
 * came after the response.
 */
const SEND_AND_WAIT = `(async () => {
  const area = document.querySelector('.response-area');
  const exchange = () => area.querySelector('[data-exchange]')?.getAttribute('data-exchange') ?? null;
  const old = exchange();
  const button = document.querySelector('form[aria-label="Request"] button[type="submit"]');
  if (!button) throw new Error('no Send button');
  const current = () => area.querySelector('[data-exchange] ' + ${js(RESPONSE_STATUS)});
  const source = () => area.querySelector('[data-exchange] .source-note[data-source]')?.getAttribute('data-source') ?? null;
  let sourceAtShow = null;
  const shown = __bench.until(area, () => {
    const s = current();
    const ok = exchange() !== null && exchange() !== old && !!s && /\\d{3}/.test(s.textContent);
    if (ok) sourceAtShow = source();
    return ok;
  }, 30000, 'the response status');
  const start = performance.now();
  button.click();
  const end = await shown;
  const status = current().textContent;
  // The history save, its list refresh and any late report settle before the next sample.
  await __bench.quiet(document.body, 250, 5000);
  if (source() === 'pending') {
    await __bench.until(area, () => source() !== 'pending', 3000, 'the browser report').catch(() => undefined);
    await __bench.quiet(document.body, 100, 2000);
  }
  return { ms: end - start, status, sourceAtShow, sourceAfter: source() };
})()`;

const BARE_FETCH = (url: string) => `(async () => {
  const start = performance.now();
  const response = await fetch(${js(url)}, { cache: 'no-store' });
  const text = await response.text();
  return { ms: performance.now() - start, status: response.status, bytes: new TextEncoder().encode(text).length };
})()`;

/** Sends and bare fetches of a 1 KB response, interleaved, in one run. */
const SENDS = 100;
/** Unmeasured rounds first: the first sends load the response view's code and warm the connection. */
const WARM_UP = 3;
/** Budgets for one browser's sends (the same in both). */
const SEND_BUDGETS = {
  ratio: { max: 1.5, text: '1 KB request: median at most 1.5x a bare fetch' },
  spread: { max: 2, text: '1 KB request: p95 at most 2x the median' },
  slowest: { max: 250, text: 'no 1 KB request over 250 ms on loopback' },
};

interface SendSample {
  ms: number;
  status: string;
  sourceAtShow: string | null;
  sourceAfter: string | null;
}

/** Sends from the REST client already open in `page`, each followed by a bare fetch of the same URL. */
async function sendSamples(page: Page, url: string) {
  const ours: number[] = [];
  const bare: number[] = [];
  const sources = { reportLate: 0, unreported: 0 };
  let bytes = 0;
  for (let i = -WARM_UP; i < SENDS; i++) {
    const sent = (await page.evaluate(SEND_AND_WAIT)) as SendSample;
    if (!/\b200\b/.test(sent.status)) throw new Error(`the REST client showed "${sent.status}" instead of 200`);
    const fetched = (await page.evaluate(BARE_FETCH(url))) as { ms: number; status: number; bytes: number };
    if (fetched.status !== 200) throw new Error(`the bare fetch got status ${fetched.status}`);
    bytes = fetched.bytes;
    if (i < 0) continue;
    ours.push(sent.ms);
    bare.push(fetched.ms);
    if (sent.sourceAtShow === 'pending') sources.reportLate++;
    if (sent.sourceAfter !== 'wire') sources.unreported++;
  }
  return { ours, bare, sources, bytes };
}

/** The send figures of one browser, ids under `prefix`. */
function sendFigures(
  prefix: string,
  browserName: string,
  { ours, bare, sources, bytes }: Awaited<ReturnType<typeof sendSamples>>,
): Figure[] {
  const o = stats(ours);
  const b = stats(bare);
  const max = Math.max(...ours);
  return [
    {
      id: `${prefix}.ratio`,
      label: `${browserName}: Send to response shown, 1 KB JSON: ours / bare fetch (medians)`,
      value: round(o.median / b.median, 2),
      unit: 'ratio',
      budget: SEND_BUDGETS.ratio,
      note: `${SENDS} each, interleaved, on loopback; body ${bytes} bytes`,
    },
    {
      id: `${prefix}.spread`,
      label: `${browserName}: Send to response shown, 1 KB JSON: p95 / median`,
      value: round(o.p95 / o.median, 2),
      unit: 'ratio',
      budget: SEND_BUDGETS.spread,
      note: `p95 ${fmt(o.p95)}, median ${fmt(o.median)}`,
    },
    {
      id: `${prefix}.max`,
      label: `${browserName}: Send to response shown, 1 KB JSON: slowest of ${SENDS}`,
      value: round(max),
      unit: 'ms',
      budget: SEND_BUDGETS.slowest,
    },
    {
      id: `${prefix}.ours`,
      label: `${browserName}: Send to response shown, 1 KB JSON (REST client), median`,
      value: round(o.median),
      unit: 'ms',
      note: `median of ${SENDS}: Send clicked until the status line is in the DOM (p95 ${fmt(o.p95)}, max ${fmt(max)}); via the background, history saved after; the browser's report came after the response in ${sources.reportLate} of ${SENDS} and never came in ${sources.unreported}`,
    },
    {
      id: `${prefix}.bare`,
      label: `${browserName}: Bare fetch() of the same URL from the panel page, median`,
      value: round(b.median),
      unit: 'ms',
      note: `median of ${SENDS}: fetch until await text() (p95 ${fmt(b.p95)}, max ${fmt(Math.max(...bare))})`,
    },
    {
      id: `${prefix}.report-late`,
      label: `${browserName}: sends whose wire report came after the response was shown`,
      value: sources.reportLate,
      unit: 'count',
    },
    {
      id: `${prefix}.unreported`,
      label: `${browserName}: sends whose wire report never came`,
      value: sources.unreported,
      unit: 'count',
      budget: { max: 0, text: 'every send gets its wire report' },
    },
  ];
}

/** The figures standing for a failed send measurement, so its budgets fail. */
const sendFallback = (prefix: string, browserName: string) => [
  {
    id: `${prefix}.ratio`,
    label: `${browserName}: Send to response shown, 1 KB JSON: ours / bare fetch (medians)`,
    unit: 'ratio' as const,
    budget: SEND_BUDGETS.ratio,
  },
  {
    id: `${prefix}.spread`,
    label: `${browserName}: Send to response shown, 1 KB JSON: p95 / median`,
    unit: 'ratio' as const,
    budget: SEND_BUDGETS.spread,
  },
  {
    id: `${prefix}.max`,
    label: `${browserName}: Send to response shown, 1 KB JSON: slowest of ${SENDS}`,
    unit: 'ms' as const,
    budget: SEND_BUDGETS.slowest,
  },
];

/** `/big-json?mb=0.001` answers about 1 KB of JSON, the same bytes to both clients. */
const sendUrl = (ctx: { demo: DemoServer }) => `${ctx.demo.origin}/big-json?mb=0.001`;

async function sendVersusFetch(ctx: Context): Promise<Figure[]> {
  const url = sendUrl(ctx);
  const page = await openRest(ctx, url);
  try {
    return sendFigures('extension.send-1kb', 'Chromium', await sendSamples(page, url));
  } finally {
    await page.close();
  }
}

/**
 * The same sends in Firefox, with the test build (its background opens the
 * workspace on install: WebDriver BiDi cannot navigate to moz-extension:).
 */
async function firefoxSendVersusFetch(demo: DemoServer): Promise<Figure[]> {
  if (!existsSync(`${FIREFOX_DIST}/manifest.json`)) {
    console.log(`No ${FIREFOX_DIST}/manifest.json: building the Firefox test build first…`);
    execFileSync('npx', ['vite', 'build', '--mode', 'firefox-e2e'], { stdio: 'inherit' });
  }
  const firefox = await launchFirefoxWithExtension(FIREFOX_DIST);
  try {
    const page = firefox.workspace;
    const url = sendUrl({ demo });
    await page.waitForSelector('a[href="#/rest-client"]', { timeout: 15_000 });
    await page.evaluate(PAGE_HELPERS);
    await page.evaluate(`document.querySelector('a[href="#/rest-client"]').click()`);
    await page.waitForSelector('input[aria-label="URL"]', { visible: true, timeout: 10_000 });
    await page.evaluate(`__bench.setInput('input[aria-label="URL"]', ${js(url)})`);
    await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))');
    return sendFigures('extension.firefox.send-1kb', 'Firefox', await sendSamples(page, url));
  } finally {
    await firefox.close();
  }
}

// ---------------------------------------------------------------- 4. 10 MB JSON response

/** Clicks Send with a long-task observer running; first rows of the body, then the whole body prepared. */
const BIG_SEND = `(async () => {
  const longTasks = [];
  const observer = new PerformanceObserver((list) => { for (const e of list.getEntries()) longTasks.push(e.duration); });
  observer.observe({ type: 'longtask' });
  const area = document.querySelector('.response-area');
  const button = document.querySelector('form[aria-label="Request"] button[type="submit"]');
  const region = () => area.querySelector(${js(BODY_REGION)});
  const firstScreen = __bench.until(area, () => !!region()?.querySelector('.row'), 60000, 'the first rows of the body');
  const start = performance.now();
  button.click();
  const shown = await firstScreen;
  const longestBeforeShown = Math.max(0, ...longTasks, ...observer.takeRecords().map((e) => e.duration));
  // Then until the body viewer has the whole document (no longer busy) and the page is quiet.
  if (region()?.getAttribute('aria-busy') === 'true') {
    await __bench.until(area, () => region()?.getAttribute('aria-busy') !== 'true', 60000, 'the whole body');
  }
  const complete = performance.now();
  await __bench.quiet(document.body, 500, 10000);
  for (const e of observer.takeRecords()) longTasks.push(e.duration);
  observer.disconnect();
  return {
    firstScreenMs: shown - start,
    completeMs: complete - start,
    longestMs: Math.max(0, ...longTasks),
    longestBeforeShown,
    longTasks: longTasks.length,
    status: area.querySelector(${js(RESPONSE_STATUS)})?.textContent ?? '',
  };
})()`;

interface BigRun {
  firstScreenMs: number;
  completeMs: number;
  longestMs: number;
  longestBeforeShown: number;
  longTasks: number;
  status: string;
}

async function bigResponse(ctx: Context): Promise<Figure[]> {
  const url = `${ctx.demo.origin}/big-json?mb=10`;
  // The server builds the document once; build it now so no run waits for it.
  const size = (await (await fetch(url)).arrayBuffer()).byteLength;
  const runs: BigRun[] = [];
  for (let i = 0; i < BIG_RUNS; i++) {
    const page = await openRest(ctx, url);
    try {
      const run = (await page.evaluate(BIG_SEND)) as BigRun;
      if (!/\b200\b/.test(run.status)) throw new Error(`the REST client showed "${run.status}" instead of 200`);
      runs.push(run);
    } finally {
      await page.close();
    }
  }
  const first = stats(runs.map((r) => r.firstScreenMs));
  const complete = stats(runs.map((r) => r.completeMs));
  const longest = stats(runs.map((r) => r.longestMs));
  const mb = round(size / 1024 / 1024, 1);
  return [
    {
      id: 'extension.response-10mb.first-screen',
      label: `Send to first screen of a ${mb} MB JSON body`,
      value: round(first.median),
      unit: 'ms',
      budget: { max: 1000, text: '10 MB response first screen at most 1 s' },
      note: `median of ${BIG_RUNS} fresh tabs, Send clicked until body rows are in the DOM (runs: ${runs.map((r) => fmt(r.firstScreenMs)).join(', ')}; whole body ready: median ${fmt(complete.median)})`,
    },
    {
      id: 'extension.response-10mb.longest-task',
      label: `Longest main-thread task, ${mb} MB JSON response`,
      value: round(longest.median),
      unit: 'ms',
      budget: { max: 200, text: 'no main-thread task over 200 ms' },
      note: `median of ${BIG_RUNS} runs of the longest 'longtask' entry from the click until the whole body is ready (runs: ${runs.map((r) => `${fmt(r.longestMs)} of ${r.longTasks} over 50 ms`).join('; ')}; before the first screen: ${runs.map((r) => fmt(r.longestBeforeShown)).join(', ')})`,
    },
  ];
}

// ---------------------------------------------------------------- 5. history at 10,000 entries

const SEED_HISTORY = `(async () => {
  const now = Date.now();
  const entries = [];
  for (let i = 0; i < ${HISTORY_ENTRIES}; i++) entries.push({
    id: 'bench-' + i, schema: 2, createdAt: now - i * 60000, pinned: false,
    request: { method: i % 3 ? 'GET' : 'POST', url: 'https://api.example.com/items/' + i, headers: [], body: { kind: 'none' }, auth: { kind: 'none' } },
    response: { status: i % 7 ? 200 : 500, statusText: '', timeMs: 10, size: 100 },
  });
  const result = await httpWorkbench.services.history.importEntries(entries);
  return result.added;
})()`;

async function history(ctx: Context): Promise<Figure[]> {
  await clearStorage(ctx);
  const seeder = await openPanel(ctx);
  const added = (await seeder.evaluate(SEED_HISTORY)) as number;
  await seeder.close();
  if (added !== HISTORY_ENTRIES) throw new Error(`importing ${HISTORY_ENTRIES} history entries added ${added}`);

  const opens: number[] = [];
  const lists: number[] = [];
  for (let i = 0; i < HISTORY_OPENS; i++) {
    // The history list belongs to the REST client: the workspace opened on it (a deep link).
    const page = await ctx.ext.browser.newPage();
    try {
      await page.goto(ctx.panelUrl.replace('#/converter', '#/rest-client'), { waitUntil: 'load' });
      await page.waitForFunction(
        `/^10,?000 entries$/.test(document.querySelector(${js(HISTORY_COUNT)})?.textContent.trim() ?? '')`,
        { timeout: 20_000 },
      );
      const mark = (await page.evaluate(
        `performance.getEntriesByName('history-listed')[0]?.startTime ?? -1`,
      )) as number;
      if (mark < 0) throw new Error('the panel set no "history-listed" performance mark');
      opens.push(mark);
      lists.push(
        (await page.evaluate(`(async () => {
          const start = performance.now();
          const { summaries } = await httpWorkbench.services.history.list();
          if (summaries.length !== ${HISTORY_ENTRIES}) throw new Error('list() returned ' + summaries.length);
          return performance.now() - start;
        })()`)) as number,
      );
    } finally {
      await page.close();
    }
  }
  const o = stats(opens);
  const l = stats(lists);
  return [
    {
      id: 'extension.history-10k.open',
      label: 'History list shown, 10,000 entries',
      value: round(o.median),
      unit: 'ms',
      budget: { max: 200, text: '10,000-entry history at most 200 ms' },
      note: `median of ${HISTORY_OPENS} fresh tabs: the page's own "history-listed" mark, from navigation start (p95 ${fmt(o.p95)})`,
    },
    {
      id: 'extension.history-10k.list',
      label: 'history.list() alone, 10,000 entries',
      value: round(l.median),
      unit: 'ms',
      note: `median of ${HISTORY_OPENS}, one call per fresh tab after its list was shown (p95 ${fmt(l.p95)})`,
    },
  ];
}

// ---------------------------------------------------------------- 6. a collection of 1,000 saved requests

const SEED_COLLECTION = `(async () => {
  const items = [];
  for (let i = 0; i < ${COLLECTION_REQUESTS}; i++) items.push({
    type: 'request', name: 'Request ' + i, inheritAuth: true, variables: [],
    request: { method: i % 3 ? 'GET' : 'POST', url: '{{base}}/items/' + i, headers: [{ enabled: true, name: 'Accept', value: 'application/json' }],
      body: i % 3 ? { kind: 'none' } : { kind: 'json', text: '{"n": ' + i + '}' }, auth: { kind: 'none' } },
  });
  const made = await httpWorkbench.services.collections.importCollections([
    { name: 'Bench collection', variables: [{ key: 'base', value: 'https://api.example.com', secret: false, enabled: true }], auth: null, items },
  ]);
  return made[0].children.length;
})()`;

/** Expands the collection from the keyboard and times it until its rows are on screen, painted. */
const EXPAND_COLLECTION = `(async () => {
  const row = [...document.querySelectorAll('[role="treeitem"]')].find((el) => el.textContent.includes('Bench collection'));
  if (!row) throw new Error('no collection row');
  row.focus();
  const start = performance.now();
  row.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
  for (;;) {
    await new Promise((r) => requestAnimationFrame(r));
    // The tree renders only the rows in view: its first request row, one of 1,000, is the sign.
    if (document.querySelector('[role="treeitem"][aria-level="2"][aria-setsize="${COLLECTION_REQUESTS}"]')) break;
    if (performance.now() - start > 10000) throw new Error('the rows never showed');
  }
  await new Promise((r) => requestAnimationFrame(r));
  return performance.now() - start;
})()`;

async function collections(ctx: Context): Promise<Figure[]> {
  await clearStorage(ctx);
  const seeder = await openPanel(ctx);
  const added = (await seeder.evaluate(SEED_COLLECTION)) as number;
  await seeder.close();
  if (added !== COLLECTION_REQUESTS) throw new Error(`importing ${COLLECTION_REQUESTS} requests added ${added}`);
  const opens: number[] = [];
  const fromNavigation: number[] = [];
  const expands: number[] = [];
  for (let i = 0; i < COLLECTION_OPENS; i++) {
    const page = await ctx.ext.browser.newPage();
    try {
      await page.setViewport({ width: 1280, height: 800 });
      await page.goto(ctx.panelUrl.replace('#/converter', '#/rest-client'), { waitUntil: 'load' });
      await page.waitForFunction(`performance.getEntriesByName('collections-listed').length > 0`, { timeout: 20_000 });
      const [requested, listed] = (await page.evaluate(
        `['collections-requested', 'collections-listed'].map((n) => performance.getEntriesByName(n)[0].startTime)`,
      )) as [number, number];
      opens.push(listed - requested);
      fromNavigation.push(listed);
      expands.push((await page.evaluate(EXPAND_COLLECTION)) as number);
    } finally {
      await page.close();
    }
  }
  await clearStorage(ctx);
  const o = stats(opens);
  const n = stats(fromNavigation);
  const e = stats(expands);
  return [
    {
      id: 'extension.collection-1k.open',
      label: 'Collections shown, 1,000 saved requests in one collection',
      value: round(o.median),
      unit: 'ms',
      budget: { max: 200, text: 'a 1,000-request collection opens in at most 200 ms' },
      note: `median of ${COLLECTION_OPENS} fresh tabs: from the REST client asking for the collections to the tree drawn ("collections-requested" to "collections-listed" marks; p95 ${fmt(o.p95)}); from navigation start, with the panel's own opening: median ${fmt(n.median)}`,
    },
    {
      id: 'extension.collection-1k.expand',
      label: 'Collection expanded, its 1,000 requests listed',
      value: round(e.median),
      unit: 'ms',
      budget: { max: 200, text: 'a 1,000-request collection opens in at most 200 ms' },
      note: `median of ${COLLECTION_OPENS}: Right arrow on the collection until its request rows are on screen and a frame painted (the tree renders only the rows in view; p95 ${fmt(e.p95)})`,
    },
  ];
}

// ---------------------------------------------------------------- 7. the live code view

const CODE_KEYSTROKES = 20;

/**
 * Types into the URL with the code view open and times each keystroke until
 * the code shows it and a frame is painted. The keystroke is a real input
 * event on the field, as typing gives.
 */
const CODE_KEYSTROKE = (i: number) => `(async () => {
  const url = document.querySelector('input[aria-label="URL"]');
  const code = () => document.querySelector('[aria-label="Request code"]')?.textContent ?? '';
  const marker = 'k${i}x';
  const start = performance.now();
  url.value = url.value + (url.value.includes('?') ? '&' : '?') + marker;
  url.dispatchEvent(new Event('input', { bubbles: true }));
  for (;;) {
    await new Promise((r) => requestAnimationFrame(r));
    if (code().includes(marker)) break;
    if (performance.now() - start > 5000) throw new Error('the code never showed the keystroke');
  }
  return performance.now() - start;
})()`;

async function codeView(ctx: Context): Promise<Figure[]> {
  const page = await ctx.ext.browser.newPage();
  try {
    await page.setViewport({ width: 1280, height: 800 });
    await page.goto(ctx.panelUrl.replace('#/converter', '#/rest-client'), { waitUntil: 'load' });
    await page.waitForSelector('input[aria-label="URL"]');
    await page.evaluate(`(() => {
      const url = document.querySelector('input[aria-label="URL"]');
      url.value = 'https://api.example.com/items';
      url.dispatchEvent(new Event('input', { bubbles: true }));
      [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Code').click();
    })()`);
    await page.waitForSelector('[aria-label="Request code"]', { timeout: 15_000 });
    const samples: number[] = [];
    for (let i = 0; i < CODE_KEYSTROKES; i++) samples.push((await page.evaluate(CODE_KEYSTROKE(i))) as number);
    const s = stats(samples);
    return [
      {
        id: 'extension.code-view.keystroke',
        label: 'Keystroke to code in the live code view (javascript-fetch)',
        value: round(s.median),
        unit: 'ms',
        budget: { max: 50, text: 'keystroke to code at most 50 ms' },
        note: `median of ${CODE_KEYSTROKES} edits of the URL, from the input event until the code shows it in a painted frame (p95 ${fmt(s.p95)})`,
      },
    ];
  } finally {
    await page.close();
  }
}

// ---------------------------------------------------------------- run

/** Figures standing for a measurement that failed: no value, so a budget check fails and the note says why. */
function failed(ids: { id: string; label: string; unit: Figure['unit']; budget?: Figure['budget'] }[], error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  return ids.map((f): Figure => ({ ...f, value: NaN, note: `not measured: ${message}` }));
}

async function measure(
  name: string,
  fallback: Parameters<typeof failed>[0],
  body: () => Promise<Figure[]>,
): Promise<Figure[]> {
  try {
    return await body();
  } catch (error) {
    console.error(`[extension bench] ${name} failed:`, error);
    return failed(fallback, error);
  }
}

/** Builds the Chrome extension when there is no build yet. */
function ensureBuild() {
  if (existsSync(`${DIST}/manifest.json`)) return;
  console.log(`No ${DIST}/manifest.json: building the Chrome extension first…`);
  execFileSync('npx', ['vite', 'build', '--mode', 'chrome'], { stdio: 'inherit' });
}

/** Runs every in-extension measurement in one browser and returns them as a section. */
/** The measurements, in the order they run; `npx tsx scripts/bench/extension.ts --only send,firefox-send` runs some. */
const PARTS = ['panel', 'keystroke', 'send', 'big', 'history', 'collections', 'code-view', 'firefox-send'] as const;
type Part = (typeof PARTS)[number];

export async function run(parts: readonly Part[] = PARTS): Promise<Section> {
  ensureBuild();
  const demo = await startDemoServer();
  let ext: LaunchedExtension | undefined;
  try {
    ext = await launchWithExtension(DIST);
    const ctx: Context = { ext, demo, panelUrl: `chrome-extension://${ext.extensionId}/panel/index.html#/converter` };
    await clearStorage(ctx);
    const figures: Figure[] = [];
    const skip = (part: Part) => !parts.includes(part);
    if (!skip('panel'))
      figures.push(
        ...(await measure(
          'panel open',
          [
            {
              id: 'extension.panel-open',
              label: 'Panel open to interactive',
              unit: 'ms',
              budget: { max: 150, text: 'panel open at most 150 ms' },
            },
          ],
          () => panelOpen(ctx),
        )),
      );
    for (const [id, label] of skip('keystroke')
      ? []
      : ([
          ['chrome-14-headers', 'typical command (14 headers)'],
          ['body-1mb', '1 MB command'],
        ] as const)) {
      figures.push(
        ...(await measure(
          `keystroke (${id})`,
          [{ id: `extension.keystroke.${id}`, label: `Keystroke to output: ${label}`, unit: 'ms' }],
          async () => [await keystroke(ctx, id, label)],
        )),
      );
    }
    if (!skip('send'))
      figures.push(
        ...(await measure('send vs fetch', sendFallback('extension.send-1kb', 'Chromium'), () => sendVersusFetch(ctx))),
      );
    if (!skip('big'))
      figures.push(
        ...(await measure(
          '10 MB response',
          [
            {
              id: 'extension.response-10mb.first-screen',
              label: 'Send to first screen of a 10 MB JSON body',
              unit: 'ms',
              budget: { max: 1000, text: '10 MB response first screen at most 1 s' },
            },
            {
              id: 'extension.response-10mb.longest-task',
              label: 'Longest main-thread task, 10 MB JSON response',
              unit: 'ms',
              budget: { max: 200, text: 'no main-thread task over 200 ms' },
            },
          ],
          () => bigResponse(ctx),
        )),
      );
    if (!skip('history'))
      figures.push(
        ...(await measure(
          'history',
          [
            {
              id: 'extension.history-10k.open',
              label: 'History list shown, 10,000 entries',
              unit: 'ms',
              budget: { max: 200, text: '10,000-entry history at most 200 ms' },
            },
          ],
          () => history(ctx),
        )),
      );
    if (!skip('collections'))
      figures.push(
        ...(await measure(
          'collections',
          [
            {
              id: 'extension.collection-1k.open',
              label: 'Collections shown, 1,000 saved requests in one collection',
              unit: 'ms',
              budget: { max: 200, text: 'a 1,000-request collection opens in at most 200 ms' },
            },
            {
              id: 'extension.collection-1k.expand',
              label: 'Collection expanded, its 1,000 requests listed',
              unit: 'ms',
              budget: { max: 200, text: 'a 1,000-request collection opens in at most 200 ms' },
            },
          ],
          () => collections(ctx),
        )),
      );
    if (!skip('code-view'))
      figures.push(
        ...(await measure(
          'code view',
          [
            {
              id: 'extension.code-view.keystroke',
              label: 'Keystroke to code in the live code view (javascript-fetch)',
              unit: 'ms',
              budget: { max: 50, text: 'keystroke to code at most 50 ms' },
            },
          ],
          () => codeView(ctx),
        )),
      );
    // Firefox after Chromium has closed: one browser at a time on a small machine.
    await ext.close();
    ext = undefined;
    if (!skip('firefox-send'))
      figures.push(
        ...(await measure('Firefox send vs fetch', sendFallback('extension.firefox.send-1kb', 'Firefox'), () =>
          firefoxSendVersusFetch(demo),
        )),
      );
    return { title: TITLE, figures };
  } finally {
    await ext?.close();
    await demo.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const onlyAt = process.argv.indexOf('--only');
  const only = onlyAt >= 0 ? (process.argv[onlyAt + 1] ?? '').split(',') : undefined;
  const unknown = only?.filter((part) => !(PARTS as readonly string[]).includes(part)) ?? [];
  if (unknown.length > 0) throw new Error(`Unknown part "${unknown.join(', ')}"; known: ${PARTS.join(', ')}`);
  run(only as Part[] | undefined)
    .then(async (section) => {
      const printer = new URL('./print.ts', import.meta.url);
      if (existsSync(printer)) {
        const { printSection } = (await import(printer.href)) as { printSection(section: Section): void };
        printSection(section);
      } else console.log(JSON.stringify(section, null, 2));
      console.log(`(extension: ${((Date.now() - started) / 1000).toFixed(1)} s)`);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
