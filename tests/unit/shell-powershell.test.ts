import { describe, expect, it } from 'vitest';
import { CurlParseError, spanAt } from '../../src/core/errors.ts';
import { tokenizePowerShell } from '../../src/core/shell/powershell.ts';
import { variableMarker as v } from '../../src/core/variables.ts';
import { values, codes, errorOf } from '../support/tokens.ts';

describe('tokenizePowerShell: curl.exe commands', () => {
  it('reads backtick continuations, $env: variables and quoted bodies, with spans', () => {
    const text = [
      'curl.exe -X POST "https://api.example.com/v1/items" `',
      '  -H "Authorization: Bearer $env:API_TOKEN" `',
      '  -H "Content-Type: application/json" `',
      `  -d '{"name": "widget", "qty": 2}'`,
    ].join('\n');
    const result = tokenizePowerShell(text);
    expect(result.dialect).toBe('powershell');
    expect(values(result)).toEqual([
      [
        'curl.exe',
        '-X',
        'POST',
        'https://api.example.com/v1/items',
        '-H',
        `Authorization: Bearer ${v('API_TOKEN')}`,
        '-H',
        'Content-Type: application/json',
        '-d',
        '{"name": "widget", "qty": 2}',
      ],
    ]);
    const words = result.commands[0]!.words;
    expect(words[4]!.span).toEqual({ offset: 56, line: 2, column: 3, end: 58 });
    expect(words[5]!.span).toEqual({ offset: 59, line: 2, column: 6, end: 97 });
    expect(words[9]!.span).toEqual({ offset: 145, line: 4, column: 6, end: 175 });
    expect(result.variables).toEqual([{ name: 'API_TOKEN', source: '$env:API_TOKEN', kind: 'variable' }]);
    expect(result.warnings[0]).toEqual({
      code: 'shell-variable',
      message: '$env:API_TOKEN was not expanded: it is left as the variable API_TOKEN.',
      span: { offset: 82, line: 2, column: 29, end: 96 },
    });
    // The JSON body's quotes would be lost on the way to curl.exe before PowerShell 7.3.
    expect(result.warnings[1]).toMatchObject({ code: 'powershell-native-quotes', span: { offset: 145, end: 175 } });
  });

  it('decodes backtick escapes and "" inside double quotes', () => {
    const result = tokenizePowerShell('curl.exe -H "a`tb`nc`r`0d`"e""f`$g``h`u{e9}`e"');
    expect(values(result)).toEqual([['curl.exe', '-H', 'a\tb\nc\r\0d"e"f$g`hé\x1b']]);
  });

  it("keeps single-quoted text literal, with '' for a quote", () => {
    expect(values(tokenizePowerShell("curl.exe -d 'it''s $HOME `n'"))).toEqual([['curl.exe', '-d', "it's $HOME `n"]]);
  });

  it('turns $NAME, ${NAME} and ${env:NAME} into markers, and keeps a port after $host:', () => {
    const result = tokenizePowerShell(
      'curl.exe "https://$HOST/v1?key=${API KEY}" -H "X-Token: ${env:TOKEN}" "http://$server:8080/" $$ cost$',
    );
    expect(values(result)).toEqual([
      [
        'curl.exe',
        `https://${v('HOST')}/v1?key=${v('API KEY')}`,
        '-H',
        `X-Token: ${v('TOKEN')}`,
        `http://${v('server')}:8080/`,
        v('$'),
        'cost$',
      ],
    ]);
    expect(result.variables.map((r) => [r.name, r.source])).toEqual([
      ['HOST', '$HOST'],
      ['API KEY', '${API KEY}'],
      ['TOKEN', '${env:TOKEN}'],
      ['server', '$server'],
      ['$', '$$'],
    ]);
  });

  it('leaves $(...) and (...) subexpressions as generated command variables', () => {
    const result = tokenizePowerShell(
      'curl.exe -H "X-Date: $(Get-Date -Format "o")" -d (Get-Content body.json -Raw) https://x.test',
    );
    expect(values(result)).toEqual([['curl.exe', '-H', `X-Date: ${v('CMD_1')}`, '-d', v('CMD_2'), 'https://x.test']]);
    expect(result.variables).toEqual([
      { name: 'CMD_1', source: '$(Get-Date -Format "o")', kind: 'command' },
      { name: 'CMD_2', source: '(Get-Content body.json -Raw)', kind: 'command' },
    ]);
    expect(codes(result)).toEqual(['command-substitution', 'command-substitution']);
  });

  it('passes the rest of the line after --% as written and splits it with the Windows rules', () => {
    const text = 'curl.exe --% -H "Authorization: Bearer %TOKEN%" -d "{\\"a\\":1}" https://x.test | ConvertFrom-Json';
    const result = tokenizePowerShell(text);
    expect(values(result)).toEqual([
      ['curl.exe', '-H', `Authorization: Bearer ${v('TOKEN')}`, '-d', '{"a":1}', 'https://x.test'],
    ]);
    expect(result.commands[0]!.words[4]!.span).toMatchObject({ offset: 51, end: 62 });
    expect(codes(result)).toEqual(['shell-variable', 'powershell-native-quotes', 'pipe-ignored']);
  });

  it('separates at ; and drops a pipe into ConvertFrom-Json with a warning', () => {
    const text = 'curl.exe https://a.test; curl.exe https://b.test | ConvertFrom-Json | Select-Object -First 1';
    const result = tokenizePowerShell(text);
    expect(values(result)).toEqual([
      ['curl.exe', 'https://a.test'],
      ['curl.exe', 'https://b.test'],
    ]);
    expect(result.warnings).toEqual([
      {
        code: 'pipe-ignored',
        message:
          'The pipe into `ConvertFrom-Json | Select-Object -First 1` was ignored: only the curl command is converted.',
        span: { offset: 49, line: 1, column: 50, end: text.length },
      },
    ]);
  });

  it('strips a PS prompt and the call operator, drops redirections', () => {
    const result = tokenizePowerShell('PS C:\\Users\\me> & curl.exe https://x.test -o - 2>&1 > out.json');
    expect(values(result)).toEqual([['curl.exe', 'https://x.test', '-o', '-']]);
    expect(result.commands[0]!.span).toEqual({ offset: 18, line: 1, column: 19, end: 46 });
    expect(result.warnings.map((w) => [w.code, w.span?.offset, w.span?.end])).toEqual([
      ['redirect-ignored', 47, 51],
      ['redirect-ignored', 52, 62],
    ]);
  });

  it('registers no variable for the target of a dropped redirection', () => {
    const result = tokenizePowerShell('curl.exe https://x.test > $env:OUT');
    expect(values(result)).toEqual([['curl.exe', 'https://x.test']]);
    expect(result.variables).toEqual([]);
    expect(result.warnings.map((w) => w.code)).toEqual(['redirect-ignored']);
  });

  it('reads here-strings: @\'...\'@ literally, @"..."@ with variables', () => {
    const text = [
      "$body = @'",
      '{"name": "it\'s", "path": "C:\\temp"}',
      "'@",
      '$note = @"',
      'user=$env:USERNAME',
      '"@',
      'curl.exe -d $body https://x.test',
    ].join('\r\n');
    const result = tokenizePowerShell(text);
    expect(values(result)).toEqual([
      [v('body'), '=', '{"name": "it\'s", "path": "C:\\temp"}'],
      [v('note'), '=', `user=${v('USERNAME')}`],
      ['curl.exe', '-d', v('body'), 'https://x.test'],
    ]);
  });

  it('reads typographic quotes the way PowerShell does', () => {
    expect(values(tokenizePowerShell('curl.exe “https://x.test/” -H ‘X-Note: it’’s’'))).toEqual([
      ['curl.exe', 'https://x.test/', '-H', 'X-Note: it’s'],
    ]);
  });

  it('handles CRLF line endings and comments', () => {
    const text = "# fetch the item\r\ncurl.exe https://x.test `\r\n  -H 'a: b' <# inline #>\r\ncurl.exe y\r\n";
    const result = tokenizePowerShell(text);
    expect(values(result)).toEqual([
      ['curl.exe', 'https://x.test', '-H', 'a: b'],
      ['curl.exe', 'y'],
    ]);
    expect(result.commands[1]!.span).toEqual({ offset: 71, line: 4, column: 1, end: 81 });
  });

  it('returns no commands for empty input or comments only', () => {
    expect(tokenizePowerShell('').commands).toEqual([]);
    expect(tokenizePowerShell('# one\r\n<# two\nlines #>\n').commands).toEqual([]);
  });

  it('gives every word the same span spanAt computes', () => {
    const text = "curl.exe `\r\n -H \"a: $x\" 'b''c' `\n --% d \"e f\"\n$y = @'\nz\n'@";
    const result = tokenizePowerShell(text);
    expect(result.commands).toHaveLength(2);
    for (const word of result.commands.flatMap((c) => c.words)) {
      expect(word.span).toEqual(spanAt(text, word.span.offset, word.span.end));
      expect(word.raw).toBe(text.slice(word.span.offset, word.span.end));
    }
  });
});

describe('tokenizePowerShell: warnings about PowerShell traps', () => {
  it('warns that plain curl may be Invoke-WebRequest and that quotes in arguments may be lost', () => {
    const result = tokenizePowerShell('curl https://x.test -d \'{"a":1}\'');
    expect(result.warnings.map((w) => [w.code, w.span?.offset, w.span?.end])).toEqual([
      ['powershell-curl-alias', 0, 4],
      ['powershell-native-quotes', 23, 32],
    ]);
  });

  it('reads a backtick followed by spaces as the continuation that was meant', () => {
    const result = tokenizePowerShell('curl.exe https://x.test `  \n  -H "a: b"');
    expect(values(result)).toEqual([['curl.exe', 'https://x.test', '-H', 'a: b']]);
    expect(result.warnings).toMatchObject([{ code: 'continuation-trailing-space', span: { offset: 24, end: 27 } }]);
  });

  it('keeps an unquoted & in a URL and an unquoted @file, each with a warning', () => {
    const result = tokenizePowerShell('curl.exe https://x.test/?a=1&b=2 -d @data.json');
    expect(values(result)).toEqual([['curl.exe', 'https://x.test/?a=1&b=2', '-d', '@data.json']]);
    expect(result.warnings.map((w) => [w.code, w.span?.offset])).toEqual([
      ['unquoted-ampersand', 28],
      ['powershell-splat', 36],
    ]);
  });
});

describe('tokenizePowerShell: errors', () => {
  it.each([
    ['curl.exe -d "abc', 'unterminated-quote', 12, 13],
    ["curl.exe -d 'abc", 'unterminated-quote', 12, 13],
    ['curl.exe -H "$(Get-Date"', 'unterminated-substitution', 13, 15],
    ['curl.exe -H ${TOKEN', 'unterminated-substitution', 12, 14],
    ["curl.exe -d @'\n{}\n", 'unterminated-quote', 12, 13],
    ['curl.exe <# note', 'unterminated-comment', 9, 11],
  ])('%j fails with %s at [%i, %i)', (text, code, offset, end) => {
    const error = errorOf(() => tokenizePowerShell(text));
    expect(error.code).toBe(code);
    expect(error.span).toEqual(spanAt(text, offset, end));
  });

  it('throws nothing but CurlParseError for random PowerShell-ish text, and stays fast on 1 MB', () => {
    const alphabet = ['a', ' ', "'", '"', '`', '$', '(', ')', '{', '}', '@', '#', '<', '\n', '|', '&', ';', '%', '-'];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % alphabet.length;
    for (let n = 0; n < 2000; n++) {
      let text = '';
      for (let k = 0; k < 12; k++) text += alphabet[random()];
      try {
        tokenizePowerShell(text);
      } catch (error) {
        expect(error).toBeInstanceOf(CurlParseError);
      }
    }
    const big = `curl.exe https://x.test \`\n${"  -H 'X-Trace: abc' `\n".repeat(50_000)}  -d "${'`"x`" '.repeat(10_000)}"`;
    expect(big.length).toBeGreaterThan(1_000_000);
    const start = performance.now();
    expect(tokenizePowerShell(big).commands[0]!.words).toHaveLength(100_004);
    expect(performance.now() - start).toBeLessThan(1000);
  });
});
