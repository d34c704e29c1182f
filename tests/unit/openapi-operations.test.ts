import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  buildRequest,
  filterOperations,
  listOperations,
  listServers,
  sampleFromSchema,
} from '../../src/core/openapi/operations.ts';

const FIXTURES = join(import.meta.dirname, '../fixtures/openapi');
const load = (path: string) => parse(readFileSync(join(FIXTURES, path), 'utf8')) as unknown;

const SPEC = parse(`
openapi: 3.1.0
info: {title: t, version: '1'}
servers:
  - url: https://{region}.api.example.com/v1
    description: production
    variables:
      region: {default: eu, enum: [eu, us]}
  - url: http://localhost:8080
tags:
  - name: pets
security:
  - key: []
paths:
  /pets/{petId}:
    parameters:
      - {name: petId, in: path, required: true, schema: {type: integer}, example: 42}
    get:
      tags: [pets]
      summary: Get a pet
      operationId: getPet
      parameters:
        - {name: fields, in: query, schema: {type: string}, example: 'name,age'}
        - {name: verbose, in: query, schema: {type: boolean}}
        - {name: X-Trace, in: header, required: true, schema: {type: string}}
      responses: {'200': {description: ok}}
    put:
      tags: [pets]
      summary: Replace a pet
      security:
        - bearer: []
      requestBody:
        content:
          application/json:
            schema: {$ref: '#/components/schemas/Pet'}
      responses: {'200': {description: ok}}
  /health:
    get:
      security: []
      responses: {'200': {description: ok}}
components:
  securitySchemes:
    key: {type: apiKey, in: header, name: X-Api-Key}
    bearer: {type: http, scheme: bearer}
  schemas:
    Pet:
      type: object
      required: [name]
      properties:
        id: {type: integer, readOnly: true}
        name: {type: string, example: Rex}
        born: {type: string, format: date}
        tags: {type: array, items: {type: string}}
        owner:
          allOf:
            - {$ref: '#/components/schemas/Owner'}
    Owner:
      type: object
      properties:
        email: {type: string, format: email}
`);

describe('operations', () => {
  it('are grouped by tag (declared order first), the untagged under "Other"', () => {
    expect(listOperations(SPEC)).toEqual([
      {
        tag: 'pets',
        operations: [
          {
            method: 'GET',
            path: '/pets/{petId}',
            summary: 'Get a pet',
            operationId: 'getPet',
            deprecated: false,
            pointer: '/paths/~1pets~1{petId}/get',
          },
          {
            method: 'PUT',
            path: '/pets/{petId}',
            summary: 'Replace a pet',
            operationId: undefined,
            deprecated: false,
            pointer: '/paths/~1pets~1{petId}/put',
          },
        ],
      },
      {
        tag: 'Other',
        operations: [
          {
            method: 'GET',
            path: '/health',
            summary: '',
            operationId: undefined,
            deprecated: false,
            pointer: '/paths/~1health/get',
          },
        ],
      },
    ]);
  });

  it('are searched by every word over method, path, summary, id and tag', () => {
    const groups = listOperations(SPEC);
    expect(filterOperations(groups, 'put PETS').flatMap((g) => g.operations.map((o) => o.summary))).toEqual([
      'Replace a pet',
    ]);
    expect(filterOperations(groups, 'health').map((g) => g.tag)).toEqual(['Other']);
    expect(filterOperations(groups, 'nothing here')).toEqual([]);
    expect(filterOperations(groups, '  ')).toBe(groups);
  });

  it('servers have their variables resolved; 2.0 combines schemes, host and basePath', () => {
    expect(listServers(SPEC, '3.1')).toEqual([
      { url: 'https://eu.api.example.com/v1', description: 'production' },
      { url: 'http://localhost:8080', description: '' },
    ]);
    expect(listServers(load('oai/v2.0/petstore.yaml'), '2.0')).toEqual([
      { url: 'http://petstore.swagger.io/v1', description: 'http' },
    ]);
  });
});

describe('the request of an operation', () => {
  it('fills path and query parameters from examples, marks the rest as {{variables}}, and adds the API key', () => {
    expect(buildRequest(SPEC, '3.1', '/paths/~1pets~1{petId}/get')).toEqual({
      request: {
        method: 'GET',
        url: 'https://eu.api.example.com/v1/pets/42?fields=name%2Cage',
        headers: [
          { name: 'X-Trace', value: '{{X-Trace}}' },
          { name: 'X-Api-Key', value: '{{key}}' },
        ],
        body: undefined,
      },
      notes: ['Optional parameters left out: verbose.'],
    });
  });

  it('uses the chosen server, the operation security and a body made from the schema', () => {
    const { request } = buildRequest(SPEC, '3.1', '/paths/~1pets~1{petId}/put', 1);
    expect(request.url).toBe('http://localhost:8080/pets/42');
    expect(request.headers).toEqual([
      { name: 'Content-Type', value: 'application/json' },
      { name: 'Authorization', value: 'Bearer {{bearer}}' },
    ]);
    expect(JSON.parse(request.body!)).toEqual({
      name: 'Rex',
      born: '2024-01-01',
      tags: ['string'],
      owner: { email: 'user@example.com' },
    });
  });

  it('an empty security requirement sends no credentials', () => {
    expect(buildRequest(SPEC, '3.1', '/paths/~1health/get').request.headers).toEqual([]);
  });

  it('2.0: body parameters, consumes and a host without a scheme list', () => {
    const spec = load('oai/v2.0/petstore-expanded.yaml');
    const { request } = buildRequest(spec, '2.0', '/paths/~1pets/post');
    expect(request).toMatchObject({ method: 'POST', url: 'http://petstore.swagger.io/api/pets' });
    expect(request.headers).toEqual([{ name: 'Content-Type', value: 'application/json' }]);
    expect(JSON.parse(request.body!)).toEqual({ name: 'string', tag: 'string' });
    const get = buildRequest(spec, '2.0', '/paths/~1pets~1{id}/get').request;
    expect(get.url).toBe('http://petstore.swagger.io/api/pets/{{id}}');
  });

  it('a relative server URL becomes {{baseUrl}}, with a note', () => {
    const spec = parse(
      'openapi: 3.0.3\ninfo: {title: t, version: "1"}\nservers: [{url: /v2}]\npaths:\n  /a:\n    get:\n      responses: {"200": {description: ok}}\n',
    );
    expect(buildRequest(spec, '3.0', '/paths/~1a/get')).toMatchObject({
      request: { url: '{{baseUrl}}/v2/a' },
      notes: ['The spec gives no absolute server URL: set {{baseUrl}} in the environment.'],
    });
  });

  it('a pointer that names no operation says so', () => {
    expect(() => buildRequest(SPEC, '3.1', '/paths/~1nope/get')).toThrow('No operation at /paths/~1nope/get');
  });

  it('samples stop at recursive schemas', () => {
    const spec = {
      components: {
        schemas: {
          Node: { type: 'object', properties: { next: { $ref: '#/components/schemas/Node' }, v: { type: 'integer' } } },
        },
      },
    };
    expect(sampleFromSchema(spec, { $ref: '#/components/schemas/Node' })).toEqual({ v: 0 });
  });
});

describe('odd operations never crash the request builder', () => {
  it('any parameters, bodies and security give a request', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), fc.string({ unit: 'binary' }), (parameter, body, example) => {
        const spec = {
          openapi: '3.1.0',
          servers: [{ url: 'https://x.test' }],
          security: [{ k: [] }],
          components: { securitySchemes: { k: parameter } },
          paths: {
            '/a/{id}': {
              post: {
                parameters: [
                  parameter,
                  { name: 'id', in: 'path', example },
                  { name: 'q', in: 'query', example: `${example}\uD800` },
                ],
                requestBody: { content: { 'application/json': { schema: body, example: body } } },
              },
            },
          },
        };
        for (const group of listOperations(spec))
          for (const op of group.operations)
            expect(typeof buildRequest(spec, '3.1', op.pointer).request.url).toBe('string');
      }),
      { numRuns: 100 },
    );
  }, 60_000);
});
