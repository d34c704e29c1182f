import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importCollections, ImportError } from '../../src/core/collections/formats.ts';
import type { PortableItem } from '../../src/core/collections/types.ts';

const SPEC = `openapi: 3.0.3
info: {title: Shop API, version: '1'}
servers:
  - url: https://{region}.shop.test/v1
    variables: {region: {default: eu}}
tags: [{name: orders}, {name: users}]
security: [{bearer: []}]
components:
  securitySchemes:
    bearer: {type: http, scheme: bearer}
paths:
  /orders/{orderId}:
    get:
      tags: [orders, users]
      summary: Get an order
      parameters:
        - {name: orderId, in: path, required: true, schema: {type: integer}, example: 42}
      responses: {'200': {description: ok}}
  /users:
    post:
      tags: [users]
      operationId: createUser
      requestBody:
        content:
          application/json:
            example: {name: Ada}
      responses: {'201': {description: created}}
`;

const requests = (items: readonly PortableItem[]): string[] =>
  items.flatMap((item) =>
    item.type === 'folder'
      ? requests(item.items).map((line) => `${item.name} / ${line}`)
      : [`${item.name}: ${item.request.method} ${item.request.url}`],
  );

describe('importing an OpenAPI document as a collection', () => {
  it('makes one folder per tag and one request per operation, built as the OpenAPI tool builds them', () => {
    const result = importCollections(SPEC);
    expect(result.format).toBe('OpenAPI 3.0');
    const [collection] = result.collections;
    expect(collection!.name).toBe('Shop API');
    // An operation with two tags is filed once, under its first.
    expect(requests(collection!.items)).toEqual([
      'orders / Get an order: GET https://eu.shop.test/v1/orders/42',
      'users / createUser: POST https://eu.shop.test/v1/users',
    ]);
    const post = (collection!.items[1] as Extract<PortableItem, { type: 'folder' }>).items[0]!;
    expect(post.type === 'request' && post.request.body).toEqual({ kind: 'json', text: '{\n  "name": "Ada"\n}' });
    expect(post.type === 'request' && post.request.headers).toContainEqual({
      enabled: true,
      name: 'Authorization',
      value: 'Bearer {{bearer}}',
    });
    // The credential the requests use is a secret variable to fill in, never a value from the file.
    expect(collection!.variables).toEqual([{ key: 'bearer', value: '', secret: true, enabled: true }]);
  });

  it('reads JSON as well, and keeps the requests of an untagged document at the top', () => {
    const text = readFileSync('tests/fixtures/openapi/oai/v3.0/petstore-expanded.json', 'utf8');
    const [collection] = importCollections(text).collections;
    expect(requests(collection!.items)).toEqual([
      'findPets: GET https://petstore.swagger.io/v2/pets',
      'addPet: POST https://petstore.swagger.io/v2/pets',
      'find pet by id: GET https://petstore.swagger.io/v2/pets/{{id}}',
      'deletePet: DELETE https://petstore.swagger.io/v2/pets/{{id}}',
    ]);
    expect(collection!.variables.map((v) => v.key)).toEqual(['id']);
  });

  it('reads Swagger 2.0', () => {
    const text = readFileSync('tests/fixtures/openapi/oai/v2.0/petstore-minimal.yaml', 'utf8');
    const result = importCollections(text);
    expect(result.format).toBe('Swagger 2.0');
    expect(requests(result.collections[0]!.items)).toEqual([
      expect.stringMatching(/GET http:\/\/petstore\.swagger\.io\/api\/pets$/),
    ]);
  });

  it('says where a broken document is broken', () => {
    expect(() => importCollections('openapi: 3.0.3\ninfo: {title: t\npaths: {}\n')).toThrow(ImportError);
    expect(() => importCollections('openapi: 3.0.3\ninfo: {title: t\npaths: {}\n')).toThrow(/line \d+, column \d+/);
    expect(() => importCollections('openapi: 9\npaths: {}\n')).toThrow(/line 1, column 1/);
  });
});
