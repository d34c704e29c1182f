import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nodeAtPointer, parseJson, placeOfPointer, toLossless, toPlain } from '../../src/core/json/document.ts';
import { applyPatch, canonicalNumber, diffJson, jsonEqual } from '../../src/core/json/diff.ts';
import { escapeAsString, formatTree, normalizedPath, segmentsOf, unescapeString } from '../../src/core/json/format.ts';
import { evaluatePath, JsonPathError, validateSelector } from '../../src/core/json/jsonpath.ts';
import { QueryError, QueryTimeout, runJmespath, runJsonata } from '../../src/core/json/query.ts';
import { draftOf, validateDocument } from '../../src/core/json/schema-validate.ts';
import { inexactNumbers, isExactDouble } from '../../src/core/json/precision.ts';

const fmt = (text: string, indent: 2 | 4 | 'tab' | 'minify' = 2, sortKeys = false, jsonc = false) => {
  const parsed = parseJson(text, { jsonc });
  return formatTree(parsed.root!, text, { indent, sortKeys }).text;
};

describe('parseJson', () => {
  it('lists every syntax error at once with line, column and a hint', () => {
    const text = '{\n  "a": 1\n  "b": [1, 2,],\n  c: NaN\n}';
    const { problems } = parseJson(text);
    expect(problems.map((p) => [p.line, p.column, p.message])).toEqual([
      [3, 3, 'Comma expected'],
      [3, 13, 'Trailing comma'],
      [4, 3, 'Unquoted text'],
      [4, 6, 'NaN is not a JSON value'],
    ]);
    expect(problems[0]!.hint).toMatch(/,/);
    expect(problems[2]!.hint).toContain('"c"');
  });

  it('rejects comments and trailing commas unless JSONC is on, and leading zeros always', () => {
    const text = '// note\n{"a": 1, /* x */ "b": [1,],}';
    expect(parseJson(text).problems.map((p) => p.code)).toContain('InvalidCommentToken');
    expect(parseJson(text, { jsonc: true }).problems).toEqual([]);
    expect(parseJson('[01]').problems.map((p) => [p.code, p.column])).toEqual([['InvalidNumberFormat', 2]]);
    expect(parseJson('').problems.map((p) => p.code)).toEqual(['ValueExpected']);
  });

  it('keeps numbers exactly as written and maps pointers to line and column', () => {
    const text = '{"big": 12345678901234567890, "dec": 1.10, "huge": 1e400, "list": [{"x": true}]}';
    const parsed = parseJson(text);
    const value = toLossless(parsed.root!, text) as Record<string, { value: string }>;
    expect(value.big!.value).toBe('12345678901234567890');
    expect(value.dec!.value).toBe('1.10');
    expect(value.huge!.value).toBe('1e400');
    expect(toPlain(parsed.root!, text)).toMatchObject({ dec: 1.1 });
    expect(nodeAtPointer(parsed.root!, '/list/0/x')?.value).toBe(true);
    expect(placeOfPointer(parsed, '/list/0/x')).toMatchObject({ line: 1, column: 74 });
    // A missing member points at its nearest existing parent.
    expect(placeOfPointer(parsed, '/list/0/missing')).toMatchObject({ line: 1, column: 68 });
  });

  it('treats a "__proto__" key as data', () => {
    const text = '{"__proto__": {"polluted": 1}}';
    const value = toPlain(parseJson(text).root!, text) as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('formatTree', () => {
  const text = '{"b": 12345678901234567890, "a": [1.10, 1e400, "\\u00e9"], "e": {}, "f": []}';
  it('pretty-prints with 2, 4 or tab indents, keeping numbers and escapes as written', () => {
    expect(fmt(text)).toBe(
      '{\n  "b": 12345678901234567890,\n  "a": [\n    1.10,\n    1e400,\n    "\\u00e9"\n  ],\n  "e": {},\n  "f": []\n}',
    );
    expect(fmt(text, 4).split('\n')[1]).toBe('    "b": 12345678901234567890,');
    expect(fmt(text, 'tab').split('\n')[3]).toBe('\t\t1.10,');
  });
  it('minifies and sorts keys', () => {
    expect(fmt(text, 'minify', true)).toBe('{"a":[1.10,1e400,"\\u00e9"],"b":12345678901234567890,"e":{},"f":[]}');
  });
  it('drops comments and trailing commas of JSONC', () => {
    expect(fmt('{/*c*/"a": [1,], // x\n}', 'minify', false, true)).toBe('{"a":[1]}');
  });
  it('records which line closes each container and the node on each line', () => {
    const parsed = parseJson(text);
    const out = formatTree(parsed.root!, text, { indent: 2 });
    expect(out.closes[0]).toBe(9);
    expect(out.closes[2]).toBe(6);
    expect(normalizedPath(segmentsOf(out.lineNodes[4]!))).toBe("$['a'][1]");
    expect(out.lineOf(nodeAtPointer(parsed.root!, '/e')!)).toBe(7);
    expect(out.values).toBe(8);
  });
  it('escapes and unescapes a JSON string', () => {
    expect(escapeAsString('{"a": "x\\ny"}')).toBe('"{\\"a\\": \\"x\\\\ny\\"}"');
    expect(unescapeString('"{\\"a\\": 1}"')).toBe('{"a": 1}');
    expect(unescapeString('{\\"a\\": 1}')).toBe('{"a": 1}');
    expect(() => unescapeString('"\\x"')).toThrow(/Not a valid JSON string/);
  });
  it('round-trips any JSON value without changing it (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom<2 | 4 | 'tab' | 'minify'>(2, 4, 'tab', 'minify'), (value, indent) => {
        const source = JSON.stringify(value);
        const out = fmt(source, indent);
        expect(JSON.parse(out)).toEqual(JSON.parse(source));
      }),
      { numRuns: 200 },
    );
  });
});

describe('JSONPath', () => {
  const text = '{"store": {"book": [{"price": 8.95, "id": 12345678901234567890}, {"price": 22.99, "id": 2}]}}';
  const parsed = parseJson(text);
  it('gives normalized paths, pointers and the nodes (numbers as written)', () => {
    const matches = evaluatePath(parsed.root!, text, '$..book[?@.price < 10].id');
    expect(matches.map((m) => [m.path, m.pointer])).toEqual([["$['store']['book'][0]['id']", '/store/book/0/id']]);
    expect(text.slice(matches[0]!.node.offset, matches[0]!.node.offset + matches[0]!.node.length)).toBe(
      '12345678901234567890',
    );
  });
  it('rejects invalid selectors with the column of the problem', () => {
    expect(() => validateSelector('$.store[')).toThrow(JsonPathError);
    try {
      validateSelector('$[?length(@.*) < 3]');
    } catch (error) {
      expect((error as JsonPathError).offset).toBe(3);
      expect((error as JsonPathError).detail).toMatch(/single value/);
    }
    expect(() => validateSelector('$[?count(@.a)]')).toThrow(/compare it/);
    expect(() => validateSelector('$[9007199254740992]')).toThrow(/outside/);
    expect(() => validateSelector('')).toThrow(/Empty/);
  });
});

describe('queries', () => {
  it('runs JMESPath and reports errors', () => {
    expect(runJmespath({ a: [{ b: 1 }, { b: 2 }] }, 'a[].b')).toEqual([1, 2]);
    expect(() => runJmespath({}, 'a[')).toThrow(QueryError);
  });
  it('runs JSONata, with the position of syntax errors', async () => {
    await expect(runJsonata({ a: [{ b: 1 }, { b: 2 }] }, '$sum(a.b)')).resolves.toBe(3);
    await expect(runJsonata({}, 'a.(')).rejects.toMatchObject({ name: 'QueryError', offset: 2 });
  });
  it('stops a JSONata expression that never ends', async () => {
    await expect(runJsonata({}, '($f := function($x){ $f($x) }; $f(1))', 200)).rejects.toBeInstanceOf(QueryTimeout);
  });
});

describe('JSON Schema validation', () => {
  const text = '{\n  "id": "x",\n  "tags": [1, "ok"],\n  "mail": "nope"\n}';
  const doc = parseJson(text);
  const schema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    required: ['id', 'name'],
    properties: {
      id: { type: 'integer' },
      tags: { type: 'array', items: { type: 'string' } },
      mail: { type: 'string', format: 'email' },
    },
  };
  it('picks the draft from $schema and places each error in the document and the schema', () => {
    const result = validateDocument(doc, schema);
    expect(result.draft).toBe('7');
    expect(result.valid).toBe(false);
    const byPointer = Object.fromEntries(result.problems.map((p) => [`${p.pointer} ${p.keyword}`, p]));
    expect(byPointer['/id type']).toMatchObject({ schemaPath: '#/properties/id/type', place: { line: 2, column: 9 } });
    expect(byPointer['/tags/0 type']).toMatchObject({ place: { line: 3, column: 12 } });
    expect(byPointer['/mail format']).toMatchObject({ place: { line: 4, column: 11 } });
    expect(byPointer[' required']).toMatchObject({ place: { line: 1, column: 1 } });
    expect(byPointer[' required']!.message).toMatch(/name/);
  });
  it('treats format as an annotation in 2020-12 unless asked to check it', () => {
    const later = { ...schema, $schema: 'https://json-schema.org/draft/2020-12/schema' };
    expect(validateDocument(doc, later).problems.some((p) => p.keyword === 'format')).toBe(false);
    expect(validateDocument(doc, later, { formats: 'assert' }).problems.some((p) => p.keyword === 'format')).toBe(true);
    expect(draftOf({ $schema: 'http://json-schema.org/draft-04/schema#' })).toBe('4');
    expect(draftOf({ $schema: 'http://json-schema.org/draft-06/schema#' })).toBe('6');
    expect(validateDocument(doc, {}).assumed).toBe(true);
  });
  it('follows $dynamicRef to the outermost $dynamicAnchor and still points at the place and keyword', () => {
    // A generic list whose items an extending schema narrows to strings (2020-12 §8.2.3.2).
    const extended = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'https://example.test/strings',
      $ref: 'list',
      $defs: {
        items: { $dynamicAnchor: 'items', type: 'string' },
        list: {
          $id: 'list',
          type: 'array',
          items: { $dynamicRef: '#items' },
          $defs: { items: { $dynamicAnchor: 'items' } },
        },
      },
    };
    const text = '["a",\n 2]';
    const result = validateDocument(parseJson(text), extended);
    expect(result.valid).toBe(false);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({ pointer: '/1', keyword: 'type', place: { line: 2, column: 2 } });
    expect(result.problems[0]!.schemaPath).toContain('$dynamicRef');
    expect(validateDocument(parseJson('["a", "b"]'), extended).valid).toBe(true);
  });
});

describe('diffJson', () => {
  const lossless = (text: string) => toLossless(parseJson(text).root!, text);
  it('compares numbers exactly by value', () => {
    expect(canonicalNumber('1.10')).toBe(canonicalNumber('1.1'));
    expect(canonicalNumber('1e2')).toBe(canonicalNumber('100'));
    expect(jsonEqual(lossless('12345678901234567890'), lossless('12345678901234567891'))).toBe(false);
    const { patch } = diffJson(
      lossless('{"n": 12345678901234567890, "d": 1.10}'),
      lossless('{"n": 12345678901234567891, "d": 1.1}'),
    );
    expect(patch).toEqual([
      { op: 'replace', path: '/n', value: expect.objectContaining({ value: '12345678901234567891' }) },
    ]);
  });
  it('matches array items by a key: a reordered array is a move, not all new', () => {
    const a = [
      { id: 1, v: 'a' },
      { id: 2, v: 'b' },
      { id: 3, v: 'c' },
    ];
    const b = [
      { id: 3, v: 'c' },
      { id: 1, v: 'A' },
      { id: 4, v: 'd' },
    ];
    const { changes, patch } = diffJson(a, b, { arrayKey: 'id' });
    expect(changes.map((c) => `${c.kind} ${c.path}`)).toEqual(['changed /0/v', 'removed /1', 'moved /2', 'added /2']);
    expect(applyPatch(a, patch)).toEqual(b);
  });
  it('ignores array order when asked', () => {
    expect(diffJson([1, 2, 3], [3, 1, 2], { ignoreOrder: true }).changes).toEqual([]);
    const { patch } = diffJson([1, 2, 3], [3, 4, 1], { ignoreOrder: true });
    expect(patch).toEqual([
      { op: 'remove', path: '/1' },
      { op: 'add', path: '/-', value: 4 },
    ]);
  });
  it('produces a JSON Patch that turns left into right (property, all modes)', () => {
    const item = fc.record({ id: fc.integer({ min: 0, max: 5 }), v: fc.oneof(fc.integer(), fc.string()) });
    const value = fc.oneof(fc.array(item, { maxLength: 6 }), fc.jsonValue({ maxDepth: 3 }));
    fc.assert(
      fc.property(value, value, fc.constantFrom<{ arrayKey?: string }>({}, { arrayKey: 'id' }), (a, b, options) => {
        const uniqueIds = (v: unknown) =>
          !Array.isArray(v) || new Set(v.map((x) => (x as { id?: unknown })?.id)).size === v.length;
        fc.pre(uniqueIds(a) && uniqueIds(b));
        const { patch } = diffJson(a, b, options);
        expect(jsonEqual(applyPatch(a, patch), b)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the response filter', () => {
  it('takes $… as JSONPath (exact numbers) and anything else as JMESPath, and reports errors with a column', async () => {
    const { JsonFilter } = await import('../../src/core/json/filter.ts');
    const filter = new JsonFilter();
    const body = '{"items": [{"id": 12345678901234567890, "n": 1.10}, {"id": 2, "n": 3}]}';
    expect(filter.run(body, '$.items[*].id')).toEqual({
      ok: true,
      language: 'JSONPath',
      text: '[12345678901234567890,2]',
      count: 2,
    });
    // JMESPath computes with doubles: the big id would come out rounded, so the result says so.
    const notice = { count: 1, text: '12345678901234567890', line: 1, column: 19, rounded: '12345678901234567000' };
    expect(filter.run(body, 'items[?n > `2`].id')).toEqual({
      ok: true,
      language: 'JMESPath',
      text: '[2]',
      inexact: notice,
    });
    expect(filter.run(body, 'items[].id')).toEqual({
      ok: true,
      language: 'JMESPath',
      text: '[12345678901234567000,2]',
      inexact: notice,
    });
    // A JSONPath filter compares doubles; a path without one only selects, and prints numbers as written.
    expect(filter.run(body, '$.items[?@.n > 2].id')).toMatchObject({ text: '[2]', inexact: notice });
    expect(filter.run(body, '$.items[*].id')).not.toHaveProperty('inexact');
    expect(filter.run('{"a": [1, 2.5]}', 'a')).not.toHaveProperty('inexact');
    expect(filter.run(body, '$.items[')).toMatchObject({ ok: false, language: 'JSONPath', offset: 8 });
    expect(filter.run('{"a": 1,}', 'a')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/line 1, column 8/),
    });
  });
});

describe('inexactNumbers', () => {
  it('finds the numbers a double cannot hold, with the first one placed', () => {
    expect(isExactDouble('12345678901234567890')).toBe(false);
    expect(isExactDouble('9007199254740993')).toBe(false);
    expect(isExactDouble('1e400')).toBe(false);
    expect(isExactDouble('0.10000000000000000555')).toBe(false);
    for (const exact of ['1.10', '-0', '9007199254740992', '1e21', '0.1', '123456789012345.5', '5e-324'])
      expect(isExactDouble(exact), exact).toBe(true);
    const text = '{"a": [1, 2.5],\n "id": 12345678901234567891, "b": {"c": 1e400}}';
    const found = inexactNumbers(parseJson(text));
    expect(found.count).toBe(2);
    expect(found.first).toMatchObject({ text: '12345678901234567891', line: 2, column: 8 });
    expect(inexactNumbers(parseJson('[1, 2.25, "12345678901234567890"]')).count).toBe(0);
  });
});
