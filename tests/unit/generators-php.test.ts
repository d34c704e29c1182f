import { describe, expect, it } from 'vitest';
import { parseCurl } from '../../src/core/curl/parse.ts';
import { rawByte } from '../../src/core/raw-bytes.ts';
import { specFromCurl } from '../../src/core/request-spec/from-curl.ts';
import { phpCurl } from '../../src/core/generators/php/curl.ts';
import { phpGuzzle } from '../../src/core/generators/php/guzzle.ts';
import {
  assoc,
  atom,
  layout,
  list,
  PhpNames,
  phpString,
  phpText,
  phpUrlencode,
} from '../../src/core/generators/php/kit.ts';
import { variableMarker } from '../../src/core/variables.ts';

const spec = (command: string) => specFromCurl(parseCurl(command).requests[0]!);

describe('PHP string literals', () => {
  it('uses single quotes where the text needs no escape, doubling only the backslashes PHP would read', () => {
    expect(phpString('a $b {$c}')).toBe("'a $b {$c}'");
    expect(phpString("it's")).toBe("'it\\'s'");
    expect(phpString('a\\nb\\')).toBe("'a\\nb\\\\'");
    expect(phpString('\\\\')).toBe("'\\\\\\\\'");
  });

  it('switches to double quotes for control characters, escaping $ so nothing interpolates', () => {
    expect(phpString('a\n$x"\\')).toBe('"a\\n\\$x\\"\\\\"');
    expect(phpString('\u0001')).toBe('"\\x01"');
    expect(phpString('\u202e')).toBe('"\\u{202E}"');
  });

  it('writes raw bytes as \\x escapes and keeps UTF-8 text readable', () => {
    expect(phpString(`${rawByte(0xff)}é`)).toBe('"\\xFFé"');
    expect(phpString('naïve 😀')).toBe("'naïve 😀'");
  });
});

describe('PHP kit', () => {
  it('reads shell variables once with getenv and joins them with text', () => {
    const names = new PhpNames();
    expect(phpText(`a${variableMarker('TOKEN')}b`, names)).toBe("'a' . $token . 'b'");
    expect(phpText(variableMarker('this'), names)).toBe('$this_2');
    expect(names.declare(['TOKEN'])).toEqual(["$token = (string) getenv('TOKEN');"]);
  });

  it('encodes as urlencode does', () => {
    expect(phpUrlencode('a b~*é')).toBe('a+b%7E%2A%C3%A9');
  });

  it('splits an associative array one entry per line with trailing commas', () => {
    expect(
      layout(
        assoc([
          ["'a'", atom('1')],
          ["'b'", list([atom('2')])],
        ]),
        '',
        '$x = ',
        ';',
      ),
    ).toEqual(['$x = [', "    'a' => 1,", "    'b' => [2],", '];']);
  });
});

describe('php-curl', () => {
  it('keeps repeated header lines and suppresses the form Content-Type for a PUT body without one', () => {
    const { code } = phpCurl.generate(spec("curl -T note.txt -H 'X: 1' -H 'X: 2' https://a.example/"));
    expect(code).toContain("CURLOPT_HTTPHEADER => ['X: 1', 'X: 2', 'Content-Type:']");
    expect(code).toContain("CURLOPT_POSTFIELDS => file_get_contents('note.txt')");
    expect(code).toContain("CURLOPT_CUSTOMREQUEST => 'PUT'");
  });

  it('writes file parts as CURLFile and warns what a text part cannot carry', () => {
    const { code, warnings } = phpCurl.generate(
      spec("curl -F 'm=1;type=application/json' -F 'f=@dir/a.png;filename=b.png' https://a.example/"),
    );
    expect(code).toContain("'f' => new CURLFile('dir/a.png', null, 'b.png')");
    expect(warnings.map((w) => w.code)).toContain('multipart-part-type');
  });
});

describe('php-guzzle', () => {
  it('uses json only when json_encode writes the same text', () => {
    expect(phpGuzzle.generate(spec(`curl --json '{"a":1}' https://a.example/`)).code).toContain("'json' => ['a' => 1]");
    expect(phpGuzzle.generate(spec(`curl --json '{"a":"/"}' https://a.example/`)).code).toContain(
      `'body' => '{"a":"/"}'`,
    );
  });

  it('groups repeated headers as a list and turns off redirects and HTTP errors', () => {
    const { code } = phpGuzzle.generate(spec("curl -H 'X: 1' -H 'x: 2' https://a.example/"));
    expect(code).toContain("'headers' => ['X' => ['1', '2']]");
    expect(code).toContain("'allow_redirects' => false");
    expect(code).toContain("'http_errors' => false");
  });

  it("writes curl's Content-Disposition where Guzzle would change a quoted file name", () => {
    const { code } = phpGuzzle.generate(spec(`curl -F 'f=@note.txt;filename="a\\"b/c"' https://a.example/`));
    expect(code).toContain(`'Content-Disposition' => 'form-data; name="f"; filename="a%22b/c"'`);
  });

  it('warns that an empty query is dropped', () => {
    const { warnings } = phpGuzzle.generate(spec('curl https://a.example/items?'));
    expect(warnings.map((w) => w.code)).toEqual(['url-normalised']);
  });
});
