import fp from 'fastify-plugin';
import { createDepositReview, type DepositReview } from './review';
import { depositAdminRoutes, depositUserRoutes } from './routes';

export type { DepositReview } from './review';

declare module 'fastify' {
  interface FastifyInstance {
    /** Deposit review (approve, reject) for the admin API and the back office. */
    deposits: { review: DepositReview };
  }
}

/**
 * Deposits: the user's coin list, own wallets, bank accounts and deposit submission (`contract/deposits.ts`),
 * and their review by operators (service `app.deposits.review` and the admin routes).
 */
export const depositsPlugin = fp(
  async (app) => {
    const review = createDepositReview(
      app.notifications,
      (brandId) => app.brand.get(brandId)?.walletType ?? 0,
    );
    app.decorate('deposits', { review });
    await depositUserRoutes(app);
    depositAdminRoutes(app, review);
  },
  {
    name: 'deposits',
    fastify: '5.x',
    dependencies: ['db', 'http', 'admin', 'brand', 'auth', 'ledger', 'cashier', 'notifications', 'accounts'],
  },
);

export default depositsPlugin;
