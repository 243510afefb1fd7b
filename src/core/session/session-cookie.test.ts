// The default token storage (decisions SC1–SC5): access token in memory, refresh token in the server's HttpOnly
// cookie, nothing a page script could steal in web storage.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoginResponse } from '../contract/auth';
import { setBackgroundWrites, writeAtOnce } from '../state/background-writes';
import { REMEMBER_FLAG } from './memory-token-store';
import { createHarness, useSessionTimers, makeToken, userInfo } from './session.fixture';
import type { Harness } from './session.fixture';
import { createKeyValueStore } from './storage';

const T0 = Date.UTC(2025, 0, 15, 12, 0, 0);
const MIN = 60_000;
const sec = (ms: number) => Math.floor(ms / 1000);

function login(ttl = 15 * MIN, extra: { virtualStatus?: '0' | '1'; uid?: string } = {}): LoginResponse {
  const exp = sec(Date.now() + ttl);
  // What the reference server answers a browser: the refresh token only as the cookie.
  return { token: makeToken({ exp, ...extra }), refreshToken: '', qrcodeStatus: 1, expiresAt: exp * 1000 };
}

/** The refresh answer of the reference server to a browser: a new access token, the cookie rotated. */
const refreshed = (uid = '10000007', virtualStatus: '0' | '1' = '0') => {
  const exp = sec(Date.now() + 15 * MIN);
  return {
    code: 0,
    data: { token: makeToken({ exp, uid, virtualStatus }), refreshToken: '', expiresAt: exp * 1000 },
  };
};

/** Every value the page's local storage holds. */
const everything = (h: Harness) =>
  Array.from({ length: h.storage.length }, (_, i) => h.storage.getItem(h.storage.key(i) ?? '') ?? '');

let h: Harness;
useSessionTimers(T0, () => h);
afterEach(() => vi.unstubAllGlobals());

describe('cookie mode (the default when the runtime config names none)', () => {
  it('keeps the access token in memory and only a hint in local storage', async () => {
    h = createHarness({ session: { tokenStorage: undefined } });
    await h.platform.ready;
    await vi.advanceTimersByTimeAsync(0);
    const tokens = login(15 * MIN, { uid: '10000042' });
    // A backend that still sends a body refresh token does not get it stored.
    await h.session.signIn({ ...tokens, refreshToken: 'body-refresh-token' });
    expect(h.session.getToken()).toBe(tokens.token);
    expect(h.session.getState().status).toBe('signedIn');
    for (const key of ['token', 'refreshToken', 'tokenExpiresAt']) expect(h.storage.getItem(key)).toBeNull();
    expect(JSON.parse(h.storage.getItem('tkSession') ?? 'null')).toEqual({
      uid: '10000042',
      virtualStatus: '0',
    });
    expect(
      everything(h).some((value) => value.includes(tokens.token) || value.includes('body-refresh')),
    ).toBe(false);
  });

  it('wipes the tokens and the encoded password an older version left in local storage', async () => {
    h = createHarness({
      session: { tokenStorage: undefined },
      prepare(storage) {
        storage.setItem('token', makeToken({ exp: sec(T0) + 900 }));
        storage.setItem('refreshToken', 'old-refresh');
        storage.setItem('tokenExpiresAt', String(T0 + 900_000));
        storage.setItem('rememberPassword', 'U2FsdGVkX1+encoded');
        storage.setItem('language', 'de');
      },
    });
    await h.platform.ready;
    await vi.advanceTimersByTimeAsync(0);
    for (const key of ['token', 'refreshToken', 'tokenExpiresAt', 'rememberPassword'])
      expect(h.storage.getItem(key)).toBeNull();
    expect(h.storage.getItem('language')).toBe('de');
    expect(h.session.getState().status).toBe('signedOut');
    expect(h.callsTo('wa-na/refresh')).toHaveLength(0);
    // Nothing to restore: known once the config is there (EK73).
    await h.session.known();
  });

  it('keeps the spec’s local-storage keys when the runtime config asks for tokenStorage "spec"', async () => {
    const token = makeToken({ exp: sec(T0) + 900 });
    h = createHarness({
      config: { tokenStorage: 'spec' },
      session: { tokenStorage: undefined },
      prepare(storage) {
        storage.setItem('token', token);
        storage.setItem('refreshToken', 'spec-refresh');
      },
    });
    expect(h.session.getState().status).toBe('restoring');
    await h.platform.ready;
    await vi.advanceTimersByTimeAsync(0);
    expect(h.session.getState().status).toBe('signedIn');
    expect(h.session.getToken()).toBe(token);
    expect(h.storage.getItem('refreshToken')).toBe('spec-refresh');
  });

  it('restores a session after a reload through the cookie: restoring, then signed in with a new token', async () => {
    const answer = refreshed('10000042');
    let release: () => void = () => undefined;
    h = createHarness({
      session: { tokenStorage: undefined },
      prepare: (storage) =>
        storage.setItem('tkSession', JSON.stringify({ uid: '10000042', virtualStatus: '0' })),
      handlers: {
        'wa-na/refresh': () => new Promise((done) => (release = () => done(answer))),
        'waa/user/info': () => ({ code: 0, data: userInfo('10000042') }),
      },
    });
    let known = false;
    void h.session.known().then(() => (known = true));
    expect(h.session.getState().status).toBe('restoring');
    await vi.advanceTimersByTimeAsync(0);
    expect(h.session.getState().status).toBe('restoring');
    // Not known while the refresh call is on its way (EK73: the host's site waits for it).
    expect(known).toBe(false);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(known).toBe(true);
    expect(h.session.getState()).toMatchObject({ status: 'signedIn', uid: '10000042' });
    expect(h.session.getToken()).toBe(answer.data.token);
    const [call] = h.callsTo('wa-na/refresh');
    // Nothing but the cookie identifies the session: no body token, no old access token.
    expect(call?.body).toEqual({});
    expect(call?.credentials).toBe('include');
    expect(h.platform.store.get(h.session.atoms.user)?.uid).toBe('10000042');
    // The restore asked for the user's info; the start after it does not ask again (it did, at every reload).
    await vi.advanceTimersByTimeAsync(1_000);
    expect(h.callsTo('waa/user/info')).toHaveLength(1);
  });

  it('ends a restore with a background write: the signed-in state it wakes renders in slices (EK64)', async () => {
    const seen: string[] = [];
    setBackgroundWrites((writes) => {
      const before = h.session.getState().status;
      writes();
      seen.push(`${before} -> ${h.session.getState().status}`);
    });
    try {
      h = createHarness({
        session: { tokenStorage: undefined },
        prepare: (storage) =>
          storage.setItem('tkSession', JSON.stringify({ uid: '10000042', virtualStatus: '0' })),
        handlers: {
          'wa-na/refresh': () => refreshed('10000042'),
          'waa/user/info': () => ({ code: 0, data: userInfo('10000042') }),
        },
      });
      await h.platform.ready;
      await vi.waitFor(() => expect(h.session.getState().status).toBe('signedIn'));
    } finally {
      setBackgroundWrites(writeAtOnce);
    }
    // Both ends of restoring go through the runner: the mode's decision, then the refresh's answer signing in.
    // (The user's info after it is a background write too: EK58.)
    const ends = seen.filter((step) => step.startsWith('restoring'));
    expect(ends).toHaveLength(2);
    expect(ends[1]).toBe('restoring -> signedIn');
  });

  it('forgets the hint when the cookie is refused, and is signed out', async () => {
    h = createHarness({
      session: { tokenStorage: undefined },
      prepare: (storage) => storage.setItem('tkSession', JSON.stringify({ uid: '1', virtualStatus: '0' })),
      handlers: { 'wa-na/refresh': () => ({ code: 23519, msg: 'login required' }) },
    });
    await h.platform.ready;
    // The refusal's message table loads first (a chunk): wait for the state, not for a tick count.
    await vi.waitFor(() => expect(h.session.getState().status).toBe('signedOut'));
    expect(h.storage.getItem('tkSession')).toBeNull();
    expect(h.nav.onUnauthorized).not.toHaveBeenCalled();
  });

  it('refreshes near expiry with the cookie alone (credentials included, no body refresh token)', async () => {
    h = createHarness({
      session: { tokenStorage: 'cookie' },
      handlers: { 'wa-na/refresh': () => refreshed() },
    });
    await h.platform.ready;
    const tokens = login(4 * MIN);
    await h.session.signIn(tokens);
    expect(await h.session.refresh()).toBe(true);
    const [call] = h.callsTo('wa-na/refresh');
    expect(call?.body).toEqual({ token: tokens.token });
    expect(call?.credentials).toBe('include');
    expect(h.session.getToken()).not.toBe(tokens.token);
  });

  it('logs out with credentials so that the server clears the cookie, and removes the hint', async () => {
    h = createHarness({ session: { tokenStorage: 'cookie' } });
    await h.platform.ready;
    await h.session.signIn(login());
    await h.session.logout();
    expect(h.callsTo('waa/user/logout')[0]?.credentials).toBe('include');
    expect(h.storage.getItem('tkSession')).toBeNull();
    expect(h.session.getToken()).toBeNull();
  });

  describe('other tabs', () => {
    function twoTabs(handlers: Harness['handlers'] = {}) {
      const target = new EventTarget();
      h = createHarness({ handlers });
      h.session.close();
      return {
        target,
        create: async () => {
          const { createSession } = await import('./session');
          return createSession(h.platform, {
            storage: createKeyValueStore(h.storage, target as unknown as Window),
            page: null,
            lock: (task) => task(),
            tokenStorage: 'cookie',
          });
        },
        storageEvent: () =>
          target.dispatchEvent(
            Object.assign(new Event('storage'), { key: 'tkSession', storageArea: h.storage }),
          ),
      };
    }

    it('signs out when another tab removed the hint (a logout there)', async () => {
      const tabs = twoTabs();
      const session = await tabs.create();
      await session.signIn(login());
      const ended = vi.fn();
      session.onLogout(ended);
      h.storage.removeItem('tkSession');
      tabs.storageEvent();
      await vi.advanceTimersByTimeAsync(0);
      expect(session.getState().status).toBe('signedOut');
      expect(ended).toHaveBeenCalledWith('elsewhere');
      session.close();
    });

    it('follows a switch to demo in another tab with a token of its own through the cookie', async () => {
      const tabs = twoTabs({ 'wa-na/refresh': () => refreshed('10000007', '1') });
      const session = await tabs.create();
      await session.signIn(login());
      const switched = vi.fn();
      session.onAccountSwitch(switched);
      h.storage.setItem('tkSession', JSON.stringify({ uid: '10000007', virtualStatus: '1' }));
      tabs.storageEvent();
      await vi.advanceTimersByTimeAsync(0);
      expect(session.getState()).toMatchObject({ status: 'signedIn', virtual: true });
      expect(switched).toHaveBeenCalledWith(true);
      session.close();
    });
  });
});

describe('remember password in cookie mode: the browser’s credential store, never web storage', () => {
  class FakePasswordCredential {
    readonly type = 'password';
    constructor(readonly data: { id: string; password: string }) {}
    get id() {
      return this.data.id;
    }
    get password() {
      return this.data.password;
    }
  }

  function withCredentialStore() {
    const saved: FakePasswordCredential[] = [];
    const container = {
      store: vi.fn(async (credential: FakePasswordCredential) => {
        saved.push(credential);
        return credential;
      }),
      get: vi.fn(async () => saved.at(-1) ?? null),
      preventSilentAccess: vi.fn(async () => undefined),
    };
    vi.stubGlobal('PasswordCredential', FakePasswordCredential);
    vi.stubGlobal('isSecureContext', true);
    vi.stubGlobal('navigator', { ...globalThis.navigator, credentials: container });
    return { saved, container };
  }

  it('is not offered where the browser has no password store (Firefox, Safari)', async () => {
    vi.stubGlobal('isSecureContext', true);
    vi.stubGlobal('PasswordCredential', undefined);
    h = createHarness({ session: { tokenStorage: 'cookie' } });
    expect(h.session.remember.passwordSupported()).toBe(false);
    await h.session.remember.setPassword('s3cret-pass', 'ada@example.com');
    expect(everything(h).some((value) => value.includes('s3cret'))).toBe(false);
  });

  it('hands the password to the credential store and keeps only a flag', async () => {
    const { saved } = withCredentialStore();
    h = createHarness({ session: { tokenStorage: 'cookie' } });
    expect(h.session.remember.passwordSupported()).toBe(true);
    h.session.remember.setAccount({ type: 'E', value: 'ada@example.com' });
    await h.session.remember.setPassword('s3cret-pass', 'ada@example.com');
    expect(saved.map((c) => c.id)).toEqual(['ada@example.com']);
    expect(h.storage.getItem('rememberPassword')).toBe(REMEMBER_FLAG);
    expect(everything(h).some((value) => value.includes('s3cret'))).toBe(false);
    expect(await h.session.remember.password()).toBe('s3cret-pass');
  });

  it('does not offer another account’s saved password, and forgets on request', async () => {
    const { container } = withCredentialStore();
    h = createHarness({ session: { tokenStorage: 'cookie' } });
    await h.session.remember.setPassword('s3cret-pass', 'bob@example.com');
    h.session.remember.setAccount({ type: 'E', value: 'ada@example.com' });
    expect(await h.session.remember.password()).toBeNull();
    await h.session.remember.setPassword(null);
    expect(h.storage.getItem('rememberPassword')).toBeNull();
    expect(container.preventSilentAccess).toHaveBeenCalled();
    expect(await h.session.remember.password()).toBeNull();
  });
});
