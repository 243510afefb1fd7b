/**
 * Sessions: a session is one refresh-token family. The access token is a 15-minute HS256 JWT; the refresh
 * token is 32 random bytes stored as SHA-256 and rotated on every refresh. Presenting a rotated refresh token
 * again means it was copied: the whole family is revoked. A session ends 30 days after sign-in whatever
 * happens, and sooner when no refresh came for 7 days (an open client refreshes every few minutes).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { RefreshResponse } from '../../../src/core/contract/auth';
import type { Db, Queryable } from '../db/types';
import { signJwt, verifyJwt } from './jwt';
import { deviceOf, listSessions } from './session-list';
import type { AuthKeys } from './secrets';

export const ACCESS_TOKEN_TTL_MS = 15 * 60_000;
export const SESSION_TTL_MS = 30 * 24 * 60 * 60_000;
/**
 * Inactivity limit: a refresh token unused this long no longer refreshes and its session ends (decision SEC1).
 * Measured from the token's own issue, i.e. the last sign-in or refresh of the session.
 */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60_000;

/** The tokens of a new or refreshed session (`expiresAt`: access-token expiry, ms since epoch). */
export type SessionTokens = RefreshResponse;

/** Why sessions ended (for logs and for `onRevoke` listeners). */
export type RevokeReason =
  | 'logout'
  | 'password-reset'
  | 'refresh-reuse'
  | 'idle'
  | 'second-factor'
  | 'blocked'
  | 'admin'
  | 'signed-out-by-user'
  | 'signed-in-again'
  | (string & {});

/** Told to `onRevoke` listeners: the user and every session that just ended. */
export interface RevokeEvent {
  userId: string;
  sessionIds: string[];
  reason: RevokeReason;
}

/** Outcome of a refresh attempt (failures are answered 23519 by the route, 1044 when blocked). */
export type RefreshOutcome =
  | { ok: true; tokens: SessionTokens; sessionId: string }
  | {
      ok: false;
      reason: 'unknown' | 'mismatch' | 'origin' | 'revoked' | 'expired' | 'idle' | 'reused' | 'blocked';
    };

interface Deps {
  db: Db;
  keys: AuthKeys;
  now: () => number;
  notify: (event: RevokeEvent) => void;
  /**
   * Tells the other processes of the database (MP12), on the revoking connection: inside a transaction it
   * leaves at COMMIT. None for a process alone.
   */
  share?: (event: RevokeEvent, q: Queryable) => Promise<void>;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const newRefreshToken = () => randomBytes(32).toString('base64url');

/**
 * Marks the live sessions `where` picks ended at `at` ($3… are `params`) and shares each user's on `q`; the rows
 * that ended.
 */
async function endWhere(
  q: Queryable,
  at: number,
  where: string,
  params: unknown[],
  reason: RevokeReason,
  share: Deps['share'],
) {
  const { rows } = await q.query<{ id: string; user_id: string }>(
    `update auth_sessions set revoked_at_ms = $1, revoke_reason = $2
      where revoked_at_ms is null and ${where} returning id, user_id`,
    [at, reason, ...params],
  );
  if (share && rows.length > 0) {
    const byUser = new Map<string, string[]>();
    for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row.id]);
    for (const [userId, sessionIds] of byUser) await share({ userId, sessionIds, reason }, q);
  }
  return rows;
}

/** A refresh token with its session and user, as `refresh` reads them. */
interface RefreshRow {
  session_id: string;
  created_at_ms: string;
  rotated_at_ms: string | null;
  user_id: string;
  uid: string;
  blocked: boolean;
  virtual: boolean;
  aes_key: string;
  expires_at_ms: string;
  revoked_at_ms: string | null;
  origin: string | null;
}

/** The session operations over one database, key set and clock. */
export function createSessions({ db, keys, now, notify, share }: Deps) {
  function accessToken(userId: string, uid: string, sessionId: string, virtual: boolean, aesKey: string) {
    const iat = Math.floor(now() / 1000);
    const exp = iat + ACCESS_TOKEN_TTL_MS / 1000;
    const payload = {
      sub: userId,
      uid,
      sid: sessionId,
      virtualStatus: virtual ? '1' : '0',
      aesKey,
      iat,
      exp,
    } as const;
    return { token: signJwt(payload, keys.token), expiresAt: exp * 1000 };
  }

  async function addRefreshToken(q: Queryable, sessionId: string): Promise<string> {
    const refreshToken = newRefreshToken();
    await q.query('insert into refresh_tokens (token_hash, session_id, created_at_ms) values ($1, $2, $3)', [
      sha256(refreshToken),
      sessionId,
      now(),
    ]);
    return refreshToken;
  }

  /** Ends the live sessions `where` picks; the other processes hear of each user's when `q` commits. */
  const revokeWhere = (q: Queryable, where: string, params: unknown[], reason: RevokeReason) =>
    endWhere(q, now(), where, params, reason, share);

  const announce = (rows: Array<{ id: string; user_id: string }>, reason: RevokeReason) =>
    rows[0] && notify({ userId: rows[0].user_id, sessionIds: rows.map((row) => row.id), reason });

  /** Ends the live sessions `where` picks and tells the listeners; how many ended. */
  async function end(q: Queryable, where: string, params: unknown[], reason: RevokeReason) {
    const rows = await revokeWhere(q, where, params, reason);
    announce(rows, reason);
    return rows.length;
  }

  return {
    /**
     * Opens a session for `userId` (inside `tx` when given) and returns its id and first tokens. `origin`: the
     * browser page it was opened from; its refresh token then only works from that origin.
     */
    async issue(
      tx: Queryable | null,
      userId: string,
      options: { virtual: boolean; ip?: string; origin?: string | null; userAgent?: string | null },
    ) {
      const q = tx ?? db;
      const { rows } = await q.query<{ uid: string }>('select uid from users where id = $1', [userId]);
      const uid = rows[0]?.uid;
      if (!uid) throw new Error(`user ${userId} does not exist`);
      const sessionId = randomBytes(16).toString('hex');
      const aesKey = randomBytes(16).toString('hex');
      await q.query(
        `insert into auth_sessions
           (id, user_id, virtual, aes_key, created_at_ms, expires_at_ms, created_ip, origin, user_agent)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          sessionId,
          userId,
          options.virtual,
          aesKey,
          now(),
          now() + SESSION_TTL_MS,
          options.ip ?? null,
          options.origin ?? null,
          deviceOf(options.userAgent),
        ],
      );
      const refreshToken = await addRefreshToken(q, sessionId);
      const tokens = { ...accessToken(userId, uid, sessionId, options.virtual, aesKey), refreshToken };
      return { sessionId, tokens };
    },

    /**
     * Rotates `refreshToken`; `oldToken`, when given, must be an access token of the same session. `origin` is the
     * caller's page origin (null: not a browser); a session opened from a browser page refreshes only from it,
     * so its cookie is worth nothing to any other page (a refusal rotates nothing).
     */
    async refresh(
      refreshToken: string,
      oldToken: string | undefined,
      origin: string | null = null,
    ): Promise<RefreshOutcome> {
      let revoked: Array<{ id: string; user_id: string }> = [];
      let revokedFor: RevokeReason = 'refresh-reuse';
      const result = await db.transaction(async (tx): Promise<RefreshOutcome> => {
        const { rows } = await tx.query<RefreshRow>(
          `select t.session_id, t.created_at_ms, t.rotated_at_ms, s.user_id, u.uid, u.blocked, s.virtual, s.aes_key,
                  s.expires_at_ms, s.revoked_at_ms, s.origin
             from refresh_tokens t join auth_sessions s on s.id = t.session_id join users u on u.id = s.user_id
            where t.token_hash = $1 for update of t, s`,
          [sha256(refreshToken)],
        );
        const row = rows[0];
        if (!row) return { ok: false, reason: 'unknown' };
        if (oldToken) {
          const payload = verifyJwt(oldToken, keys.token, now(), true);
          if (payload?.sid !== row.session_id) return { ok: false, reason: 'mismatch' };
        }
        if (row.origin !== null && row.origin !== origin) return { ok: false, reason: 'origin' };
        if (row.revoked_at_ms !== null) return { ok: false, reason: 'revoked' };
        if (Number(row.expires_at_ms) <= now()) return { ok: false, reason: 'expired' };
        if (row.rotated_at_ms !== null) {
          revoked = await revokeWhere(tx, 'id = $3', [row.session_id], 'refresh-reuse');
          return { ok: false, reason: 'reused' };
        }
        if (Number(row.created_at_ms) + SESSION_IDLE_MS <= now()) {
          // Idle too long: the session ends for good, so a later sign-in is the only way back.
          revokedFor = 'idle';
          revoked = await revokeWhere(tx, 'id = $3', [row.session_id], 'idle');
          return { ok: false, reason: 'idle' };
        }
        if (row.blocked) return { ok: false, reason: 'blocked' };
        await tx.query('update refresh_tokens set rotated_at_ms = $1 where token_hash = $2', [
          now(),
          sha256(refreshToken),
        ]);
        const next = await addRefreshToken(tx, row.session_id);
        const access = accessToken(row.user_id, row.uid, row.session_id, row.virtual, row.aes_key);
        return { ok: true, tokens: { ...access, refreshToken: next }, sessionId: row.session_id };
      });
      announce(revoked, revokedFor);
      return result;
    },

    /** A new access token for a live session acting on the real or demo account (the switch of spec §4). */
    async reissueAccessToken(sessionId: string, options: { virtual: boolean }) {
      const { rows } = await db.query<{ user_id: string; uid: string; aes_key: string }>(
        `update auth_sessions s set virtual = $2 from users u
          where s.id = $1 and u.id = s.user_id and s.revoked_at_ms is null and s.expires_at_ms > $3
          returning s.user_id, u.uid, s.aes_key`,
        [sessionId, options.virtual, now()],
      );
      const row = rows[0];
      if (!row) return null;
      return accessToken(row.user_id, row.uid, sessionId, options.virtual, row.aes_key);
    },

    /** The user's live sessions, the most recently active first (`listSessions`). */
    list: (userId: string, currentSessionId: string) =>
      listSessions(db, { now: now(), activeAfter: now() - SESSION_IDLE_MS }, userId, currentSessionId),

    /** Ends `sessionId` if it is a live session of `userId` (another user's id ends nothing); true if it ended. */
    revokeOwn: async (userId: string, sessionId: string, reason: RevokeReason) =>
      (await end(db, 'user_id = $3 and id = $4', [userId, sessionId], reason)) > 0,

    /** Ends one session; 1 when it was live, else 0. */
    revokeSession: (sessionId: string, reason: RevokeReason) => end(db, 'id = $3', [sessionId], reason),

    /** Ends every live session of a user but `keepSessionId` (the one that asked); returns how many ended. */
    revokeOthers: (userId: string, keepSessionId: string, reason: RevokeReason) =>
      end(db, 'user_id = $3 and id <> $4', [userId, keepSessionId], reason),

    /** Ends every live session of every user; each user's listeners hear of theirs. How many ended, of how many users. */
    async revokeEveryone(reason: RevokeReason, tx?: Queryable) {
      const rows = await revokeWhere(tx ?? db, 'true', [], reason);
      const byUser = new Map<string, typeof rows>();
      for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
      for (const sessions of byUser.values()) announce(sessions, reason);
      return { ended: rows.length, users: byUser.size };
    },

    /** Ends every live session of a user (inside `tx` when given; listeners hear of it right away). */
    revokeAll: (userId: string, reason: RevokeReason, tx?: Queryable) =>
      end(tx ?? db, 'user_id = $3', [userId], reason),
  };
}

/** The session operations (see `createSessions`). */
export type Sessions = ReturnType<typeof createSessions>;
