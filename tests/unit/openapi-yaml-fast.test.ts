import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { readDocument, readYamlWhole, toPointer } from '../../src/core/openapi/locate.ts';
import { loadFast } from '../../src/core/openapi/yaml-fast.ts';

const FIXTURES = join(import.meta.dirname, '../fixtures/openapi');

/** Every pointer of a value, keys and values alike, up to `limit`. */
function pointersOf(value: unknown, limit = Infinity): string[] {
  const out: string[] = [];
  const walk = (v: unknown, path: (string | number)[]) => {
    if (out.length >= limit) return;
    out.push(toPointer(path));
    if (v && typeof v === 'object') for (const [k, child] of Object.entries(v)) walk(child, [...path, k]);
  };
  walk(value, []);
  return out;
}

/** The fast reading gives the value and, for every pointer (and one past each), the place a whole `yaml` reading gives. */
function expectSameAsWhole(text: string, pointers?: string[]) {
  const fast = loadFast(text);
  expect(fast).toBeDefined();
  const whole = readYamlWhole(text);
  expect(fast!.value).toEqual(whole.value);
  expect(fast!.value).toEqual(parseDocument(text).toJS());
  const located = readDocument(text);
  const all = pointers ?? pointersOf(fast!.value);
  for (const pointer of [...all, ...all.map((p) => `${p}/absent`)])
    for (const key of [false, true])
      expect([pointer, key, located.locate(pointer, key)]).toEqual([pointer, key, whole.locate(pointer, key)]);
}

describe('YAML read fast, placed block by block', () => {
  it('the OpenAPI examples and rule fixtures: the same values and places as a whole reading', () => {
    for (const dir of ['oai/v2.0', 'oai/v3.0', 'oai/v3.1', 'oai/v3.2', 'rules'])
      for (const file of readdirSync(join(FIXTURES, dir)).filter((f) => f.endsWith('.yaml'))) {
        const text = readFileSync(join(FIXTURES, dir, file), 'utf8');
        if (loadFast(text)) expectSameAsWhole(text);
        else expect(readYamlWhole(text).syntaxErrors.length, file).toBeGreaterThan(0);
      }
  }, 120_000);

  it('a large real spec (explicit keys, block scalars, quoted keys): the same places for a sample of pointers', () => {
    const text = readFileSync(join(FIXTURES, 'real/twilio_conversations_v1.yaml'), 'utf8');
    const all = pointersOf(loadFast(text)!.value);
    const step = Math.floor(all.length / 150);
    expectSameAsWhole(
      text,
      all.filter((_, i) => i % step === 0),
    );
  }, 120_000);

  it('shapes the block index reads or leaves to the whole reading', () => {
    const texts = [
      // Sequences at their key's indentation, compact mappings in items, comments and blank lines.
      'a:\n- x: 1\n  y: [1, 2]\n# note\n\n- z\nb:\n  c: |\n    text\n    d: not a key\n  e: >-\n    folded\n',
      // Quoted keys, keys that are numbers, booleans and floats, a key with a slash and braces.
      'paths:\n  "/a/{id}":\n    get: {}\n  \'/b\':\n    200: ok\n    1.50: f\n    true: t\n    /c/{x}: 1\n',
      // An explicit key, a document start, Windows line ends.
      '---\nx:\n  ? long.key\n  : type: object\n    properties: {}\n  other: 2\n'.replace(/\n/g, '\r\n'),
      // Flow collections on several lines, plain scalars on several lines.
      'a: {b: 1,\n  c: [2,\n    3]}\nd: one\n  two\ne:\n  f: x\n',
      // Comments after keys; keys with spaces and colons in them.
      'a: # c\n  b c: 1\n  "d: e": 2\n  f:g: 3\n',
      // Sequence items: compact mappings, mappings below a lone `-`, nested sequences, scalars, flow values, comments.
      'p:\n  - name: a\n    in: query\n    schema:\n      type: string\n  -\n    name: b\n  - - x\n    - y\n  - plain\n  - {f: 1}\n  -   "q": 2\n      r: 3\n  - # c\n    s: 4\n  -\n',
    ];
    for (const text of texts) expectSameAsWhole(text);
  });

  it('anchors, null keys, collections as keys and directives are read whole', () => {
    for (const text of [
      'a: &x {b: 1}\nc: *x\n',
      'null: 1\n',
      '? [a, b]\n: 1\n',
      '%YAML 1.1\n---\na: yes\n',
      '---\na: 1\n---\nb: 2\n',
    ])
      expect(loadFast(text), text).toBeUndefined();
  });

  it('syntax errors are still all placed by the whole reading', () => {
    const located = readDocument('openapi: 3.0.0\ninfo:\n  title: a\n  title: b\n\tversion: x\n');
    expect(located.syntaxErrors.map((e) => [e.place.line, e.place.column])).toEqual([
      [4, 3],
      [5, 1],
    ]);
  });
});
