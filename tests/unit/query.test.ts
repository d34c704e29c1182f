import { describe, expect, it } from 'vitest';
import {
  appendQueryParam,
  blankQueryRow,
  decodeQueryComponent,
  editQueryRow,
  encodeQueryComponent,
  mergeQueryRows,
  parseQuery,
  splitQuery,
  writeQueryRows,
  type QueryRow,
} from '../../src/core/http/query.ts';

const withId = (() => {
  let id = 0;
  return (row: QueryRow) => ({ ...row, id: ++id });
})();

describe('encodeQueryComponent', () => {
  it('percent-encodes space as %20 and the query delimiters', () => {
    expect(encodeQueryComponent('a b&c=d%e#f+g ü')).toBe('a%20b%26c%3Dd%25e%23f%2Bg%20%C3%BC');
  });

  it('encodes quotes, angle brackets, controls and non-BMP characters as UTF-8', () => {
    expect(encodeQueryComponent(`"'<>\t\n\\^|\``)).toBe('%22%27%3C%3E%09%0A%5C%5E%7C%60');
    expect(encodeQueryComponent('😀')).toBe('%F0%9F%98%80');
    expect(encodeQueryComponent('€')).toBe('%E2%82%AC');
  });

  it('keeps unreserved characters, sub-delimiters that are safe in a query, and {{templates}}', () => {
    expect(encodeQueryComponent('Az09-._~!$()*,;:@/?[]{{TOKEN}}')).toBe('Az09-._~!$()*,;:@/?[]{{TOKEN}}');
  });
});

describe('decodeQueryComponent', () => {
  it('decodes valid UTF-8 escapes and leaves + alone', () => {
    expect(decodeQueryComponent('a%20b%26c%3Dd%25e%23f%2Bg%20%C3%BC')).toBe('a b&c=d%e#f+g ü');
    expect(decodeQueryComponent('blue+shoes')).toBe('blue+shoes');
    expect(decodeQueryComponent('%f0%9f%98%80')).toBe('😀');
  });

  it('keeps escapes that are not valid UTF-8, and stray percent signs, as written', () => {
    expect(decodeQueryComponent('%FF%C3%BC')).toBe('%FFü');
    expect(decodeQueryComponent('%C3')).toBe('%C3');
    expect(decodeQueryComponent('100%')).toBe('100%');
    expect(decodeQueryComponent('%zz%4')).toBe('%zz%4');
    expect(decodeQueryComponent('%C3%28')).toBe('%C3(');
  });

  it('round-trips anything encodeQueryComponent writes', () => {
    for (const text of ['a b', '%', '%25', '+', 'ü€😀', '&=#?', '{{A}}', '\u0000', '%C3']) {
      expect(decodeQueryComponent(encodeQueryComponent(text))).toBe(text);
    }
  });
});

describe('splitQuery / parseQuery', () => {
  it('cuts at the first ? and the first #', () => {
    expect(splitQuery('http://h/p?a=1?b#f?x')).toEqual({ base: 'http://h/p', query: 'a=1?b', fragment: 'f?x' });
    expect(splitQuery('http://h/p#f?x')).toEqual({ base: 'http://h/p', query: null, fragment: 'f?x' });
    expect(splitQuery('http://h/p')).toEqual({ base: 'http://h/p', query: null, fragment: null });
  });

  it('reads rows with decoded text and the raw bytes, skipping empty segments', () => {
    expect(parseQuery('http://h/?a=1&&flag&q=x%20y&e=&=v&#frag')).toEqual([
      { enabled: true, name: 'a', value: '1', rawName: 'a', rawValue: '1' },
      { enabled: true, name: 'flag', value: '', rawName: 'flag', rawValue: null },
      { enabled: true, name: 'q', value: 'x y', rawName: 'q', rawValue: 'x%20y' },
      { enabled: true, name: 'e', value: '', rawName: 'e', rawValue: '' },
      { enabled: true, name: '', value: 'v', rawName: '', rawValue: 'v' },
    ]);
    expect(parseQuery('http://h/?')).toEqual([]);
    expect(parseQuery('http://h/p')).toEqual([]);
  });

  it('splits a value at the first = only', () => {
    expect(parseQuery('http://h/?a=b=c')[0]).toMatchObject({ name: 'a', value: 'b=c', rawValue: 'b=c' });
  });
});

describe('editing rows writes only the edited part into the URL', () => {
  it('encodes an edited value and leaves every other byte of the URL as written', () => {
    const url = 'http://h/p%7Eath?keep=a+b%2fc&edit=old&x=%E2%82%AC#frag ment';
    const rows = parseQuery(url);
    const next = rows.map((r, i) => (i === 1 ? editQueryRow(r, { value: 'a b&c=d%e#f+g ü' }) : r));
    expect(writeQueryRows(url, next)).toBe(
      'http://h/p%7Eath?keep=a+b%2fc&edit=a%20b%26c%3Dd%25e%23f%2Bg%20%C3%BC&x=%E2%82%AC#frag ment',
    );
  });

  it('re-encodes only the edited name, keeping the raw value', () => {
    const [row] = parseQuery('http://h/?a=x%2fy');
    expect(editQueryRow(row!, { name: 'b c' })).toMatchObject({ rawName: 'b%20c', rawValue: 'x%2fy', value: 'x/y' });
  });

  it('keeps a parameter without = that way until a value is typed', () => {
    const [row] = parseQuery('http://h/?flag');
    expect(editQueryRow(row!, { value: '' }).rawValue).toBeNull();
    expect(editQueryRow(row!, { value: '1' }).rawValue).toBe('1');
    expect(editQueryRow(editQueryRow(row!, { value: '1' }), { value: '' }).rawValue).toBe('');
  });

  it('keeps empty segments when the rows still match the URL one for one', () => {
    const url = 'http://h/?a=1&&b=2&';
    const rows = parseQuery(url);
    expect(writeQueryRows(url, rows)).toBe(url);
    expect(writeQueryRows(url, [rows[0]!, editQueryRow(rows[1]!, { value: '3' })])).toBe('http://h/?a=1&&b=3&');
  });

  it('removes a disabled row from the URL and puts it back in place when enabled again', () => {
    const url = 'http://h/?a=1&b=2&c=3';
    const rows = parseQuery(url);
    const off = rows.map((r, i) => (i === 1 ? { ...r, enabled: false } : r));
    const without = writeQueryRows(url, off);
    expect(without).toBe('http://h/?a=1&c=3');
    expect(writeQueryRows(without, rows)).toBe(url);
  });

  it('drops the ? when the last row goes, and leaves a bare ? alone when there were no rows', () => {
    expect(writeQueryRows('http://h/p?a=1#f', [])).toBe('http://h/p#f');
    expect(writeQueryRows('http://h/p?', [])).toBe('http://h/p?');
  });

  it('adds a blank row to the URL only once it has a name or a value', () => {
    const url = 'http://h/p?a=1#f';
    const rows = [...parseQuery(url), blankQueryRow()];
    expect(writeQueryRows(url, rows)).toBe(url);
    const named = [rows[0]!, editQueryRow(rows[1]!, { name: 'new key' })];
    expect(writeQueryRows(url, named)).toBe('http://h/p?a=1&new%20key#f');
    expect(writeQueryRows('http://h/p', [editQueryRow(blankQueryRow(), { value: 'v' })])).toBe('http://h/p?=v');
  });
});

describe('mergeQueryRows: the URL text was edited', () => {
  it('follows the URL, keeping disabled and blank rows in their places and unchanged rows as they were', () => {
    const rows = parseQuery('http://h/?a=1&b=2').map(withId);
    const disabled = { ...withId(blankQueryRow()), enabled: false, name: 'off', rawName: 'off', rawValue: 'x' };
    const blank = withId(blankQueryRow());
    const previous = [rows[0]!, disabled, rows[1]!, blank];
    const merged = mergeQueryRows(previous, 'http://h/?a=1&b=22&c', withId);
    expect(merged.map((r) => [r.name, r.value, r.enabled])).toEqual([
      ['a', '1', true],
      ['off', '', false],
      ['b', '22', true],
      ['', '', true],
      ['c', '', true],
    ]);
    expect(merged[0]).toBe(rows[0]);
    expect(merged[1]).toBe(disabled);
    expect(merged[2]!.id).toBe(rows[1]!.id);
    expect(merged[3]).toBe(blank);
  });

  it('drops rows whose parameters left the URL', () => {
    const rows = parseQuery('http://h/?a=1&b=2').map(withId);
    expect(mergeQueryRows(rows, 'http://h/?a=1', withId).map((r) => r.name)).toEqual(['a']);
    expect(mergeQueryRows(rows, 'http://h/', withId)).toEqual([]);
  });
});

describe('appendQueryParam', () => {
  it('appends an encoded pair before the fragment', () => {
    expect(appendQueryParam('http://h/p', 'api key', 'a&b')).toBe('http://h/p?api%20key=a%26b');
    expect(appendQueryParam('http://h/p?x=1#f', 'k', 'v')).toBe('http://h/p?x=1&k=v#f');
    expect(appendQueryParam('http://h/p?', 'k', 'v')).toBe('http://h/p?k=v');
    expect(appendQueryParam('http://h/p?x=1&', 'k', 'v')).toBe('http://h/p?x=1&k=v');
  });
});
