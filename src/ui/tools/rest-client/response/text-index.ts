/**
 * Line and row indexes for showing a large text as a virtual list: only the
 * rows in view are ever put in the DOM. A row is a line, or a piece of a line
 * longer than `maxCols` (a 10 MB minified body is one line).
 */

export interface TextIndex {
  /** Start offset of each line. */
  lineStarts: Uint32Array;
  /** Present only when some line is longer than maxCols: start offset and line number of each row. */
  rows: { starts: Uint32Array; lines: Uint32Array } | null;
  rowCount: number;
  /** Characters in the longest row (tabs count as one). */
  longest: number;
}

export function indexLines(text: string): Uint32Array {
  let count = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  const starts = new Uint32Array(count);
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts[line++] = at + 1;
  return starts;
}

/** End offset of a line, without its line break (and without a CR before it). */
export function lineEnd(text: string, lineStarts: Uint32Array, line: number): number {
  let end = line + 1 < lineStarts.length ? lineStarts[line + 1]! - 1 : text.length;
  if (end > lineStarts[line]! && text.charCodeAt(end - 1) === 0x0d) end--;
  return end;
}

export function indexText(text: string, maxCols: number): TextIndex {
  const lineStarts = indexLines(text);
  const lineCount = lineStarts.length;
  let longest = 0;
  let rowCount = 0;
  for (let line = 0; line < lineCount; line++) {
    const start = lineStarts[line]!;
    const end = lineEnd(text, lineStarts, line);
    longest = Math.max(longest, end - start);
    for (let at = start; ;) {
      rowCount++;
      at = nextRowStart(text, at, maxCols);
      if (at >= end) break;
    }
  }
  if (longest <= maxCols) return { lineStarts, rows: null, rowCount: lineCount, longest };
  const starts = new Uint32Array(rowCount);
  const lines = new Uint32Array(rowCount);
  let row = 0;
  for (let line = 0; line < lineCount; line++) {
    const start = lineStarts[line]!;
    const end = lineEnd(text, lineStarts, line);
    for (let at = start; ;) {
      starts[row] = at;
      lines[row] = line;
      row++;
      at = nextRowStart(text, at, maxCols);
      if (at >= end) break;
    }
  }
  return { lineStarts, rows: { starts, lines }, rowCount, longest: maxCols };
}

/** Where the next row of a long line starts: maxCols on, but never inside a surrogate pair. */
function nextRowStart(text: string, at: number, maxCols: number): number {
  const next = at + maxCols;
  const code = text.charCodeAt(next);
  return code >= 0xdc00 && code <= 0xdfff ? next - 1 : next;
}

/** The line a row belongs to, where the row starts, and whether it continues a longer line. */
export function rowAt(
  text: string,
  index: TextIndex,
  row: number,
): { line: number; start: number; end: number; continued: boolean } {
  if (!index.rows) {
    return { line: row, start: index.lineStarts[row]!, end: lineEnd(text, index.lineStarts, row), continued: false };
  }
  const line = index.rows.lines[row]!;
  const start = index.rows.starts[row]!;
  const lineStop = lineEnd(text, index.lineStarts, line);
  const next = row + 1 < index.rowCount && index.rows.lines[row + 1] === line ? index.rows.starts[row + 1]! : lineStop;
  return { line, start, end: Math.min(next, lineStop), continued: start !== index.lineStarts[line] };
}
