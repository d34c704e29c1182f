import { describe, expect, it } from 'vitest';
import { parseCurl } from '../../src/core/curl/parse.ts';
import { specFromCurl } from '../../src/core/request-spec/from-curl.ts';
import { perlLwp } from '../../src/core/generators/perl/lwp.ts';
import { PlNames, plString, plText } from '../../src/core/generators/perl/kit.ts';
import { variableMarker } from '../../src/core/variables.ts';

function generate(command: string) {
  return perlLwp.generate(specFromCurl(parseCurl(command).requests[0]!));
}

describe('Perl literals and names', () => {
  it('writes plain text in single quotes, which interpolate nothing', () => {
    expect(plString('$x @y ${z}')).toBe("'$x @y ${z}'");
    expect(plString('Zürich')).toBe("'Zürich'");
  });

  it('switches to double quotes with $ and @ escaped when a quote, backslash or control needs it', () => {
    expect(plString("it's $x@y\n")).toBe('"it\'s \\$x\\@y\\n"');
    expect(plString('a\\b"')).toBe('"a\\\\b\\""');
  });

  it('writes escaped characters as their UTF-8 bytes (the program works on bytes)', () => {
    expect(plString('\u202e\u0000')).toBe('"\\xE2\\x80\\xAE\\x00"');
    expect(plString('\ud800')).toBe('"\\xEF\\xBF\\xBD"');
  });

  it('interpolates shell variables read from %ENV', () => {
    const names = new PlNames();
    expect(names.declare(['TOKEN'])).toEqual(["my $token = $ENV{TOKEN} // '';"]);
    expect(plText(`Bearer ${variableMarker('TOKEN')}$`, names)).toBe('"Bearer ${token}\\$"');
    expect(new PlNames().pick('ua')).toBe('ua_2');
  });
});

describe('perl-lwp', () => {
  it('describes itself', () => {
    expect(perlLwp).toMatchObject({ id: 'perl-lwp', language: 'perl', extension: 'pl' });
  });

  it('writes a strict program that follows no redirects unless -L', () => {
    expect(generate("curl -H 'X-A: 1' -H 'X-A: 2' https://api.example.com/").code).toBe(`use strict;
use warnings;

use HTTP::Request;
use LWP::UserAgent;

my $ua = LWP::UserAgent->new(max_redirect => 0);

my $request = HTTP::Request->new(GET => 'https://api.example.com/');
$request->header('X-A' => '1');
$request->push_header('X-A' => '2');

my $response = $ua->request($request);
print $response->code, "\\n";
print $response->content, "\\n";
`);
  });

  it('builds multipart bodies with HTTP::Request::Common, part headers included', () => {
    const { code } = generate(`curl -F 'f=@note.txt;type=text/x;headers="X-Part: 1"' https://api.example.com/`);
    expect(code).toContain('use HTTP::Request::Common qw(POST);');
    expect(code).toContain("f => ['note.txt', 'note.txt', 'Content-Type' => 'text/x', 'X-Part' => '1'],");
  });

  it('sends a part whose content is "0" (false in Perl) from an in-memory file, or plainly with a warning', () => {
    // With a Content-Type: a reference to the text, and an empty file name (none is sent).
    const typed = generate("curl -F 'zero=0;type=text/plain' -F 'n=00;type=text/plain' https://x.test/");
    expect(typed.code).toContain(`zero => [\\'0', '', 'Content-Type' => 'text/plain'],`);
    expect(typed.code).toContain(`n => [undef, undef, 'Content-Type' => 'text/plain', Content => '00'],`);
    expect(typed.warnings).toEqual([]);
    // Without one, HTTP::Request::Common would guess a type from the reference and fail: a plain field.
    const headed = generate('curl -F \'zero=0;headers="X-Part: 0"\' https://x.test/');
    expect(headed.code).toContain("zero => '0',");
    expect(headed.code).not.toContain('X-Part');
    expect(headed.warnings.map((w) => [w.code, w.span?.column])).toEqual([['multipart-zero-content', 9]]);
    expect(headed.warnings[0]!.message).toContain('part "zero" is sent as a plain field');
  });

  it('keeps _ in a header name (HTTP::Headers would make it -) and sends a user name with a colon', () => {
    expect(generate("curl -H 'X_A: 1' https://api.example.com/").code).toContain("$request->header(':X_A' => '1');");
    expect(generate("curl -H 'Authorization:' https://a:b:c@api.example.com/").code).not.toContain('encode_base64');
    const { code } = generate('curl -u "$USER_NAME:pw" https://api.example.com/');
    expect(code).toContain('use MIME::Base64 qw(encode_base64);');
    expect(code).toContain(`$request->header(Authorization => 'Basic ' . encode_base64("\${user_name}:pw", ''));`);
  });

  it('reads files as raw bytes, stripping newlines for -d @file', () => {
    const { code } = generate('curl -d @form.txt https://api.example.com/');
    expect(code).toContain("$request->content(slurp('form.txt') =~ tr/\\r\\n//dr);");
    expect(code).toContain("open my $fh, '<:raw', $path");
  });
});
