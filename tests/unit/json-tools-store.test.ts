import { describe, expect, it } from 'vitest';
import { InlineConnection } from '../../src/ui/tools/json-tools/client.ts';
import { JsonEngine, SAME_TEXT } from '../../src/ui/tools/json-tools/engine.ts';
import { lineText, viewText } from '../../src/ui/tools/json-tools/lines.ts';
import { createJsonToolsStore, type JsonToolsStore } from '../../src/ui/tools/json-tools/store.ts';

const make = () => createJsonToolsStore({ engine: new InlineConnection(), schedule: (run) => run() });
const viewOf = (store: JsonToolsStore) => {
  const view = store.document.value?.view;
  return view && viewText(view);
};

describe('JSON Tools store', () => {
  it('formats the document in the engine, keeping numbers, and lists syntax errors', async () => {
    const store = make();
    store.setText('{"id": 12345678901234567890, "a": [1.10]}');
    await store.settled();
    expect(store.document.value?.problems).toEqual([]);
    expect(viewOf(store)).toBe('{\n  "id": 12345678901234567890,\n  "a": [\n    1.10\n  ]\n}');
    expect(Array.from(store.document.value!.view!.closes)).toEqual([5, -1, 4, -1, -1, -1]);
    // Lines are decoded one at a time from the UTF-8 buffer.
    expect(lineText(store.document.value!.view!, 1)).toBe('  "id": 12345678901234567890,');
    expect(lineText(store.document.value!.view!, 5)).toBe('}');
    store.setIndent('minify');
    await store.settled();
    expect(viewOf(store)).toBe('{"id":12345678901234567890,"a":[1.10]}');
    store.setText('{"a": 1 "b": }');
    await store.settled();
    expect(store.document.value?.problems.map((p) => p.column)).toEqual([9, 14]);
    expect(store.document.value?.view).toBeUndefined();
  });

  it('keeps the document refresh due when a selector typed within the delay replaces the pending run', async () => {
    // A debounce: each call replaces the pending run; `flush` runs the last one.
    let pending: (() => void) | null = null;
    const store = createJsonToolsStore({ engine: new InlineConnection(), schedule: (run) => (pending = run) });
    const flush = async () => {
      const run = pending;
      pending = null;
      run?.();
      await store.settled();
    };
    store.setMode('path');
    store.setText('{"items": [{"id": 1}, {"id": 2}]}');
    store.setSelector('$.items[?@.id > 1]');
    await flush();
    expect(store.pathReply.value?.results.map((r) => r.path)).toEqual(["$['items'][1]"]);
    expect(viewOf(store)).toContain('"items": [');
    // Once done, a later selector alone does not ask for the document again.
    const before = store.document.value;
    store.setSelector('$.items[0]');
    await flush();
    expect(store.document.value).toBe(before);
  });

  it('hands the view over as UTF-8 with byte line starts, so lines with any characters decode right', async () => {
    const store = make();
    store.setText('{"名前": "Zoë 😀", "b": ["é"]}');
    await store.settled();
    const view = store.document.value!.view!;
    expect(view.bytes).toBeInstanceOf(Uint8Array);
    expect([0, 1, 2, 3, 4, 5].map((i) => lineText(view, i))).toEqual([
      '{',
      '  "名前": "Zoë 😀",',
      '  "b": [',
      '    "é"',
      '  ]',
      '}',
    ]);
    expect(lineText(view, 6)).toBe('');
  });

  it('answers requests that refer to the last text sent instead of carrying it again', async () => {
    const engine = new JsonEngine();
    const options = { jsonc: false, indent: 2 as const, sortKeys: false };
    const first = await engine.handle({ type: 'document', text: '{"id": 12345678901234567890}', ...options });
    expect(first.reply).toMatchObject({ type: 'document', inexact: { count: 1 } });
    const again = await engine.handle({ type: 'path', selector: '$.id', text: SAME_TEXT, ...options });
    expect(again.reply).toMatchObject({
      type: 'path',
      results: [{ path: "$['id']", preview: '12345678901234567890' }],
    });
  });

  it('evaluates JSONPath with the lines of the matches, and reports a bad selector', async () => {
    const store = make();
    store.setText('{"items": [{"id": 1}, {"id": 2}]}');
    store.setMode('path');
    store.setSelector('$.items[?@.id > 1].id');
    await store.settled();
    expect(store.pathReply.value?.results).toEqual([
      { path: "$['items'][1]['id']", pointer: '/items/1/id', line: 6, preview: '2' },
    ]);
    store.setSelector('$.items[');
    await store.settled();
    expect(store.pathReply.value?.error?.offset).toBe(8);
    expect(await store.pathAt(3)).toEqual({ path: "$['items'][0]['id']", pointer: '/items/0/id' });
  });

  it('runs queries, schema validation, diff and schema generation for their modes', async () => {
    const store = make();
    store.setText('[{"id": 1, "mail": "a@example.com"}, {"id": 2}]');
    store.setMode('query');
    store.setExpression('[].id');
    await store.settled();
    expect(JSON.parse(store.queryReply.value!.result!)).toEqual([1, 2]);
    store.setLanguage('jsonata');
    store.setExpression('$sum(id)');
    await store.settled();
    expect(store.queryReply.value?.result).toBe('3');

    store.setMode('validate');
    store.setSchemaText('{"$schema": "http://json-schema.org/draft-07/schema#", "items": {"required": ["mail"]}}');
    await store.settled();
    expect(store.validation.value).toMatchObject({ valid: false, draft: 'draft-07' });
    expect(store.validation.value?.problems?.[0]).toMatchObject({
      pointer: '/1',
      keyword: 'required',
      place: { line: 1, column: 38 },
    });

    store.setMode('compare');
    store.setRight('[{"id": 2}, {"id": 1, "mail": "b@example.com"}]');
    store.setArrayKey('id');
    await store.settled();
    expect(store.diff.value?.changes?.map((c) => `${c.kind} ${c.path}`)).toEqual(['changed /0/mail', 'moved /1']);
    expect(JSON.parse(store.diff.value!.patch!)).toEqual([
      { op: 'replace', path: '/0/mail', value: 'b@example.com' },
      { op: 'move', from: '/1', path: '/0' },
    ]);

    store.setMode('schema');
    store.setEach(true);
    await store.settled();
    expect(JSON.parse(store.generated.value!.schema!)).toMatchObject({ required: ['id'] });
    expect(store.generated.value?.samples).toBe(2);
  });

  it('escapes and unescapes, and takes a document handed over by another tool', async () => {
    const store = make();
    store.setText('{"a": 1}');
    await store.transformString('escape');
    expect(store.stringResult.value?.text).toBe('"{\\"a\\": 1}"');
    expect(store.useStringResult()).toBe('{"a": 1}');
    expect(store.text.value).toBe('"{\\"a\\": 1}"');
    await store.transformString('unescape');
    expect(store.stringResult.value?.text).toBe('{"a": 1}');
    store.receive('[1]', 'the response of GET /items');
    await store.settled();
    expect(store.title.value).toBe('the response of GET /items');
    expect(viewOf(store)).toBe('[\n  1\n]');
  });
});
