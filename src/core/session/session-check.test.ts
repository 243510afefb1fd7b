import { describe, expect, it, vi } from 'vitest';
import type { LoginResponse } from '../contract/auth';
import { Balance } from '../contract/accounts';
import { loadCodeMessages } from '../i18n/i18n';
import { createHarness, useSessionTimers, makeToken } from './session.fixture';
import type { Harness } from './session.fixture';
import { REFRESH_BEFORE_MS, SESSION_CHECK_MS } from './session-policy';

const T0 = Date.UTC(2025, 0, 15, 12, 0, 0);
const MIN = 60_000;
const sec = (ms: number) => Math.floor(ms / 1000);

/** A completed login whose access token expires `ttl` ms after now. */
function login(ttl = 15 * MIN, extra: { virtualStatus?: '0' | '1'; uid?: string } = {}): LoginResponse {
  const exp = sec(Date.now() + ttl);
  return { token: makeToken({ exp, ...extra }), refreshToken: 'r-1', qrcodeStatus: 1, expiresAt: exp * 1000 };
}

/** A refresh endpoint that rotates r-n → r-(n+1) and issues a 15-minute token. */
function rotatingRefresh(h: Harness) {
  let n = 1;
  h.handlers['wa-na/refresh'] = (body) => {
    if (body.refreshToken !== `r-${n}`) return { code: 23519, msg: 'login required' };
    n += 1;
    const exp = sec(Date.now() + 15 * MIN);
    return {
      code: 0,
      data: { token: makeToken({ exp, iat: n }), refreshToken: `r-${n}`, expiresAt: exp * 1000 },
    };
  };
}

let h: Harness;
useSessionTimers(T0, () => h);

describe('the 60 s session check', () => {
  it('refreshes once fewer than 5 minutes are left, and not before', async () => {
    h = createHarness();
    rotatingRefresh(h);
    await h.session.signIn(login(15 * MIN));
    await vi.advanceTimersByTimeAsync(10 * MIN);
    expect(h.callsTo('wa-na/refresh')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_MS);
    const [refresh] = h.callsTo('wa-na/refresh');
    expect(refresh?.body).toMatchObject({ refreshToken: 'r-1' });
    expect(refresh?.bearer).toBeNull();
    expect(h.storage.getItem('refreshToken')).toBe('r-2');
    expect(h.session.getState().expiresAt).toBe(Date.now() - (Date.now() % 1000) + 15 * MIN);
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_MS);
    expect(h.callsTo('wa-na/refresh')).toHaveLength(1);
  });

  it('renews an expired token with the refresh token and keeps the session', async () => {
    h = createHarness();
    rotatingRefresh(h);
    await h.session.signIn(login(REFRESH_BEFORE_MS + 30 * MIN));
    vi.setSystemTime(Date.now() + 60 * MIN);
    await h.session.check();
    expect(h.session.isSignedIn()).toBe(true);
    expect(h.storage.getItem('refreshToken')).toBe('r-2');
    expect(h.nav.onEnded).not.toHaveBeenCalled();
  });

  it('logs out to / when the token expired and the refresh is refused', async () => {
    h = createHarness({ handlers: { 'wa-na/refresh': () => ({ code: 23519 }) } });
    await h.session.signIn(login(10 * MIN));
    vi.setSystemTime(Date.now() + 11 * MIN);
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_MS);
    // The refused refresh is answered once the lazily imported code messages are in: that import takes
    // real time, which fake timers do not wait for. Await the same (shared) load, then let the check end.
    await loadCodeMessages(h.platform.i18n);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.session.isSignedIn()).toBe(false);
    expect(h.nav.onEnded).toHaveBeenCalledWith('expired');
    expect(h.nav.onUnauthorized).not.toHaveBeenCalled();
  });

  it('asks to sign in again when a refresh before expiry is refused, and never resends that token', async () => {
    h = createHarness({ handlers: { 'wa-na/refresh': () => ({ code: 23519 }) } });
    await h.session.signIn(login(4 * MIN));
    await h.session.check();
    expect(h.session.isSignedIn()).toBe(false);
    expect(h.nav.onUnauthorized).toHaveBeenCalledOnce();
    expect(h.callsTo('wa-na/refresh')).toHaveLength(1);
  });

  it('keeps the session and tries again on the next check when the refresh cannot reach the server', async () => {
    h = createHarness({ handlers: { 'wa-na/refresh': () => ({ http: 502 }) } });
    await h.session.signIn(login(4 * MIN));
    await h.session.check();
    expect(h.session.isSignedIn()).toBe(true);
    rotatingRefresh(h);
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_MS);
    expect(h.storage.getItem('refreshToken')).toBe('r-2');
  });

  it('logs a demo session out when the brand has virtual trading off', async () => {
    h = createHarness({ systemConfigs: [{ name: 'VIRTUAL_CURRENCY_TRADE', enable: false }] });
    await vi.waitFor(() => expect(h.platform.store.get(h.platform.atoms.systemConfig)).not.toBeNull());
    await h.session.signIn(login(15 * MIN, { virtualStatus: '1' }));
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_MS);
    expect(h.session.isSignedIn()).toBe(false);
    expect(h.callsTo('waa/user/logout')).toHaveLength(1);
    expect(h.nav.onEnded).toHaveBeenCalledWith('virtualDisabled');
  });

  it('keeps a real session when the brand has virtual trading off', async () => {
    h = createHarness({ systemConfigs: [{ name: 'VIRTUAL_CURRENCY_TRADE', enable: false }] });
    await vi.waitFor(() => expect(h.platform.store.get(h.platform.atoms.systemConfig)).not.toBeNull());
    await h.session.signIn(login());
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_MS);
    expect(h.session.isSignedIn()).toBe(true);
  });

  it('stops checking after logout', async () => {
    h = createHarness();
    rotatingRefresh(h);
    await h.session.signIn(login(15 * MIN));
    await h.session.logout();
    await vi.advanceTimersByTimeAsync(15 * SESSION_CHECK_MS);
    expect(h.callsTo('wa-na/refresh')).toHaveLength(0);
  });
});

describe('refresh concurrency', () => {
  it('shares one refresh between the check, explicit refreshes and protected calls', async () => {
    h = createHarness();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    rotatingRefresh(h);
    const rotate = h.handlers['wa-na/refresh']!;
    h.handlers['wa-na/refresh'] = async (body, bearer) => {
      await gate;
      return rotate(body, bearer);
    };
    await h.session.signIn(login(15 * MIN));
    vi.setSystemTime(Date.now() + 11 * MIN);
    const pending = [
      h.session.refresh(),
      h.session.refresh(),
      h.session.check(),
      h.session.refreshBalance(),
      h.session.refreshUser(),
    ];
    await vi.advanceTimersByTimeAsync(0);
    release();
    const [first, second] = await Promise.all(pending);
    expect([first, second]).toEqual([true, true]);
    expect(h.callsTo('wa-na/refresh')).toHaveLength(1);
    const fresh = h.storage.getItem('token');
    expect(h.callsTo('waa/user/balance').at(-1)?.bearer).toBe(fresh);
    expect(h.callsTo('waa/user/info').at(-1)?.bearer).toBe(fresh);
  });

  it('adopts tokens another tab refreshed while this tab waited for the lock', async () => {
    const tab = { other: () => undefined as void };
    h = createHarness({ session: { lock: async (task) => (tab.other(), task()) } });
    rotatingRefresh(h);
    await h.session.signIn(login(15 * MIN));
    vi.setSystemTime(Date.now() + 11 * MIN);
    const exp = sec(Date.now() + 15 * MIN);
    tab.other = () => {
      h.storage.setItem('token', makeToken({ exp }));
      h.storage.setItem('refreshToken', 'r-2');
      h.storage.setItem('tokenExpiresAt', String(exp * 1000));
    };
    expect(await h.session.refresh()).toBe(true);
    expect(h.callsTo('wa-na/refresh')).toHaveLength(0);
    expect(h.session.getState().expiresAt).toBe(exp * 1000);
  });
});

describe('answers that end the session', () => {
  it('clears the session and asks for sign-in on HTTP 401 from a protected call', async () => {
    h = createHarness();
    await h.session.signIn(login());
    h.handlers['waa/user/balance'] = () => ({ http: 401 });
    const ended = vi.fn();
    h.session.onLogout(ended);
    await h.session.refreshBalance();
    expect(h.session.isSignedIn()).toBe(false);
    expect(h.storage.getItem('token')).toBeNull();
    expect(ended).toHaveBeenCalledWith('unauthorized');
    expect(h.nav.onUnauthorized).toHaveBeenCalledOnce();
  });

  it('clears the session on 23519 but does not navigate for a call that set noAuthRedirect', async () => {
    h = createHarness();
    await h.session.signIn(login());
    h.handlers['waa/user/info'] = () => ({ code: 23519, msg: 'login required' });
    await h.session.refreshUser({ noAuthRedirect: true });
    expect(h.session.isSignedIn()).toBe(false);
    expect(h.nav.onUnauthorized).not.toHaveBeenCalled();
  });

  it('ignores a 401 for a token the session has already replaced', async () => {
    h = createHarness();
    await h.session.signIn(login());
    let release: () => void = () => undefined;
    h.handlers['waa/user/balance'] = () => new Promise((resolve) => (release = () => resolve({ http: 401 })));
    const stale = h.session.refreshBalance();
    await vi.advanceTimersByTimeAsync(0);
    await h.session.signIn(login(20 * MIN, { uid: '10000099' }));
    release();
    await stale;
    expect(h.session.getState().uid).toBe('10000099');
    expect(h.nav.onUnauthorized).not.toHaveBeenCalled();
  });

  it('ignores a 401 answered after the trader signed out, for a call sent before', async () => {
    h = createHarness();
    await h.session.signIn(login());
    let release: () => void = () => undefined;
    h.handlers['waa/user/balance'] = () => new Promise((resolve) => (release = () => resolve({ http: 401 })));
    const stale = h.session.refreshBalance();
    await vi.advanceTimersByTimeAsync(0);
    await h.session.logout();
    release();
    await stale;
    expect(h.session.getState().status).toBe('signedOut');
    expect(h.nav.onUnauthorized).not.toHaveBeenCalled();
  });

  it('still asks a signed-out visitor to sign in when a protected call answers 23519', async () => {
    h = createHarness();
    h.handlers['waa/user/balance'] = () => ({ code: 23519, msg: 'login required' });
    await h.platform.api.call(Balance, {});
    expect(h.nav.onUnauthorized).toHaveBeenCalledOnce();
  });

  it('asks the server nothing for the account when a sign-out makes the page read it again', async () => {
    h = createHarness();
    await h.session.signIn(login());
    let asked = 0;
    h.handlers['waa/user/balance'] = () => ((asked += 1), { http: 401 });
    h.handlers['waa/user/info'] = () => ((asked += 1), { http: 401 });
    // What the page's feeds and cards do when the session changes: read the balance and the user again.
    const reads: Array<Promise<unknown>> = [];
    h.session.subscribe(() => reads.push(h.session.refreshBalance(), h.session.refreshUser()));
    await h.session.logout();
    const answers = await Promise.all(reads);
    expect(answers.length).toBeGreaterThan(0);
    expect(answers).toContainEqual(expect.objectContaining({ ok: false, code: 23519 }));
    expect(asked).toBe(0);
    expect(h.nav.onUnauthorized).not.toHaveBeenCalled();
    expect(h.session.getState().status).toBe('signedOut');
  });

  it('logs out when user info answers 1002 (user not found)', async () => {
    h = createHarness({ handlers: { 'waa/user/info': () => ({ code: 1002, msg: 'user not found' }) } });
    await h.session.signIn(login());
    expect(h.session.isSignedIn()).toBe(false);
    expect(h.nav.onEnded).toHaveBeenCalledWith('userMissing');
  });

  it('logs out and goes home when the exchange token check answers -1', async () => {
    h = createHarness({ handlers: { 'exchange/checkToken': () => ({ code: -1, msg: 'invalid token' }) } });
    await h.session.signIn(login());
    const result = await h.session.checkToken();
    expect(result).toMatchObject({ ok: false, code: -1 });
    expect(h.callsTo('exchange/checkToken')[0]?.body).toEqual({ token: expect.any(String) });
    expect(h.session.isSignedIn()).toBe(false);
    expect(h.nav.onEnded).toHaveBeenCalledWith('tokenInvalid');
  });
});
