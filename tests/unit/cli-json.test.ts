import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/http-workbench.ts';

async function run(args: string[], input = '', files: Record<string, string> = {}) {
  const out = { stdout: '', stderr: '' };
  const code = await main(args, {
    stdout: (t) => void (out.stdout += t),
    stderr: (t) => void (out.stderr += t),
    readInput: (file) => {
      if (file === undefined || file === '-') return input;
      if (!(file in files)) throw new Error('no such file');
      return files[file]!;
    },
    readFile: () => new Uint8Array(),
  });
  return { code, ...out };
}

const DOC = '{"id": 12345678901234567890, "price": 1.10, "items": [{"id": 1}, {"id": 2}]}';

describe('http-workbench json', () => {
  it('formats from standard input keeping numbers exact, or minifies with sorted keys', async () => {
    const pretty = await run(['json', 'format'], DOC);
    expect(pretty.code).toBe(0);
    expect(pretty.stdout).toContain('  "id": 12345678901234567890,\n  "price": 1.10,');
    const min = await run(['json', 'format', '--minify', '--sort-keys', 'a.json'], '', { 'a.json': DOC });
    expect(min.stdout).toBe('{"id":12345678901234567890,"items":[{"id":1},{"id":2}],"price":1.10}\n');
  });

  it('prints every syntax error with file:line:column and exits 1', async () => {
    const bad = await run(['json', 'validate', 'bad.json'], '', { 'bad.json': '{\n  "a": 1\n  "b": [1,]\n}' });
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim().split('\n')).toEqual([
      'bad.json:3:3: Comma expected. Separate items with ",".',
      expect.stringMatching(/^bad\.json:3:10: Trailing comma\./),
    ]);
    expect((await run(['json', 'validate', '--jsonc'], '{"a": [1,], // ok\n}')).code).toBe(0);
  });

  it('validates against a JSON Schema, each error at line:column with its pointer and keyword', async () => {
    const schema = JSON.stringify({
      $schema: 'http://json-schema.org/draft-07/schema#',
      properties: { price: { type: 'string' } },
    });
    const result = await run(['json', 'validate', '--schema', 's.json', 'd.json'], '', {
      's.json': schema,
      'd.json': DOC,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^d\.json:1:39: \/price: .* \[#\/properties\/price\/type\]/);
  });

  it('prints the JSONPath node list as a JSON array, exact numbers, or the paths', async () => {
    const nodes = await run(['json', 'path', '$..id', '-'], DOC);
    expect(nodes.code).toBe(0);
    expect(nodes.stdout).toBe('[12345678901234567890,1,2]\n');
    const paths = await run(['json', 'path', '--paths', '$.items[?@.id > 1]'], DOC);
    expect(JSON.parse(paths.stdout)).toEqual(["$['items'][1]"]);
  });

  it('rejects an invalid selector with exit 1 and the position', async () => {
    const bad = await run(['json', 'path', '$.items[?length(@.*) > 1]'], DOC);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/invalid selector at column 10: length\(\) needs a single value/);
    expect(bad.stderr).toContain('\n           ^');
  });

  it('runs JMESPath and JSONata queries', async () => {
    expect(JSON.parse((await run(['json', 'query', 'items[].id'], DOC)).stdout)).toEqual([1, 2]);
    expect(JSON.parse((await run(['json', 'query', '--lang', 'jsonata', '$sum(items.id)'], DOC)).stdout)).toBe(3);
    const bad = await run(['json', 'query', 'items[', '-'], DOC);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/Syntax error/);
  });

  it('prints a JSON Patch between two files, matching array items by key', async () => {
    const left = '[{"id": 1, "v": "a"}, {"id": 2, "v": "b"}]';
    const right = '[{"id": 2, "v": "b"}, {"id": 1, "v": "A"}]';
    const diff = await run(['json', 'diff', '--key', 'id', 'l.json', 'r.json'], '', {
      'l.json': left,
      'r.json': right,
    });
    expect(diff.code).toBe(0);
    expect(JSON.parse(diff.stdout)).toEqual([
      { op: 'replace', path: '/0/v', value: 'A' },
      { op: 'move', from: '/1', path: '/0' },
    ]);
    const exact = await run(['json', 'diff', 'l.json', 'r.json'], '', {
      'l.json': '{"n": 12345678901234567890}',
      'r.json': '{"n": 12345678901234567891}',
    });
    expect(exact.stdout).toContain('"value": 12345678901234567891');
  });

  it('generates a draft-07 schema from samples', async () => {
    const result = await run(['json', 'schema', '--each'], '[{"a": 1, "b": "x@example.com"}, {"a": 2}]');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      $schema: 'http://json-schema.org/draft-07/schema#',
      required: ['a'],
      properties: { a: { type: 'integer' }, b: { type: 'string', format: 'email' } },
    });
  });

  it('says what is wrong with the usage, exit 2', async () => {
    expect((await run(['json'])).code).toBe(2);
    expect((await run(['json', 'frobnicate'])).code).toBe(2);
    expect((await run(['json', 'format', '--indent', '3'], '{}')).code).toBe(2);
    expect((await run(['json', 'diff', 'one.json'])).code).toBe(2);
    const help = await run(['json', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('format|validate|diff|path|query|schema');
  });
});
