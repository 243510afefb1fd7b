import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from './session.fixture';
import {
  canRememberPassword,
  offerToPasswordManager,
  readRememberedAccount,
  readRememberedPassword,
  writeRememberedAccount,
  writeRememberedPassword,
} from './remember';
import { createKeyValueStore } from './storage';

afterEach(() => vi.unstubAllGlobals());

describe('remembered account', () => {
  it('keeps the account as JSON {type, value}', () => {
    const storage = new MemoryStorage();
    const kv = createKeyValueStore(storage, null);
    writeRememberedAccount(kv, { type: 'P', value: '15123456789' });
    expect(JSON.parse(storage.getItem('rememberAccount')!)).toEqual({ type: 'P', value: '15123456789' });
    expect(readRememberedAccount(kv)).toEqual({ type: 'P', value: '15123456789' });
    writeRememberedAccount(kv, null);
    expect(storage.getItem('rememberAccount')).toBeNull();
  });

  it.each(['not json', '{"type":"X","value":"a"}', '{"type":"E","value":""}', '"ada@example.com"', 'null'])(
    'reads %j as no remembered account',
    (raw) => {
      const storage = new MemoryStorage();
      storage.setItem('rememberAccount', raw);
      expect(readRememberedAccount(createKeyValueStore(storage, null))).toBeNull();
    },
  );
});

describe('canRememberPassword', () => {
  it.each([
    [true, true, true],
    [false, true, false],
    [true, false, false],
    [false, false, false],
  ])('secure context %j and persistent storage %j → %j', (secureContext, persistentStorage, expected) => {
    expect(canRememberPassword({ secureContext, persistentStorage })).toBe(expected);
  });
});

describe('remembered password', () => {
  it('stores the password encoded and reads it back on the same origin', async () => {
    vi.stubGlobal('isSecureContext', true);
    const storage = new MemoryStorage();
    const kv = createKeyValueStore(storage, null);
    await writeRememberedPassword(kv, 'https://brand.test', 's3cret-pass');
    expect(storage.getItem('rememberPassword')).toMatch(/^tk2:/);
    expect(storage.getItem('rememberPassword')).not.toContain('s3cret');
    expect(await readRememberedPassword(kv, 'https://brand.test')).toBe('s3cret-pass');
    expect(await readRememberedPassword(kv, 'https://other.test')).toBeNull();
    expect(storage.getItem('rememberPassword')).toBeNull();
  });

  it('never stores a password outside a secure context', async () => {
    vi.stubGlobal('isSecureContext', false);
    const storage = new MemoryStorage();
    storage.setItem('rememberPassword', 'old');
    await writeRememberedPassword(createKeyValueStore(storage, null), 'http://brand.test', 'pw-1234');
    expect(storage.getItem('rememberPassword')).toBeNull();
  });

  it('hands the credential to the browser password manager where the API exists', async () => {
    expect(await offerToPasswordManager('ada@example.com', 'pw')).toBe(false);
    const store = vi.fn(async () => undefined);
    class PasswordCredential {
      constructor(readonly data: { id: string; password: string }) {}
    }
    vi.stubGlobal('PasswordCredential', PasswordCredential);
    vi.stubGlobal('navigator', { credentials: { store } });
    expect(await offerToPasswordManager('ada@example.com', 'pw')).toBe(true);
    expect(store).toHaveBeenCalledWith(
      expect.objectContaining({ data: { id: 'ada@example.com', password: 'pw' } }),
    );
  });
});
