import type { FastifyInstance } from 'fastify';
import type { AccountSummary } from '../../../src/core/contract/auth';
import { API_VERSION_PREFIX, PROTECTED_PREFIX } from '../../../src/core/contract/paths';
import { BusinessError, ok } from '../http/envelope';
import { apiRoute, envelopeSchema } from '../http/legacy-route';
import { brandFlag } from './brand-flags';
import { ACCOUNT_SUMMARY_SCHEMA, SWITCH_DATA_SCHEMA } from './schemas';
import { toSummary } from './summary';

const WAA = `${API_VERSION_PREFIX}${PROTECTED_PREFIX}`;
/** The brand has demo trading switched off, or the call needs the other account mode. */
const ILLEGAL_STATUS = 23523;

/**
 * `user/balance`, `user/info/switch` and `virtualWallet/resetBalance`: the token's account and demo mode.
 * `app` is a scope that authenticates every request (`request.auth` is set).
 */
export async function walletRoutes(app: FastifyInstance): Promise<void> {
  apiRoute<Record<string, never>, AccountSummary>(app, {
    url: `${WAA}user/balance`,
    summary: 'Balance and locked margin of the account the token is for (real or demo)',
    data: ACCOUNT_SUMMARY_SCHEMA,
    handler: async (_input, request) =>
      ok(await app.accounts.summary(app.db, request.auth.userId, request.auth.virtual)),
  });

  // Registered by hand: the new token is also a top-level envelope field (spec §7), which apiRoute's
  // response schema would strip.
  app.post(
    `${WAA}user/info/switch`,
    {
      schema: {
        summary: 'Switch the session between the real and the demo account; answers a new access token',
        response: { 200: envelopeSchema(SWITCH_DATA_SCHEMA, { token: { type: 'string' } }) },
      },
    },
    async (request) => {
      const { userId, uid, sessionId, brandId } = request.auth;
      const virtual = !request.auth.virtual;
      // Going back to real is always allowed, so a brand that turns demo off never strands a session.
      if (virtual) {
        if (!brandFlag(app, brandId, 'VIRTUAL_CURRENCY_TRADE')) throw new BusinessError(ILLEGAL_STATUS);
        await app.db.transaction((tx) => app.accounts.ensureDemoAccount(tx, userId, `user:${uid}`));
      }
      const { token, expiresAt } = await app.auth.reissueAccessToken(sessionId, { virtual });
      return ok({ token, expiresAt, virtual }, { token });
    },
  );

  apiRoute<Record<string, never>, AccountSummary>(app, {
    url: `${WAA}virtualWallet/resetBalance`,
    summary: 'Restore the demo balance to the initial virtual amount (once per 24 h, no open positions)',
    data: ACCOUNT_SUMMARY_SCHEMA,
    handler: async (_input, request) => {
      const { userId, uid, virtual, brandId } = request.auth;
      if (!virtual || !brandFlag(app, brandId, 'VIRTUAL_CURRENCY_TRADE')) {
        throw new BusinessError(ILLEGAL_STATUS);
      }
      const account = await app.db.transaction((tx) => app.accounts.resetDemo(tx, userId, `user:${uid}`));
      return ok(toSummary(account));
    },
  });
}
