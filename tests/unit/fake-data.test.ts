import { allFakers } from '@faker-js/faker';
import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_DEFINITION, parseDefinition, type DataSetDef } from '../../src/core/fake/definition.ts';
import { createFormatter, csvField, FORMATS, sqlLiteral } from '../../src/core/fake/formats.ts';
import { createRowSource } from '../../src/core/fake/generate.ts';
import { LOCALES, loadFaker } from '../../src/core/fake/locales.ts';
import { makeDataSet } from '../../src/core/fake/run.ts';
import { FIELD_TYPES } from '../../src/core/fake/types.ts';

const en = allFakers.en;

describe('Fake Data', () => {
  it('offers about 150 field types, each of which makes a value in every module', () => {
    expect(FIELD_TYPES.length).toBeGreaterThanOrEqual(145);
    expect(new Set(FIELD_TYPES.map((t) => t.id)).size).toBe(FIELD_TYPES.length);
    const groups = new Set(FIELD_TYPES.map((t) => t.group));
    for (const group of [
      'Person',
      'Internet',
      'Location',
      'Finance',
      'Commerce',
      'Date',
      'String',
      'Number',
      'Lorem',
      'Phone',
      'Company',
      'Vehicle',
      'Ids',
      'Structure',
    ]) {
      expect(groups).toContain(group);
    }
    en.seed(1);
    for (const type of FIELD_TYPES) {
      const value = type.make(en, Object.fromEntries((type.options ?? []).map((o) => [o.key, o.default])), 0);
      expect(value, type.id).not.toBeUndefined();
      expect(typeof value === 'object' && value !== null, `${type.id} gives a plain value`).toBe(false);
    }
  });

  it('gives byte-identical output for the same definition and seed, in one go or in chunks', () => {
    for (const format of FORMATS) {
      const a = makeDataSet(EXAMPLE_DEFINITION, en, 1234, format);
      const b = makeDataSet(EXAMPLE_DEFINITION, en, 1234, format);
      expect(a, format).toBe(b);
      const source = createRowSource(EXAMPLE_DEFINITION, en, 1234);
      const formatter = createFormatter(format, source.columns, source.types, { table: 'users' });
      let chunked = formatter.start();
      while (source.made < 1234) chunked += formatter.rows(source.take(100));
      chunked += formatter.end();
      expect(chunked, format).toBe(a);
    }
    const other = makeDataSet({ ...EXAMPLE_DEFINITION, seed: 2 }, en, 50, 'json');
    expect(other).not.toBe(makeDataSet(EXAMPLE_DEFINITION, en, 50, 'json'));
  });

  it('keeps sequences, constants, choices, patterns, blanks and unique columns', () => {
    const def: DataSetDef = {
      version: 1,
      name: 't',
      locale: 'en',
      seed: 9,
      fields: [
        { name: 'n', type: 'sequence', options: { start: 10, step: 5 }, blank: 0, unique: false },
        { name: 'k', type: 'constant', options: { value: 'x' }, blank: 0, unique: false },
        { name: 'c', type: 'choice', options: { values: 'a\nb' }, blank: 0, unique: false },
        { name: 'r', type: 'regex', options: { pattern: '[A-Z]{2}-[0-9]{3}' }, blank: 0, unique: true },
        { name: 'b', type: 'person.firstName', options: {}, blank: 50, unique: false },
      ],
    };
    const rows = JSON.parse(makeDataSet(def, en, 400, 'json')) as Record<string, unknown>[];
    expect(rows.map((r) => r.n).slice(0, 3)).toEqual([10, 15, 20]);
    expect(new Set(rows.map((r) => r.k))).toEqual(new Set(['x']));
    expect(new Set(rows.map((r) => r.c))).toEqual(new Set(['a', 'b']));
    for (const r of rows) expect(r.r).toMatch(/^[A-Z]{2}-\d{3}$/);
    expect(new Set(rows.map((r) => r.r)).size).toBe(400);
    const blanks = rows.filter((r) => r.b === null).length;
    expect(blanks).toBeGreaterThan(140);
    expect(blanks).toBeLessThan(260);
  });

  it('says when a unique column runs out of values', () => {
    const def = parseDefinition({ fields: [{ name: 'c', type: 'choice', options: { values: 'a\nb' }, unique: true }] });
    expect(() => makeDataSet(def, en, 3, 'json')).toThrow(/Field “c”: no new unique value after 200 tries at row 3/);
  });

  it('reads definitions back and names what is wrong', () => {
    expect(parseDefinition(JSON.parse(JSON.stringify(EXAMPLE_DEFINITION)))).toEqual(EXAMPLE_DEFINITION);
    expect(() => parseDefinition([])).toThrow('A data set definition is a JSON object with "fields".');
    expect(() => parseDefinition({ fields: [{ name: 'a', type: 'nope' }] })).toThrow(
      'Field 1 (“a”): unknown type “nope”.',
    );
    expect(() =>
      parseDefinition({
        fields: [
          { name: 'a', type: 'constant' },
          { name: 'A', type: 'constant' },
        ],
      }),
    ).toThrow('Field 2 (“A”): the name is used twice.');
    expect(() => parseDefinition({ fields: [{ name: 'a', type: 'regex', options: { pattern: '(' } }] })).toThrow(
      /Field 1 \(“a”\): the pattern is not a regular expression/,
    );
    expect(() => parseDefinition({ fields: [] })).toThrow('Add at least one field.');
  });

  it('writes CSV by RFC 4180', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    const def = parseDefinition({ fields: [{ name: 'x,y', type: 'constant', options: { value: 'a "b"\r\nc' } }] });
    expect(makeDataSet(def, en, 2, 'csv')).toBe('"x,y"\r\n"a ""b""\r\nc"\r\n"a ""b""\r\nc"\r\n');
  });

  it('escapes SQL strings per dialect', () => {
    const text = "it's a \\ back\nslash";
    expect(sqlLiteral(text, 'postgres')).toBe("'it''s a \\ back\nslash'");
    expect(sqlLiteral(text, 'sqlite')).toBe("'it''s a \\ back\nslash'");
    expect(sqlLiteral(text, 'mysql')).toBe("'it''s a \\\\ back\nslash'");
    expect(sqlLiteral('\0', 'mysql')).toBe("'\\0'");
    expect(sqlLiteral(true, 'postgres')).toBe('TRUE');
    expect(sqlLiteral(true, 'sqlite')).toBe('1');
    expect(sqlLiteral(Number.NaN, 'mysql')).toBe('NULL');
  });

  it('round-trips quotes, backslashes, newlines and odd identifiers through SQLite', async () => {
    const SQL = await initSqlJs();
    const nasty = `O'Brien "the" \\ back\\slash\nnew line\r\n\ttab ; DROP TABLE x; -- ' ''`;
    const def = parseDefinition({
      name: 'we"ird table',
      seed: 3,
      fields: [
        { name: 'id', type: 'sequence' },
        { name: 'odd "col"', type: 'constant', options: { value: nasty } },
        { name: 'email', type: 'internet.email' },
        { name: 'price', type: 'commerce.price' },
        { name: 'flag', type: 'datatype.boolean' },
        { name: 'maybe', type: 'person.lastName', blank: 50 },
      ],
    });
    const expected = createRowSource(def, en, 1200).take(1200);
    const sql = makeDataSet(def, en, 1200, 'sql-sqlite');
    const db = new SQL.Database();
    db.run(sql);
    const [result] = db.exec('SELECT * FROM "we""ird table" ORDER BY id');
    expect(result!.columns).toEqual(['id', 'odd "col"', 'email', 'price', 'flag', 'maybe']);
    expect(result!.values).toHaveLength(1200);
    result!.values.forEach((row, i) => {
      const want = expected[i]!.map((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : v));
      expect(row).toEqual(want);
    });
    expect(result!.values[0]![1]).toBe(nasty);
    db.close();
  });

  it('loads locales on demand, each its own module', async () => {
    expect(LOCALES).toContain('de');
    expect(LOCALES.length).toBeGreaterThan(60);
    const de = await loadFaker('de');
    de.seed(1);
    expect(typeof de.person.firstName()).toBe('string');
    await expect(loadFaker('xx')).rejects.toThrow(/Unknown locale “xx”/);
  });
});
