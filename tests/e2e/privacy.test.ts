/**
 * During a whole session the extension contacts nobody but the user's own
 * targets. Two witnesses watch a realistic session (the converter in every
 * target, three requests from the REST client, the options page and an
 * export, the popup, "Convert copied curl" through the offscreen document,
 * the panel inside DevTools):
 *
 * - every target (pages, the background, workers, frames, the offscreen
 *   document), through the DevTools protocol: each request and who made it;
 * - Chromium's NetLog: every request and host lookup of the whole browser,
 *   with the origin that started it. Chromium's own services (update checks,
 *   network time, account lookups) show up there with no origin and in no
 *   target: they are the browser's, not ours, and are listed, not failed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../scripts/lib/demo-server.ts';
import { launchWithExtension, type LaunchedExtension } from '../../scripts/lib/launch.ts';
import { listTargets } from '../../src/core/index.ts';
import { byRole, waitForText } from '../support/aria.ts';
import { openPanel } from '../support/devtools.ts';
import { readNetLog, watchAllTargets, type SeenRequest, type TargetWitness } from '../support/network-witness.ts';
import { fill, seenBy, watchDownloads } from '../support/page-tools.ts';
import { chooseTarget } from '../support/target-picker.ts';

let demo: DemoServer;
let ext: LaunchedExtension;
let witness: TargetWitness;
let downloads: Awaited<ReturnType<typeof watchDownloads>>;
const logDir = mkdtempSync(join(tmpdir(), 'http-workbench-netlog-'));
const netLog = join(logDir, 'netlog.json');
const origin = () => `chrome-extension://${ext.extensionId}`;

beforeAll(async () => {
  demo = await startDemoServer();
  ext = await launchWithExtension('dist/chrome', { args: [`--log-net-log=${netLog}`] });
  witness = await watchAllTargets(ext.browser);
  downloads = await watchDownloads(ext.browser);
  await ext.browser.defaultBrowserContext().overridePermissions(origin(), ['clipboard-read', 'clipboard-write']);
});

afterAll(async () => {
  await witness?.stop();
  await ext?.close();
  await demo?.close();
  downloads?.remove();
  rmSync(logDir, { recursive: true, force: true });
});

/** Where a request may go without leaving the machine or the user's own target. */
function allowed(request: SeenRequest): boolean {
  const { url } = request;
  if (url.startsWith(`${origin()}/`)) return true;
  if (/^(data|blob|about):/.test(url) || url.startsWith('devtools://')) return true;
  if (url === demo.origin || url.startsWith(`${demo.origin}/`)) return true;
  // The browser's own UI (the omnibox popup) loads its built-in chrome:// resources: no network, not ours.
  return request.targetType === 'browser_ui' && url.startsWith('chrome://');
}

async function paste(page: Page, text: string) {
  await (await byRole(page, 'textbox', 'curl command')).click();
  await page.evaluate((value) => {
    const area = document.querySelector('textarea[aria-label="curl command"]') as HTMLTextAreaElement;
    area.value = value;
    area.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
}

describe('Chrome: a whole session contacts only the user’s own targets', () => {
  it('a session: the converter, the REST client, options and an export, the popup, a copied command, DevTools', async () => {
    // The workspace: a command converted for every target.
    const page = await ext.browser.newPage();
    await page.goto(`${origin()}/panel/index.html#/converter`);
    await paste(page, `curl '${demo.origin}/echo?from=privacy-1' -H 'X-Session: privacy' -d 'a=1'`);
    for (const target of listTargets()) {
      await chooseTarget(page, 'Target language', target.id);
      await page.waitForSelector('[aria-label="Generated code"] pre.code-view.shiki span[style]', { timeout: 15_000 });
    }
    // Opened in the REST client and sent, then two more requests.
    await (await byRole(page, 'button', 'Open in REST Client')).click();
    await page.waitForFunction(
      () => (document.querySelector('input[aria-label="URL"]') as HTMLInputElement | null)?.value,
    );
    await (await byRole(page, 'button', 'Send')).click();
    await waitForText(page, 'status', 'Response status', /200 OK/);
    await seenBy(demo, 'from=privacy-1');
    for (const marker of ['privacy-2', 'privacy-3']) {
      await fill(await byRole(page, 'textbox', 'URL'), `${demo.origin}/api/items?from=${marker}`);
      await (await byRole(page, 'button', 'Send')).click();
      await seenBy(demo, `from=${marker}`);
      await byRole(page, 'button', 'Send');
    }

    // The options page, with an export of everything.
    const options = await ext.browser.newPage();
    await options.goto(`${origin()}/options/index.html`);
    const before = downloads.files();
    await (await byRole(options, 'button', 'Export everything')).click();
    const backup = await downloads.next(before);
    expect(JSON.parse(backup.bytes.toString('utf8')).format).toBe('http-workbench-backup');
    await options.close();

    // The popup, which opens the workspace in a tab.
    const popup = await ext.browser.newPage();
    await popup.goto(`${origin()}/popup/index.html`);
    const opened = ext.browser.waitForTarget(
      (t) => t !== page.target() && t.type() === 'page' && t.url() === `${origin()}/panel/index.html`,
    );
    await (await byRole(popup, 'button', 'Open workspace')).click();
    await (await (await opened).page())?.close();
    await popup.close().catch(() => undefined);

    // "Convert copied curl": the clipboard is read in the offscreen document.
    await page.bringToFront();
    await page.evaluate(() => navigator.clipboard.writeText("curl 'https://api.example.com/copied' -H 'X-A: 1'"));
    const converted = ext.browser.waitForTarget((t) => t.url() === `${origin()}/panel/index.html#/converter`);
    await ext.worker.evaluate(() =>
      (
        globalThis as unknown as { httpWorkbench: { handleMenuClick: (info: unknown) => Promise<void> } }
      ).httpWorkbench.handleMenuClick({ menuItemId: 'convert-copied-curl' }),
    );
    const convertedPage = (await (await converted).page())!;
    await convertedPage.waitForFunction(() =>
      document.querySelector('pre.code-view')?.textContent?.includes('/copied'),
    );
    await convertedPage.close();

    // The panel inside DevTools, on a page of the user's own site.
    const site = await ext.browser.newPage();
    await site.goto(`${demo.origin}/`);
    const { devtools, panel } = await openPanel(ext, site);
    await panel.waitForSelector('nav[aria-label="Tools"] a');
    await devtools.close();
    await site.close();
    await page.close();
    // Late requests (a worker winding down, a favicon) have a moment to show.
    await new Promise((r) => setTimeout(r, 1000));
  });

  it('no page, worker, frame or background of the session requested anything else', async () => {
    await witness.stop();
    const requests = witness.requests;
    const others = requests.filter((r) => !allowed(r));
    const byType = new Map<string, number>();
    for (const r of requests) byType.set(r.targetType, (byType.get(r.targetType) ?? 0) + 1);
    console.log(
      `[privacy] ${requests.length} requests seen in ${witness.targets.length} targets (${[...byType]
        .map(([type, n]) => `${type} ${n}`)
        .join(', ')}); outside the allowed set: ${others.length}`,
    );
    for (const r of others) console.log(`[privacy] not allowed: ${r.targetType} ${r.documentUrl} → ${r.url}`);
    expect(witness.unwatched).toEqual([]);
    expect(others).toEqual([]);
    // The witness saw the session: the background's three requests, the offscreen document, DevTools.
    const sent = requests.filter((r) => r.targetType === 'service_worker' && r.url.startsWith(demo.origin));
    expect(sent.map((r) => new URL(r.url).searchParams.get('from'))).toEqual(
      expect.arrayContaining(['privacy-1', 'privacy-2', 'privacy-3']),
    );
    expect(requests.some((r) => r.documentUrl === `${origin()}/offscreen/index.html`)).toBe(true);
    expect(requests.some((r) => r.url.startsWith('devtools://'))).toBe(true);
  });

  it('the browser’s network log shows nothing started by the extension or a page but to the user’s own target', async () => {
    // Closing the browser completes the log.
    await ext.close();
    const log = readNetLog(netLog);
    const local = (url: string) => url === demo.origin || url.startsWith(`${demo.origin}/`);
    const byPages = log.requests.filter((r) => r.initiator !== 'not an origin');
    const byBrowser = log.requests.filter((r) => r.initiator === 'not an origin' && !local(r.url));
    console.log(
      `[privacy] network log: ${log.requests.length} requests (${byPages.length} started by a page, the extension or a worker), ` +
        `${log.hosts.length} host lookups (${log.hosts.join(', ')})`,
    );
    for (const r of byBrowser) console.log(`[privacy] Chromium's own: ${r.method} ${r.url.replace(/\?.*/, '?…')}`);

    expect(byPages.filter((r) => !local(r.url))).toEqual([]);
    expect(byPages.some((r) => r.initiator === origin() && r.url.includes('from=privacy-1'))).toBe(true);
    // What the browser started on its own is none of the session's: no target made it, and it carries nothing of ours.
    const madeByTargets = new Set(witness.requests.map((r) => r.url));
    for (const r of byBrowser) {
      expect(madeByTargets.has(r.url), r.url).toBe(false);
      expect(r.url, r.url).not.toContain(ext.extensionId);
      expect(r.url, r.url).not.toContain('privacy');
      expect(r.url, r.url).not.toContain(new URL(demo.origin).host);
    }
    // Host lookups carry no origin in the log: each must be loopback, the host of one of the browser's own
    // requests, or one of Google's service domains that Chromium itself uses (preconnects, updates).
    const browserHosts = new Set(byBrowser.map((r) => new URL(r.url).hostname));
    const unexplained = log.hosts.filter(
      (host) =>
        !['127.0.0.1', 'localhost'].includes(host) &&
        !browserHosts.has(host) &&
        !/(^|\.)(google\.com|googleapis\.com|gstatic\.com|gvt1\.com)$/.test(host),
    );
    expect(unexplained).toEqual([]);
  });
});
