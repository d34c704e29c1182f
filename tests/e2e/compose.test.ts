import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { launchWithExtension, type LaunchedExtension } from '../../scripts/lib/launch.ts';
import { clickMenu } from '../support/menu.ts';
import { byRole } from '../support/aria.ts';
import { seriousViolations } from '../support/axe.ts';

let ext: LaunchedExtension;
const origin = () => `chrome-extension://${ext.extensionId}`;
const workspace = (hash = '') => `${origin()}/panel/index.html${hash}`;

beforeAll(async () => {
  ext = await launchWithExtension('dist/chrome');
  await ext.browser.defaultBrowserContext().overridePermissions(origin(), ['clipboard-read', 'clipboard-write']);
});

afterAll(async () => {
  await ext?.close();
});

/** A README's instructions: a prompt, continuations, a network made first, two containers. */
const PASTE = `docker network create shop
$ docker run -d --name db --network shop \\
  -e POSTGRES_PASSWORD='pa$$word' \\
  -v pgdata:/var/lib/postgresql/data \\
  --restart unless-stopped postgres:16
docker run --rm -p 8080:80 -p 22:22 --network shop \\
  --gpus all nginx:alpine nginx -g 'daemon off;'`;

/** Puts text into a text box the way a paste does (one input event). */
async function paste(page: Page, selector: string, text: string) {
  await page.focus(selector);
  await page.evaluate(
    (sel, value) => {
      const area = document.querySelector<HTMLTextAreaElement>(sel)!;
      area.value = value;
      area.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
    },
    selector,
    text,
  );
}

const yamlText = (page: Page) => page.$eval('pre[aria-label="compose.yaml"]', (el) => el.textContent ?? '');
const warningTexts = (page: Page) =>
  page.$$eval('ul[aria-label="Warnings"] li', (els) =>
    els.map((el) => el.textContent?.replace(/\s+/g, ' ').trim() ?? ''),
  );

describe('Compose', () => {
  it('turns a pasted multi-command README snippet into a valid compose.yaml, lists the warnings, and copies', async () => {
    const page = await ext.browser.newPage();
    await page.setViewport({ width: 1280, height: 330 });
    await page.goto(workspace('#/compose'));
    await byRole(page, 'textbox', 'docker run commands');
    await paste(page, '#compose-commands', PASTE);
    await page.waitForSelector('pre[aria-label="compose.yaml"].shiki span[style]', { timeout: 15_000 });

    const file = parse(await yamlText(page));
    expect(file).toEqual({
      services: {
        db: {
          image: 'postgres:16',
          container_name: 'db',
          restart: 'unless-stopped',
          environment: { POSTGRES_PASSWORD: 'pa$$$$word' },
          volumes: ['pgdata:/var/lib/postgresql/data'],
          networks: ['shop'],
        },
        nginx: {
          image: 'nginx:alpine',
          command: ['nginx', '-g', 'daemon off;'],
          ports: ['8080:80', '22:22'],
          networks: ['shop'],
          deploy: { resources: { reservations: { devices: [{ count: 'all', capabilities: ['gpu'] }] } } },
        },
      },
      networks: { shop: {} },
      volumes: { pgdata: {} },
    });
    expect(await yamlText(page)).toContain('- "22:22"');
    const validation = await byRole(page, 'status', 'Schema validation');
    expect(await validation.evaluate((el) => el.textContent)).toContain(
      'Valid against the Compose Specification schema',
    );

    const warnings = await warningTexts(page);
    expect(warnings[0]).toMatch(/^1:1 “docker network create” is left out/);
    expect(warnings).toContainEqual(expect.stringMatching(/^2:14 -d is left out/));
    expect(warnings).toContainEqual(expect.stringMatching(/^6:12 --rm is left out/));
    expect(await page.$eval('.compose-summary', (el) => el.textContent)).toBe('2 services · 5 warnings');

    // A warning selects its place in the commands.
    await page.click('ul[aria-label="Warnings"] li:nth-child(3) button');
    const selected = await page.evaluate(() => {
      const area = document.activeElement as HTMLTextAreaElement;
      return { id: area.id, text: area.value.slice(area.selectionStart, area.selectionEnd) };
    });
    expect(selected).toEqual({ id: 'compose-commands', text: 'shop' });

    // As comments in the file, then copied.
    await (await byRole(page, 'checkbox', 'Warnings as YAML comments')).click();
    await page.waitForFunction(() =>
      document.querySelector('pre[aria-label="compose.yaml"]')?.textContent?.includes('# 6:12 --rm is left out'),
    );
    await (await byRole(page, 'button', 'Copy')).click();
    await page.waitForFunction(() => document.body.textContent?.includes('Copied to the clipboard.'));
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.trimEnd()).toBe((await yamlText(page)).trimEnd());
    expect(copied.endsWith('\n')).toBe(true);
    expect(copied).toContain('  # 2:14 -d is left out');
    expect(parse(copied)).toEqual(file);
    await page.close();
  });

  it('turns around: the file written becomes docker run commands again, and the direction is in the address', async () => {
    const page = await ext.browser.newPage();
    await page.setViewport({ width: 1280, height: 330 });
    await page.goto(workspace('#/compose'));
    await paste(page, '#compose-commands', PASTE);
    await page.waitForSelector('pre[aria-label="compose.yaml"]');
    await (await byRole(page, 'radio', 'Compose → docker run')).click();
    await page.waitForSelector('pre[aria-label="docker run commands"].shiki span[style]', { timeout: 15_000 });
    expect(page.url()).toContain('#/compose?direction=to-run');
    const commands = await page.$eval('pre[aria-label="docker run commands"]', (el) => el.textContent ?? '');
    expect(commands).toContain('docker network create shop\n');
    expect(commands).toContain(
      "docker run -d \\\n  --name db \\\n  --restart unless-stopped \\\n  -e 'POSTGRES_PASSWORD=pa$$word'",
    );
    expect(commands).toContain("  nginx:alpine nginx -g 'daemon off;'");
    await paste(page, '#compose-file', 'services:\n  api:\n    image: api\n    depends_on: [db]\n');
    await page.waitForFunction(() =>
      document.querySelector('ul[aria-label="Warnings"]')?.textContent?.includes('depends_on'),
    );
    expect(await warningTexts(page)).toEqual(['4:5 depends_on has no docker run equivalent; left out.']);
    await page.reload();
    await page.waitForSelector('#compose-file');
    await page.close();
  });

  it('merges into an existing file, reports the clash, and points at errors in either box', async () => {
    const page = await ext.browser.newPage();
    await page.goto(workspace('#/compose'));
    await paste(page, '#compose-existing', '# ours\nservices:\n  db:\n    image: mariadb:11\n');
    await paste(page, '#compose-commands', 'docker run --name db postgres:16');
    await page.waitForFunction(() =>
      document.querySelector('pre[aria-label="compose.yaml"]')?.textContent?.includes('db-2:'),
    );
    const text = await yamlText(page);
    expect(text.startsWith('# ours\nservices:\n  db:\n    image: mariadb:11\n  db-2:\n')).toBe(true);
    expect(await warningTexts(page)).toContainEqual(
      expect.stringMatching(/already has a service “db”: the converted one is added as “db-2”/),
    );

    await paste(page, '#compose-commands', "docker run -e 'A=1 nginx");
    const alert = await page.waitForSelector('[role="alert"].convert-error');
    expect(await alert!.evaluate((el) => el.textContent)).toMatch(/Error at 1:15: This single quote is never closed/);
    await paste(page, '#compose-commands', 'docker run nginx');
    await paste(page, '#compose-existing', 'services:\n  web: [1,\n');
    await page.waitForFunction(() =>
      document.querySelector('[role="alert"]')?.textContent?.includes('The existing file at 3:1'),
    );
    await (await byRole(page, 'button', 'Show')).click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('compose-existing');
    await page.close();
  });

  it('"Open selection in HTTP Workbench" on docker run text opens Compose with it', async () => {
    const page = await clickMenu(
      ext,
      { menuItemId: 'open-selection', selectionText: 'docker run -d -p 6379:6379 redis:7' },
      '#/compose',
    );
    await page.waitForFunction(() =>
      document.querySelector('pre[aria-label="compose.yaml"]')?.textContent?.includes('redis:7'),
    );
    const notice = await page.waitForSelector('.notice');
    expect(await notice!.evaluate((el) => el.textContent)).toContain(
      'Opened in Compose: the selection is a docker run command.',
    );
    await page.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`passes axe-core with a result, warnings, a schema problem and an error on show (${theme} theme)`, async () => {
      await ext.worker.evaluate((t) => chrome.storage.local.set({ settings: { theme: t, timeoutMs: 30000 } }), theme);
      const page = await ext.browser.newPage();
      await page.goto(workspace('#/compose'));
      await page.waitForFunction((t) => document.documentElement.dataset.theme === t, {}, theme);
      await paste(page, '#compose-existing', 'services:\n  old:\n    image: x\n    bogus: 1\n');
      await paste(page, '#compose-commands', PASTE);
      await page.waitForSelector('pre[aria-label="compose.yaml"].shiki span[style]', { timeout: 15_000 });
      await page.waitForSelector('.compose-validation.bad');
      const failures = (await seriousViolations(page)).map((v) => `${v.id} ${v.help} at ${v.targets.join(', ')}`);
      await paste(page, '#compose-commands', "docker run -e 'A=1 nginx");
      await page.waitForSelector('[role="alert"].convert-error');
      failures.push(...(await seriousViolations(page)).map((v) => `${v.id} ${v.help} at ${v.targets.join(', ')}`));
      // The other way round, with commands and a warning on show.
      await paste(page, '#compose-commands', PASTE);
      await (await byRole(page, 'radio', 'Compose → docker run')).click();
      await page.waitForSelector('pre[aria-label="docker run commands"].shiki span[style]', { timeout: 15_000 });
      await paste(
        page,
        '#compose-file',
        `services:\n  api:\n    image: api\n    command: sh -c 'echo $$HOME'\n    depends_on: [db]\n`,
      );
      await page.waitForSelector('ul[aria-label="Warnings"]');
      failures.push(
        ...(await seriousViolations(page)).map((v) => `to-run: ${v.id} ${v.help} at ${v.targets.join(', ')}`),
      );
      expect(failures).toEqual([]);
      await page.close();
    });
  }

  it('works stacked in a narrow panel, and the palette opens it ready to paste', async () => {
    const page = await ext.browser.newPage();
    await page.setViewport({ width: 450, height: 700 });
    await page.goto(workspace('#/converter'));
    await byRole(page, 'textbox', 'curl command');
    await page.keyboard.down('Control');
    await page.keyboard.press('k');
    await page.keyboard.up('Control');
    await byRole(page, 'dialog', 'Command palette');
    await page.keyboard.type('docker run to compose');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'compose-commands');
    await page.keyboard.type('docker run -it alpine sh');
    await page.waitForFunction(() =>
      document.querySelector('pre[aria-label="compose.yaml"]')?.textContent?.includes('stdin_open: true'),
    );
    const boxes = await page.$$eval('#compose-commands, pre[aria-label="compose.yaml"], .compose-warnings', (els) =>
      els
        .map((el) => el.getBoundingClientRect())
        .map((r) => ({ left: Math.round(r.left), top: Math.round(r.top), right: Math.round(r.right) })),
    );
    // One column: each box below the one before, none wider than the page.
    expect(boxes[1]!.top).toBeGreaterThan(boxes[0]!.top);
    expect(boxes[2]!.top).toBeGreaterThan(boxes[1]!.top);
    for (const box of boxes) expect(box.right).toBeLessThanOrEqual(450);
    await page.close();
  });
});
