/**
 * The field codec of a request's session (spec §3 "encoded"): the session's `aesKey` (the one its access
 * token carries) decodes what the client sent and encodes what the server answers.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code } from '../../../src/core/contract/codes';
import { BusinessError } from '../http/envelope';
import { decodeField, encodeField, FieldCodecError } from './field-codec';

export interface SessionCodec {
  /** The plaintext of an encoded field; '' stays ''; a value that does not decode answers 1001. */
  decode(encoded: string | undefined): string;
  /** The encoded form of a value; '' stays ''. */
  encode(plain: string): string;
}

/** The codec of the request's session (its key read once from `auth_sessions`). */
export async function sessionCodec(app: FastifyInstance, request: FastifyRequest): Promise<SessionCodec> {
  const { rows } = await app.db.query<{ aes_key: string }>(
    'select aes_key from auth_sessions where id = $1',
    [request.auth.sessionId],
  );
  const key = rows[0]?.aes_key;
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
