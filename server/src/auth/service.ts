/** `app.auth`: what other modules use of the identity module (sessions, passwords, revocation). */
import { Code } from '../../../src/core/contract/codes';
import type { Db, Queryable } from '../db/types';
import { BusinessError } from '../http/envelope';
import type { Sender } from '../sender/types';
import { passwordHashOf, setPasswordHash } from '../users/repo';
import { checkAccessToken, type TokenCheck } from './authenticate';
import { assertPasswordPolicy, passwordHasher } from './passwords';
import type { AuthKeys } from './secrets';
import { createSessionCache } from './session-cache';
import type { RevokeEvent, RevokeReason, Sessions, SessionTokens } from './sessions';

/** A user just created by registration (hooks run inside its transaction). */
export interface CreatedUser {
  id: string;
  uid: string;
  brandId: string;
}

/** The decorator `app.auth`. */
export interface AuthService {
  /** Opens a session (inside `tx` when given): the tokens of a login. */
  issueSession(tx: Queryable | null, userId: string, options: { virtual: boolean }): Promise<SessionTokens>;
  /** A new access token of a live session for the real or demo account; 23519 when the session ended. */
  reissueAccessToken(
    sessionId: string,
    options: { virtual: boolean },
  ): Promise<{ token: string; expiresAt: number }>;
  /** Ends every session of a user (block, password change); returns how many ended. */
  revokeAllSessions(userId: string, reason?: RevokeReason, tx?: Queryable): Promise<number>;
  /** Ends one session (logout). */
  revokeSession(sessionId: string, reason?: RevokeReason): Promise<void>;
  /** True when `password` is the user's (Argon2id; a missing user costs the same and is false). */
  verifyPassword(userId: string, password: string): Promise<boolean>;
  /** Stores a new password hash (1001 outside 7–140 characters). Sessions are left alone: the caller decides. */
  setPassword(tx: Queryable, userId: string, password: string): Promise<void>;
  /** Listens for ended sessions (to close sockets); returns the unsubscribe function. */
  onRevoke(listener: (event: RevokeEvent) => void): () => void;
  /** Runs `hook` inside the registration transaction of every new user (e.g. to open the real account). */
  onUserCreated(hook: (tx: Queryable, user: CreatedUser) => Promise<void>): void;
  /** The checks of `app.authenticate` for a token from elsewhere (a socket handshake). */
  checkToken(token: string | undefined): Promise<TokenCheck>;
  /** Mail and SMS delivery. */
  readonly sender: Sender;
  /** The module's clock (ms since epoch). */
  now(): number;
}

interface Deps {
  db: Db;
  keys: AuthKeys;
  now: () => number;
  sessions: Sessions;
  sender: Sender;
  dummyHash: string;
  listeners: Set<(event: RevokeEvent) => void>;
  userHooks: Array<(tx: Queryable, user: CreatedUser) => Promise<void>>;
}

/** Builds `app.auth` over the module's parts. */
export function createAuthService(deps: Deps): AuthService {
  const { db, sessions } = deps;
  const sessionChecks = createSessionCache();
  deps.listeners.add((event) => sessionChecks.forget(event.userId));
  return {
    issueSession: (tx, userId, options) => sessions.issue(tx, userId, options),
    async reissueAccessToken(sessionId, options) {
      const access = await sessions.reissueAccessToken(sessionId, options);
      if (!access) throw new BusinessError(Code.LOGIN_REQUIRED);
      return access;
    },
    revokeAllSessions: (userId, reason = 'admin', tx) => sessions.revokeAll(userId, reason, tx),
    revokeSession: (sessionId, reason = 'logout') => sessions.revokeSession(sessionId, reason),
    async verifyPassword(userId, password) {
      const hash = await passwordHashOf(db, userId);
      const matches = await passwordHasher.verify(hash ?? deps.dummyHash, password);
      return matches && hash !== null;
    },
    async setPassword(tx, userId, password) {
      assertPasswordPolicy(password);
      const hash = await passwordHasher.hash(password);
      await setPasswordHash(tx, userId, hash);
    },
    onRevoke(listener) {
      deps.listeners.add(listener);
      return () => void deps.listeners.delete(listener);
    },
    onUserCreated: (hook) => void deps.userHooks.push(hook),
    checkToken: (token) => checkAccessToken(db, deps.keys.token, deps.now(), token, sessionChecks),
    sender: deps.sender,
    now: deps.now,
  };
}
