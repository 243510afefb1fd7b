/**
 * Message encryption for Web Push (RFC 8291, content coding `aes128gcm` of RFC 8188): the payload is encrypted
 * to the browser's P-256 key and authentication secret, with a fresh sender key and salt per message, in one
 * record. Only the browser can read it; the push service in between sees ciphertext.
 */
import { createCipheriv, createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';

/** Record size written in the header; one record holds the whole message (payloads stay far below it). */
const RECORD_SIZE = 4096;
/** Largest plaintext one record of RECORD_SIZE carries: 16 bytes of tag and 1 delimiter byte less. */
export const PUSH_PAYLOAD_MAX = RECORD_SIZE - 16 - 1;

const P256_POINT_BYTES = 65;
const AUTH_SECRET_BYTES = 16;

/** The browser side of a subscription, as `PushSubscription.toJSON().keys` gives it (base64url). */
export interface PushKeys {
  p256dh: string;
  auth: string;
}

const cat = (...parts: Buffer[]) => Buffer.concat(parts);
const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** The content key and nonce of one message from the ECDH secret and both public keys (RFC 8291 §3.4). */
function contentKeys(
  ecdhSecret: Buffer,
  authSecret: Buffer,
  receiverPublic: Buffer,
  senderPublic: Buffer,
  salt: Buffer,
) {
  const keyInfo = cat(Buffer.from('WebPush: info\0'), receiverPublic, senderPublic);
  const ikm = hkdf(ecdhSecret, authSecret, keyInfo, 32);
  return {
    key: hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
    nonce: hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  };
}

/** Decodes and checks the browser's keys; throws on a key of the wrong length. */
export function decodeKeys(keys: PushKeys): { receiverPublic: Buffer; authSecret: Buffer } {
  const receiverPublic = Buffer.from(keys.p256dh, 'base64url');
  const authSecret = Buffer.from(keys.auth, 'base64url');
  if (receiverPublic.length !== P256_POINT_BYTES || receiverPublic[0] !== 4)
    throw new Error('p256dh is not an uncompressed P-256 point');
  if (authSecret.length !== AUTH_SECRET_BYTES) throw new Error('auth is not 16 bytes');
  return { receiverPublic, authSecret };
}

/**
 * Encrypts `plaintext` for the browser: the body of the push request (salt, record size, sender key, then the
 * one record). `salt` and `senderPrivate` are for tests only; each real message takes fresh random ones.
 */
export function encryptPush(
  plaintext: Buffer,
  keys: PushKeys,
  fixed: { salt?: Buffer; senderPrivate?: Buffer } = {},
): Buffer {
  if (plaintext.length > PUSH_PAYLOAD_MAX) throw new Error('push payload too large');
  const { receiverPublic, authSecret } = decodeKeys(keys);
  const sender = createECDH('prime256v1');
  if (fixed.senderPrivate) sender.setPrivateKey(fixed.senderPrivate);
  else sender.generateKeys();
  const senderPublic = sender.getPublicKey();
  const ecdhSecret = sender.computeSecret(receiverPublic);
  const salt = fixed.salt ?? randomBytes(16);
  const { key, nonce } = contentKeys(ecdhSecret, authSecret, receiverPublic, senderPublic, salt);
  const cipher = createCipheriv('aes-128-gcm', key, nonce);
  // 0x02: the padding delimiter of the last (here the only) record.
  const record = cat(cipher.update(cat(plaintext, Buffer.from([2]))), cipher.final(), cipher.getAuthTag());
  const header = Buffer.alloc(16 + 4 + 1);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(senderPublic.length, 20);
  return cat(header, senderPublic, record);
}

/**
 * Decrypts a push body with the browser's private key and secret: what a browser does on arrival. The server
 * never needs it; tests and the test push service use it to read what the server sent.
 */
export function decryptPush(body: Buffer, receiverPrivate: Buffer, authSecretB64: string): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const receiver = createECDH('prime256v1');
  receiver.setPrivateKey(receiverPrivate);
  const ecdhSecret = receiver.computeSecret(senderPublic);
  const authSecret = Buffer.from(authSecretB64, 'base64url');
  const { key, nonce } = contentKeys(ecdhSecret, authSecret, receiver.getPublicKey(), senderPublic, salt);
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = cat(decipher.update(record.subarray(0, record.length - 16)), decipher.final());
  const end = padded.lastIndexOf(2);
  if (end < 0 || padded.subarray(end + 1).some((b) => b !== 0)) throw new Error('bad padding');
  return padded.subarray(0, end);
}
