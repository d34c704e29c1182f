/**
 * A browser in miniature for the background's sending code: its fetch goes
 * to a real local server (through Node's fetch), and the webRequest reports
 * a browser makes about each request reach the listeners on a schedule the
 * test chooses: delayed past fetch's answer, reordered, or never. Chrome's
 * declarativeNetRequest session rules are applied to the request headers
 * (or, to copy Chrome under load, not yet applied to the first request
 * after they were added); Firefox's blocking onBeforeSendHeaders listener
 * is called before the request goes out and its answer is used.
 */
import type { WebRequestApi } from '../../background/capture.ts';
import type { SessionRule, SessionRulesApi } from '../../background/header-rules.ts';

type Listener = (details: Record<string, unknown>) => unknown;

/** One report the browser is about to deliver. */
export interface Report {
  event: string;
  requestId: string;
  url: string;
  /** Order of creation across all requests. */
  seq: number;
}

export interface FakeBrowserOptions {
  /**
   * Milliseconds after which a report is delivered (default 0), or null to
   * never deliver it. Reports of one request keep their order unless the
   * delays say otherwise.
   */
  schedule?: (report: Report) => number | null;
  /** Chrome: this many requests meet a just-added rule before it takes effect (each rule). */
  lateRules?: number;
}

export interface FakeBrowser {
  api: WebRequestApi;
  rules: SessionRulesApi;
  fetch: typeof fetch;
  /** The session rules now in place. */
  sessionRules(): SessionRule[];
  /** Resolves once every report scheduled so far was delivered (or dropped). */
  settled(): Promise<void>;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export function fakeBrowser(kind: 'chrome' | 'firefox', options: FakeBrowserOptions = {}): FakeBrowser {
  const listeners = new Map<string, Listener>();
  const event = (name: string) => ({ addListener: (callback: Listener) => void listeners.set(name, callback) });
  const api = Object.fromEntries(
    [
      'onBeforeRequest',
      'onBeforeSendHeaders',
      'onSendHeaders',
      'onHeadersReceived',
      'onBeforeRedirect',
      'onResponseStarted',
      'onCompleted',
      'onErrorOccurred',
    ].map((name) => [name, event(name)]),
  ) as unknown as WebRequestApi;

  let rules: { rule: SessionRule; missesLeft: number }[] = [];
  const rulesApi: SessionRulesApi = {
    async updateSessionRules({ addRules = [], removeRuleIds = [] }) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      rules = rules.filter(({ rule }) => !removeRuleIds.includes(rule.id));
      for (const rule of addRules) {
        if (rules.some((r) => r.rule.id === rule.id)) throw new Error(`Rule with id ${rule.id} already exists.`);
        rules.push({ rule, missesLeft: options.lateRules ?? 0 });
      }
    },
    async getSessionRules() {
      return rules.map(({ rule }) => rule);
    },
  };

  let nextRequestId = 0;
  let seq = 0;
  const pending = new Set<Promise<void>>();
  /** Each request's reports, delivered in order of their due time (ties in order of creation). */
  const report = (name: string, details: Record<string, unknown>) => {
    const r: Report = { event: name, requestId: String(details.requestId), url: String(details.url), seq: seq++ };
    const delay = options.schedule ? options.schedule(r) : 0;
    if (delay === null) return;
    const delivered = new Promise<void>((resolve) =>
      setTimeout(() => {
        listeners.get(name)?.({ tabId: -1, ...details });
        resolve();
      }, delay),
    );
    pending.add(delivered);
    void delivered.then(() => pending.delete(delivered));
  };

  /** Chrome: the session rules' changes to a request's headers, rule by rule. */
  const applyRules = (url: string, headers: [string, string][]): [string, string][] => {
    let result = headers.map(([n, v]) => [n, v] as [string, string]);
    for (const entry of [...rules].sort((a, b) => (b.rule.priority ?? 1) - (a.rule.priority ?? 1))) {
      const { rule } = entry;
      if (rule.condition.regexFilter !== undefined && !new RegExp(rule.condition.regexFilter).test(url)) continue;
      if (entry.missesLeft > 0) {
        entry.missesLeft--;
        continue;
      }
      for (const { header, operation, value } of rule.action.requestHeaders) {
        const lower = header.toLowerCase();
        const at = result.findIndex(([n]) => n.toLowerCase() === lower);
        if (operation === 'remove') result = result.filter(([n]) => n.toLowerCase() !== lower);
        else if (operation === 'append' && at >= 0) result[at] = [result[at]![0], `${result[at]![1]}; ${value}`];
        else if (at >= 0) result[at] = [header, value!];
        else result.push([header, value!]);
      }
    }
    return result;
  };

  const fakeFetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const requestId = String(++nextRequestId);
    let url = String(input);
    let method = init.method ?? 'GET';
    let body = init.body;
    const given = (init.headers as [string, string][] | undefined) ?? [];
    const base: [string, string][] = [['User-Agent', `Fake${kind}/1`], ...given, ['Accept', '*/*']];
    for (let hop = 0; ; hop++) {
      const details = { requestId, url, method };
      report('onBeforeRequest', details);
      let sent: [string, string][];
      const toRaw = (headers: [string, string][]) => headers.map(([name, value]) => ({ name, value }));
      if (kind === 'firefox') {
        // Blocking: the listener answers before anything goes out.
        const answer = listeners.get('onBeforeSendHeaders')?.({
          tabId: -1,
          ...details,
          requestHeaders: toRaw(base),
        }) as { requestHeaders?: { name: string; value: string }[] } | undefined;
        sent = answer?.requestHeaders ? answer.requestHeaders.map(({ name, value }) => [name, value]) : base;
      } else {
        report('onBeforeSendHeaders', { ...details, requestHeaders: toRaw(base) });
        sent = applyRules(url, base);
      }
      report('onSendHeaders', { ...details, requestHeaders: toRaw(sent) });
      let answer: Response;
      try {
        answer = await fetch(url, {
          method,
          headers: sent,
          body: body as BodyInit | undefined,
          redirect: 'manual',
          signal: init.signal,
        });
      } catch (error) {
        report('onErrorOccurred', { ...details, error: init.signal?.aborted ? 'net::ERR_ABORTED' : 'net::ERR_FAILED' });
        throw new TypeError('Failed to fetch', { cause: error });
      }
      const responseHeaders = [...answer.headers]
        .filter(([name]) => name !== 'set-cookie')
        .concat(answer.headers.getSetCookie().map((value) => ['set-cookie', value]))
        .map(([name, value]) => ({ name, value }));
      const head = {
        ...details,
        statusCode: answer.status,
        statusLine: `HTTP/1.1 ${answer.status} ${answer.statusText}`,
        responseHeaders,
      };
      report('onHeadersReceived', head);
      const location = answer.headers.get('location');
      if (init.redirect === 'follow' && REDIRECTS.has(answer.status) && location !== null && hop < 20) {
        const next = new URL(location, url).href;
        report('onBeforeRedirect', { ...head, redirectUrl: next });
        await answer.arrayBuffer();
        if (answer.status === 303 || ((answer.status === 301 || answer.status === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
        }
        url = next;
        continue;
      }
      report('onResponseStarted', head);
      report('onCompleted', head);
      // What a page's fetch shows: no Set-Cookie, the final URL, whether it was redirected.
      const shown = new Headers();
      for (const [name, value] of answer.headers) if (name !== 'set-cookie') shown.append(name, value);
      const response = new Response(answer.body, {
        status: answer.status,
        statusText: answer.statusText,
        headers: shown,
      });
      Object.defineProperty(response, 'url', { value: url });
      Object.defineProperty(response, 'redirected', { value: hop > 0 });
      return response;
    }
  };

  return {
    api,
    rules: rulesApi,
    fetch: fakeFetch as typeof fetch,
    sessionRules: () => rules.map(({ rule }) => rule),
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
