/**
 * The JVM generators add an import where their code uses the name, and the Java assembly writes every import
 * it was given (it no longer scans the program for the names). This checks that promise over every golden
 * Java and Kotlin program: each imported name occurs in the code, outside string literals and comments, as
 * google-java-format and ktlint would require. The golden tests make sure the files are what the generators
 * write today.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const GOLDEN_ROOT = fileURLToPath(new URL('../golden/', import.meta.url));
const TARGETS = ['java-httpclient', 'java-okhttp', 'kotlin-okhttp'];

/** Imported names no code uses: the last segment of each import, looked for as a whole word. */
function unusedImports(program: string): string[] {
  const imports: string[] = [];
  const code: string[] = [];
  for (const line of program.split('\n')) {
    const m = /^import ([\w.]+);?$/.exec(line);
    if (m) imports.push(m[1]!);
    else code.push(line);
  }
  // String literals and comments do not count as uses; a Kotlin template's `${…}` is code (the string is
  // closed before it and opened again after it).
  const text = code
    .join('\n')
    .replace(/\$\{([^}]*)\}/g, '" $1 "')
    .replace(/"(?:[^"\\\n]|\\.)*"|\/\/.*|\/\*[\s\S]*?\*\//g, ' ');
  return imports.filter((name) => {
    const simple = name.slice(name.lastIndexOf('.') + 1);
    return !new RegExp(`(?<![\\w$])${simple.replace(/\$/g, '\\$')}(?![\\w$])`).test(text);
  });
}

describe('unusedImports (the check itself)', () => {
  it('finds a name that only a string or a comment holds, and accepts one the code uses', () => {
    const program = [
      'import java.net.URI;',
      'import java.io.File;',
      'import java.util.List;',
      'import okhttp3.RequestBody.Companion.toRequestBody',
      '',
      '// File is named here only',
      'val uri = URI.create("List")',
      'val text = "${"a".toRequestBody()}"',
    ].join('\n');
    expect(unusedImports(program)).toEqual(['java.io.File', 'java.util.List']);
  });
});

describe('every import of a golden JVM program is used', () => {
  for (const target of TARGETS) {
    it(target, () => {
      const folder = join(GOLDEN_ROOT, target);
      const files = readdirSync(folder);
      expect(files.length).toBeGreaterThan(100);
      const unused = files
        .map((file) => ({ file, names: unusedImports(readFileSync(join(folder, file), 'utf8')) }))
        .filter((entry) => entry.names.length > 0);
      expect(unused).toEqual([]);
    });
  }
});
