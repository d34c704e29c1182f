import { describe, expect, it } from 'vitest';
import {
  findVariables,
  parsePostmanEnvironment,
  resolveScope,
  substitute,
  substituteRequest,
  toPostmanEnvironment,
  type Environment,
} from '../../src/core/env/substitute.ts';

const lookupFrom =
  (values: Record<string, string>) =>
  (name: string): string | undefined =>
    values[name];

const env = (id: string, variables: [string, string, { enabled?: boolean; secret?: boolean }?][]): Environment => ({
  id,
  name: id,
  variables: variables.map(([key, value, flags]) => ({
    key,
    value,
    enabled: flags?.enabled ?? true,
    secret: flags?.secret ?? false,
  })),
});

describe('findVariables', () => {
  it('finds names with their spans, trimming spaces inside the braces', () => {
    expect(findVariables('{{host}}/a/{{ id }}')).toEqual([
      { name: 'host', start: 0, end: 8 },
      { name: 'id', start: 11, end: 19 },
    ]);
  });

  it('finds adjacent variables', () => {
    expect(findVariables('{{a}}{{b}}')).toEqual([
      { name: 'a', start: 0, end: 5 },
      { name: 'b', start: 5, end: 10 },
    ]);
  });

  it('treats an unclosed {{ as plain text and still finds later variables', () => {
    expect(findVariables('x {{open and {{b}}')).toEqual([{ name: 'b', start: 13, end: 18 }]);
    expect(findVariables('tail {{a')).toEqual([]);
    expect(findVariables('a}} {{')).toEqual([]);
  });

  it('allows no braces inside a name and ignores empty names', () => {
    expect(findVariables('{{{a}}}')).toEqual([{ name: 'a', start: 1, end: 6 }]);
    expect(findVariables('{{a{b}}')).toEqual([]);
    expect(findVariables('{{}} {{  }}')).toEqual([]);
  });
});

describe('substitute', () => {
  it('replaces known variables and keeps the rest of the text', () => {
    expect(substitute('{{base}}/users/{{ id }}?x=1', lookupFrom({ base: 'https://api', id: '7' }))).toEqual({
      text: 'https://api/users/7?x=1',
      unresolved: [],
    });
  });

  it('substitutes adjacent variables and the empty string', () => {
    expect(substitute('{{a}}{{b}}{{c}}', lookupFrom({ a: '1', b: '', c: '3' }))).toEqual({
      text: '13',
      unresolved: [],
    });
  });

  it('keeps unresolved variables as written and reports each once, in order', () => {
    expect(substitute('{{ y }}-{{x}}-{{a}}-{{y}}-{{x}}', lookupFrom({ a: 'A' }))).toEqual({
      text: '{{ y }}-{{x}}-A-{{y}}-{{x}}',
      unresolved: ['y', 'x'],
    });
  });

  it('does not expand variables inside substituted values', () => {
    expect(substitute('{{a}}', lookupFrom({ a: '{{b}}', b: 'no' }))).toEqual({ text: '{{b}}', unresolved: [] });
  });

  it('leaves an unclosed {{ untouched', () => {
    expect(substitute('{{a}} {{b', lookupFrom({ a: '1', b: '2' }))).toEqual({ text: '1 {{b', unresolved: [] });
  });
});

describe('resolveScope', () => {
  const globals = env('globals', [
    ['host', 'global.example'],
    ['token', 'g-token'],
    ['only', 'from-globals'],
  ]);

  it('lets the active environment win over globals', () => {
    const lookup = resolveScope(globals, env('dev', [['host', 'dev.example']]));
    expect([lookup('host'), lookup('token'), lookup('only'), lookup('missing')]).toEqual([
      'dev.example',
      'g-token',
      'from-globals',
      undefined,
    ]);
  });

  it('ignores disabled variables, falling back to globals', () => {
    const lookup = resolveScope(
      env('globals', [
        ['host', 'global.example'],
        ['off', 'x', { enabled: false }],
      ]),
      env('dev', [['host', 'dev.example', { enabled: false }]]),
    );
    expect([lookup('host'), lookup('off')]).toEqual(['global.example', undefined]);
  });

  it('works with either scope missing', () => {
    expect(resolveScope(undefined, undefined)('host')).toBeUndefined();
    expect(resolveScope(globals, undefined)('host')).toBe('global.example');
    expect(resolveScope(undefined, env('dev', [['host', 'dev.example']]))('host')).toBe('dev.example');
  });

  it('uses the first enabled variable of a repeated key', () => {
    const lookup = resolveScope(
      undefined,
      env('dev', [
        ['k', 'off', { enabled: false }],
        ['k', 'first'],
        ['k', 'second'],
      ]),
    );
    expect(lookup('k')).toBe('first');
  });
});

describe('substituteRequest', () => {
  it('substitutes url, headers and body and reports where unresolved names are', () => {
    const request = {
      method: 'POST',
      url: '{{base}}/items/{{id}}',
      headers: [
        { name: 'Authorization', value: 'Bearer {{token}}' },
        { name: 'X-{{hdr}}', value: '{{id}}' },
      ],
      body: '{"id": "{{id}}", "who": "{{user}}"}',
    };
    const result = substituteRequest(request, lookupFrom({ base: 'https://x', token: 't0k' }));
    expect(result).toEqual({
      request: {
        method: 'POST',
        url: 'https://x/items/{{id}}',
        headers: [
          { name: 'Authorization', value: 'Bearer t0k' },
          { name: 'X-{{hdr}}', value: '{{id}}' },
        ],
        body: '{"id": "{{id}}", "who": "{{user}}"}',
      },
      unresolved: [
        { name: 'id', where: 'url' },
        { name: 'hdr', where: 'header' },
        { name: 'id', where: 'header' },
        { name: 'id', where: 'body' },
        { name: 'user', where: 'body' },
      ],
    });
    // The input is not modified.
    expect(request.url).toBe('{{base}}/items/{{id}}');
  });

  it('keeps an absent body absent', () => {
    const result = substituteRequest({ method: 'GET', url: '{{u}}', headers: [] }, lookupFrom({ u: 'https://y' }));
    expect(result).toEqual({ request: { method: 'GET', url: 'https://y', headers: [] }, unresolved: [] });
    expect('body' in result.request).toBe(false);
  });
});

describe('parsePostmanEnvironment', () => {
  it('reads a Postman export', () => {
    const json = {
      id: 'abc',
      name: 'Staging',
      values: [
        { key: 'host', value: 'staging.example', enabled: true, type: 'default' },
        { key: 'token', value: 's3cret', enabled: true, type: 'secret' },
        { key: 'old', value: 'v', enabled: false, type: 'text' },
        { key: 'port', value: 8080 },
        { key: 'empty' },
      ],
      _postman_variable_scope: 'environment',
    };
    expect(parsePostmanEnvironment(json)).toEqual({
      id: 'abc',
      name: 'Staging',
      variables: [
        { key: 'host', value: 'staging.example', secret: false, enabled: true },
        { key: 'token', value: 's3cret', secret: true, enabled: true },
        { key: 'old', value: 'v', secret: false, enabled: false },
        { key: 'port', value: '8080', secret: false, enabled: true },
        { key: 'empty', value: '', secret: false, enabled: true },
      ],
    });
  });

  it('gives an environment without an id a new one', () => {
    expect(parsePostmanEnvironment({ name: 'E', values: [] }, { newId: () => 'new-1' })).toEqual({
      id: 'new-1',
      name: 'E',
      variables: [],
    });
    expect(parsePostmanEnvironment({ name: 'E', values: [] }).id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    [null, 'Postman environment: expected a JSON object'],
    [[], 'Postman environment: expected a JSON object'],
    ['{"name":"x"}', 'Postman environment: expected a JSON object'],
    [{ values: [] }, 'Postman environment: "name" must be a string'],
    [{ name: 'x' }, 'Postman environment: "values" must be an array'],
    [{ name: 'x', values: {} }, 'Postman environment: "values" must be an array'],
    [{ name: 'x', values: ['a'] }, 'Postman environment: values[0] must be an object'],
    [{ name: 'x', values: [{ key: 'a' }, { value: 'b' }] }, 'Postman environment: values[1].key must be a string'],
    [{ name: 'x', values: [{ key: 'a', value: { v: 1 } }] }, 'Postman environment: values[0].value must be a string'],
    [{ name: 'x', values: [{ key: 'a', enabled: 'yes' }] }, 'Postman environment: values[0].enabled must be a boolean'],
    [
      { name: 'x', values: [{ key: 'a', type: 'password' }] },
      'Postman environment: values[0].type must be "default" or "secret", not "password"',
    ],
  ])('rejects %j', (json, message) => {
    expect(() => parsePostmanEnvironment(json)).toThrow(new Error(message));
  });
});

describe('toPostmanEnvironment', () => {
  const staging = env('e1', [
    ['host', 'staging.example'],
    ['token', 's3cret', { secret: true }],
    ['off', 'v', { enabled: false }],
  ]);

  it('blanks secret values unless asked to include them', () => {
    expect(toPostmanEnvironment(staging, { includeSecrets: false })).toEqual({
      id: 'e1',
      name: 'e1',
      values: [
        { key: 'host', value: 'staging.example', type: 'default', enabled: true },
        { key: 'token', value: '', type: 'secret', enabled: true },
        { key: 'off', value: 'v', type: 'default', enabled: false },
      ],
      _postman_variable_scope: 'environment',
    });
    expect(toPostmanEnvironment(staging, { includeSecrets: true }).values[1]).toEqual({
      key: 'token',
      value: 's3cret',
      type: 'secret',
      enabled: true,
    });
  });

  it('round-trips through parsePostmanEnvironment', () => {
    const json = JSON.parse(JSON.stringify(toPostmanEnvironment(staging, { includeSecrets: true }))) as unknown;
    expect(parsePostmanEnvironment(json)).toEqual(staging);
  });
});
