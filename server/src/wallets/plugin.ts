import fp from 'fastify-plugin';
import { walletsRoutes } from './routes';

/**
 * Wallets: the per-currency crypto wallets (ledger accounts of kind `wallet`), transfers between them and the
 * USD balance, wallet records, the coin/network list and the user's deposit/withdraw records.
 */
export const walletsPlugin = fp(
  async (app) => {
    walletsRoutes(app);
  },
  {
    name: 'wallets',
    fastify: '5.x',
    dependencies: ['db', 'http', 'auth', 'ledger', 'cashier', 'notifications'],
  },
);

export default walletsPlugin;
