/**
 * The request model the curl parser produces: what curl would send, with the
 * user's intent kept (header case and order, removed headers, file
 * references, shell variables as markers). The REST client edits the same
 * model, and `toWireRequest` turns it into the exact bytes.
 */
import type { SourceSpan } from '../errors.ts';
import type { HeaderLine } from '../http/request.ts';
import type { StdinSource } from '../shell/types.ts';

/** A header the user set on the command line (-H, or a dedicated option such as -A). */
export interface ModelHeader extends HeaderLine {
  /** Where the user wrote it. */
  span?: SourceSpan;
}

/** One piece of `-d`-style data, in command order. */
export type DataPiece =
  /** Bytes exactly as written (`-d x`, `--data-raw x`, `--data-binary x`, `--json x`). */
  | { type: 'literal'; text: string; json?: boolean }
  /** Read from a file: `-d @f` strips CR and LF (`strip`); `--data-binary @f` and `--json @f` do not. */
  | { type: 'file'; path: string; strip: boolean; json?: boolean }
  /** Read from standard input (`@-`). */
  | { type: 'stdin'; strip: boolean; json?: boolean }
  /** `--data-urlencode`: `name=value`, `=value` or `value`; the value gets URL-encoded, the name does not. */
  | { type: 'urlencode'; name?: string; value: string }
  /** `--data-urlencode name@file` / `@file`: the file's content gets URL-encoded (path `-`: standard input). */
  | { type: 'urlencode-file'; name?: string; path: string };

export type FormPart = {
  name: string;
  /** `;type=` */
  contentType?: string;
  /** `;headers=` */
  headers: HeaderLine[];
  span?: SourceSpan;
} &
  /**
   * A text value; with a `filename` it is sent as a file (the content of `name=@-` when the shell gives
   * curl its standard input as text).
   */
  (
    | { type: 'field'; value: string; filename?: string }
    /** `name=@path`: a file upload; `filename` from `;filename=`, else the path's base name (path `-`: stdin). */
    | { type: 'file'; path: string; filename: string }
    /** `name=<path`: the file's content as a plain field value (path `-`: stdin). */
    | { type: 'file-content'; path: string }
  );

/** The file name a part is sent with (a file, or a text sent as a file), if any. */
export function partFilename(part: FormPart): string | undefined {
  return part.type === 'file-content' ? undefined : part.filename;
}

export type Body =
  | { kind: 'none' }
  /**
   * `-d` family and `--json`. `format` says what the bytes are (from `--json`
   * or the effective Content-Type); `text` is the exact body when it needs no
   * file or stdin, else null.
   */
  | { kind: 'data'; format: 'json' | 'urlencoded' | 'raw'; pieces: DataPiece[]; text: string | null }
  /** `-F` / `--form-string` parts in order. */
  | { kind: 'multipart'; parts: FormPart[] }
  /**
   * `-T`: the body is a file's bytes (or stdin). `drained`: `-T -`, whose standard input another option
   * already read to its end (options read it as the command is read, `-T -` only when sending): it sends nothing.
   */
  | { kind: 'upload'; path: string | null; drained?: true };

export type AuthScheme = 'basic' | 'digest' | 'ntlm' | 'negotiate' | 'aws-sigv4' | 'bearer';

export interface Auth {
  scheme: AuthScheme;
  user?: string;
  /** Undefined when `-u user` has no password (curl would prompt for it). */
  password?: string;
  /** `--oauth2-bearer` token. */
  token?: string;
  /** `--aws-sigv4` provider string, e.g. `aws:amz:us-east-1:s3`. */
  awsSigv4?: string;
}

export interface Transport {
  insecure: boolean;
  followRedirects: boolean;
  maxRedirects?: number;
  /** `--location-trusted`: send credentials to other hosts on redirect. */
  locationTrusted: boolean;
  /** `-m` / `--max-time`, seconds. */
  timeoutSeconds?: number;
  /** `--connect-timeout`, seconds. */
  connectTimeoutSeconds?: number;
  /** `--compressed`: ask for and decode compressed responses. */
  compressed: boolean;
  proxy?: string;
  proxyUser?: string;
  httpVersion?: '1.0' | '1.1' | '2' | '2-prior-knowledge' | '3' | '3-only';
  /** `-o file` / `-O` (remote name). */
  output?: { file: string } | { remoteName: true };
  /** `-g`: URL globbing off. */
  globOff: boolean;
}

/**
 * One request of a curl command (a command with two URLs makes two). The requests of one part of a
 * command (between two `--next`) share their header, cookie and body lists: treat them as read-only.
 * Strings may hold variable markers (variables.ts) and bytes that are not UTF-8 text (raw-bytes.ts).
 */
export interface CurlRequest {
  /** The method curl sends. */
  method: string;
  /** True when `-X` named the method. */
  methodExplicit: boolean;
  /** The URL as written on the command line. */
  urlAsWritten: string;
  /** The URL curl requests: scheme added when missing, `-G` data and `--url-query` appended; query bytes kept. */
  url: string;
  /** `-H` headers in command order with their case (empty values included: `-H 'X;'`). */
  headers: ModelHeader[];
  /** Headers removed with `-H 'Name:'` (curl's own defaults such as Accept or User-Agent included). */
  removedHeaders: string[];
  /** `-A`. */
  userAgent?: string;
  /** `-e`, without curl's `;auto` suffix. */
  referer?: string;
  /** `-r`: the byte range (`600-`, `0-99`); curl sends `Range: bytes=<range>` on a request without a body. */
  range?: string;
  /** `-b name=value` strings in order (each may hold several `a=1; b=2` pairs). */
  cookies: string[];
  /** `-b file`: cookie files curl would read. */
  cookieFiles: string[];
  auth?: Auth;
  body: Body;
  transport: Transport;
  /**
   * What the shell gives curl on standard input (a here-document, a here-string, `< file`): what `@-` and
   * `-T -` read. Undefined when the command line does not say (the program reads its own stdin then).
   */
  stdin?: StdinSource;
  /** Where this request's curl command is in the input. */
  span: SourceSpan;
  /** Where the URL argument is in the input, quotes included. */
  urlSpan: SourceSpan;
}
