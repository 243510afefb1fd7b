/** The trader's alert routes (contract/alerts.ts). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AlertCreate, AlertList, AlertRemove, AlertUpdate } from '../../../src/core/contract/alerts';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import type { AlertCaller, AlertService } from './service';

const callerOf = (request: FastifyRequest): AlertCaller => ({
  userId: request.auth.userId,
  brandId: request.auth.brandId,
});

export function alertRoutes(app: FastifyInstance, alerts: AlertService): void {
  route(app, AlertList, async (_input, { request }) => ok(await alerts.list(callerOf(request))));

  route(app, AlertCreate, async (input, { request }) => {
    const { symbol, mode, ...fields } = input;
    return ok({ alert: await alerts.create(callerOf(request), { symbol, mode, ...fields }) });
  });

  route(app, AlertUpdate, async (input, { request }) => {
    const { id, ...fields } = input;
    return ok({ alert: await alerts.update(callerOf(request), id, fields) });
  });

  route(app, AlertRemove, async (input, { request }) => {
    await alerts.remove(callerOf(request), input.id);
    return ok({});
  });
}
