/** Where something is in the user's input: 0-based offset, 1-based line and column. */
export interface SourcePosition {
  offset: number;
  line: number;
  column: number;
}

/** A span of the input, [start, end) in offsets, with the start's line and column. */
export interface SourceSpan extends SourcePosition {
  end: number;
}

/** Computes line and column (1-based, in UTF-16 code units) for an offset. */
export function positionAt(text: string, offset: number): SourcePosition {
  const clamped = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < clamped; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { offset: clamped, line, column: clamped - lineStart + 1 };
}

export function spanAt(text: string, start: number, end: number): SourceSpan {
  return { ...positionAt(text, start), end: Math.max(start, Math.min(end, text.length)) };
}

/**
 * The one error type the parser throws: a message for a person, a stable code,
 * and where in the input the problem is.
 */
export class CurlParseError extends Error {
  override name = 'CurlParseError';
  constructor(
    message: string,
    readonly code: string,
    readonly span: SourceSpan,
  ) {
    super(`${message} (line ${span.line}, column ${span.column})`);
    this.detail = message;
  }
  /** The message without the position suffix. */
  readonly detail: string;

  /**
   * Any copy of this class counts: the Node build runs the converter as scripts of its own (with their code
   * cache) beside its ES modules, and each holds a copy of this module.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof Error && value.name === 'CurlParseError' && 'code' in value && 'span' in value;
  }
}

/** A warning with a stable code, a message and the place it is about. */
export interface Warning {
  code: string;
  message: string;
  span?: SourceSpan;
}
