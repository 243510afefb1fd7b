import { describe, expect, it } from 'vitest';
import type { RequestAuth } from './authenticate';
import { createSessionCache } from './session-cache';

const auth = (userId: string): RequestAuth => ({
  userId,
  uid: `U${userId}`,
  sessionId: `s${userId}`,
  virtual: false,
  brandId: 'tradekit',
});

function clocked(ttlMs = 1000, max = 100) {
  let time = 0;
  const cache = createSessionCache(() => time, ttlMs, max);
  return { cache, advance: (ms: number) => void (time += ms) };
}

describe('createSessionCache', () => {
  it('reuses a passed check for one TTL, then asks again', () => {
    const { cache, advance } = clocked();
    cache.put('token-a', auth('1'), cache.now());
    advance(999);
    expect(cache.get('token-a')).toEqual(auth('1'));
    advance(1);
    expect(cache.get('token-a')).toBeNull();
  });

  it("drops every entry of a user whose sessions were revoked, and only that user's", () => {
    const { cache } = clocked();
    cache.put('a1', auth('1'), cache.now());
    cache.put('a2', auth('1'), cache.now());
    cache.put('b', auth('2'), cache.now());
    cache.forget('1');
    expect(cache.get('a1')).toBeNull();
    expect(cache.get('a2')).toBeNull();
    expect(cache.get('b')).toEqual(auth('2'));
  });

  it('stores no check of a revoked user for one TTL, even one that started after the revocation', () => {
    const { cache, advance } = clocked();
    const started = cache.now();
    advance(10);
    cache.forget('1');
    cache.put('a', auth('1'), started);
    expect(cache.get('a')).toBeNull();
    advance(500);
    cache.put('a', auth('1'), cache.now());
    expect(cache.get('a')).toBeNull();
    advance(500);
    cache.put('a', auth('1'), cache.now());
    expect(cache.get('a')).toEqual(auth('1'));
  });

  it('keeps at most `max` entries, dropping the oldest', () => {
    const { cache } = clocked(1000, 3);
    for (const token of ['t1', 't2', 't3', 't4']) cache.put(token, auth(token), cache.now());
    expect(cache.get('t1')).toBeNull();
    expect(cache.get('t4')).not.toBeNull();
  });
});
