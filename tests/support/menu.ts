import type { Page } from 'puppeteer-core';
import type { LaunchedExtension } from '../../scripts/lib/launch.ts';

/**
 * Clicks one of our context-menu items as the browser would (a native menu
 * cannot be clicked headless: the background's own handler is called) and
 * returns the workspace tab it opens at `hash` (e.g. `#/compose`).
 */
export async function clickMenu(
  ext: LaunchedExtension,
  info: { menuItemId: string; selectionText?: string },
  hash: string,
): Promise<Page> {
  const url = `chrome-extension://${ext.extensionId}/panel/index.html${hash}`;
  const opened = ext.browser.waitForTarget((t) => t.type() === 'page' && t.url() === url);
  await ext.worker.evaluate(
    (i) =>
      (
        globalThis as unknown as { httpWorkbench: { handleMenuClick: (i: unknown) => Promise<void> } }
      ).httpWorkbench.handleMenuClick(i),
    info,
  );
  const page = (await (await opened).page())!;
  await page.bringToFront();
  return page;
}
