/**
 * The target-neutral request spec: what a generated program must send, worked
 * out once from a parsed curl command (`specFromCurl`) or from a REST client
 * request (`specFromRest`), before any target sees it. It holds the exact wire
 * request (header lines in curl's order, the body's exact text or where its
 * bytes come from) next to its idiomatic views (a JSON value, form pairs,
 * multipart parts), the transport settings and the variables to read. Client
 * files never look at the curl model or the REST editor's model.
 */
import type { SourceSpan, Warning } from '../errors.ts';
import type { HeaderLine } from '../http/request.ts';
import type { DataPiece, FormPart, Transport } from '../curl/model.ts';

export type { DataPiece, FormPart, Transport };
export { partFilename } from '../curl/model.ts';

/** A header line the program sets, with where the user wrote it (when known). */
export interface SpecHeader extends HeaderLine {
  span?: SourceSpan;
}

export type SpecBody =
  | { kind: 'none' }
  /** The exact body text (may hold variable markers). */
  | { kind: 'text'; text: string }
  /**
   * A JSON body: `text` is exact; `value` is the parsed document. A generator
   * may write `value` as a literal only if its serializer reproduces `text`
   * byte for byte (see `jsonStyleOf`).
   */
  | { kind: 'json'; text: string; value: unknown; style: JsonStyle | null }
  /** `application/x-www-form-urlencoded` pairs that `text` decodes to exactly (names and values decoded). */
  | { kind: 'form'; text: string; pairs: [string, string][] }
  /** The whole body is one file's bytes; `strip` removes CR and LF first (`-d @file`). */
  | { kind: 'file'; path: string; strip: boolean }
  /** Pieces to concatenate at run time (files mixed with text, url-encoded file contents or variables). */
  | { kind: 'pieces'; pieces: DataPiece[] }
  | { kind: 'multipart'; parts: FormPart[] }
  /** The whole body is standard input; `strip` removes CR and LF first (`-d @-`). */
  | { kind: 'stdin'; strip: boolean };

/** How a JSON text is laid out, when it is exactly one serializer's output. */
export type JsonStyle =
  /** `JSON.stringify(v)` (also serde_json's `to_string`, and Go's `json.Marshal` when the text has no `<>&`) */
  | 'compact'
  /** Python's `json.dumps(v)`: `", "` and `": "` separators, ASCII escapes */
  | 'python';

export interface RequestSpec {
  /** Where the spec came from: a curl command or a REST client request. */
  source: 'curl' | 'rest';
  method: string;
  /** True when the method is the one the body implies (GET without body, POST with one), so a helper like `requests.post` fits. */
  methodIsDefault: boolean;
  /** The URL exactly as sent (query bytes as written; may hold variable markers). */
  url: string;
  /** Header lines the program must set, in curl's order, names as written. Excludes Content-Length and curl's own defaults. */
  headers: SpecHeader[];
  /** Basic credentials to express with the client's auth idiom (only when no Authorization header is set). */
  basicAuth?: { user: string; password: string };
  /** Headers curl's defaults would include that the request removed (`-H 'Accept:'`), lower-cased. */
  removedDefaults: string[];
  body: SpecBody;
  transport: Transport;
  /** The Cookie line `-b name=value` made (one of `headers`), for clients with a cookie-dict idiom. */
  cookieLine?: string;
  /** Netscape cookie files (`-b file`) the request reads cookies from. */
  cookieFiles: string[];
  /** Names of variables the program reads from the environment, in first-use order. */
  variables: string[];
  /** What the spec itself could not carry (catalogue codes, positioned). */
  warnings: Warning[];
  /** Where the request is in the input, when it came from text. */
  span?: SourceSpan;
  /** Where the URL is in the input. */
  urlSpan?: SourceSpan;
}

/** Transport settings of a request with no options: no redirects followed, certificates checked. */
export function defaultTransport(): Transport {
  return { insecure: false, followRedirects: false, locationTrusted: false, compressed: false, globOff: false };
}
