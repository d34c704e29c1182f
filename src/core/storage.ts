/**
 * The storage the history and environment stores are written against: the
 * shape of `chrome.storage.local`, injected, so the stores stay pure and run
 * unchanged over the real area, an in-memory fake in tests, or anything else.
 */

/** A key-value area with JSON-like values (`chrome.storage.local` in the extension). */
export interface KeyValueArea {
  /** The stored values of these keys (missing keys are absent); `null` reads everything. */
  get(keys: string[] | null): Promise<Record<string, unknown>>;
  /** Writes all items in one step: either all are stored or (on error) none. */
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string[]): Promise<void>;
}

/**
 * Runs `task` while holding the one storage lock shared by every page of the
 * extension (Web Locks in the browser), so read-modify-write steps of two
 * panels never interleave.
 */
export type Exclusive = <T>(task: () => Promise<T>) => Promise<T>;

/** A lock for one JavaScript realm: tasks run one after another, in call order. */
export function inProcessLock(): Exclusive {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}

/** Whether a storage error means "no space left" (Chrome: "QUOTA_BYTES quota exceeded"; Firefox: QuotaExceededError). */
export function isQuotaError(error: unknown): boolean {
  if (error instanceof Error || (typeof error === 'object' && error !== null)) {
    const { name, message } = error as { name?: unknown; message?: unknown };
    return name === 'QuotaExceededError' || (typeof message === 'string' && /quota/i.test(message));
  }
  return false;
}
