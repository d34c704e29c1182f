/**
 * Guesses which shell a pasted command was written for. Each dialect scores the
 * features only it has; the highest score wins, bash on a tie or when nothing
 * stands out. Every check is a linear scan, so large pastes stay cheap.
 *
 * Strong signs (3 points each):
 * - bash: a line ending in a backslash continuation.
 * - cmd: `^"` quoting (Chrome's cmd copy; Firefox's current Windows copy, which
 *   starts with `curl.exe` but is cmd syntax) or a line ending in ` ^`.
 * - PowerShell: a line ending in a backtick continuation, `$env:`, the stop-parsing
 *   token `--%`, or a `PS C:\>` prompt.
 * Weaker signs (2 points): `$'...'` (bash); `""` doubling inside a double-quoted
 * argument with no single quotes or backslash continuations (Firefox's older Windows
 * copy); a command starting with `curl.exe` (PowerShell, where plain `curl` may be
 * an alias of Invoke-WebRequest).
 *
 * Signs inside a closed single-quoted string (`'...'` or `$'...'`, read as bash reads
 * them) are text, not signs: `-H 'Accept: $env:X'` is bash with a header holding
 * "$env:X" (PowerShell's single quotes are literal too, and cmd's copies quote with `^"`).
 */
import type { Dialect } from './types.ts';

interface LineEndings {
  backslash: boolean;
  caret: boolean;
  backtick: boolean;
}

/** Which continuation characters end the lines (trailing blanks and CR ignored). */
function lineEndings(text: string): LineEndings {
  const found: LineEndings = { backslash: false, caret: false, backtick: false };
  for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', end + 1)) {
    let j = end - 1;
    while (j >= 0 && (text[j] === ' ' || text[j] === '\t' || text[j] === '\r')) j--;
    const c = text[j];
    if (c === '\\') found.backslash = true;
    else if (c === '`') found.backtick = true;
    else if (c === '^' && (text[j - 1] === ' ' || text[j - 1] === '\t')) found.caret = true;
  }
  return found;
}

function countUpTo(text: string, needle: string, limit: number): number {
  let count = 0;
  for (let i = text.indexOf(needle); i !== -1 && count < limit; i = text.indexOf(needle, i + needle.length)) count++;
  return count;
}

/**
 * The text with the inside of every closed single-quoted string (`'...'`, and `$'...'` with its
 * backslash escapes) replaced by `_`, positions kept. Quotes are found as bash finds them: a
 * backslash outside quotes escapes the next character, and double-quoted strings (with their
 * backslash escapes) are skipped. A quote that never closes is left as text. One linear pass.
 */
export function maskSingleQuoted(text: string): string {
  let out = '';
  let copied = 0;
  let escaped = -1;
  for (let i = 0; i < text.length;) {
    const c = text[i];
    if (c === '\\') {
      escaped = i + 1;
      i += 2;
    } else if (c === '"') {
      const close = closingQuote(text, i + 1, '"', true);
      i = close === -1 ? i + 1 : close + 1;
    } else if (c === "'") {
      const ansiC = text[i - 1] === '$' && escaped !== i - 1;
      const close = closingQuote(text, i + 1, "'", ansiC);
      if (close === -1) {
        i++;
        continue;
      }
      out += text.slice(copied, i + 1) + '_'.repeat(close - i - 1);
      copied = close;
      i = close + 1;
    } else {
      i++;
    }
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** The offset of the `quote` that closes a string whose text starts at `from`, or -1. */
function closingQuote(text: string, from: number, quote: string, escapes: boolean): number {
  if (!escapes) return text.indexOf(quote, from);
  for (let j = from; j < text.length; j++) {
    if (text[j] === '\\') j++;
    else if (text[j] === quote) return j;
  }
  return -1;
}

/**
 * Whether the text holds any character a cmd or PowerShell sign needs. Masking quoted text only takes
 * signs away, so a text without these is bash whatever its quotes hold (most pastes: one scan).
 */
function mayBeWindows(text: string): boolean {
  return (
    text.includes('^') ||
    text.includes('`') ||
    text.includes('""') ||
    text.includes('--%') ||
    // Apart: in one alternation the anchored branch is tried at every position (twice the time).
    /^\s*PS/i.test(text) ||
    /\$env:|curl\.exe/i.test(text)
  );
}

export function detectDialect(input: string): Dialect {
  if (!mayBeWindows(input)) return 'bash';
  const text = maskSingleQuoted(input);
  const endings = lineEndings(text);
  const bash = (endings.backslash ? 3 : 0) + (text.includes("$'") ? 2 : 0);
  // `{""a"":1}`: a doubled quote between two non-blank characters.
  const firefoxDoubling = /[^\s"]""[^\s"]/.test(text) && !text.includes("'") && !endings.backslash;
  const cmd = (endings.caret ? 3 : 0) + (countUpTo(text, '^"', 2) >= 2 ? 3 : 0) + (firefoxDoubling ? 2 : 0);
  const powershell =
    (endings.backtick ? 3 : 0) +
    (/\$env:/i.test(text) ? 3 : 0) +
    (/(^|\s)--%(\s|$)/.test(text) ? 3 : 0) +
    (/^\s*PS(?: [A-Za-z]:[^\n>]*)?>/.test(text) ? 3 : 0) +
    (/^\s*(?:PS[^\n>]*>\s*)?(?:&\s*)?curl\.exe\b/i.test(text) ? 2 : 0);
  if (bash >= cmd && bash >= powershell) return 'bash';
  return powershell >= cmd ? 'powershell' : 'cmd';
}
