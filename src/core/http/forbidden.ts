/**
 * The request headers a page's (or an extension page's) `fetch` will not send
 * as given: the REST client sends them another way, and "send as the page"
 * leaves them to the browser.
 */

/** Forbidden request headers (Fetch standard), plus User-Agent, which Chrome's fetch still drops. */
const FORBIDDEN = new Set([
  'accept-charset',
  'accept-encoding',
  'access-control-request-headers',
  'access-control-request-method',
  'connection',
  'content-length',
  'cookie',
  'cookie2',
  'date',
  'dnt',
  'expect',
  'host',
  'keep-alive',
  'origin',
  'referer',
  'set-cookie',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'via',
  'user-agent',
]);

const METHOD_OVERRIDES = new Set(['x-http-method', 'x-http-method-override', 'x-method-override']);

/** True for a header fetch would drop or replace instead of sending as given. */
export function isForbiddenForFetch(name: string, value = ''): boolean {
  const lower = name.toLowerCase();
  if (FORBIDDEN.has(lower) || lower.startsWith('proxy-') || lower.startsWith('sec-')) return true;
  // Fetch also drops method overrides naming a forbidden method.
  return METHOD_OVERRIDES.has(lower) && /\b(connect|trace|track)\b/i.test(value);
}
