import type { FastifyInstance } from 'fastify';
import { BusinessError, ok } from '../http/envelope';
import type { DevOutbox, OutboxEntry } from './dev-outbox';

const INCORRECT_PARAMETER = 1001;

const ENTRY = {
  type: 'object',
  properties: {
    to: { type: 'string' },
    channel: { type: 'string' },
    purpose: { type: 'string' },
    code: { type: ['string', 'null'] },
    subject: { type: 'string' },
    text: { type: 'string' },
    time: { type: 'string' },
  },
};

/**
 * `GET /dev/outbox?to=<address>`: messages of the dev outbox to that address, newest first; 1001 without an
 * address (never registered in production).
 */
export function outboxRoute(app: FastifyInstance, outbox: DevOutbox): void {
  app.get<{ Querystring: { to?: string } }>(
    '/dev/outbox',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { to: { type: 'string', maxLength: 256 } },
          additionalProperties: false,
        },
        response: {
          200: {
            type: 'object',
            properties: {
              code: { type: 'integer' },
              msg: { type: 'string' },
              data: { type: 'array', items: ENTRY },
            },
          },
        },
      },
    },
    async (request) => {
      // Never the whole outbox: a caller sees only the messages of an address it names.
      const to = request.query.to?.trim();
      if (!to) throw new BusinessError(INCORRECT_PARAMETER);
      return ok<OutboxEntry[]>(outbox.list(to));
    },
  );
}
