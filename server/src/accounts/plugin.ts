import fp from 'fastify-plugin';
import { adminAccountRoutes } from './admin-routes';
import { createAccountsService, type AccountsService } from './service';
import { walletRoutes } from './wallet-routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Real and demo accounts of users (summary, demo opening and reset, credits). */
    accounts: AccountsService;
  }
}

/**
 * Accounts (the demo wallet): the account service over the ledger, the token's balance, the switch between
 * the real and the demo account, the demo reset, and the operators' credit.
 */
export const accountsPlugin = fp(
  async (app) => {
    app.decorate('accounts', createAccountsService());
    walletRoutes(app);
    adminAccountRoutes(app);
  },
  { name: 'accounts', fastify: '5.x', dependencies: ['db', 'http', 'admin', 'brand', 'auth', 'ledger'] },
);

export default accountsPlugin;
