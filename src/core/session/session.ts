/**
 * The page's session (spec §3/§4/§7): tokens through one TokenStore, the 60 s check, refresh under
 * 5 minutes, 401/23519/1002/-1 handling, logout, the demo/real switch and remembered sign-in data.
 * One per platform, kept in a global slot so two bundles on one page share it (like the platform).
 */
import type { LoginResponse } from '../contract/auth';
import { pageSingletonMap } from '../runtime/page-singleton';
import { setAuthHooks } from '../runtime/platform';
import type { Platform } from '../runtime/types';
import { createRefresher, webLock } from './refresh';
import type { RefreshLock } from './refresh';
import { createRemember } from './remember-api';
import { createAccountCalls } from './session-account';
import { createSessionCore, notifyAll } from './session-core';
import { REFRESH_BEFORE_MS } from './session-policy';
import type { Session } from './session-types';
import { createKeyValueStore } from './storage';
import type { KeyValueStore } from './storage';
import { decodeTokenPayload, tokenExpiry } from './token-payload';
import { createTokenStore } from './token-store';
import type { TokenStore } from './token-store';

export type { LogoutReason } from './session-policy';
export type {
  Session,
  SessionAtoms,
  SessionNavigation,
  SessionRemember,
  SessionState,
} from './session-types';

/** What createSession can be given instead of the page defaults (tests). */
export interface SessionOptions {
  storage?: KeyValueStore;
  tokens?: TokenStore;
  now?: () => number;
  lock?: RefreshLock;
  /** Origin that remembered passwords are bound to (default: the page origin). */
  pageOrigin?: string;
  /** Page events (visibilitychange, online); null: none. */
  page?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'> | null;
}

/** A session plus the teardown only its owner calls. */
export interface OwnedSession extends Session {
  close(): void;
}

/** Build a session for a platform and plug it into the platform's API client. Prefer getSession(). */
export function createSession(platform: Platform, options: SessionOptions = {}): OwnedSession {
  const storage = options.storage ?? createKeyValueStore();
  const tokens = options.tokens ?? createTokenStore(storage);
  const now = options.now ?? Date.now;
  const page = options.page === undefined ? (globalThis.document ?? null) : options.page;
  const refresher = createRefresher({ tokens, api: platform.api, now, lock: options.lock ?? webLock });
  const core = createSessionCore({ platform, tokens, refresher, now });
  const account = createAccountCalls(platform, tokens, core);
  const { store } = platform;
  const getToken = () => tokens.read()?.token ?? null;

  setAuthHooks(platform, {
    getToken,
    onRejected(token) {
      // A failure of a call sent with an older token says nothing about the current session.
      if (token !== null && token === getToken()) void core.end('unauthorized', { navigate: false });
    },
    onUnauthorized(token) {
      const current = getToken();
      if (token === null || current === null || token === current) core.navigation()?.onUnauthorized();
    },
    async beforeProtectedCall() {
      const { status, expiresAt } = core.sync();
      if (status !== 'signedIn' || expiresAt === null || core.isEnding()) return;
      if (expiresAt - now() < REFRESH_BEFORE_MS) await refresher.ensureFresh();
    },
  });

  // Another tab signed in, out, refreshed or switched: follow it.
  const unwatch = tokens.watch(() => {
    const before = store.get(core.atoms.state);
    if (before.status === 'signedIn' && !tokens.read()) {
      void core.end('elsewhere');
      return;
    }
    const after = core.sync();
    if (after.status === 'signedIn') {
      core.startChecks();
      if (before.status === 'signedOut' || before.uid !== after.uid || before.virtual !== after.virtual) {
        void account.refreshUser();
        if (before.status === 'signedIn' && before.uid === after.uid)
          notifyAll(core.switchListeners, after.virtual);
      }
    }
  });

  // Timers of hidden tabs are throttled: check as soon as the page is seen or back online.
  const onWake = () => {
    if (!page || page.visibilityState !== 'hidden') void core.check();
  };
  page?.addEventListener('visibilitychange', onWake);
  globalThis.addEventListener?.('online', onWake);

  if (core.sync().status === 'signedIn') {
    core.startChecks();
    void platform.ready.then(
      async () => {
        await core.check();
        if (core.sync().status === 'signedIn') await account.refreshUser();
      },
      () => undefined,
    );
  }

  return {
    atoms: core.atoms,
    getState: () => store.get(core.atoms.state),
    subscribe: (listener) => store.sub(core.atoms.state, () => listener(store.get(core.atoms.state))),
    isSignedIn: () => getToken() !== null,
    getToken,
    aesKey: () => decodeTokenPayload(getToken())?.aesKey ?? null,
    async signIn(login: LoginResponse) {
      if (!login.token) throw new Error('signIn needs the tokens of a completed login');
      const payload = decodeTokenPayload(login.token);
      tokens.write({
        token: login.token,
        refreshToken: login.refreshToken || null,
        expiresAt: login.expiresAt ?? tokenExpiry(payload),
        virtualStatus: String(payload?.virtualStatus ?? '0'),
      });
      refresher.reset();
      store.set(core.atoms.user, null);
      store.set(core.atoms.balance, null);
      core.sync();
      core.startChecks();
      await account.refreshUser();
    },
    logout: () => core.end('user', { remote: true }),
    ...account,
    async refresh() {
      const outcome = await refresher.ensureFresh();
      core.sync();
      return outcome === 'fresh' || outcome === 'refreshed';
    },
    check: core.check,
    onLogout(listener) {
      core.logoutListeners.add(listener);
      return () => core.logoutListeners.delete(listener);
    },
    onAccountSwitch(listener) {
      core.switchListeners.add(listener);
      return () => core.switchListeners.delete(listener);
    },
    setNavigation: core.setNavigation,
    remember: createRemember(storage, options.pageOrigin ?? globalThis.location?.origin ?? platform.origin),
    storage,
    close() {
      core.stopChecks();
      unwatch();
      page?.removeEventListener('visibilitychange', onWake);
      globalThis.removeEventListener?.('online', onWake);
      setAuthHooks(platform, null);
    },
  };
}

const sessions = pageSingletonMap<Platform, OwnedSession>(
  'sessions',
  (platform) => createSession(platform),
  (session) => session.close(),
);

/** The session of a platform, created on first use (one per platform, shared across bundles). */
export function getSession(platform: Platform): Session {
  return sessions.get(platform);
}

/** Make `session` the one getSession(platform) returns (test harnesses). */
export function setSessionForTests(platform: Platform, session: OwnedSession): void {
  sessions.set(platform, session);
}

/** Close and forget the session of a platform (tests only). */
export function resetSessionForTests(platform: Platform): void {
  sessions.reset(platform);
}
