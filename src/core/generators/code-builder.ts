/**
 * Keeps indentation out of the generators: push a line at the current depth,
 * open and close blocks, join at the end.
 */
export class CodeBuilder {
  private readonly out: string[] = [];
  private depth = 0;
  /** The indentation of the current depth. */
  private pad = '';

  constructor(private readonly unit: string = '  ') {}

  private setDepth(depth: number): void {
    this.depth = depth;
    this.pad = this.unit.repeat(depth);
  }

  /** Adds one line at the current depth (an empty string adds a blank line). */
  line(text = ''): this {
    this.out.push(text === '' ? '' : this.pad + text);
    return this;
  }

  /** Adds several lines, each at the current depth. */
  lines(texts: string[]): this {
    for (const text of texts) this.line(text);
    return this;
  }

  /** `opener` at this depth, the body one deeper, then `closer` back at this depth. */
  block(opener: string, body: (b: this) => void, closer: string): this {
    this.line(opener);
    this.setDepth(this.depth + 1);
    body(this);
    this.setDepth(this.depth - 1);
    if (closer !== '') this.line(closer);
    return this;
  }

  indent(): this {
    this.setDepth(this.depth + 1);
    return this;
  }

  dedent(): this {
    this.setDepth(Math.max(0, this.depth - 1));
    return this;
  }

  /** Adds a blank line unless the last line is already blank (or there is none). */
  blank(): this {
    if (this.out.length > 0 && this.out[this.out.length - 1] !== '') this.out.push('');
    return this;
  }

  /** The lines written so far (a text of several lines gives each), without the blank ones at the end. */
  toLines(): string[] {
    const lines: string[] = [];
    for (const line of this.out) {
      if (line.includes('\n')) lines.push(...line.split('\n'));
      else lines.push(line);
    }
    while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
    return lines;
  }

  toString(): string {
    const text = this.out.join('\n');
    // Trailing blank lines go (a scan from the end: a regex would try every position of the text).
    let end = text.length;
    while (end > 0 && text.charCodeAt(end - 1) === 10) end--;
    return `${text.slice(0, end)}\n`;
  }
}
