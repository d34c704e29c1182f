/**
 * Auto-reconnect's waits: exponential back-off with a cap and jitter, reset
 * once a connection has stayed open long enough to count as healthy.
 */

export interface BackoffOptions {
  /** First wait in ms. */
  initial: number;
  /** Longest wait in ms. */
  max: number;
  /** Growth per attempt. */
  factor: number;
  /** 0..1: the share of each wait that is random (spreads reconnecting clients apart). */
  jitter: number;
  /** Give up after this many attempts in a row (0: never). */
  maxAttempts: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { initial: 500, max: 30_000, factor: 2, jitter: 0.2, maxAttempts: 10 };

/**
 * The wait before reconnect attempt `attempt` (1 for the first), or null when
 * the attempts are used up. `random` is injected so tests are exact.
 */
export function backoffDelay(
  attempt: number,
  options: BackoffOptions = DEFAULT_BACKOFF,
  random = Math.random,
): number | null {
  if (attempt < 1) return 0;
  if (options.maxAttempts > 0 && attempt > options.maxAttempts) return null;
  const base = Math.min(options.max, options.initial * options.factor ** (attempt - 1));
  const spread = base * options.jitter;
  return Math.round(base - spread + spread * 2 * random());
}

/** A close after which reconnecting makes sense: not one the user asked for, and not a refusal that repeating would only repeat. */
export function shouldReconnect(close: { code: number; byUser: boolean; handshakeStatus?: number }): boolean {
  if (close.byUser) return false;
  // A handshake refused with 4xx (bad credentials, wrong path) fails the same way again.
  if (close.handshakeStatus !== undefined && close.handshakeStatus >= 400 && close.handshakeStatus < 500) return false;
  // 1008 policy violation and 1003 unsupported data: the server rejected what we are.
  return close.code !== 1008 && close.code !== 1003;
}
