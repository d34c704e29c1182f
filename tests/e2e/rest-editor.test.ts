import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer, type RecordedRequest } from '../../scripts/lib/demo-server.ts';
import { launchWithExtension, type LaunchedExtension } from '../../scripts/lib/launch.ts';
import { byRole, waitForText } from '../support/aria.ts';
import { all, checkedOf, fileInput, fill, nth, seenBy, valueOf } from '../support/page-tools.ts';

let demo: DemoServer;
let ext: LaunchedExtension;
let files: string;
const origin = () => `chrome-extension://${ext.extensionId}`;

beforeAll(async () => {
  demo = await startDemoServer();
  ext = await launchWithExtension('dist/chrome');
  await ext.browser.defaultBrowserContext().overridePermissions(origin(), ['clipboard-read', 'clipboard-write']);
  files = mkdtempSync(join(tmpdir(), 'rest-editor-files-'));
});

afterAll(async () => {
  await ext?.close();
  await demo?.close();
  if (files) rmSync(files, { recursive: true, force: true });
});

async function openRest(): Promise<Page> {
  const page = await ext.browser.newPage();
  await page.goto(`${origin()}/panel/index.html#/converter`);
  await (await byRole(page, 'link', 'REST Client')).click();
  await byRole(page, 'textbox', 'URL');
  return page;
}

async function setUrl(page: Page, url: string) {
  await fill(await byRole(page, 'textbox', 'URL'), url);
}

async function choose(page: Page, combobox: string, value: string, index = 0) {
  await (await nth(page, 'combobox', combobox, index)).select(value);
}

async function openPart(page: Page, part: 'query' | 'headers' | 'body' | 'auth') {
  await (await byRole(page, 'tab', `Request ${part}`)).click();
}

const seen = (marker: string) => seenBy(demo, marker);

/** Clicks Send, waits for the server and for the editor to be ready again (the Send button is back). */
async function sendAndWait(page: Page, marker: string): Promise<RecordedRequest> {
  await (await byRole(page, 'button', 'Send')).click();
  const request = await seen(marker);
  await waitForText(page, 'status', 'Response status', /\b\d{3}\b/);
  await byRole(page, 'button', 'Send');
  return request;
}

const header = (request: RecordedRequest, name: string) =>
  request.rawHeaders.filter(([n]) => n.toLowerCase() === name.toLowerCase()).map(([, v]) => v);

let mark = 0;
const unique = (label: string) => `${label}-${++mark}-${Date.now().toString(36)}`;

describe('REST client request editor', () => {
  it('sends every common method and a custom one', async () => {
    const page = await openRest();
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']) {
      const marker = unique(`method-${method}`);
      await choose(page, 'Method', method);
      await setUrl(page, `${demo.origin}/echo?m=${marker}`);
      const request = await sendAndWait(page, marker);
      expect(request.method).toBe(method);
    }
    const marker = unique('method-custom');
    await choose(page, 'Method', '__custom__');
    await fill(await byRole(page, 'textbox', 'Custom method'), 'PURGE');
    await setUrl(page, `${demo.origin}/echo?m=${marker}`);
    expect((await sendAndWait(page, marker)).method).toBe('PURGE');
    // A method name must be a token: a space is refused before anything is sent.
    await fill(await byRole(page, 'textbox', 'Custom method'), 'NOT VALID');
    const before = demo.requests.length;
    await (await byRole(page, 'button', 'Send')).click();
    const alert = await page.waitForSelector('::-p-aria([role="alert"])');
    expect(await alert!.evaluate((el) => el.textContent)).toContain('"NOT VALID" is not a valid HTTP method name');
    expect(demo.requests.length).toBe(before);
    await page.close();
  });

  it('JSON body: validates with line and column, formats, and sends the text as application/json', async () => {
    const page = await openRest();
    const marker = unique('json');
    await choose(page, 'Method', 'POST');
    await setUrl(page, `${demo.origin}/echo?m=${marker}`);
    await openPart(page, 'body');
    await choose(page, 'Body type', 'json');
    const body = await byRole(page, 'textbox', 'Body');
    await body.type('{"name": "Blue ü",\n"big": 12345678901234567890,\n"tags" ["a"]}');
    const problem = await page.waitForSelector('#rest-json-problem');
    expect(await problem!.evaluate((el) => el.textContent)).toMatch(/^Invalid JSON at line 3, column 8: /);
    const format = await byRole(page, 'button', 'Format JSON');
    expect(await format.evaluate((el) => (el as HTMLButtonElement).disabled)).toBe(true);
    await fill(body, '{"name":"Blue ü","big":12345678901234567890,"tags":["a"],"none":{}}');
    await page.waitForFunction(() => !document.querySelector('#rest-json-problem'));
    await format.click();
    const formatted =
      '{\n  "name": "Blue ü",\n  "big": 12345678901234567890,\n  "tags": [\n    "a"\n  ],\n  "none": {}\n}';
    expect(await valueOf(body)).toBe(formatted);
    const request = await sendAndWait(page, marker);
    expect(request.body.toString('utf8')).toBe(formatted);
    expect(header(request, 'content-type')).toEqual(['application/json']);
    await page.close();
  });

  it('text body: the exact text, text/plain unless a Content-Type header is set', async () => {
    const page = await openRest();
    const marker = unique('text');
    await choose(page, 'Method', 'PUT');
    await setUrl(page, `${demo.origin}/echo?m=${marker}`);
    await openPart(page, 'body');
    await choose(page, 'Body type', 'text');
    await (await byRole(page, 'textbox', 'Body')).type('line 1\nzwei: ü €\n');
    const plain = await sendAndWait(page, marker);
    expect(plain.body.toString('utf8')).toBe('line 1\nzwei: ü €\n');
    expect(header(plain, 'content-type')).toEqual(['text/plain; charset=utf-8']);

    const typed = unique('text-typed');
    await setUrl(page, `${demo.origin}/echo?m=${typed}`);
    await openPart(page, 'headers');
    await (await byRole(page, 'button', 'Add header')).click();
    await (await nth(page, 'textbox', 'Header name', 0)).type('Content-Type');
    await (await nth(page, 'textbox', 'Header value', 0)).type('text/csv');
    const csv = await sendAndWait(page, typed);
    expect(header(csv, 'content-type')).toEqual(['text/csv']);
    await page.close();
  });

  it('form body: rows encoded as application/x-www-form-urlencoded, disabled rows left out', async () => {
    const page = await openRest();
    const marker = unique('form');
    await choose(page, 'Method', 'POST');
    await setUrl(page, `${demo.origin}/echo?m=${marker}`);
    await openPart(page, 'body');
    await choose(page, 'Body type', 'form');
    await (await nth(page, 'textbox', 'Field name', 0)).type('q');
    await (await nth(page, 'textbox', 'Field value', 0)).type('a b&c=d%e#f+g ü');
    await (await byRole(page, 'button', 'Add field')).click();
    await (await nth(page, 'textbox', 'Field name', 1)).type('off');
    await (await nth(page, 'textbox', 'Field value', 1)).type('1');
    await (await nth(page, 'checkbox', 'Include field', 1)).click();
    await (await byRole(page, 'button', 'Add field')).click();
    await (await nth(page, 'textbox', 'Field name', 2)).type('n');
    await (await nth(page, 'textbox', 'Field value', 2)).type('2');
    const request = await sendAndWait(page, marker);
    expect(request.body.toString('latin1')).toBe('q=a+b%26c%3Dd%25e%23f%2Bg+%C3%BC&n=2');
    expect(header(request, 'content-type')).toEqual(['application/x-www-form-urlencoded']);
    await page.close();
  });

  it('multipart body: a text field and a real file upload, parts as the server saw them', async () => {
    const page = await openRest();
    const marker = unique('multipart');
    const fileBytes = Buffer.from([0x00, 0x01, 0xff, 0x0d, 0x0a, 0x2d, 0x2d, 0x41, 0xfe]);
    const path = join(files, 'report.txt');
    writeFileSync(path, fileBytes);
    await choose(page, 'Method', 'POST');
    await setUrl(page, `${demo.origin}/echo?m=${marker}`);
    await openPart(page, 'body');
    await choose(page, 'Body type', 'multipart');
    await (await nth(page, 'textbox', 'Part name', 0)).type('title');
    await (await nth(page, 'textbox', 'Part value', 0)).type('Report ü');
    await (await byRole(page, 'button', 'Add part')).click();
    await (await nth(page, 'textbox', 'Part name', 1)).type('upload');
    await choose(page, 'Part type', 'file', 1);
    const input = await fileInput(page, 'Part file');
    await input.uploadFile(path);
    await page.waitForFunction(() => document.querySelector('.file-info')?.textContent?.includes('report.txt'));
    const request = await sendAndWait(page, marker);
    const [type] = header(request, 'content-type');
    const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(type ?? '')?.[1];
    expect(boundary).toBeDefined();
    const expected = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nReport ü\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="upload"; filename="report.txt"\r\n` +
          'Content-Type: text/plain\r\n\r\n',
      ),
      fileBytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    expect(request.body.equals(expected)).toBe(true);
    await page.close();
  });

  it('binary body: the chosen file’s bytes exactly, with its type', async () => {
    const page = await openRest();
    const marker = unique('binary');
    const all256 = Buffer.from([...Array(256).keys()]);
    const path = join(files, 'blob.bin');
    writeFileSync(path, all256);
    await choose(page, 'Method', 'PUT');
    await setUrl(page, `${demo.origin}/echo?m=${marker}`);
    await openPart(page, 'body');
    await choose(page, 'Body type', 'binary');
    // Sending without a file says what is missing.
    await (await byRole(page, 'button', 'Send')).click();
    const alert = await page.waitForSelector('::-p-aria([role="alert"])');
    expect(await alert!.evaluate((el) => el.textContent)).toContain('Choose the file to send as the body.');
    const input = await fileInput(page, 'Body file');
    await input.uploadFile(path);
    await page.waitForFunction(() => document.querySelector('.file-info')?.textContent?.includes('blob.bin'));
    const request = await sendAndWait(page, marker);
    expect(request.body.equals(all256)).toBe(true);
    expect(header(request, 'content-type')).toEqual(['application/octet-stream']);
    await page.close();
  });

  it('query builder: rows follow the URL, edits are percent-encoded, the server gets the exact target', async () => {
    const page = await openRest();
    const marker = unique('query');
    await setUrl(page, `${demo.origin}/echo?m=${marker}&keep=a+b%2Fc&edit=old`);
    await openPart(page, 'query');
    expect(await Promise.all((await all(page, 'textbox', 'Parameter name')).map(valueOf))).toEqual([
      'm',
      'keep',
      'edit',
    ]);
    expect(await valueOf(await nth(page, 'textbox', 'Parameter value', 1))).toBe('a+b/c');
    await fill(await nth(page, 'textbox', 'Parameter value', 2), 'a b&c=d%e#f+g ü');
    const url = await byRole(page, 'textbox', 'URL');
    const target = `/echo?m=${marker}&keep=a+b%2Fc&edit=a%20b%26c%3Dd%25e%23f%2Bg%20%C3%BC`;
    expect(await valueOf(url)).toBe(`${demo.origin}${target}`);
    expect((await sendAndWait(page, marker)).target).toBe(target);

    // Disabled rows leave the URL and come back in place; added rows are appended; URL edits flow back.
    const second = unique('query2');
    await fill(await nth(page, 'textbox', 'Parameter value', 0), second);
    await (await nth(page, 'checkbox', 'Include parameter', 1)).click();
    expect(await valueOf(url)).toBe(`${demo.origin}/echo?m=${second}&edit=a%20b%26c%3Dd%25e%23f%2Bg%20%C3%BC`);
    await (await byRole(page, 'button', 'Add parameter')).click();
    await (await nth(page, 'textbox', 'Parameter name', 3)).type('new key');
    await (await nth(page, 'textbox', 'Parameter value', 3)).type('1');
    await (await nth(page, 'checkbox', 'Include parameter', 1)).click();
    const expectedTarget = `/echo?m=${second}&keep=a+b%2Fc&edit=a%20b%26c%3Dd%25e%23f%2Bg%20%C3%BC&new%20key=1`;
    expect(await valueOf(url)).toBe(`${demo.origin}${expectedTarget}`);
    await url.click();
    await page.keyboard.press('End');
    await page.keyboard.type('&z=%E2%82%AC');
    await page.waitForFunction(() => document.querySelectorAll('input[aria-label="Parameter name"]').length === 5);
    expect(await valueOf(await nth(page, 'textbox', 'Parameter name', 4))).toBe('z');
    expect(await valueOf(await nth(page, 'textbox', 'Parameter value', 4))).toBe('€');
    expect((await sendAndWait(page, second)).target).toBe(`${expectedTarget}&z=%E2%82%AC`);
    await page.close();
  });

  it('headers: enable and disable rows, name completion, and bulk edit as text', async () => {
    const page = await openRest();
    const marker = unique('headers');
    await setUrl(page, `${demo.origin}/echo?m=${marker}`);
    await openPart(page, 'headers');
    await (await byRole(page, 'button', 'Add header')).click();
    const name1 = await nth(page, 'textbox', 'Header name', 0);
    await name1.type('x-req');
    // Completion: the list offers X-Request-ID; arrow down and Enter take it.
    await byRole(page, 'option', 'X-Request-ID');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await valueOf(name1)).toBe('X-Request-ID');
    expect(await page.$('[role="listbox"]')).toBeNull();
    await (await nth(page, 'textbox', 'Header value', 0)).type('one');
    await (await byRole(page, 'button', 'Add header')).click();
    await (await nth(page, 'textbox', 'Header name', 1)).type('X-Off');
    await (await nth(page, 'textbox', 'Header value', 1)).type('no');
    await (await nth(page, 'checkbox', 'Send header', 1)).click();
    await (await byRole(page, 'button', 'Add header')).click();
    await (await nth(page, 'textbox', 'Header name', 2)).type('X-Spaces');
    await (await nth(page, 'textbox', 'Header value', 2)).type('a  b');
    const first = await sendAndWait(page, marker);
    expect(header(first, 'x-request-id')).toEqual(['one']);
    expect(header(first, 'x-off')).toEqual([]);
    expect(header(first, 'x-spaces')).toEqual(['a  b']);

    const bulkMarker = unique('bulk');
    await setUrl(page, `${demo.origin}/echo?m=${bulkMarker}`);
    await (await byRole(page, 'button', 'Bulk edit')).click();
    const bulk = await byRole(page, 'textbox', 'Bulk headers');
    expect(await valueOf(bulk)).toBe('X-Request-ID: one\n//X-Off: no\nX-Spaces: a  b');
    await fill(bulk, 'X-Bulk: yes\n// X-Commented: no\nX-Colon:  a:b  \nX-Request-ID: two');
    const second = await sendAndWait(page, bulkMarker);
    expect(header(second, 'x-bulk')).toEqual(['yes']);
    expect(header(second, 'x-commented')).toEqual([]);
    expect(header(second, 'x-colon')).toEqual(['a:b']);
    expect(header(second, 'x-request-id')).toEqual(['two']);
    // Back to rows: the bulk text became rows, the commented line a disabled row.
    await (await byRole(page, 'button', 'Bulk edit')).click();
    expect(await Promise.all((await all(page, 'textbox', 'Header name')).map(valueOf))).toEqual([
      'X-Bulk',
      'X-Commented',
      'X-Colon',
      'X-Request-ID',
    ]);
    expect(await Promise.all((await all(page, 'checkbox', 'Send header')).map(checkedOf))).toEqual([
      true,
      false,
      true,
      true,
    ]);
    await page.close();
  });

  it('auth helpers: Basic, Bearer, API key in a header and in the query', async () => {
    const page = await openRest();
    await openPart(page, 'auth');

    const basic = unique('basic');
    await setUrl(page, `${demo.origin}/echo?m=${basic}`);
    await choose(page, 'Auth type', 'basic');
    await (await byRole(page, 'textbox', 'Username')).type('jö');
    await (await byRole(page, 'textbox', 'Password')).type('p:w rd');
    expect(header(await sendAndWait(page, basic), 'authorization')).toEqual([
      `Basic ${Buffer.from('jö:p:w rd', 'utf8').toString('base64')}`,
    ]);

    const bearer = unique('bearer');
    await setUrl(page, `${demo.origin}/echo?m=${bearer}`);
    await choose(page, 'Auth type', 'bearer');
    await (await byRole(page, 'textbox', 'Token')).type('abc.def.ghi');
    expect(header(await sendAndWait(page, bearer), 'authorization')).toEqual(['Bearer abc.def.ghi']);

    const keyHeader = unique('key-header');
    await setUrl(page, `${demo.origin}/echo?m=${keyHeader}`);
    await choose(page, 'Auth type', 'apikey');
    await (await byRole(page, 'textbox', 'Key name')).type('X-API-Key');
    await (await byRole(page, 'textbox', 'Key value')).type('s3cret');
    const viaHeader = await sendAndWait(page, keyHeader);
    expect(header(viaHeader, 'x-api-key')).toEqual(['s3cret']);
    expect(header(viaHeader, 'authorization')).toEqual([]);

    const keyQuery = unique('key-query');
    await setUrl(page, `${demo.origin}/echo?m=${keyQuery}`);
    await choose(page, 'Add to', 'query');
    const viaQuery = await sendAndWait(page, keyQuery);
    expect(viaQuery.target).toBe(`/echo?m=${keyQuery}&X-API-Key=s3cret`);
    expect(header(viaQuery, 'x-api-key')).toEqual([]);
    // The key is added when sending; the URL field keeps what the user wrote.
    expect(await valueOf(await byRole(page, 'textbox', 'URL'))).toBe(`${demo.origin}/echo?m=${keyQuery}`);
    await page.close();
  });

  it('Ctrl+Enter sends once, from the URL field and from the body', async () => {
    const page = await openRest();
    const marker = unique('ctrl-enter');
    await setUrl(page, `${demo.origin}/echo?m=${marker}`);
    await page.keyboard.down('Control');
    await page.keyboard.press('Enter');
    await page.keyboard.up('Control');
    await seen(marker);
    await waitForText(page, 'status', 'Response status', /200/);
    await new Promise((r) => setTimeout(r, 300));
    expect(demo.requests.filter((r) => r.target.includes(marker))).toHaveLength(1);

    const fromBody = unique('ctrl-enter-body');
    await choose(page, 'Method', 'POST');
    await setUrl(page, `${demo.origin}/echo?m=${fromBody}`);
    await openPart(page, 'body');
    await choose(page, 'Body type', 'text');
    const body = await byRole(page, 'textbox', 'Body');
    await body.type('typed');
    await page.keyboard.down('Control');
    await page.keyboard.press('Enter');
    await page.keyboard.up('Control');
    expect((await seen(fromBody)).body.toString()).toBe('typed');
    expect(await valueOf(body)).toBe('typed');
    await page.close();
  });

  it('Cancel (and Esc) stop waiting for a slow response and make Send usable again', async () => {
    const page = await openRest();
    const marker = unique('slow');
    await setUrl(page, `${demo.origin}/slow?ms=4000&m=${marker}`);
    await (await byRole(page, 'button', 'Send')).click();
    await (await byRole(page, 'button', 'Cancel')).click();
    await page.waitForFunction(() => document.querySelector('.response-area')?.textContent?.includes('cancelled'));
    await byRole(page, 'button', 'Send');

    await (await byRole(page, 'button', 'Send')).click();
    await byRole(page, 'button', 'Cancel');
    await page.keyboard.press('Escape');
    await byRole(page, 'button', 'Send');
    expect(await page.$eval('.response-area', (el) => el.textContent)).toContain('Request cancelled.');
    await page.close();
  });

  it('send options: redirects are not followed unless asked; browser cookies are sent only when asked', async () => {
    const page = await openRest();
    const follow = await byRole(page, 'checkbox', 'Follow redirects');
    const cookies = await byRole(page, 'checkbox', 'Send browser cookies');
    expect(await checkedOf(follow)).toBe(false);
    expect(await checkedOf(cookies)).toBe(false);

    // The redirect's own URL names its target, so the target is matched by its path.
    const reached = (target: string) => demo.requests.some((r) => r.target === target);
    const stay = unique('no-follow');
    const stayTarget = `/echo?t=${unique('target')}`;
    await setUrl(page, `${demo.origin}/redirect?m=${stay}&to=${encodeURIComponent(stayTarget)}`);
    await sendAndWait(page, stay);
    await waitForText(page, 'status', 'Response status', /\b302\b/);
    await new Promise((r) => setTimeout(r, 300));
    expect(reached(stayTarget)).toBe(false);

    const go = unique('follow');
    const goTarget = `/echo?t=${unique('target')}`;
    await follow.click();
    await setUrl(page, `${demo.origin}/redirect?m=${go}&to=${encodeURIComponent(goTarget)}`);
    await (await byRole(page, 'button', 'Send')).click();
    const deadline = Date.now() + 10_000;
    while (!reached(goTarget) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    expect(reached(goTarget)).toBe(true);
    await waitForText(page, 'status', 'Response status', /\b200\b/);

    // A cookie the browser holds for the demo origin (set by visiting it in a tab).
    const tab = await ext.browser.newPage();
    await tab.goto(`${demo.origin}/set-cookie?name=jar&value=browser`);
    await tab.close();
    const without = unique('cookies-off');
    await setUrl(page, `${demo.origin}/echo?m=${without}`);
    expect(header(await sendAndWait(page, without), 'cookie')).toEqual([]);
    const withCookies = unique('cookies-on');
    await cookies.click();
    await setUrl(page, `${demo.origin}/echo?m=${withCookies}`);
    const sent = header(await sendAndWait(page, withCookies), 'cookie');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('jar=browser');
    await page.close();
  });

  it('pasting a curl command into the URL field imports it', async () => {
    const page = await openRest();
    const marker = unique('paste');
    const command = `curl -X PUT '${demo.origin}/echo?m=${marker}&q=a%20b' -H 'X-From: paste' -H 'Content-Type: application/json' --data-raw '{"a":1}'`;
    await page.evaluate((text) => navigator.clipboard.writeText(text), command);
    const url = await byRole(page, 'textbox', 'URL');
    await url.click();
    await page.keyboard.down('Control');
    await page.keyboard.press('KeyV', { commands: ['paste'] });
    await page.keyboard.up('Control');
    await page.waitForFunction(
      (u) => (document.querySelector('input[aria-label="URL"]') as HTMLInputElement).value === u,
      {},
      `${demo.origin}/echo?m=${marker}&q=a%20b`,
    );
    expect(await valueOf(await byRole(page, 'combobox', 'Method'))).toBe('PUT');
    expect(await valueOf(await byRole(page, 'combobox', 'Body type'))).toBe('json');
    expect(await valueOf(await byRole(page, 'textbox', 'Body'))).toBe('{"a":1}');
    await openPart(page, 'headers');
    expect(await Promise.all((await all(page, 'textbox', 'Header name')).map(valueOf))).toEqual([
      'X-From',
      'Content-Type',
    ]);
    await openPart(page, 'query');
    expect(await valueOf(await nth(page, 'textbox', 'Parameter value', 1))).toBe('a b');
    const request = await sendAndWait(page, marker);
    expect(request.method).toBe('PUT');
    expect(request.target).toBe(`/echo?m=${marker}&q=a%20b`);
    expect(header(request, 'x-from')).toEqual(['paste']);
    expect(header(request, 'content-type')).toEqual(['application/json']);
    expect(request.body.toString()).toBe('{"a":1}');

    // A plain URL pasted stays a URL.
    await fill(url, '');
    await page.evaluate(() => navigator.clipboard.writeText('http://127.0.0.1/plain'));
    await url.click();
    await page.keyboard.down('Control');
    await page.keyboard.press('KeyV', { commands: ['paste'] });
    await page.keyboard.up('Control');
    await page.waitForFunction(
      () => (document.querySelector('input[aria-label="URL"]') as HTMLInputElement).value === 'http://127.0.0.1/plain',
    );
    await page.close();
  });
});
