import { describe, expect, it } from 'vitest';
import {
  listOperations,
  mockOperation,
  operationResponses,
  parseOpenApi,
  statusNumber,
} from '../../src/core/mock/openapi.ts';

const PETSTORE = `openapi: 3.0.3
info: { title: Pets, version: '1' }
paths:
  /pets:
    get:
      summary: List pets
      responses:
        '200':
          description: A page of pets
          headers:
            X-Total-Count:
              schema: { type: integer, minimum: 0 }
          content:
            application/json:
              schema:
                type: array
                minItems: 1
                items: { $ref: '#/components/schemas/Pet' }
    post:
      operationId: createPet
      responses:
        '201':
          $ref: '#/components/responses/Created'
        '400':
          description: Bad input
          content:
            application/problem+json:
              example: { title: Bad input, status: 400 }
        default:
          description: Unexpected
components:
  responses:
    Created:
      description: Created
      headers:
        Location:
          required: true
          schema: { type: string, format: uri }
      content:
        application/json:
          schema: { $ref: '#/components/schemas/Pet' }
        application/xml:
          schema: { $ref: '#/components/schemas/Pet' }
  schemas:
    Pet:
      type: object
      required: [id, name, tag]
      properties:
        id: { type: integer, format: int64, minimum: 1 }
        name: { type: string, example: Rex }
        tag: { type: string, nullable: true, enum: [dog, cat] }
        parent: { $ref: '#/components/schemas/Pet' }
`;

describe('OpenAPI operations for Mock API', () => {
  const doc = parseOpenApi(PETSTORE);

  it('lists the operations', () => {
    expect(listOperations(doc)).toEqual([
      { method: 'GET', path: '/pets', summary: 'List pets' },
      { method: 'POST', path: '/pets', operationId: 'createPet' },
    ]);
  });

  it('extracts each response with content types, schemas, examples and headers, $ref resolved', () => {
    const responses = operationResponses(doc, 'post', '/pets');
    expect(responses.map((r) => r.status)).toEqual(['201', '400', 'default']);
    expect(responses[0]!.content.map((m) => m.contentType)).toEqual(['application/json', 'application/xml']);
    expect(responses[0]!.headers).toEqual([
      { name: 'Location', required: true, schema: { type: 'string', format: 'uri' } },
    ]);
    expect(responses[1]!.content[0]!.examples).toEqual([{ title: 'Bad input', status: 400 }]);
  });

  it('mocks a response per code with its headers; bodies validate, Location for 201, nullable honoured', () => {
    const mocks = mockOperation(doc, 'POST', '/pets', { seed: 3, count: 5 });
    const created = mocks[0]!;
    expect(created.status).toBe('201');
    expect(created.contentType).toBe('application/json');
    expect(created.headers[0]).toEqual({ name: 'Content-Type', value: 'application/json' });
    expect(created.headers[1]!.name).toBe('Location');
    expect(() => new URL(created.headers[1]!.value)).not.toThrow();
    expect(created.bodies).toHaveLength(5);
    for (const pet of created.bodies as Record<string, unknown>[]) {
      expect(Number.isInteger(pet.id) && (pet.id as number) >= 1).toBe(true);
      expect([null, 'dog', 'cat']).toContain(pet.tag);
      expect(pet.name).toBe('Rex');
    }
    expect(mocks[1]!.bodies).toEqual(Array(5).fill({ title: 'Bad input', status: 400 }));
    expect(mocks[1]!.contentType).toBe('application/problem+json');
    expect(mocks[2]!).toMatchObject({ status: 'default', bodies: [], headers: [] });
    const list = mockOperation(doc, 'GET', '/pets', { seed: 3, count: 2 })[0]!;
    expect(list.headers.map((h) => h.name)).toEqual(['Content-Type', 'X-Total-Count']);
    expect(Number(list.headers[1]!.value)).toBeGreaterThanOrEqual(0);
    expect(mockOperation(doc, 'POST', '/pets', { seed: 3, count: 5 })).toEqual(mocks);
    const xml = mockOperation(doc, 'POST', '/pets', { seed: 3, count: 1 }, { '201': 'application/xml' })[0]!;
    expect(xml.contentType).toBe('application/xml');
    expect(xml.bodies).toEqual([]);
    expect(xml.headers.map((h) => h.name)).toEqual(['Content-Type', 'Location']);
    expect(xml.problem).toBe('Only JSON bodies are mocked; application/xml is shown with its headers and no body.');
    expect(statusNumber('2XX')).toBe(200);
    expect(statusNumber('default')).toBe(500);
  });

  it('says what is wrong with a document, with line and column', () => {
    expect(() => parseOpenApi('openapi: 3.1.0\npaths: {\n')).toThrow(/line \d+, column \d+/);
    expect(() => parseOpenApi('{"info": {}}')).toThrow('This is not an OpenAPI document: it has no "openapi" field.');
    expect(() => operationResponses(doc, 'put', '/pets')).toThrow('The document has no operation PUT /pets.');
    const broken = parseOpenApi(
      'openapi: 3.1.0\npaths:\n  /a:\n    get:\n      responses:\n        "200": { $ref: "#/components/responses/Nope" }\n',
    );
    expect(() => operationResponses(broken, 'get', '/a')).toThrow(
      'The reference "#/components/responses/Nope" points to nothing in the document.',
    );
  });
});
