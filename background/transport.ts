/**
 * How one network request (one hop) gets the user's headers onto the wire
 * and is watched there, per browser. The executor (send.ts) is the same for
 * all of them and for Node tests.
 */
import type { HeaderLine } from '../src/core/http/request.ts';
import { Exchange, MARKER_HEADER, type WebRequestCapture } from './capture.ts';
import { notAsWritten, type HeaderRules } from './header-rules.ts';

export interface HopRequest {
  method: string;
  /** The URL exactly as fetch will request it (no fragment). */
  url: string;
  /** Headers fetch sends as given. */
  viaFetch: HeaderLine[];
  /** Headers fetch refuses, which the browser must be made to send. */
  viaBrowser: HeaderLine[];
  sendCookies: boolean;
  signal: AbortSignal;
}

export interface HopChannel {
  /** What to hand to fetch. */
  fetchHeaders: HeaderLine[];
  /** Headers the browser will add for us (not given to fetch). */
  browserHeaders: HeaderLine[];
  notices: string[];
  /** What the browser reports about this request, when it reports anything (another one after a retry). */
  exchange?: Exchange;
  /**
   * Call once fetch has settled: `answered` when it has a response head.
   * Resolves `again: true` when the request must be sent once more: the
   * browser sent it before its header rule took effect (Chrome), the caller
   * allowed a retry (an idempotent method), and `fetchHeaders` and
   * `exchange` are now those of the new attempt.
   */
  afterFetch(answered: boolean, mayRetry: boolean): Promise<{ again: boolean; missed: HeaderLine[] }>;
  /** Call when done with the hop (always), after the browser's report has been read. */
  close(): void;
}

export interface Transport {
  /** Opens one hop; may wait (abortably) for another request to the same URL to get its headers out. */
  open(hop: HopRequest): Promise<HopChannel>;
  /**
   * Whether the executor must follow redirects itself (one hop at a time)
   * to keep the user's headers on every hop, given the request has headers
   * that need the browser's help.
   */
  followManually(needsBrowserHeaders: boolean): boolean;
}

/** Node (tests, CLI): fetch sends every header as given and 'manual' redirects are readable responses. */
export function directTransport(): Transport {
  return {
    async open(hop) {
      return {
        fetchHeaders: [...hop.viaFetch, ...hop.viaBrowser],
        browserHeaders: [],
        notices: [],
        afterFetch: async () => ({ again: false, missed: [] }),
        close: () => undefined,
      };
    },
    followManually: () => true,
  };
}

/** Without webRequest or header rules: headers fetch refuses cannot be sent, and the notices say so. */
export function plainTransport(): Transport {
  return {
    async open(hop) {
      return {
        fetchHeaders: hop.viaFetch,
        browserHeaders: [],
        notices: hop.viaBrowser.map((h) => `${h.name} could not be sent: this browser does not let extensions set it.`),
        afterFetch: async () => ({ again: false, missed: [] }),
        close: () => undefined,
      };
    },
    followManually: () => false,
  };
}

/**
 * Per key, any number of shared holders or one exclusive holder at a time,
 * in arrival order (a shared request never overtakes a waiting exclusive
 * one); waiting is abortable and an aborted waiter passes its turn on.
 */
export class KeyedGate {
  private readonly keys = new Map<
    string,
    { active: number; exclusive: boolean; queue: { mode: GateMode; enter: () => void }[] }
  >();

  acquire(key: string, signal: AbortSignal, mode: GateMode = 'exclusive'): Promise<() => void> {
    if (signal.aborted) return Promise.reject(signal.reason);
    let state = this.keys.get(key);
    if (!state) {
      state = { active: 0, exclusive: false, queue: [] };
      this.keys.set(key, state);
    }
    const held = state;
    const free = () => (mode === 'shared' ? !held.exclusive : held.active === 0);
    const hold = () => {
      held.active++;
      held.exclusive = mode === 'exclusive';
      let released = false;
      return () => {
        if (released) return;
        released = true;
        held.active--;
        if (held.active === 0) held.exclusive = false;
        this.pump(key);
      };
    };
    if (held.queue.length === 0 && free()) return Promise.resolve(hold());
    return new Promise((resolve, reject) => {
      const waiter = {
        mode,
        enter: () => {
          signal.removeEventListener('abort', onAbort);
          resolve(hold());
        },
      };
      const onAbort = () => {
        const at = held.queue.indexOf(waiter);
        if (at >= 0) held.queue.splice(at, 1);
        this.pump(key);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      held.queue.push(waiter);
    });
  }

  private pump(key: string): void {
    const state = this.keys.get(key);
    if (!state) return;
    for (let next = state.queue[0]; next; next = state.queue[0]) {
      const free = next.mode === 'shared' ? !state.exclusive : state.active === 0;
      if (!free) break;
      state.queue.shift();
      next.enter();
    }
    if (state.active === 0 && state.queue.length === 0) this.keys.delete(key);
  }
}

export type GateMode = 'shared' | 'exclusive';

/** Methods RFC 9110 calls idempotent: sending one twice has the effect of sending it once. */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
export const isIdempotent = (method: string) => IDEMPOTENT.has(method);

/** How long to wait for the browser's report of the headers a rule was to set, before deciding on a retry. */
const RULE_REPORT_WAIT_MS = 1500;

/**
 * Chrome: every request carries the marker (removed by a standing session
 * rule, see header-rules.ts), so the browser's reports identify it. Headers
 * fetch refuses go on through one declarativeNetRequest session rule per
 * request, matching only that URL from this extension outside any tab: a
 * request with such a rule has its URL to itself until its headers are
 * sent (other requests to that URL wait; requests without rules share it),
 * then the rule is removed. Chrome can start a request before a rule added
 * just before it takes effect: the browser's report of the headers sent
 * shows it, and an idempotent request is then sent again.
 */
export function chromeTransport(capture: WebRequestCapture, rules: HeaderRules): Transport {
  const gate = new KeyedGate();
  return {
    async open(hop) {
      const needsRule = hop.viaBrowser.length > 0;
      const release = await gate.acquire(hop.url, hop.signal, needsRule ? 'exclusive' : 'shared');
      const notices: string[] = [];
      let ruleId: number | undefined;
      let browserHeaders: HeaderLine[] = [];
      let marked = true;
      try {
        await rules.ready();
      } catch (error) {
        // Without the rule that removes it, the marker would reach the server: send none, and go unreported.
        console.warn('The rule that removes the request marker could not be added:', error);
        marked = false;
      }
      if (needsRule) {
        try {
          ruleId = await rules.add(hop.url, hop.viaBrowser, hop.sendCookies);
          browserHeaders = hop.viaBrowser;
        } catch (error) {
          notices.push(
            `${hop.viaBrowser.map((h) => h.name).join(', ')} could not be sent: the browser refused the header rule (${(error as Error).message}).`,
          );
        }
      }
      let phaseDone: Promise<void> | undefined;
      // The headers phase ends when they are sent with the rule in effect (or fetch settled): then the
      // rule goes and the next request to this URL may start.
      const endPhase = () =>
        (phaseDone ??= (async () => {
          try {
            if (ruleId !== undefined) await rules.remove(ruleId);
          } catch (error) {
            console.warn('Could not remove a header rule:', error);
          } finally {
            release();
          }
        })());
      const attempt = () => {
        if (!marked) return { exchange: undefined, fetchHeaders: hop.viaFetch };
        const token = crypto.randomUUID();
        const exchange = capture.expect(hop.url, token);
        // Sent with the rule in effect (or nothing to apply): the URL is free for the next request.
        void exchange
          .until(() => exchange.headersSent || exchange.error !== undefined, 2 ** 31 - 1)
          .then((sent) => {
            if (!sent || exchange.error !== undefined) return;
            if (
              browserHeaders.length === 0 ||
              notAsWritten(browserHeaders, firstHopSent(exchange)!, hop.sendCookies).length < browserHeaders.length
            ) {
              void endPhase();
            }
          });
        return { exchange, fetchHeaders: [...hop.viaFetch, { name: MARKER_HEADER, value: token }] };
      };
      const channel: HopChannel = {
        ...attempt(),
        browserHeaders,
        notices,
        async afterFetch(answered, mayRetry) {
          const exchange = channel.exchange;
          let missed: HeaderLine[] = [];
          if (answered && exchange && browserHeaders.length > 0) {
            // Whether the rule was in effect shows only in the browser's report of the headers sent.
            await exchange.until(() => exchange.headersSent || exchange.error !== undefined, RULE_REPORT_WAIT_MS);
            const sent = firstHopSent(exchange);
            missed = sent ? notAsWritten(browserHeaders, sent, hop.sendCookies) : [];
            if (missed.length === browserHeaders.length && mayRetry && isIdempotent(hop.method)) {
              capture.release(exchange);
              Object.assign(channel, attempt());
              return { again: true, missed };
            }
          }
          await endPhase();
          return { again: false, missed };
        },
        close() {
          void endPhase();
          if (channel.exchange) capture.release(channel.exchange);
        },
      };
      return channel;
    },
    // A redirect's next hop has another URL, which the rule does not match: follow hop by hop.
    followManually: (needsBrowserHeaders) => needsBrowserHeaders,
  };
}

/** The headers the first hop of this exchange went out with, as the browser reported them. */
const firstHopSent = (exchange: Exchange) => exchange.hops.find((hop) => hop.requestHeaders)?.requestHeaders;

/**
 * Firefox: a blocking onBeforeSendHeaders listener (capture.ts) finds our
 * request by a marker header, removes it and sets the user's headers, on
 * every hop of a redirect too. No rule, no waiting.
 */
export function firefoxTransport(capture: WebRequestCapture): Transport {
  return {
    async open(hop) {
      const token = crypto.randomUUID();
      const exchange = capture.expect(hop.url, token, {
        headers: hop.viaBrowser,
        sendCookies: hop.sendCookies,
        cookieOrigin: new URL(hop.url).origin,
      });
      return {
        fetchHeaders: [...hop.viaFetch, { name: MARKER_HEADER, value: token }],
        browserHeaders: hop.viaBrowser,
        notices: [],
        exchange,
        // The blocking listener sets the headers on the request itself: never too late.
        afterFetch: async () => ({ again: false, missed: [] }),
        close: () => capture.release(exchange),
      };
    },
    followManually: () => false,
  };
}
