import { describe, expect, it } from 'vitest';
import { parseCurl } from '../../src/core/curl/parse.ts';
import { specFromCurl } from '../../src/core/request-spec/from-curl.ts';
import { rubyNetHttp } from '../../src/core/generators/ruby/net-http.ts';
import { RbNames, rbCall, rbString, rbStrings, rbText } from '../../src/core/generators/ruby/kit.ts';
import { variableMarker } from '../../src/core/variables.ts';

function generate(command: string) {
  return rubyNetHttp.generate(specFromCurl(parseCurl(command).requests[0]!));
}

describe('Ruby literals and names', () => {
  it('escapes every # so that no text interpolates', () => {
    expect(rbString('#{`touch PWNED`} #$x #@y')).toBe('"\\#{`touch PWNED`} \\#$x \\#@y"');
  });

  it('escapes quotes, backslashes, controls and direction marks', () => {
    expect(rbString('"\\\n\r\t\u001b\u0000\u202e')).toBe('"\\"\\\\\\n\\r\\t\\e\\u0000\\u202E"');
    expect(rbString('Zürich 😀')).toBe("'Zürich 😀'");
  });

  it('writes single quotes where no escape is needed (a backslash doubled), as RuboCop asks', () => {
    expect(rbString('plain')).toBe("'plain'");
    expect(rbString('back\\slash #x')).toBe("'back\\\\slash #x'");
    expect(rbString("it's")).toBe('"it\'s"');
    expect(rbString('a\tb')).toBe('"a\\tb"');
    expect(rbString('#{x}')).toBe('"\\#{x}"');
  });

  it('writes arrays of words as %w[] and %W[], as RuboCop asks', () => {
    expect(rbStrings(['q', 'x-y'])).toBe('%w[q x-y]');
    expect(rbStrings(['field', 'a\tb'])).toBe('%W[field a\\tb]');
    expect(rbStrings(['a', 'b c'])).toBe("['a', 'b c']");
    expect(rbStrings(['a-b-c', 'd'])).toBe("['a-b-c', 'd']");
    expect(rbStrings(['one'])).toBe("['one']");
  });

  it('writes a lone surrogate, which a Ruby string cannot hold, as U+FFFD', () => {
    expect(rbString('a\udc00')).toBe('"a\\uFFFD"');
  });

  it('interpolates shell variables into snake-case locals', () => {
    const names = new RbNames();
    expect(names.declare(['USER_ID'])).toEqual(["user_id = ENV.fetch('USER_ID', '')"]);
    expect(rbText(`/users/${variableMarker('USER_ID')}/#x`, names)).toBe('"/users/#{user_id}/\\#x"');
    expect(rbText(variableMarker('USER_ID'), names)).toBe('user_id');
    expect(new RbNames().pick('END')).toBe('end_2');
  });

  it('breaks a long call into one argument per line', () => {
    expect(rbCall('f', ['a'.repeat(70), 'b'.repeat(70)])).toEqual([
      'f(',
      `  ${'a'.repeat(70)},`,
      `  ${'b'.repeat(70)}`,
      ')',
    ]);
    expect(rbCall('f', ['a', 'b'])).toEqual(['f(a, b)']);
  });
});

describe('ruby-net-http', () => {
  it('describes itself', () => {
    expect(rubyNetHttp).toMatchObject({ id: 'ruby-net-http', language: 'ruby', extension: 'rb' });
  });

  it('writes the request object of the method and sends it with Net::HTTP.start', () => {
    expect(generate("curl -H 'X-A: 1' -u alice:pw https://api.example.com/items").code).toBe(`# frozen_string_literal: true

require 'net/http'

uri = URI('https://api.example.com/items')
request = Net::HTTP::Get.new(uri)
request['X-A'] = '1'
request.basic_auth('alice', 'pw')

response = Net::HTTP.start(uri.hostname, uri.port, use_ssl: uri.scheme == 'https') do |http|
  http.request(request)
end

puts response.code
puts response.body
`);
  });

  it('uses set_form_data only where URI.encode_www_form writes the same text', () => {
    expect(generate("curl -d 'a=1&b=x+y' https://api.example.com/").code).toContain(
      "request.set_form_data([%w[a 1], ['b', 'x y']])",
    );
    expect(generate("curl -d 'a=b%2A' https://api.example.com/").code).toContain("request.body = 'a=b%2A'");
  });

  it('sends a POST without a body as a generic request, which gets no form Content-Type', () => {
    expect(generate('curl -X POST https://api.example.com/').code).toContain(
      "request = Net::HTTPGenericRequest.new('POST', false, true, uri)",
    );
  });

  it('warns about the Content-Type Net::HTTP adds and the redirects it does not follow', () => {
    expect(generate('curl -T note.txt https://api.example.com/x').warnings.map((w) => w.code)).toContain(
      'content-type-added',
    );
    expect(generate('curl -L https://api.example.com/').warnings.map((w) => w.code)).toContain(
      'redirects-not-followed',
    );
  });
});
