/**
 * Token refresh (spec §4/§7 `wa-na/refresh`): one refresh in flight per page, shared by every caller, and
 * one per origin across tabs (Web Locks where the browser has them). Refresh tokens rotate on every use
 * and reusing a rotated one revokes the whole session, so a tab must never refresh with a token another
 * tab has already spent: inside the lock the stored tokens are read again and a fresh token is adopted.
 */
import { Refresh, type RefreshResponse } from '../contract/auth';
import type { InputOf } from '../contract/endpoint';
import type { ApiClient } from '../runtime/types';
import { REFRESH_BEFORE_MS } from './session-policy';
import { decodeTokenPayload, tokenExpiry } from './token-payload';
import type { StoredTokens, TokenStore } from './token-store';

/** How a refresh attempt ended. */
export type RefreshOutcome =
  /** No refresh was needed (possibly because another tab just did it). */
  | 'fresh'
  | 'refreshed'
  /** The server refused the refresh token: the session is over. */
  | 'rejected'
  /** Network or server trouble: try again later. */
  | 'unavailable'
  | 'signedOut';

/** Runs `task` while holding the page-wide refresh lock. */
export type RefreshLock = <T>(task: () => Promise<T>) => Promise<T>;

/** Web Locks when the browser has them (one refresh per origin across tabs), else no cross-tab lock. */
export const webLock: RefreshLock = (task) => {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  // request() resolves with the task's own promise result.
  return locks?.request
    ? (locks.request('tradekit.session.refresh', task) as ReturnType<typeof task>)
    : task();
};

export interface RefresherDeps {
  tokens: TokenStore;
  api: ApiClient;
  now: () => number;
  lock?: RefreshLock;
}

/** The tokens of a refresh answer merged over the stored ones. */
export function refreshedTokens(stored: StoredTokens, answer: Partial<RefreshResponse>): StoredTokens | null {
  if (!answer.token) return null;
  const payload = decodeTokenPayload(answer.token);
  return {
    token: answer.token,
    refreshToken: answer.refreshToken || stored.refreshToken,
    expiresAt: answer.expiresAt ?? tokenExpiry(payload),
    virtualStatus:
      payload?.virtualStatus !== undefined ? String(payload.virtualStatus) : stored.virtualStatus,
  };
}

/** A refresher over a token store. */
export function createRefresher(deps: RefresherDeps) {
  const lock = deps.lock ?? webLock;
  let inFlight: Promise<RefreshOutcome> | null = null;
  // A refused refresh token is not sent again: the server would only refuse it again.
  let refused: string | null = null;

  async function attempt(force: boolean): Promise<RefreshOutcome> {
    const stored = deps.tokens.read();
    if (!stored) return 'signedOut';
    const left = stored.expiresAt === null ? Infinity : stored.expiresAt - deps.now();
    if (!force && left >= REFRESH_BEFORE_MS) return 'fresh';
    if (stored.refreshToken !== null && stored.refreshToken === refused) return 'rejected';
    const result = await deps.api.call(
      Refresh,
      // A session stored without a refresh token sends none; the server answers 1001 (not refreshable).
      { refreshToken: stored.refreshToken ?? undefined, token: stored.token } as InputOf<typeof Refresh>,
      { silent: true, noAuthRedirect: true },
    );
    if (!result.ok) {
      if (typeof result.code !== 'number') return 'unavailable';
      refused = stored.refreshToken;
      return 'rejected';
    }
    const envelopeToken = typeof result.envelope.token === 'string' ? result.envelope.token : undefined;
    const next = refreshedTokens(stored, { ...result.data, token: result.data?.token ?? envelopeToken });
    if (!next) return 'unavailable';
    // Signed out (or signed in again) while the call ran: the answer belongs to a session that is gone.
    if (deps.tokens.read()?.token !== stored.token) return 'signedOut';
    deps.tokens.write(next);
    return 'refreshed';
  }

  /** Cookie mode after a reload or another tab's sign-in: a token of our own through the refresh cookie. */
  async function restoreAttempt(): Promise<RefreshOutcome> {
    // No `token`: the cookie may belong to a session another tab opened since this page's token was issued.
    const result = await deps.api.call(Refresh, {}, { silent: true, noAuthRedirect: true });
    if (!result.ok) return typeof result.code === 'number' ? 'rejected' : 'unavailable';
    const empty: StoredTokens = { token: '', refreshToken: null, expiresAt: null, virtualStatus: '0' };
    const next = refreshedTokens(empty, result.data ?? {});
    if (!next) return 'unavailable';
    deps.tokens.write(next);
    return 'refreshed';
  }

  return {
    /** Take a new access token through the refresh cookie (cookie mode: a reload, another tab's change). */
    restore(): Promise<RefreshOutcome> {
      inFlight ??= lock(restoreAttempt).finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    /** Refresh when fewer than 5 minutes are left (`force`: regardless); concurrent callers share one. */
    ensureFresh(force = false): Promise<RefreshOutcome> {
      inFlight ??= lock(() => attempt(force)).finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    /** Forget a refused refresh token (after a new sign-in). */
    reset(): void {
      refused = null;
    },
  };
}

/** The refresher of a session. */
export type Refresher = ReturnType<typeof createRefresher>;
