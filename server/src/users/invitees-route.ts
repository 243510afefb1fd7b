import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { INVITEE_PAGE_SIZE, InviteeList } from '../../../src/core/contract/invitations';
import { maskUid } from '../../../src/core/domain/invitation';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import { listInvitees } from './repo';

/**
 * A stable key for a list row that names nobody: the masked uid repeats across invitees, and the internal id
 * is not for clients. Hashed with the inviter's id, the same invitee has no common key across lists.
 */
function rowKey(inviterId: string, inviteeId: string): string {
  return createHash('sha256').update(`${inviterId}:${inviteeId}`).digest('hex').slice(0, 16);
}

/** `user/invitees`: who registered with the caller's own invite code (the token's user, never another's). */
export function inviteesRoute(app: FastifyInstance): void {
  route(app, InviteeList, async (input, { request }) => {
    const limit = input.limit ?? INVITEE_PAGE_SIZE;
    const { list, total } = await listInvitees(app.db, request.auth.userId, input.page, limit);
    return ok({
      list: list.map((row) => ({
        id: rowKey(request.auth.userId, row.id),
        maskedUid: maskUid(row.uid),
        registeredAt: new Date(row.registeredAt).getTime(),
      })),
      page: input.page,
      pages: Math.ceil(total / limit),
      total,
    });
  });
}
