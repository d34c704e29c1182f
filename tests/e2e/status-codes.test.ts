import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../scripts/lib/demo-server.ts';
import { launchWithExtension, type LaunchedExtension } from '../../scripts/lib/launch.ts';
import { clickMenu } from '../support/menu.ts';
import { byRole } from '../support/aria.ts';

let demo: DemoServer;
let ext: LaunchedExtension;
const origin = () => `chrome-extension://${ext.extensionId}`;
const workspace = (hash = '') => `${origin()}/panel/index.html${hash}`;

beforeAll(async () => {
  demo = await startDemoServer();
  ext = await launchWithExtension('dist/chrome');
  await ext.browser.defaultBrowserContext().overridePermissions(origin(), ['clipboard-read', 'clipboard-write']);
});

afterAll(async () => {
  await ext?.close();
  await demo?.close();
});

/** The title of the code shown in the detail region. */
const detailTitle = (page: Page) =>
  page.$eval('#sc-detail-title', (el) => el.textContent?.replace(/\s+/g, ' ').trim() ?? '').catch(() => '');

async function waitForDetail(page: Page, pattern: RegExp) {
  await page.waitForFunction(
    (source) =>
      new RegExp(source).test(document.querySelector('#sc-detail-title')?.textContent?.replace(/\s+/g, ' ') ?? ''),
    { timeout: 10_000 },
    pattern.source,
  );
}

const optionTitles = (page: Page) =>
  page.$$eval('[role="listbox"][aria-label="Status codes"] [role="option"]', (els) =>
    els.map((el) => el.textContent?.replace(/\s+/g, ' ').trim() ?? ''),
  );

describe('Status Codes', () => {
  it('is in the navigation and finds 429 by words of its meaning', async () => {
    const page = await ext.browser.newPage();
    await page.goto(workspace('#/converter'));
    await (await byRole(page, 'link', 'Status Codes')).click();
    const search = await byRole(page, 'searchbox', 'Search status codes').catch(() =>
      byRole(page, 'textbox', 'Search status codes'),
    );
    await search.type('too many');
    await page.waitForFunction(() =>
      document
        .querySelector('[role="listbox"][aria-label="Status codes"] [role="option"]')
        ?.textContent?.includes('429'),
    );
    expect((await optionTitles(page))[0]).toMatch(/^429\s*Too Many Requests/);
    // The search is part of the address.
    expect(decodeURIComponent(page.url())).toMatch(/#\/status-codes\?.*q=too[+ ]many/);
    await page.close();
  });

  it('shows a code’s entry: meaning, headers, its RFC section, non-standard codes marked with their origin', async () => {
    const page = await ext.browser.newPage();
    await page.goto(workspace('#/status-codes?code=429'));
    await waitForDetail(page, /429 Too Many Requests/);
    const detail = await page.$eval('.sc-detail', (el) => el.textContent ?? '');
    expect(detail).toContain('Retry-After');
    expect(detail).toContain('HTTPStatus.TOO_MANY_REQUESTS');
    expect(detail).toContain('http.StatusTooManyRequests');
    expect(detail).toContain('StatusCode::TOO_MANY_REQUESTS');
    const rfc = await page.$$eval('.sc-detail a[href*="rfc"]', (els) => els.map((a) => (a as HTMLAnchorElement).href));
    expect(rfc.some((href) => href.includes('rfc6585'))).toBe(true);

    await page.goto(workspace('#/status-codes?code=499'));
    await page.reload();
    await waitForDetail(page, /499/);
    const nginx = await page.$eval('.sc-detail', (el) => el.textContent ?? '');
    expect(nginx).toMatch(/non-standard/i);
    expect(nginx).toMatch(/nginx/i);
    await page.close();
  });

  it('moves through the list with the arrow keys and each code has its own deep link', async () => {
    const page = await ext.browser.newPage();
    await page.goto(workspace('#/status-codes?code=200'));
    await waitForDetail(page, /^200 OK/);
    const list = await byRole(page, 'listbox', 'Status codes');
    await list.focus();
    await page.keyboard.press('ArrowDown');
    await waitForDetail(page, /^201 Created/);
    expect(page.url()).toContain('code=201');
    await page.close();
  });

  it('the command palette finds "status 404" and opens its entry', async () => {
    const page = await ext.browser.newPage();
    await page.goto(workspace('#/converter'));
    await byRole(page, 'textbox', 'curl command');
    await page.keyboard.down('Control');
    await page.keyboard.press('k');
    await page.keyboard.up('Control');
    await byRole(page, 'dialog', 'Command palette');
    await page.keyboard.type('status 404');
    await page.waitForFunction(() =>
      document.querySelector('[role="option"][aria-selected="true"]')?.textContent?.includes('404'),
    );
    await page.keyboard.press('Enter');
    await waitForDetail(page, /^404 Not Found/);
    await page.close();
  });

  it('"Open selection in HTTP Workbench" on a status line opens its entry and says so', async () => {
    const page = await clickMenu(
      ext,
      { menuItemId: 'open-selection', selectionText: 'HTTP/1.1 503 Service Unavailable' },
      '#/status-codes',
    );
    await waitForDetail(page, /^503 Service Unavailable/);
    const notice = await page.waitForSelector('.notice');
    expect(await notice!.evaluate((el) => el.textContent)).toContain(
      'Opened in Status Codes: the selection is an HTTP status code.',
    );
    await page.close();
  });

  it('the REST client’s status line links to the code’s entry', async () => {
    const page = await ext.browser.newPage();
    await page.goto(workspace('#/rest-client'));
    const url = await byRole(page, 'textbox', 'URL');
    await url.type(`${demo.origin}/status?code=404`);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() =>
      document.querySelector('[aria-label="Response status"]')?.textContent?.includes('404'),
    );
    await (await byRole(page, 'button', 'About status 404')).click();
    await waitForDetail(page, /^404 Not Found/);
    expect(page.url()).toContain('#/status-codes?code=404');
    await page.close();
  });

  it('copies the entry’s link', async () => {
    const page = await ext.browser.newPage();
    await page.goto(workspace('#/status-codes?code=418'));
    await waitForDetail(page, /^418/);
    await (await byRole(page, 'button', 'Copy link')).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/#\/status-codes\?code=418$/);
    expect(await detailTitle(page)).toMatch(/^418/);
    await page.close();
  });
});
