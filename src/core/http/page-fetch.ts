/**
 * "Send as the page": the REST client's request run by the inspected page's
 * own fetch (through DevTools' inspectedWindow.eval), so it carries the
 * page's origin and cookies and shows in the Network panel. Pure: this module
 * writes the expressions to evaluate and reads their results; the platform
 * runs them.
 */
import type { HttpResponse, OutgoingRequest, SendOptions } from '../../protocol.ts';
import { base64ToBytes, decodeText } from '../bytes.ts';
import { isForbiddenForFetch } from './forbidden.ts';
import type { HeaderLine } from './request.ts';

/** The headers a page's fetch can send, and the names of those it cannot (the browser sets its own). */
export function pageHeaders(headers: readonly HeaderLine[]): { kept: HeaderLine[]; dropped: string[] } {
  const kept: HeaderLine[] = [];
  const dropped: string[] = [];
  for (const header of headers) {
    if (isForbiddenForFetch(header.name, header.value)) {
      if (!dropped.some((d) => d.toLowerCase() === header.name.toLowerCase())) dropped.push(header.name);
    } else kept.push(header);
  }
  return { kept, dropped };
}

/** Where the page keeps its jobs: a symbol-keyed global no page script names by accident. */
const STORE = `globalThis[Symbol.for('http-workbench.page-fetch')]`;

/**
 * An expression that starts the request in the page and returns true at
 * once; the result is collected with `pagePollExpression`. Everything from
 * the request goes in as JSON text, parsed in the page, so no value can
 * become code.
 */
export function pageFetchExpression(request: OutgoingRequest, options: SendOptions): string {
  const spec = {
    id: request.id,
    method: request.method,
    url: request.url,
    headers: pageHeaders(request.headers).kept.map((h) => [h.name, h.value]),
    bodyBase64: request.bodyBase64 ?? null,
    timeoutMs: options.timeoutMs,
    follow: options.followRedirects ?? false,
    maxBodyBytes: options.maxBodyBytes ?? 50 * 1024 * 1024,
  };
  return `(() => {
  const store = (${STORE} ??= {});
  const spec = JSON.parse(${JSON.stringify(JSON.stringify(spec))});
  const controller = new AbortController();
  const job = { done: false, abort: (why) => { job.why = why; controller.abort(); } };
  store[spec.id] = job;
  const timer = setTimeout(() => job.abort('timeout'), spec.timeoutMs);
  const body = spec.bodyBase64 === null ? undefined : Uint8Array.from(atob(spec.bodyBase64), (c) => c.charCodeAt(0));
  const started = performance.now();
  fetch(spec.url, { method: spec.method, headers: spec.headers, body, credentials: 'include', cache: 'no-store',
      redirect: spec.follow ? 'follow' : 'manual', signal: controller.signal })
    .then(async (response) => {
      const ttfb = performance.now() - started;
      const bytes = new Uint8Array(await response.arrayBuffer());
      const kept = bytes.subarray(0, spec.maxBodyBytes);
      let binary = '';
      for (let i = 0; i < kept.length; i += 0x8000) binary += String.fromCharCode.apply(null, kept.subarray(i, i + 0x8000));
      job.value = { status: response.status, statusText: response.statusText, url: response.url, type: response.type,
        redirected: response.redirected, headers: [...response.headers], bodyBase64: btoa(binary), size: bytes.length,
        ttfbMs: ttfb, timeMs: performance.now() - started };
    })
    .catch((error) => { job.error = job.why ?? String((error && error.message) || error); })
    .finally(() => { clearTimeout(timer); job.done = true; });
  return true;
})()`;
}

/** An expression giving null while the request runs, then (once) its outcome, forgetting it in the page. */
export function pagePollExpression(id: string): string {
  return `(() => {
  const store = ${STORE};
  const job = store && store[${JSON.stringify(id)}];
  if (!job || !job.done) return job ? null : { error: 'lost' };
  delete store[${JSON.stringify(id)}];
  return { value: job.value, error: job.error };
})()`;
}

/** An expression that cancels the request in the page. */
export function pageCancelExpression(id: string): string {
  return `(() => { const job = ${STORE}?.[${JSON.stringify(id)}]; if (job && !job.done) job.abort('cancelled'); return !!job; })()`;
}

/** What the page's fetch reported. */
export interface PageFetchValue {
  status: number;
  statusText: string;
  url: string;
  type: string;
  redirected: boolean;
  headers: [string, string][];
  bodyBase64: string;
  size: number;
  ttfbMs: number;
  timeMs: number;
}

/** Why a page fetch failed, in words for the person (fetch itself only says "Failed to fetch"). */
export function pageFetchError(error: string, timeoutMs: number): string {
  if (error === 'timeout') return `No response within ${timeoutMs / 1000} s (the page's fetch was stopped).`;
  if (error === 'cancelled') return 'Request cancelled.';
  if (error === 'lost') return 'The page navigated or reloaded before the request finished.';
  return `The page's fetch failed: ${error}. As the page, the request is subject to CORS and the page's Content Security Policy; the Console shows the browser's reason. Send it without "Send as the page" to go through the extension instead.`;
}

/** The response view's model of what the page's fetch got back. */
export function responseFromPage(value: PageFetchValue, request: OutgoingRequest): HttpResponse {
  const { dropped } = pageHeaders(request.headers);
  const notices = [
    'Sent by the inspected page: its origin and cookies went with it, and it shows in the Network panel.',
  ];
  if (dropped.length > 0) {
    notices.push(`A page may not set ${dropped.join(', ')}: the browser sent its own values instead.`);
  }
  if (value.type === 'opaqueredirect') {
    notices.push(
      'The server answered with a redirect; a page cannot read a redirect it does not follow (turn on Follow redirects).',
    );
  }
  const bytes = base64ToBytes(value.bodyBase64);
  const contentType = value.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? null;
  const text = decodeText(bytes, contentType);
  return {
    status: value.status,
    statusText: value.statusText,
    url: value.url || request.url,
    redirected: value.redirected,
    redirects: [],
    headers: value.headers.map(([name, v]) => ({ name, value: v })),
    requestHeaders: pageHeaders(request.headers).kept,
    requestHeadersSource: 'requested',
    body: text ?? value.bodyBase64,
    bodyEncoding: text === null ? 'base64' : 'text',
    size: value.size,
    truncated: bytes.length < value.size,
    timeMs: value.timeMs,
    ttfbMs: value.ttfbMs,
    notices,
  };
}
