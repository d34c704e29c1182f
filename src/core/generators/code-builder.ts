/**
 * Keeps indentation out of the generators: push a line at the current depth,
 * open and close blocks, join at the end.
 */
export class CodeBuilder {
  private readonly out: string[] = [];
  private depth = 0;

  constructor(private readonly unit: string = '  ') {}

  /** Adds one line at the current depth (an empty string adds a blank line). */
  line(text = ''): this {
    this.out.push(text === '' ? '' : this.unit.repeat(this.depth) + text);
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
    this.depth++;
    body(this);
    this.depth--;
    if (closer !== '') this.line(closer);
    return this;
  }

  indent(): this {
    this.depth++;
    return this;
  }

  dedent(): this {
    this.depth = Math.max(0, this.depth - 1);
    return this;
  }

  /** Adds a blank line unless the last line is already blank (or there is none). */
  blank(): this {
    if (this.out.length > 0 && this.out[this.out.length - 1] !== '') this.out.push('');
    return this;
  }

  toString(): string {
    const text = this.out.join('\n');
    // Trailing blank lines go (a scan from the end: a regex would try every position of the text).
    let end = text.length;
    while (end > 0 && text.charCodeAt(end - 1) === 10) end--;
    return `${text.slice(0, end)}\n`;
  }
}
