/**
 * Requests the inspected page made, as DevTools reports them (HAR 1.2 entries
 * from `devtools.network`), and the summary the "Captured" list shows.
 */

export interface HarHeader {
  name: string;
  value: string;
}

export interface HarPostParam {
  name: string;
  value?: string;
  fileName?: string;
  contentType?: string;
}

/** The parts of a HAR entry this extension reads; browsers add more, and may leave any of these out. */
export interface HarEntryLike {
  startedDateTime?: string;
  /** Total time, ms. */
  time?: number;
  request: {
    method: string;
    url: string;
    httpVersion?: string;
    headers: HarHeader[];
    postData?: { mimeType?: string; text?: string; params?: HarPostParam[] };
  };
  response?: {
    status?: number;
    statusText?: string;
    content?: { size?: number; mimeType?: string };
    bodySize?: number;
    /** Chrome: bytes on the wire. */
    _transferSize?: number;
    /** Chrome: why the request failed (e.g. net::ERR_CONNECTION_REFUSED). */
    _error?: string;
  };
  /** Chrome: "fetch", "xhr", "document", "script", "stylesheet", "image", "font", "media", "websocket", "other"... */
  _resourceType?: string;
}

export const CAPTURED_TYPES = [
  'fetch',
  'xhr',
  'document',
  'script',
  'stylesheet',
  'image',
  'font',
  'media',
  'websocket',
  'other',
] as const;
export type CapturedType = (typeof CAPTURED_TYPES)[number];

/** One row of the Captured list. */
export interface CapturedRequest {
  /** Unique within the list (assigned in arrival order). */
  id: string;
  method: string;
  url: string;
  /** 0 when no response came (failed, blocked, cancelled). */
  status: number;
  statusText: string;
  type: CapturedType;
  /** Response size in bytes (transferred when known, else content), or null when unknown. */
  size: number | null;
  timeMs: number | null;
  /** ms since the epoch, or null. */
  startedAt: number | null;
  entry: HarEntryLike;
}
