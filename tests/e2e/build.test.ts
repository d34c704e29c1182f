import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const manifest = (dir: string) => JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
const PAGES = ['panel/devtools.html', 'panel/index.html', 'options/index.html', 'popup/index.html'];

describe.each(['dist/chrome', 'dist/firefox'])('the build in %s', (dir) => {
  it('contains every page the extension opens, and the background', () => {
    const m = manifest(dir);
    for (const page of PAGES) expect(existsSync(join(dir, page)), page).toBe(true);
    expect(m.devtools_page).toBe('panel/devtools.html');
    expect(m.options_ui.page).toBe('options/index.html');
    expect(m.action.default_popup).toBe('popup/index.html');
    const background = m.background.service_worker ?? m.background.scripts?.[0];
    expect(existsSync(join(dir, background))).toBe(true);
    for (const icon of Object.values(m.icons) as string[]) expect(existsSync(join(dir, icon))).toBe(true);
  });

  it('allows no eval, no WASM eval and no remote code', () => {
    const m = manifest(dir);
    const csp = JSON.stringify(m.content_security_policy ?? {});
    expect(csp).not.toMatch(/unsafe-eval|wasm-unsafe-eval|https?:/);
    // Declared, so Firefox's default (which adds upgrade-insecure-requests) never turns http:// into https://.
    expect(m.content_security_policy).toEqual({ extension_pages: "script-src 'self'" });
    expect(m.externally_connectable).toBeUndefined();
    expect(m.web_accessible_resources ?? []).toEqual([]);
    expect(m.content_scripts ?? []).toEqual([]);
  });

  it('asks for local storage without a size cap, and never for sync storage or downloads', () => {
    const { permissions } = manifest(dir) as { permissions: string[] };
    expect(permissions).toEqual(expect.arrayContaining(['storage', 'unlimitedStorage']));
    expect(permissions).not.toContain('downloads');
    // storage.sync is part of the "storage" permission: the bundles must never touch it.
    for (const file of readdirSync(join(dir, 'assets'))) {
      if (file.endsWith('.js'))
        expect(readFileSync(join(dir, 'assets', file), 'utf8'), file).not.toMatch(/storage\.sync\b/);
    }
  });
});

describe('browser-specific manifests', () => {
  it('Chrome runs a module service worker', () => {
    expect(manifest('dist/chrome').background).toEqual({ service_worker: 'service-worker-loader.js', type: 'module' });
    expect(manifest('dist/chrome').browser_specific_settings).toBeUndefined();
  });

  it('Firefox runs background.scripts and declares its gecko id and minimum version', () => {
    const m = manifest('dist/firefox');
    expect(m.background.scripts).toEqual(['service-worker-loader.js']);
    expect(m.background.service_worker).toBeUndefined();
    expect(m.browser_specific_settings.gecko).toMatchObject({
      id: 'http-workbench@http-workbench.dev',
      strict_min_version: '142.0',
    });
  });

  it('only the Firefox test build opens the workspace on install', () => {
    const bundle = (dir: string) => {
      const loader = readFileSync(join(dir, 'service-worker-loader.js'), 'utf8');
      const entry = /'\.\/(.+?)'/.exec(loader)![1]!;
      return readFileSync(join(dir, entry), 'utf8');
    };
    const marker = 'test build: opening the workspace on install';
    expect(bundle('dist/firefox')).not.toContain(marker);
    expect(bundle('dist/chrome')).not.toContain(marker);
    expect(bundle('dist/firefox-e2e')).toContain(marker);
  });
});
