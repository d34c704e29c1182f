import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../scripts/lib/demo-server.ts';
import { launchWithExtension, type LaunchedExtension } from '../../scripts/lib/launch.ts';
import { byRole, waitForText } from '../support/aria.ts';
import { seriousViolations } from '../support/axe.ts';
import { clickMenu } from '../support/menu.ts';

let ext: LaunchedExtension;
let demo: DemoServer;
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
async function paste(page: Page, role: string, name: string, text: string) {
  const box = await byRole(page, role, name);
  await box.focus();
  await box.evaluate((el, value) => {
    (el as HTMLTextAreaElement).value = value;
    el.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
  }, text);
}

const DOC = `{
  "id": 12345678901234567890,
  "price": 1.10,
  "items": [
    { "id": 1, "name": "pen" },
    { "id": 2, "name": "ink" }
  ]
}`;

const shownLines = (page: Page, region: string) =>
  page.$$eval(`[role="region"][aria-label="${region}"] .jt-row .jt-code`, (els) =>
    els.map((el) => el.textContent ?? ''),
  );

describe('JSON Tools', () => {
  it('formats with exact numbers, folds, shows a line path, and lists every syntax error', async () => {
    const page = await ext.browser.newPage();
    await page.setViewport({ width: 1280, height: 600 });
    await page.goto(workspace('#/converter'));
    await (await byRole(page, 'link', 'JSON Tools')).click();
    await paste(page, 'textbox', 'JSON document', DOC.replace(/\n\s*/g, ' '));
    await waitForText(page, 'region', 'Formatted document', /12345678901234567890/);
    expect((await shownLines(page, 'Formatted document')).slice(0, 3)).toEqual([
      '{',
      '  "id": 12345678901234567890,',
      '  "price": 1.10,',
    ]);
    await (await byRole(page, 'button', 'Collapse line 4')).click();
    await waitForText(page, 'region', 'Formatted document', /… 8 lines ]/);
    await (await byRole(page, 'button', 'Expand line 4')).click();
    // A line's path, and copying it.
    await page.click('[data-line="6"]');
    await page.waitForFunction(() => document.querySelector('.jt-path code')?.textContent === "$['items'][0]['id']");
    await (await byRole(page, 'button', 'Copy path')).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("$['items'][0]['id']");

    const indent = await byRole(page, 'combobox', 'Indent');
    await indent.select('minify');
    await waitForText(page, 'region', 'Formatted document', /\{"id":12345678901234567890,"price":1\.10,"items"/);

    await paste(page, 'textbox', 'JSON document', '{\n  "a": 1\n  "b": [1,],\n  c: 2\n}');
    const errors = await waitForText(page, 'list', 'Syntax errors', /Unquoted/);
    expect(errors.split('\n').map((l) => l.replace(/\s+/g, ' ').trim().split('.')[0])).toEqual([
      'Line 3, column 3: Comma expected',
      'Line 3, column 10: Trailing comma',
      'Line 4, column 3: Unquoted text',
    ]);
    // Each error is also marked at its place in the document box, named by line, column and message.
    // (Chromium names the img role "image" in its accessibility tree.)
    const mark = await byRole(page, 'image', 'Syntax error, line 4, column 3: Unquoted text');
    expect(await page.$$eval('.jt-mark', (els) => els.length)).toBe(3);
    const area = await byRole(page, 'textbox', 'JSON document');
    const [markBox, areaBox] = [(await mark.boundingBox())!, (await area.boundingBox())!];
    // Border 1 px + padding 6 px, then three 18 px lines; padding 8 px, then two characters.
    expect(Math.abs(markBox.y - (areaBox.y + 7 + 3 * 18))).toBeLessThanOrEqual(2);
    expect(markBox.x).toBeGreaterThan(areaBox.x + 9 + 8);
    expect(markBox.x).toBeLessThan(areaBox.x + 9 + 3 * 9);
    expect(await mark.evaluate((el) => el.getAttribute('title'))).toMatch(/Unquoted text\. .*"c"/);
    // Activating an error in the list selects its place in the box.
    const items = await page.$$('ul[aria-label="Syntax errors"] button');
    await items[2]!.click();
    expect(
      await area.evaluate((el) => [
        document.activeElement === el,
        (el as HTMLTextAreaElement).selectionStart,
        (el as HTMLTextAreaElement).value.slice(
          (el as HTMLTextAreaElement).selectionStart,
          (el as HTMLTextAreaElement).selectionEnd,
        ),
      ]),
    ).toEqual([true, 26, 'c']);
    expect(await seriousViolations(page)).toEqual([]);
    await (await byRole(page, 'checkbox', 'Allow comments (JSONC)')).click();
    await waitForText(page, 'list', 'Syntax errors', /^(?![\s\S]*Trailing)[\s\S]*Unquoted/);
    await page.close();
  });

  it('validates against a JSON Schema, and generates one that the document passes', async () => {
    const page = await ext.browser.newPage();
    await page.setViewport({ width: 1280, height: 600 });
    await page.goto(workspace('#/json-tools?mode=validate'));
    await paste(page, 'textbox', 'JSON document', DOC);
    await paste(
      page,
      'textbox',
      'JSON Schema ($schema picks the draft: 4, 6, 7, 2019-09, 2020-12)',
      JSON.stringify({
        $schema: 'http://json-schema.org/draft-07/schema#',
        properties: { price: { type: 'string' }, items: { items: { required: ['sku'] } } },
      }),
    );
    const text = await waitForText(page, 'list', 'Schema errors', /sku/);
    expect(text).toContain('Line 3, column 12: /price');
    expect(text).toContain('Line 5, column 5: /items/0');
    expect(text).toContain('#/properties/price/type');

    await (await byRole(page, 'tab', 'Generate schema')).click();
    await waitForText(
      page,
      'generic',
      'Generated schema',
      /"\$schema": "http:\/\/json-schema\.org\/draft-07\/schema#"/,
    ).catch(async () => waitForText(page, 'region', 'Generated schema', /draft-07/));
    await (await byRole(page, 'button', 'Validate with it')).click();
    await page.waitForSelector('[role="tab"][aria-selected="true"]#jt-tab-validate');
    await waitForText(page, 'region', 'Schema validation', /Valid against the schema \(draft-07\)/);
    await page.close();
  });

  it('compares by key (a move, not all new) and gives a JSON Patch', async () => {
    const page = await ext.browser.newPage();
    await page.setViewport({ width: 1280, height: 600 });
    await page.goto(workspace('#/json-tools?mode=compare'));
    await paste(page, 'textbox', 'JSON document', DOC);
    await paste(
      page,
      'textbox',
      'Compare with (the document on the left is the original)',
      DOC.replace('"pen"', '"Pen"')
        .replace(/\{ "id": 1, "name": "Pen" \},\n\s*(\{ "id": 2, "name": "ink" \})/, '$1, { "id": 1, "name": "Pen" }')
        .replace('12345678901234567890', '12345678901234567891'),
    );
    await (await byRole(page, 'textbox', 'Match array items by key')).type('id');
    await page.waitForFunction(
      () => document.querySelector('pre[aria-label="JSON Patch"]')?.textContent?.includes('move'),
      { timeout: 10_000 },
    );
    const patch = await page.$eval('pre[aria-label="JSON Patch"]', (el) => el.textContent ?? '');
    // The big number is compared and written exactly (JSON.parse would round it: compare the text).
    expect(JSON.parse(patch.replace('12345678901234567891', '"big"'))).toEqual([
      { op: 'replace', path: '/id', value: 'big' },
      { op: 'replace', path: '/items/0/name', value: 'Pen' },
      { op: 'move', from: '/items/1', path: '/items/0' },
    ]);
    const changes = await page.$$eval('[role="region"][aria-label="Differences"] tbody tr td:first-child', (els) =>
      els.map((el) => el.textContent),
    );
    expect(changes).toEqual(['changed', 'changed', 'moved']);
    expect(patch).toContain('"value": 12345678901234567891');
    await page.close();
  });

  it('evaluates JSONPath as typed, marks the matches, and positions a bad selector', async () => {
    const page = await ext.browser.newPage();
    await page.setViewport({ width: 1280, height: 600 });
    await page.goto(workspace('#/json-tools'));
    await paste(page, 'textbox', 'JSON document', DOC);
    await (await byRole(page, 'tab', 'JSONPath')).click();
    await paste(page, 'textbox', 'JSONPath selector (RFC 9535)', '$.items[?@.id > 1].name');
    const selector = await byRole(page, 'textbox', 'JSONPath selector (RFC 9535)');
    const matches = await waitForText(page, 'list', 'Matches', /\$\['items'\]\[1\]/);
    expect(matches).toContain("$['items'][1]['name']");
    await page.waitForSelector('.jt-row.jt-hit');
    expect(await page.$eval('.jt-row.jt-hit', (el) => el.getAttribute('data-line'))).toBe('11');
    // Filters compare numbers as doubles: the document's big id is pointed out.
    const note = await byRole(page, 'note', 'Number precision');
    expect(await note.evaluate((el) => el.textContent)).toMatch(
      /1 number beyond double precision \(first: 12345678901234567890 at line 2, column 9, which is 12345678901234567000 as a double\)/,
    );
    // With a document, matches, fold buttons and a selected line on screen, axe still finds nothing serious.
    await page.click('[data-line="5"]');
    expect(await seriousViolations(page)).toEqual([]);
    await selector.press('End');
    await selector.type('[');
    await page.waitForFunction(
      () => /Column \d+/.test(document.querySelector('#jt-selector-error [role="alert"]')?.textContent ?? ''),
      { timeout: 10_000 },
    );
    const alert = await page.$eval('#jt-selector-error [role="alert"]', (el) => el.textContent ?? '');
    expect(alert).toContain('Column 25: Expected');
    expect(await selector.evaluate((el) => el.getAttribute('aria-invalid'))).toBe('true');
    await page.close();
  });

  it('runs JMESPath and JSONata, and stops a runaway expression without freezing', async () => {
    const page = await ext.browser.newPage();
    await page.setViewport({ width: 1280, height: 600 });
    await page.goto(workspace('#/json-tools?mode=query'));
    await paste(page, 'textbox', 'JSON document', DOC);
    await paste(page, 'textbox', 'Expression', 'items[].name');
    await waitForText(page, 'region', 'Query result', /"pen",\s*"ink"/);
    await (await byRole(page, 'combobox', 'Language')).select('jsonata');
    await paste(page, 'textbox', 'Expression', '($f := function($x){ $f($x) }; $f(1))');
    await waitForText(page, 'region', 'Query result', /Stopped after 3 s/, 20_000);
    // The panel stayed responsive, and the next expression runs in a fresh worker.
    await paste(page, 'textbox', 'Expression', '$count(items)');
    await waitForText(page, 'region', 'Query result', /^[\s\S]*\b2\b/);
    await page.close();
  });

  it('opens selected JSON from the context menu', async () => {
    const page = await clickMenu(
      ext,
      { menuItemId: 'open-selection', selectionText: '{"big": 12345678901234567890}' },
      '#/json-tools',
    );
    await waitForText(page, 'region', 'Formatted document', /"big": 12345678901234567890/);
    await page.close();
  });

  it('says when a response filter meets numbers beyond double precision, instead of rounding in silence', async () => {
    const page = await ext.browser.newPage();
    await page.setViewport({ width: 1280, height: 700 });
    await page.goto(workspace('#/rest-client'));
    await (await byRole(page, 'textbox', 'URL')).type(`${demo.origin}/api/ledger`);
    await page.click('form[aria-label="Request"] button[type="submit"]');
    await waitForText(page, 'region', 'Response body', /12345678901234567890/);
    const filter = await byRole(page, 'searchbox', 'Filter the body (JSONPath or JMESPath)');
    await filter.type('$.accounts[*].id');
    await waitForText(page, 'region', 'Response body', /12345678901234567891/);
    expect(await page.$('.body-panel [role="note"][aria-label="Number precision"]')).toBeNull();
    await filter.click({ count: 3 });
    await filter.type('accounts[].id');
    const note = await waitForText(page, 'note', 'Number precision', /3 numbers beyond double precision/);
    expect(note).toContain('first: 12345678901234567890 at line 1, column 22, which is 12345678901234567000 as a double');
    await page.close();
  });

  it('filters a REST response with JSONPath or JMESPath, opens it in JSON Tools, and sends a result back as a request body', async () => {
    const page = await ext.browser.newPage();
    await page.setViewport({ width: 1280, height: 700 });
    await page.goto(workspace('#/rest-client'));
    const url = await byRole(page, 'textbox', 'URL');
    await url.type(`${demo.origin}/api/items`);
    await page.click('form[aria-label="Request"] button[type="submit"]');
    await waitForText(page, 'region', 'Response body', /Red shoes/);
    const filter = await byRole(page, 'searchbox', 'Filter the body (JSONPath or JMESPath)');
    await filter.type('$.items[?@.price > 40].name');
    expect(
      await waitForText(page, 'note', 'JSONPath filter: 1 match', /1 match/).catch(() =>
        page.$eval('.body-panel .body-note', (el) => el.textContent ?? ''),
      ),
    ).toBe('JSONPath filter: 1 match');
    await waitForText(page, 'region', 'Response body', /^(?![\s\S]*Red shoes)[\s\S]*Blue shoes/);
    await filter.click({ count: 3 });
    await filter.type('items[].id');
    await waitForText(page, 'region', 'Response body', /^(?![\s\S]*shoes)[\s\S]*1,[\s\S]*2/);
    await filter.type('[');
    await page.waitForSelector('.body-panel [role="alert"]');

    await (await byRole(page, 'button', 'Open in JSON Tools')).click();
    await waitForText(page, 'region', 'Formatted document', /"name": "Red shoes"/);
    expect(await page.$eval('label[for="jt-text"]', (el) => el.textContent)).toContain(
      `the response of GET ${demo.origin}/api/items`,
    );
    await (await byRole(page, 'button', 'Use as request body')).click();
    await page.waitForFunction(
      () =>
        (document.querySelector('textarea[aria-label="Body"]') as HTMLTextAreaElement | null)?.value.includes(
          'Red shoes',
        ),
      { timeout: 10_000 },
    );
    expect(page.url()).toContain('#/rest-client');
    await page.close();
  });
});
