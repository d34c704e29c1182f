import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { startDemoServer, type DemoServer } from '../../scripts/lib/demo-server.ts';
import { launchWithExtension, type LaunchedExtension } from '../../scripts/lib/launch.ts';
import { byRole, waitForText } from '../support/aria.ts';
import { closedPort } from '../support/ports.ts';
import { openPanel } from '../support/devtools.ts';

let demo: DemoServer;
let ext: LaunchedExtension;
const workspaceUrl = () => `chrome-extension://${ext.extensionId}/panel/index.html`;

beforeAll(async () => {
  demo = await startDemoServer();
  ext = await launchWithExtension('dist/chrome', { extraExtensions: ['tests/fixtures/foreign-extension'] });
});

afterAll(async () => {
  await ext?.close();
  await demo?.close();
});

async function openWorkspace(): Promise<Page> {
  const page = await ext.browser.newPage();
  await page.goto(workspaceUrl());
  await byRole(page, 'link', 'Converter');
  return page;
}

async function sendFromRestClient(page: Page, url: string) {
  await (await byRole(page, 'link', 'REST Client')).click();
  const field = await byRole(page, 'textbox', 'URL');
  await field.click({ count: 3 });
  await field.type(url);
  await (await byRole(page, 'button', 'Send')).click();
}

describe('Chrome build', () => {
  it('sends a request from the REST Client tab through the background and shows the response', async () => {
    const page = await openWorkspace();
    expect(await page.evaluate(() => document.title)).toBe('HTTP Workbench');
    await sendFromRestClient(page, `${demo.origin}/echo?from=e2e&word=a%20b`);
    const status = await waitForText(page, 'status', 'Response status', /\b200 OK\b/);
    expect(status).toMatch(/\d+ ms/);
    const body = await waitForText(page, 'region', 'Response body', /"target"/);
    expect(body).toContain('/echo?from=e2e&word=a%20b');
    await (await byRole(page, 'tab', 'Headers')).click();
    const headers = await page.$eval('table[aria-label="Response headers"]', (el) => (el as HTMLElement).innerText);
    expect(headers.toLowerCase()).toContain('content-type\tapplication/json; charset=utf-8');
    await page.close();
  });

  it('the server saw exactly the request the user sent', () => {
    const seen = demo.requests.find((r) => r.target.startsWith('/echo?from=e2e'));
    expect(seen).toBeDefined();
    expect(seen!.method).toBe('GET');
    expect(seen!.target).toBe('/echo?from=e2e&word=a%20b');
    // Sent from the extension's origin with no page cookies: credentials are omitted.
    const names = seen!.rawHeaders.map(([name]) => name.toLowerCase());
    expect(names).not.toContain('cookie');
  });

  it('shows a clear message for a URL without a protocol and for a refused connection', async () => {
    const page = await openWorkspace();
    await sendFromRestClient(page, 'example.com/items');
    const hint = await page.waitForSelector('::-p-aria([role="alert"])');
    expect(await hint!.evaluate((el) => el.textContent)).toContain('needs a protocol');
    const port = await closedPort();
    await sendFromRestClient(page, `http://127.0.0.1:${port}/nothing`);
    await page.waitForFunction(() =>
      document.querySelector('.request-error')?.textContent?.includes('Could not reach'),
    );
    const message = await page.$eval('.request-error', (el) => el.textContent);
    expect(message).toContain(`http://127.0.0.1:${port}`);
    await page.close();
  });

  it('refuses messages from an ordinary web page and from another extension', async () => {
    const before = demo.requests.length;
    const page = await ext.browser.newPage();
    await page.goto(`${demo.origin}/`);
    const fromPage = await page.evaluate(
      async (id, url) => {
        type SendMessage = (id: string, message: unknown) => Promise<unknown>;
        const runtime = (globalThis as { chrome?: { runtime?: { sendMessage?: SendMessage } } }).chrome?.runtime;
        if (!runtime?.sendMessage) return 'no extension messaging available to the page';
        try {
          await runtime.sendMessage(id, {
            protocol: 'http-workbench/1',
            kind: 'sendRequest',
            args: [{ method: 'GET', url, headers: [] }, { timeoutMs: 5000 }],
          });
          return 'delivered';
        } catch (error) {
          return `refused: ${(error as Error).message}`;
        }
      },
      ext.extensionId,
      `${demo.origin}/echo?from=web-page`,
    );
    expect(fromPage).not.toBe('delivered');

    const foreignTarget = await ext.browser.waitForTarget(
      (t) => t.type() === 'service_worker' && t.url().endsWith('/worker.js'),
    );
    const foreign = (await foreignTarget.worker())!;
    const outcome = await foreign.evaluate(
      (id, url) =>
        (globalThis as unknown as { tryWorkbench: (id: string, url: string) => Promise<unknown> }).tryWorkbench(
          id,
          url,
        ),
      ext.extensionId,
      `${demo.origin}/echo?from=foreign-extension`,
    );
    expect(outcome).toMatchObject({ delivered: false });
    await new Promise((r) => setTimeout(r, 300));
    expect(demo.requests.slice(before).some((r) => r.target.includes('from='))).toBe(false);
    await page.close();
  });

  it('shows the HTTP Workbench panel inside the real DevTools', async () => {
    const page = await ext.browser.newPage();
    await page.goto(`${demo.origin}/`);
    const { panel: panelFrame } = await openPanel(ext, page);
    // The workspace's tools, from the registry.
    await panelFrame.waitForSelector('nav[aria-label="Tools"] a .nav-title');
    const tools = await panelFrame.$$eval('nav[aria-label="Tools"] a .nav-title', (els) =>
      els.map((el) => el.textContent),
    );
    // Inside DevTools the inspected page's requests get a tool of their own.
    expect(tools).toEqual([
      'REST Client',
      'Converter',
      'WebSocket',
      'Captured',
      'OpenAPI',
      'Mock API',
      'JSON Tools',
      'Fake Data',
      'Status Codes',
      'Compose',
    ]);
    await page.close();
  });

  it('persists the theme setting from the options page and the panel applies it', async () => {
    const options = await ext.browser.newPage();
    await options.goto(`chrome-extension://${ext.extensionId}/options/index.html`);
    await (await byRole(options, 'radio', 'Dark')).click();
    await waitForText(options, 'status', '', /Saved/).catch(() =>
      options.waitForFunction(() => document.querySelector('[role="status"]')?.textContent === 'Saved.'),
    );
    await options.reload();
    await options.waitForFunction(
      () => (document.querySelector('input[value="dark"]') as HTMLInputElement | null)?.checked === true,
    );
    const stored = await ext.worker.evaluate(() => chrome.storage.local.get('settings'));
    expect(stored).toMatchObject({ settings: { theme: 'dark' } });

    const panel = await openWorkspace();
    await panel.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    const background = await panel.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(13, 17, 23)');

    // A change saved while the panel is open applies at once.
    await options.bringToFront();
    await (await byRole(options, 'radio', 'Light')).click();
    // The panel is a background tab now, where requestAnimationFrame polling stalls.
    await panel.waitForFunction(() => document.documentElement.dataset.theme === 'light', { polling: 100 });
    await options.close();
    await panel.close();
  });

  it('the toolbar popup opens the workspace in a tab', async () => {
    const popup = await ext.browser.newPage();
    await popup.goto(`chrome-extension://${ext.extensionId}/popup/index.html`);
    const opened = ext.browser.waitForTarget((t) => t.type() === 'page' && t.url() === workspaceUrl(), {
      timeout: 10_000,
    });
    await (await byRole(popup, 'button', 'Open workspace')).click();
    const workspace = await (await opened).page();
    await workspace!.bringToFront();
    await byRole(workspace!, 'link', 'REST Client');
    await workspace!.close();
  });

  it('highlights a JSON response body with shiki and keeps its text intact', async () => {
    const page = await openWorkspace();
    await sendFromRestClient(page, `${demo.origin}/api/items?limit=1`);
    await waitForText(page, 'status', 'Response status', /\b200 OK\b/);
    await page.waitForSelector('[role="region"][aria-label="Response body"] pre.shiki span[style]', {
      timeout: 15_000,
    });
    const text = await page.$eval('[aria-label="Response body"]', (el) => el.textContent ?? '');
    expect(JSON.parse(text)).toEqual({ items: [{ id: 1, name: 'Red shoes', price: 39.9 }] });
    await page.close();
  });
});
