/**
 * An in-memory KeyValueArea that behaves like `chrome.storage.local` where
 * the stores care: values are copied on the way in and out (callers never
 * share objects with the storage), a `set` is all or nothing, and an optional
 * quota makes a `set` that would exceed it fail with Chrome's message.
 */
import type { KeyValueArea } from '../../src/core/storage.ts';

export interface MemoryArea extends KeyValueArea {
  /** A copy of everything stored. */
  dump(): Record<string, unknown>;
  /** Bytes in use, counted like Chrome: each key's length plus its value's JSON length (UTF-8). */
  bytesInUse(): number;
}

const encoder = new TextEncoder();

const sizeOf = (key: string, value: unknown) =>
  encoder.encode(key).length + encoder.encode(JSON.stringify(value)).length;

export function createMemoryArea(options: { quotaBytes?: number } = {}): MemoryArea {
  const items = new Map<string, unknown>();
  // Each key's size, kept up to date so a write costs only its own values.
  const sizes = new Map<string, number>();
  let bytes = 0;
  return {
    async get(keys) {
      const out: Record<string, unknown> = {};
      for (const key of keys ?? items.keys()) {
        if (items.has(key)) out[key] = structuredClone(items.get(key));
      }
      return out;
    },
    async set(values) {
      const copies = Object.entries(values).map(([key, value]) => [key, structuredClone(value)] as const);
      const newSizes = copies.map(([key, value]) => sizeOf(key, value));
      const after = copies.reduce((sum, [key], i) => sum - (sizes.get(key) ?? 0) + newSizes[i]!, bytes);
      // Checked before anything is stored: a failed set writes nothing.
      if (options.quotaBytes !== undefined && after > options.quotaBytes) throw new Error('QUOTA_BYTES quota exceeded');
      copies.forEach(([key, value], i) => {
        items.set(key, value);
        sizes.set(key, newSizes[i]!);
      });
      bytes = after;
    },
    async remove(keys) {
      for (const key of keys) {
        bytes -= sizes.get(key) ?? 0;
        items.delete(key);
        sizes.delete(key);
      }
    },
    dump: () => Object.fromEntries([...items].map(([key, value]) => [key, structuredClone(value)])),
    bytesInUse: () => bytes,
  };
}
