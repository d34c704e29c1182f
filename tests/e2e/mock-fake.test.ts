import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../scripts/lib/demo-server.ts';
import { launchWithExtension, type LaunchedExtension } from '../../scripts/lib/launch.ts';
import { byRole } from '../support/aria.ts';
import { seriousViolations } from '../support/axe.ts';

let demo: DemoServer;
let ext: LaunchedExtension;
const origin = () => `chrome-extension://${ext.extensionId}`;
const workspace = (hash = '') => `${origin()}/panel/index.html${hash}`;

beforeAll(async () => {
  demo = await startDemoServer();
  ext = await launchWithExtension('dist/chrome');
  await ext.browser.defaultBrowserContext().overridePermissions(origin(), ['clipboard-read', 'clipboard-write']);
});

afterAll(async () => {
  await ext?.close();
  await demo?.close();
});

/** Puts text into a text box the way a paste does (one input event). */
async function paste(page: Page, name: string, text: string) {
  const box = await byRole(page, 'textbox', name);
  await box.evaluate((el, value) => {
    (el as HTMLTextAreaElement).value = value;
    el.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
  }, text);
}

async function setNumber(page: Page, name: string, value: number) {
  const box = await byRole(page, 'spinbutton', name);
  await box.click({ count: 3 });
  await box.type(String(value));
}

const mockText = (page: Page) => page.$eval('pre[aria-label="Mock values"]', (el) => el.textContent ?? '');

const OPENAPI = `openapi: 3.0.3
info: { title: Pets, version: '1' }
paths:
  /pets:
    post:
      summary: Add a pet
      responses:
        '201':
          description: Created
          headers:
            Location: { required: true, schema: { type: string, format: uri } }
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Pet' }
            application/xml:
              schema: { $ref: '#/components/schemas/Pet' }
        '400': { description: Bad input }
components:
  schemas:
    Pet:
      type: object
      required: [id, name]
      properties:
        id: { type: integer, minimum: 1 }
        name: { type: string, x-faker: animal.petName }
`;

describe('Mock API', () => {
  it('mocks a schema by seed and count, copies, and hands the body to the REST client', async () => {
    const page = await ext.browser.newPage();
    await page.setViewport({ width: 1280, height: 330 });
    await page.goto(workspace('#/mock-api'));
    await (await byRole(page, 'button', 'Try an example')).click();
    await page.waitForSelector('pre[aria-label="Mock values"]');
    await setNumber(page, 'Seed', 42);
    await page.waitForFunction(() =>
      document.querySelector('[aria-label="Validation"]')?.textContent?.includes('seed 42'),
    );
    const one = JSON.parse(await mockText(page)) as Record<string, unknown>;
    expect(one.email).toMatch(/@/);
    await setNumber(page, 'Count', 3);
    await page.waitForFunction(() =>
      document.querySelector('pre[aria-label="Mock values"]')?.textContent?.trim().startsWith('['),
    );
    const three = JSON.parse(await mockText(page)) as unknown[];
    expect(three).toHaveLength(3);
    expect(three[0]).toEqual(one);
    expect(await seriousViolations(page)).toEqual([]);

    await (await byRole(page, 'button', 'Copy')).click();
    await page.waitForFunction(() => document.body.textContent?.includes('Copied to the clipboard.'));
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(JSON.parse(copied)).toEqual(three);

    await (await byRole(page, 'button', 'Open in JSON Tools')).click();
    await page.waitForFunction(() => location.hash.startsWith('#/json-tools'));
    // JSON Tools shows the same values, formatted (the first email is on its own line).
    await page.waitForFunction(
      (email) => document.querySelector('[aria-label="Formatted document"]')?.textContent?.includes(email),
      { timeout: 20_000 },
      (three[0] as { email: string }).email,
    );
    await page.goBack();
    await page.waitForFunction(() => location.hash.startsWith('#/mock-api'));

    await (await byRole(page, 'button', 'Use as request body')).click();
    await page.waitForFunction(() => location.hash.startsWith('#/rest-client'));
    await page.waitForFunction(
      (text) => [...document.querySelectorAll('textarea')].some((t) => t.value === text),
      { timeout: 10_000 },
      copied,
    );
    await page.close();
  });

  it('names the keyword of an unsatisfiable schema', async () => {
    const page = await ext.browser.newPage();
    await page.goto(workspace('#/mock-api'));
    await paste(page, 'JSON Schema', '{"type": "string", "minLength": 5, "maxLength": 2}');
    await page.waitForSelector('[role="alert"]');
    const alert = await page.$eval('[role="alert"]', (el) => el.textContent ?? '');
    expect(alert).toMatch(/No value satisfies the schema: “(minLength|maxLength)” at \/(minLength|maxLength)/);
    await page.close();
  });

  it('mocks each response of an OpenAPI operation with its headers', async () => {
    const page = await ext.browser.newPage();
    await page.goto(workspace('#/mock-api?source=openapi'));
    await paste(page, 'OpenAPI document (YAML or JSON)', OPENAPI);
    const select = await byRole(page, 'combobox', 'Operation');
    expect(await select.evaluate((el) => (el as HTMLSelectElement).value)).toBe('POST /pets');
    await page.waitForSelector('ul[aria-label="Response headers"]');
    const headers = await page.$$eval('ul[aria-label="Response headers"] li', (els) =>
      els.map((el) => el.textContent ?? ''),
    );
    expect(headers[0]).toBe('Content-Type: application/json');
    expect(headers[1]).toMatch(/^Location: https?:\/\//);
    const pet = JSON.parse(await mockText(page)) as { id: number; name: string };
    expect(pet.id).toBeGreaterThanOrEqual(1);
    expect(typeof pet.name).toBe('string');
    // The response's other content type: headers stay, the body is not mocked as JSON.
    await (await byRole(page, 'combobox', 'Content type')).select('application/xml');
    await page.waitForFunction(() =>
      document.querySelector('.mock-response-head [role="alert"]')?.textContent?.includes('application/xml'),
    );
    expect(await seriousViolations(page)).toEqual([]);
    await (await byRole(page, 'radio', '400 Bad input')).click();
    await page.waitForFunction(() => !document.querySelector('pre[aria-label="Mock values"]'));
    await page.close();
  });

  it('"Mock this response" in the REST client infers the schema and mocks it', async () => {
    const page = await ext.browser.newPage();
    await page.goto(workspace('#/rest-client'));
    const url = await byRole(page, 'textbox', 'URL');
    await url.type(`${demo.origin}/api/items`);
    await page.keyboard.press('Enter');
    await (await byRole(page, 'button', 'Mock this response', 15_000)).click();
    await page.waitForFunction(() => location.hash.startsWith('#/mock-api'));
    await page.waitForSelector('pre[aria-label="Mock values"]');
    const value = JSON.parse(await mockText(page)) as { items: unknown[] };
    expect(Array.isArray(value.items)).toBe(true);
    const schema = await (
      await byRole(page, 'textbox', 'JSON Schema')
    ).evaluate((el) => (el as HTMLTextAreaElement).value);
    expect(JSON.parse(schema)).toMatchObject({ type: 'object', required: ['items'] });
    await page.close();
  });
});

describe('Fake Data', () => {
  it('previews at once, generates in the worker with progress and Cancel, copies, and saves the definition', async () => {
    const page = await ext.browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(workspace('#/fake-data'));
    const preview = await byRole(page, 'region', 'Preview of the first rows');
    await page.waitForFunction(
      () => document.querySelectorAll('[aria-label="Preview of the first rows"] tbody tr').length === 10,
    );
    expect(await preview.evaluate((el) => el.querySelector('thead')?.textContent)).toContain('email');

    await setNumber(page, 'Rows', 100000);
    await (await byRole(page, 'button', 'Generate')).click();
    await byRole(page, 'progressbar', 'Generating rows');
    await (await byRole(page, 'button', 'Cancel')).click();
    await page.waitForFunction(() => document.body.textContent?.includes('Cancelled after'));

    await setNumber(page, 'Rows', 2000);
    await (await byRole(page, 'button', 'Generate')).click();
    await page.waitForSelector('pre[aria-label="Generated data"]', { timeout: 30_000 });
    await (await byRole(page, 'button', 'Copy')).click();
    await page.waitForFunction(() => document.body.textContent?.includes('Copied to the clipboard.'));
    const rows = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as Record<string, unknown>[];
    expect(rows).toHaveLength(2000);
    expect(rows[1]!.id).toBe(2);
    expect(await seriousViolations(page)).toEqual([]);
    const previewFirst = await page.$eval(
      '[aria-label="Preview of the first rows"] tbody tr td:nth-child(2)',
      (el) => el.textContent,
    );
    expect(rows[0]!.first_name).toBe(previewFirst);

    // Another locale is loaded when chosen: its names and places replace the first row's.
    const firstRow = () =>
      page.$eval('[aria-label="Preview of the first rows"] tbody tr', (el) => el.textContent ?? '');
    const before = await firstRow();
    const locale = await byRole(page, 'combobox', 'Locale');
    await locale.select('de');
    await page.waitForFunction(
      (text) => document.querySelector('[aria-label="Preview of the first rows"] tbody tr')?.textContent !== text,
      {},
      before,
    );

    const name = await byRole(page, 'textbox', 'Data set name');
    await name.click({ count: 3 });
    await name.type('customers');
    await (await byRole(page, 'button', 'Save')).click();
    await page.waitForFunction(() => document.body.textContent?.includes('Saved “customers”.'));
    await page.reload();
    const saved = await byRole(page, 'combobox', 'Saved');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('option')].some((o) => o.textContent === 'customers'),
    );
    await saved.select('customers');
    await page.waitForFunction(() => (document.querySelector('select') as HTMLSelectElement | null) !== null);
    const localeValue = await (
      await byRole(page, 'combobox', 'Locale')
    ).evaluate((el) => (el as HTMLSelectElement).value);
    expect(localeValue).toBe('de');
    await page.close();
  });
});
