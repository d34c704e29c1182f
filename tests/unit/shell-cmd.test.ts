import { describe, expect, it } from 'vitest';
import { spanAt } from '../../src/core/errors.ts';
import { tokenizeCmd } from '../../src/core/shell/cmd.ts';
import { variableMarker as v } from '../../src/core/variables.ts';
import { values, codes } from '../support/tokens.ts';

describe('tokenizeCmd: Chrome "Copy as cURL (cmd)"', () => {
  it('undoes ^"...^" quoting, caret escapes and " ^" line continuations, with spans', () => {
    const text = [
      'curl ^"https://api.example.com/v1/items?page=2^&sort=name^" ^',
      '  -H ^"accept: application/json^" ^',
      '  -H ^"authorization: Bearer abc.def^" ^',
      '  -H ^"user-agent: Mozilla/5.0 ^(Windows NT 10.0; Win64; x64^)^"',
    ].join('\n');
    const result = tokenizeCmd(text);
    expect(result.dialect).toBe('cmd');
    expect(values(result)).toEqual([
      [
        'curl',
        'https://api.example.com/v1/items?page=2&sort=name',
        '-H',
        'accept: application/json',
        '-H',
        'authorization: Bearer abc.def',
        '-H',
        'user-agent: Mozilla/5.0 (Windows NT 10.0; Win64; x64)',
      ],
    ]);
    const words = result.commands[0]!.words;
    expect(words[1]!.span).toEqual({ offset: 5, line: 1, column: 6, end: 59 });
    expect(words[1]!.raw).toBe('^"https://api.example.com/v1/items?page=2^&sort=name^"');
    expect(words[2]!.span).toEqual({ offset: 64, line: 2, column: 3, end: 66 });
    expect(words[3]!.span).toEqual({ offset: 67, line: 2, column: 6, end: 95 });
    expect(result.warnings).toEqual([]);
  });

  it('reads a POST body with \\^" quotes and says once that Chrome lost tabs and non-ASCII', () => {
    const text = [
      'curl ^"https://api.example.com/v1/users^" ^',
      '  -H ^"content-type: application/json^" ^',
      '  --data-raw ^"^{^\\^"name^\\^":^\\^"a b^\\^"^}^"',
    ].join('\n');
    const result = tokenizeCmd(text);
    expect(values(result)).toEqual([
      [
        'curl',
        'https://api.example.com/v1/users',
        '-H',
        'content-type: application/json',
        '--data-raw',
        '{"name":"a b"}',
      ],
    ]);
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatchObject({
      code: 'cmd-lossy',
      span: { offset: 99, line: 3, column: 14, end: 131 },
    });
    expect(result.warnings[0]!.message).toContain('tab or non-ASCII');
  });

  it('reads a newline written as ^ and two line breaks (LF and CRLF)', () => {
    expect(values(tokenizeCmd('curl --data-raw ^"line1^\n\nline2^"'))).toEqual([
      ['curl', '--data-raw', 'line1\nline2'],
    ]);
    const crlf = tokenizeCmd('curl ^"https://x.test/^" ^\r\n  --data-raw ^"a^\r\n\r\nb^"\r\n');
    expect(values(crlf)).toEqual([['curl', 'https://x.test/', '--data-raw', 'a\nb']]);
    expect(crlf.commands[0]!.words[3]!.span).toEqual({ offset: 41, line: 2, column: 14, end: 52 });
  });

  it("reads Chrome's %-escaping (^%^NAME^%) as text, not as a variable", () => {
    const result = tokenizeCmd('curl ^"https://x.test/?q=a^%^20b^" -H ^"x-path: ^%^PATH^%^" --data-raw ^"100^%^"');
    expect(values(result)).toEqual([['curl', 'https://x.test/?q=a%20b', '-H', 'x-path: %PATH%', '--data-raw', '100%']]);
    expect(result.variables).toEqual([]);
  });

  it('un-escapes ^| ^< ^> ^^ ^! ^( ^) and ^& inside arguments', () => {
    expect(values(tokenizeCmd('curl -H ^"x-v: a^|b^<c^>d^^e^!f^(g^)^&h^"'))).toEqual([
      ['curl', '-H', 'x-v: a|b<c>d^e!f(g)&h'],
    ]);
  });

  it("keeps Chrome's doubled backslashes, as curl.exe receives them", () => {
    // Chrome doubles every backslash; the C runtime keeps backslashes that are not before a quote.
    expect(values(tokenizeCmd('curl -d ^"C:^\\^\\temp^"'))).toEqual([['curl', '-d', 'C:\\\\temp']]);
    expect(values(tokenizeCmd('curl -d ^"end^\\^\\^"'))).toEqual([['curl', '-d', 'end\\']]);
  });

  it('splits "Copy all as cURL (cmd)" at " &" and a line break', () => {
    const result = tokenizeCmd('curl ^"https://a.test/1^" -H ^"x: 1^" &\ncurl ^"https://a.test/2^" &\r\n');
    expect(values(result)).toEqual([
      ['curl', 'https://a.test/1', '-H', 'x: 1'],
      ['curl', 'https://a.test/2'],
    ]);
    expect(result.commands[1]!.span).toEqual({ offset: 40, line: 2, column: 1, end: 65 });
  });

  it('warns where a caret-escaped character became a space', () => {
    const result = tokenizeCmd('curl ^"https://x.test/^" -H ^"x-name: Jos^ ^"');
    expect(values(result)).toEqual([['curl', 'https://x.test/', '-H', 'x-name: Jos ']]);
    expect(result.warnings).toMatchObject([{ code: 'cmd-lossy', span: { offset: 41, column: 42, end: 43 } }]);
  });
});

describe('tokenizeCmd: Firefox "Copy as cURL (Windows)" and hand-written commands', () => {
  it('reads Firefox\'s "" doubling and its "%" trick', () => {
    const text = 'curl "https://x.test/" -H "Accept: */*" --data-raw "{""a"":1,""off"":""100"%"""}"';
    expect(values(tokenizeCmd(text))).toEqual([
      ['curl', 'https://x.test/', '-H', 'Accept: */*', '--data-raw', '{"a":1,"off":"100%"}'],
    ]);
  });

  it('reads Firefox\'s newer curl.exe ^"...^" form, without the Chrome warning', () => {
    const result = tokenizeCmd('curl.exe ^"https://x.test/^" ^\n  -X POST ^\n  --data-raw ^"^{^\\^"a^\\^":1^}^"');
    expect(values(result)).toEqual([['curl.exe', 'https://x.test/', '-X', 'POST', '--data-raw', '{"a":1}']]);
    expect(result.warnings).toEqual([]);
  });

  it.each([
    ['a\\\\b', 'a\\\\b'],
    ['a\\\\\\"b', 'a\\"b'],
    ['"a\\\\"', 'a\\'],
    ['a\\"b', 'a"b'],
    ['"a b"', 'a b'],
    ['"x""y"', 'x"y'],
    ['""', ''],
    ['a"b c"d', 'ab cd'],
    ['"C:\\Program Files\\curl"', 'C:\\Program Files\\curl'],
  ])('applies the C runtime rules: %s reads as %j', (arg, expected) => {
    expect(values(tokenizeCmd(`curl ${arg}`))).toEqual([['curl', expected]]);
  });

  it('makes %NAME% a variable marker, but not percent-encoding like %C3%A9', () => {
    const result = tokenizeCmd('curl "https://x.test/caf%C3%A9" -H "Authorization: Bearer %API_TOKEN%"');
    expect(values(result)).toEqual([
      ['curl', 'https://x.test/caf%C3%A9', '-H', `Authorization: Bearer ${v('API_TOKEN')}`],
    ]);
    expect(result.variables).toEqual([{ name: 'API_TOKEN', source: '%API_TOKEN%', kind: 'variable' }]);
    expect(result.warnings).toEqual([
      {
        code: 'shell-variable',
        message: '%API_TOKEN% was not expanded: it is left as the variable API_TOKEN.',
        span: { offset: 58, line: 1, column: 59, end: 69 },
      },
    ]);
  });

  it("keeps carets and & literal inside cmd's own double quotes", () => {
    expect(values(tokenizeCmd('curl "a^b&c" d'))).toEqual([['curl', 'a^b&c', 'd']]);
  });

  it('separates at && and ||, drops pipes and redirections with warnings', () => {
    const result = tokenizeCmd('curl https://x.test 2>nul && curl -s y > out.txt || curl z | findstr id');
    expect(values(result)).toEqual([
      ['curl', 'https://x.test'],
      ['curl', '-s', 'y'],
      ['curl', 'z'],
    ]);
    expect(result.warnings.map((w) => [w.code, w.span?.offset, w.span?.end])).toEqual([
      ['redirect-ignored', 20, 25],
      ['redirect-ignored', 39, 48],
      ['pipe-ignored', 59, 71],
    ]);
    expect(result.warnings[2]!.message).toBe(
      'The pipe into `findstr id` was ignored: only the curl command is converted.',
    );
  });

  it('strips a C:\\...> prompt and leaves a never-closed quote as a warning', () => {
    const result = tokenizeCmd('C:\\Users\\me>curl "https://x.test/ -H a');
    expect(values(result)).toEqual([['curl', 'https://x.test/ -H a']]);
    expect(result.commands[0]!.span).toMatchObject({ offset: 12, column: 13 });
    expect(result.warnings).toMatchObject([{ code: 'unterminated-quote', span: { offset: 17, end: 18 } }]);
  });

  it('reads curl run by its full path with a redirection as the command, not as a C:\\...> prompt', () => {
    for (const [text, words] of [
      ['C:\\Windows\\System32\\curl.exe > out.json', ['C:\\Windows\\System32\\curl.exe']],
      ['C:\\tools\\curl.exe https://x.test 2>nul', ['C:\\tools\\curl.exe', 'https://x.test']],
      ['C:\\tools\\curl.exe>out.json', ['C:\\tools\\curl.exe']],
      ['C:\\tools\\curl -d a^>b https://x.test', ['C:\\tools\\curl', '-d', 'a>b', 'https://x.test']],
      ['C:\\Program Files\\x\\my tool.exe -v > log', ['C:\\Program', 'Files\\x\\my', 'tool.exe', '-v']],
    ] as const) {
      expect([text, values(tokenizeCmd(text))]).toEqual([text, [words]]);
    }
    // Prompts still go, also when the folder is called curl or the command is curl run by its path.
    expect(values(tokenizeCmd('C:\\tools\\curl>curl.exe https://x.test > out'))).toEqual([
      ['curl.exe', 'https://x.test'],
    ]);
    expect(values(tokenizeCmd('C:\\Program Files\\me>C:\\bin\\curl.exe -s x > out'))).toEqual([
      ['C:\\bin\\curl.exe', '-s', 'x'],
    ]);
  });

  it('returns no commands for empty or blank input', () => {
    expect(tokenizeCmd('').commands).toEqual([]);
    expect(tokenizeCmd(' \r\n\t\n').commands).toEqual([]);
  });

  it('gives every word the same span spanAt computes', () => {
    const text = 'curl ^"a^" ^\r\n  -H ^"b: ^\r\n\r\nc^" &\r\ncurl "d e" %X%';
    const result = tokenizeCmd(text);
    expect(result.commands).toHaveLength(2);
    for (const word of result.commands.flatMap((c) => c.words)) {
      expect(word.span).toEqual(spanAt(text, word.span.offset, word.span.end));
      expect(word.raw).toBe(text.slice(word.span.offset, word.span.end));
    }
  });

  it('tokenizes 1 MB of Chrome cmd text well under a second', () => {
    const text = `curl ^"https://x.test/^" ^\n${'  -H ^"x-trace: ^\\^"abc^\\^"^" ^\n'.repeat(32_000)}  --compressed`;
    expect(text.length).toBeGreaterThan(1_000_000);
    const start = performance.now();
    const result = tokenizeCmd(text);
    expect(performance.now() - start).toBeLessThan(1000);
    expect(result.commands[0]!.words).toHaveLength(64_003);
    expect(result.commands[0]!.words[3]!.value).toBe('x-trace: "abc"');
    expect(codes(result)).toEqual([]);
  });
});
