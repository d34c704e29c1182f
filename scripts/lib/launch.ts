import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import puppeteer, { type Browser, type Page, type WebWorker } from 'puppeteer-core';
import { CHROME_ARGS, findChrome, findFirefox } from './find-browser.ts';

export interface LaunchedExtension {
  browser: Browser;
  extensionId: string;
  /** The background service worker, ready to evaluate in. */
  worker: WebWorker;
  /** Closes the browser and removes its throwaway profile. */
  close(): Promise<void>;
}

/**
 * Launches the system Chrome/Chromium with a fresh profile and an unpacked
 * build loaded, and waits until the background's global scope is ready.
 */
export async function launchWithExtension(
  distDir: string,
  options: { headless?: boolean; args?: string[]; extraExtensions?: string[] } = {},
): Promise<LaunchedExtension> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'http-workbench-profile-'));
  const browser = await puppeteer.launch({
    executablePath: findChrome(),
    headless: options.headless ?? true,
    pipe: true,
    enableExtensions: [resolve(distDir), ...(options.extraExtensions ?? []).map((dir) => resolve(dir))],
    userDataDir,
    defaultViewport: options.headless === false ? null : { width: 1100, height: 760 },
    args: [...CHROME_ARGS, ...(options.args ?? [])],
  });
  try {
    const target = await browser.waitForTarget(
      // crxjs names our worker service-worker-loader.js; other loaded extensions differ.
      (t) =>
        t.type() === 'service_worker' && /^chrome-extension:\/\/[a-p]{32}\/service-worker-loader\.js$/.test(t.url()),
      { timeout: 20_000 },
    );
    const extensionId = new URL(target.url()).host;
    const worker = (await target.worker())!;
    // The target shows up before its global scope has run: poll until it has.
    const deadline = Date.now() + 10_000;
    while (!(await worker.evaluate(() => typeof chrome !== 'undefined' && !!chrome.runtime?.id).catch(() => false))) {
      if (Date.now() > deadline) throw new Error('The extension service worker did not start within 10 s.');
      await new Promise((r) => setTimeout(r, 50));
    }
    return {
      browser,
      extensionId,
      worker,
      async close() {
        await browser.close().catch(() => undefined);
        rmSync(userDataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await browser.close().catch(() => undefined);
    rmSync(userDataDir, { recursive: true, force: true });
    throw error;
  }
}

export interface LaunchedFirefox {
  browser: Browser;
  /** The workspace tab the test build opens on install. */
  workspace: Page;
  /** Closes the browser and removes its throwaway profile. */
  close(): Promise<void>;
}

/**
 * Launches the system Firefox (WebDriver BiDi) with a fresh profile kept off
 * the network, installs a build that opens its workspace on install (BiDi
 * cannot navigate to moz-extension: URLs: `npm run build:test`), and returns
 * that workspace tab. `prefs` adds Firefox preferences.
 */
export async function launchFirefoxWithExtension(
  distDir: string,
  options: { prefs?: Record<string, string | number | boolean> } = {},
): Promise<LaunchedFirefox> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'http-workbench-firefox-'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: findFirefox(),
    headless: true,
    userDataDir,
    extraPrefsFirefox: {
      // Keep Firefox off the network: tests reach only their own servers.
      'app.update.enabled': false,
      'browser.safebrowsing.downloads.remote.enabled': false,
      'network.captive-portal-service.enabled': false,
      'network.connectivity-service.enabled': false,
      ...options.prefs,
    },
  });
  const close = async () => {
    await browser.close().catch(() => undefined);
    rmSync(userDataDir, { recursive: true, force: true });
  };
  try {
    await browser.installExtension(resolve(distDir));
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      for (const page of await browser.pages()) {
        const href = await page.evaluate('location.href').catch(() => '');
        if (typeof href === 'string' && href.startsWith('moz-extension://') && href.includes('/panel/index.html'))
          return { browser, workspace: page, close };
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`The Firefox build in ${distDir} never opened its workspace tab.`);
  } catch (error) {
    await close();
    throw error;
  }
}
