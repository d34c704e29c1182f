import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/core/openapi/engine.ts';
import { inlineClient } from '../../src/ui/tools/openapi/engine-client.ts';
import { createOpenApiStore } from '../../src/ui/tools/openapi/store.ts';

const SPEC = `openapi: 3.0.3
info: {title: t, version: '1'}
servers: [{url: 'https://api.example.com'}]
paths:
  /items:
    post:
      summary: Create
      requestBody:
        content:
          application/json:
            schema: {type: object, properties: {name: {type: string, example: "it's"}}}
      responses: {'201': {description: created}}
`;

function setup(fetched: Record<string, string> = {}) {
  let scheduled: (() => void) | null = null;
  const store = createOpenApiStore({
    engine: inlineClient(createEngine(() => 0)),
    fetchText: async (url) => {
      if (!(url in fetched)) throw new Error('the server answered 404 Not Found');
      return fetched[url]!;
    },
    schedule: (run) => {
      scheduled = run;
      return () => (scheduled = null);
    },
  });
  return { store, runScheduled: () => scheduled?.() };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('the OpenAPI store', () => {
  it('checks typed text after a pause, and says how it went', async () => {
    const { store, runScheduled } = setup();
    store.setText(SPEC.replace('description: created', 'descripton: created'));
    expect(store.checked.value).toBeNull();
    runScheduled();
    await settle();
    expect(store.checked.value?.problems.map((p) => [p.span.line, p.rule])).toEqual([
      [12, 'schema'],
      [12, 'schema'],
    ]);
    expect(store.summary.value).toBe('2 errors, 0 warnings · OpenAPI 3.0 (YAML) · checked in 0 ms');
    expect(store.stale.value).toBe(false);
    store.setText(SPEC);
    expect(store.stale.value).toBe(true);
  });

  it('lists, searches, and builds the curl command for Generate code', async () => {
    const { store } = setup();
    store.setText(SPEC, true);
    await settle();
    expect(store.operationCount.value).toBe(1);
    store.setQuery('create');
    expect(store.groups.value[0]!.operations[0]!.pointer).toBe('/paths/~1items/post');
    store.setQuery('delete');
    expect(store.groups.value).toEqual([]);
    const curl = await store.curlFor('/paths/~1items/post');
    expect(curl).toBe(
      [
        'curl https://api.example.com/items \\',
        "  -H 'Content-Type: application/json' \\",
        `  --data-raw '{\n  "name": "it'\\''s"\n}'`,
      ].join('\n'),
    );
  });

  it('loads a URL through fetchText, and says why when it cannot', async () => {
    const { store } = setup({ 'https://x.test/spec.yaml': SPEC });
    store.setUrl('ftp://x.test/spec.yaml');
    await store.loadUrl();
    expect(store.error.value).toBe('Enter an http:// or https:// URL of a spec.');
    store.setUrl('https://x.test/missing.yaml');
    await store.loadUrl();
    expect(store.error.value).toBe('Could not fetch https://x.test/missing.yaml: the server answered 404 Not Found');
    store.setUrl('https://x.test/spec.yaml');
    await store.loadUrl();
    await settle();
    expect(store.error.value).toBe('');
    expect(store.text.value).toBe(SPEC);
    expect(store.checked.value?.errors).toBe(0);
  });

  it('an operation that is gone (the text changed) gives an error, not a crash', async () => {
    const { store } = setup();
    store.setText(SPEC, true);
    await settle();
    expect(await store.requestFor('/paths/~1gone/get')).toBeNull();
    expect(store.error.value).toContain('No operation at /paths/~1gone/get');
  });
});
