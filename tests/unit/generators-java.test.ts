import { describe, expect, it } from 'vitest';
import { parseCurl } from '../../src/core/curl/parse.ts';
import { specFromCurl } from '../../src/core/request-spec/from-curl.ts';
import {
  chainLines,
  javaStatementLines,
  javaIdentifier,
  javaString,
  jdkRequestTarget,
  parseProxy,
  unsendableHeaders,
} from '../../src/core/generators/java/kit.ts';
import { kotlinString, kotlinTemplate } from '../../src/core/generators/kotlin/kit.ts';
import { javaHttpClient } from '../../src/core/generators/java/httpclient.ts';
import { javaOkHttp } from '../../src/core/generators/java/okhttp.ts';
import { kotlinOkHttp } from '../../src/core/generators/kotlin/okhttp.ts';
import type { Generator } from '../../src/core/generators/types.ts';

function generate(generator: Generator, command: string) {
  return generator.generate(specFromCurl(parseCurl(command).requests[0]!));
}

describe('javaString', () => {
  it('escapes quotes, backslashes and line ends', () => {
    expect(javaString('a"b\\c\nd\re\tf')).toBe('"a\\"b\\\\c\\nd\\re\\tf"');
  });

  it('writes control characters as octal escapes, never as \\u escapes javac would decode first', () => {
    expect(javaString('\u0000\u0001\u001f\u007f')).toBe('"\\000\\001\\037\\177"');
    expect(javaString('\u0000' + '1')).toBe('"\\0001"');
  });

  it('keeps a backslash before u from becoming a Unicode escape', () => {
    expect(javaString('\\u0022')).toBe('"\\\\u0022"');
  });

  it('escapes lone surrogates and text-direction controls, keeps pairs and other text', () => {
    expect(javaString('\ud800x\u202e')).toBe('"\\uD800x\\u202E"');
    expect(javaString('😀 Zürich')).toBe('"😀 Zürich"');
  });
});

describe('kotlin literals', () => {
  it('escapes $ so that text never becomes a template', () => {
    expect(kotlinString('price=$5 ${x}')).toBe('"price=\\$5 \\${x}"');
  });

  it('writes control characters and lone surrogates as \\u escapes', () => {
    expect(kotlinString('\u0000\udc00')).toBe('"\\u0000\\uDC00"');
  });

  it('puts variables in templates, with braces only where letters follow', () => {
    expect(kotlinTemplate([{ literal: 'Bearer ' }, { code: 'token' }])).toBe('"Bearer $token"');
    expect(kotlinTemplate([{ code: 'id' }, { literal: 'x' }])).toBe('"${id}x"');
    expect(kotlinTemplate([{ code: 'token' }])).toBe('token');
  });
});

describe('JVM kit helpers', () => {
  it('makes camelCase identifiers that are never keywords', () => {
    expect(javaIdentifier('USER_ID')).toBe('userId');
    expect(javaIdentifier('class')).toBe('classValue');
    expect(javaIdentifier('1st')).toBe('v1st');
  });

  it('lays a Kotlin chain out on one line when it fits, else one call per line; Java stays on one line', () => {
    const long = ['.x("' + 'y'.repeat(50) + '")', '.z("' + 'w'.repeat(50) + '")'];
    expect(chainLines('A a = ', 'b()', long, ';', '', '  ', 'java')).toEqual([`A a = b()${long.join('')};`]);
    expect(chainLines('val a = ', 'b()', long, '', '', '    ', 'kotlin')).toEqual([
      'val a = b()',
      `    ${long[0]}`,
      `    ${long[1]}`,
    ]);
  });

  it('lays Java statements out as google-java-format does', () => {
    expect(javaStatementLines('A a = b().c().d();', 2, '  ')).toEqual(['    A a = b().c().d();']);
    const y = 'y'.repeat(40);
    // A builder chain: after the `=`, one call per line; arguments that do not fit go one per line.
    expect(
      javaStatementLines(
        `Request r = new Request.Builder().url("${y}").post(RequestBody.create("${y}".getBytes(StandardCharsets.UTF_8), MediaType.get("text/plain"))).build();`,
        2,
        '  ',
      ),
    ).toEqual([
      '    Request r =',
      '        new Request.Builder()',
      `            .url("${y}")`,
      '            .post(',
      '                RequestBody.create(',
      `                    "${y}".getBytes(StandardCharsets.UTF_8),`,
      '                    MediaType.get("text/plain")))',
      '            .build();',
    ]);
    // A concatenation breaks before `+`; a type-name prefix (`Base64.getEncoder()`) stays together.
    expect(
      javaStatementLines(
        `h("Authorization", "Basic " + Base64.getEncoder().encodeToString("${y.slice(20)}".getBytes(StandardCharsets.UTF_8)));`,
        2,
        '  ',
      ),
    ).toEqual([
      '    h(',
      '        "Authorization",',
      '        "Basic "',
      '            + Base64.getEncoder()',
      `                .encodeToString("${y.slice(20)}".getBytes(StandardCharsets.UTF_8)));`,
    ]);
    // The `)` and `;` after the arguments count: these end at column 101 on one line.
    const x = 'x'.repeat(100 - 4 - 'f("");'.length);
    expect(javaStatementLines(`f("${x}");`, 2, '  ')).toEqual([`    f("${x}");`]);
    expect(javaStatementLines(`f("${x}", 1);`, 2, '  ')).toEqual(['    f(', `        "${x}",`, '        1);']);
    // Text outside the statements it knows stays as it is.
    expect(javaStatementLines('try (Response response = client.newCall(request).execute()) {', 2, '  ')).toEqual([
      '    try (Response response = client.newCall(request).execute()) {',
    ]);
  });

  it('reads HTTP proxies as host and port, and refuses other forms', () => {
    expect(parseProxy('http://proxy.local:3128')).toEqual({ host: 'proxy.local', port: 3128 });
    expect(parseProxy('proxy.local')).toEqual({ host: 'proxy.local', port: 1080 });
    expect(parseProxy('socks5://proxy.local:1080')).toBeNull();
    expect(parseProxy('http://u:p@proxy.local:1')).toBeNull();
  });

  it('knows which URLs the JDK refuses or changes', () => {
    expect(jdkRequestTarget('http://a.example/x?')).toEqual({ target: '/x?', sent: '/x' });
    expect(jdkRequestTarget('http://a.example/{x}')).toEqual({ target: '/{x}', sent: null });
    expect(jdkRequestTarget('http://a.example')).toEqual({ target: '/', sent: '/' });
  });

  it('splits header lines the JDK client cannot send', () => {
    const ok = { name: 'A', value: 'x\ty' };
    const bad = { name: 'B', value: 'Zürich' };
    expect(unsendableHeaders([ok, bad])).toEqual({ headers: [ok], unsendable: [bad] });
  });
});

describe('java-httpclient', () => {
  it('describes itself', () => {
    expect(javaHttpClient).toMatchObject({ id: 'java-httpclient', language: 'java', extension: 'java' });
  });

  it('forces HTTP/1.1 and allows a Host header with the system property before the client loads', () => {
    const { code } = generate(javaHttpClient, "curl -H 'Host: internal.example' http://127.0.0.1:8080/");
    const property = code.indexOf('System.setProperty("jdk.httpclient.allowRestrictedHeaders", "host");');
    expect(property).toBeGreaterThan(0);
    expect(property).toBeLessThan(code.indexOf('HttpClient.newBuilder()'));
    expect(code).toContain('.version(HttpClient.Version.HTTP_1_1)');
    expect(code).toContain('.header("Host", "internal.example")');
  });

  it('leaves out a non-ASCII header value with a warning', () => {
    const { code, warnings } = generate(javaHttpClient, "curl -H 'X-City: Zürich' https://a.example/");
    expect(code).not.toContain('Zürich');
    expect(warnings.map((w) => w.code)).toContain('header-not-ascii');
  });

  it('warns that an empty query is dropped', () => {
    const { warnings } = generate(javaHttpClient, "curl 'https://a.example/items?'");
    expect(warnings.map((w) => w.code)).toContain('url-normalised');
  });
});

describe('OkHttp', () => {
  it('leaves a body on GET out with a warning', () => {
    const { code, warnings } = generate(javaOkHttp, "curl -X GET -d 'q=1' https://a.example/");
    expect(warnings.map((w) => w.code)).toContain('body-dropped');
    expect(code).not.toContain('q=1');
  });

  it('sends non-ASCII header values as UTF-8 with addUnsafeNonAscii', () => {
    const { code, warnings } = generate(javaOkHttp, "curl -H 'X-City: Zürich' https://a.example/");
    expect(code).toContain('.addUnsafeNonAscii("X-City", "Zürich")');
    expect(warnings).toEqual([]);
  });

  it('writes Kotlin with toMediaType, toRequestBody and use', () => {
    const { code } = generate(
      kotlinOkHttp,
      `curl -H 'Content-Type: application/json' -d '{"price":"$5"}' https://a.example/`,
    );
    expect(code).toContain('"{\\"price\\":\\"\\$5\\"}".toByteArray().toRequestBody("application/json".toMediaType())');
    expect(code).toContain('client.newCall(request).execute().use { response ->');
    expect(code.indexOf('import okhttp3.')).toBeLessThan(
      code.indexOf('import java.') === -1 ? Infinity : code.indexOf('import java.'),
    );
  });

  it('does not follow redirects unless -L', () => {
    expect(generate(javaOkHttp, 'curl https://a.example/').code).toContain('.followRedirects(false)');
    expect(generate(javaOkHttp, 'curl -L https://a.example/').code).not.toContain('.followRedirects(false)');
  });
});
