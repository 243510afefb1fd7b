/**
 * Operator sessions: an opaque random token in an HttpOnly cookie; the database keeps only its SHA-256, so a
 * copy of the table cannot sign anyone in. A session ends at its expiry, at sign-out, or when the operator is
 * disabled.
 */
import { createHash, randomBytes } from 'node:crypto';
import { OPERATOR_SESSION_HOURS } from '../../../src/core/contract/backoffice';
import type { OperatorRole } from '../../../src/core/contract/endpoint';
import type { Queryable } from '../db/types';

/** The operator behind a session, as the admin guard puts it on the request. */
export interface SessionOperator {
  id: string;
  email: string;
  roles: readonly OperatorRole[];
}

export const SESSION_MS = OPERATOR_SESSION_HOURS * 3600_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new session of `operatorId` inside `tx`; the token is returned once and never stored. */
export async function issueOperatorSession(
  tx: Queryable,
  operatorId: string,
  nowMs: number,
): Promise<{ token: string; expiresAt: number }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = nowMs + SESSION_MS;
  await tx.query('insert into operator_sessions (token_hash, operator_id, expires_at) values ($1, $2, $3)', [
    hashOf(token),
    operatorId,
    new Date(expiresAt),
  ]);
  return { token, expiresAt };
}

/** The active operator of a live session, or null (unknown, expired, or the operator disabled). */
export async function checkOperatorSession(
  db: Queryable,
  token: string,
  nowMs: number,
): Promise<(SessionOperator & { expiresAt: number }) | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const { rows } = await db.query<{ id: string; email: string; roles: OperatorRole[]; expires_at: Date }>(
    `select o.id::text as id, o.email, o.roles, s.expires_at
       from operator_sessions s join operators o on o.id = s.operator_id
      where s.token_hash = $1 and s.expires_at > $2 and o.active`,
    [hashOf(token), new Date(nowMs)],
  );
  const row = rows[0];
  if (!row) return null;
  return { id: row.id, email: row.email, roles: row.roles, expiresAt: new Date(row.expires_at).getTime() };
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

/** Forgets sessions past their expiry. */
export async function sweepOperatorSessions(db: Queryable, nowMs: number): Promise<void> {
  await db.query('delete from operator_sessions where expires_at <= $1', [new Date(nowMs)]);
}

export { cookieValue } from '../http/cookies';
