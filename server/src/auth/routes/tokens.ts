/** `refresh` (spec §7), logout, and the exchange-side token check. */
import type { RefreshResponse } from '../../../../src/core/contract/auth';
import { BusinessError, ok } from '../../http/envelope';
import { apiRoute, objectSchema } from '../../http/legacy-route';
import { checkAccessToken } from '../authenticate';
import { text, type AuthRouteDeps } from '../context';

const LOGIN_REQUIRED = 23519;
const TOKEN_INVALID = -1;

/** Registers `wa-na/refresh`, `waa/user/logout` and `exchange/checkToken`. */
export function tokenRoutes(deps: AuthRouteDeps): void {
  const { app } = deps;

  apiRoute<{ refreshToken: string; token?: string }, RefreshResponse>(app, {
    url: '/v1/wa-na/refresh',
    summary: 'Rotate the refresh token; a reused one ends its session (23519 now and for the next refresh)',
    input: objectSchema({ refreshToken: text(128), token: text(4096) }, ['refreshToken']),
    data: objectSchema(
      { token: { type: 'string' }, refreshToken: { type: 'string' }, expiresAt: { type: 'integer' } },
      ['token', 'refreshToken', 'expiresAt'],
    ),
    handler: async (input, request) => {
      const outcome = await deps.sessions.refresh(
        input.refreshToken.trim(),
        input.token?.trim() || undefined,
      );
      if (outcome.ok) return ok(outcome.tokens);
      if (outcome.reason === 'reused') request.log.warn('refresh token reused: session revoked');
      throw new BusinessError(outcome.reason === 'blocked' ? 1044 : LOGIN_REQUIRED);
    },
  });

  apiRoute<Record<string, never>, null>(app, {
    url: '/v1/waa/user/logout',
    summary: 'End this session (its refresh token stops working)',
    preHandler: app.authenticate,
    data: { type: 'null' },
    handler: async (_input, request) => {
      await deps.sessions.revokeSession(request.auth.sessionId, 'logout');
      return ok(null);
    },
  });

  apiRoute<{ token: string }, { uid: string; virtualStatus: string }>(app, {
    url: '/exchange/checkToken',
    summary: 'Check an access token: code 0, or -1 when invalid, expired or revoked',
    input: objectSchema({ token: text(4096) }, ['token']),
    data: objectSchema({ uid: { type: 'string' }, virtualStatus: { type: 'string' } }, [
      'uid',
      'virtualStatus',
    ]),
    handler: async (input) => {
      const check = await checkAccessToken(deps.db, deps.keys.token, deps.now(), input.token.trim());
      if (!check.ok) throw new BusinessError(TOKEN_INVALID, 'invalid token');
      return ok({ uid: check.auth.uid, virtualStatus: check.auth.virtual ? '1' : '0' });
    },
  });
}
