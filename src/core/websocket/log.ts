/**
 * The log's filter and search, and its export. Filtering returns indexes
 * (not copies), so a view over 100,000 messages only keeps numbers.
 */
import { bytesToBase64 } from '../bytes.ts';
import { toHex, type Direction, type LogMessage } from './message.ts';

export type DirectionFilter = 'all' | 'out' | 'in';

export interface LogFilter {
  direction: DirectionFilter;
  /** Case-insensitive text to find in a message (its text, or its hex for binary). */
  query: string;
}

export const NO_FILTER: LogFilter = { direction: 'all', query: '' };

export function isFiltering(filter: LogFilter): boolean {
  return filter.direction !== 'all' || filter.query.trim() !== '';
}

/** Whether one message passes the filter. Connection events pass a direction filter only with no query. */
export function matches(message: LogMessage, filter: LogFilter): boolean {
  if (filter.direction !== 'all' && message.direction !== filter.direction) return false;
  const query = filter.query.trim().toLowerCase();
  if (query === '') return true;
  if (message.kind === 'binary') return toHex(message.bytes!).includes(query.replace(/^0x/, ''));
  return (
    message.text.toLowerCase().includes(query) ||
    (message.event?.toLowerCase().includes(query) ?? false) ||
    (message.eventId?.toLowerCase().includes(query) ?? false)
  );
}

/**
 * Indexes of the messages that pass, in order. `from` continues an earlier
 * result: only messages from that index on are looked at (the log only grows
 * at its end, so appending needs no full rescan).
 */
export function filterIndexes(messages: readonly LogMessage[], filter: LogFilter, from = 0): number[] {
  const out: number[] = [];
  for (let i = from; i < messages.length; i++) if (matches(messages[i]!, filter)) out.push(i);
  return out;
}

export const LOG_FORMAT = 'http-workbench-message-log';

export interface ExportedMessage {
  direction: Direction;
  /** ISO 8601 time with milliseconds. */
  time: string;
  kind: 'text' | 'binary';
  size: number;
  text?: string;
  /** Binary messages: the bytes in base64. */
  base64?: string;
  event?: string;
  id?: string;
}

export interface ExportedLog {
  format: typeof LOG_FORMAT;
  version: 1;
  url: string;
  protocol?: string;
  exportedAt: string;
  messages: ExportedMessage[];
}

/** The log as a JSON document (binary as base64), the messages in the order given. */
export function exportLog(
  messages: readonly LogMessage[],
  meta: { url: string; protocol?: string; now: number },
): string {
  const log: ExportedLog = {
    format: LOG_FORMAT,
    version: 1,
    url: meta.url,
    ...(meta.protocol ? { protocol: meta.protocol } : {}),
    exportedAt: new Date(meta.now).toISOString(),
    messages: messages.map((m) => ({
      direction: m.direction,
      time: new Date(m.at).toISOString(),
      kind: m.kind,
      size: m.size,
      ...(m.kind === 'binary' ? { base64: bytesToBase64(m.bytes!) } : { text: m.text }),
      ...(m.event !== undefined ? { event: m.event } : {}),
      ...(m.eventId !== undefined ? { id: m.eventId } : {}),
    })),
  };
  return JSON.stringify(log, null, 2);
}

/** A file name for the export: host and time, safe on every file system. */
export function exportFileName(url: string, now: number): string {
  let host = 'connection';
  try {
    host = new URL(url).host || host;
  } catch {
    // keep the default
  }
  const stamp = new Date(now).toISOString().replace(/[:.]/g, '-');
  return `messages-${host.replace(/[^\w.-]+/g, '_')}-${stamp}.json`;
}
