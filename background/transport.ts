/**
 * How one network request (one hop) gets the user's headers onto the wire
 * and is watched there, per browser. The executor (send.ts) is the same for
 * all of them and for Node tests.
 */
import type { HeaderLine } from '../src/core/http/request.ts';
import { Exchange, MARKER_HEADER, type WebRequestCapture } from './capture.ts';
import type { HeaderRules } from './header-rules.ts';

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
  /** What the browser reports about this request, when it reports anything. */
  exchange?: Exchange;
  /** Call once fetch has settled (head received or failed). */
  afterFetch(): Promise<void>;
  /** Call when done with the hop (always). */
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
        afterFetch: async () => undefined,
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
        afterFetch: async () => undefined,
        close: () => undefined,
      };
    },
    followManually: () => false,
  };
}

/** Lets one request per key through at a time, in arrival order; waiting is abortable. */
export class KeyedGate {
  private readonly tails = new Map<string, Promise<void>>();

  async acquire(key: string, signal: AbortSignal): Promise<() => void> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => mine);
    this.tails.set(key, tail);
    const done = () => {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    };
    try {
      await abortable(previous, signal);
    } catch (error) {
      // Still hand the turn on once the one before us is done.
      void previous.then(done);
      throw error;
    }
    return done;
  }
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * Chrome: one declarativeNetRequest session rule per request that has
 * headers fetch refuses, matching only that URL from this extension outside
 * any tab. Requests to the same URL pass one at a time until their headers
 * are sent, so the rule (and the webRequest match) can only meet the request
 * it was made for; the rule is removed right then.
 */
export function chromeTransport(capture: WebRequestCapture, rules: HeaderRules): Transport {
  const gate = new KeyedGate();
  return {
    async open(hop) {
      const release = await gate.acquire(hop.url, hop.signal);
      const exchange = capture.expect(hop.url);
      const notices: string[] = [];
      let ruleId: number | undefined;
      let browserHeaders: HeaderLine[] = [];
      if (hop.viaBrowser.length > 0) {
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
      // The headers phase ends when they are sent (or the request failed, or fetch settled): then the
      // rule goes and the next request to this URL may start.
      const endPhase = () =>
        (phaseDone ??= (async () => {
          capture.unexpect(exchange);
          try {
            if (ruleId !== undefined) await rules.remove(ruleId);
          } catch (error) {
            console.warn('Could not remove a header rule:', error);
          } finally {
            release();
          }
        })());
      void exchange.until(() => exchange.headersSent || exchange.error !== undefined, 2 ** 31 - 1).then(endPhase);
      return {
        fetchHeaders: hop.viaFetch,
        browserHeaders,
        notices,
        exchange,
        afterFetch: endPhase,
        close() {
          void endPhase();
          capture.release(exchange);
        },
      };
    },
    // A redirect's next hop has another URL, which the rule does not match: follow hop by hop.
    followManually: (needsBrowserHeaders) => needsBrowserHeaders,
  };
}

/**
 * Firefox: a blocking onBeforeSendHeaders listener (capture.ts) finds our
 * request by a marker header, removes it and sets the user's headers, on
 * every hop of a redirect too. No rule, no waiting.
 */
export function firefoxTransport(capture: WebRequestCapture): Transport {
  return {
    async open(hop) {
      const token = crypto.randomUUID();
      const exchange = capture.expectMarked(hop.url, token, {
        headers: hop.viaBrowser,
        sendCookies: hop.sendCookies,
        cookieOrigin: new URL(hop.url).origin,
      });
      return {
        fetchHeaders: [...hop.viaFetch, { name: MARKER_HEADER, value: token }],
        browserHeaders: hop.viaBrowser,
        notices: [],
        exchange,
        afterFetch: async () => undefined,
        close: () => capture.release(exchange),
      };
    },
    followManually: () => false,
  };
}
