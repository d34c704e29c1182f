/**
 * `npm run package`: the store archives, versioned from package.json, in
 * dist/packages/: a Chrome Web Store zip of dist/chrome and a Firefox add-on
 * of dist/firefox made by `web-ext build` (what addons.mozilla.org expects).
 * Builds first unless --no-build. tests/e2e/package.test.ts checks what is inside.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import webExt from 'web-ext';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const PACKAGES_DIR = join(ROOT, 'dist', 'packages');

export function packageNames(version: string) {
  return { chrome: `http-workbench-chrome-${version}.zip`, firefox: `http-workbench-firefox-${version}.zip` };
}

export async function makePackages(options: { build: boolean }): Promise<{ chrome: string; firefox: string }> {
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  if (options.build) {
    execFileSync('npm', ['run', 'build:chrome'], { cwd: ROOT, stdio: 'inherit' });
    execFileSync('npm', ['run', 'build:firefox'], { cwd: ROOT, stdio: 'inherit' });
  }
  rmSync(PACKAGES_DIR, { recursive: true, force: true });
  const names = packageNames(version);
  for (const [target, filename] of Object.entries(names)) {
    await webExt.cmd.build(
      {
        sourceDir: join(ROOT, 'dist', target),
        artifactsDir: PACKAGES_DIR,
        filename,
        overwriteDest: true,
        // Source maps and OS clutter never go to a store.
        ignoreFiles: ['**/*.map', '**/.DS_Store'],
      },
      { shouldExitProgram: false },
    );
  }
  return { chrome: join(PACKAGES_DIR, names.chrome), firefox: join(PACKAGES_DIR, names.firefox) };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const made = await makePackages({ build: !process.argv.includes('--no-build') });
  console.log(`Chrome Web Store: ${made.chrome}\nFirefox add-on:   ${made.firefox}`);
}
