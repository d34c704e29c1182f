import { describe, expect, it } from 'vitest';
import { parseCurl } from '../../src/core/curl/parse.ts';
import { bashWord, commandLines } from '../../src/core/generators/shell/bash.ts';
import { wget, wgetTarget } from '../../src/core/generators/shell/wget.ts';
import { specFromCurl } from '../../src/core/request-spec/from-curl.ts';
import { tokenize } from '../../src/core/shell/index.ts';
import { variableMarker } from '../../src/core/variables.ts';
import { NASTY_STRINGS } from '../fixtures/adversarial.ts';

const script = (command: string) => wget.generate(specFromCurl(parseCurl(command).requests[0]!));
const codes = (result: { warnings: { code: string }[] }) => result.warnings.map((w) => w.code);

/** What bash makes of one word: the project's bash reader, variables as markers. */
function readBack(word: string): string[] {
  return tokenize(`wget ${word}`, 'bash')
    .commands[0]!.words.slice(1)
    .map((w) => w.value);
}

describe('bash words', () => {
  it('reads back as exactly the text, one word, for every hostile string', () => {
    for (const [name, text] of NASTY_STRINGS) {
      if (text.includes('\0')) continue; // A bash argument cannot hold NUL.
      expect(readBack(bashWord(text)), name).toEqual([text]);
    }
  });

  it('writes variables as "${NAME}", in one double-quoted word when the text allows it', () => {
    expect(bashWord(`Bearer ${variableMarker('TOKEN')}`)).toBe('"Bearer ${TOKEN}"');
    expect(bashWord(`a"$${variableMarker('B')}`)).toBe(`'a"$'"\${B}"`);
    expect(readBack(bashWord(`a"$\`x\`${variableMarker('B')}`))).toEqual([`a"$\`x\`${variableMarker('B')}`]);
    expect(bashWord(variableMarker('my-var'))).toBe('"${my_var}"');
  });

  it("writes the empty string as ''", () => {
    expect(bashWord('')).toBe("''");
  });

  it('lays a command out one argument per continuation line', () => {
    expect(commandLines('wget', ['--quiet', '--method=POST', 'url'])).toEqual([
      'wget --quiet \\',
      '  --method=POST \\',
      '  url',
    ]);
  });
});

describe('wget', () => {
  it('names the target', () => {
    expect(wget).toMatchObject({ id: 'wget', language: 'shellscript', extension: 'sh' });
  });

  it('sends a JSON POST with --method, --header and --body-data, redirects off and the body printed', () => {
    expect(
      script(`curl -H 'Content-Type: application/json' -d '{"a":"it'\\''s"}' https://api.example.com/items`).code,
    ).toBe(
      [
        '#!/usr/bin/env bash',
        '',
        'wget --quiet \\',
        '  --method=POST \\',
        "  --header='Content-Type: application/json' \\",
        `  --body-data='{"a":"it'\\''s"}' \\`,
        '  --max-redirect=0 \\',
        '  --content-on-error \\',
        '  --output-document=- \\',
        '  https://api.example.com/items',
        '',
      ].join('\n'),
    );
  });

  it('sends basic credentials at once, as curl does', () => {
    const { code } = script("curl -u 'ann:p w' https://x.example/");
    expect(code).toContain("--user=ann \\\n  --password='p w' \\\n  --auth-no-challenge");
  });

  it('joins repeated headers (Wget keeps the last of a name) and warns', () => {
    const result = script("curl -H 'X-A: 1' -H 'x-a: 2' https://x.example/");
    expect(result.code).toContain("--header='X-A: 1, 2'");
    expect(codes(result)).toContain('header-merged');
  });

  it('builds a body from files and encoded values in a temporary file', () => {
    const { code } = script("curl -d @a.txt --data-urlencode 'q=a b' --data-urlencode n@b.txt https://x.example/");
    expect(code).toContain(
      [
        'body_file=$(mktemp)',
        `trap 'rm -f "$body_file"' EXIT`,
        '{',
        "  tr -d '\\r\\n' <a.txt",
        "  printf '&'",
        "  printf '%s' q=a+b",
        "  printf '&'",
        "  printf '%s' n=",
        '  urlencode <b.txt',
        '} >"$body_file"',
      ].join('\n'),
    );
    expect(code).toContain('urlencode() {');
    expect(code).toContain('--body-file="$body_file"');
  });

  it('warns instead of sending a multipart form, and for what it cannot remove', () => {
    expect(codes(script("curl -F 'a=b' https://x.example/"))).toContain('multipart-unsupported');
    expect(codes(script("curl -H 'Accept:' https://x.example/"))).toContain('header-not-removable');
    expect(codes(script('curl -T f.txt https://x.example/'))).toContain('header-not-removable');
    expect(script("curl -H 'User-Agent:' https://x.example/").code).toContain("--user-agent=''");
  });

  it('drops a header value with a line break (Wget refuses it) and warns', () => {
    const result = script("curl -H $'X-N: a\\nb' https://x.example/");
    expect(result.code).not.toContain('X-N');
    expect(codes(result)).toContain('header-dropped');
  });

  it('knows how Wget rewrites a request target', () => {
    expect(wgetTarget('/a?q=a%20b&x=%zz&y=[1]{2}|^`\\')).toBe('/a?q=a%20b&x=%25zz&y=[1]%7B2%7D%7C%5E%60%5C');
    expect(wgetTarget('/é')).toBe('/%C3%A9');
    expect(codes(script("curl 'https://x.example/a?x=%zz'"))).toContain('url-normalised');
    expect(codes(script("curl 'https://x.example/a?x=%41'"))).not.toContain('url-normalised');
  });
});
