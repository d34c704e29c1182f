import { describe, expect, it } from 'vitest';
import { substituteDraft, variablesInDraft } from '../../src/core/env/draft.ts';
import type { FileData, RequestDraft } from '../../src/core/http/compose.ts';

const values: Record<string, string> = {
  host: 'api.example',
  id: '42',
  h: 'X-Trace',
  hv: 'abc',
  user: 'ann',
  pw: 'p@ss',
  token: 'tok-1',
  field: 'email',
  mail: 'ann@example.com',
  quote: 'say "hi"',
};
const lookup = (name: string) => values[name];

const file: FileData = { name: '{{host}}.png', type: 'image/png', bytes: new Uint8Array([1, 2]) };

const base: RequestDraft = {
  method: '{{method}}',
  url: 'https://{{host}}/items/{{id}}?q={{missing}}',
  headers: [
    { enabled: true, name: '{{h}}', value: '{{hv}}-{{nothere}}' },
    { enabled: false, name: '{{off}}', value: '{{id}}' },
  ],
  body: { kind: 'none' },
  auth: { kind: 'none' },
};

describe('substituteDraft', () => {
  it('substitutes the URL (query included) and enabled headers, leaving the method and disabled rows', () => {
    const result = substituteDraft(base, lookup);
    expect(result.draft).toEqual({
      method: '{{method}}',
      url: 'https://api.example/items/42?q={{missing}}',
      headers: [
        { enabled: true, name: 'X-Trace', value: 'abc-{{nothere}}' },
        { enabled: false, name: '{{off}}', value: '{{id}}' },
      ],
      body: { kind: 'none' },
      auth: { kind: 'none' },
    });
    expect(result.unresolved).toEqual([
      { name: 'missing', where: 'url' },
      { name: 'nothere', where: 'header' },
    ]);
  });

  it('keeps a JSON body exactly except the variables, inserting values raw (no JSON escaping)', () => {
    const text = '{\n  "id": {{id}},\n  "note": "{{quote}}",\n  "x": "{{nope}}"\n}';
    const result = substituteDraft({ ...base, body: { kind: 'json', text } }, lookup);
    expect(result.draft.body).toEqual({
      kind: 'json',
      text: '{\n  "id": 42,\n  "note": "say "hi"",\n  "x": "{{nope}}"\n}',
    });
    expect(result.unresolved).toContainEqual({ name: 'nope', where: 'body' });
  });

  it('substitutes a text body', () => {
    const result = substituteDraft({ ...base, body: { kind: 'text', text: 'id={{id}} {{ id }}' } }, lookup);
    expect(result.draft.body).toEqual({ kind: 'text', text: 'id=42 42' });
  });

  it('substitutes enabled form rows only', () => {
    const body = {
      kind: 'form' as const,
      rows: [
        { enabled: true, name: '{{field}}', value: '{{mail}}' },
        { enabled: false, name: '{{hidden}}', value: '{{mail}}' },
      ],
    };
    const result = substituteDraft({ ...base, url: 'u', headers: [], body }, lookup);
    expect(result.draft.body).toEqual({
      kind: 'form',
      rows: [
        { enabled: true, name: 'email', value: 'ann@example.com' },
        { enabled: false, name: '{{hidden}}', value: '{{mail}}' },
      ],
    });
    expect(result.unresolved).toEqual([]);
  });

  it('substitutes enabled multipart text parts and file part names, never the file', () => {
    const body = {
      kind: 'multipart' as const,
      rows: [
        { kind: 'text' as const, enabled: true, name: '{{field}}', value: '{{mail}} {{who}}' },
        { kind: 'file' as const, enabled: true, name: 'avatar-{{id}}', value: '', file },
        { kind: 'text' as const, enabled: false, name: '{{off}}', value: '{{off2}}' },
      ],
    };
    const result = substituteDraft({ ...base, url: 'u', headers: [], body }, lookup);
    expect(result.draft.body).toEqual({
      kind: 'multipart',
      rows: [
        { kind: 'text', enabled: true, name: 'email', value: 'ann@example.com {{who}}' },
        { kind: 'file', enabled: true, name: 'avatar-42', value: '', file },
        { kind: 'text', enabled: false, name: '{{off}}', value: '{{off2}}' },
      ],
    });
    expect(result.unresolved).toEqual([{ name: 'who', where: 'body' }]);
  });

  it('leaves a binary body alone', () => {
    const draft: RequestDraft = { ...base, url: 'u', headers: [], body: { kind: 'binary', file } };
    expect(substituteDraft(draft, lookup).draft.body).toEqual({ kind: 'binary', file });
  });

  it.each([
    [
      { kind: 'basic' as const, user: '{{user}}', password: '{{pw}}{{x}}' },
      { kind: 'basic', user: 'ann', password: 'p@ss{{x}}' },
    ],
    [
      { kind: 'bearer' as const, token: '{{token}} {{x}}' },
      { kind: 'bearer', token: 'tok-1 {{x}}' },
    ],
    [
      { kind: 'apikey' as const, name: '{{h}}', value: '{{x}}', in: 'query' as const },
      { kind: 'apikey', name: 'X-Trace', value: '{{x}}', in: 'query' },
    ],
  ])('substitutes the auth fields of %j', (auth, expected) => {
    const result = substituteDraft({ ...base, url: 'u', headers: [], auth }, lookup);
    expect(result.draft.auth).toEqual(expected);
    expect(result.unresolved).toEqual([{ name: 'x', where: 'auth' }]);
  });

  it('reports each name once per place, in order of first appearance, and does not change the input', () => {
    const draft: RequestDraft = {
      method: 'POST',
      url: '{{a}}/{{b}}/{{a}}',
      headers: [
        { enabled: true, name: 'X-{{a}}', value: '{{b}}' },
        { enabled: true, name: 'Y', value: '{{a}}' },
      ],
      body: { kind: 'text', text: '{{b}}{{a}}{{b}}' },
      auth: { kind: 'bearer', token: '{{a}}' },
    };
    const before = structuredClone(draft);
    expect(substituteDraft(draft, () => undefined).unresolved).toEqual([
      { name: 'a', where: 'url' },
      { name: 'b', where: 'url' },
      { name: 'a', where: 'header' },
      { name: 'b', where: 'header' },
      { name: 'b', where: 'body' },
      { name: 'a', where: 'body' },
      { name: 'a', where: 'auth' },
    ]);
    expect(draft).toEqual(before);
  });

  it('inserts values once, never substituting inside a value', () => {
    const result = substituteDraft({ ...base, headers: [], url: '{{a}}' }, (n) => (n === 'a' ? '{{id}}' : '9'));
    expect(result.draft.url).toBe('{{id}}');
  });
});

describe('variablesInDraft', () => {
  it('lists every variable of the enabled parts with where it is used', () => {
    const draft: RequestDraft = {
      ...base,
      body: { kind: 'form', rows: [{ enabled: true, name: 'k', value: '{{id}}' }] },
      auth: { kind: 'basic', user: '{{user}}', password: '' },
    };
    expect(variablesInDraft(draft)).toEqual([
      { name: 'host', where: 'url' },
      { name: 'id', where: 'url' },
      { name: 'missing', where: 'url' },
      { name: 'h', where: 'header' },
      { name: 'hv', where: 'header' },
      { name: 'nothere', where: 'header' },
      { name: 'id', where: 'body' },
      { name: 'user', where: 'auth' },
    ]);
  });

  it('is empty for a draft without variables', () => {
    expect(
      variablesInDraft({
        method: 'GET',
        url: 'https://x/{a}',
        headers: [],
        body: { kind: 'none' },
        auth: { kind: 'none' },
      }),
    ).toEqual([]);
  });
});
