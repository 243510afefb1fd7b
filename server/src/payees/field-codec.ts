/**
 * The spec's field encoding on the server side (spec §3 "encoded"; the browser's is src/core/codec/field-codec.ts,
 * with crypto-js): AES in ECB mode with PKCS#7 padding, keyed by the session's `aesKey`, UTF-8 text, Base64
 * cipher text. Same key rule as the browser: 16, 24 or 32 characters are the key's UTF-8 bytes; 48 or 64 hex
 * digits are its bytes. tests/integration/field-codec-interop.test.ts proves both sides read each other.
 * Errors never carry the value.
 */
import { createCipheriv, createDecipheriv } from 'node:crypto';

/** A value that does not encode or decode under the key. */
export class FieldCodecError extends Error {
  constructor() {
    super('the field does not decode with this key');
    this.name = 'FieldCodecError';
  }
}

function keyBytes(aesKey: string): Buffer {
  const text = aesKey.trim();
  if ([16, 24, 32].includes(text.length)) return Buffer.from(text, 'utf8');
  if ([48, 64].includes(text.length) && /^[0-9a-f]+$/i.test(text)) return Buffer.from(text, 'hex');
  throw new FieldCodecError();
}

const algorithm = (key: Buffer) => `aes-${key.length * 8}-ecb`;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Encode one value for the wire. */
export function encodeField(plain: string, aesKey: string): string {
  const key = keyBytes(aesKey);
  const cipher = createCipheriv(algorithm(key), key, null);
  return Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
}

/** Decode one value from the wire; throws FieldCodecError when it is not a value encoded under this key. */
export function decodeField(encoded: string, aesKey: string): string {
  const key = keyBytes(aesKey);
  const text = encoded.trim();
  const bytes = BASE64.test(text) ? Buffer.from(text, 'base64') : Buffer.alloc(0);
  if (bytes.length === 0 || bytes.length % 16 !== 0) throw new FieldCodecError();
  let plain: Buffer;
  try {
    const decipher = createDecipheriv(algorithm(key), key, null);
    plain = Buffer.concat([decipher.update(bytes), decipher.final()]);
  } catch {
    // Bad padding: another key or a changed value.
    throw new FieldCodecError();
  }
  const value = new TextDecoder('utf-8', { fatal: false }).decode(plain);
  if (Buffer.from(value, 'utf8').compare(plain) !== 0) throw new FieldCodecError();
  return value;
}
