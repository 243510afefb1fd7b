/** The session's account calls: user info, balance, the demo/real switch, demo reset, token check. */
import { Balance, ResetDemoBalance, SwitchAccount, type AccountSummary } from '../contract/accounts';
import { CheckToken } from '../contract/auth';
import { noSession } from '../api/response';
import { Code } from '../contract/codes';
import { GetUserInfo, type UserInfo } from '../contract/users';
import type { CallOptions, CallResult, Platform } from '../runtime/types';
import { writeInBackground } from '../state/background-writes';
import { notifyAll } from './session-core';
import type { SessionCore } from './session-core';
import { decodeTokenPayload, tokenExpiry } from './token-payload';
import type { TokenStore } from './token-store';

/** The answer of `user/info/switch` as servers have sent it: the new access token in data, as data, or top-level. */
interface LooseSwitchAnswer {
  token?: string;
  refreshToken?: string;
  expiresAt?: number;
}

/** Account calls bound to one session. */
export function createAccountCalls(platform: Platform, tokens: TokenStore, core: SessionCore) {
  const { api, store } = platform;
  const { atoms } = core;
  const currentToken = () => tokens.read()?.token ?? null;

  /**
   * The account's own reads with nobody signed in ask the server nothing: its 401 would send the page to sign
   * in, though the read was only a reaction to the sign-out itself (a feed cleared, a card re-rendered).
   */
  const signedOut = () => noSession(platform.i18n.t.bind(platform.i18n));

  /** The user's info asked for and not answered yet, with the token it was asked under. */
  let asking: { token: string; answer: Promise<CallResult<UserInfo>> } | null = null;

  function refreshUser(options: CallOptions = {}): Promise<CallResult<UserInfo>> {
    const token = currentToken();
    if (token === null) return Promise.resolve(signedOut());
    const answer = askUser(token, options);
    asking = { token, answer };
    const done = () => {
      if (asking?.answer === answer) asking = null;
    };
    void answer.then(done, done);
    return answer;
  }

  /**
   * The user's info once: nothing when the page has it, the answer on its way when one is (a widget mounted
   * during the session's own load asked the same call a second time), else a new ask.
   */
  async function ensureUser(): Promise<void> {
    const token = currentToken();
    if (token === null || store.get(atoms.user)) return;
    await (asking?.token === token ? asking.answer : refreshUser());
  }

  async function askUser(token: string, options: CallOptions): Promise<CallResult<UserInfo>> {
    const result = await api.call(GetUserInfo, {}, { silent: true, ...options });
    // An answer for a session that has since ended or changed is dropped.
    if (currentToken() !== token) return result;
    if (result.ok) {
      const data = result.data;
      // What the user's info wakes (the account's cards, the order form's funds) renders in slices (EK58).
      writeInBackground(() => {
        store.set(atoms.user, data);
        if (data?.account) keepBalance(data.account);
      });
    } else if (result.code === Code.USER_NOT_FOUND) {
      await core.end('userMissing');
    }
    return result;
  }

  async function refreshBalance(options: CallOptions = {}): Promise<CallResult<AccountSummary>> {
    const token = currentToken();
    if (token === null) return signedOut();
    const result = await api.call(Balance, {}, { silent: true, ...options });
    if (result.ok && currentToken() === token) keepBalance(result.data);
    return result;
  }

  /**
   * Sets the balance unless the answer says what the page has: the order forms poll it every second (spec §9 timers),
   * and an unchanged account rendered everything that reads it each time (EK62).
   */
  function keepBalance(next: AccountSummary): void {
    if (!sameValues(store.get(atoms.balance), next)) store.set(atoms.balance, next);
  }

  /** spec §4: real ↔ demo — a new token replaces the session, user info reloads, subscriptions restart. */
  async function switchAccount(): Promise<CallResult<unknown>> {
    const before = tokens.read();
    const result = await api.call(SwitchAccount, {});
    if (!result.ok || !before || currentToken() !== before.token) return result;
    const answer = result.data as LooseSwitchAnswer | string | null;
    const data = typeof answer === 'string' ? { token: answer } : (answer ?? {});
    const token = data.token ?? (typeof result.envelope.token === 'string' ? result.envelope.token : null);
    if (!token) return { ok: false, code: 'malformed', message: platform.i18n.t('error.api_constructor') };
    const payload = decodeTokenPayload(token);
    tokens.write({
      token,
      refreshToken: data.refreshToken ?? before.refreshToken,
      expiresAt: data.expiresAt ?? tokenExpiry(payload),
      virtualStatus: String(payload?.virtualStatus ?? (before.virtualStatus === '0' ? '1' : '0')),
    });
    const state = core.sync();
    store.set(atoms.user, null);
    store.set(atoms.balance, null);
    await Promise.all([refreshUser(), refreshBalance()]);
    notifyAll(core.switchListeners, state.virtual);
    return result;
  }

  /** Reset the demo balance, then show the new balance. */
  async function resetDemo(): Promise<CallResult<unknown>> {
    const result = await api.call(ResetDemoBalance, {});
    if (result.ok) await Promise.all([refreshBalance(), refreshUser()]);
    return result;
  }

  /** spec §7: the exchange token check; -1 (invalid token) logs out and goes home. */
  async function checkToken(): Promise<CallResult<unknown>> {
    const token = currentToken();
    if (token === null) return { ok: false, code: Code.TOKEN_INVALID, message: platform.i18n.t('code.400') };
    const result = await api.call(CheckToken, { token }, { silent: true, noAuthRedirect: true });
    if (!result.ok && result.code === Code.TOKEN_INVALID && currentToken() === token)
      await core.end('tokenInvalid');
    return result;
  }

  return { refreshUser, ensureUser, refreshBalance, switchAccount, resetDemo, checkToken };
}

/** Whether two answers hold the same own values, compared one level deep (`Object.is`). */
export function sameValues(a: object | null | undefined, b: object | null | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every(
    (key) =>
      Object.hasOwn(b, key) &&
      Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}
