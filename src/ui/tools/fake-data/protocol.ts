import type { DataSetDef } from '../../../core/fake/definition.ts';
import type { OutputFormat } from '../../../core/fake/formats.ts';

export interface GenerateRequest {
  def: DataSetDef;
  rows: number;
  format: OutputFormat;
  table: string;
}

/**
 * A finished data set: the text as UTF-8 bytes (transferred, not copied, so a 16 MB output costs the page no
 * long task to receive), and its first lines as text for the page to show.
 */
export interface GeneratedOutput {
  bytes: Uint8Array;
  head: string;
  /** Whether `head` is the whole text. */
  complete: boolean;
}

/** Lines of the output shown on the page (the whole text is copied and downloaded). */
export const SHOWN_LINES = 200;

/** The first `lines` lines of a text, and whether that is all of it. */
export function headOf(text: string, lines = SHOWN_LINES): { head: string; complete: boolean } {
  let index = -1;
  for (let i = 0; i < lines; i++) {
    index = text.indexOf('\n', index + 1);
    if (index < 0) return { head: text, complete: true };
  }
  return { head: text.slice(0, index + 1), complete: index + 1 >= text.length };
}

export type WorkerReply =
  | { type: 'progress'; made: number }
  | ({ type: 'done'; made: number } & GeneratedOutput)
  | { type: 'error'; message: string };

/** Rows per piece: small enough that progress moves and Cancel is quick, large enough to keep messages few. */
export const CHUNK_ROWS = 2000;
