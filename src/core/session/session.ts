/**
 * The page's session (spec §3/§4/§7): tokens through one TokenStore, the 60 s check, refresh under
 * 5 minutes, 401/23519/1002/-1 handling, logout, the demo/real switch and remembered sign-in data.
 * One per platform, kept in a global slot so two bundles on one page share it (like the platform).
 */
import type { LoginResponse } from '../contract/auth';
import { pageSingletonMap } from '../runtime/page-singleton';
import { setAuthHooks } from '../runtime/platform';
import { writeInBackground } from '../state/background-writes';
import type { Platform } from '../runtime/types';
import { createRefresher, webLock } from './refresh';
import type { RefreshLock } from './refresh';
import { createRemember } from './remember-api';
import { createAccountCalls } from './session-account';
import { createSessionCore, notifyAll } from './session-core';
import { REFRESH_BEFORE_MS } from './session-policy';
import type { Session, SessionState } from './session-types';
import { createSessionTokenStore } from './memory-token-store';
import type { SessionTokenStore, TokenStorageMode } from './memory-token-store';
import { createKeyValueStore } from './storage';
import type { KeyValueStore } from './storage';
import { decodeTokenPayload, tokenExpiry } from './token-payload';
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
  /** A token store of the test's own (the storage mode below does not apply then). */
  tokens?: TokenStore;
  /**
   * Where the tokens live (decisions SC1–SC2); default: the runtime config's `tokenStorage`, read once the
   * config is loaded, else `cookie`.
   */
  tokenStorage?: TokenStorageMode;
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

/** A promise settled by calling `settle` (Promise.withResolvers needs Node 22). */
function signal(): { settled: Promise<void>; settle: () => void } {
  let settle: () => void = () => undefined;
  const settled = new Promise<void>((resolve) => (settle = resolve));
  return { settled, settle };
}

/** Adds `listener` to `listeners`; returns its removal. */
function listen<T>(listeners: Set<T>, listener: T): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Build a session for a platform and plug it into the platform's API client. Prefer getSession(). */
export function createSession(platform: Platform, options: SessionOptions = {}): OwnedSession {
  const storage = options.storage ?? createKeyValueStore();
  const modal: SessionTokenStore | null = options.tokens ? null : createSessionTokenStore(storage);
  if (modal && options.tokenStorage) modal.setMode(options.tokenStorage);
  const tokens: TokenStore = options.tokens ?? (modal as SessionTokenStore);
  const now = options.now ?? Date.now;
  const page = options.page === undefined ? (globalThis.document ?? null) : options.page;
  const refresher = createRefresher({ tokens, api: platform.api, now, lock: options.lock ?? webLock });
  const core = createSessionCore({ platform, tokens, refresher, now });
  const account = createAccountCalls(platform, tokens, core);
  const { store } = platform;
  const getToken = () => tokens.read()?.token ?? null;

  /** The token whose own rejection ended the session: its answer still sends the trader to sign in. */
  let endedByRejection: string | null = null;
  setAuthHooks(platform, {
    getToken,
    onRejected(token) {
      // A failure of a call sent with an older token says nothing about the current session.
      if (token !== null && token === getToken()) {
        endedByRejection = token;
        void core.end('unauthorized', { navigate: false });
      }
    },
    onUnauthorized(token) {
      const current = getToken();
      // A call sent before a sign-out, a switch or a new sign-in is answered for a session that is gone: the
      // page stays where the trader went (the sign-out's own destination), instead of jumping to the login.
      const forThisPage = token === null ? current === null : token === current || token === endedByRejection;
      if (forThisPage) core.navigation()?.onUnauthorized();
    },
    async beforeProtectedCall() {
      const { status, expiresAt } = core.sync();
      if (status !== 'signedIn' || expiresAt === null || core.isEnding()) return;
      if (expiresAt - now() < REFRESH_BEFORE_MS) await refresher.ensureFresh();
    },
  });

  /** After the tokens changed underneath (another tab, a restore): the state, user and listeners follow. */
  function follow(before: SessionState) {
    const after = core.sync();
    if (after.status !== 'signedIn') return;
    core.startChecks();
    if (before.status !== 'signedIn' || before.uid !== after.uid || before.virtual !== after.virtual) {
      void account.refreshUser();
      if (before.status === 'signedIn' && before.uid === after.uid)
        notifyAll(core.switchListeners, after.virtual);
    }
  }

  /** Cookie mode: load a session of this origin through the refresh cookie (a reload, another tab's sign-in). */
  async function restore(): Promise<void> {
    const before = store.get(core.atoms.state);
    modal?.forget();
    core.setRestoring(true);
    const outcome = await refresher.restore();
    // A refused cookie means there is no session any more: forget the hint, so no tab tries again.
    if (outcome === 'rejected' && modal?.hint()) tokens.clear();
    // The state is written now; the page it wakes (the whole route) renders in slices where the page allows (EK64).
    writeInBackground(() => core.setRestoring(false));
    if (outcome === 'rejected' && before.status === 'signedIn') void core.end('elsewhere');
    else follow(before);
  }

  // Another tab signed in, out, refreshed or switched: follow it.
  const unwatch = tokens.watch(() => {
    const before = store.get(core.atoms.state);
    if (modal?.mode() === 'cookie') {
      const hint = modal.hint();
      if (!hint) {
        if (before.status === 'signedIn') void core.end('elsewhere');
        return;
      }
      const mine = tokens.read();
      const same = mine !== null && before.uid === hint.uid && mine.virtualStatus === hint.virtualStatus;
      if (!same) void restore();
      return;
    }
    if (before.status === 'signedIn' && !tokens.read()) {
      void core.end('elsewhere');
      return;
    }
    follow(before);
  });

  // Timers of hidden tabs are throttled: check as soon as the page is seen or back online.
  const onWake = () => {
    if (!page || page.visibilityState !== 'hidden') void core.check();
  };
  page?.addEventListener('visibilitychange', onWake);
  globalThis.addEventListener?.('online', onWake);

  /** Settled once the start knows whether a stored session goes on, or failed (Session.known: never rejects). */
  const known = signal();
  /** A stored session is checked once the config is there; cookie mode first restores it. */
  async function start(): Promise<void> {
    if (modal && modal.mode() === null) {
      if (modal.mayRestore()) core.setRestoring(true);
      const config = await platform.ready.catch(() => null);
      modal.setMode(config?.tokenStorage === 'spec' ? 'spec' : 'cookie');
      writeInBackground(() => core.setRestoring(false));
    }
    // A restore asks for the user's info itself when it signs in (`follow`): asking again here sent the same
    // call twice at every reload of a signed-in page.
    const restored = modal?.mode() === 'cookie' && modal.hint() !== null && !tokens.read();
    if (restored) await restore();
    known.settle();
    if (core.sync().status !== 'signedIn') return;
    core.startChecks();
    await platform.ready;
    await core.check();
    if (!restored && core.sync().status === 'signedIn') await account.refreshUser();
  }
  if (core.sync().status === 'signedIn') core.startChecks();
  void start()
    .finally(known.settle)
    .catch(() => undefined);

  return {
    atoms: core.atoms,
    getState: () => store.get(core.atoms.state),
    known: () => known.settled,
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
    onLogout: (listener) => listen(core.logoutListeners, listener),
    onAccountSwitch: (listener) => listen(core.switchListeners, listener),
    setNavigation: core.setNavigation,
    remember: createRemember(
      storage,
      options.pageOrigin ?? globalThis.location?.origin ?? platform.origin,
      () => modal?.mode() ?? 'spec',
    ),
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
