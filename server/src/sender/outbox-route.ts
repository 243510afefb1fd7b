import type { FastifyInstance } from 'fastify';
import { DevOutbox as DevOutboxResource } from '../../../src/core/contract/auth';
import { ok } from '../http/envelope';
import { resourceRoute } from '../http/route';
import type { DevOutbox, OutboxEntry } from './dev-outbox';

/** `GET /dev/outbox?to=<address>`: messages of the dev outbox, newest first (never registered in production). */
export function outboxRoute(app: FastifyInstance, outbox: DevOutbox): void {
  resourceRoute(app, DevOutboxResource, async (input) => ok<OutboxEntry[]>(outbox.list(input.to)));
}
