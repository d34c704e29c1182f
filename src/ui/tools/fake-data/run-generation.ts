import { createFormatter } from '../../../core/fake/formats.ts';
import { createRowSource } from '../../../core/fake/generate.ts';
import { loadFaker } from '../../../core/fake/locales.ts';
import { CHUNK_ROWS, headOf, type GenerateRequest, type WorkerReply } from './protocol.ts';

/**
 * The whole generation, piece by piece: the same text as the core's one-go `makeDataSet`, with a progress report
 * after each piece. Runs in the worker (or in the page where workers are unavailable).
 */
export async function runGeneration(
  request: GenerateRequest,
  post: (reply: WorkerReply, transfer?: Transferable[]) => void,
): Promise<void> {
  try {
    const faker = await loadFaker(request.def.locale);
    const source = createRowSource(request.def, faker, request.rows);
    const formatter = createFormatter(request.format, source.columns, source.types, { table: request.table });
    const pieces = [formatter.start()];
    while (source.made < request.rows) {
      pieces.push(formatter.rows(source.take(CHUNK_ROWS)));
      post({ type: 'progress', made: source.made });
      // Lets a page running this in-line paint and take a Cancel between pieces.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    pieces.push(formatter.end());
    const text = pieces.join('');
    post({ type: 'done', made: source.made, bytes: new TextEncoder().encode(text), ...headOf(text) });
  } catch (error) {
    post({ type: 'error', message: (error as Error).message });
  }
}
