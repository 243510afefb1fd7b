import { describe, expect, it, vi } from 'vitest';
import { MemoryStorage, makeToken } from './session.fixture';
import { createKeyValueStore } from './storage';
import { decodeTokenPayload, isVirtualStatus, tokenExpiry } from './token-payload';
import { createTokenStore } from './token-store';

/** A storage whose every access throws, as with site data blocked. */
class BlockedStorage extends MemoryStorage {
  override getItem(): string | null {
    throw new Error('SecurityError');
  }
  override setItem(): void {
    throw new Error('SecurityError');
  }
}

describe('createKeyValueStore', () => {
  it('reads and writes local storage', () => {
    const storage = new MemoryStorage();
    const kv = createKeyValueStore(storage, null);
    kv.set('country', 'DE');
    expect(storage.getItem('country')).toBe('DE');
    expect(kv.get('country')).toBe('DE');
    kv.remove('country');
    expect(kv.get('country')).toBeNull();
    expect(kv.persistent()).toBe(true);
  });

  it('keeps values in memory for the page when storage is blocked', () => {
    const kv = createKeyValueStore(new BlockedStorage(), null);
    expect(kv.persistent()).toBe(false);
    kv.set('token', 't');
    expect(kv.get('token')).toBe('t');
    expect(createKeyValueStore(null, null).get('token')).toBeNull();
  });

  it('reports changes of §3 keys made by other tabs and ignores other keys and other storages', () => {
    const storage = new MemoryStorage();
    const target = new EventTarget();
    const kv = createKeyValueStore(storage, target as unknown as Window);
    const seen = vi.fn();
    const stop = kv.watch(seen);
    const fire = (key: string | null, area: Storage = storage) =>
      target.dispatchEvent(Object.assign(new Event('storage'), { key, storageArea: area }));
    fire('token');
    fire('unrelated');
    fire('token', new MemoryStorage());
    fire(null);
    stop();
    fire('theme');
    expect(seen.mock.calls).toEqual([['token'], [null]]);
  });
});

describe('createTokenStore', () => {
  it('writes and reads the four token keys', () => {
    const storage = new MemoryStorage();
    const tokens = createTokenStore(createKeyValueStore(storage, null));
    tokens.write({ token: 'a.b.c', refreshToken: 'r', expiresAt: 123_000, virtualStatus: '1' });
    expect(
      Object.fromEntries(
        ['token', 'refreshToken', 'tokenExpiresAt', 'virtualStatus'].map((k) => [k, storage.getItem(k)]),
      ),
    ).toEqual({ token: 'a.b.c', refreshToken: 'r', tokenExpiresAt: '123000', virtualStatus: '1' });
    expect(tokens.read()).toEqual({
      token: 'a.b.c',
      refreshToken: 'r',
      expiresAt: 123_000,
      virtualStatus: '1',
    });
    tokens.clear();
    expect(storage.length).toBe(0);
    expect(tokens.read()).toBeNull();
  });

  it('reads a token without the other keys as a real session of unknown expiry', () => {
    const storage = new MemoryStorage();
    storage.setItem('token', 't');
    storage.setItem('tokenExpiresAt', 'soon');
    expect(createTokenStore(createKeyValueStore(storage, null)).read()).toEqual({
      token: 't',
      refreshToken: null,
      expiresAt: null,
      virtualStatus: '0',
    });
  });
});

describe('token payload', () => {
  it('decodes the payload of a token, including non-ASCII text', () => {
    const token = makeToken({ exp: 1_700_000_000, virtualStatus: '1', uid: '12345678', sub: 'Zoë' });
    expect(decodeTokenPayload(token)).toMatchObject({ virtualStatus: '1', uid: '12345678', sub: 'Zoë' });
    expect(tokenExpiry(decodeTokenPayload(token))).toBe(1_700_000_000_000);
  });

  it.each([null, '', 'opaque', 'a.!!!.c', 'a.bnVsbA.c'])('reads %j as no payload', (token) => {
    expect(decodeTokenPayload(token)).toBeNull();
  });

  it.each([
    ['0', false],
    [0, false],
    ['1', true],
    [1, true],
    [undefined, false],
    [null, false],
  ])('reads virtualStatus %j as demo=%j', (status, expected) => {
    expect(isVirtualStatus(status)).toBe(expected);
  });
});
