import fp from 'fastify-plugin';
import { withdrawalPendingRule } from './blocking';
import { adminWithdrawalRoutes, withdrawalRoutes } from './routes';
import { createWithdrawalService, type WithdrawalService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Withdrawals: status check, quotes, submit and the operators' review. */
    withdrawals: WithdrawalService;
  }
}

/**
 * Withdrawals (issue #13): the user's status check, fee quotes and submit, and the operators' queue with
 * approve and reject. While a withdrawal waits, the trading and option modules refuse real orders (406).
 */
export const withdrawalsPlugin = fp(
  async (app) => {
    app.decorate('withdrawals', createWithdrawalService(app));
    app.accounts.blockingRules.register(withdrawalPendingRule);
    withdrawalRoutes(app);
    adminWithdrawalRoutes(app);
  },
  {
    name: 'withdrawals',
    fastify: '5.x',
    dependencies: ['db', 'http', 'admin', 'brand', 'auth', 'ledger', 'cashier', 'notifications', 'accounts'],
  },
);

export default withdrawalsPlugin;
