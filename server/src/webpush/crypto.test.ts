/**
 * Web Push's cryptography without a server: RFC 8291 encryption read back by an independent decryption in
 * WebCrypto (what a browser runs), the VAPID token a push service checks (RFC 8292), and which endpoints the
 * server will ever send to.
 */
import { createECDH, randomBytes, webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptPush, encryptPush, PUSH_PAYLOAD_MAX } from './encrypt';
import { isAllowedEndpoint, parsePushOrigins } from './endpoints';
import { vapidAuthorization, verifyVapid, VAPID_TOKEN_TTL_MS, type VapidKeys } from './vapid';
import { generateKeyPairSync } from 'node:crypto';

const subtle = webcrypto.subtle;

/** A browser's subscription keys: its private key stays here, the public ones go to the server. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    privateKey: ecdh.getPrivateKey(),
    publicKey: ecdh.getPublicKey(),
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

/** HKDF-SHA-256 in WebCrypto. */
async function hkdf(ikm: ArrayBuffer, salt: Uint8Array, info: Uint8Array, bytes: number) {
  const key = await subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, bytes * 8);
}

/** RFC 8291 decryption written against WebCrypto, apart from the server's node:crypto code. */
async function browserDecrypt(body: Buffer, browser: ReturnType<typeof browserKeys>): Promise<string> {
  const salt = body.subarray(0, 16);
  expect(body.readUInt32BE(16)).toBe(4096);
  const senderPublic = body.subarray(21, 21 + body.readUInt8(20));
  const d = browser.privateKey.toString('base64url');
  const [x, y] = [browser.publicKey.subarray(1, 33), browser.publicKey.subarray(33)].map((b) =>
    b.toString('base64url'),
  );
  const mine = await subtle.importKey(
    'jwk',
    { kty: 'EC', crv: 'P-256', d, x, y },
    { name: 'ECDH', namedCurve: 'P-256' },
    false,
    ['deriveBits'],
  );
  const theirs = await subtle.importKey(
    'raw',
    senderPublic,
    { name: 'ECDH', namedCurve: 'P-256' },
    false,
    [],
  );
  const shared = await subtle.deriveBits({ name: 'ECDH', public: theirs }, mine, 256);
  const text = (s: string) => new TextEncoder().encode(s);
  const keyInfo = Buffer.concat([text('WebPush: info\0'), browser.publicKey, senderPublic]);
  const ikm = await hkdf(shared, Buffer.from(browser.keys.auth, 'base64url'), keyInfo, 32);
  const cek = await hkdf(ikm, salt, text('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(ikm, salt, text('Content-Encoding: nonce\0'), 12);
  const aes = await subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt']);
  const plain = Buffer.from(
    await subtle.decrypt({ name: 'AES-GCM', iv: nonce }, aes, body.subarray(21 + 65)),
  );
  expect(plain[plain.length - 1]).toBe(2);
  return plain.subarray(0, plain.length - 1).toString();
}

describe('RFC 8291 encryption', () => {
  it('is read by a browser-side decryption and by the test push service, and differs every time', async () => {
    const browser = browserKeys();
    const message = JSON.stringify({ title: 'Prix atteint', body: 'EURUSD ≥ 1.10000' });
    const one = encryptPush(Buffer.from(message), browser.keys);
    const two = encryptPush(Buffer.from(message), browser.keys);
    expect(await browserDecrypt(one, browser)).toBe(message);
    expect(decryptPush(two, browser.privateKey, browser.keys.auth).toString()).toBe(message);
    // A fresh salt and sender key per message: nothing repeats on the wire.
    expect(one.subarray(0, 16).equals(two.subarray(0, 16))).toBe(false);
    expect(one.subarray(21, 86).equals(two.subarray(21, 86))).toBe(false);
  });

  it('cannot be read with another browser’s secret, and refuses a payload beyond one record', () => {
    const browser = browserKeys();
    const body = encryptPush(Buffer.from('hello'), browser.keys);
    expect(() => decryptPush(body, browser.privateKey, randomBytes(16).toString('base64url'))).toThrow();
    expect(() => encryptPush(Buffer.alloc(PUSH_PAYLOAD_MAX + 1), browser.keys)).toThrow('too large');
    expect(() => encryptPush(Buffer.from('x'), { ...browser.keys, auth: 'c2hvcnQ' })).toThrow('16 bytes');
    expect(() => encryptPush(Buffer.from('x'), { ...browser.keys, p256dh: 'A'.repeat(87) })).toThrow();
  });
});

describe('VAPID (RFC 8292)', () => {
  const privateKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  const jwk = privateKey.export({ format: 'jwk' });
  const keys: VapidKeys = {
    privateKey,
    publicKey: Buffer.concat([
      Buffer.from([4]),
      Buffer.from(jwk.x as string, 'base64url'),
      Buffer.from(jwk.y as string, 'base64url'),
    ]),
  };

  it('signs a token for the push service’s origin that its public key verifies and a forgery does not', () => {
    const now = Date.UTC(2026, 11, 2, 1, 0, 0);
    const header = vapidAuthorization(
      keys,
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'mailto:ops@broker.test',
      now,
    );
    const claims = verifyVapid(header);
    expect(claims).toEqual({
      aud: 'https://fcm.googleapis.com',
      exp: Math.floor((now + VAPID_TOKEN_TTL_MS) / 1000),
      sub: 'mailto:ops@broker.test',
      publicKey: keys.publicKey.toString('base64url'),
    });
    expect(VAPID_TOKEN_TTL_MS).toBeLessThanOrEqual(24 * 3600 * 1000);
    // Another audience in the same signature: refused.
    const [token] = /t=(\S+),/.exec(header)!.slice(1) as [string];
    const [head, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ aud: 'https://evil.test', exp: 9e9, sub: 'x' })).toString(
      'base64url',
    );
    expect(verifyVapid(header.replace(token, `${head}.${forged}.${signature}`))).toBeNull();
  });
});

describe('push endpoints the server sends to', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/e1:APA91b',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    'https://web.push.apple.com/QGuQyavXutnMH',
  ])('takes the vendor service %s', (endpoint) => {
    expect(isAllowedEndpoint(endpoint, [])).toBe(true);
  });

  it.each([
    ['plain http', 'http://fcm.googleapis.com/fcm/send/x'],
    ['another port', 'https://fcm.googleapis.com:8443/fcm/send/x'],
    ['a look-alike host', 'https://fcm.googleapis.com.evil.test/x'],
    ['a suffix without the dot', 'https://evilpush.apple.com.test/x'],
    ['credentials', 'https://user:pw@fcm.googleapis.com/x'],
    ['the metadata service', 'http://169.254.169.254/latest/meta-data/'],
    ['the server itself', 'http://127.0.0.1:8080/admin/v1/health'],
    ['not a URL', 'fcm.googleapis.com/x'],
  ])('refuses %s', (_label, endpoint) => {
    expect(isAllowedEndpoint(endpoint, [])).toBe(false);
  });

  it('takes an origin named in WEB_PUSH_ORIGINS exactly, and refuses entries that are not origins', () => {
    const origins = parsePushOrigins(' http://127.0.0.1:9555 , https://push.broker.test/ ');
    expect(origins).toEqual(['http://127.0.0.1:9555', 'https://push.broker.test']);
    expect(isAllowedEndpoint('http://127.0.0.1:9555/p/1', origins)).toBe(true);
    expect(isAllowedEndpoint('http://127.0.0.1:9556/p/1', origins)).toBe(false);
    expect(isAllowedEndpoint('https://push.broker.test/p/1', origins)).toBe(true);
    expect(parsePushOrigins(undefined)).toEqual([]);
    expect(() => parsePushOrigins('https://push.broker.test/path')).toThrow('not an origin');
    expect(() => parsePushOrigins('ftp://push.broker.test')).toThrow('not an origin');
  });
});
