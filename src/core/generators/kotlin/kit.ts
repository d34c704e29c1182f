/**
 * The Kotlin kit: string literals and templates that mean exactly their text
 * (`$` escaped, shell variables as `$name` templates), and the file layout
 * ktlint expects (imports in its order, four-space blocks, a top-level
 * `main` and helper functions). The statements themselves come from the
 * JVM program model the Java kit shares.
 */
import type { JvmProgram, Term } from '../java/kit.ts';
import { CodeBuilder } from '../code-builder.ts';

function isBidiControl(code: number): boolean {
  return (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069) || code === 0x200e || code === 0x200f;
}

/** A Kotlin string literal (no templates: `$` is escaped). */
export function kotlinString(text: string): string {
  return kotlinTemplate([{ literal: text }]);
}

function kotlinLiteralText(text: string): string {
  // Printable ASCII with no `"`, backslash or `$` needs no escape.
  if (/^[\x20\x21\x23\x25-\x5b\x5d-\x7e]*$/.test(text)) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const code = text.charCodeAt(i);
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '$') out += '\\$';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && /[\udc00-\udfff]/.test(text[i + 1]!)) {
      out += ch + text[i + 1]!;
      i++;
    } else if (
      code < 0x20 ||
      code === 0x7f ||
      (code >= 0xd800 && code <= 0xdfff) ||
      code === 0x2028 ||
      code === 0x2029 ||
      code === 0xfeff ||
      isBidiControl(code)
    )
      out += `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
    else out += ch;
  }
  return out;
}

/** A Kotlin string template: `"Bearer $token"`, `"${id}x"`; a lone variable is the variable itself. */
export function kotlinTemplate(terms: Term[]): string {
  if (terms.length === 1 && 'code' in terms[0]!) return terms[0].code;
  let out = '"';
  for (const [i, term] of terms.entries()) {
    if ('literal' in term) {
      out += kotlinLiteralText(term.literal);
      continue;
    }
    const next = terms[i + 1];
    const simple = /^[A-Za-z_][A-Za-z0-9_]*$/.test(term.code);
    const glued = next !== undefined && 'literal' in next && /^[A-Za-z0-9_]/.test(next.literal);
    out += simple && !glued ? `$${term.code}` : `\${${term.code}}`;
  }
  return `${out}"`;
}

/** ktlint's import order: everything else, then java, javax and kotlin, each sorted. */
function importRank(name: string): number {
  if (name.startsWith('java.')) return 1;
  if (name.startsWith('javax.')) return 2;
  if (name.startsWith('kotlin.')) return 3;
  return 0;
}

/** The whole Kotlin file: imports, `fun main()` (sections split by blank lines), helper functions. */
export function assembleKotlinProgram(program: JvmProgram, sections: string[][], helpers: string[]): string {
  const code = new CodeBuilder(program.unit);
  const imports = [...program.imports].sort((a, b) => importRank(a) - importRank(b) || (a < b ? -1 : a > b ? 1 : 0));
  code.lines(imports.map((name) => `import ${name}`));
  if (imports.length > 0) code.line();
  code.block(
    'fun main() {',
    (m) => {
      let first = true;
      for (const section of sections) {
        const lines = section.filter((line, i) => line !== '' || (i > 0 && section[i - 1] !== ''));
        while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
        if (lines.length === 0) continue;
        if (!first) m.line();
        first = false;
        for (const line of lines) m.line(line);
      }
    },
    '}',
  );
  if (helpers.length > 0) {
    code.line();
    for (const line of helpers) code.line(line);
  }
  return code.toString();
}
