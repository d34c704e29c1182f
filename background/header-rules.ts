/**
 * Headers the browser's fetch refuses (Cookie, Referer, User-Agent, Origin,
 * Accept-Encoding, Host...) still go out as the user wrote them: Chrome sets
 * them with one declarativeNetRequest session rule scoped to that one request
 * and removed as soon as its headers are sent; Firefox sets them from a
 * blocking webRequest.onBeforeSendHeaders listener (see capture.ts), which
 * recognises our request by its marker header. Chrome removes the marker with
 * one standing session rule.
 */
import { isForbiddenForFetch } from '../src/core/http/forbidden.ts';
import type { HeaderLine } from '../src/core/http/request.ts';
import { SOCKET_RULE_IDS } from '../src/core/websocket/connection.ts';

export { isForbiddenForFetch };

export interface HeaderPlan {
  /** Headers fetch sends as given, in the order written. */
  viaFetch: HeaderLine[];
  /** Headers the browser must be made to send (one line per name, the name as first written). */
  viaBrowser: HeaderLine[];
  notices: string[];
}

/**
 * Splits the user's headers into those fetch sends and those that need the
 * browser's help. Content-Length and Transfer-Encoding describe the body's
 * framing, which the browser computes from the bytes it sends: a value that
 * disagrees is left out with a notice rather than corrupting the exchange.
 */
export function planHeaders(headers: HeaderLine[], bodyLength: number | undefined): HeaderPlan {
  const viaFetch: HeaderLine[] = [];
  const grouped = new Map<string, HeaderLine>();
  const notices: string[] = [];
  for (const { name, value } of headers) {
    const lower = name.toLowerCase();
    if (!isForbiddenForFetch(name, value)) {
      viaFetch.push({ name, value });
      continue;
    }
    if (lower === 'content-length') {
      if (value.trim() !== String(bodyLength ?? 0)) {
        notices.push(
          `Content-Length: ${value} was not sent: the browser sends the real length of the body (${bodyLength ?? 0} bytes).`,
        );
      }
      continue;
    }
    if (lower === 'transfer-encoding') {
      notices.push(`Transfer-Encoding: ${value} was not sent: the browser frames the body itself.`);
      continue;
    }
    const seen = grouped.get(lower);
    if (seen) seen.value += (lower === 'cookie' ? '; ' : ', ') + value;
    else grouped.set(lower, { name, value });
  }
  return { viaFetch, viaBrowser: [...grouped.values()], notices };
}

/**
 * Firefox: the header list a blocking onBeforeSendHeaders listener returns.
 * Each of the user's headers replaces what the browser put there; with
 * `sendCookies`, the user's Cookie is added after the browser's own cookies.
 */
export function rewriteRequestHeaders(
  current: HeaderLine[],
  wanted: HeaderLine[],
  options: { removeName: string; sendCookies: boolean },
): HeaderLine[] {
  const marker = options.removeName.toLowerCase();
  const replaced = new Set(wanted.map((h) => h.name.toLowerCase()));
  let browserCookie: string | undefined;
  const kept: HeaderLine[] = [];
  for (const header of current) {
    const lower = header.name.toLowerCase();
    if (lower === marker) continue;
    if (lower === 'cookie') browserCookie = header.value;
    if (replaced.has(lower)) continue;
    kept.push(header);
  }
  for (const { name, value } of wanted) {
    const merged =
      name.toLowerCase() === 'cookie' && options.sendCookies && browserCookie ? `${browserCookie}; ${value}` : value;
    kept.push({ name, value: merged });
  }
  return kept;
}

/**
 * The headers of `wanted` that did not go out as written, judged from the
 * headers the browser reported sending. With `sendCookies` the user's Cookie
 * goes after the browser's own cookies, so it only has to end the line.
 */
export function notAsWritten(wanted: HeaderLine[], wire: HeaderLine[], sendCookies: boolean): HeaderLine[] {
  return wanted.filter(({ name, value }) => {
    const lower = name.toLowerCase();
    const sent = wire.filter((h) => h.name.toLowerCase() === lower).map((h) => h.value);
    return !(sent.includes(value) || (sendCookies && lower === 'cookie' && sent.some((v) => v.endsWith(value))));
  });
}

// ---------------------------------------------------------------- Chrome: declarativeNetRequest

export interface SessionRule {
  id: number;
  priority?: number;
  action: {
    type: 'modifyHeaders';
    requestHeaders: { header: string; operation: 'set' | 'append' | 'remove'; value?: string }[];
  };
  condition: {
    regexFilter?: string;
    isUrlFilterCaseSensitive?: boolean;
    tabIds: number[];
    initiatorDomains: string[];
    resourceTypes: string[];
  };
}

/** The part of chrome.declarativeNetRequest used here. */
export interface SessionRulesApi {
  updateSessionRules(options: { addRules?: SessionRule[]; removeRuleIds?: number[] }): Promise<void>;
  getSessionRules(): Promise<{ id: number }[]>;
}

/** Headers DNR may append to rather than replace (from Chrome's list, the one we need). */
const APPENDABLE = new Set(['cookie']);

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The rule that removes the request marker from every request of this extension outside any tab. */
export function markerRule(id: number, marker: string, extensionId: string): SessionRule {
  return {
    id,
    priority: 1,
    action: { type: 'modifyHeaders', requestHeaders: [{ header: marker, operation: 'remove' }] },
    condition: {
      tabIds: [-1],
      initiatorDomains: [extensionId],
      resourceTypes: ['xmlhttprequest', 'other'],
    },
  };
}

/** The rule that sets `headers` on this extension's own request to exactly `url`, and nothing else. */
export function headerRule(
  id: number,
  url: string,
  headers: HeaderLine[],
  options: { extensionId: string; sendCookies: boolean },
): SessionRule & { condition: { regexFilter: string } } {
  return {
    id,
    priority: 1,
    action: {
      type: 'modifyHeaders',
      requestHeaders: headers.map(({ name, value }) => ({
        header: name,
        // With the browser's cookies on, the user's Cookie is added to them, not put in their place.
        operation: options.sendCookies && APPENDABLE.has(name.toLowerCase()) ? 'append' : 'set',
        value,
      })),
    },
    condition: {
      regexFilter: `^${escapeRegex(url)}$`,
      isUrlFilterCaseSensitive: true,
      // No tab: the background's own requests; initiated by this extension: not another's.
      tabIds: [-1],
      initiatorDomains: [options.extensionId],
      resourceTypes: ['xmlhttprequest', 'other'],
    },
  };
}

/** The marker rule's id; per-request rules take the ids after it. */
const MARKER_RULE_ID = 1;

/**
 * The standing rule that removes the request marker, and the per-request
 * session rules. The caller serialises requests to a URL while its rule
 * exists, so only that one request can match, and removes the rule as soon
 * as the request's headers are sent.
 */
export class HeaderRules {
  private nextId = MARKER_RULE_ID + 1;
  private prepared: Promise<void> | undefined;

  constructor(
    private readonly api: SessionRulesApi,
    private readonly extensionId: string,
    private readonly marker: string,
  ) {}

  /**
   * Session rules outlive a restart of the service worker (not of the
   * browser): rules left by a worker that stopped mid-request are removed,
   * and the marker rule put (back) in place, in one update before the first
   * request. The WebSocket tool's pages own the ids from SOCKET_RULE_IDS.first
   * on (a handshake's rule, while it is sent): those are left alone. A failure
   * is retried on the next call.
   */
  ready(): Promise<void> {
    this.prepared ??= (async () => {
      const stale = (await this.api.getSessionRules()).map((r) => r.id).filter((id) => id < SOCKET_RULE_IDS.first);
      await this.api.updateSessionRules({
        removeRuleIds: stale,
        addRules: [markerRule(MARKER_RULE_ID, this.marker, this.extensionId)],
      });
    })().catch((error: unknown) => {
      this.prepared = undefined;
      throw error;
    });
    return this.prepared;
  }

  async add(url: string, headers: HeaderLine[], sendCookies: boolean): Promise<number> {
    await this.ready();
    const id = this.nextId;
    this.nextId = this.nextId >= SOCKET_RULE_IDS.first - 1 ? MARKER_RULE_ID + 1 : this.nextId + 1;
    await this.api.updateSessionRules({
      addRules: [headerRule(id, url, headers, { extensionId: this.extensionId, sendCookies })],
    });
    return id;
  }

  async remove(id: number): Promise<void> {
    await this.api.updateSessionRules({ removeRuleIds: [id] });
  }
}
