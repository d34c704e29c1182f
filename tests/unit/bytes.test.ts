import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64, decodeText } from '../../src/core/bytes.ts';
import { bytesToText, hasRawBytes, joinRawBytes, utf8Bytes, wellFormed } from '../../src/core/raw-bytes.ts';

describe('bytes', () => {
  it('round-trips every byte value through base64, including large inputs', () => {
    const bytes = new Uint8Array(200_000).map((_, i) => i % 256);
    const encoded = bytesToBase64(bytes);
    expect(encoded.slice(0, 8)).toBe('AAECAwQF');
    expect(base64ToBytes(encoded)).toEqual(bytes);
  });

  it('decodes textual types with their charset and refuses invalid UTF-8 otherwise', () => {
    expect(decodeText(new Uint8Array([0xe9]), 'text/plain; charset=iso-8859-1')).toBe('é');
    expect(decodeText(new TextEncoder().encode('{"a":"ü"}'), 'application/json')).toBe('{"a":"ü"}');
    expect(decodeText(new TextEncoder().encode('plain'), null)).toBe('plain');
    expect(decodeText(new Uint8Array([0xff, 0xfe, 0x00]), 'application/octet-stream')).toBeNull();
  });
});

describe('bytes that are not UTF-8 text in model strings', () => {
  it('read as their characters where they are UTF-8, each other byte as U+DC00 + the byte', () => {
    expect(bytesToText(new Uint8Array([0x61, 0xc3, 0xa9, 0xff, 0xe2, 0x82, 0xac, 0xe2, 0x82]))).toBe(
      'aé\udcff€\udce2\udc82',
    );
    // Overlong forms, encoded surrogates and code points beyond U+10FFFF are not UTF-8.
    expect(bytesToText(new Uint8Array([0xc0, 0xaf, 0xed, 0xa0, 0x80, 0xf4, 0x90, 0x80, 0x80]))).toBe(
      '\udcc0\udcaf\udced\udca0\udc80\udcf4\udc90\udc80\udc80',
    );
    // A byte order mark is text like any other.
    expect(bytesToText(new Uint8Array([0xef, 0xbb, 0xbf, 0xff]))).toBe('\ufeff\udcff');
  });

  it('go back to exactly those bytes, and every other lone surrogate to U+FFFD as TextEncoder writes it', () => {
    expect([...utf8Bytes('aé\udcff€\udce2\udc82')]).toEqual([0x61, 0xc3, 0xa9, 0xff, 0xe2, 0x82, 0xac, 0xe2, 0x82]);
    expect([...utf8Bytes('\ud800\udc80')]).toEqual([0xf0, 0x90, 0x82, 0x80]); // a pair is a character
    expect([...utf8Bytes('\ud800x\udc7f')]).toEqual([0xef, 0xbf, 0xbd, 0x78, 0xef, 0xbf, 0xbd]);
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => {
        expect(utf8Bytes(bytesToText(bytes))).toEqual(bytes);
      }),
      { seed: 1, numRuns: 5000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 20 }), (text) => {
        expect(bytesToText(utf8Bytes(text))).toBe(text);
        expect(hasRawBytes(text)).toBe(false);
      }),
      { seed: 1, numRuns: 2000 },
    );
  });

  it('join where side by side they spell text, and leave lone surrogates of the pasted text as U+FFFD', () => {
    expect(joinRawBytes('\udcc3\udca9 \udcff\uE000X\uE001')).toBe('é \udcff\uE000X\uE001');
    expect(wellFormed('a\ud800b\udcffc\ud83d\ude00')).toBe('a\ufffdb\ufffdc\ud83d\ude00');
  });
});
