import { describe, expect, it } from 'vitest';
import { splitUrl } from '../../src/core/curl/wire.ts';
import { whatwgTargetChange } from '../../src/core/generators/javascript/kit.ts';

/** What the WHATWG parser sends against what curl sends, computed the long way for every URL. */
function differs(url: string): boolean {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}` !== splitUrl(url).target;
  } catch {
    return false;
  }
}

describe('whatwgTargetChange', () => {
  it('names the targets the WHATWG parser changes', () => {
    expect(whatwgTargetChange('http://h/a b')).toEqual({ sent: '/a%20b', curl: '/a b' });
    expect(whatwgTargetChange('http://h/a/../b')).toEqual({ sent: '/b', curl: '/a/../b' });
    expect(whatwgTargetChange("http://h/?q='x'")).toEqual({ sent: '/?q=%27x%27', curl: "/?q='x'" });
    expect(whatwgTargetChange('http://h/a/%2e%2e/b')).toEqual({ sent: '/b', curl: '/a/%2e%2e/b' });
    expect(whatwgTargetChange('http://h/a?b#c')).toBeUndefined();
    expect(whatwgTargetChange('https://api.example.com/v1/items?limit=20&x=%41')).toBeUndefined();
  });

  it('agrees with both parsers on random URLs, including the ones it answers without parsing', () => {
    const alphabet = [
      'a',
      'Z',
      '0',
      '-',
      '.',
      '_',
      '~',
      '!',
      '$',
      '&',
      "'",
      '(',
      ')',
      '*',
      '+',
      ',',
      ';',
      '=',
      ':',
      '@',
      '/',
      '?',
      '%',
      '%2e',
      '%41',
      '%zz',
      ' ',
      '"',
      '<',
      '>',
      '\\',
      '^',
      '`',
      '{',
      '|',
      '}',
      '#',
      '[',
      ']',
      'é',
      '..',
    ];
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    let plain = 0;
    for (let i = 0; i < 5000; i++) {
      let rest = '';
      const length = random(12);
      for (let k = 0; k < length; k++) rest += alphabet[random(alphabet.length)];
      const url = `${random(2) ? 'https' : 'http'}://example.com${random(4) ? '/' : ''}${rest}`;
      const change = whatwgTargetChange(url);
      expect(change !== undefined, url).toBe(differs(url));
      if (change === undefined && !differs(url)) plain++;
    }
    expect(plain).toBeGreaterThan(500);
  });
});
