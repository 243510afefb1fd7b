/**
 * Operator sessions: an opaque random token in an HttpOnly cookie; the database keeps only its SHA-256, so a
 * copy of the table cannot sign anyone in. A session ends at its expiry, after 30 minutes without an
 * authenticated request (decision SEC11), at sign-out, or when the operator is disabled. Its last activity is a
 * column of its row, so every server process sees the same one.
 */
import { createHash, randomBytes } from 'node:crypto';
import { OPERATOR_IDLE_MINUTES, OPERATOR_SESSION_HOURS } from '../../../src/core/contract/backoffice';
import type { OperatorRole } from '../../../src/core/contract/endpoint';
import type { Queryable } from '../db/types';

/** The operator behind a session, as the admin guard puts it on the request. */
export interface SessionOperator {
  id: string;
  email: string;
  roles: readonly OperatorRole[];
}

export const SESSION_MS = OPERATOR_SESSION_HOURS * 3600_000;
export const IDLE_MS = OPERATOR_IDLE_MINUTES * 60_000;
/**
 * Activity is written when the stored one is at least this old: one row write a minute per busy session, not
 * one per request; the timeout may therefore fall up to a minute before 30 minutes after the last request.
 */
export const ACTIVITY_WRITE_MS = 60_000;

/** A live session: its operator, when it ends at the latest, its last recorded activity and what it may do. */
export interface LiveSession extends SessionOperator {
  expiresAt: number;
  lastSeenAt: number;
  /**
   * Signed in with a first password (decision SEC12): `roles` is then empty, so that every role check (the
   * admin guard, the live inbox and its re-check) refuses the session; only the password step admits it.
   */
  mustChangePassword: boolean;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new session of `operatorId` inside `tx`; the token is returned once and never stored. */
export async function issueOperatorSession(
  tx: Queryable,
  operatorId: string,
  nowMs: number,
): Promise<{ token: string; expiresAt: number }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = nowMs + SESSION_MS;
  await tx.query(
    `insert into operator_sessions (token_hash, operator_id, expires_at, last_seen_at)
     values ($1, $2, $3, $4)`,
    [hashOf(token), operatorId, new Date(expiresAt), new Date(nowMs)],
  );
  return { token, expiresAt };
}

/**
 * The active operator of a live session, or null (unknown, past its lifetime, idle for 30 minutes, or the
 * operator disabled). Reading is no activity: the live inbox re-checks its session with this too.
 */
export async function checkOperatorSession(
  db: Queryable,
  token: string,
  nowMs: number,
): Promise<LiveSession | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const { rows } = await db.query<{
    id: string;
    email: string;
    roles: OperatorRole[];
    expires_at: Date;
    last_seen_at: Date;
    password_must_change: boolean;
  }>(
    `select o.id::text as id, o.email, o.roles, s.expires_at, s.last_seen_at, o.password_must_change
       from operator_sessions s join operators o on o.id = s.operator_id
      where s.token_hash = $1 and s.expires_at > $2 and s.last_seen_at > $3 and o.active`,
    [hashOf(token), new Date(nowMs), new Date(nowMs - IDLE_MS)],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    roles: row.password_must_change ? [] : row.roles,
    expiresAt: new Date(row.expires_at).getTime(),
    lastSeenAt: new Date(row.last_seen_at).getTime(),
    mustChangePassword: row.password_must_change,
  };
}

/**
 * Records an authenticated request of a live `session` as its activity, when the stored one is a minute old or
 * more. The condition is in the statement, so two processes touching at once write once and never move the
 * time back.
 */
export async function noteOperatorActivity(
  db: Queryable,
  token: string,
  session: Pick<LiveSession, 'lastSeenAt'>,
  nowMs: number,
): Promise<void> {
  if (nowMs - session.lastSeenAt < ACTIVITY_WRITE_MS) return;
  await db.query(
    'update operator_sessions set last_seen_at = $2 where token_hash = $1 and last_seen_at <= $3',
    [hashOf(token), new Date(nowMs), new Date(nowMs - ACTIVITY_WRITE_MS)],
  );
}

/** Ends one session. */
export async function endOperatorSession(db: Queryable, token: string): Promise<void> {
  await db.query('delete from operator_sessions where token_hash = $1', [hashOf(token)]);
}

/** Ends every session of an operator; answers how many there were. */
export async function endOperatorSessions(tx: Queryable, operatorId: string): Promise<number> {
  const { rows } = await tx.query('delete from operator_sessions where operator_id = $1 returning 1', [
    operatorId,
  ]);
  return rows.length;
}

/** Ends every session of an operator but `keepToken`'s; answers how many there were. */
export async function endOtherOperatorSessions(
  tx: Queryable,
  operatorId: string,
  keepToken: string,
): Promise<number> {
  const { rows } = await tx.query(
    'delete from operator_sessions where operator_id = $1 and token_hash <> $2 returning 1',
    [operatorId, hashOf(keepToken)],
  );
  return rows.length;
}

/** Forgets sessions past their lifetime or idle for 30 minutes. */
export async function sweepOperatorSessions(db: Queryable, nowMs: number): Promise<void> {
  await db.query('delete from operator_sessions where expires_at <= $1 or last_seen_at <= $2', [
    new Date(nowMs),
    new Date(nowMs - IDLE_MS),
  ]);
}

export { cookieValue } from '../http/cookies';
