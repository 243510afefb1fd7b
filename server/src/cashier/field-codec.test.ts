import { describe, expect, it } from 'vitest';
import { decodeField, encodeField, FieldCodecError } from './field-codec';

// Cipher texts written by the browser's codec (src/core/codec/field-codec.ts) under this key.
const KEY = '00112233445566778899aabbccddeeff';
const BROWSER = [
  ['TXYZabcdefghijkmnopqrstuvwxyz12345', 'fD+oLs2S+VMMroUPzI/I1FUUHxIJCGEz3WRaANvnCAO5vApzFYbbF4jYmulHrACz'],
  ['0x1111 — ü', 'Y7QaOsBGEb2iWNF1r8HpcQ=='],
] as const;

describe('server field codec', () => {
  it.each(BROWSER)('decodes what the browser encoded (%s) and encodes it the same way', (plain, cipher) => {
    expect(decodeField(cipher, KEY)).toBe(plain);
    expect(encodeField(plain, KEY)).toBe(cipher);
  });

  it('refuses another key, a changed cipher text, no key and text that is not Base64', () => {
    const [, cipher] = BROWSER[0];
    expect(() => decodeField(cipher, 'ffeeddccbbaa99887766554433221100')).toThrow(FieldCodecError);
    expect(() => decodeField(`A${cipher.slice(1)}`, KEY)).toThrow(FieldCodecError);
    expect(() => decodeField(cipher, null)).toThrow(FieldCodecError);
    expect(() => decodeField('not a cipher!', KEY)).toThrow(FieldCodecError);
    expect(() => decodeField('', KEY)).toThrow(FieldCodecError);
  });
});
