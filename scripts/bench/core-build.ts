/**
 * The converter as it ships in the Node build (`npm run build:cli`: minified
 * ES modules, the same vite pipeline as the extension's), built once per
 * benchmark run so a figure never comes from an older checkout's build.
 * Measuring the TypeScript sources through a loader instead would time the
 * loader's transform too (it keeps function names by wrapping every closure
 * as it is created), which no user runs.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const built = new Set<string>();

/** Builds dist/node once per process and returns the file URL of `entry` (e.g. `core.js`) in it. */
export function builtCore(entry: string): string {
  const path = fileURLToPath(new URL(`../../dist/node/${entry}`, import.meta.url));
  if (!built.has('all')) {
    console.log('Building the Node core (npm run build:cli)…');
    execFileSync('npm', ['run', 'build:cli'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    built.add('all');
  }
  if (!existsSync(path)) throw new Error(`the CLI build did not write ${path}`);
  return pathToFileURL(path).href;
}
