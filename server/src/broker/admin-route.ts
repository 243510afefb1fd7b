import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireAdmin } from '../admin/require-admin';
import { ok } from '../http/envelope';
import type { Broker } from './types';

/** Path of the admin hook that drops every market socket (used by e2e tests of reconnects). */
export const DROP_CONNECTIONS_PATH = '/admin/v1/market/connections/drop';

/** Registers `POST /admin/v1/market/connections/drop { refuseMs? }` → `{ dropped }`, bearer ADMIN_TOKEN only. */
export function registerDropRoute(app: FastifyInstance, broker: Broker): void {
  let guard: ReturnType<typeof requireAdmin> | undefined;
  // The token is read per request so that the platform may decorate it after registering this plugin;
  // with no token configured, nobody is admitted.
  const admit = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = app.hasDecorator('adminToken') ? app.getDecorator<unknown>('adminToken') : undefined;
    if (typeof token !== 'string' || token === '') {
      return reply.code(401).send({ code: 400, msg: 'admin token required', data: null });
    }
    guard ??= requireAdmin(token);
    return guard(request, reply);
  };
  app.post<{ Body: { refuseMs?: number } | undefined }>(
    DROP_CONNECTIONS_PATH,
    {
      preHandler: admit,
      schema: {
        body: {
          type: 'object',
          properties: { refuseMs: { type: 'integer', minimum: 0, maximum: 60_000 } },
          additionalProperties: false,
        },
        response: {
          200: {
            type: 'object',
            properties: {
              code: { type: 'integer' },
              msg: { type: 'string' },
              data: { type: 'object', properties: { dropped: { type: 'integer' } } },
            },
          },
        },
      },
    },
    async (request) => ok({ dropped: broker.dropAll(request.body?.refuseMs ?? 0) }),
  );
}
