/**
 * storage.local as the pure stores see it, and the one lock every page of the
 * extension shares (Web Locks), so two panels never interleave their
 * read-modify-write steps.
 */
import { inProcessLock, type Exclusive, type KeyValueArea } from '../core/storage.ts';
import { browser } from './browser.ts';

export const localArea: KeyValueArea = {
  get: (keys) => browser.storage.local.get(keys) as Promise<Record<string, unknown>>,
  set: (items) => browser.storage.local.set(items),
  remove: (keys) => browser.storage.local.remove(keys),
};

const LOCK_NAME = 'http-workbench:storage';
const fallbackLock = inProcessLock();

/** Held across every extension page and the background (same origin); a page-local queue where Web Locks are missing. */
export const storageLock: Exclusive = (task) => {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks ? locks.request(LOCK_NAME, task) : fallbackLock(task);
};

/** Calls back with the keys of storage.local that changed (from any page). */
export function onLocalChange(listener: (changes: Record<string, { newValue?: unknown }>) => void): () => void {
  const onChanged = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    if (area === 'local') listener(changes);
  };
  browser.storage.onChanged.addListener(onChanged);
  return () => browser.storage.onChanged.removeListener(onChanged);
}

/**
 * Bytes in use: the browser's own count where it has one (Chrome), else an
 * estimate from the stored JSON (Firefox keeps no count for storage.local).
 */
export async function bytesInUse(): Promise<number | null> {
  const local = browser.storage.local as { getBytesInUse?: (keys: null) => Promise<number> };
  if (typeof local.getBytesInUse === 'function') return local.getBytesInUse(null);
  try {
    const all = await browser.storage.local.get(null);
    let bytes = 0;
    for (const [key, value] of Object.entries(all)) bytes += key.length + JSON.stringify(value).length;
    return bytes;
  } catch {
    return null;
  }
}

/** Offers text as a file download from an extension page. */
export async function downloadFile(name: string, mimeType: string, text: string): Promise<void> {
  const url = URL.createObjectURL(new Blob([text], { type: mimeType }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The download has taken its copy once click() returns; revoke a little later to be safe.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}
