import { convert, CurlParseError } from '../../../core/index.ts';
import type { ConversionRequest, ConversionResponse } from './conversion.ts';

/** One conversion, with every failure turned into data (it crosses a worker boundary). */
export function runConversion(request: ConversionRequest): ConversionResponse {
  try {
    const result = convert(request.text, request.target, { dialect: request.dialect, only: request.only });
    return { id: request.id, ok: true, result };
  } catch (error) {
    if (error instanceof CurlParseError) {
      return { id: request.id, ok: false, error: { message: error.detail, code: error.code, span: error.span } };
    }
    return { id: request.id, ok: false, error: { message: (error as Error).message, code: 'internal' } };
  }
}
