import type { DataSetDef } from '../../../core/fake/definition.ts';
import type { OutputFormat } from '../../../core/fake/formats.ts';

export interface GenerateRequest {
  def: DataSetDef;
  rows: number;
  format: OutputFormat;
  table: string;
}

export type WorkerReply =
  | { type: 'progress'; made: number }
  | { type: 'done'; text: string; made: number }
  | { type: 'error'; message: string };

/** Rows per piece: small enough that progress moves and Cancel is quick, large enough to keep messages few. */
export const CHUNK_ROWS = 2000;
