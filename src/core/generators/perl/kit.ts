/**
 * What Perl programs need: string literals (single quotes for plain text,
 * double quotes with escapes otherwise, `$` and `@` always escaped so that no
 * text interpolates), byte strings throughout (the program has no `use utf8`,
 * so text is sent as the UTF-8 bytes curl sends), and `my` variables for the
 * shell variables.
 */
import { splitVariables } from '../../variables.ts';
import { utf8Bytes } from '../../raw-bytes.ts';

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

const SIMPLE: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  $: '\\$',
  '@': '\\@',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};

/** The inside of a double-quoted literal; escaped characters are written as their UTF-8 bytes (`\xE2\x80\xAE`). */
function escapeText(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (SIMPLE[ch] !== undefined) out += SIMPLE[ch];
    else if (mustEscape(code)) {
      const bytes = code >= 0xd800 && code <= 0xdfff ? utf8Bytes('\ufffd') : utf8Bytes(ch);
      for (const byte of bytes) out += `\\x${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    } else out += ch;
  }
  return out;
}

/** A Perl string literal holding exactly `text` as UTF-8 bytes: single quotes when nothing needs escaping. */
export function plString(text: string): string {
  if (/^[\x20-\x26\x28-\x5b\x5d-\x7e]*$/.test(text)) return `'${text}'`;
  if ([...text].every((ch) => !mustEscape(ch.codePointAt(0)!) && ch !== "'" && ch !== '\\')) return `'${text}'`;
  return `"${escapeText(text)}"`;
}

/** Locals for shell variables, unique within one program. */
export class PlNames {
  private readonly used = new Set<string>(['ua', 'request', 'response', 'ENV', 'ARGV', 'a', 'b', '_']);
  private readonly variables = new Map<string, string>();

  pick(wanted: string): string {
    let base = wanted
      .replace(/[^A-Za-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .toLowerCase();
    if (base === '' || /^[0-9]/.test(base)) base = `value_${base}`.replace(/_$/, '');
    let name = base;
    for (let i = 2; this.used.has(name); i++) name = `${base}_${i}`;
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

  /** `my $token = $ENV{TOKEN} // '';` for each variable, in order. */
  declare(variables: readonly string[]): string[] {
    return variables.map((name) => {
      const key = /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : plString(name);
      return `my $${this.variable(name)} = $ENV{${key}} // '';`;
    });
  }
}

/** A string expression for a model string: a literal, a variable, or an interpolating literal (`"${token}"`). */
export function plText(text: string, names: PlNames): string {
  const parts = splitVariables(text);
  if (parts.every((part) => typeof part === 'string')) return plString(text);
  if (parts.length === 1) return `$${names.variable((parts[0] as { variable: string }).variable)}`;
  return `"${parts.map((part) => (typeof part === 'string' ? escapeText(part) : `\${${names.variable(part.variable)}}`)).join('')}"`;
}
