/**
 * What DevTools offers an extension page inside it: the inspected page's
 * network requests and DevTools' own theme. Absent (undefined) when the
 * workspace runs as an ordinary tab.
 */
import type { HarEntryLike } from '../core/capture/types.ts';
import {
  pageCancelExpression,
  pageFetchError,
  pageFetchExpression,
  pagePollExpression,
  responseFromPage,
  type PageFetchValue,
} from '../core/http/page-fetch.ts';
import type { HttpResponse, OutgoingRequest, SendOptions } from '../protocol.ts';
import type { InspectedNetwork } from '../ui/services.ts';
import { browser } from './browser.ts';

type Listener<T extends unknown[]> = (...args: T) => void;
interface Event<T extends unknown[]> {
  addListener(listener: Listener<T>): void;
  removeListener(listener: Listener<T>): void;
}

interface DevtoolsApi {
  inspectedWindow?: {
    tabId?: number;
    /**
     * Firefox: a promise of [result, exception info]. Chrome: the polyfill
     * leaves `devtools` unwrapped, so it takes a callback.
     */
    eval(
      expression: string,
      options?: object,
      callback?: (result: unknown, exception?: ExceptionInfo) => void,
    ): Promise<[unknown, ExceptionInfo | undefined]> | undefined;
  };
  network?: {
    getHAR(): Promise<{ entries?: HarEntryLike[] }>;
    onRequestFinished: Event<[HarEntryLike]>;
    onNavigated: Event<[string]>;
  };
  panels?: {
    themeName?: string;
    /** Firefox. */
    onThemeChanged?: Event<[string]>;
    /** Chrome. */
    setThemeChangeHandler?: (callback?: (themeName: string) => void) => void;
  };
}

interface ExceptionInfo {
  isException?: boolean;
  isError?: boolean;
  value?: string;
  description?: string;
}

const devtools = (): DevtoolsApi | undefined => (browser as unknown as { devtools?: DevtoolsApi }).devtools;

/**
 * A plain copy of the fields the extension reads: Chrome hands over an
 * object with methods (getContent) that must not be kept or cloned.
 */
function plain(entry: HarEntryLike): HarEntryLike {
  return JSON.parse(
    JSON.stringify({
      startedDateTime: entry.startedDateTime,
      time: entry.time,
      request: entry.request,
      response: entry.response
        ? {
            status: entry.response.status,
            statusText: entry.response.statusText,
            content: entry.response.content
              ? { size: entry.response.content.size, mimeType: entry.response.content.mimeType }
              : undefined,
            bodySize: entry.response.bodySize,
            _transferSize: entry.response._transferSize,
            _error: entry.response._error,
          }
        : undefined,
      _resourceType: entry._resourceType,
    }),
  ) as HarEntryLike;
}

/** Evaluates in the inspected page; throws what the page threw. */
async function evalInPage(expression: string, target: 'chrome' | 'firefox'): Promise<unknown> {
  const inspected = devtools()?.inspectedWindow;
  if (!inspected) throw new Error('There is no inspected page.');
  const [result, exception] =
    target === 'firefox'
      ? ((await inspected.eval(expression)) ?? [undefined, undefined])
      : await new Promise<[unknown, ExceptionInfo | undefined]>((resolve) => {
          void inspected.eval(expression, {}, (value, info) => resolve([value, info]));
        });
  if (exception?.isException || exception?.isError) {
    const why = exception.value ?? exception.description ?? JSON.stringify(exception);
    throw new Error(`The inspected page could not run the request: ${why}`);
  }
  return result;
}

/** Runs the request with the inspected page's own fetch, polling for the outcome. */
async function sendAsPage(
  request: OutgoingRequest,
  options: SendOptions,
  target: 'chrome' | 'firefox',
): Promise<HttpResponse> {
  await evalInPage(pageFetchExpression(request, options), target);
  // The page stops the fetch at the timeout; the extra second covers a page too busy to say so.
  const deadline = Date.now() + options.timeoutMs + 1000;
  for (;;) {
    const outcome = (await evalInPage(pagePollExpression(request.id), target)) as {
      value?: PageFetchValue;
      error?: string;
    } | null;
    if (outcome?.value) return responseFromPage(outcome.value, request);
    if (outcome) throw new Error(pageFetchError(outcome.error ?? 'unknown error', options.timeoutMs));
    if (Date.now() > deadline) throw new Error(pageFetchError('timeout', options.timeoutMs));
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
}

/** The inspected page's requests, when this page runs inside DevTools. */
export function inspectedNetwork(target: 'chrome' | 'firefox'): InspectedNetwork | undefined {
  const network = devtools()?.network;
  if (!network || devtools()?.inspectedWindow?.tabId === undefined) return undefined;
  return {
    browser: target,
    sendAsPage: (request, options) => sendAsPage(request, options, target),
    async cancelAsPage(id) {
      await evalInPage(pageCancelExpression(id), target).catch(() => undefined);
    },
    async getEntries() {
      const log = await network.getHAR();
      return (log.entries ?? []).map(plain);
    },
    onRequestFinished(listener) {
      const wrapped = (entry: HarEntryLike) => listener(plain(entry));
      network.onRequestFinished.addListener(wrapped);
      return () => network.onRequestFinished.removeListener(wrapped);
    },
    onNavigated(listener) {
      network.onNavigated.addListener(listener);
      return () => network.onNavigated.removeListener(listener);
    },
  };
}

const toTheme = (name: string | undefined): 'light' | 'dark' | undefined =>
  name === undefined ? undefined : name === 'dark' ? 'dark' : 'light';

/** DevTools' theme now, when inside DevTools. */
export const devtoolsTheme = (): 'light' | 'dark' | undefined => toTheme(devtools()?.panels?.themeName);

/** Calls back when the user switches DevTools' theme; returns an unsubscribe function. */
export function onDevtoolsThemeChange(listener: (theme: 'light' | 'dark') => void): () => void {
  const panels = devtools()?.panels;
  const wrapped = (name: string) => listener(toTheme(name) ?? 'light');
  if (panels?.onThemeChanged) {
    panels.onThemeChanged.addListener(wrapped);
    return () => panels.onThemeChanged?.removeListener(wrapped);
  }
  if (panels?.setThemeChangeHandler) {
    panels.setThemeChangeHandler(wrapped);
    return () => panels.setThemeChangeHandler?.();
  }
  return () => undefined;
}
