import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CurlParseError, spanAt } from '../../src/core/errors.ts';
import { utf8Bytes } from '../../src/core/raw-bytes.ts';
import { tokenizeBash } from '../../src/core/shell/bash.ts';
import { tokenize } from '../../src/core/shell/index.ts';
import { variableMarker as v } from '../../src/core/variables.ts';
import { values, codes, errorOf } from '../support/tokens.ts';

describe('tokenizeBash: words and positions', () => {
  it('splits a one-line command and records each word span', () => {
    const result = tokenizeBash("curl -s 'https://api.example.com/v1/users?page=2'");
    expect(result.dialect).toBe('bash');
    expect(values(result)).toEqual([['curl', '-s', 'https://api.example.com/v1/users?page=2']]);
    const [curl, flag, url] = result.commands[0]!.words;
    expect(curl).toEqual({ value: 'curl', raw: 'curl', span: { offset: 0, line: 1, column: 1, end: 4 } });
    expect(flag!.span).toEqual({ offset: 5, line: 1, column: 6, end: 7 });
    expect(url!.raw).toBe("'https://api.example.com/v1/users?page=2'");
    expect(url!.span).toEqual({ offset: 8, line: 1, column: 9, end: 49 });
    expect(result.commands[0]!.span).toEqual({ offset: 0, line: 1, column: 1, end: 49 });
    expect(result.warnings).toEqual([]);
    expect(result.variables).toEqual([]);
  });

  it('reads an API-docs command with backslash continuations, positions on later lines', () => {
    const text = [
      'curl -X POST https://api.example.com/v1/charges \\',
      '  -u sk_test_123: \\',
      '  -d amount=2000 \\',
      '  -d "description=Order #1"',
    ].join('\n');
    const result = tokenizeBash(text);
    expect(values(result)).toEqual([
      [
        'curl',
        '-X',
        'POST',
        'https://api.example.com/v1/charges',
        '-u',
        'sk_test_123:',
        '-d',
        'amount=2000',
        '-d',
        'description=Order #1',
      ],
    ]);
    const words = result.commands[0]!.words;
    expect(words[4]!.span).toEqual({ offset: 52, line: 2, column: 3, end: 54 });
    expect(words[9]!.span).toEqual({ offset: 94, line: 4, column: 6, end: 116 });
    expect(result.commands[0]!.span).toEqual({ offset: 0, line: 1, column: 1, end: 116 });
  });

  it('reads a Chrome "Copy as cURL (bash)" paste with $\'...\' body and -H headers', () => {
    const text = String.raw`curl 'https://shop.example.com/api/cart' \
  -H 'accept: application/json' \
  -H 'content-type: application/json' \
  -b 'session=abc123; theme=dark' \
  --data-raw $'{"note":"it\'s a gift\u0021","text":"a\\nb"}\n'`;
    const result = tokenizeBash(text);
    expect(values(result)).toEqual([
      [
        'curl',
        'https://shop.example.com/api/cart',
        '-H',
        'accept: application/json',
        '-H',
        'content-type: application/json',
        '-b',
        'session=abc123; theme=dark',
        '--data-raw',
        '{"note":"it\'s a gift!","text":"a\\nb"}\n',
      ],
    ]);
    const body = result.commands[0]!.words[9]!;
    expect(body.span).toMatchObject({ line: 5, column: 14 });
    expect(body.raw.startsWith("$'{")).toBe(true);
    expect(result.warnings).toEqual([]);
  });

  it("keeps the CRLFs of a Chrome multipart body written with $'...'", () => {
    const text = String.raw`curl 'https://x.test/upload' -H 'content-type: multipart/form-data; boundary=----WebKitFormBoundaryQ' --data-raw $'------WebKitFormBoundaryQ\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n------WebKitFormBoundaryQ--\r\n'`;
    expect(values(tokenizeBash(text))[0]![5]).toBe(
      '------WebKitFormBoundaryQ\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n------WebKitFormBoundaryQ--\r\n',
    );
  });

  it('splits Chrome\'s "Copy all as cURL" (each command ends with " ;" and a newline)', () => {
    const text = "curl 'https://a.test/1' \\\n  -H 'x: 1' ;\ncurl 'https://a.test/2' \\\n  -H 'x: 2' ;\n";
    const result = tokenizeBash(text);
    expect(values(result)).toEqual([
      ['curl', 'https://a.test/1', '-H', 'x: 1'],
      ['curl', 'https://a.test/2', '-H', 'x: 2'],
    ]);
    expect(result.commands[1]!.span).toEqual({ offset: 40, line: 3, column: 1, end: 77 });
  });

  it('reads a Firefox "Copy as cURL (POSIX)" paste (\\xHH and \\041 escapes)', () => {
    const text = String.raw`curl 'https://x.test/search' --compressed -X POST -H 'User-Agent: Mozilla/5.0 (X11; Linux x86_64)' --data-raw $'q=caf\xe9 \u20ac5 \041'`;
    expect(values(tokenizeBash(text))).toEqual([
      [
        'curl',
        'https://x.test/search',
        '--compressed',
        '-X',
        'POST',
        '-H',
        'User-Agent: Mozilla/5.0 (X11; Linux x86_64)',
        '--data-raw',
        // Firefox writes é as \xe9, which bash turns into the byte E9 (not UTF-8): curl sends that byte.
        'q=caf\udce9 €5 !',
      ],
    ]);
  });

  it('gives every word the same span spanAt computes and its text as raw', () => {
    const text = "curl \\\r\n  -H 'a: b' \\\n\t--data \"x y\"; curl  z\n\n  # comment\ncurl 'é' w";
    const result = tokenizeBash(text);
    expect(result.commands).toHaveLength(3);
    for (const word of result.commands.flatMap((c) => c.words)) {
      expect(word.span).toEqual(spanAt(text, word.span.offset, word.span.end));
      expect(word.raw).toBe(text.slice(word.span.offset, word.span.end));
    }
  });
});

describe('tokenizeBash: quoting (checked against bash 5.2)', () => {
  it.each([
    [String.raw`"a\"b"`, 'a"b'],
    [String.raw`"\$x"`, '$x'],
    [String.raw`"a\\b"`, 'a\\b'],
    [String.raw`"a\nb"`, 'a\\nb'],
    ['"a\\`b"', 'a`b'],
    ['"line\\\nnext"', 'linenext'],
    ["'a\\nb $HOME `x`'", 'a\\nb $HOME `x`'],
    ["'it'\\''s'", "it's"],
    [String.raw`a\ b\#c`, 'a b#c'],
    ['x#y', 'x#y'],
    ['"" ', ''],
    ["''", ''],
    ["a\"b\"'c'$'d'", 'abcd'],
    ['$"translated"', 'translated'],
    ['https://x.test/*.json', 'https://x.test/*.json'],
  ])('%s reads as %j', (word, expected) => {
    expect(values(tokenizeBash(`curl ${word}`))).toEqual([['curl', expected]]);
  });

  it("decodes every $'...' escape like bash", () => {
    const text = String.raw`printf $'\n\r\t\\\'\"\?\a\b\e\E\f\v|\101\0101|\x41\x4g|\u00e9\U0001F600|\cA|\q\x'`;
    expect(values(tokenizeBash(text))[0]![1]).toBe('\n\r\t\\\'"?\x07\b\x1b\x1b\f\v|A\b1|A\x04g|é😀|\x01|\\q\\x');
  });

  // `printf %s WORD | od` with bash 5.2 in a UTF-8 locale gives these bytes; the word's value carries a byte
  // that is not UTF-8 text as the raw-byte character U+DC00 + byte (src/core/raw-bytes.ts).
  it.each([
    [String.raw`$'\xff\xfe'`, '\udcff\udcfe', [0xff, 0xfe]],
    [String.raw`$'\377\376'`, '\udcff\udcfe', [0xff, 0xfe]],
    [String.raw`$'\xc3\xa9'`, 'é', [0xc3, 0xa9]],
    [String.raw`$'\303\251'`, 'é', [0xc3, 0xa9]],
    [String.raw`$'caf\xe9'`, 'caf\udce9', [0x63, 0x61, 0x66, 0xe9]],
    [String.raw`$'é\xff'`, 'é\udcff', [0xc3, 0xa9, 0xff]],
    [String.raw`$'\x80\u00e9'`, '\udc80é', [0x80, 0xc3, 0xa9]],
    [String.raw`$'\xe2\x82\xac\xe2\x82'`, '€\udce2\udc82', [0xe2, 0x82, 0xac, 0xe2, 0x82]],
    [String.raw`$'\xc3'$'\xa9'x`, 'éx', [0xc3, 0xa9, 0x78]],
    [String.raw`$'\udc80'`, '\udced\udcb2\udc80', [0xed, 0xb2, 0x80]],
    [String.raw`$'\ud800x'`, '\udced\udca0\udc80x', [0xed, 0xa0, 0x80, 0x78]],
    [String.raw`$'\U0001F600'`, '😀', [0xf0, 0x9f, 0x98, 0x80]],
    [String.raw`$'\U110000'`, '\udcf4\udc90\udc80\udc80', [0xf4, 0x90, 0x80, 0x80]],
    [String.raw`$'\U7FFFFFFF'`, '\udcfd\udcbf\udcbf\udcbf\udcbf\udcbf', [0xfd, 0xbf, 0xbf, 0xbf, 0xbf, 0xbf]],
    [String.raw`$'\U80000000x'`, 'x', [0x78]],
    [String.raw`$'\c?\ca'`, '\x7f\x01', [0x7f, 0x01]],
    [String.raw`$'\cé'`, '\x03\udca9', [0x03, 0xa9]],
  ])('%s gives the bytes bash gives', (word, value, bytes) => {
    expect(values(tokenizeBash(`curl ${word}`))).toEqual([['curl', value]]);
    expect([...utf8Bytes(value)]).toEqual(bytes);
    const bash = execFileSync('bash', ['-c', `printf %s ${word}`], { env: { ...process.env, LC_ALL: 'C.UTF-8' } });
    expect([...bash]).toEqual(bytes);
  });

  it('reads a lone surrogate in the text as U+FFFD, so that it never pairs up with a byte from an escape', () => {
    // No terminal passes a lone surrogate on; kept, '\ud83d' and the byte F0 would read as the pair U+1F4F0.
    const result = tokenizeBash("curl $'a\ud83d\\U0001e973' '\ud83d'$'\\xf0\\x9e\\xa5\\xb3' '\udcf0'");
    expect(values(result)).toEqual([['curl', 'a\ufffd\u{1e973}', '\ufffd\u{1e973}', '\ufffd']]);
    expect(tokenize("curl.exe '\ud83d'", 'powershell').commands[0]!.words[1]!.value).toBe('\ufffd');
  });

  it("warns where a $'...' string gives bytes that are not UTF-8 text, and only there", () => {
    const result = tokenizeBash(String.raw`curl -d $'caf\xe9' -H $'X: \xc3\xa9' -d $'\x01'`);
    expect(result.warnings).toMatchObject([{ code: 'raw-bytes', span: { offset: 8, end: 18 } }]);
    expect(result.warnings[0]!.message).toContain('\\xHH');
  });

  it("ends a $'...' string at a NUL, as bash does, and warns", () => {
    const result = tokenizeBash(String.raw`curl --data-raw $'a\0b'c`);
    expect(values(result)).toEqual([['curl', '--data-raw', 'ac']]);
    expect(result.warnings).toMatchObject([{ code: 'nul-truncated', span: { offset: 16, column: 17, end: 23 } }]);
  });

  it('keeps a backslash at the very end of the input and joins a word split by backslash-newline', () => {
    expect(values(tokenizeBash('curl ab\\\ncd x\\'))).toEqual([['curl', 'abcd', 'x\\']]);
  });

  it('handles CRLF line endings in continuations and separators', () => {
    const result = tokenizeBash("curl 'https://x.test/' \\\r\n  -H 'a: b' \\\r\n  -d x\r\ncurl y\r\n");
    expect(values(result)).toEqual([
      ['curl', 'https://x.test/', '-H', 'a: b', '-d', 'x'],
      ['curl', 'y'],
    ]);
    expect(result.commands[1]!.words[1]!.span).toEqual({ offset: 54, line: 4, column: 6, end: 55 });
  });
});

describe('tokenizeBash: variables and substitutions are never expanded', () => {
  it('turns $VAR, ${VAR} and ${VAR:-default} into markers with positioned warnings', () => {
    const text = 'curl -H "Authorization: Bearer $TOKEN" "${HOST:-localhost}/v1/$ID" ${ID}';
    const result = tokenizeBash(text);
    expect(values(result)).toEqual([
      ['curl', '-H', `Authorization: Bearer ${v('TOKEN')}`, `${v('HOST')}/v1/${v('ID')}`, v('ID')],
    ]);
    expect(result.variables).toEqual([
      { name: 'TOKEN', source: '$TOKEN', kind: 'variable' },
      { name: 'HOST', source: '${HOST:-localhost}', kind: 'variable' },
      { name: 'ID', source: '$ID', kind: 'variable' },
    ]);
    expect(codes(result)).toEqual(['shell-variable', 'shell-variable', 'shell-variable', 'shell-variable']);
    expect(result.warnings[0]).toEqual({
      code: 'shell-variable',
      message: '$TOKEN was not expanded: it is left as the variable TOKEN.',
      span: { offset: 31, line: 1, column: 32, end: 37 },
    });
  });

  it('names $(...) and backtick substitutions CMD_1, CMD_2, reusing a name for the same text', () => {
    const text = 'curl -H "X-Time: $(date +%s)" -H "X-User: `whoami`" -d "t=$(date +%s)" -d "$(echo "$(id -u)")"';
    const result = tokenizeBash(text);
    expect(values(result)[0]!.slice(1)).toEqual([
      '-H',
      `X-Time: ${v('CMD_1')}`,
      '-H',
      `X-User: ${v('CMD_2')}`,
      '-d',
      `t=${v('CMD_1')}`,
      '-d',
      v('CMD_3'),
    ]);
    expect(result.variables).toEqual([
      { name: 'CMD_1', source: '$(date +%s)', kind: 'command' },
      { name: 'CMD_2', source: '`whoami`', kind: 'command' },
      { name: 'CMD_3', source: '$(echo "$(id -u)")', kind: 'command' },
    ]);
    expect(result.warnings[1]).toMatchObject({
      code: 'command-substitution',
      message: '`whoami` was not run: its output is left as the variable CMD_2.',
      span: { offset: 42, column: 43, end: 50 },
    });
  });

  it('treats special parameters as variables and a lone $ as literal', () => {
    const result = tokenizeBash('curl "$1" $@ "$?" a$ "$" "cost: $ 5" $-x');
    expect(values(result)).toEqual([['curl', v('1'), v('@'), v('?'), 'a$', '$', 'cost: $ 5', `${v('-')}x`]]);
    expect(result.variables.map((r) => r.name)).toEqual(['1', '@', '?', '-']);
  });

  it("leaves $ literal inside single quotes and $'...' strings", () => {
    // In $'...', \$ is no escape: bash keeps the backslash.
    const result = tokenizeBash("curl -d '$HOME' --data $'$(id) \\$x'");
    expect(values(result)).toEqual([['curl', '-d', '$HOME', '--data', '$(id) \\$x']]);
    expect(result.variables).toEqual([]);
  });

  it('reads <(...) as a command substitution', () => {
    const result = tokenizeBash('curl -d @<(echo hi) https://x.test');
    expect(values(result)).toEqual([['curl', '-d', `@${v('CMD_1')}`, 'https://x.test']]);
  });
});

describe('tokenizeBash: separators, pipes, redirections, prompts', () => {
  it('separates commands at ;, &&, ||, & and newlines', () => {
    expect(values(tokenizeBash('a 1; b 2 && c 3 || d 4 & e 5\nf 6'))).toEqual([
      ['a', '1'],
      ['b', '2'],
      ['c', '3'],
      ['d', '4'],
      ['e', '5'],
      ['f', '6'],
    ]);
  });

  it('drops a pipe into jq with a warning naming it', () => {
    const result = tokenizeBash("curl -s https://x.test/items | jq '.[] | .id' | head -n 3\ncurl next");
    expect(values(result)).toEqual([
      ['curl', '-s', 'https://x.test/items'],
      ['curl', 'next'],
    ]);
    expect(result.warnings).toEqual([
      {
        code: 'pipe-ignored',
        message: "The pipe into `jq '.[] | .id' | head -n 3` was ignored: only the curl command is converted.",
        span: { offset: 29, line: 1, column: 30, end: 57 },
      },
    ]);
  });

  it('drops redirections such as > out.json, 2>/dev/null and 2>&1', () => {
    const result = tokenizeBash('curl https://x.test > out.json 2>/dev/null -o - 2>&1');
    expect(values(result)).toEqual([['curl', 'https://x.test', '-o', '-']]);
    expect(result.warnings.map((w) => [w.code, w.span?.offset, w.span?.end])).toEqual([
      ['redirect-ignored', 20, 30],
      ['redirect-ignored', 31, 42],
      ['redirect-ignored', 48, 52],
    ]);
  });

  it('registers no variable for what a dropped redirection reads or writes', () => {
    // "Copy as curl" feeds a body with NUL bytes as `< <(printf …)`: the redirection is dropped, so its
    // process substitution (and a variable naming a redirect target) is no variable of the command.
    const result = tokenizeBash('curl -d @- https://x.test < <(printf \'a\\000b\') > "$OUT"');
    expect(values(result)).toEqual([['curl', '-d', '@-', 'https://x.test']]);
    expect(result.variables).toEqual([]);
    expect(codes(result)).toEqual(['redirect-ignored', 'redirect-ignored']);
    // A substitution in an argument is still one.
    const kept = tokenizeBash('curl -d "$(cat a)" https://x.test < <(printf x)');
    expect(kept.variables.map((variable) => variable.name)).toEqual(['CMD_1']);
    expect(values(kept)[0]![2]).toBe(v('CMD_1'));
  });

  it('reads a here-document body as the command\'s standard input, not as commands', () => {
    const result = tokenizeBash('curl -d @- https://x.test <<\'EOF\'\n{"a": "it\'s $x"}\nEOF\ncurl after');
    expect(values(result)).toEqual([
      ['curl', '-d', '@-', 'https://x.test'],
      ['curl', 'after'],
    ]);
    expect(result.commands[0]!.stdin).toMatchObject({ text: '{"a": "it\'s $x"}\n', span: { line: 1, column: 27 } });
    expect(result.commands[1]!.stdin).toBeUndefined();
    expect(codes(result)).toEqual([]);
  });

  it('expands the escapes of an unquoted here-document and warns about what the shell would expand', () => {
    const result = tokenizeBash('curl -d @- https://x.test <<EOF\nprice \\$5 \\\\ ok\njoined \\\nline\nEOF');
    expect(result.commands[0]!.stdin).toMatchObject({ text: 'price $5 \\ ok\njoined line\n' });
    expect(codes(result)).toEqual([]);
    const expanding = tokenizeBash('curl -d @- https://x.test <<EOF\nhome=$HOME\nEOF');
    expect(expanding.commands[0]!.stdin).toMatchObject({ text: 'home=$HOME\n' });
    expect(codes(expanding)).toEqual(['stdin-expansion']);
  });

  it('reads a here-string and < file as standard input; a pipeline\'s redirections are not curl\'s', () => {
    expect(tokenizeBash("curl -d @- https://x.test <<< 'a=1'").commands[0]!.stdin).toMatchObject({ text: 'a=1\n' });
    expect(tokenizeBash('curl -T - https://x.test < "my file.txt"').commands[0]!.stdin).toMatchObject({
      file: 'my file.txt',
    });
    expect(tokenizeBash('curl https://x.test | jq . < other.json').commands[0]!.stdin).toBeUndefined();
  });

  it('strips a "$ " prompt copied from API docs', () => {
    const result = tokenizeBash('$ curl https://x.test\n$ curl -I https://y.test');
    expect(values(result)).toEqual([
      ['curl', 'https://x.test'],
      ['curl', '-I', 'https://y.test'],
    ]);
    expect(result.commands[1]!.span).toEqual({ offset: 24, line: 2, column: 3, end: 46 });
  });

  it('returns no commands for empty input, blanks or comments only', () => {
    expect(tokenizeBash('').commands).toEqual([]);
    expect(tokenizeBash('  \n\t\r\n').commands).toEqual([]);
    expect(tokenizeBash('# Get a token first:\n   # then call the API\n').commands).toEqual([]);
  });

  it('keeps a # inside a word and drops a trailing comment', () => {
    expect(values(tokenizeBash('curl https://x.test/#top # fetch the page'))).toEqual([
      ['curl', 'https://x.test/#top'],
    ]);
  });

  it('keeps an & glued into an unquoted URL, with a warning (bash would background the command)', () => {
    const result = tokenizeBash('curl https://x.test/?a=1&b=2');
    expect(values(result)).toEqual([['curl', 'https://x.test/?a=1&b=2']]);
    expect(result.warnings).toMatchObject([{ code: 'unquoted-ampersand', span: { offset: 24, end: 25 } }]);
  });

  it('reads "\\" followed by trailing spaces as the continuation that was meant, with a warning', () => {
    const result = tokenizeBash('curl https://x.test \\  \n  -H "a: b"');
    expect(values(result)).toEqual([['curl', 'https://x.test', '-H', 'a: b']]);
    expect(result.warnings).toMatchObject([
      { code: 'continuation-trailing-space', span: { offset: 20, line: 1, column: 21, end: 23 } },
    ]);
  });
});

describe('tokenizeBash: errors', () => {
  it.each([
    ["curl -d 'abc", 'unterminated-quote', 8, 9],
    ['curl -d "abc', 'unterminated-quote', 8, 9],
    ["curl -d $'abc", 'unterminated-quote', 8, 10],
    ['curl -H "x: $(date"', 'unterminated-substitution', 12, 14],
    ['curl `date', 'unterminated-substitution', 5, 6],
    ['curl ${HOST', 'unterminated-substitution', 5, 7],
    ['curl ${}', 'bad-substitution', 5, 8],
  ])('%j fails with %s at [%i, %i)', (text, code, offset, end) => {
    const error = errorOf(() => tokenizeBash(text));
    expect(error.code).toBe(code);
    expect(error.span).toEqual(spanAt(text, offset, end));
  });

  it("points at the ' inside a single-quoted JSON body and says how to fix it", () => {
    const text = 'curl -X POST https://x.test \\\n  -d \'{"msg": "it\'s here"}\'';
    const error = errorOf(() => tokenizeBash(text));
    expect(error.code).toBe('quote-in-single-quotes');
    expect(error.span).toEqual({ offset: 47, line: 2, column: 18, end: 48 });
    expect(error.detail).toContain("'\\''");
    expect(error.detail).toContain("$'...'");
    expect(error.detail).toContain('-d @file');
    expect(error.message).toMatch(/\(line 2, column 18\)$/);
  });

  it("warns at the ' when the broken body still tokenizes", () => {
    const result = tokenizeBash('curl -d \'{"a": "it\'s Bob\'s"}\' https://x.test');
    expect(values(result)).toEqual([['curl', '-d', '{"a": "its', 'Bobs"}', 'https://x.test']]);
    expect(result.warnings).toMatchObject([{ code: 'quote-in-single-quotes', span: { offset: 18, end: 19 } }]);
  });

  it('throws only CurlParseError and stays linear on hostile input', () => {
    const hostile = ['$('.repeat(100_000), '${'.repeat(100_000), '"$(`'.repeat(50_000), "'".repeat(100_001), '\\'];
    for (const text of hostile) {
      try {
        tokenizeBash(text);
      } catch (error) {
        expect(error).toBeInstanceOf(CurlParseError);
      }
    }
  });

  it('throws nothing but CurlParseError for random shell-ish text', () => {
    const alphabet = [
      'a',
      ' ',
      "'",
      '"',
      '\\',
      '$',
      '(',
      ')',
      '{',
      '}',
      '`',
      '#',
      '\n',
      '|',
      '&',
      ';',
      '<',
      '>',
      '\r\n',
    ];
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % alphabet.length;
    for (let n = 0; n < 2000; n++) {
      let text = '';
      for (let k = 0; k < 12; k++) text += alphabet[random()];
      try {
        tokenizeBash(text);
      } catch (error) {
        expect(error).toBeInstanceOf(CurlParseError);
      }
    }
  });

  it('tokenizes 1 MB of input well under a second', () => {
    const headers = "  -H 'X-Trace: abc' \\\n".repeat(50_000);
    const text = `curl https://x.test \\\n${headers}  --data-raw $'${'a\\nb'.repeat(20_000)}'`;
    expect(text.length).toBeGreaterThan(1_000_000);
    const start = performance.now();
    const result = tokenizeBash(text);
    expect(performance.now() - start).toBeLessThan(1000);
    expect(result.commands[0]!.words).toHaveLength(100_004);
  });
});
