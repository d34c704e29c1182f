import { existsSync } from 'node:fs';

const CHROME_CANDIDATES = [
  '/usr/lib/chromium/chromium', // Debian's binary, without the wrapper script
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome-stable',
  '/usr/bin/google-chrome',
  '/opt/google/chrome/chrome',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
];

const FIREFOX_CANDIDATES = [
  '/usr/bin/firefox-esr',
  '/usr/bin/firefox',
  '/Applications/Firefox.app/Contents/MacOS/firefox',
];

function find(envName: string, candidates: string[], install: string): string {
  const fromEnv = process.env[envName];
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`${envName} is set to "${fromEnv}", but no file is there.`);
  }
  const found = candidates.find((path) => existsSync(path));
  if (found) return found;
  throw new Error(`No browser found. ${install}, or set ${envName} to the browser's executable.`);
}

/** Chrome or Chromium: CHROME_PATH first, then the usual install locations. */
export function findChrome(): string {
  return find(
    'CHROME_PATH',
    CHROME_CANDIDATES,
    'Install Chromium (Debian/Ubuntu: sudo apt-get install chromium) or Google Chrome',
  );
}

/** Firefox: FIREFOX_PATH first, then the usual install locations. */
export function findFirefox(): string {
  return find('FIREFOX_PATH', FIREFOX_CANDIDATES, 'Install Firefox (Debian: sudo apt-get install firefox-esr)');
}

/** Flags that keep Chromium quiet on a machine without general network access. */
export const CHROME_ARGS = [
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-features=Translate,OptimizationHints,MediaRouter',
  ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
];
