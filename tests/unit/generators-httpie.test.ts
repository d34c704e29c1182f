import { describe, expect, it } from 'vitest';
import { parseCurl } from '../../src/core/curl/parse.ts';
import { specFromCurl } from '../../src/core/request-spec/from-curl.ts';
import { httpie } from '../../src/core/generators/shell/httpie.ts';
import { bashWord, groupedCommandLines, shellScript } from '../../src/core/generators/shell/bash.ts';
import { variableMarker } from '../../src/core/variables.ts';

const gen = (command: string) => httpie.generate(specFromCurl(parseCurl(command).requests[0]!));
const codes = (command: string) => gen(command).warnings.map((w) => w.code);

describe('httpie script layout', () => {
  it('writes a request item with a variable as one double-quoted word', () => {
    expect(bashWord(`Authorization:Bearer ${variableMarker('TOKEN')}`)).toBe('"Authorization:Bearer ${TOKEN}"');
  });

  it('keeps a short command on one line and breaks a long one with backslashes', () => {
    expect(groupedCommandLines([['http', 'x'], ['a=1']])).toEqual(['http x a=1']);
    const long = groupedCommandLines(
      [['http', 'https://example.com/' + 'p'.repeat(60)], ['X-A:1'], ['b=2']],
      '  ',
      '',
      ' > out',
    );
    expect(long).toEqual([`http https://example.com/${'p'.repeat(60)} \\`, '  X-A:1 \\', '  b=2 > out']);
  });

  it('starts a script with a bash shebang and names the variables it reads', () => {
    expect(shellScript(['TOKEN'], ['http x'])).toBe(
      '#!/usr/bin/env bash\n\n# Read from the environment:\n# TOKEN\n\nhttp x\n',
    );
  });
});

describe('httpie', () => {
  it('GET: no method word, stdin ignored', () => {
    expect(gen('curl https://api.example.com/items').code).toBe(
      '#!/usr/bin/env bash\n\nhttp --ignore-stdin https://api.example.com/items\n',
    );
  });

  it('escapes separator characters in header names and a leading = or @ in values', () => {
    const code = gen("curl -H 'X=A@b: =v' -H 'X-At: @f' https://e.example/").code;
    expect(code).toContain("'X\\=A\\@b:\\=v'");
    expect(code).toContain("'X-At:\\@f'");
  });

  it('sends an empty header with ; and removes a default with a bare name:', () => {
    const code = gen("curl -H 'X-Empty;' -H 'User-Agent:' https://e.example/").code;
    expect(code).toContain("'X-Empty;'");
    expect(code).toContain('User-Agent:');
  });

  it('uses form items only where requests encodes the same bytes, else the raw body', () => {
    expect(gen("curl -d 'a=1' -d 'b=x+y' https://e.example/").code).toMatch(
      /--form POST .*\n.*\n {2}a=1 \\\n {2}'b=x y'/,
    );
    // requests would send the space as +.
    expect(gen("curl -d 'a=1' -d 'b=x y' https://e.example/").code).toContain("--raw='a=1&b=x y'");
  });

  it('keeps a raw body without a Content-Type free of the JSON default', () => {
    expect(gen('curl -T note.txt https://e.example/up').code).toContain('Content-Type:');
  });

  it('warns about what its items cannot write', () => {
    expect(codes("curl -H 'X-A: a\\=b' https://e.example/")).toContain('item-escape');
    expect(codes("curl -F 'f=@note.txt;filename=other.txt' https://e.example/")).toContain('multipart-filename-fixed');
    expect(codes('curl -b cookies.txt https://e.example/')).toContain('cookie-file');
  });
});
