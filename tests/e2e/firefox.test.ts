import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startDemoServer, type DemoServer } from '../../scripts/lib/demo-server.ts';
import { launchFirefoxWithExtension, type LaunchedFirefox } from '../../scripts/lib/launch.ts';
import { expectConverterFits, LAYOUT_COMMAND, pasteCommand } from '../support/layout.ts';

let demo: DemoServer;
let firefox: LaunchedFirefox | undefined;
let workspace: Page;

beforeAll(async () => {
  demo = await startDemoServer();
});

afterAll(async () => {
  await firefox?.close();
  await demo?.close();
});

/** The test build's background opens the workspace on install (BiDi cannot navigate to moz-extension:). */
async function installAndFindWorkspace(): Promise<Page> {
  firefox = await launchFirefoxWithExtension('dist/firefox-e2e');
  return firefox.workspace;
}

/** The demo server's record of a request, once it has arrived (the status line may still show an earlier 200). */
async function arrival(target: string) {
  const seen = await vi.waitFor(
    () => {
      const found = demo.requests.find((r) => r.target === target);
      if (!found) throw new Error(`${target} has not reached the demo server`);
      return found;
    },
    { timeout: 20_000, interval: 100 },
  );
  return seen;
}

/** Waits until the REST client's URL box holds `part` (it is filled when the tool's view has loaded). */
async function urlHolds(page: Page, part: string) {
  await page.waitForFunction(
    (text) => (document.querySelector('input[aria-label="URL"]') as HTMLInputElement | null)?.value.includes(text),
    { polling: 100, timeout: 20_000 },
    part,
  );
}

describe('Firefox build', () => {
  it('loads and runs the REST client slice through the background', async () => {
    const page = await installAndFindWorkspace();
    workspace = page;
    const TOOL_LINKS = 'nav[aria-label="Tools"] a .nav-title';
    await page.waitForSelector(TOOL_LINKS);
    const tools = await page.$$eval(TOOL_LINKS, (els) => els.map((el) => el.textContent));
    expect(tools).toEqual([
      'REST Client',
      'Converter',
      'WebSocket',
      'OpenAPI',
      'Mock API',
      'JSON Tools',
      'Fake Data',
      'Status Codes',
      'Compose',
    ]);

    await page.click('a[href="#/rest-client"]');
    // The REST client's view loads when it is first opened.
    await page.waitForSelector('input[aria-label="URL"]');
    await page.type('input[aria-label="URL"]', `${demo.origin}/echo?from=firefox`);
    await page.click('button[type="submit"]');
    await page.waitForFunction(
      () => document.querySelector('[aria-label="Response status"]')?.textContent?.includes('200 OK'),
      { polling: 100, timeout: 20_000 },
    );
    const seen = demo.requests.find((r) => r.target === '/echo?from=firefox');
    expect(seen?.method).toBe('GET');
  });

  it('converts a pasted command in the worker and opens it in the REST client', async () => {
    const page = workspace;
    await page.click('a[href="#/converter"]');
    await page.waitForSelector('textarea[aria-label="curl command"]');
    await page.type(
      'textarea[aria-label="curl command"]',
      `curl '${demo.origin}/echo?from=firefox-converter' -H 'X-A: 1'`,
    );
    await page.waitForFunction(
      () => document.querySelector('pre.code-view')?.textContent?.includes('from=firefox-converter'),
      { polling: 100, timeout: 20_000 },
    );
    await page.click('.output-actions button:nth-child(3)');
    await page.waitForFunction(
      () => document.querySelector('a[href="#/rest-client"]')?.getAttribute('aria-current') === 'page',
      {
        polling: 100,
      },
    );
    await urlHolds(page, 'from=firefox-converter');
    await page.click('button[type="submit"]');
    // The status line still shows the first test's 200: wait for this request at the server.
    const seen = await arrival('/echo?from=firefox-converter');
    expect(seen?.rawHeaders.map(([n, v]) => [n.toLowerCase(), v])).toContainEqual(['x-a', '1']);
  });

  it('the converter fits both docks: no page scrolling at 1280×330, the code on the first screen at 450×900', async () => {
    const page = workspace;
    await page.click('a[href="#/converter"]');
    await page.waitForSelector('textarea[aria-label="curl command"]');
    const viewport = page.viewport();
    try {
      await pasteCommand(page, LAYOUT_COMMAND, 'API_TOKEN');
      await expectConverterFits(page);
    } finally {
      if (viewport) await page.setViewport(viewport);
    }
  });

  it('navigates by link, deep link and the command palette, keyboard only', async () => {
    const page = workspace;
    const shown = () =>
      page.evaluate(() => ({
        current: document.querySelector('nav[aria-label="Tools"] a[aria-current="page"] .nav-title')?.textContent,
        region: document.querySelector('main > section:not([hidden])')?.getAttribute('aria-label'),
        hash: location.hash,
      }));
    // A deep link applies on hashchange and survives a reload.
    await page.evaluate(() => (location.hash = '#/rest-client'));
    await page.waitForFunction(
      () => document.querySelector('main > section:not([hidden])')?.getAttribute('aria-label') === 'REST Client',
      { polling: 100 },
    );
    // A mark on the old document tells it apart from the reloaded one.
    await page.evaluate(() => {
      (window as unknown as { beforeReload?: boolean }).beforeReload = true;
      location.reload();
    });
    await page.waitForFunction(
      () =>
        !(window as unknown as { beforeReload?: boolean }).beforeReload &&
        document.querySelector('main > section:not([hidden])')?.getAttribute('aria-label') === 'REST Client',
      { polling: 100, timeout: 20_000 },
    );
    expect(await shown()).toEqual({ current: 'REST Client', region: 'REST Client', hash: '#/rest-client' });
    // Ctrl+K, type, Enter (from the REST client's URL box, once its view has loaded).
    const url = 'main > section[aria-label="REST Client"] input[aria-label="URL"]';
    await page.waitForSelector(url, { timeout: 20_000 });
    await page.focus(url);
    await page.keyboard.down('Control');
    await page.keyboard.press('k');
    await page.keyboard.up('Control');
    await page.waitForSelector('[role="dialog"][aria-label="Command palette"] input[role="combobox"]');
    await page.keyboard.type('convert curl');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'curl command', {
      polling: 100,
    });
    expect(await shown()).toMatchObject({ current: 'Converter', region: 'Converter' });
    expect(await page.$('[role="dialog"]')).toBeNull();
  });

  it('Status Codes: finds 429 by words, opens a code by deep link, and the REST client hands a status over', async () => {
    const page = workspace;
    await page.click('a[href="#/status-codes"]');
    await page.waitForSelector('input[aria-label="Search status codes"]');
    await page.type('input[aria-label="Search status codes"]', 'too many');
    await page.waitForFunction(
      () =>
        document
          .querySelector('[role="listbox"][aria-label="Status codes"] [role="option"]')
          ?.textContent?.includes('429'),
      { polling: 100 },
    );
    await page.evaluate(() => (location.hash = '#/status-codes?code=499'));
    await page.waitForFunction(() => document.querySelector('#sc-detail-title')?.textContent?.includes('499'), {
      polling: 100,
    });
    expect(await page.$eval('.sc-detail', (el) => el.textContent)).toMatch(/nginx/i);
    // The REST client's status code opens its entry.
    await page.click('a[href="#/rest-client"]');
    await page.focus('input[aria-label="URL"]');
    await page.keyboard.down('Control');
    await page.keyboard.press('a');
    await page.keyboard.up('Control');
    await page.keyboard.type(`${demo.origin}/status?code=404`);
    await page.click('button[type="submit"]');
    await page.waitForSelector('button[aria-label="About status 404"]', { timeout: 20_000 });
    await page.click('button[aria-label="About status 404"]');
    await page.waitForFunction(
      () => document.querySelector('#sc-detail-title')?.textContent?.includes('404 Not Found'),
      {
        polling: 100,
      },
    );
    expect(await page.evaluate(() => location.hash)).toBe('#/status-codes?code=404');
  });

  it('Compose turns pasted docker run commands into a valid Compose file with warnings', async () => {
    const page = workspace;
    await page.evaluate(() => (location.hash = '#/compose'));
    await page.waitForSelector('#compose-commands');
    await page.evaluate(() => {
      const area = document.querySelector<HTMLTextAreaElement>('#compose-commands')!;
      area.value =
        "docker run -d --name web -p 22:22 \\\n  -e 'PRICE=$5' nginx:alpine\ndocker run --rm --gpus all ollama/ollama";
      area.dispatchEvent(new InputEvent('input', { bubbles: true }));
    });
    await page.waitForFunction(
      () => document.querySelector('pre[aria-label="compose.yaml"]')?.textContent?.includes('ollama/ollama'),
      { polling: 100, timeout: 20_000 },
    );
    const text = await page.$eval('pre[aria-label="compose.yaml"]', (el) => el.textContent ?? '');
    expect(text).toContain('  web:\n    image: nginx:alpine\n    container_name: web\n');
    expect(text).toContain('PRICE: $$5');
    expect(text).toContain('- "22:22"');
    expect(text).toContain('- count: all');
    expect(await page.$eval('[aria-label="Schema validation"]', (el) => el.textContent)).toContain(
      'Valid against the Compose Specification schema',
    );
    const warnings = await page.$$eval('ul[aria-label="Warnings"] li', (els) => els.map((el) => el.textContent ?? ''));
    expect(warnings.map((w) => w.split(' ')[0])).toEqual(['1:12', '3:12']);
  });

  it('JSON Tools formats with exact numbers, evaluates JSONPath and stops a runaway JSONata query in its worker', async () => {
    const page = workspace;
    await page.evaluate(() => (location.hash = '#/json-tools'));
    await page.waitForSelector('#jt-text');
    const setText = (selector: string, value: string) =>
      page.evaluate(
        (sel, text) => {
          const area = document.querySelector<HTMLTextAreaElement | HTMLInputElement>(sel)!;
          area.value = text;
          area.dispatchEvent(new InputEvent('input', { bubbles: true }));
        },
        selector,
        value,
      );
    await setText('#jt-text', '{"id": 12345678901234567890, "items": [{"n": 1.10}, {"n": 2}]}');
    await page.waitForFunction(
      () =>
        document
          .querySelector('[aria-label="Formatted document"]')
          ?.textContent?.includes('"id": 12345678901234567890,'),
      { polling: 100, timeout: 20_000 },
    );
    await page.click('#jt-tab-path');
    await page.waitForSelector('#jt-selector');
    await setText('#jt-selector', '$.items[?@.n > 1].n');
    await page.waitForFunction(
      () => document.querySelector('ul[aria-label="Matches"]')?.textContent?.includes("$['items'][1]['n']"),
      {
        polling: 100,
        timeout: 20_000,
      },
    );
    await page.click('#jt-tab-query');
    await page.waitForSelector('#jt-expression');
    await page.select('#jt-panel-query select', 'jsonata');
    await setText('#jt-expression', '($f := function($x){ $f($x) }; $f(1))');
    await page.waitForFunction(
      () => document.querySelector('[aria-label="Query result"]')?.textContent?.includes('Stopped after 3 s'),
      {
        polling: 100,
        timeout: 20_000,
      },
    );
    await setText('#jt-expression', '$sum(items.n)');
    await page.waitForFunction(
      () => document.querySelector('pre[aria-label="Result"]')?.textContent?.trim() === '3.1',
      {
        polling: 100,
        timeout: 20_000,
      },
    );
    // Syntax errors are marked at their place in the document box, on the line the box draws them.
    await page.click('#jt-tab-format');
    await setText('#jt-text', '{\n  "a": 1\n  "b": [1,]\n}');
    await page.waitForFunction(() => document.querySelectorAll('.jt-mark').length === 2, {
      polling: 100,
      timeout: 20_000,
    });
    const marks = await page.$$eval('.jt-mark', (els) =>
      els.map((el) => {
        const area = document.querySelector('#jt-text')!.getBoundingClientRect();
        return [el.getAttribute('aria-label'), Math.round(el.getBoundingClientRect().top - area.top)];
      }),
    );
    expect(marks.map(([name]) => name)).toEqual([
      'Syntax error, line 3, column 3: Comma expected',
      'Syntax error, line 3, column 10: Trailing comma',
    ]);
    // Border and padding (7 px), two 18 px lines; an inline box sits a few pixels inside its line.
    for (const [, top] of marks) expect(Math.abs((top as number) - (7 + 2 * 18))).toBeLessThanOrEqual(3);
  });

  it('OpenAPI: locates the problems of a pasted spec in its worker, selects one, and Try it reaches the server', async () => {
    const page = workspace;
    await page.evaluate(() => (location.hash = '#/openapi'));
    await page.waitForSelector('#openapi-text');
    const spec = (extra: string) =>
      `openapi: 3.0.3\ninfo: {title: t, version: '1'}\nservers: [{url: '${demo.origin}'}]\npaths:\n  /echo:\n    get:\n      parameters:\n        - {name: from, in: query, required: true, schema: {type: string}, example: firefox-openapi}\n      responses:\n        '200':\n          ${extra}: ok\n`;
    const paste = (text: string) =>
      page.evaluate((value) => {
        const area = document.querySelector<HTMLTextAreaElement>('#openapi-text')!;
        area.value = value;
        area.dispatchEvent(new InputEvent('input', { bubbles: true }));
      }, text);
    await paste(spec('descripton'));
    await page.waitForFunction(() => document.querySelectorAll('.openapi-problems li').length === 2, {
      polling: 100,
      timeout: 20_000,
    });
    const problems = await page.$$eval('.openapi-problems li', (els) => els.map((el) => el.textContent ?? ''));
    expect(problems.map((p) => p.split(' ')[0])).toEqual(['10:9', '11:11']);
    await page.click('.openapi-problems li:nth-child(2) button');
    expect(
      await page.$eval('#openapi-text', (el) => {
        const area = el as HTMLTextAreaElement;
        return area.value.slice(area.selectionStart, area.selectionEnd);
      }),
    ).toBe('descripton');
    await paste(spec('description'));
    await page.waitForFunction(() => document.querySelector('.openapi-ok') !== null, { polling: 100, timeout: 20_000 });
    await page.click('button[aria-label="Try GET /echo"]');
    await page.waitForFunction(
      () =>
        (document.querySelector('input[aria-label="URL"]') as HTMLInputElement | null)?.value.includes(
          'firefox-openapi',
        ),
      { polling: 100 },
    );
    await page.click('button[type="submit"]');
    expect((await arrival('/echo?from=firefox-openapi')).method).toBe('GET');
  });

  it('Mock API mocks a schema by seed; every value validates', async () => {
    const page = workspace;
    await page.evaluate(() => (location.hash = '#/mock-api'));
    await page.waitForSelector('#mock-schema');
    await page.evaluate(() => {
      const area = document.querySelector<HTMLTextAreaElement>('#mock-schema')!;
      area.value = JSON.stringify({
        type: 'object',
        required: ['id', 'email', 'code'],
        properties: {
          id: { type: 'string', format: 'uuid' },
          email: { type: 'string', format: 'email' },
          code: { type: 'string', pattern: '^[A-Z]{2}-\\d{3}$' },
        },
      });
      area.dispatchEvent(new InputEvent('input', { bubbles: true }));
    });
    await page.waitForSelector('pre[aria-label="Mock values"]', { timeout: 20_000 });
    const value = JSON.parse(await page.$eval('pre[aria-label="Mock values"]', (el) => el.textContent ?? '')) as {
      id: string;
      email: string;
      code: string;
    };
    expect(value.id).toMatch(/^[0-9a-f]{8}-/);
    expect(value.email).toContain('@');
    expect(value.code).toMatch(/^[A-Z]{2}-\d{3}$/);
    expect(await page.$eval('[aria-label="Validation"]', (el) => el.textContent)).toContain('seed 1');
  });

  it('Fake Data generates rows in its module worker, with a locale loaded on demand', async () => {
    const page = workspace;
    await page.evaluate(() => (location.hash = '#/fake-data'));
    await page.waitForFunction(
      () => document.querySelectorAll('[aria-label="Preview of the first rows"] tbody tr').length === 10,
      { polling: 100, timeout: 20_000 },
    );
    await page.select('#fake-locale', 'fr');
    await page.evaluate(() => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Generate')!;
      button.click();
    });
    await page.waitForSelector('pre[aria-label="Generated data"]', { timeout: 30_000 });
    expect(await page.evaluate(() => document.body.textContent?.includes('1,000 rows, seed 1.'))).toBe(true);
    const start = await page.$eval('pre[aria-label="Generated data"]', (el) => el.textContent ?? '');
    expect(start.startsWith('[\n  {"id":1,')).toBe(true);
  });

  it('the popup page converts a command (reached by navigating from the workspace)', async () => {
    const page = workspace;
    // BiDi refuses page.goto to moz-extension: URLs, but the page may navigate itself.
    await page.evaluate(() => {
      location.href = new URL('../popup/index.html', location.href).href;
    });
    await page.waitForFunction(() => location.pathname.endsWith('/popup/index.html'), { polling: 100 });
    await page.waitForSelector('textarea[aria-label="curl command"]');
    await page.type('textarea[aria-label="curl command"]', "curl -X PUT 'https://api.example.com/firefox-popup'");
    await page.waitForFunction(() => document.querySelector('pre.code-view')?.textContent?.includes('firefox-popup'), {
      polling: 100,
      timeout: 20_000,
    });
  });
});
