import { Validator } from '@cfworker/json-schema';
import fc from 'fast-check';
import { parse as parseLossless } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { DRAFT_07, generateSchema, SchemaGenerationError } from '../../src/core/json/schema-generator.ts';

const validates = (schema: object, value: unknown) => new Validator(schema, '7', false).validate(value).valid;

describe('generateSchema', () => {
  it('describes one sample with types, required keys and formats', () => {
    const schema = generateSchema([
      {
        id: 7,
        price: 9.5,
        name: 'Ada',
        email: 'ada@example.com',
        site: 'https://example.com/a',
        created: '2026-11-25T10:00:00Z',
        day: '2026-11-25',
        uuid: '123e4567-e89b-12d3-a456-426614174000',
        ip: '192.168.0.1',
        active: true,
        note: null,
        tags: ['a', 'b'],
      },
    ]);
    expect(schema).toEqual({
      $schema: DRAFT_07,
      type: 'object',
      properties: {
        id: { type: 'integer' },
        price: { type: 'number' },
        name: { type: 'string' },
        email: { type: 'string', format: 'email' },
        site: { type: 'string', format: 'uri' },
        created: { type: 'string', format: 'date-time' },
        day: { type: 'string', format: 'date' },
        uuid: { type: 'string', format: 'uuid' },
        ip: { type: 'string', format: 'ipv4' },
        active: { type: 'boolean' },
        note: { type: 'null' },
        tags: { type: 'array', items: { type: 'string' } },
      },
      required: ['id', 'price', 'name', 'email', 'site', 'created', 'day', 'uuid', 'ip', 'active', 'note', 'tags'],
    });
  });

  it('merges samples: required only when in all, integer and number become number, several types listed', () => {
    const schema = generateSchema([
      { id: 1, score: 3, label: 'x' },
      { id: 2, score: 2.5, label: null, extra: 'mail@example.org' },
    ]);
    expect(schema.required).toEqual(['id', 'score', 'label']);
    expect(schema.properties).toEqual({
      id: { type: 'integer' },
      score: { type: 'number' },
      label: { type: ['string', 'null'] },
      extra: { type: 'string', format: 'email' },
    });
  });

  it('merges the items of arrays of objects, and keeps a format only when every string has it', () => {
    const schema = generateSchema([
      {
        users: [
          { id: 1, email: 'a@example.com' },
          { id: 2, email: 'not an email', admin: true },
        ],
      },
    ]);
    expect(schema.properties).toEqual({
      users: {
        type: 'array',
        items: {
          type: 'object',
          properties: { id: { type: 'integer' }, email: { type: 'string' }, admin: { type: 'boolean' } },
          required: ['id', 'email'],
        },
      },
    });
  });

  it('leaves the items of an always-empty array open, and describes a top-level array or scalar', () => {
    expect(generateSchema([[]])).toEqual({ $schema: DRAFT_07, type: 'array' });
    expect(generateSchema([1, 'a'])).toEqual({ $schema: DRAFT_07, type: ['string', 'integer'] });
  });

  it('counts lossless numbers as numbers, by how they are written', () => {
    const sample = parseLossless('{"big": 12345678901234567890, "price": 1.10}');
    expect(generateSchema([sample]).properties).toEqual({ big: { type: 'integer' }, price: { type: 'number' } });
  });

  it('does not take a scheme-less string for a URI', () => {
    expect(generateSchema(['a:b']).format).toBeUndefined();
  });

  it('rejects what is not JSON, saying where', () => {
    expect(() => generateSchema([])).toThrow(SchemaGenerationError);
    try {
      generateSchema([{ ok: 1 }, { a: [1, Number.NaN] }]);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(SchemaGenerationError);
      expect((error as SchemaGenerationError).pointer).toBe('/a/1');
      expect((error as SchemaGenerationError).sample).toBe(1);
    }
  });

  it('produces a schema that rejects what the samples never were', () => {
    const schema = generateSchema([{ email: 'a@example.com', id: 1 }]);
    expect(validates(schema, { email: 'a@example.com', id: 2 })).toBe(true);
    expect(validates(schema, { email: 'nope', id: 2 })).toBe(false);
    expect(validates(schema, { email: 'a@example.com' })).toBe(false);
    expect(validates(schema, { email: 'a@example.com', id: 'x' })).toBe(false);
  });

  it('validates every sample it was made from (property-based)', () => {
    const formatted = fc.oneof(
      fc.string(),
      fc.emailAddress(),
      fc.webUrl(),
      fc.uuid(),
      fc.ipV4(),
      fc.date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true }).map((date) => date.toISOString()),
    );
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.constant(null),
        fc.boolean(),
        fc.integer(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        formatted,
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(fc.constantFrom('a', 'b', 'c', 'id', 'email'), tie('value'), { maxKeys: 4 }),
      ),
    })).value;
    fc.assert(
      fc.property(fc.array(json, { minLength: 1, maxLength: 4 }), (samples) => {
        const schema = generateSchema(samples);
        for (const sample of samples) expect(validates(schema, sample)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
