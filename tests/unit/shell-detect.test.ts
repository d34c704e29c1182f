import { describe, expect, it } from 'vitest';
import { detectDialect } from '../../src/core/shell/detect.ts';
import { tokenize } from '../../src/core/shell/index.ts';
import { variableMarker as v } from '../../src/core/variables.ts';

describe('detectDialect', () => {
  it.each([
    ['a plain one-line command', 'curl https://x.test', 'bash'],
    ['empty input', '', 'bash'],
    ['API docs with backslash continuations', 'curl -X POST https://x.test \\\n  -d a=1', 'bash'],
    ["Chrome's bash copy with $'...'", "curl 'https://x.test' -H 'a: b' --data-raw $'it\\'s'", 'bash'],
    ['a bash body that happens to contain ^"', 'curl https://x.test \\\n  -d \'{"a": "^", "b": "^"}\'', 'bash'],
    ['bash double quotes with \\" escapes', 'curl -d "{\\"a\\":1}" https://x.test', 'bash'],
    ["Chrome's cmd copy", 'curl ^"https://x.test/^" ^\n  -H ^"a: b^"', 'cmd'],
    ['a one-line Chrome cmd copy', 'curl ^"https://x.test/^" -H ^"a: b^"', 'cmd'],
    ["Firefox's current Windows copy (curl.exe with ^ quoting)", 'curl.exe ^"https://x.test/^" ^\n  -X POST', 'cmd'],
    ['Firefox\'s older Windows copy with "" doubling', 'curl "https://x.test/" --data-raw "{""a"":1}"', 'cmd'],
    ['backtick continuations', 'curl.exe https://x.test `\n  -H "a: b"', 'powershell'],
    ['$env: variables', 'curl -H "Authorization: Bearer $env:TOKEN" https://x.test', 'powershell'],
    ['the --% stop-parsing token', 'curl --% -d "a=1" https://x.test', 'powershell'],
    ['a PS prompt', 'PS C:\\Users\\me> curl https://x.test', 'powershell'],
    ['a command starting with curl.exe', 'curl.exe -s "https://x.test" -H "a: b"', 'powershell'],
    ['CRLF backtick continuations', 'curl.exe https://x.test `\r\n  -d x', 'powershell'],
  ])('recognises %s', (_what, text, dialect) => {
    expect(detectDialect(text)).toBe(dialect);
  });

  it.each([
    ['$env: in a single-quoted header', "curl http://a -H 'Accept: $env:X'"],
    ['a lone --% in a single-quoted body', "curl http://a -d 'a --% b'"],
    ['a backtick ending a line of a single-quoted body', "curl http://a -d 'a`\nb'"],
    ['a blank and ^ ending a line of a single-quoted body', "curl http://a -d 'a ^\nb'"],
    ['two ^" in single quotes', 'curl http://a -H \'X: ^"a^"\''],
    ["$env: and --% in $'...' with an escaped quote", "curl http://a -d $'it\\'s $env:X --% `\\n'"],
    [
      'a long Copy as curl command whose values look like PowerShell',
      "curl \\\n  -X PUT 'http://a/' \\\n  -H 'X: $env:A --% ^\"b^\"' \\\n  --data-raw 'x`\ny ^\nz'",
    ],
  ])('reads PowerShell and cmd signs inside single-quoted bash strings as text: %s', (_what, text) => {
    expect(detectDialect(text)).toBe('bash');
  });

  it('still sees the signs outside single quotes, and reads a quote that never closes as text', () => {
    expect(detectDialect('curl -H \'Accept: a\' -H "Authorization: $env:TOKEN" https://x.test')).toBe('powershell');
    expect(detectDialect("curl.exe 'https://x.test' `\n  -d 'a=1'")).toBe('powershell');
    expect(detectDialect('curl ^"https://x.test/^" ^\n  -H ^"a: it\'s^" ^\n  -H ^"b: don\'t^"')).toBe('cmd');
    expect(detectDialect('curl -d it\'s ^\n  -H ^"a: b^"')).toBe('cmd');
  });

  it('scans 1 MB quickly', () => {
    const text = `curl https://x.test \\\n${"  -H 'X-A: ^\"b' \\\n".repeat(60_000)}`;
    const start = performance.now();
    expect(detectDialect(text)).toBe('bash');
    expect(performance.now() - start).toBeLessThan(200);
  });
});

describe('tokenize', () => {
  it('detects the dialect when none is given', () => {
    const result = tokenize('curl ^"https://x.test/?a=1^&b=2^" ^\n  -H ^"x: %TOKEN%^"');
    expect(result.dialect).toBe('cmd');
    expect(result.commands.map((c) => c.words.map((w) => w.value))).toEqual([
      ['curl', 'https://x.test/?a=1&b=2', '-H', `x: ${v('TOKEN')}`],
    ]);
  });

  it('uses the dialect it is given', () => {
    const text = 'curl "a""b" \'c\'\'d\'';
    expect(tokenize(text, 'bash').commands[0]!.words.map((w) => w.value)).toEqual(['curl', 'ab', 'cd']);
    expect(tokenize(text, 'powershell').commands[0]!.words.map((w) => w.value)).toEqual(['curl', 'a"b', "c'd"]);
    expect(tokenize(text, 'cmd').commands[0]!.words.map((w) => w.value)).toEqual(['curl', 'a"b', "'c''d'"]);
  });

  it('returns no commands for blank input in every dialect', () => {
    for (const dialect of ['bash', 'cmd', 'powershell'] as const) {
      expect(tokenize(' \n', dialect)).toEqual({ dialect, commands: [], variables: [], warnings: [] });
    }
  });
});
