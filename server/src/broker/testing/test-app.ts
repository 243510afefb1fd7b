import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { requireAdmin } from '../../admin';
import { unconfiguredGuards } from '../../http/route';
import brokerPlugin from '../plugin';
import type { BrokerPluginOptions } from '../types';

/** Admin token of the standalone test apps. */
export const TEST_ADMIN_TOKEN = 'test-admin-token';

/** A Fastify app with only the broker plugin, listening on a free loopback port. */
export async function startBrokerApp(
  options: BrokerPluginOptions = {},
): Promise<{ app: FastifyInstance; url: string; base: string }> {
  const app = Fastify({ logger: false });
  // The broker's admin hook is guarded like every admin route; here only the admin guard is installed.
  app.decorate('accessGuards', { ...unconfiguredGuards(), admin: requireAdmin(TEST_ADMIN_TOKEN) });
  await app.register(brokerPlugin, options);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    url: `ws://127.0.0.1:${port}${options.path ?? '/market-ws'}`,
    base: `http://127.0.0.1:${port}`,
  };
}
