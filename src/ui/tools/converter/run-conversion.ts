import { convertOnDemand, CurlParseError } from '../../../core/convert-on-demand.ts';
import type { ConversionRequest, ConversionResponse } from './conversion.ts';

/**
 * One conversion, with every failure turned into data (it crosses a worker
 * boundary). The target's generator is loaded the first time it is chosen.
 */
export async function runConversion(request: ConversionRequest): Promise<ConversionResponse> {
  try {
    const result = await convertOnDemand(request.text, request.target, {
      dialect: request.dialect,
      only: request.only,
    });
    return { id: request.id, ok: true, result };
  } catch (error) {
    if (error instanceof CurlParseError) {
      return { id: request.id, ok: false, error: { message: error.detail, code: error.code, span: error.span } };
    }
    return { id: request.id, ok: false, error: { message: (error as Error).message, code: 'internal' } };
  }
}
