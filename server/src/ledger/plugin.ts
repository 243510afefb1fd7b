import fp from 'fastify-plugin';
import { AdminLedgerCheck } from '../../../src/core/contract/admin';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import { checkLedger, ledger, type Ledger } from './index';

declare module 'fastify' {
  interface FastifyInstance {
    /** The double-entry ledger: post balanced transactions, open accounts, check conservation. */
    ledger: Ledger;
  }
}

/** The ledger as `app.ledger`, and its operators' conservation check (`GET /admin/v1/ledger/check`). */
export const ledgerPlugin = fp(
  async (app) => {
    app.decorate('ledger', ledger);
    route(app, AdminLedgerCheck, async () => ok(await checkLedger(app.db)));
  },
  { name: 'ledger', fastify: '5.x', dependencies: ['db', 'http', 'admin'] },
);

export default ledgerPlugin;
