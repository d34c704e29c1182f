import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import type { DemoServer, RecordedRequest } from '../../scripts/lib/demo-server.ts';

/** All controls with this role and name, in document order (rows are told apart by order). */
export async function all(page: Page, role: string, name: string): Promise<ElementHandle<Element>[]> {
  return page.$$(`::-p-aria([name=${JSON.stringify(name)}][role="${role}"])`);
}

/** The `index`-th control with this role and name, waiting up to 5 s for it. */
export async function nth(page: Page, role: string, name: string, index: number): Promise<ElementHandle<Element>> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const found = await all(page, role, name);
    if (found[index]) return found[index];
    if (Date.now() > deadline) throw new Error(`No ${role} "${name}" #${index + 1} (found ${found.length})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A file input by its accessible name. Chromium's accessibility query does not
 * find file inputs (they are a button inside the input's own shadow tree), so
 * this one control is found by its aria-label.
 */
export async function fileInput(page: Page, name: string): Promise<ElementHandle<HTMLInputElement>> {
  const handle = await page.waitForSelector(`input[type="file"][aria-label=${JSON.stringify(name)}]`);
  if (!handle) throw new Error(`No file input named "${name}"`);
  return handle as ElementHandle<HTMLInputElement>;
}

export const valueOf = (handle: ElementHandle<Element>) => handle.evaluate((el) => (el as HTMLInputElement).value);
export const checkedOf = (handle: ElementHandle<Element>) => handle.evaluate((el) => (el as HTMLInputElement).checked);

/** Replaces a text field's content by typing, as a person would. */
export async function fill(handle: ElementHandle<Element>, text: string) {
  await handle.click({ count: 3 });
  await handle.evaluate((el) => (el as HTMLInputElement).select());
  await handle.press('Backspace');
  if (text !== '') await handle.type(text);
}

/** Waits until the demo server has recorded a request whose target contains `marker`. */
export async function seenBy(demo: DemoServer, marker: string, timeout = 15_000): Promise<RecordedRequest> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = demo.requests.find((r) => r.target.includes(marker));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`The server never saw a request for ${marker}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Polls `check` until it returns a value other than undefined/false, or fails after `timeout` ms saying `what`. */
export async function eventually<T>(what: string, check: () => Promise<T | undefined | false>, timeout = 15_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value as T;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Lets the browser save downloads into a throwaway folder, and waits for the next one. */
export async function watchDownloads(browser: Browser) {
  const dir = mkdtempSync(join(tmpdir(), 'http-workbench-downloads-'));
  const session = await browser.target().createCDPSession();
  await session.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: dir });
  const files = () => new Set(readdirSync(dir));
  return {
    dir,
    /** The names present now: pass them to `next`. */
    files,
    /**
     * Waits until a file not in `before` has finished downloading, and takes
     * it out of the folder (so a later download of the same name is new again).
     */
    async next(before: Set<string>): Promise<{ name: string; bytes: Buffer }> {
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        const done = readdirSync(dir).filter((f) => !before.has(f) && !f.endsWith('.crdownload'));
        if (done.length > 0) {
          const path = join(dir, done[0]!);
          const bytes = readFileSync(path);
          rmSync(path);
          return { name: done[0]!, bytes };
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('No download arrived within 10 s.');
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
