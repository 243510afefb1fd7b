/**
 * The spec's field encoding (crypto-js, kept for wire compatibility with existing backends; DESIGN.md
 * pitfall): AES in ECB mode with PKCS#7 padding, keyed by the session's `aesKey` from the token payload,
 * text in UTF-8, cipher text in Base64 — for fields such as bank-card numbers and crypto addresses.
 * This module is loaded on demand through ./load.ts only; it must never be a static import of a
 * widget entry (a test walks the import graph of <tk-quotes>).
 */
import AES from 'crypto-js/aes';
import Hex from 'crypto-js/enc-hex';
import Utf8 from 'crypto-js/enc-utf8';
import ECB from 'crypto-js/mode-ecb';
import NoPadding from 'crypto-js/pad-nopadding';
import Pkcs7 from 'crypto-js/pad-pkcs7';

/** A value that cannot be encoded or decoded (no or a malformed key, corrupt cipher text). */
export class CodecError extends Error {
  override name = 'CodecError';
}

type WordArray = ReturnType<typeof Utf8.parse>;

/**
 * The AES key of an `aesKey` text: 16, 24 or 32 characters are taken as UTF-8 bytes (AES-128/192/256, the
 * form existing backends use); 32, 48 or 64 hex digits are taken as bytes when the text is longer than 32.
 */
export function fieldKey(aesKey: string | null | undefined): WordArray {
  const text = aesKey?.trim() ?? '';
  if ([16, 24, 32].includes(text.length)) return Utf8.parse(text);
  if ([48, 64].includes(text.length) && /^[0-9a-f]+$/i.test(text)) return Hex.parse(text);
  throw new CodecError('The session has no usable field-encoding key.');
}

const OPTIONS = { mode: ECB, padding: Pkcs7 };

/** Encode one field value for the wire. */
export function encodeField(plain: string, aesKey: string | null | undefined): string {
  return AES.encrypt(Utf8.parse(plain), fieldKey(aesKey), OPTIONS).toString();
}

/** Strip PKCS#7 padding, checking every pad byte (crypto-js would accept garbage from a wrong key). */
function unpad(data: WordArray): WordArray | null {
  const bytes = Uint8Array.from(Hex.stringify(data).match(/../g) ?? [], (h) => parseInt(h, 16));
  const pad = bytes[bytes.length - 1] ?? 0;
  if (pad < 1 || pad > 16 || pad > bytes.length) return null;
  for (let i = bytes.length - pad; i < bytes.length; i++) if (bytes[i] !== pad) return null;
  return Hex.parse(Hex.stringify(data).slice(0, (bytes.length - pad) * 2));
}

/** Decode one field value read from the wire; throws CodecError when it does not decode. */
export function decodeField(cipher: string, aesKey: string | null | undefined): string {
  const key = fieldKey(aesKey);
  try {
    // A plain Base64 string is read as cipher text without salt (crypto-js OpenSSL format).
    const raw = AES.decrypt(cipher.trim(), key, { mode: ECB, padding: NoPadding });
    const plain = raw.sigBytes > 0 && raw.sigBytes % 16 === 0 ? unpad(raw) : null;
    if (plain) return plain.toString(Utf8);
  } catch {
    // Falls through: malformed Base64 or bytes that are not UTF-8.
  }
  throw new CodecError('The field does not decode with this key.');
}

const REMEMBER_PREFIX = 'tk2:';
/**
 * Written before the password inside the cipher text. crypto-js does not verify padding, so a value decoded
 * with another origin's passphrase sometimes yields valid-looking UTF-8; the marker makes such a false
 * decode a 2^-96 event instead of a few per thousand.
 */
const REMEMBER_MARK = 'tradekit-remember\n';

/**
 * Encode a remembered password (spec §3 "encoded"). The passphrase is bound to the page origin, so a copied
 * value does not decode on another site; this hides the password from casual view of the storage, it is
 * not protection against script on the same origin (which is why it is offered only where the device
 * keeps storage for this user, see core/session/remember.ts).
 */
export function encodeRemembered(password: string, origin: string): string {
  return REMEMBER_PREFIX + AES.encrypt(REMEMBER_MARK + password, `tradekit.remember:${origin}`).toString();
}

/** Decode a remembered password; throws CodecError when it was not written by encodeRemembered here. */
export function decodeRemembered(value: string, origin: string): string {
  if (!value.startsWith(REMEMBER_PREFIX)) throw new CodecError('Not a remembered password.');
  let plain: string;
  try {
    plain = AES.decrypt(value.slice(REMEMBER_PREFIX.length), `tradekit.remember:${origin}`).toString(Utf8);
  } catch {
    plain = '';
  }
  if (!plain.startsWith(REMEMBER_MARK) || plain.length === REMEMBER_MARK.length) {
    throw new CodecError('The remembered password does not decode here.');
  }
  return plain.slice(REMEMBER_MARK.length);
}
