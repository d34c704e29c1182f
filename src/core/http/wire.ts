import type { HeaderLine } from './request.ts';

/** A request exactly as it goes on the wire: what the echo server records and what the REST client sends. */
export interface WireRequest {
  method: string;
  /** Absolute URL (scheme, host, port, path, query bytes as sent). */
  url: string;
  /** The request target: path and query bytes as sent, e.g. `/a/b?x=1%20y`. */
  target: string;
  /** Header lines in send order, names with the case written. */
  headers: HeaderLine[];
  body: Uint8Array;
}
