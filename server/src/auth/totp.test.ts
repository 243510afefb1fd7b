import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode } from './base32';
import { hotp, matchTotp, newTotpSecret, otpauthUri, totpAt, type TotpAlgorithm } from './totp';

// RFC 6238 appendix B: the seeds are the ASCII digits repeated to the HMAC's key length.
const SEEDS: Record<TotpAlgorithm, Buffer> = {
  sha1: Buffer.from('12345678901234567890'),
  sha256: Buffer.from('12345678901234567890123456789012'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234'),
};

describe('totpAt', () => {
  it.each([
    [59, 'sha1', '94287082'],
    [59, 'sha256', '46119246'],
    [59, 'sha512', '90693936'],
    [1111111109, 'sha1', '07081804'],
    [1111111109, 'sha256', '68084774'],
    [1111111109, 'sha512', '25091201'],
    [1111111111, 'sha1', '14050471'],
    [1111111111, 'sha256', '67062674'],
    [1111111111, 'sha512', '99943326'],
    [1234567890, 'sha1', '89005924'],
    [1234567890, 'sha256', '91819424'],
    [1234567890, 'sha512', '93441116'],
    [2000000000, 'sha1', '69279037'],
    [2000000000, 'sha256', '90698825'],
    [2000000000, 'sha512', '38618901'],
    [20000000000, 'sha1', '65353130'],
    [20000000000, 'sha256', '77737706'],
    [20000000000, 'sha512', '47863826'],
  ] as const)('gives the RFC 6238 value at %i s with %s', (seconds, algorithm, expected) => {
    expect(totpAt(SEEDS[algorithm], seconds * 1000, 8, algorithm)).toBe(expected);
  });
});

describe('hotp', () => {
  it.each([
    [0, '755224'],
    [1, '287082'],
    [2, '359152'],
    [3, '969429'],
    [9, '520489'],
  ])('gives the RFC 4226 value for counter %i', (counter, expected) => {
    expect(hotp(SEEDS.sha1, counter)).toBe(expected);
  });
});

describe('base32', () => {
  it.each([
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ])('encodes %j as the RFC 4648 vector %j and back', (plain, encoded) => {
    expect(base32Encode(Buffer.from(plain))).toBe(encoded);
    expect(base32Decode(encoded).toString()).toBe(plain);
  });

  it('rejects characters outside the alphabet', () => {
    expect(() => base32Decode('MZ1W')).toThrow(/invalid base32/);
  });
});

describe('matchTotp', () => {
  const secret = newTotpSecret();
  const key = base32Decode(secret);
  const now = 1_700_000_000_000;
  const step = Math.floor(now / 30_000);

  it('makes 160-bit secrets', () => {
    expect(key).toHaveLength(20);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  });

  it('accepts the current step and one step of drift either way', () => {
    expect(matchTotp(secret, totpAt(key, now), now, null)).toBe(step);
    expect(matchTotp(secret, totpAt(key, now - 30_000), now, null)).toBe(step - 1);
    expect(matchTotp(secret, totpAt(key, now + 30_000), now, null)).toBe(step + 1);
  });

  it('rejects codes two steps away', () => {
    expect(matchTotp(secret, totpAt(key, now - 60_000), now, null)).toBeNull();
    expect(matchTotp(secret, totpAt(key, now + 60_000), now, null)).toBeNull();
  });

  it('never accepts a step at or before the last accepted one', () => {
    const code = totpAt(key, now);
    expect(matchTotp(secret, code, now, step)).toBeNull();
    expect(matchTotp(secret, totpAt(key, now - 30_000), now, step - 1)).toBeNull();
    expect(matchTotp(secret, totpAt(key, now + 30_000), now, step)).toBe(step + 1);
  });

  it('rejects anything but six digits', () => {
    expect(matchTotp(secret, '12345', now, null)).toBeNull();
    expect(matchTotp(secret, 'abcdef', now, null)).toBeNull();
  });
});

describe('otpauthUri', () => {
  it('names the issuer and account and states the algorithm, digits and period', () => {
    const uri = new URL(otpauthUri('JBSWY3DPEHPK3PXP', 'Aurora Markets', 'ann@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Aurora Markets:ann@example.com');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret: 'JBSWY3DPEHPK3PXP',
      issuer: 'Aurora Markets',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
