import type { Page } from 'puppeteer-core';
import { expect } from 'vitest';

/**
 * Where the converter's parts are on screen, and whether the page itself
 * scrolls (it should not when DevTools is docked at the bottom).
 */
function converterLayout(page: Page) {
  return page.evaluate(() => {
    const box = (selector: string) => {
      const r = document.querySelector(selector)?.getBoundingClientRect();
      return r ? { top: r.top, bottom: r.bottom, height: r.height } : null;
    };
    return {
      input: box('.code-input-frame'),
      code: box('pre.code-view'),
      pageHeight: document.documentElement.scrollHeight,
      pageWidth: document.documentElement.scrollWidth,
      height: innerHeight,
      width: innerWidth,
    };
  });
}

/** Puts a command into the converter's input as a paste does, and waits for its code. */
export async function pasteCommand(page: Page, command: string, expectInCode: string) {
  await page.evaluate((text) => {
    const el = document.querySelector('textarea[aria-label="curl command"]') as HTMLTextAreaElement;
    el.value = text;
    el.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
  }, command);
  await page.waitForFunction(
    (part) => document.querySelector('pre.code-view')?.textContent?.includes(part),
    {
      polling: 100,
      timeout: 20_000,
    },
    expectInCode,
  );
}

/** The command the layout checks convert: a variable and two warnings, so notes show under the code. */
export const LAYOUT_COMMAND = `curl 'https://api.example.com/v1/orders?status=open' -H "Authorization: Bearer $API_TOKEN" --cacert ca.pem -d '{"a":1}'`;

/**
 * Docked at the bottom (1280×330): nothing needs the page scrolled; the code
 * view is on screen whole, at least 150 px tall, and scrolls on its own.
 * Docked at the side (450×900): stacked, and the code starts on the first
 * screen, with no sideways scrolling.
 */
export async function expectConverterFits(page: Page) {
  await page.setViewport({ width: 1280, height: 330 });
  let b = await converterLayout(page);
  expect(b.pageHeight, 'page height at 1280×330').toBeLessThanOrEqual(b.height);
  expect(b.input!.bottom).toBeLessThanOrEqual(b.height);
  expect(b.code!.bottom, 'code view bottom at 1280×330').toBeLessThanOrEqual(b.height);
  expect(b.code!.height).toBeGreaterThanOrEqual(150);
  await page.setViewport({ width: 450, height: 900 });
  b = await converterLayout(page);
  expect(b.code!.top, 'code view top at 450×900').toBeGreaterThan(b.input!.bottom);
  expect(b.code!.top + 150, 'the code starts on the first screen at 450×900').toBeLessThanOrEqual(b.height);
  expect(b.pageWidth).toBeLessThanOrEqual(b.width);
}
