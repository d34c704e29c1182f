import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readDocument } from '../../src/core/openapi/locate.ts';
import { RULES } from '../../src/core/openapi/rules.ts';
import { validateOpenApi } from '../../src/core/openapi/validate.ts';

const FIXTURES = join(import.meta.dirname, '../fixtures/openapi');
const read = (path: string) => readFileSync(join(FIXTURES, path), 'utf8');
const files = (dir: string) => readdirSync(join(FIXTURES, dir)).sort();

/** [line, column, rule, words the message contains] */
type Expected = [number, number, string, string];

const summary = (text: string) =>
  validateOpenApi(text).problems.map((p) => [p.span.line, p.span.column, p.rule, p.message] as const);

function expectProblems(file: string, expected: Expected[]) {
  const got = summary(read(`rules/${file}`));
  expect(got.map(([line, column, rule]) => [line, column, rule])).toEqual(expected.map(([l, c, r]) => [l, c, r]));
  got.forEach(([, , , message], i) => expect(message).toContain(expected[i]![3]));
}

describe('the OpenAPI specification repository examples', () => {
  // Examples of the specification itself (examples/v2.0, v3.0, v3.1 of OAI/OpenAPI-Specification): no errors.
  for (const dir of ['v2.0', 'v3.0']) {
    for (const file of files(`oai/${dir}`)) {
      it(`${dir}/${file} has no errors`, () => {
        const result = validateOpenApi(read(`oai/${dir}/${file}`));
        expect(result.version).toBe(dir.slice(1));
        expect(result.problems.filter((p) => p.severity === 'error')).toEqual([]);
      });
    }
  }
  // tests/schema/pass of the 3.1 and 3.2 branches: documents the official schema accepts. Some show a rule our
  // semantic checks add (a path parameter missing from its template), so only the structural verdict is compared.
  for (const dir of ['v3.1', 'v3.2']) {
    for (const file of files(`oai/${dir}`)) {
      it(`${dir}/${file} passes the structural checks`, () => {
        const result = validateOpenApi(read(`oai/${dir}/${file}`));
        expect(result.version).toBe(dir.slice(1));
        expect(result.problems.filter((p) => p.rule === 'syntax' || p.rule.startsWith('schema'))).toEqual([]);
      });
    }
    for (const file of files(`oai/${dir}-fail`)) {
      it(`${dir}-fail/${file} is rejected by the structural checks`, () => {
        const result = validateOpenApi(read(`oai/${dir}-fail/${file}`));
        expect(result.problems.some((p) => p.rule.startsWith('schema') && p.severity === 'error')).toBe(true);
      });
    }
  }
  it('the 3.1 examples of the repository (webhooks, non-OAuth scopes) have no errors', () => {
    for (const file of ['webhook-example.json', 'non-oauth-scopes.json'])
      expect(validateOpenApi(read(`oai/v3.1/${file}`)).errors).toBe(0);
  });
});

describe('large real-world specs (Twilio and Stripe, MIT)', () => {
  it("Stripe's 2.85 MB YAML description has no problem at all", () => {
    const result = validateOpenApi(read('real/stripe_spec3.yaml'));
    expect(result).toMatchObject({ format: 'yaml', version: '3.0', errors: 0, warnings: 0 });
    expect(Object.keys((result.document as { paths: object }).paths)).toHaveLength(234);
  }, 120_000);
  for (const file of files('real').filter((f) => f.startsWith('twilio'))) {
    it(`${file} has no errors`, () => {
      const result = validateOpenApi(read(`real/${file}`));
      expect(result.version).toBe('3.0');
      expect(result.problems.filter((p) => p.severity === 'error')).toEqual([]);
      // Their examples do not always match their schemas (warnings): each is placed at an example.
      for (const warning of result.problems)
        expect(warning.pointer).toMatch(/\/(example|examples\/[^/]+\/value)(\/|$)/);
    }, 60_000);
  }
});

describe('each rule at its line and column', () => {
  it('ref-target', () =>
    expectProblems('ref-target.yaml', [[14, 23, 'ref-target', '"#/components/schemas/Pets" points at nothing']]));
  it('operation-id-unique', () =>
    expectProblems('operation-id-unique.yaml', [[14, 20, 'operation-id-unique', 'already used by GET /pets']]));
  it('path-param-declared and path-param-unused', () =>
    expectProblems('path-params.yaml', [
      [7, 5, 'path-param-declared', 'path variable "{toyId}" has no parameter with in: path'],
      [14, 17, 'path-param-unused', 'path parameter "ownerId" does not appear in the path'],
    ]));
  it('path-param-required (with the schema saying the same at the value)', () =>
    expectProblems('path-param-required.json', [
      [7, 9, 'path-param-required', 'path parameter "id" must say required: true'],
      [7, 51, 'schema', 'expected one of true; found false'],
    ]));
  it('parameter-duplicate', () =>
    expectProblems('parameter-duplicate.yaml', [
      [9, 9, 'schema', 'the items must be unique'],
      [13, 11, 'parameter-duplicate', 'parameter "limit" (in: query) is listed twice'],
    ]));
  it('body-parameter-single and body-and-form (2.0)', () =>
    expectProblems('body-parameters.yaml', [
      [11, 11, 'body-and-form', 'cannot be used with in: formData parameters ("photo")'],
      [15, 11, 'body-parameter-single', 'only one in: body parameter is allowed'],
    ]));
  it('response-code', () =>
    expectProblems('response-code.yaml', [
      [11, 9, 'schema', 'property "600" is not allowed here'],
      [11, 9, 'response-code', 'response code "600" is not valid'],
    ]));
  it('security-scheme-defined', () =>
    expectProblems('security-scheme-defined.yaml', [
      [11, 11, 'security-scheme-defined', 'security scheme "oauth" is not defined in components.securitySchemes'],
    ]));
  it('server-url (3.x)', () =>
    expectProblems('server-url.yaml', [
      [6, 10, 'server-url', 'the server defines no variable "version"'],
      [10, 10, 'server-url', 'is neither an absolute URL nor a path starting with "/"'],
    ]));
  it('server-url (2.0 host)', () =>
    expectProblems('server-host.yaml', [
      [5, 7, 'schema', 'does not match the pattern'],
      [5, 7, 'server-url', 'must not include the scheme'],
    ]));
  it('tag-defined and path-trailing-slash are warnings', () => {
    expectProblems('tags-and-slash.yaml', [
      [8, 3, 'path-trailing-slash', 'path "/pets/" ends with "/"'],
      [12, 11, 'tag-defined', 'tag "animals" is not declared'],
    ]);
    expect(validateOpenApi(read('rules/tags-and-slash.yaml'))).toMatchObject({ errors: 0, warnings: 2 });
  });
  it('example-valid: parameter, media type and Schema Object examples', () =>
    expectProblems('example-valid.yaml', [
      [13, 20, 'example-valid', 'Expected "integer"'],
      [25, 26, 'example-valid', 'at /age'],
      [37, 9, 'example-valid', 'required property "name"'],
    ]));
  it('example-valid: a 2.0 response example, at the item that is wrong', () =>
    expectProblems('example-valid-2.0.yaml', [[20, 23, 'example-valid', 'at /1/name']]));
  it('schema: readable messages with suggestions', () =>
    expectProblems('schema-errors.yaml', [
      [4, 12, 'schema', 'expected a string, found an integer'],
      [12, 11, 'schema', 'property "requried" is not allowed here (did you mean "required"?)'],
      [16, 9, 'schema', 'missing required property "description"'],
      [17, 11, 'schema', 'property "descripton" is not allowed here (did you mean "description"?)'],
    ]));
  it('schema-dialect: a 3.1 Schema Object with type: strin', () =>
    expectProblems('schema-dialect.yaml', [[12, 17, 'schema-dialect', 'found "strin" (did you mean "string"?)']]));
  it('version: a number where a string is needed', () =>
    expectProblems('version-number.yaml', [[1, 1, 'version', 'must be a string such as "3.1.0"']]));
  it('syntax: a tab used as indentation', () =>
    expectProblems('yaml-tab.yaml', [[4, 1, 'syntax', 'Tabs are not allowed as indentation']]));
  it('syntax: a duplicate key, and the document checked on', () =>
    expectProblems('yaml-duplicate-key.yaml', [
      [6, 1, 'syntax', 'duplicate key'],
      // The rest is still checked, with the last value of the key (as readers take it).
      [6, 1, 'schema', 'missing required property "version"'],
    ]));
  it('syntax: a key indented differently from its siblings', () =>
    expectProblems('yaml-indentation.yaml', [
      [5, 1, 'syntax', 'bad indentation: All mapping items must start at the same column'],
    ]));
  it('syntax: a missing comma in JSON', () =>
    expectProblems('json-syntax.json', [[4, 3, 'syntax', 'expected "," between items']]));
  it('every rule id has a failing fixture above', () => {
    const covered = new Set(
      files('rules').flatMap((file) => validateOpenApi(read(`rules/${file}`)).problems.map((p) => p.rule)),
    );
    expect(RULES.map((r) => r.id).filter((id) => !covered.has(id))).toEqual([]);
  });
});

describe('oneOf / anyOf messages', () => {
  it('a 2.0 query parameter with a typo speaks of the query form only', () => {
    const text = [
      'swagger: "2.0"',
      'info: {title: t, version: "1"}',
      'paths:',
      '  /pets:',
      '    get:',
      '      parameters:',
      '        - name: limit',
      '          in: query',
      '          type: integr',
      '      responses:',
      '        "200": {description: ok}',
    ].join('\n');
    expect(summary(text)).toEqual([
      [
        9,
        17,
        'schema',
        'expected one of "string", "number", "boolean", "integer", "array"; found "integr" (did you mean "integer"?)',
      ],
    ]);
  });
  it('a 3.0 response that is neither a Response nor a Reference names the missing description', () => {
    const text =
      'openapi: 3.0.3\ninfo: {title: t, version: "1"}\npaths:\n  /a:\n    get:\n      responses:\n        "200": {summary: x}\n';
    const messages = summary(text).map(([, , , m]) => m);
    expect(messages).toContain('missing required property "description"');
    expect(messages.join()).not.toContain('$ref');
  });
});

describe('more messages people meet', () => {
  const head = "openapi: 3.0.3\ninfo: {title: t, version: '1'}\n";
  it('a 3.0 parameter in a place that does not exist lists the places that do', () => {
    const text = `${head}paths:\n  /a:\n    get:\n      parameters:\n        - {name: q, in: body, schema: {type: string}}\n      responses: {'200': {description: ok}}\n`;
    expect(summary(text)).toEqual([
      [7, 25, 'schema', 'expected one of "path", "query", "header", "cookie"; found "body"'],
    ]);
  });
  it('a 3.1 API key scheme without its name says only that', () => {
    const text =
      "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  securitySchemes:\n    k:\n      type: apiKey\n      in: header\n";
    expect(summary(text)).toEqual([[6, 5, 'schema', 'missing required property "name"']]);
  });
});

describe('locating', () => {
  it('finds keys and values in JSON and YAML alike', () => {
    const json = readDocument('{\n  "a": {\n    "b": [1, {"c": true}]\n  }\n}');
    expect(json.locate('/a/b/1/c')).toMatchObject({ line: 3, column: 20 });
    expect(json.locate('/a/b/1/c', true)).toMatchObject({ line: 3, column: 15 });
    const yaml = readDocument('a:\n  b:\n    - 1\n    - c: true\n');
    expect(yaml.locate('/a/b/1/c')).toMatchObject({ line: 4, column: 10 });
    expect(yaml.locate('/a/b/1/c', true)).toMatchObject({ line: 4, column: 7 });
  });
  it('keys with / and ~ are escaped in pointers', () => {
    const yaml = readDocument('paths:\n  /a~b/{id}:\n    get: {}\n');
    expect(yaml.locate('/paths/~1a~0b~1{id}/get', true)).toMatchObject({ line: 3, column: 5 });
  });
  it('a pointer past the text stops at the nearest node', () => {
    const yaml = readDocument('info:\n  title: x\n');
    expect(yaml.locate('/info/version')).toMatchObject({ line: 2, column: 3 });
  });
  it('empty text and text that is not a mapping say so', () => {
    expect(validateOpenApi('').problems[0]).toMatchObject({
      rule: 'version',
      message: expect.stringContaining('found nothing'),
    });
    expect(validateOpenApi('- a\n- b\n').problems[0]).toMatchObject({
      rule: 'version',
      message: expect.stringContaining('found a list'),
    });
    expect(validateOpenApi('hello: world\n').problems[0]).toMatchObject({
      rule: 'version',
      message: expect.stringContaining('not an OpenAPI document'),
    });
  });
});

describe('bad input never crashes', () => {
  it('deep nesting, alias bombs, malformed references and stray bytes each give a problem', () => {
    const head = '{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{},';
    const inputs = [
      `${head}"x":${'['.repeat(50_000)}${']'.repeat(50_000)}}`,
      `openapi: 3.0.3\ncomponents: ${'['.repeat(20_000)}${']'.repeat(20_000)}\n`,
      'a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: [*d,*d,*d,*d,*d,*d,*d,*d,*d]\n',
      '{"openapi":"3.0.0","paths":{"/a":{"get":{"parameters":[{"$ref":"#/x/y%zz"}]}}}}',
      '\u0000\uFEFF{',
    ];
    for (const text of inputs) {
      const result = validateOpenApi(text);
      expect(result.errors).toBeGreaterThan(0);
      for (const p of result.problems) expect(p.span.line).toBeGreaterThanOrEqual(1);
    }
  });

  it('any JSON value or text is answered with problems, never an exception', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.jsonValue().map((v) => JSON.stringify(v)),
        ),
        (text) => {
          const result = validateOpenApi(text);
          expect(Array.isArray(result.problems)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify({
          openapi: '3.1.0',
          info: { title: 't', version: '1' },
          paths: { '/a': { get: value } },
          components: { schemas: { A: value } },
        });
        expect(Array.isArray(validateOpenApi(text).problems)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
