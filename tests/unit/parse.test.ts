import { describe, expect, it } from 'vitest';
import { CurlParseError } from '../../src/core/errors.ts';
import { parseCurl } from '../../src/core/curl/parse.ts';
import { BAD_INPUTS, CORPUS } from '../fixtures/curl-corpus.ts';

describe('parseCurl: the corpus', () => {
  it.each(CORPUS.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const result = parseCurl(c.cmd, { dialect: c.dialect });
    if (c.requests) {
      expect(result.requests).toHaveLength(c.requests.length);
      c.requests.forEach((expected, i) => expect(result.requests[i]).toMatchObject(expected));
    }
    if (c.request) expect(result.requests[0]).toMatchObject(c.request);
    for (const code of c.warnings ?? []) {
      expect(result.warnings.map((w) => w.code)).toContain(code);
    }
  });

  it('has enough cases to matter', () => {
    expect(CORPUS.length + BAD_INPUTS.length).toBeGreaterThanOrEqual(150);
  });
});

describe('parseCurl: bad input', () => {
  it.each(BAD_INPUTS.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    let error: unknown;
    try {
      parseCurl(c.cmd);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CurlParseError);
    const e = error as CurlParseError;
    expect(e.code).toBe(c.code);
    if (c.line !== undefined) expect(e.span.line).toBe(c.line);
    if (c.column !== undefined) expect(e.span.column).toBe(c.column);
    if (c.message) expect(e.message).toMatch(c.message);
    expect(e.message).toMatch(/\(line \d+, column \d+\)$/);
  });
});

describe('parseCurl: details', () => {
  it('reports the detected dialect', () => {
    expect(parseCurl('curl https://a.example/').dialect).toBe('bash');
    expect(parseCurl('curl ^"https://a.example/^"').dialect).toBe('cmd');
    expect(parseCurl('curl.exe https://a.example/ `\n  -H "X: 1"').dialect).toBe('powershell');
  });

  it('lists variables once each, with how they were written', () => {
    const result = parseCurl('curl -H "X-A: $TOKEN" -H "X-B: ${TOKEN}" "$BASE/items"');
    expect(result.variables.map((v) => v.name).sort()).toEqual(['BASE', 'TOKEN']);
  });

  it('never expands command substitutions', () => {
    const result = parseCurl('curl -H "X-Time: $(date +%s)" https://a.example/');
    expect(result.requests[0]!.headers[0]!.value).toMatch(/^\uE000[A-Z_0-9]+\uE001$/);
    expect(result.variables[0]).toMatchObject({ kind: 'command', source: '$(date +%s)' });
  });

  it('positions warnings at the option they are about', () => {
    const text = 'curl https://a.example/ \\\n  --cacert ca.pem';
    const warning = parseCurl(text).warnings.find((w) => w.code === 'option-ignored')!;
    expect(warning.span).toMatchObject({ line: 2, column: 3 });
    expect(warning.message).toContain('--cacert');
  });

  it('parses a 1 MB command without hanging', () => {
    const body = 'x'.repeat(1024 * 1024);
    const result = parseCurl(`curl -d '${body}' https://a.example/`);
    expect(result.requests[0]!.body).toMatchObject({ kind: 'data' });
    expect((result.requests[0]!.body as { text: string }).text).toHaveLength(1024 * 1024);
  });

  it('parses Chrome "Copy all as cURL" into one request per command', () => {
    const text = "curl 'https://a.example/1' -H 'accept: */*' ;\ncurl 'https://a.example/2' --data-raw 'x=1' ;\n";
    const result = parseCurl(text);
    expect(result.requests.map((r) => [r.method, r.url])).toEqual([
      ['GET', 'https://a.example/1'],
      ['POST', 'https://a.example/2'],
    ]);
  });
});

describe('CurlParseError across copies of its module', () => {
  it('counts an error of another copy of the class, and nothing else', () => {
    // What another copy's constructor makes: the Node build's scripts hold one beside its ES modules.
    const copy = Object.assign(new Error('x (line 1, column 2)'), {
      name: 'CurlParseError',
      code: 'bad-form',
      span: { offset: 1, line: 1, column: 2, end: 2 },
    });
    expect(copy instanceof CurlParseError).toBe(true);
    expect(new CurlParseError('x', 'bad-form', copy.span) instanceof CurlParseError).toBe(true);
    expect(new Error('x') instanceof CurlParseError).toBe(false);
    expect(Object.assign(new Error('x'), { name: 'CurlParseError' }) instanceof CurlParseError).toBe(false);
    expect({ name: 'CurlParseError', code: 'c', span: copy.span } instanceof CurlParseError).toBe(false);
  });
});
