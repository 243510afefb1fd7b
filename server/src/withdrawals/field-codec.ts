/**
 * The spec's field encoding on the server (the browser's is src/core/codec/field-codec.ts, which the server
 * may not import): AES-ECB with PKCS#7 padding under the session's `aesKey`, cipher text in Base64, plain
 * text in UTF-8. The key text is used as the browser uses it: 16, 24 or 32 characters as UTF-8 bytes, 48 or
 * 64 hex digits as bytes. Decoded values are personal data: never logged, never in a message.
 */
import { createCipheriv, createDecipheriv } from 'node:crypto';

/** A field that does not decode with the key (or no usable key). */
export class FieldDecodeError extends Error {
  constructor() {
    super('The field does not decode with this key.');
    this.name = 'FieldDecodeError';
  }
}

function keyBytes(aesKey: string | null | undefined): Buffer {
  const text = aesKey?.trim() ?? '';
  if ([16, 24, 32].includes(text.length)) return Buffer.from(text, 'utf8');
  if ([48, 64].includes(text.length) && /^[0-9a-f]+$/i.test(text)) return Buffer.from(text, 'hex');
  throw new FieldDecodeError();
}

const cipherName = (key: Buffer) => `aes-${key.length * 8}-ecb`;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The plain text of an encoded field, or throws `FieldDecodeError`. */
export function decodeWireField(cipher: string, aesKey: string | null | undefined): string {
  const key = keyBytes(aesKey);
  const text = cipher.trim();
  if (!BASE64.test(text)) throw new FieldDecodeError();
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length === 0 || bytes.length % 16 !== 0) throw new FieldDecodeError();
  try {
    const decipher = createDecipheriv(cipherName(key), key, null);
    return utf8.decode(Buffer.concat([decipher.update(bytes), decipher.final()]));
  } catch {
    throw new FieldDecodeError();
  }
}

/** Encodes a field as the browser does (tests, tools). */
export function encodeWireField(plain: string, aesKey: string): string {
  const key = keyBytes(aesKey);
  const cipher = createCipheriv(cipherName(key), key, null);
  return Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
}
