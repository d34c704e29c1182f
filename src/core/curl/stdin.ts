/**
 * Standard input, as the curl options that read it (`@-`, `-F name=@-`, `-F name=<-`, `--data-urlencode
 * name@-`, `--url-query @-`) see it. curl reads stdin once, to its end, for the first of them in command
 * order; the parser already turned the later ones into empty values (`readsStdin`). What the remaining
 * reader gets is what the command line gives curl on stdin: a here-document's or here-string's text, a
 * file (`< file`), or, when the command line does not say, the program's own standard input.
 */
import type { StdinSource } from '../shell/types.ts';
import type { DataPiece, FormPart } from './model.ts';

/** The path a program reads its own standard input from, where a reader takes a file. */
export const STDIN_PATH = '/dev/stdin';

/** Whether a `--data-urlencode` / `--url-query` piece reads standard input (`@-`, `name@-`). */
export function isStdinUrlencode(piece: DataPiece): boolean {
  return piece.type === 'urlencode-file' && piece.path === '-';
}

/** Whether a `-F` part reads standard input (`name=@-`, `name=<-`). */
export function isStdinPart(part: FormPart): boolean {
  return (part.type === 'file' || part.type === 'file-content') && part.path === '-';
}

/**
 * The `-d`-style pieces with the standard input the command line gives. The text of a here-document
 * replaces the reader (CR and LF dropped for `-d @-`, URL-encoded for `--data-urlencode`); `< file`
 * makes it a file read. Without one, `@-` pieces stay (the program reads its stdin) and `--data-urlencode
 * @-` reads the program's stdin as a file.
 */
export function piecesWithStdin(pieces: DataPiece[], stdin: StdinSource | undefined): DataPiece[] {
  if (!pieces.some((p) => p.type === 'stdin' || isStdinUrlencode(p))) return pieces;
  let read = false;
  return pieces.map((p): DataPiece => {
    const stdinPiece = p.type === 'stdin';
    if (!stdinPiece && !isStdinUrlencode(p)) return p;
    const json = 'json' in p && p.json ? { json: true } : {};
    const first = !read;
    read = true;
    if (!first) return { type: 'literal', text: '', ...json };
    if (p.type === 'urlencode-file') {
      const name = p.name !== undefined ? { name: p.name } : {};
      if (!stdin || 'file' in stdin) return { ...p, path: stdin ? stdin.file : STDIN_PATH };
      // curl sends nothing at all, not even `name=`, for empty content.
      return stdin.text === '' ? { type: 'literal', text: '' } : { type: 'urlencode', ...name, value: stdin.text };
    }
    if (p.type !== 'stdin' || !stdin) return p;
    if ('file' in stdin) return { type: 'file', path: stdin.file, strip: p.strip, ...json };
    return { type: 'literal', text: p.strip ? stdin.text.replace(/[\r\n]/g, '') : stdin.text, ...json };
  });
}

/**
 * The `-F` parts with the standard input the command line gives: `name=@-` is a file part named `-`
 * (or its `;filename=`) whose content is stdin, `name=<-` a plain field whose value is stdin. A
 * here-document's text becomes the value (with the file name for `@-`); `< file` reads that file; without
 * either the program reads its own stdin as a file.
 */
export function partsWithStdin(parts: FormPart[], stdin: StdinSource | undefined): FormPart[] {
  if (!parts.some(isStdinPart)) return parts;
  let read = false;
  return parts.map((part): FormPart => {
    if (part.type === 'field' || !isStdinPart(part)) return part;
    const first = !read;
    read = true;
    const { name, contentType, headers, span } = part;
    const common = { name, headers, ...(contentType !== undefined ? { contentType } : {}), ...(span ? { span } : {}) };
    const filename = part.type === 'file' ? { filename: part.filename } : {};
    if (!first) return { type: 'field', value: '', ...filename, ...common };
    if (stdin && 'text' in stdin) return { type: 'field', value: stdin.text, ...filename, ...common };
    const path = stdin ? stdin.file : STDIN_PATH;
    return { ...part, path };
  });
}
