import { describe, expect, it } from 'vitest';
import {
  backslashQuotedAscii,
  compareUtf8,
  countOf,
  goString,
  isPrintableAscii,
  rustString,
  utf8Length,
} from '../../src/core/generators/literals.ts';
import { csString } from '../../src/core/generators/csharp/kit.ts';
import { javaString } from '../../src/core/generators/java/kit.ts';

describe('compareUtf8', () => {
  it('orders ASCII and BMP text as JavaScript does', () => {
    expect(['b', 'a', 'B', 'é', 'ab', ''].sort(compareUtf8)).toEqual(['', 'B', 'a', 'ab', 'b', 'é']);
  });

  it('puts characters beyond the BMP after U+E000–U+FFFF, as their UTF-8 bytes sort (UTF-16 order would not)', () => {
    const astral = '\u{1F600}';
    expect(astral < '\uffff').toBe(true); // UTF-16 code units: a surrogate is below U+FFFF
    expect(compareUtf8(astral, '\uffff')).toBeGreaterThan(0);
    expect(compareUtf8('\uffff', astral)).toBeLessThan(0);
    expect(compareUtf8('x\u{1F600}', 'x\u{1F601}')).toBeLessThan(0);
    expect(compareUtf8(astral, astral)).toBe(0);
  });
});

describe('isPrintableAscii and countOf', () => {
  it('takes space to tilde only', () => {
    expect(isPrintableAscii(' ~azAZ09')).toBe(true);
    expect(isPrintableAscii('a\tb')).toBe(false);
    expect(isPrintableAscii('é')).toBe(false);
  });

  it('counts occurrences without overlap of a single character', () => {
    expect(countOf('a"b"c"', '"')).toBe(3);
    expect(countOf('abc', '"')).toBe(0);
  });
});

describe('utf8Length', () => {
  it('counts the bytes TextEncoder writes, a lone surrogate as U+FFFD', () => {
    for (const text of ['', 'plain', 'é', '€uro', '😀', 'a\ud800b', '\udc00', '\u0000\n"']) {
      expect(utf8Length(text), JSON.stringify(text)).toBe(new TextEncoder().encode(text).length);
    }
  });
});

describe('backslashQuotedAscii', () => {
  it('quotes printable ASCII with a backslash before each " and \\ only, and leaves other text to each language', () => {
    expect(backslashQuotedAscii('plain $& text')).toBe('"plain $& text"');
    expect(backslashQuotedAscii('{"a":"b\\c"} $& \\"')).toBe('"{\\"a\\":\\"b\\\\c\\"} $& \\\\\\""');
    for (const other of ['é "x"', 'tab\t"x"', 'a\u007f"', 'a\ud800"']) expect(backslashQuotedAscii(other)).toBeNull();
  });

  it('is what C#, Go, Java and Rust write for such text', () => {
    const text = 'say "hi" \\ $1 $& %s {0} `x`';
    for (const literal of [csString, goString, javaString, rustString]) {
      expect(literal(text), literal.name).toBe('"say \\"hi\\" \\\\ $1 $& %s {0} `x`"');
    }
  });
});
