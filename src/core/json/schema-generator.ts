import { format as formatCheckers } from '@cfworker/json-schema';

/**
 * A draft-07 JSON Schema from one or more sample documents: what JSON Tools'
 * "Generate schema" shows and what Mock API infers from a captured response.
 *
 * Merging rules (each sample must validate against the result):
 * - the types seen at a place are merged (`integer` and `number` become `number`; more than one type
 *   becomes a `type` list, and each type's keywords only apply to values of that type);
 * - an object's `required` lists the keys present in every object seen at that place;
 * - the items of every array seen at a place are merged into one `items` schema;
 * - a string format is kept only when every string seen there has it. Formats are decided by the same
 *   checkers the project's validator uses, so a detected format never rejects its own sample.
 *
 * Numbers read losslessly (an object `{isLosslessNumber: true, value: '12345678901234567890'}`, as
 * lossless-json makes) count as numbers; a value with no JSON type (a function, undefined) is an error.
 */

export type JsonSchema = Record<string, unknown>;

export const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

type JsonType = 'null' | 'boolean' | 'integer' | 'number' | 'string' | 'array' | 'object';

/** The string formats detected, most specific first. */
export const DETECTED_FORMATS = ['date-time', 'date', 'uuid', 'email', 'ipv4', 'uri'] as const;
type Format = (typeof DETECTED_FORMATS)[number];

interface Shape {
  types: Set<JsonType>;
  /** Formats every string seen so far has; undefined until the first string. */
  formats?: Set<Format>;
  /** Objects seen, and per key how many of them had it (in first-seen key order). */
  objects: number;
  properties: Map<string, { count: number; shape: Shape }>;
  items?: Shape;
}

const newShape = (): Shape => ({ types: new Set(), objects: 0, properties: new Map() });

function isLosslessNumber(value: unknown): value is { value: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { isLosslessNumber?: unknown }).isLosslessNumber === true &&
    typeof (value as { value?: unknown }).value === 'string'
  );
}

function formatsOf(text: string): Set<Format> {
  const found = new Set<Format>();
  for (const name of DETECTED_FORMATS) {
    // A URI needs a scheme and `//`: `a:b` is a valid URI but nobody means one.
    if (name === 'uri' && !/^[a-z][a-z0-9+.-]*:\/\/\S/i.test(text)) continue;
    if (formatCheckers[name]?.(text)) found.add(name);
  }
  return found;
}

export class SchemaGenerationError extends Error {
  constructor(
    message: string,
    /** JSON pointer of the offending value within its sample. */
    readonly pointer: string,
    readonly sample: number,
  ) {
    super(message);
    this.name = 'SchemaGenerationError';
  }
}

const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

function add(shape: Shape, value: unknown, pointer: string, sample: number): void {
  if (value === null) shape.types.add('null');
  else if (typeof value === 'boolean') shape.types.add('boolean');
  else if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new SchemaGenerationError(`${value} is not a JSON number`, pointer, sample);
    shape.types.add(Number.isInteger(value) ? 'integer' : 'number');
  } else if (typeof value === 'bigint') shape.types.add('integer');
  else if (isLosslessNumber(value)) shape.types.add(/^-?\d+$/.test(value.value) ? 'integer' : 'number');
  else if (typeof value === 'string') {
    shape.types.add('string');
    const found = formatsOf(value);
    shape.formats = shape.formats ? new Set([...shape.formats].filter((name) => found.has(name))) : found;
  } else if (Array.isArray(value)) {
    shape.types.add('array');
    shape.items ??= newShape();
    value.forEach((item, index) => add(shape.items!, item, `${pointer}/${index}`, sample));
  } else if (typeof value === 'object') {
    shape.types.add('object');
    shape.objects += 1;
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      let property = shape.properties.get(key);
      if (!property) {
        property = { count: 0, shape: newShape() };
        shape.properties.set(key, property);
      }
      property.count += 1;
      add(property.shape, child, `${pointer}/${escapePointer(key)}`, sample);
    }
  } else {
    throw new SchemaGenerationError(`a ${typeof value} is not a JSON value`, pointer, sample);
  }
}

const TYPE_ORDER: readonly JsonType[] = ['object', 'array', 'string', 'number', 'integer', 'boolean', 'null'];

function toSchema(shape: Shape): JsonSchema {
  const types = new Set(shape.types);
  if (types.has('number')) types.delete('integer');
  const ordered = TYPE_ORDER.filter((type) => types.has(type));
  // An array that was always empty says nothing about its items: any item is allowed.
  if (ordered.length === 0) return {};
  const schema: JsonSchema = { type: ordered.length === 1 ? ordered[0] : ordered };
  if (types.has('string') && shape.formats) {
    const format = DETECTED_FORMATS.find((name) => shape.formats!.has(name));
    if (format) schema.format = format;
  }
  if (types.has('object')) {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const [key, property] of shape.properties) {
      properties[key] = toSchema(property.shape);
      if (property.count === shape.objects) required.push(key);
    }
    schema.properties = properties;
    if (required.length > 0) schema.required = required;
  }
  if (types.has('array') && shape.items && shape.items.types.size > 0) schema.items = toSchema(shape.items);
  return schema;
}

/**
 * The schema of the given samples (at least one), with `$schema` set to draft-07. Throws
 * `SchemaGenerationError` (with the sample's index and a JSON pointer) for a value that is not JSON.
 */
export function generateSchema(samples: readonly unknown[]): JsonSchema {
  if (samples.length === 0) throw new SchemaGenerationError('give at least one sample', '', 0);
  const root = newShape();
  samples.forEach((sample, index) => add(root, sample, '', index));
  return { $schema: DRAFT_07, ...toSchema(root) };
}
