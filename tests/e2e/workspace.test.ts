import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../scripts/lib/demo-server.ts';
import { launchWithExtension, type LaunchedExtension } from '../../scripts/lib/launch.ts';
import { TOOLS, toolsFor } from '../../src/ui/tools/catalog.ts';
import { byRole } from '../support/aria.ts';
import { clickMenu } from '../support/menu.ts';
import { seriousViolations } from '../support/axe.ts';
import { expectConverterFits, LAYOUT_COMMAND, pasteCommand } from '../support/layout.ts';
import { openPanel } from '../support/devtools.ts';

let demo: DemoServer;
let ext: LaunchedExtension;
const origin = () => `chrome-extension://${ext.extensionId}`;
const workspace = (hash = '') => `${origin()}/panel/index.html${hash}`;

beforeAll(async () => {
  demo = await startDemoServer();
  ext = await launchWithExtension('dist/chrome');
});

afterAll(async () => {
  await ext?.close();
  await demo?.close();
});

/** The tool on screen: the navigation entry marked current, and the region of that name shown. */
async function shownTool(page: Page | import('puppeteer-core').Frame): Promise<string | null> {
  return page.evaluate(() => {
    const current = document.querySelector('nav[aria-label="Tools"] a[aria-current="page"] .nav-title');
    const region = document.querySelector('main > section:not([hidden])');
    return current && region?.getAttribute('aria-label') === current.textContent ? current.textContent : null;
  });
}

async function waitForTool(page: Page, title: string) {
  await page.waitForFunction(
    (t) =>
      document.querySelector('nav[aria-label="Tools"] a[aria-current="page"] .nav-title')?.textContent === t &&
      document.querySelector('main > section:not([hidden])')?.getAttribute('aria-label') === t,
    { timeout: 10_000 },
    title,
  );
}

describe('navigation', () => {
  it('is a landmark named Tools listing the registry’s tools, each named by its title', async () => {
    const page = await ext.browser.newPage();
    await page.goto(workspace('#/converter'));
    await byRole(page, 'navigation', 'Tools');
    const titles = await page.$$eval('nav[aria-label="Tools"] a .nav-title', (els) => els.map((el) => el.textContent));
    expect(titles).toEqual(toolsFor('workspace', false).map((tool) => tool.title));
    // Captured needs an inspected page: not in a plain tab.
    expect(titles).not.toContain('Captured');
    for (const tool of toolsFor('workspace', false)) {
      await (await byRole(page, 'link', tool.title)).click();
      await waitForTool(page, tool.title);
      expect(page.url()).toContain(`#/${tool.id}`);
    }
    await page.close();
  });

  it('deep links survive a reload, Back returns, and the last tool reopens', async () => {
    const page = await ext.browser.newPage();
    await page.goto(workspace('#/rest-client'));
    await waitForTool(page, 'REST Client');
    await page.reload();
    await waitForTool(page, 'REST Client');
    await (await byRole(page, 'link', 'Converter')).click();
    await waitForTool(page, 'Converter');
    await page.goBack();
    await waitForTool(page, 'REST Client');
    // A page opened with no address shows the tool that was open last.
    await page.goto(workspace());
    await waitForTool(page, 'REST Client');
    expect(page.url()).toBe(workspace('#/rest-client'));
    // An address naming no tool of this page says so and shows one that exists.
    await page.goto(workspace('#/no-such-tool'));
    const alert = await page.waitForSelector('[role="alert"].notice');
    expect(await alert!.evaluate((el) => el.textContent)).toContain('There is no tool “no-such-tool” here');
    expect(await shownTool(page)).not.toBeNull();
    await page.close();
  });

  it('loads a tool’s code only when it is first opened', async () => {
    const page = await ext.browser.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(workspace('#/converter'));
    await waitForTool(page, 'Converter');
    await byRole(page, 'textbox', 'curl command');
    // Only the converter's view chunk is loaded; the REST client's arrives when it is opened.
    const views = () => scripts.filter((path) => /\/View-[\w-]+\.js$/.test(path));
    const before = views().length;
    expect(before).toBe(1);
    await (await byRole(page, 'link', 'REST Client')).click();
    await byRole(page, 'textbox', 'URL');
    expect(views().length).toBe(before + 1);
    await page.close();
  });
});

describe('the registry outside the workspace', () => {
  it('the popup links to its tools and opens the workspace on the one chosen', async () => {
    const popup = await ext.browser.newPage();
    await popup.goto(`${origin()}/popup/index.html`);
    await byRole(popup, 'navigation', 'Tools');
    // Each button's text without its decorative icon.
    const names = await popup.$$eval('nav[aria-label="Tools"] button', (els) =>
      els.map((el) =>
        [...el.childNodes]
          .filter((n) => !(n instanceof Element && n.getAttribute('aria-hidden') === 'true'))
          .map((n) => n.textContent)
          .join('')
          .trim(),
      ),
    );
    expect(names).toEqual(toolsFor('popup', false).map((t) => t.title));
    const opened = ext.browser.waitForTarget((t) => t.url() === workspace('#/rest-client'));
    await (await byRole(popup, 'button', 'REST Client')).click();
    const page = (await (await opened).page())!;
    await waitForTool(page, 'REST Client');
    await page.close();
    if (!popup.isClosed()) await popup.close();
  });

  it('the options page lists every registered tool with a way to open it', async () => {
    const page = await ext.browser.newPage();
    await page.goto(`${origin()}/options/index.html`);
    await byRole(page, 'group', 'Tools');
    const text = await page.$eval('.tool-list', (el) => el.textContent ?? '');
    for (const tool of TOOLS) expect(text).toContain(tool.description);
    const opened = ext.browser.waitForTarget((t) => t.url() === workspace('#/converter'));
    await (await byRole(page, 'button', 'Open Converter')).click();
    const tab = (await (await opened).page())!;
    await waitForTool(tab, 'Converter');
    await tab.close();
    await page.close();
  });
});

describe('command palette', () => {
  it('opens with Ctrl+K, finds an action by typing, runs it with Enter, keyboard only', async () => {
    const page = await ext.browser.newPage();
    await page.goto(workspace('#/rest-client'));
    await waitForTool(page, 'REST Client');
    await page.keyboard.down('Control');
    await page.keyboard.press('k');
    await page.keyboard.up('Control');
    await byRole(page, 'dialog', 'Command palette');
    const box = await byRole(page, 'combobox', 'Search tools and actions');
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('convert');
    await page.waitForFunction(
      () =>
        document.querySelector('[role="option"][aria-selected="true"] .palette-title')?.textContent === 'Convert curl',
    );
    await page.keyboard.press('Enter');
    await waitForTool(page, 'Converter');
    expect(await page.$('[role="dialog"]')).toBeNull();
    // "Convert curl" leaves the command box focused, ready for a paste.
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'curl command');
    expect(page.url()).toContain('#/converter?focus=input');
    await page.close();
  });

  it('moves with the arrow keys and closes with Escape, giving focus back', async () => {
    const page = await ext.browser.newPage();
    await page.goto(workspace('#/converter'));
    const input = await byRole(page, 'textbox', 'curl command');
    await input.focus();
    await page.keyboard.down('Control');
    await page.keyboard.press('k');
    await page.keyboard.up('Control');
    await byRole(page, 'dialog', 'Command palette');
    const selected = () => page.$eval('[role="option"][aria-selected="true"] .palette-title', (el) => el.textContent);
    const first = await selected();
    await page.keyboard.press('ArrowDown');
    expect(await selected()).not.toBe(first);
    await page.keyboard.press('ArrowUp');
    expect(await selected()).toBe(first);
    await page.keyboard.type('zzzz-nothing');
    await page.waitForFunction(() =>
      document.querySelector('.palette-empty')?.textContent?.includes('Nothing matches'),
    );
    await page.keyboard.press('Escape');
    expect(await page.$('[role="dialog"]')).toBeNull();
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'curl command');
    expect(await shownTool(page)).toBe('Converter');
    await page.close();
  });

  it('is reachable by its button too', async () => {
    const page = await ext.browser.newPage();
    await page.goto(workspace('#/converter'));
    await (await byRole(page, 'button', 'Command palette')).click();
    await byRole(page, 'dialog', 'Command palette');
    await page.keyboard.type('rest');
    await page.keyboard.press('Enter');
    await waitForTool(page, 'REST Client');
    await page.close();
  });
});

describe('hand-offs', () => {
  const openSelection = (selectionText: string, tool?: string) =>
    clickMenu(ext, { menuItemId: 'open-selection', selectionText }, tool ? `#/${tool}` : '');

  it('registers "Open selection in HTTP Workbench" for selected text', async () => {
    const item = await ext.worker.evaluate(() =>
      chrome.contextMenus.update('open-selection', {}).then(
        () => true,
        () => false,
      ),
    );
    expect(item).toBe(true);
  });

  it('says why selected text that no tool opens was not opened', async () => {
    const page = await openSelection('SELECT * FROM users;');
    const alert = await page.waitForSelector('[role="alert"].notice');
    expect(await alert!.evaluate((el) => el.textContent)).toContain('is not something HTTP Workbench opens');
    await page.close();
  });

  it('a converted command opens in the REST client through an intent', async () => {
    const page = await ext.browser.newPage();
    await page.goto(workspace('#/converter'));
    const input = await byRole(page, 'textbox', 'curl command');
    await input.focus();
    await page.evaluate((value) => {
      const area = document.querySelector('textarea[aria-label="curl command"]') as HTMLTextAreaElement;
      area.value = value;
      area.dispatchEvent(new Event('input', { bubbles: true }));
    }, `curl '${demo.origin}/echo?handoff=1' -H 'X-Handoff: yes'`);
    await page.waitForFunction(() => document.querySelector('pre.code-view')?.textContent?.includes('handoff=1'));
    await (await byRole(page, 'button', 'Open in REST Client')).click();
    await waitForTool(page, 'REST Client');
    // The tool's region shows before its store has taken the intent (the draft loads from storage first).
    const url = await byRole(page, 'textbox', 'URL');
    const expected = `${demo.origin}/echo?handoff=1`;
    await page
      .waitForFunction(
        (want) => (document.querySelector('input[aria-label="URL"]') as HTMLInputElement | null)?.value === want,
        { timeout: 10_000 },
        expected,
      )
      .catch(() => undefined);
    expect(await url.evaluate((el) => (el as HTMLInputElement).value)).toBe(expected);
    await page.close();
  });
});

describe('DevTools sizes', () => {
  /** Bounding boxes of the things that must not need scrolling. */
  const boxes = (page: Page) =>
    page.evaluate(() => {
      const box = (el: Element | null | undefined) => {
        const r = el?.getBoundingClientRect();
        return r ? { top: r.top, bottom: r.bottom, left: r.left, right: r.right } : null;
      };
      return {
        url: box(document.querySelector('input[aria-label="URL"]')),
        send: box(document.querySelector('button[type="submit"]')),
        status: box(document.querySelector('[aria-label="Response status"]')),
        separator: box(document.querySelector('[role="separator"]')),
        scrollY,
        height: innerHeight,
        width: innerWidth,
      };
    });

  it('docked at the bottom (1280×330): tools in one row, request and response side by side, nothing important scrolled away', async () => {
    const page = await ext.browser.newPage();
    await page.setViewport({ width: 1280, height: 330 });
    await page.goto(workspace('#/rest-client'));
    const url = await byRole(page, 'textbox', 'URL');
    await url.type(`${demo.origin}/echo?layout=bottom`);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() =>
      document.querySelector('[aria-label="Response status"]')?.textContent?.includes('200'),
    );
    const b = await boxes(page);
    expect(b.scrollY).toBe(0);
    for (const name of ['url', 'send', 'status'] as const) {
      expect(b[name], name).not.toBeNull();
      expect(b[name]!.bottom, name).toBeLessThanOrEqual(b.height);
      expect(b[name]!.right, name).toBeLessThanOrEqual(b.width);
    }
    // Side by side: the response starts right of the request editor, at about the same height.
    expect(b.status!.left).toBeGreaterThan(b.url!.left + 200);
    expect(b.status!.top).toBeLessThan(b.height / 2);
    // The navigation is one row at the top, not a rail taking width.
    const nav = await page.$eval('nav[aria-label="Tools"]', (el) => el.getBoundingClientRect().height);
    expect(nav).toBeLessThan(50);
    // Every tool's link is on screen in that row, none scrolled out of it.
    const offRow = await page.$eval('nav[aria-label="Tools"]', (el) => {
      const row = el.getBoundingClientRect();
      return [...el.querySelectorAll('a')]
        .filter((a) => {
          const box = a.getBoundingClientRect();
          return box.left < row.left - 1 || box.right > row.right + 1;
        })
        .map((a) => a.textContent);
    });
    expect(offRow).toEqual([]);
    // The split is a keyboard-resizable separator.
    const separator = await byRole(page, 'separator', 'Resize request and response');
    const before = await separator.evaluate((el) => Number(el.getAttribute('aria-valuenow')));
    await separator.focus();
    await page.keyboard.press('ArrowRight');
    const after = await separator.evaluate((el) => Number(el.getAttribute('aria-valuenow')));
    expect(after).toBeGreaterThan(before);
    // Collections and history fold behind a toggle.
    const history = await byRole(page, 'button', 'Collections & history');
    expect(await history.evaluate((el) => el.getAttribute('aria-expanded'))).toBe('false');
    await page.close();
  });

  it('docked at the side (450×900): stacked, the tools as icons still named by their titles', async () => {
    const page = await ext.browser.newPage();
    await page.setViewport({ width: 450, height: 900 });
    await page.goto(workspace('#/rest-client'));
    const url = await byRole(page, 'textbox', 'URL');
    await url.type(`${demo.origin}/echo?layout=side`);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() =>
      document.querySelector('[aria-label="Response status"]')?.textContent?.includes('200'),
    );
    const b = await boxes(page);
    expect(b.status!.top).toBeGreaterThan(b.url!.bottom);
    expect(b.status!.bottom).toBeLessThanOrEqual(b.height);
    expect(b.separator).toBeNull();
    for (const tool of toolsFor('workspace', false)) await byRole(page, 'link', tool.title);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
    await page.close();
  });

  it('docked at the bottom (1280×330), no tool makes the page scroll', async () => {
    const page = await ext.browser.newPage();
    await page.setViewport({ width: 1280, height: 330 });
    const over: string[] = [];
    for (const tool of toolsFor('workspace', false)) {
      await page.goto(workspace(`#/${tool.id}`));
      await waitForTool(page, tool.title);
      await page.waitForFunction(() => !document.querySelector('main > section:not([hidden]) .tool-loading'));
      // Let the view settle (lists drawn, stores read) before measuring.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      if (height > 330) over.push(`${tool.id}: ${height} px`);
    }
    expect(over).toEqual([]);
    await page.close();
  });

  it('the converter fits both docks: no page scrolling at 1280×330, the code on the first screen at 450×900', async () => {
    const page = await ext.browser.newPage();
    await page.setViewport({ width: 1280, height: 330 });
    await page.goto(workspace('#/converter'));
    await byRole(page, 'textbox', 'curl command');
    await pasteCommand(page, LAYOUT_COMMAND, 'API_TOKEN');
    await expectConverterFits(page);
    // A paste of eight commands lists them under the input: the pane scrolls, not the page.
    await page.setViewport({ width: 1280, height: 330 });
    const eight = Array.from({ length: 8 }, (_, i) => `curl 'https://api.example.com/v1/item/${i}'`).join(' ;\n');
    await pasteCommand(page, eight, 'item/0');
    await byRole(page, 'radio', 'GET https://api.example.com/v1/item/7');
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(330);
    await page.close();
  });
});

describe('accessibility', () => {
  it('the check itself finds a planted violation (so a pass means something)', async () => {
    const page = await ext.browser.newPage();
    await page.goto(workspace('#/converter'));
    await waitForTool(page, 'Converter');
    await page.evaluate(() => document.querySelector('main')!.append(document.createElement('input')));
    const found = await seriousViolations(page);
    expect(found.map((v) => v.id)).toContain('label');
    await page.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`every tool passes axe-core with no serious or critical violations (${theme} theme)`, async () => {
      await ext.worker.evaluate(
        (t) =>
          chrome.storage.local.set({ settings: { theme: t, timeoutMs: 30000, converterTarget: 'python-requests' } }),
        theme,
      );
      const page = await ext.browser.newPage();
      const failures: string[] = [];
      for (const tool of toolsFor('workspace', false)) {
        await page.goto(workspace(`#/${tool.id}`));
        await waitForTool(page, tool.title);
        await page.waitForFunction((t) => document.documentElement.dataset.theme === t, {}, theme);
        await page.waitForFunction(() => !document.querySelector('.tool-loading'));
        for (const v of await seriousViolations(page))
          failures.push(`${tool.id}: ${v.id} (${v.impact}) ${v.help} at ${v.targets.join(', ')}`);
      }
      // The palette too.
      await page.keyboard.down('Control');
      await page.keyboard.press('k');
      await page.keyboard.up('Control');
      await byRole(page, 'dialog', 'Command palette');
      for (const v of await seriousViolations(page))
        failures.push(`palette: ${v.id} ${v.help} at ${v.targets.join(', ')}`);
      expect(failures).toEqual([]);
      await page.close();
    });
  }

  it('DevTools-only tools pass axe-core inside the real DevTools panel', async () => {
    const devtoolsOnly = TOOLS.filter((tool) => !tool.surfaces.includes('workspace'));
    expect(devtoolsOnly.length).toBeGreaterThan(0);
    const page = await ext.browser.newPage();
    await page.goto(`${demo.origin}/`);
    const { panel, devtools } = await openPanel(ext, page);
    const failures: string[] = [];
    for (const tool of devtoolsOnly) {
      await panel.evaluate((id) => (location.hash = `#/${id}`), tool.id);
      await panel.waitForFunction(
        (t) => document.querySelector('main > section:not([hidden])')?.getAttribute('aria-label') === t,
        {},
        tool.title,
      );
      await panel.waitForFunction(() => !document.querySelector('.tool-loading'));
      for (const v of await seriousViolations(panel))
        failures.push(`${tool.id}: ${v.id} ${v.help} at ${v.targets.join(', ')}`);
    }
    expect(failures).toEqual([]);
    await devtools.close();
    await page.close();
  });
});
