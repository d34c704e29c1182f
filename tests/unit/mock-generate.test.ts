import { Validator, type Schema } from '@cfworker/json-schema';
import { describe, expect, it } from 'vitest';
import { bundleSchema } from '../../src/core/mock/bundle.ts';
import { mixSeed, mockFromSchema, MockError, parseSchemaText } from '../../src/core/mock/generate.ts';

const user = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  required: ['id', 'email', 'created', 'site', 'ip4', 'ip6', 'host', 'code', 'name'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    email: { type: 'string', format: 'email' },
    created: { type: 'string', format: 'date-time' },
    site: { type: 'string', format: 'uri' },
    ip4: { type: 'string', format: 'ipv4' },
    ip6: { type: 'string', format: 'ipv6' },
    host: { type: 'string', format: 'hostname' },
    code: { type: 'string', pattern: '^[A-Z]{3}-\\d{4}$' },
    name: { type: 'string', 'x-faker': 'person.fullName' },
    nickname: { type: 'string' },
  },
  additionalProperties: false,
};

describe('mockFromSchema', () => {
  it('makes values that validate, with formats and patterns, and the same seed gives the same values', () => {
    const a = mockFromSchema(user, { seed: 42, count: 25 });
    const validator = new Validator(user as Schema, '2020-12', false);
    expect(a.values).toHaveLength(25);
    for (const value of a.values) expect(validator.validate(value).valid).toBe(true);
    const first = a.values[0] as Record<string, string>;
    expect(first.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(first.code).toMatch(/^[A-Z]{3}-\d{4}$/);
    expect(first.name).toMatch(/^\S+ \S+/);
    expect(JSON.stringify(mockFromSchema(user, { seed: 42, count: 25 }).values)).toBe(JSON.stringify(a.values));
    expect(JSON.stringify(mockFromSchema(user, { seed: 43, count: 25 }).values)).not.toBe(JSON.stringify(a.values));
    // More values keep the first ones.
    expect(mockFromSchema(user, { seed: 42, count: 3 }).values).toEqual(a.values.slice(0, 3));
  });

  it('honours the optional-property probability', () => {
    const never = mockFromSchema(user, { seed: 1, count: 20, optionalProbability: 0 });
    expect(never.values.some((v) => 'nickname' in (v as object))).toBe(false);
    const always = mockFromSchema(user, { seed: 1, count: 20, optionalProbability: 1 });
    expect(always.values.every((v) => 'nickname' in (v as object))).toBe(true);
  });

  it('prefers examples and default, always uses const and enum', () => {
    const schema = {
      type: 'object',
      required: ['a', 'b', 'c', 'd'],
      properties: {
        a: { type: 'string', examples: ['from-example'] },
        b: { type: 'integer', default: 7 },
        c: { const: 'fixed' },
        d: { enum: ['x', 'y'] },
      },
    };
    const { values } = mockFromSchema(schema, { seed: 5, count: 10 });
    for (const v of values) expect(v).toMatchObject({ a: 'from-example', b: 7, c: 'fixed' });
    expect(new Set(values.map((v) => (v as { d: string }).d))).toEqual(new Set(['x', 'y']));
    const generated = mockFromSchema(schema, { seed: 5, count: 10, preferExamples: false });
    expect(generated.values.some((v) => (v as { a: string }).a !== 'from-example')).toBe(true);
  });

  it('keeps array sizes within the asked range and the schema’s bounds', () => {
    const schema = { type: 'array', items: { type: 'integer' } };
    const { values } = mockFromSchema(schema, { seed: 3, count: 20, minItems: 4, maxItems: 6 });
    for (const v of values) expect((v as unknown[]).length).toBeGreaterThanOrEqual(4);
    for (const v of values) expect((v as unknown[]).length).toBeLessThanOrEqual(6);
  });

  it('bounds recursive $ref by depth and resolves $id, anchors and definitions', () => {
    const tree = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      definitions: {
        node: {
          type: 'object',
          required: ['value', 'children'],
          properties: {
            value: { type: 'integer' },
            children: { type: 'array', items: { $ref: '#/definitions/node' } },
          },
        },
      },
      $ref: '#/definitions/node',
    };
    const depth = (n: { children: unknown[] }): number => 1 + Math.max(0, ...n.children.map((c) => depth(c as never)));
    const { values } = mockFromSchema(tree, { seed: 9, count: 10, maxDepth: 2 });
    for (const v of values) expect(depth(v as never)).toBeLessThanOrEqual(12);
    const anchored = {
      $id: 'https://example.com/root.json',
      $defs: { a: { $id: 'inner.json', $anchor: 'x', type: 'string', minLength: 3, maxLength: 3 } },
      $ref: 'inner.json#x',
    };
    expect(bundleSchema(anchored)).toEqual({
      $ref: '#/$defs/ref0',
      $defs: { ref0: { type: 'string', minLength: 3, maxLength: 3 } },
    });
    for (const v of mockFromSchema(anchored, { seed: 1, count: 5 }).values) expect(v).toHaveLength(3);
  });

  it('names the keyword of an unsatisfiable schema', () => {
    const attempt = (schema: unknown) => {
      try {
        mockFromSchema(schema, { seed: 1, count: 1, attempts: 5 });
      } catch (error) {
        return error as MockError;
      }
      throw new Error('expected a MockError');
    };
    const range = attempt({ type: 'integer', minimum: 10, maximum: 5 });
    expect(range).toBeInstanceOf(MockError);
    expect(['minimum', 'maximum']).toContain(range.keyword);
    expect(range.message).toMatch(/^No value satisfies the schema: “(minimum|maximum)” at \/(minimum|maximum)/);
    const lengths = attempt({
      type: 'object',
      required: ['a'],
      properties: { a: { type: 'string', minLength: 5, maxLength: 2 } },
    });
    expect(lengths.location).toMatch(/^#\/properties\/a\/(minLength|maxLength)$/);
    expect(attempt(false).message).toBe('The schema is false: no value satisfies it.');
    expect(attempt({ $ref: '#/$defs/missing' }).message).toBe('The reference "#/$defs/missing" points to nothing.');
    expect(attempt({ type: 'string', 'x-faker': 'nope.nothing' }).message).toBe(
      'x-faker at /: “nope.nothing” is not a faker function; use a name such as "person.fullName" or "internet.email".',
    );
    expect(attempt([1]).message).toMatch(/^A JSON Schema is an object/);
  });

  it('refuses a bad count or seed', () => {
    expect(() => mockFromSchema({}, { seed: 1, count: 0 })).toThrow(/count is a whole number from 1 to 1000/);
    expect(() => mockFromSchema({}, { seed: 1.5, count: 1 })).toThrow(/seed is a whole number/);
  });

  it('says where schema text is not JSON', () => {
    expect(() => parseSchemaText('{\n  "type": "string",\n}')).toThrow(/line 3, column 1/);
  });

  it('mixes seeds so that neighbouring values differ', () => {
    expect(mixSeed(1, 0, 0)).not.toBe(mixSeed(1, 1, 0));
    expect(mixSeed(1, 0, 0)).not.toBe(mixSeed(2, 0, 0));
    expect(mixSeed(1, 0, 0)).toBe(mixSeed(1, 0, 0));
  });
});
