import { describe, expect, it } from 'vitest';
import { parseCurl } from '../../src/core/curl/parse.ts';
import { specFromCurl } from '../../src/core/request-spec/from-curl.ts';
import { csharpHttpClient } from '../../src/core/generators/csharp/httpclient.ts';
import { CsNames, csString, csText, usingLines } from '../../src/core/generators/csharp/kit.ts';
import { variableMarker } from '../../src/core/variables.ts';

function generate(command: string) {
  return csharpHttpClient.generate(specFromCurl(parseCurl(command).requests[0]!));
}

describe('C# literals and names', () => {
  it('escapes quotes, backslashes, controls and direction marks, keeping other text', () => {
    expect(csString('say "hi"\\')).toBe('"say \\"hi\\"\\\\"');
    expect(csString('a\nb\r\t\0c')).toBe('"a\\nb\\r\\t\\0c"');
    expect(csString('\u0001\u007f\u202e')).toBe('"\\u0001\\u007F\\u202E"');
    expect(csString('Zürich 😀 {0} $"x"')).toBe('"Zürich 😀 {0} $\\"x\\""');
  });

  it('keeps a lone surrogate as an escape (C# strings are UTF-16)', () => {
    expect(csString('a\ud800b')).toBe('"a\\uD800b"');
  });

  it('never writes \\x, whose length varies (\\x1 followed by a hex digit would swallow it)', () => {
    expect(csString('\u0001F')).toBe('"\\u0001F"');
  });

  it('reads shell variables into camel-case locals that avoid keywords and the program’s own', () => {
    const names = new CsNames();
    expect(names.variable('USER_ID')).toBe('userId');
    expect(names.variable('CLASS')).toBe('class2');
    expect(names.variable('request')).toBe('request2');
    expect(names.declare(['USER_ID'])).toEqual(['var userId = Environment.GetEnvironmentVariable("USER_ID") ?? "";']);
    expect(csText(`Bearer ${variableMarker('USER_ID')}!`, names)).toBe('"Bearer " + userId + "!"');
  });

  it('sorts usings with System first', () => {
    expect(usingLines(['System.Text', 'Newtonsoft.Json', 'System', 'System.IO'])).toEqual([
      'using System;',
      'using System.IO;',
      'using System.Text;',
      'using Newtonsoft.Json;',
    ]);
  });
});

describe('csharp-httpclient', () => {
  it('describes itself', () => {
    expect(csharpHttpClient).toMatchObject({ id: 'csharp-httpclient', language: 'csharp', extension: 'cs' });
  });

  it('writes a class whose Main waits for MainAsync (Mono’s mcs has no async Main)', () => {
    expect(generate("curl -H 'X-A: 1' https://api.example.com/items").code).toBe(`using System;
using System.Net.Http;
using System.Threading.Tasks;

class Program
{
    static void Main()
    {
        MainAsync().GetAwaiter().GetResult();
    }

    static async Task MainAsync()
    {
        var handler = new HttpClientHandler
        {
            AllowAutoRedirect = false,
        };
        using (var client = new HttpClient(handler))
        {
            var request = new HttpRequestMessage(HttpMethod.Get, "https://api.example.com/items");
            request.Headers.TryAddWithoutValidation("X-A", "1");

            using (var response = await client.SendAsync(request))
            {
                Console.WriteLine((int)response.StatusCode);
                Console.WriteLine(await response.Content.ReadAsStringAsync());
            }
        }
    }
}
`);
  });

  it('puts content headers on the content, and gives them an empty body when there is none', () => {
    const { code } = generate("curl -X POST -d 'a=1' -H 'Content-Type: text/plain' https://api.example.com/");
    expect(code).toContain('request.Content = new ByteArrayContent(Encoding.UTF8.GetBytes("a=1"));');
    expect(code).toContain('request.Content.Headers.TryAddWithoutValidation("Content-Type", "text/plain");');
    const bodiless = generate("curl -H 'Content-Language: de' https://api.example.com/").code;
    expect(bodiless).toContain('request.Content = new ByteArrayContent(new byte[0]);');
  });

  it('writes each multipart part with curl’s Content-Disposition', () => {
    const { code } = generate("curl -F 'a\"b=1' -F 'f=@note.txt;type=text/x' https://api.example.com/");
    expect(code).toContain('aB.Headers.TryAddWithoutValidation("Content-Disposition", "form-data; name=\\"a%22b\\"");');
    expect(code).toContain('f.Headers.TryAddWithoutValidation("Content-Type", "text/x");');
  });

  it('leaves the fragment out of the URL, as curl does', () => {
    expect(generate("curl 'https://api.example.com/page#top'").code).toContain('"https://api.example.com/page"');
  });

  it('warns that repeated header lines arrive joined', () => {
    const { warnings } = generate("curl -H 'X-A: 1' -H 'X-A: 2' https://api.example.com/");
    expect(warnings.map((w) => w.code)).toContain('header-merged');
  });
});
