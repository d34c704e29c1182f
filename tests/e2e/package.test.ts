import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePackages } from '../../scripts/package.ts';
import { readZip } from '../support/zip.ts';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
let made: { chrome: string; firefox: string };

/** Every file of a build folder, as archive paths. */
function filesOf(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push(relative(dir, path).split('\\').join('/'));
    }
  };
  walk(dir);
  return out.filter((f) => !f.endsWith('.map')).sort();
}

beforeAll(async () => {
  // The builds in dist/ come from npm test's build step.
  made = await makePackages({ build: false });
}, 120_000);

describe.each(['chrome', 'firefox'] as const)('the %s store package', (target) => {
  it('is named with the package version and holds exactly the build, manifest at the root', () => {
    expect(made[target]).toMatch(new RegExp(`http-workbench-${target}-${version.replace(/\./g, '\\.')}\\.zip$`));
    const files = readZip(made[target]);
    expect([...files.keys()].sort()).toEqual(filesOf(join('dist', target)));
    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8'));
    expect(manifest.version).toBe(version);
    expect(manifest.manifest_version).toBe(3);
    for (const page of ['panel/index.html', 'panel/devtools.html', 'popup/index.html', 'options/index.html'])
      expect(files.has(page), page).toBe(true);
    // No test-only code, source maps or automation hooks in a store package.
    for (const [name, data] of files) {
      expect(name).not.toMatch(/\.map$/);
      if (name.endsWith('.js')) expect(data.toString('utf8'), name).not.toContain('sourceMappingURL');
    }
  });
});

it('the Firefox package declares its gecko id; the Chrome one does not', () => {
  const firefox = JSON.parse(readZip(made.firefox).get('manifest.json')!.toString('utf8'));
  const chrome = JSON.parse(readZip(made.chrome).get('manifest.json')!.toString('utf8'));
  expect(firefox.browser_specific_settings.gecko.id).toMatch(/@/);
  expect(firefox.background.scripts).toBeDefined();
  expect(chrome.browser_specific_settings).toBeUndefined();
  expect(chrome.background.service_worker).toBeDefined();
});
