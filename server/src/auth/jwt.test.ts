import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TokenPayload } from '../../../src/core/contract/auth';
import { signJwt, verifyJwt } from './jwt';

const SECRET = Buffer.from('a-test-secret-of-enough-length-0123456789');
const NOW = 1_700_000_000_000;
const PAYLOAD: TokenPayload = {
  sub: '12',
  uid: '48213377',
  sid: 'abc',
  virtualStatus: '0',
  aesKey: '00112233445566778899aabbccddeeff',
  iat: NOW / 1000,
  exp: NOW / 1000 + 900,
};
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('signJwt / verifyJwt', () => {
  it('round-trips the payload while the token is fresh', () => {
    expect(verifyJwt(signJwt(PAYLOAD, SECRET), SECRET, NOW + 899_000)).toEqual(PAYLOAD);
  });

  it('is a standard HS256 JWT that other libraries can check', () => {
    const [header, body, signature] = signJwt(PAYLOAD, SECRET).split('.');
    expect(JSON.parse(Buffer.from(header as string, 'base64url').toString())).toEqual({
      alg: 'HS256',
      typ: 'JWT',
    });
    const expected = createHmac('sha256', SECRET).update(`${header}.${body}`).digest('base64url');
    expect(signature).toBe(expected);
  });

  it('rejects an expired token unless expiry is ignored', () => {
    const token = signJwt(PAYLOAD, SECRET);
    expect(verifyJwt(token, SECRET, NOW + 900_000)).toBeNull();
    expect(verifyJwt(token, SECRET, NOW + 900_000, true)).toEqual(PAYLOAD);
  });

  it('rejects another secret, a changed payload and a truncated token', () => {
    const token = signJwt(PAYLOAD, SECRET);
    expect(verifyJwt(token, Buffer.from('another-secret'), NOW)).toBeNull();
    const [header, , signature] = token.split('.');
    expect(verifyJwt(`${header}.${b64({ ...PAYLOAD, sub: '13' })}.${signature}`, SECRET, NOW)).toBeNull();
    expect(verifyJwt(token.slice(0, -2), SECRET, NOW)).toBeNull();
    expect(verifyJwt('garbage', SECRET, NOW)).toBeNull();
  });

  it('rejects the "none" algorithm and other headers', () => {
    const body = b64(PAYLOAD);
    expect(verifyJwt(`${b64({ alg: 'none', typ: 'JWT' })}.${body}.`, SECRET, NOW)).toBeNull();
    const header = b64({ alg: 'HS512', typ: 'JWT' });
    const signature = createHmac('sha256', SECRET).update(`${header}.${body}`).digest('base64url');
    expect(verifyJwt(`${header}.${body}.${signature}`, SECRET, NOW)).toBeNull();
  });

  it('accepts only the exact base64url spelling of the signature and payload', () => {
    // A token whose signature has a base64url-only character, so that its standard base64 spelling differs.
    const token = Array.from({ length: 64 }, (_, i) => signJwt({ ...PAYLOAD, sid: `s${i}` }, SECRET)).find(
      (candidate) => /[-_]/.test(candidate.split('.')[2] as string),
    ) as string;
    const [header, body, signature] = token.split('.') as [string, string, string];
    const standard = Buffer.from(signature, 'base64url').toString('base64');
    expect(verifyJwt(token, SECRET, NOW)).not.toBeNull();
    expect(verifyJwt(`${header}.${body}.${standard}`, SECRET, NOW)).toBeNull();
    expect(verifyJwt(`${header}.${body}.${standard.replace(/=+$/, '')}`, SECRET, NOW)).toBeNull();
    expect(verifyJwt(`${header}.${body}.${signature}=`, SECRET, NOW)).toBeNull();
    // 32 bytes leave two spare bits in the last character: another last character decodes to the same bytes.
    const last = signature.at(-1) as string;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sibling = alphabet[alphabet.indexOf(last) ^ 1] as string;
    expect(Buffer.from(signature.slice(0, -1) + sibling, 'base64url')).toEqual(
      Buffer.from(signature, 'base64url'),
    );
    expect(verifyJwt(`${header}.${body}.${signature.slice(0, -1)}${sibling}`, SECRET, NOW)).toBeNull();
    const standardBody = Buffer.from(body, 'base64url').toString('base64');
    const paddedBody = standardBody === body ? `${body}==` : standardBody;
    const resigned = createHmac('sha256', SECRET).update(`${header}.${paddedBody}`).digest('base64url');
    expect(verifyJwt(`${header}.${paddedBody}.${resigned}`, SECRET, NOW)).toBeNull();
  });

  it('rejects a well-signed token whose payload lacks our fields', () => {
    const header = signJwt(PAYLOAD, SECRET).split('.')[0] as string;
    const body = b64({ sub: '12', exp: PAYLOAD.exp });
    const signature = createHmac('sha256', SECRET).update(`${header}.${body}`).digest('base64url');
    expect(verifyJwt(`${header}.${body}.${signature}`, SECRET, NOW)).toBeNull();
  });
});
