import { describe, expect, it, vi } from 'vitest';
import { setBackgroundWrites, writeAtOnce } from '../state/background-writes';
import type { LoginResponse } from '../contract/auth';
import { sameValues } from './session-account';
import { createHarness, useSessionTimers, makeToken, userInfo } from './session.fixture';
import type { Answer, Harness } from './session.fixture';

const T0 = Date.UTC(2025, 0, 15, 12, 0, 0);
const MIN = 60_000;
const sec = (ms: number) => Math.floor(ms / 1000);

/** A completed login whose access token expires `ttl` ms after now. */
function login(ttl = 15 * MIN, extra: { virtualStatus?: '0' | '1'; uid?: string } = {}): LoginResponse {
  const exp = sec(Date.now() + ttl);
  return { token: makeToken({ exp, ...extra }), refreshToken: 'r-1', qrcodeStatus: 1, expiresAt: exp * 1000 };
}

let h: Harness;
useSessionTimers(T0, () => h);

describe('signIn', () => {
  it('stores the §3 token keys, reads the payload and loads the user into the atoms', async () => {
    h = createHarness();
    const tokens = login(15 * MIN, { virtualStatus: '1', uid: '10000042' });
    await h.session.signIn(tokens);
    expect(h.storage.getItem('token')).toBe(tokens.token);
    expect(h.storage.getItem('refreshToken')).toBe('r-1');
    expect(h.storage.getItem('tokenExpiresAt')).toBe(String(tokens.expiresAt));
    expect(h.storage.getItem('virtualStatus')).toBe('1');
    expect(h.session.getState()).toEqual({
      status: 'signedIn',
      virtual: true,
      expiresAt: tokens.expiresAt,
      uid: '10000042',
    });
    expect(h.session.isSignedIn()).toBe(true);
    expect(h.session.aesKey()).toBe('k'.repeat(32));
    expect(h.platform.store.get(h.session.atoms.user)?.nickname).toBe('Ada');
    expect(h.platform.store.get(h.session.atoms.balance)).toEqual({
      balanceAmount: '120.50',
      lockMargin: '0.00',
    });
    expect(h.callsTo('waa/user/info')[0]?.bearer).toBe(tokens.token);
  });

  it("writes the user's info and balance as background writes, both in one (EK58)", async () => {
    h = createHarness();
    const seen: Array<[unknown, unknown]> = [];
    setBackgroundWrites((writes) => {
      writes();
      seen.push([
        h.platform.store.get(h.session.atoms.user)?.nickname,
        h.platform.store.get(h.session.atoms.balance),
      ]);
    });
    try {
      await h.session.signIn(login(15 * MIN));
    } finally {
      setBackgroundWrites(writeAtOnce);
    }
    expect(seen).toEqual([['Ada', { balanceAmount: '120.50', lockMargin: '0.00' }]]);
  });

  it('refuses the answer of a login that still needs its second factor', async () => {
    h = createHarness();
    await expect(
      h.session.signIn({ token: '', refreshToken: '', qrcodeStatus: 0, expiresAt: null }),
    ).rejects.toThrow();
    expect(h.session.isSignedIn()).toBe(false);
  });

  it('tells subscribers about the new state', async () => {
    h = createHarness();
    const seen: string[] = [];
    h.session.subscribe((state) => seen.push(state.status));
    await h.session.signIn(login());
    expect(seen).toEqual(['signedIn']);
  });
});

describe('logout', () => {
  it('revokes on the server, clears token, refresh token and user, and keeps the preferences', async () => {
    h = createHarness({ prepare: (s) => s.setItem('language', 'ja') });
    h.session.remember.setAccount({ type: 'E', value: 'ada@example.com' });
    const tokens = login();
    await h.session.signIn(tokens);
    const ended = vi.fn();
    h.session.onLogout(ended);
    await h.session.logout();
    expect(h.callsTo('waa/user/logout')[0]).toMatchObject({
      bearer: tokens.token,
      body: { refreshToken: 'r-1' },
    });
    for (const key of ['token', 'refreshToken', 'tokenExpiresAt', 'virtualStatus'])
      expect(h.storage.getItem(key)).toBeNull();
    expect(h.storage.getItem('language')).toBe('ja');
    expect(h.session.remember.account()).toEqual({ type: 'E', value: 'ada@example.com' });
    expect(h.platform.store.get(h.session.atoms.user)).toBeNull();
    expect(h.platform.store.get(h.session.atoms.balance)).toBeNull();
    expect(h.session.getState().status).toBe('signedOut');
    expect(ended).toHaveBeenCalledExactlyOnceWith('user');
    expect(h.nav.onEnded).not.toHaveBeenCalled();
  });

  it('signs out locally even when the server cannot be reached', async () => {
    h = createHarness({ handlers: { 'waa/user/logout': () => ({ http: 503 }) } });
    await h.session.signIn(login());
    await h.session.logout();
    expect(h.session.isSignedIn()).toBe(false);
  });
});

describe('switchAccount and resetDemo', () => {
  it('replaces the token, reloads the user and tells the subscriptions to restart', async () => {
    h = createHarness();
    await h.session.signIn(login());
    const exp = sec(Date.now() + 15 * MIN);
    const demoToken = makeToken({ exp, virtualStatus: '1' });
    h.handlers['waa/user/info/switch'] = () => ({
      code: 0,
      data: { token: demoToken, expiresAt: exp * 1000 },
    });
    h.handlers['waa/user/info'] = () => ({ code: 0, data: userInfo('10000007', true) });
    h.handlers['waa/user/balance'] = () => ({
      code: 0,
      data: { balanceAmount: '50000.00', lockMargin: '0.00' },
    });
    const restarted = vi.fn();
    h.session.onAccountSwitch(restarted);
    const result = await h.session.switchAccount();
    expect(result.ok).toBe(true);
    expect(h.storage.getItem('token')).toBe(demoToken);
    expect(h.storage.getItem('virtualStatus')).toBe('1');
    expect(h.storage.getItem('refreshToken')).toBe('r-1');
    expect(h.session.getState().virtual).toBe(true);
    expect(h.platform.store.get(h.session.atoms.user)?.virtual).toBe(true);
    expect(h.platform.store.get(h.session.atoms.balance)?.balanceAmount).toBe('50000.00');
    expect(restarted).toHaveBeenCalledExactlyOnceWith(true);
  });

  it('keeps the session as it was when the switch fails', async () => {
    h = createHarness({
      handlers: { 'waa/user/info/switch': () => ({ code: 701, msg: 'virtual trading once only' }) },
    });
    const tokens = login();
    await h.session.signIn(tokens);
    const restarted = vi.fn();
    h.session.onAccountSwitch(restarted);
    expect(await h.session.switchAccount()).toMatchObject({ ok: false, code: 701 });
    expect(h.session.getToken()).toBe(tokens.token);
    expect(restarted).not.toHaveBeenCalled();
  });

  it('reloads the balance after a demo reset', async () => {
    h = createHarness({ handlers: { 'waa/virtualWallet/resetBalance': () => ({ code: 0, data: null }) } });
    await h.session.signIn(login(15 * MIN, { virtualStatus: '1' }));
    const before = h.callsTo('waa/user/balance').length;
    expect((await h.session.resetDemo()).ok).toBe(true);
    expect(h.callsTo('waa/user/balance')).toHaveLength(before + 1);
  });
});

describe('the polled balance (EK62)', () => {
  it('keeps the balance the page has while the answers say the same, and takes one that differs', async () => {
    let amount = '120.50';
    h = createHarness({
      handlers: {
        'waa/user/balance': () => ({ code: 0, data: { balanceAmount: amount, lockMargin: '0.00' } }),
      },
    });
    await h.session.signIn(login(15 * MIN));
    const { store } = h.platform;
    const first = store.get(h.session.atoms.balance);
    const woken = vi.fn();
    const unsubscribe = store.sub(h.session.atoms.balance, woken);
    try {
      for (let i = 0; i < 3; i++) expect((await h.session.refreshBalance()).ok).toBe(true);
      expect(store.get(h.session.atoms.balance)).toBe(first);
      expect(woken).not.toHaveBeenCalled();
      amount = '99.00';
      await h.session.refreshBalance();
      expect(store.get(h.session.atoms.balance)).toEqual({ balanceAmount: '99.00', lockMargin: '0.00' });
      expect(woken).toHaveBeenCalledTimes(1);
    } finally {
      unsubscribe();
    }
  });
});

describe('ensureUser (EK67)', () => {
  it('shares the answer on its way and asks nothing while the user is there', async () => {
    let release: () => void = () => undefined;
    let held = true;
    h = createHarness({
      handlers: {
        'waa/user/info': () =>
          held
            ? new Promise((done) => (release = () => done({ code: 0, data: userInfo() })))
            : { code: 0, data: userInfo() },
      },
    });
    const signingIn = h.session.signIn(login(15 * MIN));
    await vi.advanceTimersByTimeAsync(0);
    const mounted = h.session.ensureUser();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.callsTo('waa/user/info')).toHaveLength(1);
    held = false;
    release();
    await Promise.all([signingIn, mounted]);
    expect(h.platform.store.get(h.session.atoms.user)?.nickname).toBe('Ada');
    await h.session.ensureUser();
    expect(h.callsTo('waa/user/info')).toHaveLength(1);
  });

  it('asks again when the session’s own load failed', async () => {
    let answer: Answer = { code: 500, msg: 'down' };
    h = createHarness({ handlers: { 'waa/user/info': () => answer } });
    await h.session.signIn(login(15 * MIN));
    expect(h.platform.store.get(h.session.atoms.user)).toBeNull();
    answer = { code: 0, data: userInfo() };
    await h.session.ensureUser();
    expect(h.callsTo('waa/user/info')).toHaveLength(2);
    expect(h.platform.store.get(h.session.atoms.user)?.nickname).toBe('Ada');
  });
});

describe('sameValues', () => {
  it('compares own values one level deep', () => {
    expect(sameValues({ a: '1', b: '2' }, { b: '2', a: '1' })).toBe(true);
    expect(sameValues({ a: '1' }, { a: '1', b: undefined })).toBe(false);
    expect(sameValues({ a: '1', b: undefined }, { a: '1', c: undefined })).toBe(false);
    expect(sameValues({ a: '1' }, { a: 1 })).toBe(false);
    expect(sameValues({ a: { x: 1 } }, { a: { x: 1 } })).toBe(false);
    expect(sameValues({ a: Number.NaN }, { a: Number.NaN })).toBe(true);
    expect(sameValues(null, {})).toBe(false);
    expect(sameValues(null, null)).toBe(true);
  });
});

describe('restoring and following other tabs', () => {
  it('restores a stored session on start, checks it and loads the user', async () => {
    const exp = sec(T0 + 15 * MIN);
    h = createHarness({
      prepare: (s) => {
        s.setItem('token', makeToken({ exp }));
        s.setItem('refreshToken', 'r-1');
        s.setItem('tokenExpiresAt', String(exp * 1000));
        s.setItem('virtualStatus', '0');
      },
    });
    expect(h.session.getState().status).toBe('signedIn');
    await vi.waitFor(() => expect(h.platform.store.get(h.session.atoms.user)?.uid).toBe('10000007'));
  });

  it('signs out when another tab removed the token', async () => {
    const target = new EventTarget();
    h = createHarness();
    h.session.close();
    const { createSession } = await import('./session');
    const { createKeyValueStore } = await import('./storage');
    const session = createSession(h.platform, {
      storage: createKeyValueStore(h.storage, target as unknown as Window),
      page: null,
      tokenStorage: 'spec',
    });
    await session.signIn(login());
    const ended = vi.fn();
    session.onLogout(ended);
    h.storage.removeItem('token');
    target.dispatchEvent(Object.assign(new Event('storage'), { key: 'token', storageArea: h.storage }));
    await vi.advanceTimersByTimeAsync(0);
    expect(session.getState().status).toBe('signedOut');
    expect(ended).toHaveBeenCalledWith('elsewhere');
    session.close();
  });
});
