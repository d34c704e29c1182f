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
