import type { FastifyInstance } from 'fastify';
import { DevOutbox as DevOutboxResource } from '../../../src/core/contract/auth';
import { Code } from '../../../src/core/contract/codes';
import { BusinessError, ok } from '../http/envelope';
import { resourceRoute } from '../http/route';
import type { DevOutbox, OutboxEntry } from './dev-outbox';

/**
 * `GET /dev/outbox?to=<address>`: messages of the dev outbox to that address, newest first; 1001 without an
 * address (never registered in production).
 */
export function outboxRoute(app: FastifyInstance, outbox: DevOutbox): void {
  resourceRoute(app, DevOutboxResource, async (input) => {
    const to = input.to?.trim();
    if (!to) throw new BusinessError(Code.INCORRECT_PARAMETER);
    return ok<OutboxEntry[]>(outbox.list(to));
  });
}
