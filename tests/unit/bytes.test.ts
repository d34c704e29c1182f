import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64, decodeText } from '../../src/core/bytes.ts';

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
