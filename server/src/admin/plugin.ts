import type { preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { ok } from '../http/envelope';
import { envelopeSchema, objectSchema } from '../http/legacy-route';
import { requireAdmin } from './require-admin';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler admitting only `Authorization: Bearer <ADMIN_TOKEN>` (others get HTTP 401). */
    requireAdmin: preHandlerAsyncHookHandler;
    /** The admin bearer token (modules that build their own guard read it). */
    adminToken: string;
  }
}

/** Options of the `admin` plugin. */
export interface AdminPluginOptions {
  adminToken: string;
}

const HEALTH_DATA = objectSchema({
  status: { type: 'string' },
  db: { type: 'string' },
  migrations: { type: 'array', items: { type: 'string' } },
  uptimeSec: { type: 'integer' },
});

/** The admin guard for every `/admin/v1/*` route, and the health check of the process and its database. */
export const adminPlugin = fp<AdminPluginOptions>(
  async (app, options) => {
    if (!options.adminToken) throw new Error('admin plugin needs an adminToken');
    const guard = requireAdmin(options.adminToken) as preHandlerAsyncHookHandler;
    app.decorate('requireAdmin', guard);
    app.accessGuards.admin = guard;
    app.decorate('adminToken', options.adminToken);

    app.get(
      '/admin/v1/health',
      { preHandler: guard, schema: { response: { 200: envelopeSchema(HEALTH_DATA) } } },
      async () => {
        const { rows } = await app.db.query<{ name: string }>(
          'select name from schema_migrations order by name',
        );
        return ok({
          status: 'ok',
          db: app.db.kind,
          migrations: rows.map((row) => row.name),
          uptimeSec: Math.floor(process.uptime()),
        });
      },
    );
  },
  { name: 'admin', fastify: '5.x', dependencies: ['db', 'http'] },
);
