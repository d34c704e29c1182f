/**
 * What Mock API needs from an OpenAPI document (3.0 or 3.1, YAML or JSON): its operations, and for one operation
 * its responses by status code, each with content types (schema, examples) and headers, `$ref`s to the
 * document's own components resolved. Schemas keep their `#/components/...` references: the mocker resolves them
 * against the whole document, given to it as a remote schema.
 */
import { MockError, mockFromSchema, prepareSchema, type MockOptions } from './generate.ts';
import {
  DOCUMENT_URI,
  isRecord,
  listOperations,
  METHODS,
  parseOpenApi,
  resolve,
  type Doc,
  type HeaderSpec,
  type MediaSpec,
  type ResponseSpec,
} from './openapi-doc.ts';

export { DOCUMENT_URI, listOperations, METHODS, parseOpenApi, resolve };
export type { HeaderSpec, MediaSpec, OperationInfo, ResponseSpec } from './openapi-doc.ts';

/** OpenAPI 3.0's `nullable: true` and `example` in JSON Schema terms, throughout a schema. */
function fromOpenApi30(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(fromOpenApi30);
  if (!isRecord(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'nullable' || key === 'example') continue;
    out[key] = key === 'enum' || key === 'default' || key === 'const' ? value : fromOpenApi30(value);
  }
  if ('example' in schema && !('examples' in schema)) out.examples = [schema.example];
  if (schema.nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    if (Array.isArray(out.enum)) out.enum = [...out.enum, null];
  }
  return out;
}

/** A schema to mock and validate with: its `#/...` references pointed at the document. */
function schemaFor(doc: Doc, schema: unknown): unknown {
  const is30 = typeof doc.openapi === 'string' && doc.openapi.startsWith('3.0');
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!isRecord(node)) return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      out[key] =
        key === '$ref' && typeof value === 'string' && value.startsWith('#') ? DOCUMENT_URI + value : rewrite(value);
    }
    return out;
  };
  return rewrite(is30 ? fromOpenApi30(schema) : schema);
}

/** The document as the mocker's remote (3.0 schemas translated everywhere, so references into it agree). */
export function documentRemote(doc: Doc): Record<string, unknown> {
  const is30 = typeof doc.openapi === 'string' && doc.openapi.startsWith('3.0');
  return { [DOCUMENT_URI]: is30 ? fromOpenApi30(doc) : doc };
}

function examplesOf(doc: Doc, media: Record<string, unknown>): unknown[] {
  const found: unknown[] = [];
  if ('example' in media) found.push(media.example);
  if (isRecord(media.examples)) {
    for (const example of Object.values(media.examples)) {
      const resolved = resolve(doc, example);
      if (isRecord(resolved) && 'value' in resolved) found.push(resolved.value);
    }
  }
  return found;
}

export function operationResponses(doc: Doc, method: string, path: string): ResponseSpec[] {
  const pathItem = resolve(doc, (doc.paths as Record<string, unknown>)[path]);
  const operation = isRecord(pathItem) ? pathItem[method.toLowerCase()] : undefined;
  if (!isRecord(operation)) throw new MockError(`The document has no operation ${method.toUpperCase()} ${path}.`);
  const responses = isRecord(operation.responses) ? operation.responses : {};
  return Object.entries(responses).map(([status, raw]) => {
    const response = resolve(doc, raw);
    if (!isRecord(response))
      throw new MockError(`Response ${status} of ${method.toUpperCase()} ${path} is not an object.`);
    const content: MediaSpec[] = isRecord(response.content)
      ? Object.entries(response.content).map(([contentType, rawMedia]) => {
          const media = resolve(doc, rawMedia);
          if (!isRecord(media)) return { contentType, examples: [] };
          return {
            contentType,
            ...(media.schema !== undefined ? { schema: schemaFor(doc, media.schema) } : {}),
            examples: examplesOf(doc, media),
          };
        })
      : [];
    const headers: HeaderSpec[] = isRecord(response.headers)
      ? Object.entries(response.headers).map(([name, rawHeader]) => {
          const header = resolve(doc, rawHeader);
          const h = isRecord(header) ? header : {};
          return {
            name,
            required: h.required === true,
            ...(h.schema !== undefined ? { schema: schemaFor(doc, h.schema) } : {}),
            ...('example' in h ? { example: h.example } : {}),
          };
        })
      : [];
    return {
      status,
      description: typeof response.description === 'string' ? response.description : '',
      content,
      headers,
    };
  });
}

export interface MockedResponse {
  status: string;
  description: string;
  contentType?: string;
  /** Every content type the response declares (the one mocked is `contentType`). */
  contentTypes: string[];
  headers: { name: string; value: string }[];
  /** The body values (one per count), or none when the response has no JSON schema or example. */
  bodies: unknown[];
  /** Set when this response could not be mocked: the others still are. */
  problem?: string;
}

const isJsonType = (type: string) => /^application\/(?:[\w.+-]+\+)?json\b|^\*\/\*$/i.test(type);

/** The status code as a number for the status line: `2XX` and `default` become 200 and 500. */
export function statusNumber(status: string): number {
  if (/^\d{3}$/.test(status)) return Number(status);
  if (/^[1-5]XX$/i.test(status)) return Number(status[0]) * 100;
  return 500;
}

/** A mock per response code: the chosen (or first JSON) content type's body and the declared headers. */
export function mockOperation(
  doc: Doc,
  method: string,
  path: string,
  options: MockOptions,
  contentTypes: Readonly<Record<string, string>> = {},
): MockedResponse[] {
  const remotes = documentRemote(doc);
  return operationResponses(doc, method, path).map((response) => {
    const chosen =
      response.content.find((m) => m.contentType === contentTypes[response.status]) ??
      response.content.find((m) => isJsonType(m.contentType)) ??
      response.content[0];
    const headers: { name: string; value: string }[] = [];
    const mocked: MockedResponse = {
      status: response.status,
      description: response.description,
      ...(chosen ? { contentType: chosen.contentType } : {}),
      contentTypes: response.content.map((m) => m.contentType),
      headers,
      bodies: [],
    };
    try {
      if (chosen) headers.push({ name: 'Content-Type', value: chosen.contentType });
      for (const header of response.headers) {
        if (header.name.toLowerCase() === 'content-type') continue;
        let value: unknown = header.example;
        if (value === undefined && header.schema !== undefined) {
          value = mockFromSchema(header.schema, { ...options, count: 1, remotes }).values[0];
        }
        if (value !== undefined)
          headers.push({ name: header.name, value: typeof value === 'string' ? value : JSON.stringify(value) });
      }
      if (chosen && !isJsonType(chosen.contentType)) {
        mocked.problem = `Only JSON bodies are mocked; ${chosen.contentType} is shown with its headers and no body.`;
        return mocked;
      }
      const validExamples =
        chosen?.schema !== undefined && options.preferExamples !== false && chosen.examples.length > 0
          ? chosen.examples.filter(
              (example) => prepareSchema(chosen.schema, { remotes }).validator.validate(example).valid,
            )
          : [];
      if (validExamples.length > 0) {
        mocked.bodies = Array.from({ length: options.count }, (_, i) =>
          structuredClone(validExamples[i % validExamples.length]),
        );
      } else if (chosen?.schema !== undefined) {
        mocked.bodies = mockFromSchema(chosen.schema, { ...options, remotes }).values;
      } else if (chosen && chosen.examples.length > 0) {
        mocked.bodies = Array.from({ length: options.count }, (_, i) => chosen.examples[i % chosen.examples.length]);
      }
    } catch (error) {
      if (!(error instanceof MockError)) throw error;
      mocked.problem = error.message;
    }
    return mocked;
  });
}
