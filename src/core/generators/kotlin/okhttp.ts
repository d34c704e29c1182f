/**
 * Kotlin with OkHttp: the OkHttp renderer the Java target uses, in Kotlin's
 * idiom (`toMediaType()`, `toRequestBody()`, `asRequestBody()`, `use {}`),
 * laid out as ktlint expects.
 */
import type { Generator } from '../types.ts';
import { targetInfo } from '../targets.ts';
import { generateOkHttp } from '../java/okhttp.ts';

export const kotlinOkHttp: Generator = {
  ...targetInfo('kotlin-okhttp'),
  generate(spec, options) {
    return generateOkHttp(spec, 'kotlin', options?.indent ?? '    ');
  },
};
