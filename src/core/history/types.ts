/**
 * The shapes of stored history: what one entry holds and the small summary
 * the history list is drawn from. Kept apart from the logic so every layer
 * (store, UI, export) shares one definition.
 */
import type { AuthDraft, KeyValueRow } from '../http/compose.ts';

export const HISTORY_SCHEMA = 2;

/** A multipart part as stored: text parts keep their value, file parts only the file's name (the bytes are not kept). */
export type StoredPart =
  | { kind: 'text'; enabled: boolean; name: string; value: string }
  | {
      kind: 'file';
      enabled: boolean;
      name: string;
      fileName: string;
      /** The file's text when an import carried it (a HAR param with a value); otherwise the file is chosen again. */
      content?: string;
      contentType?: string;
    };

/** The body as the editor held it, `{{variables}}` not substituted. */
export type StoredBody =
  | { kind: 'none' }
  | { kind: 'json'; text: string }
  | { kind: 'text'; text: string }
  | { kind: 'form'; rows: KeyValueRow[] }
  | { kind: 'multipart'; rows: StoredPart[] }
  /** A file body; the bytes are not kept, only the name ('' when none was chosen). */
  | { kind: 'binary'; fileName: string };

/** The request as written in the editor: replaying it substitutes the variables' current values. */
export interface StoredRequest {
  method: string;
  /** The URL as typed, query included, `{{variables}}` as written. */
  url: string;
  headers: KeyValueRow[];
  body: StoredBody;
  auth: AuthDraft;
}

export interface StoredResponse {
  status: number;
  statusText: string;
  /** Total time, ms. */
  timeMs: number;
  /** Body size in bytes as received. */
  size: number;
  contentType?: string;
  /** The body as text, when saving bodies is on and it is text; cut to the configured cap. */
  body?: string;
  /** True when `body` holds only the start of the body. */
  bodyTruncated?: boolean;
}

export interface HistoryEntry {
  id: string;
  schema: typeof HISTORY_SCHEMA;
  /** When the request was sent, in ms since the epoch. */
  createdAt: number;
  pinned: boolean;
  /** The environment active when it was sent (its id and name at the time). */
  environmentId?: string;
  environmentName?: string;
  request: StoredRequest;
  /** Absent when no response came back. */
  response?: StoredResponse;
  /** Why no response came back (network error, timeout, cancelled). */
  error?: string;
}

/** What the history list shows for one entry; kept in the index, small. */
export interface HistorySummary {
  id: string;
  createdAt: number;
  pinned: boolean;
  method: string;
  /** The URL as written (with `{{variables}}`). */
  url: string;
  /** 0 when no response came back. */
  status: number;
  timeMs?: number;
  size?: number;
  environmentName?: string;
  /** Set when no response came back. */
  error?: string;
}
