import { describe, expect, it } from 'vitest';
import { computeMock, type MockJob, type MockOutcome } from '../../src/ui/tools/mock-api/compute.ts';
import { createMockStore, EXAMPLE_SCHEMA } from '../../src/ui/tools/mock-api/store.ts';

const OPENAPI = `openapi: 3.1.0
info: { title: T, version: '1' }
paths:
  /items:
    post:
      summary: Create
      responses:
        '201':
          description: Created
          headers:
            Location: { schema: { type: string, format: uri } }
          content:
            application/json:
              schema: { type: object, required: [id], properties: { id: { type: integer } } }
        '409':
          description: Conflict
  /items/{id}:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: { type: string, const: hello }
`;

/** A runner whose answers wait until the test gives them (each job with its own resolve). */
function heldRunner() {
  const pending: { job: MockJob; resolve: (o: MockOutcome) => void }[] = [];
  const run = (job: MockJob) => new Promise<MockOutcome>((resolve) => pending.push({ job, resolve }));
  return { pending, run };
}

describe('the Mock API store', async () => {
  it('mocks the example schema; the seed decides the output; count makes an array', async () => {
    const store = createMockStore({ newSeed: () => 99 });
    expect(store.output.value).toBeNull();
    await store.loadExample();
    expect(store.problem.value).toBeNull();
    const one = JSON.parse(store.output.value!) as Record<string, unknown>;
    expect(Object.keys(one)).toEqual(expect.arrayContaining(['id', 'name', 'email', 'created', 'tags']));
    const first = store.output.value;
    await store.change({ count: 3 });
    const many = JSON.parse(store.output.value!) as unknown[];
    expect(many).toHaveLength(3);
    expect(many[0]).toEqual(one);
    await store.reseed();
    expect(store.settings.value.seed).toBe(99);
    await store.change({ count: 1 });
    expect(store.output.value).not.toBe(first);
    await store.change({ seed: 1 });
    expect(store.output.value).toBe(first);
  });

  it('shows a problem and keeps no output for a bad schema or setting', async () => {
    const store = createMockStore();
    await store.setSchemaText('{"type": "integer", "minimum": 5, "maximum": 1}');
    expect(store.problem.value).toMatch(/^No value satisfies the schema: “(minimum|maximum)”/);
    expect(store.output.value).toBeNull();
    await store.setSchemaText('{"type":');
    expect(store.problem.value).toMatch(/line 1, column 9/);
    await store.setSchemaText(EXAMPLE_SCHEMA);
    await store.change({ count: 0 });
    expect(store.problem.value).toBe('The count is a whole number from 1 to 100.');
    await store.change({ count: 1, minItems: 5, maxItems: 2 });
    expect(store.problem.value).toBe('The smallest array size is larger than the largest.');
  });

  it('mocks an OpenAPI operation per response code, with headers, and hands the body to the REST client', async () => {
    const store = createMockStore();
    await store.receiveOpenApi(OPENAPI, 'post', '/items');
    expect(store.operations.value.map((o) => `${o.method} ${o.path}`)).toEqual(['POST /items', 'GET /items/{id}']);
    expect(store.operation.value).toBe('POST /items');
    const shown = store.shown.value!;
    expect(shown.status).toBe('201');
    expect(shown.headers.map((h) => h.name)).toEqual(['Content-Type', 'Location']);
    expect(Number.isInteger((JSON.parse(store.output.value!) as { id: number }).id)).toBe(true);
    const request = store.requestImport()!;
    expect(request.request).toMatchObject({
      method: 'POST',
      url: 'https://api.example.com/items',
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      body: store.output.value,
    });
    store.showResponse('409');
    expect(store.output.value).toBeNull();
    expect(store.shown.value!.contentTypes).toEqual([]);
    await store.setOperation('GET /items/{id}');
    expect(store.output.value).toBe('"hello"\n');
    expect(store.requestImport()!.request.method).toBe('POST');
    await store.setDocumentText('openapi: 3.1.0\npaths: [\n');
    expect(store.problem.value).toMatch(/^The OpenAPI document cannot be read at line \d+, column \d+/);
  });

  it('takes a schema handed over with where it came from', async () => {
    const store = createMockStore();
    await store.receiveSchema(
      '{"type":"object","required":["a"],"properties":{"a":{"type":"integer"}}}',
      'inferred from GET /x',
    );
    expect(store.title.value).toBe('inferred from GET /x');
    expect(Object.keys(JSON.parse(store.output.value!) as object)).toEqual(['a']);
  });

  it('shows only the newest change’s answer when an older one comes back later', async () => {
    const { pending, run } = heldRunner();
    const store = createMockStore({ run });
    void store.setSchemaText('{"const": "old"}');
    const newest = store.setSchemaText('{"const": "new"}');
    pending[1]!.resolve(computeMock(pending[1]!.job));
    await newest;
    pending[0]!.resolve(computeMock(pending[0]!.job));
    await Promise.resolve();
    expect(store.output.value).toBe('"new"\n');
  });

  it('keeps the shown values in the shape they were made in while a new count is being mocked', async () => {
    const { pending, run } = heldRunner();
    const store = createMockStore({ run });
    const first = store.setSchemaText('{"const": "v"}');
    pending[0]!.resolve(computeMock(pending[0]!.job));
    await first;
    expect(store.output.value).toBe('"v"\n');
    const three = store.change({ count: 3 });
    // The count is set, its values are not back yet: still the one value, not an array of one.
    expect(store.settings.value.count).toBe(3);
    expect(store.output.value).toBe('"v"\n');
    pending[1]!.resolve(computeMock(pending[1]!.job));
    await three;
    expect(JSON.parse(store.output.value!)).toEqual(['v', 'v', 'v']);
  });

  it('mocks the content type chosen for a response', async () => {
    const store = createMockStore();
    await store.receiveOpenApi(
      OPENAPI.replace(
        '          content:\n            application/json:\n              schema: { type: object',
        '          content:\n            text/csv: { schema: { type: string } }\n            application/json:\n              schema: { type: object',
      ),
      'POST',
      '/items',
    );
    expect(store.shown.value!.contentTypes).toEqual(['text/csv', 'application/json']);
    expect(store.shown.value!.contentType).toBe('application/json');
    await store.setContentType('201', 'text/csv');
    expect(store.shown.value!.contentType).toBe('text/csv');
    expect(store.shown.value!.problem).toBe(
      'Only JSON bodies are mocked; text/csv is shown with its headers and no body.',
    );
    expect(store.output.value).toBeNull();
  });
});
