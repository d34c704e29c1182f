/**
 * The formatted document as the worker hands it to the page: UTF-8 bytes and the byte offset where each
 * line starts, both in transferable buffers. Handing over buffers costs the page nothing (a 10 MB string
 * in a message is copied and rebuilt on the main thread: over 300 ms); the page decodes only the lines it
 * shows, and the whole text only when it is copied or downloaded.
 */
export interface LinesView {
  /** The formatted text, UTF-8. */
  bytes: Uint8Array;
  /** Byte offset of each line's first character. */
  lineStarts: Int32Array;
  /** Line that closes the container opened on each line, or -1. */
  closes: Int32Array;
}

const NEWLINE = 0x0a;

/** Encodes formatted text (lines end with "\n"; JSON strings never hold a raw newline). */
export function encodeLines(text: string, closes: Int32Array): LinesView {
  const bytes = new TextEncoder().encode(text);
  let count = 1;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === NEWLINE) count++;
  const lineStarts = new Int32Array(count);
  let line = 1;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === NEWLINE) lineStarts[line++] = i + 1;
  return { bytes, lineStarts, closes };
}

const decoder = new TextDecoder();

/** The text of one line (without its newline). */
export function lineText(view: LinesView, line: number): string {
  const start = view.lineStarts[line];
  if (start === undefined) return '';
  const end = line + 1 < view.lineStarts.length ? view.lineStarts[line + 1]! - 1 : view.bytes.length;
  return decoder.decode(view.bytes.subarray(start, end));
}

/** The whole text (for copy, download, hand-offs). */
export const viewText = (view: LinesView): string => decoder.decode(view.bytes);
