import { describe, expect, it } from 'vitest';
import { parseCurl } from '../../src/core/curl/parse.ts';
import { rawByte } from '../../src/core/raw-bytes.ts';
import { specFromCurl } from '../../src/core/request-spec/from-curl.ts';
import { cLibcurl } from '../../src/core/generators/c/libcurl.ts';
import { CNames, cByteLength, cString, cStringBody } from '../../src/core/generators/c/kit.ts';

function generate(command: string) {
  return cLibcurl.generate(specFromCurl(parseCurl(command).requests[0]!));
}

describe('C string literals', () => {
  it('escapes quotes, backslashes and control characters, and never ends an escape before a hex digit', () => {
    expect(cString('a"b\\c\n\r\t')).toBe('"a\\"b\\\\c\\n\\r\\t"');
    expect(cString('\u0001F')).toBe('"\\001F"');
    expect(cString('\u007f')).toBe('"\\177"');
  });

  it('never writes a trigraph', () => {
    expect(cString('??=??/')).toBe('"?\\?=?\\?/"');
  });

  it('keeps UTF-8 text readable, escapes bidi controls and writes raw bytes as themselves', () => {
    expect(cString('naïve 😀')).toBe('"naïve 😀"');
    expect(cString('\u202e')).toBe('"\\342\\200\\256"');
    expect(cString(`a${rawByte(0xff)}b`)).toBe('"a\\377b"');
    expect(cByteLength(`é${rawByte(0xff)}`)).toBe(3);
  });

  it('doubles % only in printf formats', () => {
    expect(cStringBody('100%', true)).toBe('100%%');
    expect(cStringBody('100%')).toBe('100%');
  });
});

describe('C identifiers', () => {
  it('avoids keywords, reserved names and the names the program uses', () => {
    const names = new CNames();
    expect(names.pick('int')).toBe('int_2');
    expect(names.pick('curl')).toBe('curl_2');
    expect(names.pick('9lives')).toBe('var_9lives');
    expect(names.pick('TOKEN')).toBe('token');
    expect(names.pick('token')).toBe('token_2');
    expect(names.pick('__x')).toBe('x');
  });
});

describe('c-libcurl', () => {
  it('describes itself', () => {
    expect(cLibcurl).toMatchObject({ id: 'c-libcurl', title: 'C (libcurl)', language: 'c', extension: 'c' });
  });

  it('writes a whole program for a GET', () => {
    expect(generate('curl https://api.example.com/items').code).toBe(`#include <stdio.h>

#include <curl/curl.h>

int main(void) {
  CURL *curl = curl_easy_init();
  if (!curl) {
    fputs("curl_easy_init() failed\\n", stderr);
    return 1;
  }

  curl_easy_setopt(curl, CURLOPT_URL, "https://api.example.com/items");

  CURLcode res = curl_easy_perform(curl);
  if (res != CURLE_OK)
    fprintf(stderr, "curl_easy_perform() failed: %s\\n", curl_easy_strerror(res));

  curl_easy_cleanup(curl);
  return res == CURLE_OK ? 0 : 1;
}
`);
  });

  it('sends an empty header with Name; and removes a default with Name:', () => {
    const { code } = generate("curl -H 'X-Empty;' -H 'Accept:' https://a.example/");
    expect(code).toContain('curl_slist_append(headers, "X-Empty;")');
    expect(code).toContain('curl_slist_append(headers, "Accept:")');
  });

  it('keeps the form Content-Type out when a PUT body has none', () => {
    const { code } = generate('curl -T note.txt https://a.example/up');
    expect(code).toContain('"Content-Type:"');
    expect(code).toContain('read_file("note.txt", &data_size)');
    expect(code).toContain('CURLOPT_CUSTOMREQUEST, "PUT"');
  });

  it('builds text around shell variables with curl_maprintf and frees it', () => {
    const { code } = generate('curl "https://a.example/$ID?p=100%"');
    expect(code).toContain('const char *id = env("ID");');
    expect(code).toContain('char *url = curl_maprintf("https://a.example/%s?p=100%%", id);');
    expect(code).toContain('curl_free(url);');
    expect(code).toContain('#include <curl/mprintf.h>');
  });

  it('has no raw-bytes warning: a C string holds any byte', () => {
    const { code, warnings } = generate("curl --data-binary $'\\xff\\xfe' https://a.example/");
    expect(warnings.map((w) => w.code)).not.toContain('raw-bytes');
    expect(code).toContain('"\\377\\376"');
  });

  it('writes -F parts as curl_mime parts in order', () => {
    const { code } = generate(
      "curl -F a=1 -F 'f=@dir/pic.png;type=image/png;filename=x.png' -F 'n=<note.txt' https://a.example/",
    );
    const order = [
      'curl_mime_name(part, "a")',
      'curl_mime_name(part, "f")',
      'curl_mime_filename(part, "x.png")',
      'curl_mime_type(part, "image/png")',
      'curl_mime_filename(part, NULL)',
    ];
    const positions = order.map((s) => code.indexOf(s));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((x, y) => x - y)).toEqual(positions);
  });
});
