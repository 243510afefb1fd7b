import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { requireAdmin } from '../../admin';
import type { Queryable } from '../../db/types';
import { AuditMissingError, type AdminAudit, type AuditAction } from '../../http/admin-audit';
import { unconfiguredGuards } from '../../http/route';
import brokerPlugin from '../plugin';
import type { BrokerPluginOptions } from '../types';

/** Admin token of the standalone test apps. */
export const TEST_ADMIN_TOKEN = 'test-admin-token';

/** The audit rows of the admin calls of the standalone apps (they have no database). */
export const auditRows: AuditAction[] = [];

/** An audit writer without a database: the one-row rule of the real writer, the rows kept in `auditRows`. */
function memoryAudit(): AdminAudit {
  const noDatabase: Queryable = {
    query: () => Promise.reject(new Error('the broker test app has no database')),
    exec: () => Promise.reject(new Error('the broker test app has no database')),
  };
  let committed = 0;
  return {
    actor: 'admin-api',
    get committed() {
      return committed;
    },
    async transaction(fn) {
      const rows: AuditAction[] = [];
      const value = await fn(noDatabase, async (entry) => void rows.push(entry));
      if (rows.length !== 1) throw new AuditMissingError('an admin action', rows.length);
      auditRows.push(...rows);
      committed += 1;
      return value;
    },
  };
}

/** A Fastify app with only the broker plugin, listening on a free loopback port. */
export async function startBrokerApp(
  options: BrokerPluginOptions = {},
): Promise<{ app: FastifyInstance; url: string; base: string }> {
  const app = Fastify({ logger: false });
  // The broker's admin hook is guarded like every admin route; here only the admin guard is installed.
  const tokenOnly = requireAdmin(TEST_ADMIN_TOKEN);
  const admin = async (request: FastifyRequest, reply: FastifyReply) => {
    await tokenOnly(request, reply);
    if (!reply.sent) request.adminAudit = memoryAudit();
  };
  app.decorate('accessGuards', { ...unconfiguredGuards(), admin });
  await app.register(brokerPlugin, options);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    url: `ws://127.0.0.1:${port}${options.path ?? '/market-ws'}`,
    base: `http://127.0.0.1:${port}`,
  };
}

/** The spec-written STOMP client, for other modules' tests of what reaches a socket. */
export { RawStompClient, type RawFrame } from './raw-client';
