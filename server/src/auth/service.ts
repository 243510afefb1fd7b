/** `app.auth`: what other modules use of the identity module (sessions, passwords, revocation). */
import { Code } from '../../../src/core/contract/codes';
import type { Db, Queryable } from '../db/types';
import { BusinessError } from '../http/envelope';
import type { Sender } from '../sender';
import { findUserById, passwordHashOf, setPasswordHash } from '../users';
import { checkAccessToken, type TokenCheck } from './authenticate';
import { assertPasswordPolicy, passwordContext, type PasswordOwner } from './password-policy';
import { passwordHasher } from './passwords';
import { RATE_RULES, type RateLimiter } from './rate-limit';
import type { AuthKeys } from './secrets';
import { createSessionCache, type SessionCache } from './session-cache';
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
  /** Ends every live session of every user (an operator's sweep); how many ended, of how many users. */
  revokeEveryone(reason: RevokeReason, tx?: Queryable): Promise<{ ended: number; users: number }>;
  /** Ends one session (logout); 1 when it was live, else 0. */
  revokeSession(sessionId: string, reason?: RevokeReason): Promise<number>;
  /**
   * True when `password` is the user's (Argon2id; a missing user costs the same and is false). Every check is
   * reserved first in a per-user window (5 wrong per 15 minutes; a right one gives its place back): once the
   * window is full, the check is not made, every session of the user ends and 23519 is thrown — whoever guesses
   * the current password with a stolen session loses the session.
   */
  verifyPassword(userId: string, password: string): Promise<boolean>;
  /**
   * Throws 1001 ("password: length", "…: common", "…: context") unless `password` may be a new password of
   * `owner`: 7–140 characters, not a common password, no word of the product, a brand or the owner (SEC7, SEC8).
   */
  assertNewPassword(password: string, owner: PasswordOwner): Promise<void>;
  /** Stores a new password hash after `assertNewPassword` for the user. Sessions are left alone: the caller decides. */
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
  limits: RateLimiter;
  sender: Sender;
  dummyHash: string;
  /** The brands of the brand table now (their ids and names are context words of a password). */
  brands: () => readonly { id: string; name: string }[];
  listeners: Set<(event: RevokeEvent) => void>;
  userHooks: Array<(tx: Queryable, user: CreatedUser) => Promise<void>>;
  /** The passed session checks (the plugin empties it when revocations may have been missed). */
  sessionChecks?: SessionCache;
}

/** Builds `app.auth` over the module's parts. */
export function createAuthService(deps: Deps): AuthService {
  const { db, sessions } = deps;
  const sessionChecks = deps.sessionChecks ?? createSessionCache();
  deps.listeners.add((event) => sessionChecks.forget(event.userId));
  const assertNewPassword = (password: string, owner: PasswordOwner) =>
    assertPasswordPolicy(password, passwordContext(deps.brands(), owner));
  return {
    issueSession: async (tx, userId, options) => (await sessions.issue(tx, userId, options)).tokens,
    async reissueAccessToken(sessionId, options) {
      const access = await sessions.reissueAccessToken(sessionId, options);
      if (!access) throw new BusinessError(Code.LOGIN_REQUIRED);
      return access;
    },
    revokeAllSessions: (userId, reason = 'admin', tx) => sessions.revokeAll(userId, reason, tx),
    revokeEveryone: (reason, tx) => sessions.revokeEveryone(reason, tx),
    revokeSession: (sessionId, reason = 'logout') => sessions.revokeSession(sessionId, reason),
    async verifyPassword(userId, password) {
      const attempt = await deps.limits.reserve(RATE_RULES.passwordUser, userId);
      if (!attempt) {
        await sessions.revokeAll(userId, 'password-attempts');
        throw new BusinessError(Code.LOGIN_REQUIRED);
      }
      const hash = await passwordHashOf(db, userId);
      const matches = await passwordHasher.verify(hash ?? deps.dummyHash, password);
      if (matches && hash !== null) {
        await attempt.release();
        return true;
      }
      return false;
    },
    assertNewPassword,
    async setPassword(tx, userId, password) {
      await assertNewPassword(password, (await findUserById(tx, userId)) ?? {});
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
