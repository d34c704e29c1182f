import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

describe('architecture boundaries (enforced by lint)', () => {
  it.each([
    ["import { readFileSync } from 'node:fs';\nexport const f = readFileSync;", 'no-restricted-imports'],
    ["import browser from 'webextension-polyfill';\nexport const b = browser;", 'no-restricted-imports'],
    ["import { h } from 'preact';\nexport const x = h;", 'no-restricted-imports'],
    [
      "import { settingsStore } from '../platform/settings-store.ts';\nexport const s = settingsStore;",
      'no-restricted-imports',
    ],
    ['export const w = window.location;', 'no-restricted-globals'],
    ['export const c = chrome.runtime;', 'no-restricted-globals'],
  ])('src/core refuses %j', async (code, rule) => {
    expect(await ruleIds(code, 'src/core/probe.ts')).toContain(rule);
  });

  it('UI code may not import the polyfill or platform modules', async () => {
    expect(
      await ruleIds("import browser from 'webextension-polyfill';\nexport const b = browser;", 'src/ui/Probe.tsx'),
    ).toContain('no-restricted-imports');
    expect(
      await ruleIds("import { call } from '../platform/messaging.ts';\nexport const c = call;", 'src/ui/Probe.tsx'),
    ).toContain('no-restricted-imports');
  });

  it('only src/platform imports webextension-polyfill', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (
          /\.(ts|tsx)$/.test(entry.name) &&
          readFileSync(path, 'utf8').includes("from 'webextension-polyfill'")
        ) {
          offenders.push(path);
        }
      }
    };
    for (const dir of ['src', 'panel', 'background', 'options', 'popup']) walk(dir);
    expect(offenders).toEqual(['src/platform/browser.ts']);
  });
});
