/** The public surface of the session (spec §3/§4), coded against by widgets and the host. */
import type { AccountSummary } from '../contract/accounts';
import type { LoginResponse } from '../contract/auth';
import type { UserInfo } from '../contract/users';
import type { CallOptions, CallResult } from '../runtime/types';
import type { Atom } from '../state/store';
import type { RememberedAccount } from './remember';
import type { LogoutReason } from './session-policy';
import type { KeyValueStore } from './storage';

/** Whether someone is signed in, and as which account. */
export interface SessionState {
  /** `restoring`: a session of this origin is being loaded through the refresh cookie (after a reload). */
  status: 'signedOut' | 'restoring' | 'signedIn';
  /** True for the demo (virtual) account (token payload virtualStatus not '0'). */
  virtual: boolean;
  /** Access-token expiry, ms since epoch. */
  expiresAt: number | null;
  uid: string | null;
}

/** Page-wide session atoms (read them with useAtomValue in widgets). */
export interface SessionAtoms {
  state: Atom<SessionState>;
  /** `waa/user/info` of the signed-in user; null while signed out or not loaded yet. */
  user: Atom<UserInfo | null>;
  /** `waa/user/balance` (or the account of user info); null while signed out or not loaded. */
  balance: Atom<AccountSummary | null>;
}

/**
 * Where the page goes when the session ends by itself; the host provides it, a partner page may not.
 * `onUnauthorized`: a 401 or 23519 (unless the call set `noAuthRedirect`) or a refused refresh — go to
 * `/login?to=<current path>` with the login-required notice. `onEnded`: expiry, user gone (1002), invalid
 * exchange token (-1), demo while virtual trading is off, logout in another tab — go to `/`.
 */
export interface SessionNavigation {
  onUnauthorized(): void;
  onEnded(reason: LogoutReason): void;
}

/** Remembered sign-in data (spec §2 Login). */
export interface SessionRemember {
  account(): RememberedAccount | null;
  setAccount(account: RememberedAccount | null): void;
  /** Whether "remember password" may be offered on this device. */
  passwordSupported(): boolean;
  password(): Promise<string | null>;
  /** Remember (null: forget) the password; `id` also offers it to the browser's password manager. */
  setPassword(password: string | null, id?: string): Promise<void>;
}

/** The page's session: one per platform (getSession). */
export interface Session {
  atoms: SessionAtoms;
  getState(): SessionState;
  /**
   * Settles once the page knows whether a stored session goes on: after a reload's restore (the refresh call;
   * the user's info follows on its own), at once when none was stored. It never rejects.
   */
  known(): Promise<void>;
  /** Called on every state change; returns unsubscribe. */
  subscribe(listener: (state: SessionState) => void): () => void;
  isSignedIn(): boolean;
  getToken(): string | null;
  /** The field-encoding key of the token payload (for core/codec), null while signed out. */
  aesKey(): string | null;
  /** Store the tokens of a completed login, load user info and start the 60 s check. */
  signIn(tokens: LoginResponse): Promise<void>;
  /** Sign out: revoke on the server, clear token, refresh token and user, tell onLogout listeners. */
  logout(): Promise<void>;
  /** Real ↔ demo (`waa/user/info/switch`): new token, user reloaded, onAccountSwitch listeners restart. */
  switchAccount(): Promise<CallResult<unknown>>;
  /** Reset the demo balance (`waa/virtualWallet/resetBalance`), then reload balance and user. */
  resetDemo(): Promise<CallResult<unknown>>;
  refreshUser(options?: CallOptions): Promise<CallResult<UserInfo>>;
  /** The user's info loaded once: nothing when it is there, the answer on its way when one is, else a new ask. */
  ensureUser(): Promise<void>;
  refreshBalance(options?: CallOptions): Promise<CallResult<AccountSummary>>;
  /** Refresh the token now if fewer than 5 minutes are left; true when the session is still good. */
  refresh(): Promise<boolean>;
  /** Run the spec §4 session check now (it also runs every 60 s and when the page becomes visible). */
  check(): Promise<void>;
  /** The exchange token check: code -1 logs out and goes home. */
  checkToken(): Promise<CallResult<unknown>>;
  /** Every end of the session (close the exchange channel here); returns unsubscribe. */
  onLogout(listener: (reason: LogoutReason) => void): () => void;
  /** After a real ↔ demo switch (restart subscriptions here); returns unsubscribe. */
  onAccountSwitch(listener: (virtual: boolean) => void): () => void;
  setNavigation(navigation: SessionNavigation | null): void;
  remember: SessionRemember;
  /** The §3 local-storage keys (language, theme, country, tradeMode, …). */
  storage: KeyValueStore;
}
