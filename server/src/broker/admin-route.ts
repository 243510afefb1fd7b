import type { FastifyInstance } from 'fastify';
import { adminDropConnections } from '../../../src/core/contract/admin-market';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import type { Broker } from './types';

/**
 * Registers `POST /admin/v1/market/connections/drop { refuseMs? }` → `{ dropped }` (e2e tests of reconnects),
 * guarded by the admin access check the admin module installs (bearer ADMIN_TOKEN only).
 */
export function registerDropRoute(app: FastifyInstance, broker: Broker): void {
  route(app, adminDropConnections, async (input) => ok({ dropped: broker.dropAll(input.refuseMs ?? 0) }));
}
