import type { ElementHandle, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../scripts/lib/demo-server.ts';
import { launchWithExtension, type LaunchedExtension } from '../../scripts/lib/launch.ts';
import { byRole } from '../support/aria.ts';

let ext: LaunchedExtension;
let demo: DemoServer;
const workspace = (hash = '') => `chrome-extension://${ext.extensionId}/panel/index.html${hash}`;

beforeAll(async () => {
  demo = await startDemoServer();
  ext = await launchWithExtension('dist/chrome');
});

afterAll(async () => {
  await ext?.close();
  await demo?.close();
});

/** A spec of the demo API with three mistakes: a misspelt key, a path variable without its parameter, an unknown tag. */
const broken = (origin: string) => `openapi: 3.0.3
info:
  title: Demo
  version: '1'
servers:
  - url: ${origin}
paths:
  /api/items:
    get:
      tags: [stock]
      summary: List items
      parameters:
        - name: limit
          in: query
          schema:
            type: integer
          example: 2
      responses:
        '200':
          descripton: the items
  /api/items/{id}:
    get:
      responses:
        '200':
          description: one item
`;

const fixed = (origin: string) =>
  broken(origin)
    .replace('descripton', 'description')
    .replace('tags: [stock]', 'tags: [items]')
    .replace('info:', 'tags:\n  - name: items\ninfo:')
    .replace(
      '  /api/items/{id}:\n    get:\n',
      '  /api/items/{id}:\n    get:\n      parameters:\n        - {name: id, in: path, required: true, schema: {type: integer}, example: 7}\n',
    );

/** Puts text into the document box the way a paste does (one input event). */
async function paste(page: Page, text: string) {
  await page.focus('#openapi-text');
  await page.evaluate((value) => {
    const area = document.querySelector<HTMLTextAreaElement>('#openapi-text')!;
    area.value = value;
    area.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
  }, text);
}

/** Each problem as its button's text and the JSON pointer shown under it. */
const problemTexts = (page: Page) =>
  page.$$eval('.openapi-problems li', (els) =>
    els.map((el) => [
      el.querySelector('button')?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
      el.querySelector('.openapi-pointer')?.textContent ?? '',
    ]),
  );

describe('OpenAPI', () => {
  it('locates each problem of a pasted spec, selects it on click, and is clean once fixed', async () => {
    const page = await ext.browser.newPage();
    await page.setViewport({ width: 1280, height: 330 });
    await page.goto(workspace('#/openapi'));
    await byRole(page, 'textbox', 'OpenAPI document');
    const text = broken(demo.origin);
    await paste(page, text);
    await page.waitForFunction(() => document.querySelectorAll('.openapi-problems li').length > 0, { timeout: 20_000 });
    expect(await problemTexts(page)).toEqual([
      [
        '10:14 warning tag "stock" is not declared in the top-level "tags" tag-defined',
        '/paths/~1api~1items/get/tags/0',
      ],
      ['19:9 error missing required property "description" schema', '/paths/~1api~1items/get/responses/200'],
      [
        '20:11 error property "descripton" is not allowed here (did you mean "description"?) schema',
        '/paths/~1api~1items/get/responses/200/descripton',
      ],
      [
        '22:5 error GET /api/items/{id}: path variable "{id}" has no parameter with in: path path-param-declared',
        '/paths/~1api~1items~1{id}/get',
      ],
    ]);
    expect(await page.$eval('[role="status"].openapi-summary', (el) => el.textContent)).toMatch(
      /^3 errors, 1 warning · OpenAPI 3\.0 \(YAML\) · checked in \d+ ms$/,
    );

    // Clicking a problem selects its text in the editor.
    await (
      await byRole(
        page,
        'button',
        '20:11 error property "descripton" is not allowed here (did you mean "description"?) schema',
      )
    ).click();
    const selection = await page.$eval('#openapi-text', (el) => {
      const area = el as HTMLTextAreaElement;
      return {
        focused: document.activeElement === area,
        text: area.value.slice(area.selectionStart, area.selectionEnd),
      };
    });
    expect(selection).toEqual({ focused: true, text: 'descripton' });

    await paste(page, fixed(demo.origin));
    await page.waitForFunction(() => document.querySelector('.openapi-ok')?.textContent === 'No problems found.', {
      timeout: 20_000,
    });
    await page.close();
  });

  it('lists operations by tag, searches them, and "Try it" sends the request to the server', async () => {
    const page = await ext.browser.newPage();
    await page.setViewport({ width: 1280, height: 800 });
    await page.goto(workspace('#/openapi'));
    await byRole(page, 'textbox', 'OpenAPI document');
    await paste(page, fixed(demo.origin));
    await byRole(page, 'button', 'Try GET /api/items/{id}', 20_000);
    expect(await page.$$eval('.openapi-tag', (els) => els.map((el) => el.textContent))).toEqual(['items', 'Other']);

    await (await byRole(page, 'searchbox', 'Search operations')).type('{id}');
    await page.waitForFunction(() => document.querySelectorAll('.openapi-op').length === 1);

    await (await byRole(page, 'button', 'Try GET /api/items/{id}')).click();
    const url = await byRole(page, 'textbox', 'URL');
    await page.waitForFunction((el) => (el as HTMLInputElement).value.includes('/api/items/7'), {}, url);
    expect(await url.evaluate((el) => (el as HTMLInputElement).value)).toBe(`${demo.origin}/api/items/7`);
    await (await byRole(page, 'button', 'Send')).click();
    await page.waitForFunction(
      () => document.querySelector('[aria-label="Response status"]')?.textContent?.includes('404'),
      {
        timeout: 20_000,
      },
    );
    expect(demo.requests.some((r) => r.method === 'GET' && r.target === '/api/items/7')).toBe(true);
    await page.close();
  });

  it('opens a spec from a file', async () => {
    const page = await ext.browser.newPage();
    await page.setViewport({ width: 1280, height: 800 });
    await page.goto(workspace('#/openapi'));
    const input = await page.waitForSelector('input[type="file"]');
    await (input as ElementHandle<HTMLInputElement>).uploadFile('tests/fixtures/openapi/rules/path-params.yaml');
    await page.waitForFunction(() => document.querySelectorAll('.openapi-problems li').length === 2, {
      timeout: 20_000,
    });
    expect((await problemTexts(page)).map(([text = '']) => text.split(' ').slice(0, 3).join(' '))).toEqual([
      '7:5 error GET',
      '14:17 error path',
    ]);
    expect(await page.$eval('#openapi-text', (el) => (el as HTMLTextAreaElement).value)).toContain(
      'title: Path parameters',
    );
    await page.close();
  });

  it('fetches a spec by URL through the background, and hands an operation to the converter as code', async () => {
    const page = await ext.browser.newPage();
    await page.setViewport({ width: 1280, height: 800 });
    await page.goto(workspace('#/openapi'));
    await (await byRole(page, 'textbox', 'Spec URL')).type(`${demo.origin}/openapi.yaml`);
    await (await byRole(page, 'button', 'Fetch')).click();
    await byRole(page, 'button', 'Generate code for POST /api/items', 20_000);
    expect(await page.$eval('#openapi-text', (el) => (el as HTMLTextAreaElement).value)).toContain(
      'title: HTTP Workbench demo',
    );
    await (await byRole(page, 'button', 'Generate code for POST /api/items')).click();
    const command = await byRole(page, 'textbox', 'curl command');
    await page.waitForFunction((el) => (el as HTMLTextAreaElement).value.startsWith('curl'), {}, command);
    const text = await command.evaluate((el) => (el as HTMLTextAreaElement).value);
    expect(text).toContain(`${demo.origin}/api/items`);
    expect(text).toContain('"name": "Blue shoes"');
    expect(text).toContain("-H 'Content-Type: application/json'");
    await page.close();
  });
});
