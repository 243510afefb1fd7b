import { describe, expect, it } from 'vitest';
import { decodeWireField, encodeWireField, FieldDecodeError } from './field-codec';

// Cipher texts written by the browser's codec (src/core/codec/field-codec.ts) under this key.
const KEY = '00112233445566778899aabbccddeeff';
const BROWSER = [
  ['TXYZabcdefghijkmnopqrstuvwxyz12345', 'fD+oLs2S+VMMroUPzI/I1FUUHxIJCGEz3WRaANvnCAO5vApzFYbbF4jYmulHrACz'],
  ['0x1111 — ü', 'Y7QaOsBGEb2iWNF1r8HpcQ=='],
] as const;

describe('server field codec', () => {
  it.each(BROWSER)('decodes what the browser encoded (%s) and encodes it the same way', (plain, cipher) => {
    expect(decodeWireField(cipher, KEY)).toBe(plain);
    expect(encodeWireField(plain, KEY)).toBe(cipher);
  });

  it('refuses another key, a changed cipher text, no key and text that is not Base64', () => {
    const [, cipher] = BROWSER[0];
    expect(() => decodeWireField(cipher, 'ffeeddccbbaa99887766554433221100')).toThrow(FieldDecodeError);
    expect(() => decodeWireField(`A${cipher.slice(1)}`, KEY)).toThrow(FieldDecodeError);
    expect(() => decodeWireField(cipher, null)).toThrow(FieldDecodeError);
    expect(() => decodeWireField('not a cipher!', KEY)).toThrow(FieldDecodeError);
    expect(() => decodeWireField('', KEY)).toThrow(FieldDecodeError);
  });
});
