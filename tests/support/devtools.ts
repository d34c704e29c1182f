import type { Frame, Page } from 'puppeteer-core';
import type { LaunchedExtension } from '../../scripts/lib/launch.ts';

/**
 * Opens DevTools on `page` and shows the HTTP Workbench panel through
 * DevTools' own InspectorView (internals: keep its use to a few tests).
 * Returns the DevTools page and the panel's frame.
 */
export async function openPanel(ext: LaunchedExtension, page: Page): Promise<{ devtools: Page; panel: Frame }> {
  const devtools = await page.openDevTools();
  const panelTitle = 'HTTP Workbench';
  const panelUrl = `chrome-extension://${ext.extensionId}/panel/index.html`;
  // Wait for DevTools to load our devtools page (it creates the panel).
  await ext.browser
    .waitForTarget((t) => t.url().startsWith(`chrome-extension://${ext.extensionId}/panel/devtools.html`), {
      timeout: 20_000,
    })
    .catch(() => undefined);
  const deadline = Date.now() + 20_000;
  let shown = false;
  while (!shown && Date.now() < deadline) {
    shown = await devtools
      .evaluate(
        `(async () => {
          const UI = await import('devtools://devtools/bundled/ui/legacy/legacy.js');
          const view = UI.InspectorView.InspectorView.instance();
          // DevTools names an extension panel by its origin and its title without spaces.
          const id = 'chrome-extension://${ext.extensionId}' + ${JSON.stringify(panelTitle.replace(/\s/g, ''))};
          if (!view.hasPanel(id)) return false;
          await view.showPanel(id);
          return true;
        })()`,
      )
      .then(Boolean)
      .catch(() => false);
    if (!shown) await new Promise((r) => setTimeout(r, 200));
  }
  if (!shown) throw new Error('The HTTP Workbench panel never appeared in DevTools.');
  const panel = await new Promise<Frame>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The panel frame never loaded.')), 20_000);
    const check = () => {
      const frame = devtools.frames().find((f) => f.url().startsWith(panelUrl));
      if (frame) {
        clearTimeout(timer);
        resolve(frame);
      } else setTimeout(check, 100);
    };
    check();
  });
  // DevTools lays out (and answers clicks and accessibility queries) only when it is the page in front.
  await devtools.bringToFront();
  return { devtools, panel };
}
