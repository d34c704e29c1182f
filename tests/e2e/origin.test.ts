/**
 * Only this extension's own pages can make the background send. An ordinary
 * web page and another extension are covered in chrome.test.ts; here, the
 * cases around frames: a web page and its cross-origin iframe that do have
 * extension messaging (a helper extension exposes it to 127.0.0.1, or
 * Chromium would give them no chrome.runtime at all and prove nothing), our
 * own pages framed, opened or fetched by a web page, and what the running
 * background listens to. The demo server is the witness: no attempt may
 * lead to a request there.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Frame, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../scripts/lib/demo-server.ts';
import { launchWithExtension, type LaunchedExtension } from '../../scripts/lib/launch.ts';

let demo: DemoServer;
/** Another origin, for the cross-origin iframe. */
let framed: DemoServer;
let ext: LaunchedExtension;
const exposer = mkdtempSync(join(tmpdir(), 'http-workbench-exposer-'));
const ownPage = (path: string) => `chrome-extension://${ext.extensionId}/${path}`;
/** Every page of ours the manifest names. */
const OUR_PAGES = ['panel/index.html', 'panel/devtools.html', 'options/index.html', 'popup/index.html'];

beforeAll(async () => {
  // An extension that lets pages on 127.0.0.1 message extensions: with it, chrome.runtime exists there.
  writeFileSync(
    join(exposer, 'manifest.json'),
    JSON.stringify({
      manifest_version: 3,
      name: 'Exposes extension messaging to 127.0.0.1 (test helper)',
      version: '1.0',
      externally_connectable: { matches: ['http://127.0.0.1/*'] },
    }),
  );
  demo = await startDemoServer();
  framed = await startDemoServer();
  ext = await launchWithExtension('dist/chrome', { extraExtensions: [exposer] });
});

afterAll(async () => {
  await ext?.close();
  await demo?.close();
  await framed?.close();
  rmSync(exposer, { recursive: true, force: true });
});

/** Whatever reached the demo server from the attempts (their URLs carry `from=`). */
const attemptsSeen = () => demo.requests.filter((r) => r.target.includes('from=')).map((r) => r.target);

/** Adds an iframe with this id to the page, waits for its load event and returns its frame. */
async function addFrame(page: Page, src: string, id: string): Promise<Frame> {
  await page.evaluate(
    (url, frameId) =>
      new Promise<void>((resolve) => {
        const frame = document.createElement('iframe');
        frame.id = frameId;
        frame.src = url;
        frame.addEventListener('load', () => resolve(), { once: true });
        document.body.append(frame);
      }),
    src,
    id,
  );
  const frame = await (await page.$(`#${id}`))?.contentFrame();
  if (!frame) throw new Error(`The iframe #${id} has no frame.`);
  return frame;
}

/**
 * From `scope`, tries both ways in: runtime.sendMessage with a send call, and
 * a runtime.connect Port on the send channel with a start message.
 */
function tryBothWays(scope: Page | Frame, url: string) {
  return scope.evaluate(
    async (extensionId, target) => {
      type Port = {
        onDisconnect: { addListener(f: () => void): void };
        onMessage: { addListener(f: (m: unknown) => void): void };
        postMessage(m: unknown): void;
      };
      type Runtime = {
        sendMessage(id: string, message: unknown): Promise<unknown>;
        connect(id: string, info: { name: string }): Port;
        lastError?: { message?: string };
      };
      const runtime = (globalThis as { chrome?: { runtime?: Runtime } }).chrome?.runtime;
      if (!runtime?.sendMessage || !runtime.connect) return { available: false, message: '', port: '' };
      const request = { id: crypto.randomUUID(), method: 'GET', url: target, headers: [] };
      let message: string;
      try {
        const reply = await runtime.sendMessage(extensionId, {
          protocol: 'http-workbench/1',
          kind: 'sendRequest',
          args: [request, { timeoutMs: 5000 }],
        });
        message = `answered: ${JSON.stringify(reply)}`;
      } catch (error) {
        message = `failed: ${(error as Error).message}`;
      }
      const port = await new Promise<string>((resolve) => {
        try {
          const channel = runtime.connect(extensionId, { name: 'http-workbench/send' });
          channel.onDisconnect.addListener(() => resolve(`disconnected: ${runtime.lastError?.message ?? ''}`));
          channel.onMessage.addListener((reply) => resolve(`answered: ${JSON.stringify(reply)}`));
          channel.postMessage({ type: 'start', request: { ...request, id: crypto.randomUUID() }, options: {} });
        } catch (error) {
          resolve(`threw: ${(error as Error).message}`);
        }
      });
      return { available: true, message, port };
    },
    ext.extensionId,
    url,
  );
}

describe('Chrome: only our own pages reach the background', () => {
  it('a web page and its cross-origin iframe, with extension messaging, reach no receiver either way', async () => {
    const page = await ext.browser.newPage();
    await page.goto(`${demo.origin}/status?code=200`);
    const frame = await addFrame(page, `${framed.origin}/status?code=200`, 'widget');
    expect(await frame.evaluate(() => location.origin)).toBe(framed.origin);

    const noReceiver = 'Could not establish connection. Receiving end does not exist.';
    for (const [where, scope] of [
      ['page', page],
      ['iframe', frame],
    ] as const) {
      const outcome = await tryBothWays(scope, `${demo.origin}/echo?from=${where}`);
      // The helper extension made the API exist here, so the refusal is our extension's, not the API's absence.
      expect(outcome, where).toEqual({
        available: true,
        message: `failed: ${noReceiver}`,
        port: `disconnected: ${noReceiver}`,
      });
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(attemptsSeen()).toEqual([]);
    await page.close();
  });

  it('a web page cannot frame, open or fetch any page of ours', async () => {
    const page = await ext.browser.newPage();
    await page.goto(`${demo.origin}/status?code=200`);
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    const failed: string[] = [];
    cdp.on('Network.loadingFailed', (event) => failed.push(`${event.type} ${event.errorText}`));

    for (const [i, path] of OUR_PAGES.entries()) {
      const frame = await addFrame(page, ownPage(path), `ours-${i}`);
      // Chromium's "blocked" page stands in for ours: none of our markup or scripts.
      const inside = await frame.evaluate(() => ({
        href: location.href,
        title: document.title,
        tabs: document.querySelectorAll('nav, [role="tab"]').length,
      }));
      expect(inside.href, path).toBe('chrome-error://chromewebdata/');
      expect(inside.title, path).not.toBe('HTTP Workbench');
      expect(inside.tabs, path).toBe(0);
      // The page cannot look inside either.
      const peek = await page.evaluate((id) => {
        try {
          return (document.getElementById(id) as HTMLIFrameElement).contentDocument?.title ?? 'no document';
        } catch (error) {
          return `refused: ${(error as Error).name}`;
        }
      }, `ours-${i}`);
      expect(peek, path).toBe('no document');
    }
    expect(failed.filter((f) => f === 'Document net::ERR_BLOCKED_BY_CLIENT')).toHaveLength(OUR_PAGES.length);
    expect(page.frames().filter((f) => f.url().startsWith('chrome-extension:'))).toEqual([]);

    // Opened in a new tab by the page: blocked the same way.
    const opened = ext.browser.waitForTarget((t) => t.opener() === page.target(), { timeout: 10_000 });
    await page.evaluate((url) => void window.open(url), ownPage('panel/index.html'));
    const tab = await (await opened).page();
    await tab!.waitForFunction(() => location.href !== 'about:blank', { timeout: 10_000 });
    expect(await tab!.evaluate(() => location.href)).toBe('chrome-error://chromewebdata/');
    await tab!.close();

    // Fetched: the response is refused outright.
    const fetched = await page.evaluate(
      (url) =>
        fetch(url).then(
          (response) => `status ${response.status}`,
          (error: Error) => `${error.name}: ${error.message}`,
        ),
      ownPage('panel/index.html'),
    );
    expect(fetched).toBe('TypeError: Failed to fetch');
    expect(attemptsSeen()).toEqual([]);
    await page.close();
  });

  it('the running background listens to no other extension or web page, and the loaded manifest exposes nothing', async () => {
    const facts = await ext.worker.evaluate(() => {
      const manifest = chrome.runtime.getManifest() as Record<string, unknown>;
      return {
        messageExternal: chrome.runtime.onMessageExternal.hasListeners(),
        connectExternal: chrome.runtime.onConnectExternal.hasListeners(),
        message: chrome.runtime.onMessage.hasListeners(),
        connect: chrome.runtime.onConnect.hasListeners(),
        externallyConnectable: manifest.externally_connectable ?? null,
        webAccessible: manifest.web_accessible_resources ?? null,
        contentScripts: manifest.content_scripts ?? null,
      };
    });
    expect(facts).toEqual({
      messageExternal: false,
      connectExternal: false,
      // Our own pages' way in: the sender check (protocol.ts) guards it.
      message: true,
      connect: true,
      externallyConnectable: null,
      webAccessible: null,
      contentScripts: null,
    });
  });
});
