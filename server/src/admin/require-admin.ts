import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../../src/core/contract/codes';

/** A preHandler that admits only `Authorization: Bearer <adminToken>`; others get HTTP 401. */
export function requireAdmin(adminToken: string) {
  const expected = Buffer.from(`Bearer ${adminToken}`);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      await reply.code(401).send({ code: Code.NOT_LOGGED_IN, msg: 'admin token required', data: null });
    }
  };
}
