/** The operators' inbox on the admin API (`/admin/v1/support/...`, role `support`); every action is audited. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code } from '../../../src/core/contract/codes';
import {
  SUPPORT_TEAM_NAME,
  AdminSupportAssign,
  AdminSupportClose,
  AdminSupportImage,
  AdminSupportList,
  AdminSupportRead,
  AdminSupportReply,
  AdminSupportThread,
  SUPPORT_PAGE_MAX,
  SUPPORT_QUEUE_PAGE_SIZE,
} from '../../../src/core/contract/support';
import { adminAuditOf } from '../http/admin-audit';
import { BusinessError, ok } from '../http/envelope';
import { resourceRoute, route } from '../http/route';
import { checkMessage, type MessageParts } from './parts';
import * as repo from './repo';
import { messageScope, sendImage } from './routes';
import type { Operator, SupportService } from './service';

export async function supportAdminRoutes(app: FastifyInstance, support: SupportService): Promise<void> {
  const actorOf = (request: FastifyRequest) => adminAuditOf(request).actor;
  async function operatorOf(request: FastifyRequest): Promise<Operator> {
    const audit = adminAuditOf(request);
    if (!request.operator) return { audit, name: SUPPORT_TEAM_NAME };
    const { rows } = await app.db.query<{ name: string }>('select name from operators where id = $1', [
      request.operator.id,
    ]);
    return { audit, name: rows[0]?.name || SUPPORT_TEAM_NAME };
  }

  route(app, AdminSupportList, async (input, { request }) => {
    const page = input.page ?? 1;
    const limit = input.limit ?? SUPPORT_QUEUE_PAGE_SIZE;
    return ok(await repo.listInbox(app.db, input.box ?? 'unassigned', actorOf(request), page, limit));
  });

  route(app, AdminSupportThread, async (input, { request }) => {
    const conversation = await repo.inboxItem(app.db, input.id, actorOf(request));
    if (!conversation) throw new BusinessError(Code.TICKET_NOT_FOUND);
    const page = await repo.listMessages(app.db, input.id, input.afterId, SUPPORT_PAGE_MAX);
    return ok({ conversation, ...page });
  });

  route(app, AdminSupportAssign, async (input, { request }) =>
    ok({ conversation: await support.assign(input.id, await operatorOf(request)) }),
  );

  route(app, AdminSupportRead, async (input, { audit }) =>
    ok({ read: await support.operatorRead(input.id, audit, input.upToId) }),
  );

  route(app, AdminSupportClose, async (input, { audit }) =>
    ok({ conversation: await support.close(input.id, audit) }),
  );

  resourceRoute(app, AdminSupportImage, async (input, request, reply) => {
    // Opening an image is reading what a trader sent: who opened which, and when, is kept.
    const image = await adminAuditOf(request).transaction(async (tx, record) => {
      await record({ action: 'support.view_image', objectKind: 'support_image', objectId: input.id });
      return repo.findImage(tx, input.id);
    });
    return sendImage(reply, image, Code.TICKET_NOT_FOUND);
  });

  await messageScope(app, (scope) => {
    route(scope, AdminSupportReply, async (input, { request }) => {
      const message = checkMessage(request.body as MessageParts);
      return ok({ message: await support.reply(input.id, await operatorOf(request), message) });
    });
  });
}
