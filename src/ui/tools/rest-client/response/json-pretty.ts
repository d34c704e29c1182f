/**
 * A JSON pretty-printer that only moves whitespace: every string, number and
 * literal stays exactly as the server wrote it (so 12345678901234567890,
 * 1.0 and "\u00e9" are shown as sent, unlike JSON.parse + JSON.stringify),
 * and duplicate keys are kept. It is linear, never throws, and can stop after
 * a number of lines, so a first screen of a 10 MB body is ready at once.
 * It does not validate: run JSON.parse (or {@link jsonError}) for that.
 *
 * Along the way it records the stack of open containers at every
 * `checkpointEvery`-th line, so a highlighter can start in the middle of the
 * output with the right grammar context.
 */

export interface PrettyJson {
  text: string;
  /** Number of lines in `text`. */
  lines: number;
  /** stacks[k]: the open containers ('{' or '[' each, outermost first) at the start of line k × checkpointEvery. */
  stacks: string[];
  /** False when it stopped at `maxLines` before the end of the input. */
  complete: boolean;
}

export interface PrettyOptions {
  indent?: number;
  /** Stop once this many lines are written (a first screen). */
  maxLines?: number;
  checkpointEvery?: number;
}

const WHITESPACE = new Set([0x20, 0x0a, 0x0d, 0x09]);
/** Characters that end a bare token (number, literal, or stray text). */
const DELIMITERS = new Set([0x20, 0x0a, 0x0d, 0x09, 0x22, 0x2c, 0x3a, 0x5b, 0x5d, 0x7b, 0x7d]);

export function prettyJson(input: string, options: PrettyOptions = {}): PrettyJson {
  const indentUnit = ' '.repeat(options.indent ?? 2);
  const maxLines = options.maxLines ?? Infinity;
  const every = options.checkpointEvery ?? 64;
  const indents: string[] = [''];
  const indentOf = (depth: number) => (indents[depth] ??= indentUnit.repeat(depth));

  let out = '';
  let stack = '';
  const stacks: string[] = [''];
  let lines = 1;
  /** Starts a line at the current depth; `context` is the stack a highlighter needs there. */
  const newline = (context = stack) => {
    out += '\n' + indentOf(stack.length);
    if (lines % every === 0) stacks.push(context);
    lines++;
  };

  const n = input.length;
  let i = 0;
  while (i < n && lines <= maxLines) {
    const c = input.charCodeAt(i);
    if (WHITESPACE.has(c)) {
      i++;
      continue;
    }
    switch (c) {
      case 0x22: {
        // A string: up to the next quote not escaped by an odd run of backslashes.
        let j = i + 1;
        for (;;) {
          const q = input.indexOf('"', j);
          if (q === -1) {
            j = n;
            break;
          }
          let k = q - 1;
          while (k > i && input.charCodeAt(k) === 0x5c) k--;
          if ((q - 1 - k) % 2 === 0) {
            j = q + 1;
            break;
          }
          j = q + 1;
        }
        out += input.slice(i, j);
        i = j;
        break;
      }
      case 0x7b: // {
      case 0x5b: {
        // [
        const close = c === 0x7b ? 0x7d : 0x5d;
        let j = i + 1;
        while (j < n && WHITESPACE.has(input.charCodeAt(j))) j++;
        if (input.charCodeAt(j) === close) {
          out += c === 0x7b ? '{}' : '[]';
          i = j + 1;
          break;
        }
        out += input[i];
        stack += input[i];
        i++;
        newline();
        break;
      }
      case 0x7d: // }
      case 0x5d: {
        // ]: the line starts one level out, but inside the container it closes.
        const closing = stack;
        if (stack.length > 0) stack = stack.slice(0, -1);
        newline(closing);
        out += input[i];
        i++;
        break;
      }
      case 0x2c: // ,
        out += ',';
        i++;
        newline();
        break;
      case 0x3a: // :
        out += ': ';
        i++;
        break;
      default: {
        let j = i + 1;
        while (j < n && !DELIMITERS.has(input.charCodeAt(j))) j++;
        out += input.slice(i, j);
        i = j;
      }
    }
  }
  let complete = true;
  if (lines > maxLines) {
    // Drop the line that was only just started.
    complete = false;
    out = out.slice(0, out.lastIndexOf('\n'));
    lines--;
  } else if (i < n) complete = false;
  return { text: out, lines, stacks, complete };
}

/** Why this text is not JSON (JSON.parse's message), or null when it is. */
export function jsonError(text: string): string | null {
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * Code that, placed before a line of pretty JSON, puts a JSON grammar in the
 * state that line needs: inside these containers, expecting a key or a value.
 */
export function jsonContext(stack: string): string {
  let code = '';
  for (let d = 0; d < stack.length; d++) {
    if (d > 0 && stack[d - 1] === '{') code += '"":';
    code += stack[d];
  }
  return code;
}
