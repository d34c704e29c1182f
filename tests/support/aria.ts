import type { ElementHandle, Frame, Page } from 'puppeteer-core';

/**
 * Finds an element by ARIA role and accessible name, as a person (or a screen
 * reader) would, using the browser's own accessibility tree.
 */
export async function byRole(
  scope: Page | Frame,
  role: string,
  name: string,
  timeout = 10_000,
): Promise<ElementHandle<Element>> {
  const handle = await scope.waitForSelector(`::-p-aria([name=${JSON.stringify(name)}][role="${role}"])`, { timeout });
  if (!handle) throw new Error(`No ${role} named "${name}"`);
  return handle;
}

/** Waits until an element with this role and name has text matching `pattern`; returns the text. */
export async function waitForText(
  scope: Page | Frame,
  role: string,
  name: string,
  pattern: RegExp,
  timeout = 15_000,
): Promise<string> {
  const deadline = Date.now() + timeout;
  let last = '';
  while (Date.now() < deadline) {
    const handle = await scope.$(`::-p-aria([name=${JSON.stringify(name)}][role="${role}"])`).catch(() => null);
    if (handle) {
      last = (await handle.evaluate((el) => (el as HTMLElement).innerText ?? el.textContent ?? '')) ?? '';
      if (pattern.test(last)) return last;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`The ${role} "${name}" never matched ${pattern}; last text: ${JSON.stringify(last)}`);
}
