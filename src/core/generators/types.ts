import type { Warning } from '../errors.ts';
import type { RequestSpec } from '../request-spec/spec.ts';

export interface GenerateOptions {
  /** Indentation unit; defaults to the language's convention. */
  indent?: string;
}

export interface GeneratedCode {
  code: string;
  warnings: Warning[];
}

/** One code-generation target: one file under generators/, one line in the registry. */
export interface Generator {
  /** Fixed id, also the file name and the golden-fixture folder name, e.g. `python-requests`. */
  id: string;
  /** Menu title, e.g. "Python (requests)". */
  title: string;
  /** shiki language id for highlighting. */
  language: string;
  /** File extension for "Copy as file", without the dot. */
  extension: string;
  /** Writes the program that sends `spec`; synchronous, and never throws for a spec the spec builders made. */
  generate(spec: RequestSpec, options?: GenerateOptions): GeneratedCode;
}
