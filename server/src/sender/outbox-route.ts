import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope';
import type { DevOutbox, OutboxEntry } from './dev-outbox';

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

/** `GET /dev/outbox?to=<address>`: messages of the dev outbox, newest first (never registered in production). */
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
    async (request) => ok<OutboxEntry[]>(outbox.list(request.query.to)),
  );
}
