import type { FastifyInstance } from 'fastify';
import { adminDropConnections } from '../../../src/core/contract/admin-market';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import type { Broker } from './types';

/**
 * Registers `POST /admin/v1/market/connections/drop { refuseMs? }` → `{ dropped }` (e2e tests of reconnects),
 * guarded by the admin access check the admin module installs (bearer ADMIN_TOKEN only), with its audit row.
 */
export function registerDropRoute(app: FastifyInstance, broker: Broker): void {
  route(app, adminDropConnections, async (input, { audit }) =>
    ok({
      dropped: await audit.transaction(async (_tx, record) => {
        const refuseMs = input.refuseMs ?? 0;
        await record({
          action: 'market.drop_connections',
          objectKind: 'broker',
          objectId: 'all',
          after: { refuseMs },
        });
        return broker.dropAll(refuseMs);
      }),
    }),
  );
}
