import { describe, expect, it } from 'vitest';
import { importCollections } from '../../src/core/collections/formats.ts';
import { parseCurl } from '../../src/core/curl/parse.ts';
import { har } from '../../src/core/generators/http/har.ts';
import { httpRaw } from '../../src/core/generators/http/raw.ts';
import type { Generator } from '../../src/core/generators/types.ts';
import { specFromCurl } from '../../src/core/request-spec/from-curl.ts';

const gen = (generator: Generator, command: string) =>
  generator.generate(specFromCurl(parseCurl(command).requests[0]!));
const codes = (result: { warnings: { code: string }[] }) => result.warnings.map((w) => w.code);

describe('http-raw', () => {
  it('names the target', () => {
    expect(httpRaw).toMatchObject({ id: 'http-raw', language: 'http', extension: 'http' });
  });

  it("writes curl's message: request line, headers in curl's order with CRLF, Content-Length, the body", () => {
    const { code, warnings } = gen(
      httpRaw,
      "curl -u a:b -A 'ua/1' -b 'k=v' -H 'X-One: 1' -d 'a=1 b' 'http://api.example.com:8080/p?q=a%20b#frag'",
    );
    expect(code).toBe(
      [
        'POST /p?q=a%20b HTTP/1.1',
        'Host: api.example.com:8080',
        'Authorization: Basic YTpi',
        'User-Agent: ua/1',
        'Accept: */*',
        'Cookie: k=v',
        'X-One: 1',
        'Content-Length: 5',
        'Content-Type: application/x-www-form-urlencoded',
        '',
        'a=1 b',
      ].join('\r\n'),
    );
    expect(warnings).toEqual([]);
  });

  it('keeps repeated lines, the method as written, an empty header as curl writes it, and counts UTF-8 bytes', () => {
    const { code } = gen(httpRaw, "curl -X purge -H 'X: 1' -H 'X: 2' -H 'Y;' --data-binary 'é' https://h.example/");
    expect(code.startsWith('purge / HTTP/1.1\r\nHost: h.example\r\n')).toBe(true);
    expect(code).toContain('X: 1\r\nX: 2\r\nY:\r\n');
    expect(code).toContain('Content-Length: 2\r\n');
  });

  it('embeds a multipart form of fields with its boundary, and leaves out a body read from a file', () => {
    const form = gen(httpRaw, "curl -F 'a=1' -F 'b=two' https://h.example/");
    const boundary = /boundary=(\S+)/.exec(form.code)![1]!;
    expect(form.code).toContain(`--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n`);
    expect(form.code.endsWith(`--${boundary}--\r\n`)).toBe(true);
    const file = gen(httpRaw, 'curl --data-binary @f.bin https://h.example/');
    expect(file.code.endsWith('\r\n\r\n')).toBe(true);
    expect(codes(file)).toContain('body-not-embedded');
  });

  it('writes variables as {{NAME}} templates, with a warning', () => {
    const result = gen(httpRaw, 'curl -H "Authorization: Bearer $TOKEN" https://h.example/');
    expect(result.code).toContain('Authorization: Bearer {{TOKEN}}\r\n');
    expect(codes(result)).toContain('variables-as-templates');
  });
});

describe('har', () => {
  it('names the target', () => {
    expect(har).toMatchObject({ id: 'har', language: 'json', extension: 'har' });
  });

  it("is a HAR 1.2 log the project's import reads back to the same request", () => {
    const { code } = gen(
      har,
      `curl -H 'Content-Type: application/json' -H 'X-A: 1' -d '{"a":1}' 'https://api.example.com/items?x=1&y=a%20b'`,
    );
    const log = JSON.parse(code) as { log: { version: string; entries: { request: Record<string, unknown> }[] } };
    expect(log.log.version).toBe('1.2');
    expect(log.log.entries[0]!.request).toMatchObject({
      method: 'POST',
      url: 'https://api.example.com/items?x=1&y=a%20b',
      queryString: [
        { name: 'x', value: '1' },
        { name: 'y', value: 'a b' },
      ],
      postData: { mimeType: 'application/json', text: '{"a":1}' },
      bodySize: 7,
    });
    const imported = importCollections(code);
    const request = imported.collections[0]!.items[0]!;
    expect(request).toMatchObject({
      type: 'request',
      request: {
        method: 'POST',
        url: 'https://api.example.com/items?x=1&y=a%20b',
        body: { kind: 'json', text: '{"a":1}' },
      },
    });
  });

  it('lists a multipart form with files as params (names and file names) and warns', () => {
    const result = gen(har, "curl -F 'a=1' -F 'f=@pic.png' https://h.example/");
    const entry = (
      JSON.parse(result.code) as { log: { entries: { request: { postData: unknown; bodySize: number } }[] } }
    ).log.entries[0]!;
    expect(entry.request.postData).toEqual({
      mimeType: 'multipart/form-data',
      params: [
        { name: 'a', value: '1' },
        { name: 'f', fileName: 'pic.png', contentType: 'image/png' },
      ],
    });
    expect(entry.request.bodySize).toBe(-1);
    expect(codes(result)).toContain('body-not-embedded');
  });
});
