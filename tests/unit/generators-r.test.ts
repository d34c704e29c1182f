import { describe, expect, it } from 'vitest';
import { parseCurl } from '../../src/core/curl/parse.ts';
import { specFromCurl } from '../../src/core/request-spec/from-curl.ts';
import { rHttr } from '../../src/core/generators/r/httr.ts';
import { RNames, rCall, rName, rString, rText } from '../../src/core/generators/r/kit.ts';
import { variableMarker } from '../../src/core/variables.ts';

function generate(command: string) {
  return rHttr.generate(specFromCurl(parseCurl(command).requests[0]!));
}

describe('R literals and names', () => {
  it('escapes quotes, backslashes and controls, and writes non-ASCII as \\u escapes', () => {
    // \u, not \x, for controls: R refuses a string that mixes \x and \u escapes.
    expect(rString('"\\\n\u0001')).toBe('"\\"\\\\\\n\\u{0001}"');
    expect(rString('Zürich 😀')).toBe('"Z\\u{00fc}rich \\U{1f600}"');
    expect(rString('`r` {x}')).toBe('"`r` {x}"');
  });

  it('pastes shell variables read with Sys.getenv', () => {
    const names = new RNames();
    expect(names.declare(['USER_ID'])).toEqual(['user_id <- Sys.getenv("USER_ID")']);
    expect(rText(`/u/${variableMarker('USER_ID')}`, names)).toBe('paste0("/u/", user_id)');
    expect(new RNames().pick('TRUE')).toBe('true');
  });

  it('quotes names that are not syntactic', () => {
    const names = new RNames();
    expect(rName('title', names)).toBe('title');
    expect(rName('X-A', names)).toBe('"X-A"');
    expect(rName('if', names)).toBe('"if"');
  });

  it('pastes text longer than R’s parser takes as one constant from pieces', () => {
    const text = `${'a'.repeat(1999)}😀${'b'.repeat(10)}`;
    expect(rText(text, new RNames())).toBe(`paste0("${'a'.repeat(1999)}\\U{1f600}", "${'b'.repeat(10)}")`);
  });

  it('lays calls out on one line up to 80 columns, else one argument per line', () => {
    expect(rCall('f', [['a'], ['b']])).toEqual(['f(a, b)']);
    expect(rCall('f', [['a'.repeat(50)], ['b'.repeat(50)]])).toEqual([
      'f(',
      `  ${'a'.repeat(50)},`,
      `  ${'b'.repeat(50)}`,
      ')',
    ]);
  });
});

describe('r-httr', () => {
  it('describes itself', () => {
    expect(rHttr).toMatchObject({ id: 'r-httr', language: 'r', extension: 'R' });
  });

  it('sets back what httr does differently from curl: redirects and Accept', () => {
    expect(generate('curl https://api.example.com/items').code).toBe(`library(httr)

response <- GET(
  "https://api.example.com/items",
  add_headers(Accept = "*/*"),
  config(followlocation = 0L)
)

cat(status_code(response), "\\n")
cat(content(response, as = "text", encoding = "UTF-8"), "\\n")
`);
  });

  it('joins repeated headers itself (httr keeps the last) and warns', () => {
    const { code, warnings } = generate("curl -H 'X-A: 1' -H 'X-A: 2' https://api.example.com/");
    expect(code).toContain('"X-A" = "1, 2"');
    expect(warnings.map((w) => w.code)).toContain('header-merged');
  });

  it('warns that httr sends a GET without its body', () => {
    const { code, warnings } = generate("curl -X GET -d 'q=1' https://api.example.com/");
    expect(code).not.toContain('body =');
    expect(warnings.map((w) => w.code)).toContain('body-dropped');
  });

  it('lets libcurl read cookie files', () => {
    expect(generate('curl -b cookies.txt -b lang=en http://127.0.0.1/').code).toContain(
      'config(cookiefile = "cookies.txt", cookie = "lang=en", followlocation = 0L)',
    );
  });

  it('writes a body holding NUL as raw bytes', () => {
    // A bash word cannot hold NUL; a REST client body can.
    const spec = specFromCurl(parseCurl('curl --data-binary x https://api.example.com/').requests[0]!);
    expect(rHttr.generate({ ...spec, body: { kind: 'text', text: 'a\0b' } }).code).toContain(
      'body = c(charToRaw("a"), as.raw(0), charToRaw("b"))',
    );
  });
});
