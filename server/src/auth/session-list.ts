/**
 * What a trader sees of their sessions (docs/security.md 7.5.2): the live ones with where and on what they signed
 * in. A session's last activity is its newest refresh token's issue (its sign-in or latest refresh).
 */
import { SESSION_LIST_MAX, type SessionInfo } from '../../../src/core/contract/auth';
import type { Queryable } from '../db/types';

/** Longest User-Agent a session keeps. */
export const USER_AGENT_MAX = 256;

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/g;

/** The User-Agent as stored: control characters dropped, trimmed, at most `USER_AGENT_MAX` characters; null if empty. */
export function deviceOf(userAgent: string | null | undefined): string | null {
  const clean = (userAgent ?? '').replace(CONTROL_CHARS, '').trim().slice(0, USER_AGENT_MAX);
  return clean === '' ? null : clean;
}

/**
 * The live sessions of `userId` at `now` (not ended, not past their lifetime, active after `activeAfter`: the
 * inactivity limit), the most recently active first; `currentSessionId` is marked current.
 */
export async function listSessions(
  db: Queryable,
  { now, activeAfter }: { now: number; activeAfter: number },
  userId: string,
  currentSessionId: string,
): Promise<SessionInfo[]> {
  const { rows } = await db.query<{
    id: string;
    created_at_ms: string;
    last_ms: string;
    created_ip: string | null;
    user_agent: string | null;
    virtual: boolean;
  }>(
    `select s.id, s.created_at_ms, max(t.created_at_ms) as last_ms, s.created_ip, s.user_agent, s.virtual
       from auth_sessions s join refresh_tokens t on t.session_id = s.id
      where s.user_id = $1 and s.revoked_at_ms is null and s.expires_at_ms > $2
      group by s.id
     having max(t.created_at_ms) > $3
      order by last_ms desc, s.id
      limit $4`,
    [userId, now, activeAfter, SESSION_LIST_MAX],
  );
  return rows.map((row) => ({
    id: row.id,
    current: row.id === currentSessionId,
    createdAt: Number(row.created_at_ms),
    lastActiveAt: Number(row.last_ms),
    ip: row.created_ip,
    userAgent: row.user_agent,
    demo: row.virtual,
  }));
}
