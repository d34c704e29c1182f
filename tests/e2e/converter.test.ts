import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { startDemoServer, type DemoServer } from '../../scripts/lib/demo-server.ts';
import { launchWithExtension, type LaunchedExtension } from '../../scripts/lib/launch.ts';
import { convert, listTargets } from '../../src/core/index.ts';
import { clickMenu as clickMenuItem } from '../support/menu.ts';
import { byRole, waitForText } from '../support/aria.ts';
import { chooseTarget, chosenTarget } from '../support/target-picker.ts';

let demo: DemoServer;
let ext: LaunchedExtension;
const origin = () => `chrome-extension://${ext.extensionId}`;

/** What each target's code must contain for a JSON POST: its idioms. */
const IDIOMS: Record<string, RegExp[]> = {
  'javascript-fetch': [/await fetch\(/, /JSON\.stringify\(\{/],
  'javascript-axios': [/import axios from 'axios'/, /axios\.post\(/],
  'node-https': [/from 'node:https'|require\('https'\)|import https/, /\.write\(/, /\.end\(\)/],
  'node-got': [/import got from 'got'/, /got\.post\(/, /json: \{ name: 'Blue shoes'/],
  'python-requests': [/import requests/, /requests\.post\(/],
  'python-httpx': [/import httpx/, /httpx\.post\(/],
  'python-http-client': [/import http\.client/, /http\.client\.HTTPSConnection\(/, /conn\.request\("POST"/],
  'go-net-http': [/http\.NewRequest\(/, /if err != nil/, /io\.ReadAll/],
  'rust-reqwest': [/reqwest::blocking::Client::builder\(\)/, /\?;/],
  'c-libcurl': [/#include <curl\/curl\.h>/, /curl_slist_append\(/, /curl_easy_setopt\(curl, CURLOPT_POSTFIELDS/],
  // google-java-format may break after an opening parenthesis.
  'java-httpclient': [
    /import java\.net\.http\.HttpClient;/,
    /HttpRequest\.newBuilder\(\)/,
    /\.POST\(\s*HttpRequest\.BodyPublishers/,
  ],
  'java-okhttp': [/import okhttp3\.OkHttpClient;/, /new Request\.Builder\(\)/, /\.post\(\s*RequestBody\.create\(/],
  'kotlin-okhttp': [/import okhttp3\.OkHttpClient$/m, /toRequestBody\(/, /\.use \{ response ->/],
  'php-curl': [/curl_setopt_array\(\$ch, \[/, /CURLOPT_HTTPHEADER =>/],
  'php-guzzle': [/use GuzzleHttp\\Client;/, /\$client->request\('POST'/],
  'csharp-httpclient': [/using System\.Net\.Http;/, /new HttpRequestMessage\(HttpMethod\.Post/, /Content\.Headers/],
  'ruby-net-http': [/require 'net\/http'/, /Net::HTTP::Post\.new\(uri\)/],
  'perl-lwp': [/use LWP::UserAgent;/, /HTTP::Request->new\(POST =>/],
  'r-httr': [/library\(httr\)/, /POST\(/, /add_headers\(/],
  httpie: [/^http --ignore-stdin POST https:\/\/api\.example\.com\/v1\/items/m, /X-Trace:abc/],
  wget: [/wget --quiet/, /--method=POST/, /--body-data=/],
  'http-raw': [/^POST \/v1\/items HTTP\/1\.1\r?$/m, /^Host: api\.example\.com\r?$/m],
  har: [/"version": "1\.2"/, /"method": "POST"/],
};

const COMMAND = `curl 'https://api.example.com/v1/items' \\
  -H 'Content-Type: application/json' \\
  -H 'X-Trace: abc' \\
  --cacert ca.pem \\
  -d '{"name":"Blue shoes","price":42.5}'`;

beforeAll(async () => {
  demo = await startDemoServer();
  ext = await launchWithExtension('dist/chrome');
  await ext.browser.defaultBrowserContext().overridePermissions(origin(), ['clipboard-read', 'clipboard-write']);
});

afterAll(async () => {
  await ext?.close();
  await demo?.close();
});

async function openConverter(): Promise<Page> {
  const page = await ext.browser.newPage();
  await page.goto(`${origin()}/panel/index.html#/converter`);
  await byRole(page, 'textbox', 'curl command');
  return page;
}

async function paste(page: Page, text: string) {
  const input = await byRole(page, 'textbox', 'curl command');
  await input.click();
  // One input event with the whole text, as a paste is.
  await page.evaluate((value) => {
    const area = document.querySelector('textarea[aria-label="curl command"]') as HTMLTextAreaElement;
    area.value = value;
    area.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
}

const codeText = (page: Page) =>
  page.$eval('[aria-label="Generated code"] pre.code-view', (el) => el.textContent ?? '');

describe('converter tab', () => {
  it('converts for every registered target, highlighted, with each target’s idioms', async () => {
    const page = await openConverter();
    await paste(page, COMMAND);
    for (const target of listTargets()) {
      await chooseTarget(page, 'Target language', target.id);
      // Wait for this target's output (several targets share a language, so match its idioms).
      const sources = (IDIOMS[target.id] ?? []).map((r) => r.source);
      await page
        .waitForFunction(
          (patterns: string[]) => {
            const code = document.querySelector('[aria-label="Generated code"] pre.code-view')?.textContent ?? '';
            return patterns.every((p) => new RegExp(p).test(code));
          },
          { timeout: 10_000 },
          sources,
        )
        .catch(() => undefined); // the assertions below report what is missing
      await page.waitForSelector('[aria-label="Generated code"] pre.code-view.shiki span[style]', { timeout: 15_000 });
      const code = await codeText(page);
      expect(IDIOMS[target.id], `idioms of ${target.id} for this test`).toBeDefined();
      for (const idiom of IDIOMS[target.id] ?? []) expect(code, `${target.id} ${idiom}`).toMatch(idiom);
      expect(code).toContain('X-Trace');
      // Highlighted, the view's text is the code itself, no line added at the end (its lines are split at
      // CRLF too: the raw HTTP message's CRs are not shown, and Copy gives the code as generated).
      expect(code, target.id).toBe(convert(COMMAND, target.id).code.replace(/\r\n/g, '\n'));
    }
    await page.close();
  });

  it('copies exactly the code, and Ctrl+Enter converts without inserting a newline', async () => {
    const page = await openConverter();
    await paste(page, "curl -X DELETE 'https://api.example.com/items/7'");
    const input = await byRole(page, 'textbox', 'curl command');
    await input.focus();
    await page.keyboard.down('Control');
    await page.keyboard.press('Enter');
    await page.keyboard.up('Control');
    expect(await page.$eval('textarea[aria-label="curl command"]', (el) => (el as HTMLTextAreaElement).value)).toBe(
      "curl -X DELETE 'https://api.example.com/items/7'",
    );
    await page.waitForFunction(() => document.querySelector('pre.code-view')?.textContent?.includes('items/7'));
    await (await byRole(page, 'button', 'Copy')).click();
    await waitForText(page, 'status', '', /Copied/).catch(() =>
      page.waitForFunction(() => document.body.textContent?.includes('Copied to the clipboard.')),
    );
    const clipboard = await page.evaluate(() => navigator.clipboard.readText());
    const target = (await chosenTarget(page, 'Target language'))!;
    expect(clipboard).toBe(convert("curl -X DELETE 'https://api.example.com/items/7'", target).code);
    await page.close();
  });

  it('lists warnings that select their span in the input', async () => {
    const page = await openConverter();
    await paste(page, COMMAND);
    const list = await page.waitForSelector('ul[aria-label="Warnings"] button');
    const label = await list!.evaluate((el) => el.textContent ?? '');
    expect(label).toContain('line 4, column 3');
    expect(label).toContain('--cacert');
    await list!.click();
    const selected = await page.$eval('textarea[aria-label="curl command"]', (el) => {
      const area = el as HTMLTextAreaElement;
      return area.value.slice(area.selectionStart, area.selectionEnd);
    });
    expect(selected).toBe('--cacert');
    expect(await page.$('mark.span-warning.active')).not.toBeNull();
    await page.close();
  });

  it('shows an error with its place and keeps the last good output', async () => {
    const page = await openConverter();
    await paste(page, "curl 'https://api.example.com/ok'");
    await page.waitForFunction(() => document.querySelector('pre.code-view')?.textContent?.includes('/ok'));
    await paste(page, "curl --data-rwa x 'https://api.example.com/ok'");
    const alert = await page.waitForSelector('.convert-error');
    const message = await alert!.evaluate((el) => el.textContent ?? '');
    expect(message).toContain('line 1, column 6');
    expect(message).toContain('did you mean --data-raw?');
    expect(message).toContain('last command that converted');
    expect(await codeText(page)).toContain('/ok');
    await page.close();
  });

  it('remembers the chosen target after a reload', async () => {
    const page = await openConverter();
    const last = listTargets().at(-1)!.id;
    await chooseTarget(page, 'Target language', last);
    await page.waitForFunction(
      async (id) =>
        ((await chrome.storage.local.get('settings')) as { settings?: { converterTarget?: string } }).settings
          ?.converterTarget === id,
      {},
      last,
    );
    await page.reload();
    await page.waitForFunction(
      (id) =>
        (document.querySelector('input[role="combobox"][aria-label="Target language"]') as HTMLInputElement | null)
          ?.dataset.target === id,
      {},
      last,
    );
    await page.close();
  });

  it("converts commands copied as cURL (cmd) and from PowerShell, loading their shell's tokenizer", async () => {
    const page = await openConverter();
    // The saved target (the tests after this one expect it unchanged).
    const target = await chosenTarget(page, 'Target language');
    if (target === undefined) throw new Error('No target is chosen');
    const showsCode = (expected: string) =>
      page.waitForFunction((want) => document.querySelector('pre.code-view')?.textContent === want, {}, expected);
    const cmd =
      'curl ^"https://api.example.com/v1/items^" ^\n  -H ^"X-Trace: cmd^" ^\n  --data-raw ^"^{^\\^"a^\\^":1^}^"';
    const fromCmd = convert(cmd, target);
    expect(fromCmd.dialect).toBe('cmd');
    await paste(page, cmd);
    await showsCode(fromCmd.code);
    expect(await page.$eval('p.detected', (el) => el.textContent)).toBe('Detected shell: Windows cmd');
    const shell = await byRole(page, 'combobox', 'Shell');
    await shell.select('powershell');
    const powershell = "curl.exe 'https://api.example.com/v1/items' `\n  -H 'X-Trace: ps'";
    await paste(page, powershell);
    await showsCode(convert(powershell, target, { dialect: 'powershell' }).code);
    expect(await page.$eval('p.detected', (el) => el.textContent)).toBe('Detected shell: PowerShell');
    await page.close();
  });

  it('lists several pasted commands and converts the chosen one', async () => {
    const page = await openConverter();
    await paste(page, "curl 'https://a.example/one' ;\ncurl 'https://a.example/two' -X PUT ;\n");
    await page.waitForSelector('fieldset.commands');
    const radios = await page.$$('fieldset.commands input[type="radio"]');
    expect(radios).toHaveLength(3);
    await radios[2]!.click();
    await page.waitForFunction(() => {
      const code = document.querySelector('pre.code-view')?.textContent ?? '';
      return code.includes('/two') && !code.includes('/one');
    });
    await page.close();
  });

  it('opens the parsed request in the REST client and sends it', async () => {
    const page = await openConverter();
    await paste(page, `curl '${demo.origin}/echo?from=converter' -H 'X-From: converter' -H "X-Token: $TOKEN"`);
    await page.waitForFunction(() => document.querySelector('pre.code-view')?.textContent?.includes('from=converter'));
    await (await byRole(page, 'button', 'Open in REST Client')).click();
    await page.waitForFunction(
      () => document.querySelector('a[href="#/rest-client"]')?.getAttribute('aria-current') === 'page',
    );
    // The editor takes the imported request in an effect after the tab switch: wait for it, then check exactly.
    await page
      .waitForFunction(() => (document.querySelector('input[aria-label="URL"]') as HTMLInputElement | null)?.value, {
        timeout: 5_000,
      })
      .catch(() => undefined);
    expect(await page.$eval('input[aria-label="URL"]', (el) => (el as HTMLInputElement).value)).toBe(
      `${demo.origin}/echo?from=converter`,
    );
    // Header rows share their names ("Header name", "Header value") and are told apart by order.
    const cells = async (name: string) =>
      Promise.all(
        (await page.$$(`::-p-aria([name="${name}"][role="textbox"])`)).map((el) =>
          el.evaluate((input) => (input as HTMLInputElement).value),
        ),
      );
    expect(await cells('Header name')).toEqual(['X-From', 'X-Token']);
    expect(await cells('Header value')).toEqual(['converter', '{{TOKEN}}']);
    // $TOKEN became {{TOKEN}}: while it is undefined nothing is sent, and the message says which variable is missing.
    const before = demo.requests.length;
    await (await byRole(page, 'button', 'Send')).click();
    const alert = await page.waitForSelector('::-p-aria([role="alert"])');
    expect(await alert!.evaluate((el) => el.textContent)).toMatch(/not defined: \{\{TOKEN\}\} \(headers\)/);
    expect(demo.requests.length).toBe(before);
    // Defined as a global, its value is what goes out.
    await page.evaluate(
      `httpWorkbench.services.environments.update((s) => ({ ...s, globals: [{ key: 'TOKEN', value: 't-42', secret: false, enabled: true }] }))`,
    );
    await (await byRole(page, 'button', 'Send')).click();
    await waitForText(page, 'status', 'Response status', /200 OK/);
    const seen = demo.requests.find((r) => r.target === '/echo?from=converter');
    // Header names are case-insensitive; Chromium's fetch sends them lower-cased.
    expect(seen?.rawHeaders.map(([n, v]) => [n.toLowerCase(), v])).toContainEqual(['x-from', 'converter']);
    expect(seen?.rawHeaders.map(([n, v]) => [n.toLowerCase(), v])).toContainEqual(['x-token', 't-42']);
    await page.close();
  });
});

describe('entry points', () => {
  it('registers both context-menu items', async () => {
    const exists = await ext.worker.evaluate(async () => {
      const check = (id: string) =>
        chrome.contextMenus.update(id, {}).then(
          () => true,
          () => false,
        );
      return [await check('convert-copied-curl'), await check('open-selection'), await check('no-such-item')];
    });
    expect(exists).toEqual([true, true, false]);
  });

  const clickMenu = (info: { menuItemId: string; selectionText?: string }, tool = 'converter') =>
    clickMenuItem(ext, info, `#/${tool}`);

  async function setClipboard(text: string) {
    const page = await ext.browser.newPage();
    await page.goto(`${origin()}/options/index.html`);
    await page.bringToFront();
    await page.evaluate((t) => navigator.clipboard.writeText(t), text);
    await page.close();
  }

  it('"Open selection in HTTP Workbench" converts a selected curl command and says why it chose the converter', async () => {
    const page = await clickMenu({
      menuItemId: 'open-selection',
      selectionText: "curl -X PATCH 'https://api.example.com/sel'",
    });
    await page.waitForFunction(() => document.querySelector('pre.code-view')?.textContent?.includes('/sel'));
    expect(await page.$eval('textarea[aria-label="curl command"]', (el) => (el as HTMLTextAreaElement).value)).toBe(
      "curl -X PATCH 'https://api.example.com/sel'",
    );
    await page.waitForSelector('[role="status"].notice');
    expect(await page.$eval('.notice', (el) => el.textContent)).toContain(
      'Opened in Converter: the selection is a curl command.',
    );
    await page.close();
  });

  it('"Convert copied curl" reads the clipboard through the offscreen document', async () => {
    await setClipboard("curl 'https://api.example.com/from-clipboard' -H 'X-A: 1'");
    const page = await clickMenu({ menuItemId: 'convert-copied-curl' });
    await page.waitForFunction(() => document.querySelector('pre.code-view')?.textContent?.includes('/from-clipboard'));
    await page.close();
  });

  it('says so when the clipboard holds no curl command', async () => {
    await setClipboard('SELECT * FROM users;');
    const page = await clickMenu({ menuItemId: 'convert-copied-curl' });
    const alert = await page.waitForSelector('.notice');
    expect(await alert!.evaluate((el) => el.textContent)).toContain('The clipboard holds no curl command');
    await page.close();
  });

  it('the popup converts, copies and opens the workspace with the command', async () => {
    const popup = await ext.browser.newPage();
    await popup.goto(`${origin()}/popup/index.html`);
    const input = await byRole(popup, 'textbox', 'curl command');
    await input.type("curl https://api.example.com/popup -d 'a=1'");
    await popup.waitForFunction(() => document.querySelector('pre.code-view')?.textContent?.includes('/popup'));
    await (await byRole(popup, 'button', 'Copy')).click();
    await popup.waitForFunction(() => document.body.textContent?.includes('Copied.'));
    const opened = ext.browser.waitForTarget((t) => t.url() === `${origin()}/panel/index.html#/converter`);
    await (await byRole(popup, 'button', 'Open workspace')).click();
    const page = (await (await opened).page())!;
    await page.waitForFunction(() => document.querySelector('pre.code-view')?.textContent?.includes('/popup'));
    await page.close();
  });
});
