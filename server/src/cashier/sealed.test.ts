import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSealer, SealBroken } from './sealed';

describe('cashier sealer', () => {
  const sealer = createSealer(randomBytes(32));

  it('opens what it sealed, and never stores the plaintext', () => {
    const sealed = sealer.seal('DE89 3704 0044 0532 0130 00');
    expect(sealed).not.toContain('3704');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(sealer.open(sealed)).toBe('DE89 3704 0044 0532 0130 00');
  });

  it('seals the same value differently each time, while the lookup hash stays the same', () => {
    expect(sealer.seal('x')).not.toBe(sealer.seal('x'));
    expect(sealer.hash('x')).toBe(sealer.hash('x'));
    expect(sealer.hash('x')).not.toBe(sealer.hash('y'));
  });

  it('refuses a changed value and another key', () => {
    const sealed = sealer.seal('secret');
    const [v, iv, tag, body] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => sealer.open([v, iv, tag, flipped.toString('base64url')].join('.'))).toThrow(SealBroken);
    expect(() => createSealer(randomBytes(32)).open(sealed)).toThrow(SealBroken);
    expect(() => sealer.open('garbage')).toThrow(SealBroken);
  });
});
