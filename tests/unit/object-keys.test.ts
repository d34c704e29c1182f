import { describe, expect, it } from 'vitest';
import { contentTypeForFilename, knownContentType } from '../../src/core/curl/wire.ts';
import { convert, listTargets } from '../../src/core/index.ts';

describe("curl's content type from a file name", () => {
  it('knows its ten extensions, in any case', () => {
    expect(knownContentType('report.PDF')).toBe('application/pdf');
    expect(knownContentType('a.tar.svg')).toBe('image/svg+xml');
    expect(contentTypeForFilename('data.bin')).toBe('application/octet-stream');
    expect(knownContentType('-')).toBeUndefined();
  });

  it('reads an extension named like an object property as unknown', () => {
    for (const name of ['a.constructor', 'a.toString', 'a.__proto__', 'a.hasOwnProperty']) {
      expect(knownContentType(name)).toBeUndefined();
      expect(contentTypeForFilename(name)).toBe('application/octet-stream');
    }
  });

  it.each(listTargets().map((t) => t.id))('%s converts a part whose file name ends in .constructor', (target) => {
    const { code } = convert("curl -F 'f=@a.constructor' -F 'g=@b.toString' http://localhost/", target);
    expect(code).not.toMatch(/native code|function Object/);
  });
});

describe('user text named like an object property', () => {
  const commands = [
    'curl -X constructor http://localhost/',
    'curl -X toString -d x http://localhost/',
    'curl -X __proto__ http://localhost/',
    'curl -H "constructor: 1" -H "valueOf:" http://localhost/',
    'curl -d "__proto__=1&constructor=2" http://localhost/',
  ];
  it.each(listTargets().map((t) => t.id))('%s writes it as text', (target) => {
    for (const command of commands) {
      const { code } = convert(command, target);
      expect(code, command).not.toMatch(/native code|\[object |function [A-Z]/);
    }
    // (Some clients send methods upper-cased, with a warning.)
    expect(convert('curl -X constructor http://localhost/', target).code).toMatch(/constructor/i);
  });
});
