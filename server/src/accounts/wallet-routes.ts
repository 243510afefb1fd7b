import type { FastifyInstance } from 'fastify';
import { Balance, ResetDemoBalance, SwitchAccount } from '../../../src/core/contract/accounts';
import { Code } from '../../../src/core/contract/codes';
import { BusinessError, ok } from '../http/envelope';
import { route } from '../http/route';
import { brandFlag } from './brand-flags';
import { toSummary } from './summary';

/**
 * `user/balance`, `user/info/switch` and `virtualWallet/resetBalance`: the token's account and demo mode.
 * 23523 when the brand has demo trading switched off or the call needs the other account mode.
 */
export function walletRoutes(app: FastifyInstance): void {
  route(app, Balance, async (_input, { request }) =>
    ok(await app.accounts.summary(app.db, request.auth.userId, request.auth.virtual)),
  );

  // The new token is also a top-level envelope field (spec §7).
  route(app, SwitchAccount, async (_input, { request }) => {
    const { userId, uid, sessionId, brandId } = request.auth;
    const virtual = !request.auth.virtual;
    // Going back to real is always allowed, so a brand that turns demo off never strands a session.
    if (virtual) {
      if (!brandFlag(app, brandId, 'VIRTUAL_CURRENCY_TRADE')) throw new BusinessError(Code.ILLEGAL_STATUS);
      await app.db.transaction((tx) => app.accounts.ensureDemoAccount(tx, userId, `user:${uid}`));
    }
    const { token, expiresAt } = await app.auth.reissueAccessToken(sessionId, { virtual });
    return ok({ token, expiresAt, virtual }, { token });
  });

  route(app, ResetDemoBalance, async (_input, { request }) => {
    const { userId, uid, virtual, brandId } = request.auth;
    if (!virtual || !brandFlag(app, brandId, 'VIRTUAL_CURRENCY_TRADE')) {
      throw new BusinessError(Code.ILLEGAL_STATUS);
    }
    const account = await app.db.transaction((tx) => app.accounts.resetDemo(tx, userId, `user:${uid}`));
    return ok(toSummary(account));
  });
}
