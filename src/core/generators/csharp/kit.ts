/**
 * What C# programs need: string literals (escapes only, so that Mono's mcs
 * and current .NET read them alike), shell variables read from the
 * environment into camel-case locals, `using` directives in the order
 * `dotnet format` sorts them, and the program around the statements: a class
 * whose `Main` waits for an async `MainAsync` (mcs has no `async Task Main`),
 * laid out with four spaces and braces on their own lines.
 */
import { splitVariables } from '../../variables.ts';
import { CodeBuilder } from '../code-builder.ts';
import { backslashQuotedAscii } from '../literals.ts';

/** Text-direction controls and invisible separators: always escaped, so code reads the way it runs. */
function mustEscape(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    code === 0x200e ||
    code === 0x200f ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0xfeff ||
    (code >= 0xd800 && code <= 0xdfff)
  );
}

const SIMPLE: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\0': '\\0' };

/**
 * A C# regular string literal. C# strings are UTF-16 like JavaScript's, so
 * every code unit (lone surrogates too) is kept; `\u` escapes are used rather
 * than `\x`, whose length is variable.
 */
export function csString(text: string): string {
  const ascii = backslashQuotedAscii(text);
  if (ascii !== null) return ascii;
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const code = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (SIMPLE[ch] !== undefined) out += SIMPLE[ch];
    else if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += ch + text[i + 1]!;
      i++;
    } else if (mustEscape(code)) out += `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

const KEYWORDS = new Set(
  [
    'abstract as base bool break byte case catch char checked class const continue decimal default delegate do',
    'double else enum event explicit extern false finally fixed float for foreach goto if implicit in int interface',
    'internal is lock long namespace new null object operator out override params private protected public readonly',
    'ref return sbyte sealed short sizeof stackalloc static string struct switch this throw true try typeof uint ulong',
    'unchecked unsafe ushort using virtual void volatile while var async await dynamic nameof value',
    // Locals and types of the generated programs.
    'client handler request response content data body part stream Program Main MainAsync Console',
    'Environment File Encoding Uri',
  ]
    .join(' ')
    .split(' '),
);

/** Locals for shell variables and files, unique within one program. */
export class CsNames {
  private readonly used = new Set<string>();
  private readonly variables = new Map<string, string>();

  /** A fresh camel-case local close to `wanted` (`USER_ID` → `userId`). */
  pick(wanted: string): string {
    const words = wanted
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .map((w) => w.toLowerCase());
    let base = words.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
    if (base === '' || /^[0-9]/.test(base)) base = `value${base}`;
    let name = base;
    for (let i = 2; KEYWORDS.has(name) || this.used.has(name); i++) name = `${base}${i}`;
    this.used.add(name);
    return name;
  }

  variable(name: string): string {
    let local = this.variables.get(name);
    if (local === undefined) {
      local = this.pick(name);
      this.variables.set(name, local);
    }
    return local;
  }

  /** `var token = Environment.GetEnvironmentVariable("TOKEN") ?? "";` for each variable, in order. */
  declare(variables: readonly string[]): string[] {
    return variables.map(
      (name) => `var ${this.variable(name)} = Environment.GetEnvironmentVariable(${csString(name)}) ?? "";`,
    );
  }
}

/** A string expression for a model string: a literal, a variable, or a concatenation of both. */
export function csText(text: string, names: CsNames): string {
  const parts = splitVariables(text);
  return parts.map((part) => (typeof part === 'string' ? csString(part) : names.variable(part.variable))).join(' + ');
}

/** `using` directives, `System` first, then the others in order (as `dotnet format` sorts them). */
export function usingLines(namespaces: Iterable<string>): string[] {
  const all = [...new Set(namespaces)].sort((a, b) => {
    const rank = (n: string) => (n === 'System' || n.startsWith('System.') ? 0 : 1);
    return rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0);
  });
  return all.map((n) => `using ${n};`);
}

/** The whole program: usings, then `class Program` whose `Main` runs `MainAsync` to its end. */
export function csProgram(usings: Iterable<string>, body: (b: CodeBuilder) => void, unit: string): string {
  const code = new CodeBuilder(unit);
  code.lines(usingLines(['System', 'System.Threading.Tasks', ...usings]));
  code.line();
  code.line('class Program');
  code.block(
    '{',
    (b) => {
      b.line('static void Main()');
      b.block('{', (m) => m.line('MainAsync().GetAwaiter().GetResult();'), '}');
      b.line();
      b.line('static async Task MainAsync()');
      b.block('{', body, '}');
    },
    '}',
  );
  return code.toString();
}
