/**
 * The spec's field encoding on the server (spec §3 "encoded"; the browser's is src/core/codec/field-codec.ts,
 * with crypto-js, which the server may not import): AES in ECB mode with PKCS#7 padding, keyed by the
 * session's `aesKey`, UTF-8 text, Base64 cipher text. Same key rule as the browser: 16, 24 or 32 characters
 * are the key's UTF-8 bytes; 48 or 64 hex digits are its bytes. tests/integration/field-codec-interop.test.ts
 * proves both sides read each other. Decoded values are personal data: never logged, never in a message;
 * errors never carry the value.
 */
import { createCipheriv, createDecipheriv } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code } from '../../../src/core/contract/codes';
import type { Queryable } from '../db/types';
import { BusinessError } from '../http/envelope';

/** A value that does not encode or decode under the key (or no usable key). */
export class FieldCodecError extends Error {
  constructor() {
    super('the field does not decode with this key');
    this.name = 'FieldCodecError';
  }
}

function keyBytes(aesKey: string | null | undefined): Buffer {
  const text = aesKey?.trim() ?? '';
  if ([16, 24, 32].includes(text.length)) return Buffer.from(text, 'utf8');
  if ([48, 64].includes(text.length) && /^[0-9a-f]+$/i.test(text)) return Buffer.from(text, 'hex');
  throw new FieldCodecError();
}

const algorithm = (key: Buffer) => `aes-${key.length * 8}-ecb`;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Encode one value for the wire (answers; tests and tools encode as the browser does). */
export function encodeField(plain: string, aesKey: string | null | undefined): string {
  const key = keyBytes(aesKey);
  const cipher = createCipheriv(algorithm(key), key, null);
  return Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
}

/** Decode one value from the wire; throws FieldCodecError when it is not a value encoded under this key. */
export function decodeField(encoded: string, aesKey: string | null | undefined): string {
  const key = keyBytes(aesKey);
  const text = encoded.trim();
  const bytes = BASE64.test(text) ? Buffer.from(text, 'base64') : Buffer.alloc(0);
  if (bytes.length === 0 || bytes.length % 16 !== 0) throw new FieldCodecError();
  try {
    const decipher = createDecipheriv(algorithm(key), key, null);
    return utf8.decode(Buffer.concat([decipher.update(bytes), decipher.final()]));
  } catch {
    // Bad padding or bytes that are not UTF-8: another key or a changed value.
    throw new FieldCodecError();
  }
}

/** The `aesKey` of a session (the one its access token carries), or null when the session is gone. */
export async function sessionAesKey(q: Queryable, sessionId: string): Promise<string | null> {
  const { rows } = await q.query<{ aes_key: string }>('select aes_key from auth_sessions where id = $1', [
    sessionId,
  ]);
  return rows[0]?.aes_key ?? null;
}

/** The field codec of one session. */
export interface SessionCodec {
  /** The plaintext of an encoded field; '' stays ''; a value that does not decode answers 1001. */
  decode(encoded: string | undefined): string;
  /** The encoded form of a value; '' stays ''. */
  encode(plain: string): string;
}

/**
 * The codec of the request's session: its `aesKey` (read once) decodes what the client sent and encodes what
 * the server answers. No session key answers 1002 (login required).
 */
export async function sessionCodec(app: FastifyInstance, request: FastifyRequest): Promise<SessionCodec> {
  const key = await sessionAesKey(app.db, request.auth.sessionId);
  if (!key) throw new BusinessError(Code.LOGIN_REQUIRED);
  return {
    decode(encoded) {
      if (!encoded) return '';
      try {
        return decodeField(encoded, key);
      } catch (error) {
        // The message never carries the value.
        if (error instanceof FieldCodecError) throw new BusinessError(Code.INCORRECT_PARAMETER);
        throw error;
      }
    },
    encode(plain) {
      return plain === '' ? '' : encodeField(plain, key);
    },
  };
}
