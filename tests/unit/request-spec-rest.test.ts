/**
 * The request spec of a REST client request: built from the editor's draft
 * with no curl text in between, by the rules the REST client sends it with,
 * and `{{variables}}` read from the environment by the generated program.
 */
import { describe, expect, it } from 'vitest';
import type { RequestDraft } from '../../src/core/http/compose.ts';
import { GENERATORS } from '../../src/core/generators/registry.ts';
import { codeForRest } from '../../src/core/request-spec/code.ts';
import { specFromRest } from '../../src/core/request-spec/from-rest.ts';

const draft = (over: Partial<RequestDraft>): RequestDraft => ({
  method: 'GET',
  url: 'https://api.example.com/items',
  headers: [],
  body: { kind: 'none' },
  auth: { kind: 'none' },
  ...over,
});
const spec = (over: Partial<RequestDraft>, followRedirects = false) =>
  specFromRest({ draft: draft(over), followRedirects });

describe('specFromRest', () => {
  it('composes headers as the REST client sends them: auth helper first, rows, then the body type', () => {
    const s = spec({
      method: 'POST',
      headers: [
        { enabled: true, name: 'X-Trace', value: 'abc' },
        { enabled: false, name: 'X-Off', value: '1' },
      ],
      body: { kind: 'json', text: '{"a":1}' },
      auth: { kind: 'bearer', token: 'tok' },
    });
    expect(s.headers).toEqual([
      { name: 'Authorization', value: 'Bearer tok' },
      { name: 'X-Trace', value: 'abc' },
      { name: 'Content-Type', value: 'application/json' },
    ]);
    expect(s.body).toMatchObject({ kind: 'json', text: '{"a":1}', value: { a: 1 }, style: 'compact' });
    expect(s.source).toBe('rest');
    expect(s.methodIsDefault).toBe(true);
  });

  it('sends no body with GET, and keeps a Content-Type row the user wrote', () => {
    expect(spec({ body: { kind: 'text', text: 'x' } }).body).toEqual({ kind: 'none' });
    const s = spec({
      method: 'PUT',
      headers: [{ enabled: true, name: 'content-type', value: 'text/csv' }],
      body: { kind: 'text', text: 'a,b' },
    });
    expect(s.headers).toEqual([{ name: 'content-type', value: 'text/csv' }]);
    expect(s.body).toEqual({ kind: 'text', text: 'a,b' });
  });

  it('gives form pairs with their exact encoding, multipart parts that read files by name, and basic auth as credentials', () => {
    const form = spec({
      method: 'POST',
      body: {
        kind: 'form',
        rows: [
          { enabled: true, name: 'q', value: 'blue shoes' },
          { enabled: true, name: 'n', value: '2' },
        ],
      },
      auth: { kind: 'basic', user: 'alice', password: 's3cret' },
    });
    expect(form.body).toEqual({
      kind: 'form',
      text: 'q=blue+shoes&n=2',
      pairs: [
        ['q', 'blue shoes'],
        ['n', '2'],
      ],
    });
    expect(form.basicAuth).toEqual({ user: 'alice', password: 's3cret' });
    const file = { name: 'pic.png', type: 'image/png', bytes: new Uint8Array([1]) };
    const multipart = spec({
      method: 'POST',
      body: {
        kind: 'multipart',
        rows: [
          { enabled: true, kind: 'text', name: 'title', value: 'A' },
          { enabled: true, kind: 'file', name: 'pic', value: '', file },
          { enabled: true, kind: 'file', name: 'none', value: '', file: null },
        ],
      },
    });
    expect(multipart.body).toMatchObject({
      kind: 'multipart',
      parts: [
        { type: 'field', name: 'title', value: 'A' },
        { type: 'file', name: 'pic', path: 'pic.png', filename: 'pic.png', contentType: 'image/png' },
      ],
    });
    expect(multipart.warnings.map((w) => w.code)).toEqual(['file-not-chosen']);
    expect(multipart.headers).toEqual([]);
  });

  it('turns {{variables}} into environment lookups and an API key into a query parameter', () => {
    const s = spec({
      url: '{{base}}/items?x=1',
      headers: [{ enabled: true, name: 'X-Key', value: 'k-{{ key }}' }],
      auth: { kind: 'apikey', name: 'api key', value: '{{token}}', in: 'query' },
    });
    expect(s.variables).toEqual(['base', 'token', 'key']);
    expect(s.url).toBe('\uE000base\uE001/items?x=1&api%20key=\uE000token\uE001');
  });
});

describe('code from a REST client request', () => {
  const secret = 'ghp_very_secret_value';
  const written = {
    draft: draft({
      method: 'POST',
      url: 'https://api.example.com/items',
      headers: [{ enabled: true, name: 'Authorization', value: 'Bearer {{token}}' }],
      body: { kind: 'json', text: '{"name":"{{name}}"}' },
    }),
    followRedirects: true,
  };

  it('reads every variable from the environment in every target, never writing a value', () => {
    const reads: Record<string, RegExp> = {
      'javascript-fetch': /process\.env\.token/,
      'javascript-axios': /process\.env\.token/,
      'node-https': /process\.env\.token/,
      'python-requests': /os\.environ\.get\("token"/,
      'python-httpx': /os\.environ\.get\("token"/,
      'go-net-http': /os\.Getenv\("token"\)/,
      'rust-reqwest': /std::env::var\("token"\)/,
      wget: /"Authorization: Bearer \$\{token\}"/,
      // Request files are data: a variable stays a {{name}} template for the tool that sends them.
      'http-raw': /Bearer \{\{token\}\}/,
      har: /Bearer \{\{token\}\}/,
    };
    const templates = new Set(['http-raw', 'har']);
    for (const generator of GENERATORS) {
      const { code } = codeForRest(written, generator.id);
      expect(code, generator.id).toMatch(reads[generator.id]!);
      expect(code, generator.id).not.toContain(secret);
      if (!templates.has(generator.id)) expect(code, generator.id).not.toMatch(/\{\{ *(token|name) *\}\}/);
    }
  });

  it('follows redirects when the send option says so', () => {
    expect(codeForRest(written, 'python-requests').code).not.toContain('allow_redirects=False');
    expect(codeForRest({ ...written, followRedirects: false }, 'python-requests').code).toContain(
      'allow_redirects=False',
    );
  });
});
