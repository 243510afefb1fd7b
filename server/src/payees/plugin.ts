import fp from 'fastify-plugin';
import { bankCardRoutes } from './bank-cards';
import { cryptoAddressRoutes } from './crypto-addresses';

/**
 * Payees: the trader's saved bank cards and crypto addresses (contract/payees.ts), personal fields encoded on
 * the wire with the session key and sealed at rest with the cashier key. No value of them is ever logged.
 */
export const payeesPlugin = fp(
  async (app) => {
    bankCardRoutes(app);
    cryptoAddressRoutes(app);
  },
  { name: 'payees', fastify: '5.x', dependencies: ['db', 'http', 'auth', 'brand', 'cashier'] },
);

export default payeesPlugin;
