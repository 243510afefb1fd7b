/**
 * The session's state machine: state from the stored tokens, the 60 s check and the one way a session
 * ends. session.ts adds the account calls and wires it into the page.
 */
import type { AccountSummary } from '../contract/accounts';
import { Logout } from '../contract/auth';
import type { UserInfo } from '../contract/users';
import type { Platform } from '../runtime/types';
import { atom } from '../state/store';
import type { PrimitiveAtom } from '../state/store';
import type { Refresher } from './refresh';
import { SESSION_CHECK_MS, logoutDestination, sessionAction, virtualTradeAllowed } from './session-policy';
import type { LogoutReason } from './session-policy';
import type { SessionNavigation, SessionState } from './session-types';
import { decodeTokenPayload, isVirtualStatus, tokenExpiry } from './token-payload';
import type { StoredTokens, TokenStore } from './token-store';

const SIGNED_OUT: SessionState = { status: 'signedOut', virtual: false, expiresAt: null, uid: null };
const RESTORING: SessionState = { ...SIGNED_OUT, status: 'restoring' };

/** The session state the stored tokens describe. */
export function stateOf(stored: StoredTokens | null): SessionState {
  if (!stored) return SIGNED_OUT;
  const payload = decodeTokenPayload(stored.token);
  return {
    status: 'signedIn',
    virtual: isVirtualStatus(payload?.virtualStatus ?? stored.virtualStatus),
    expiresAt: stored.expiresAt ?? tokenExpiry(payload),
    uid: payload?.uid ?? null,
  };
}

const sameState = (a: SessionState, b: SessionState) =>
  a.status === b.status && a.virtual === b.virtual && a.expiresAt === b.expiresAt && a.uid === b.uid;

/** Call every listener; one failing listener does not stop the others. */
export function notifyAll<T>(listeners: Set<(value: T) => void>, value: T): void {
  for (const listener of [...listeners]) {
    try {
      listener(value);
    } catch (error) {
      console.error('[tradekit] session listener failed', error);
    }
  }
}

/** How a session end is carried out. */
export interface EndOptions {
  /** Revoke the session on the server first (the user's own logout, a disabled demo). */
  remote?: boolean;
  /** Call the navigation hook for the reason (default true). */
  navigate?: boolean;
}

export interface CoreDeps {
  platform: Platform;
  tokens: TokenStore;
  refresher: Refresher;
  now: () => number;
}

/** Create the state machine of one session. */
export function createSessionCore({ platform, tokens, refresher, now }: CoreDeps) {
  const { store, api } = platform;
  const atoms = {
    state: atom(stateOf(tokens.read())) as PrimitiveAtom<SessionState>,
    user: atom<UserInfo | null>(null),
    balance: atom<AccountSummary | null>(null),
  };
  const logoutListeners = new Set<(reason: LogoutReason) => void>();
  const switchListeners = new Set<(virtual: boolean) => void>();
  let navigation: SessionNavigation | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let ending: Promise<void> | null = null;
  let restoring = false;

  function sync(): SessionState {
    const stored = tokens.read();
    const next = stored === null && restoring ? RESTORING : stateOf(stored);
    if (!sameState(store.get(atoms.state), next)) store.set(atoms.state, next);
    return store.get(atoms.state);
  }

  function startChecks() {
    timer ??= setInterval(() => void check(), SESSION_CHECK_MS);
  }

  function stopChecks() {
    if (timer !== null) clearInterval(timer);
    timer = null;
  }

  function navigateAfter(reason: LogoutReason) {
    const destination = logoutDestination(reason);
    if (destination === 'login') navigation?.onUnauthorized();
    else if (destination === 'home') navigation?.onEnded(reason);
  }

  /** End the session once, however many failures report it at the same moment. */
  function end(reason: LogoutReason, how: EndOptions = {}): Promise<void> {
    ending ??= (async () => {
      const stored = tokens.read();
      if (how.remote && stored) {
        await api.call(
          Logout,
          { refreshToken: stored.refreshToken ?? undefined },
          { silent: true, noAuthRedirect: true, timeoutSec: 5 },
        );
      }
      const wasSignedIn = stored !== null || store.get(atoms.state).status === 'signedIn';
      tokens.clear();
      stopChecks();
      store.set(atoms.user, null);
      store.set(atoms.balance, null);
      sync();
      if (wasSignedIn) notifyAll(logoutListeners, reason);
      if (how.navigate !== false) navigateAfter(reason);
    })().finally(() => {
      ending = null;
    });
    return ending;
  }

  /** spec §4 session check. */
  async function check(): Promise<void> {
    const state = sync();
    if (state.status !== 'signedIn' || ending) return;
    const action = sessionAction({
      now: now(),
      expiresAt: state.expiresAt,
      virtual: state.virtual,
      virtualAllowed: virtualTradeAllowed(store.get(platform.atoms.systemConfig)),
    });
    if (action === 'virtualDisabled') return end('virtualDisabled', { remote: true });
    if (action === 'none') return;
    const outcome = await refresher.ensureFresh();
    // An expired token is renewed once with the refresh token; only a refused refresh ends the session.
    if (outcome === 'rejected') return end(action === 'expired' ? 'expired' : 'refreshFailed');
    sync();
  }

  return {
    atoms,
    logoutListeners,
    switchListeners,
    sync,
    end,
    check,
    startChecks,
    stopChecks,
    isEnding: () => ending !== null,
    /** While true and no tokens are loaded, the state is `restoring` instead of `signedOut`. */
    setRestoring(value: boolean) {
      restoring = value;
      sync();
    },
    setNavigation: (next: SessionNavigation | null) => {
      navigation = next;
    },
    navigation: () => navigation,
  };
}

/** The state machine of one session. */
export type SessionCore = ReturnType<typeof createSessionCore>;
