import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { startDemoServer, type DemoServer, type RecordedRequest } from '../../scripts/lib/demo-server.ts';
import { launchWithExtension, type LaunchedExtension } from '../../scripts/lib/launch.ts';
import { listTargets } from '../../src/core/index.ts';
import { codeForRest } from '../../src/core/request-spec/code.ts';
import { watchDownloads } from '../support/page-tools.ts';
import { byRole, waitForText } from '../support/aria.ts';
import { runCurl } from '../support/run-curl.ts';
import { compareRequests, fromRecorded } from '../support/wire-compare.ts';

/**
 * The REST client's response view, driven through the real workspace against
 * the demo server's /fixtures/... routes: each body kind, hostile bodies that
 * must never run, a 10 MB JSON body that must never freeze the page, headers,
 * and "Copy as curl" / "Copy as code" checked against real curl.
 */

let demo: DemoServer;
let ext: LaunchedExtension;
let downloads: Awaited<ReturnType<typeof watchDownloads>>;
const origin = () => `chrome-extension://${ext.extensionId}`;

beforeAll(async () => {
  demo = await startDemoServer();
  ext = await launchWithExtension('dist/chrome');
  await ext.browser.defaultBrowserContext().overridePermissions(origin(), ['clipboard-read', 'clipboard-write']);
  downloads = await watchDownloads(ext.browser);
});

afterAll(async () => {
  await ext?.close();
  await demo?.close();
  downloads?.remove();
});

async function openRestClient(): Promise<Page> {
  const page = await ext.browser.newPage();
  await page.goto(`${origin()}/panel/index.html#/converter`);
  await (await byRole(page, 'link', 'REST Client')).click();
  await byRole(page, 'textbox', 'URL');
  return page;
}

async function setUrl(page: Page, url: string) {
  const field = await byRole(page, 'textbox', 'URL');
  await field.click({ count: 3 });
  await page.keyboard.press('Backspace');
  await field.type(url);
}

/** Sends a GET for this path and waits for the status line; returns its text. */
async function send(page: Page, path: string, status = /\b200 OK\b/): Promise<string> {
  await setUrl(page, `${demo.origin}${path}`);
  await (await byRole(page, 'button', 'Send')).click();
  return waitForText(page, 'status', 'Response status', status);
}

const bodyText = (page: Page) =>
  page.$eval('::-p-aria([name="Response body"][role="region"])', (el) => (el as HTMLElement).innerText);

async function clickToggle(page: Page, name: 'Pretty' | 'Raw') {
  const button = await page.waitForSelector(`::-p-aria([name="Body view"][role="group"]) ::-p-aria([name="${name}"])`);
  await button!.click();
  await page.waitForFunction(
    (label) =>
      [...document.querySelectorAll('[aria-label="Body view"] button')].some(
        (b) => b.textContent === label && b.getAttribute('aria-pressed') === 'true',
      ),
    {},
    name,
  );
}

const RAW_JSON =
  '{"id":12345678901234567890,"price":1.50,"name":"Caf\\u00e9 ☕","tags":["a","b"],' +
  '"nested":{"ok":true,"none":null,"empty":{},"list":[]}}';

describe('REST client response view (Chromium)', () => {
  it('shows JSON pretty (highlighted, numbers and escapes exactly as sent) and raw', async () => {
    const page = await openRestClient();
    const status = await send(page, '/fixtures/json');
    expect(status).toContain('Success: the body holds the result.');
    expect(status).toMatch(/\d+ ms/);
    expect(status).toContain('134 B');
    await page.waitForSelector(
      '::-p-aria([name="Response body"][role="region"]) pre.shiki span[style*="--shiki-light"]',
      {
        timeout: 15_000,
      },
    );
    expect(await bodyText(page)).toBe(
      [
        '{',
        '  "id": 12345678901234567890,',
        '  "price": 1.50,',
        '  "name": "Caf\\u00e9 ☕",',
        '  "tags": [',
        '    "a",',
        '    "b"',
        '  ],',
        '  "nested": {',
        '    "ok": true,',
        '    "none": null,',
        '    "empty": {},',
        '    "list": []',
        '  }',
        '}',
      ].join('\n'),
    );
    // A key and a value get different colours.
    const colours = await page.$$eval('[aria-label="Response body"] pre.shiki span[style]', (spans) =>
      Object.fromEntries(spans.map((s) => [s.textContent, (s as HTMLElement).style.getPropertyValue('--shiki-light')])),
    );
    expect(colours['"price"']).toBeTruthy();
    expect(colours['"a"']).toBeTruthy();
    expect(colours['"price"']).not.toBe(colours['"a"']);

    await clickToggle(page, 'Raw');
    await page.waitForFunction(
      (raw) => document.querySelector('[aria-label="Response body"]')?.textContent === raw,
      {},
      RAW_JSON,
    );
    expect(await page.$('[aria-label="Response body"] pre.shiki')).toBeNull();
    await clickToggle(page, 'Pretty');
    await page.waitForFunction(() =>
      document.querySelector('[aria-label="Response body"]')?.textContent?.startsWith('{  "id": 12345678901234567890'),
    );

    // Save body writes the bytes as received.
    const before = downloads.files();
    await (await byRole(page, 'button', 'Save body')).click();
    const saved = await downloads.next(before);
    expect(saved.name).toBe('json.json');
    expect(saved.bytes.toString('utf8')).toBe(RAW_JSON);
    await page.close();
  });

  it.each([
    ['/fixtures/xml', 'XML', '<item id="1">Red &amp; shoes</item>'],
    ['/fixtures/js', 'JavaScript', 'return a + b; // sum'],
    ['/fixtures/css', 'CSS', 'margin: 0 auto;'],
  ])('highlights %s as %s, as text', async (path, language, line) => {
    const page = await openRestClient();
    await send(page, path);
    await page.waitForSelector('[aria-label="Response body"] pre.shiki span[style*="--shiki-light"]', {
      timeout: 15_000,
    });
    const text = await bodyText(page);
    expect(text).toContain(line);
    expect(await page.$eval('.body-toolbar', (el) => (el as HTMLElement).innerText)).toContain(language);
    const distinctColours = await page.$$eval(
      '[aria-label="Response body"] pre.shiki span[style]',
      (spans) => new Set(spans.map((s) => (s as HTMLElement).style.getPropertyValue('--shiki-light'))).size,
    );
    expect(distinctColours).toBeGreaterThan(1);
    await page.close();
  });

  it('shows a hostile HTML body as text: nothing in it runs or reaches the page', async () => {
    const page = await openRestClient();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const snapshot = () =>
      page.evaluate(() => {
        const counts: Record<string, number> = {};
        // The history list gains an item (with its icons) for each send: it is our own markup, left out here.
        for (const tag of ['script', 'img', 'iframe', 'svg', 'object', 'embed', 'style', 'link', 'base', 'a', 'b']) {
          counts[tag] = [...document.getElementsByTagName(tag)].filter((el) => !el.closest('.history-sidebar')).length;
        }
        return {
          counts,
          title: document.title,
          head: document.head.innerHTML,
          header: document.querySelector('header')?.outerHTML ?? '',
          bodyDisplay: getComputedStyle(document.body).display,
          pwned: (window as { __pwned?: unknown }).__pwned ?? null,
        };
      });
    const before = await snapshot();
    await send(page, '/fixtures/hostile.html');
    await waitForText(
      page,
      'region',
      'Response body',
      /<script>window\.__pwned = "script"; alert\("script"\);<\/script>/,
    );
    const text = await bodyText(page);
    expect(text).toContain('<img src="x" onerror="window.__pwned = \'img\'; alert(\'img\')">');
    expect(text).toContain('<iframe srcdoc="<script>parent.__pwned = \'iframe\'</script>"></iframe>');
    expect(text).toContain('<a href="javascript:alert(1)">click</a> <b>bold</b> &lt;escaped&gt;');
    // Highlighted as HTML, still only text.
    await page.waitForSelector('[aria-label="Response body"] pre.shiki span[style]', { timeout: 15_000 });
    await new Promise((r) => setTimeout(r, 500));
    const after = await snapshot();
    expect(dialogs).toEqual([]);
    expect(after).toEqual(before);
    // The viewer holds text nodes inside its own rows only.
    const inside = await page.$$eval('[aria-label="Response body"] *', (els) => [
      ...new Set(els.map((el) => el.tagName.toLowerCase())),
    ]);
    expect(inside.sort()).toEqual(expect.arrayContaining(['div', 'pre']));
    expect(inside.every((tag) => ['div', 'pre', 'span', 'p'].includes(tag))).toBe(true);
    await page.close();
  });

  it('shows a hostile SVG image as an image that cannot run scripts', async () => {
    const page = await openRestClient();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await send(page, '/fixtures/hostile.svg');
    const img = await page.waitForSelector('::-p-aria([name="Response body"][role="region"]) img');
    await page.waitForFunction(
      (el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0,
      {},
      img,
    );
    expect(await img!.evaluate((el) => (el as HTMLImageElement).src)).toMatch(/^blob:chrome-extension:/);
    await waitForText(page, 'region', 'Response body', /20 × 10 px/);
    await clickToggle(page, 'Raw');
    await waitForText(page, 'region', 'Response body', /<script>window\.__pwned = "svg-script"; alert\(2\)<\/script>/);
    await new Promise((r) => setTimeout(r, 300));
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned ?? null)).toBeNull();
    await page.close();
  });

  it('shows an image response as an image with its dimensions', async () => {
    const page = await openRestClient();
    await send(page, '/fixtures/pixels.png');
    const img = await page.waitForSelector('::-p-aria([name="Response body"][role="region"]) img');
    await page.waitForFunction((el) => (el as HTMLImageElement).naturalWidth > 0, {}, img);
    const info = await img!.evaluate((el) => {
      const image = el as HTMLImageElement;
      return { src: image.src, width: image.naturalWidth, height: image.naturalHeight, alt: image.alt };
    });
    expect(info).toMatchObject({ width: 3, height: 2, alt: 'Image response (image/png)' });
    expect(info.src).toMatch(/^blob:chrome-extension:/);
    await waitForText(page, 'region', 'Response body', /image\/png · 81 B · 3 × 2 px \(shown ×16\)/);
    // Raw shows the bytes: the PNG signature.
    await clickToggle(page, 'Raw');
    await waitForText(
      page,
      'region',
      'Response body',
      /00000000 {2}89 50 4e 47 0d 0a 1a 0a {2}00 00 00 0d 49 48 44 52 {2}\|\.PNG\.\.\.\.\.\.\.\.IHDR\|/,
    );
    await page.close();
  });

  it('shows other binary as a hex preview of the first 4 KB with a Download button', async () => {
    const page = await openRestClient();
    await send(page, '/fixtures/binary');
    const text = await waitForText(page, 'region', 'Response body', /Binary body, 8\.0 KB/);
    expect(text).toContain('application/octet-stream');
    expect(text).toContain('the first 4.0 KB in hex');
    expect(text).toContain('00000000  00 01 02 03 04 05 06 07  08 09 0a 0b 0c 0d 0e 0f  |................|');
    expect(text).toContain('00000040  40 41 42 43 44 45 46 47  48 49 4a 4b 4c 4d 4e 4f  |@ABCDEFGHIJKLMNO|');
    const dump = await page.$eval('[aria-label="Hex dump"]', (el) => el.textContent ?? '');
    const lines = dump.split('\n');
    expect(lines).toHaveLength(256);
    expect(lines.at(-1)).toBe('00000ff0  f0 f1 f2 f3 f4 f5 f6 f7  f8 f9 fa fb fc fd fe ff  |................|');
    const before = downloads.files();
    await (await byRole(page, 'button', 'Download')).click();
    const saved = await downloads.next(before);
    expect(saved.name).toBe('binary.bin');
    expect([...saved.bytes]).toEqual(Array.from({ length: 8192 }, (_, i) => i & 0xff));
    await page.close();
  });

  // Its speed (first screen, longest main-thread task) is measured by the benchmark (npm run bench), not here.
  it('renders a 10 MB JSON body formatted and virtualised, highlighted wherever it is scrolled', async () => {
    const page = await openRestClient();
    await send(page, '/fixtures/large.json?mb=10');
    await page.waitForSelector('[aria-label="Response body"] .row', { timeout: 30_000 });
    // The whole body is formatted (no longer busy) and its first lines highlighted.
    await page.waitForSelector('.text-body[aria-label="Response body"]:not([aria-busy])', { timeout: 60_000 });
    await page.waitForSelector('[aria-label="Response body"] pre.shiki', { timeout: 30_000 });
    const firstRows = await page.$$eval('[aria-label="Response body"] .row', (rows) =>
      rows.slice(0, 5).map((r) => r.textContent),
    );
    expect(firstRows[1]).toMatch(/^ {2}"count": \d+,$/);
    expect(firstRows).toEqual(['{', firstRows[1], '  "records": [', '    {', '      "id": 0,']);
    const count = Number(firstRows[1]!.match(/\d+/)![0]);
    expect(count).toBeGreaterThan(50_000);
    // Only the rows in view are in the DOM.
    expect(await page.$$eval('[aria-label="Response body"] .row', (rows) => rows.length)).toBeLessThan(300);

    // Scroll to the middle and to the end: the rows there appear and get highlighted.
    for (const where of [0.5, 1]) {
      await page.$eval(
        '[aria-label="Response body"]',
        (el, at) => {
          el.scrollTop = (el.scrollHeight - el.clientHeight) * at;
        },
        where,
      );
      await page.waitForFunction(
        (at) => {
          const el = document.querySelector('[aria-label="Response body"]')!;
          const rows = [...el.querySelectorAll('.row')];
          const box = el.getBoundingClientRect();
          const inView = rows.filter((r) => {
            const b = r.getBoundingClientRect();
            return b.bottom > box.top && b.top < box.bottom;
          });
          return (
            inView.length > 5 &&
            inView.some((r) => r.querySelector('span[style]')) &&
            (at < 1 || inView.at(-1)!.textContent === '}')
          );
        },
        { timeout: 20_000 },
        where,
      );
    }
    const lastRows = await page.$$eval('[aria-label="Response body"] .row', (rows) =>
      rows.slice(-4).map((r) => r.textContent),
    );
    expect(lastRows).toEqual(['      "next": null', '    }', '  ]', '}']);
    // Each record is 11 lines, plus 5 lines around them.
    const lastLine = await page.$eval('[aria-label="Response body"] .row:last-child', (r) =>
      r.getAttribute('data-line'),
    );
    expect(Number(lastLine)).toBe(count * 11 + 5);

    await page.close();
  });

  it('lists response and request headers side by side, Set-Cookie lines included', async () => {
    const page = await openRestClient();
    // Room for the two header lists beside each other (the navigation rail and the history take width).
    await page.setViewport({ width: 1500, height: 800 });
    await send(page, '/fixtures/set-cookie');
    await (await byRole(page, 'tab', 'Headers')).click();
    const response = await waitForText(page, 'region', 'Response headers', /set-cookie/i);
    expect(response).toMatch(/set-cookie\tfixture=one; Path=\/; SameSite=Lax/i);
    expect(response).toMatch(/set-cookie\tother=two; Path=\/; HttpOnly; Max-Age=60/i);
    expect(response.toLowerCase()).toContain('content-type\tapplication/json; charset=utf-8');
    const request = await waitForText(page, 'region', 'Request headers', /Request headers/);
    expect(request).toMatch(/As sent on the wire|As requested/);
    // Side by side: the two regions share a row.
    const boxes = await page.$$eval('.headers-pane', (panes) =>
      panes.map((p) => {
        const b = p.getBoundingClientRect();
        return { top: b.top, left: b.left };
      }),
    );
    expect(boxes).toHaveLength(2);
    expect(boxes[0]!.top).toBe(boxes[1]!.top);
    expect(boxes[1]!.left).toBeGreaterThan(boxes[0]!.left);
    await page.close();
  });

  it('shows the response at once with the wire view pending, then fills it in from the browser’s report, or says it never came', async () => {
    const page = await openRestClient();
    // The page holds the browser's report back until the test lets it go, as when it comes after the response.
    await page.evaluate(`(() => {
      const services = httpWorkbench.services;
      const original = services.sendRequest;
      const held = (window.__held = []);
      services.sendRequest = async (request, options, onWireReport) => {
        const late = [];
        const response = await original(request, options, (report) => late.push(report));
        const report = response.requestHeadersSource === 'wire'
          ? { requestHeaders: response.requestHeaders, headers: response.headers, notices: [] }
          : undefined;
        held.push({ report, late, onWireReport });
        return {
          ...response,
          requestHeadersSource: 'pending',
          requestHeaders: request.headers,
          headers: response.headers.filter((h) => h.name.toLowerCase() !== 'set-cookie'),
        };
      };
      window.__release = (comes) => {
        const { report, late, onWireReport } = held.shift();
        onWireReport(comes ? (report ?? late[0]) : { notices: [] });
      };
    })()`);
    await send(page, '/fixtures/set-cookie');
    await (await byRole(page, 'tab', 'Headers')).click();
    const busy = (name: string) =>
      page.$eval(`::-p-aria([name="${name}"][role="region"])`, (el) => el.getAttribute('aria-busy'));
    let request = await waitForText(page, 'region', 'Request headers', /As requested, for now/);
    expect(request).not.toMatch(/user-agent/i);
    let response = await waitForText(page, 'region', 'Response headers', /Set-Cookie lines come with/);
    expect(response).not.toMatch(/set-cookie\t/i);
    expect(await busy('Request headers')).toBe('true');
    expect(await busy('Response headers')).toBe('true');

    await page.evaluate('window.__release(true)');
    request = await waitForText(page, 'region', 'Request headers', /As sent on the wire/);
    expect(request).toMatch(/user-agent/i);
    response = await waitForText(page, 'region', 'Response headers', /fixture=one/);
    expect(response).toMatch(/set-cookie\tother=two; Path=\/; HttpOnly; Max-Age=60/i);
    expect(response).not.toMatch(/come with/);
    expect(await busy('Request headers')).toBeNull();

    await (await byRole(page, 'button', 'Send')).click();
    await waitForText(page, 'region', 'Request headers', /As requested, for now/);
    await page.evaluate('window.__release(false)');
    await waitForText(page, 'region', 'Request headers', /Not reported by the browser/);
    expect(await busy('Request headers')).toBeNull();
    await page.close();
  });

  it('keeps the shown response while a new answer is quick, and marks it stale (with Cancel) once it is not', async () => {
    const page = await openRestClient();
    await send(page, '/fixtures/json');
    await setUrl(page, `${demo.origin}/slow?ms=1500&stale=1`);
    // When the last response turns stale, measured in the page from the click.
    await page.evaluate(`(() => {
      const area = document.querySelector('.response-area');
      const button = document.querySelector('form[aria-label="Request"] button[type="submit"]');
      button.addEventListener('click', () => {
        const clicked = performance.now();
        const observer = new MutationObserver(() => {
          if (!area.querySelector('.response-stale')) return;
          window.__staleAfter = performance.now() - clicked;
          observer.disconnect();
        });
        observer.observe(area, { subtree: true, attributes: true, childList: true });
      }, { once: true, capture: true });
    })()`);
    await (await byRole(page, 'button', 'Send')).click();
    await byRole(page, 'button', 'Cancel');
    expect(await page.$eval('.response-stale', (el) => el.getAttribute('aria-hidden'))).toBe('true');
    // At first the last response stayed as it was: a quick answer would have replaced it without a frame between.
    expect(await page.evaluate('window.__staleAfter')).toBeGreaterThanOrEqual(90);
    await byRole(page, 'button', 'Send', 10_000);
    expect(await page.$('.response-stale')).toBeNull();
    expect(await page.$eval('[data-exchange] [aria-label="Response status"]', (el) => el.textContent)).toMatch(/200/);
    await page.close();
  });

  describe('copy the request', () => {
    let copied = '';
    let sent: RecordedRequest | undefined;
    const target = '/echo?q=a%20b&amp=%26&plus=%2B&t=caf%C3%A9';
    const body = `{"name": "Blue shoes", "note": "it's $(id) \`uname\` \\\\ done"}`;
    const traceValue = `it's "quoted" $HOME \`id\` ; & |`;

    it('"Copy as curl" gives a command that, run by real curl, sends the same request', async () => {
      const page = await openRestClient();
      await (await byRole(page, 'combobox', 'Method')).select('POST');
      await setUrl(page, `${demo.origin}${target}`);
      await (await byRole(page, 'tab', 'Request headers')).click();
      await (await byRole(page, 'button', 'Add header')).click();
      const names = await page.$$('::-p-aria([name="Header name"][role="textbox"])');
      const values = await page.$$('::-p-aria([name="Header value"][role="textbox"])');
      await names.at(-1)!.type('X-Trace');
      await values.at(-1)!.type(traceValue);
      await (await byRole(page, 'tab', 'Request body')).click();
      await (await byRole(page, 'combobox', 'Body type')).select('json');
      const bodyField = await byRole(page, 'textbox', 'Body');
      await bodyField.click();
      await page.evaluate((text) => {
        const area = document.querySelector('textarea[aria-label="Body"]') as HTMLTextAreaElement;
        area.value = text;
        area.dispatchEvent(new Event('input', { bubbles: true }));
      }, body);
      const before = demo.requests.length;
      await (await byRole(page, 'button', 'Send')).click();
      await waitForText(page, 'status', 'Response status', /\b200 OK\b/);
      sent = demo.requests.slice(before).find((r) => r.target === target);
      expect(sent).toBeDefined();

      await (await byRole(page, 'button', 'Copy as curl')).click();
      await page.waitForFunction(() => document.body.textContent?.includes('Copied the curl command.'));
      copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toMatch(/^curl /);
      expect(copied).toContain(`${demo.origin}${target}`);

      const [byCurl] = await runCurl(copied, demo);
      expect(byCurl).toBeDefined();
      // What the user set is compared strictly; headers only the browser adds (Origin, Sec-Fetch-*...) are not
      // part of the request the user wrote.
      const userSet = new Set(['x-trace', 'content-type']);
      const ownHeaders = (r: RecordedRequest) => ({
        ...fromRecorded(r),
        headers: fromRecorded(r).headers.filter(([name]) => userSet.has(name.toLowerCase())),
      });
      const comparison = compareRequests(ownHeaders(sent!), fromRecorded(byCurl!), { userSet });
      expect(comparison.differences).toEqual([]);
      expect(byCurl!.method).toBe('POST');
      expect(byCurl!.target).toBe(target);
      expect(byCurl!.body.toString('utf8')).toBe(body);
      expect(byCurl!.rawHeaders).toContainEqual(['X-Trace', traceValue]);
      await page.close();
    });

    it('"Copy as code" puts the chosen target\'s code on the clipboard, from the request\'s spec', async () => {
      expect(copied).not.toBe('');
      const page = await openRestClient();
      await (await byRole(page, 'combobox', 'Method')).select('POST');
      await setUrl(page, `${demo.origin}${target}`);
      await (await byRole(page, 'tab', 'Request headers')).click();
      await (await byRole(page, 'button', 'Add header')).click();
      await (await page.$$('::-p-aria([name="Header name"][role="textbox"])')).at(-1)!.type('X-Trace');
      await (await page.$$('::-p-aria([name="Header value"][role="textbox"])')).at(-1)!.type(traceValue);
      await (await byRole(page, 'tab', 'Request body')).click();
      await (await byRole(page, 'combobox', 'Body type')).select('json');
      await page.evaluate((text) => {
        const area = document.querySelector('textarea[aria-label="Body"]') as HTMLTextAreaElement;
        area.value = text;
        area.dispatchEvent(new Event('input', { bubbles: true }));
      }, body);
      await (await byRole(page, 'button', 'Send')).click();
      await waitForText(page, 'status', 'Response status', /\b200 OK\b/);

      for (const id of ['python-requests', 'go-net-http']) {
        const info = listTargets().find((t) => t.id === id)!;
        await (await byRole(page, 'button', 'Copy as code')).click();
        const item = await byRole(page, 'menuitem', info.title);
        await item.click();
        await page.waitForFunction(
          (title) => document.body.textContent?.includes(`Copied ${title} code`),
          {},
          info.title,
        );
        const code = await page.evaluate(() => navigator.clipboard.readText());
        // From the request as written (its spec), not through curl text.
        const written = {
          draft: {
            method: 'POST',
            url: `${demo.origin}${target}`,
            headers: [{ enabled: true, name: 'X-Trace', value: traceValue }],
            body: { kind: 'json' as const, text: body },
            auth: { kind: 'none' as const },
          },
          followRedirects: false,
        };
        expect(code).toBe(codeForRest(written, id).code);
        expect(code).toContain(`${demo.origin}${target}`);
        expect(code).toContain('X-Trace');
      }
      expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('http.NewRequest(');
      // The menu lists every converter target and closes with Escape.
      await (await byRole(page, 'button', 'Copy as code')).click();
      const items = await page.$$eval('[role="menu"] [role="menuitem"]', (els) => els.map((el) => el.textContent));
      expect(items).toEqual(listTargets().map((t) => t.title));
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('[role="menu"]'));
      await page.close();
    });
  });
});
