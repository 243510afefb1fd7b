import type { FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../../src/core/contract/codes';
import type { Queryable } from '../db/types';
import { BusinessError } from '../http/envelope';
import { verifyJwt } from './jwt';
import type { SessionCache } from './session-cache';
import type { TokenCheck } from './types';

export type { RequestAuth, TokenCheck } from './types';

/** The token of `Authorization: Bearer <token>` (a bare token is accepted from older clients). */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization?.trim();
  if (!header) return undefined;
  return header.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : header;
}

/**
 * Checks signature and expiry, then the session and the user in the database. A check that passed is reused
 * for a second (`cache`, see session-cache.ts); a revocation in this process takes effect at once.
 */
export async function checkAccessToken(
  db: Queryable,
  tokenKey: Buffer,
  now: number,
  token: string | undefined,
  cache?: SessionCache,
): Promise<TokenCheck> {
  const payload = token ? verifyJwt(token, tokenKey, now) : null;
  if (!payload || !token) return { ok: false, code: 401 };
  const cached = cache?.get(token);
  if (cached) return { ok: true, auth: cached };
  const startedAt = cache?.now() ?? 0;
  const { rows } = await db.query<{
    brand_id: string;
    blocked: boolean;
    revoked_at_ms: string | null;
    expires_at_ms: string | null;
  }>(
    `select u.brand_id, u.blocked, s.revoked_at_ms, s.expires_at_ms
       from users u left join auth_sessions s on s.id = $2 and s.user_id = u.id
      where u.id = $1`,
    [payload.sub, payload.sid],
  );
  const row = rows[0];
  if (!row) return { ok: false, code: 1002 };
  if (row.blocked) return { ok: false, code: 1044 };
  if (row.expires_at_ms === null || row.revoked_at_ms !== null || Number(row.expires_at_ms) <= now) {
    return { ok: false, code: 23519 };
  }
  const auth = {
    userId: payload.sub,
    uid: payload.uid,
    sessionId: payload.sid,
    virtual: payload.virtualStatus !== '0',
    brandId: row.brand_id,
  };
  cache?.put(token, auth, startedAt);
  return { ok: true, auth };
}

/** The body of HTTP 401 on a protected path (spec §7: the client clears the session and goes to /login). */
export const NOT_LOGGED_IN = { code: Code.NOT_LOGGED_IN, msg: 'not logged in', data: null };

/** A preHandler over `check`: HTTP 401 without a valid token, else 23519 / 1002 / 1044 or `request.auth`. */
export function authenticateWith(check: (token: string | undefined) => Promise<TokenCheck>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await check(bearerToken(request));
    if (result.ok) {
      request.auth = result.auth;
      return;
    }
    if (result.code === 401) return reply.code(401).send(NOT_LOGGED_IN);
    throw new BusinessError(result.code);
  };
}

/**
 * The exchange service's check (spec §7): the token comes in the Authorization header or, as older clients
 * send it, in the body's `token`; HTTP 401 without a valid one.
 */
export function authenticateExchangeWith(check: (token: string | undefined) => Promise<TokenCheck>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const body = request.body as { token?: unknown } | undefined;
    const token = bearerToken(request) ?? (typeof body?.token === 'string' ? body.token : undefined);
    const result = await check(token);
    if (result.ok) {
      request.auth = result.auth;
      return;
    }
    if (result.code === 401) return reply.code(401).send(NOT_LOGGED_IN);
    throw new BusinessError(result.code);
  };
}
