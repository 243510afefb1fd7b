/** The operators' actions on a conversation: assign, reply, read and close, each in one audited transaction. */
import type { FastifyInstance } from 'fastify';
import { Code } from '../../../src/core/contract/codes';
import {
  SUPPORT_REPLY_ALARM,
  type AdminSupportConversation,
  type SupportMessage,
} from '../../../src/core/contract/support';
import type { Queryable } from '../db/types';
import type { AdminAudit } from '../http/admin-audit';
import { BusinessError } from '../http/envelope';
import type { Notified } from '../notifications';
import type { CheckedMessage } from './parts';
import * as repo from './repo';
import type { ConversationRow } from './repo';
import type { Operator, SupportChange, SupportPresence } from './service';

/** What the actions share with the service. */
export interface ActionContext {
  app: FastifyInstance;
  now(): number;
  publish(row: ConversationRow, item: AdminSupportConversation, change: SupportChange): void;
  locked(tx: Queryable, id: string): Promise<ConversationRow>;
  inboxItem(tx: Queryable, id: string): Promise<AdminSupportConversation>;
  presence(): SupportPresence;
}

const NOTICE_PREVIEW = 200;
const KIND = 'support_conversation';

export function operatorActions({ app, now, publish, locked, inboxItem, presence }: ActionContext) {
  const inbox = async (tx: Queryable, id: string, actor: string) =>
    (await repo.inboxItem(tx, id, actor)) as AdminSupportConversation;

  return {
    async assign(id: string, { audit, name }: Operator): Promise<AdminSupportConversation> {
      const result = await audit.transaction(async (tx, record) => {
        const before = await locked(tx, id);
        if (before.status === 0 && before.assignedActor === audit.actor) {
          await record({
            action: 'support.assign',
            objectKind: KIND,
            objectId: id,
            after: 'already',
          });
          return { row: before, changed: false };
        }
        const row = await repo.assign(tx, id, audit.actor, name, now());
        if (!row) throw new BusinessError(Code.STATE_IS_NOT_CORRECT, 'closed, or taken by another operator');
        await record({
          action: 'support.assign',
          objectKind: KIND,
          objectId: id,
          after: { name },
        });
        return { row, changed: true, item: await inbox(tx, id, audit.actor) };
      });
      if (result.changed && result.item) publish(result.row, result.item, { kind: 'assigned' });
      return result.item ?? (await inbox(app.db, id, audit.actor));
    },

    async reply(id: string, { audit }: Operator, message: CheckedMessage): Promise<SupportMessage> {
      const result = await audit.transaction(async (tx, record) => {
        const row = await locked(tx, id);
        const earlier = await repo.operatorMessageByClientId(tx, id, message.clientId);
        if (row.status !== 0 || row.assignedActor !== audit.actor) {
          if (earlier) {
            await record({
              action: 'support.reply',
              objectKind: KIND,
              objectId: id,
              after: 'resend',
            });
            return { row, stored: earlier, fresh: false, notice: null, item: null };
          }
          throw new BusinessError(Code.STATE_IS_NOT_CORRECT, 'not assigned to you, or closed');
        }
        const stored =
          earlier ??
          (await repo.insertMessage(tx, {
            conversationId: id,
            sender: 1,
            actor: audit.actor,
            text: message.text,
            image: message.image,
            clientId: message.clientId,
            nowMs: now(),
          }));
        await record({
          action: 'support.reply',
          objectKind: KIND,
          objectId: id,
          after: { messageId: stored.id, image: stored.image !== null },
        });
        let notice: Notified | null = null;
        if (!earlier && row.userId !== null && !(await presence().userOnline(row.userId))) {
          const preview = stored.text.slice(0, NOTICE_PREVIEW);
          notice = await app.notifications.notify(tx, {
            userId: row.userId,
            alarmType: SUPPORT_REPLY_ALARM,
            actionType: 0,
            content: preview,
          });
        }
        const item = earlier ? null : await inboxItem(tx, id);
        return { row, stored, fresh: !earlier, notice, item };
      });
      if (result.fresh && result.item) {
        publish(result.row, result.item, { kind: 'message', message: result.stored });
      }
      await result.notice?.publish();
      return result.stored;
    },

    async operatorRead(id: string, audit: AdminAudit, upToId: string): Promise<number> {
      const result = await audit.transaction(async (tx, record) => {
        const row = await locked(tx, id);
        const ids = await repo.markRead(tx, id, 0, upToId, now());
        await record({
          action: 'support.read',
          objectKind: KIND,
          objectId: id,
          after: { upToId, read: ids.length },
        });
        return { row, ids, item: ids.length > 0 ? await inboxItem(tx, id) : null };
      });
      if (result.item) publish(result.row, result.item, { kind: 'read', upToId, reader: 'operator' });
      return result.ids.length;
    },

    async close(id: string, audit: AdminAudit): Promise<AdminSupportConversation> {
      const result = await audit.transaction(async (tx, record) => {
        const before = await locked(tx, id);
        const allowed = before.assignedActor === null || before.assignedActor === audit.actor;
        if (before.status !== 0 || !allowed) {
          throw new BusinessError(Code.STATE_IS_NOT_CORRECT, 'closed, or assigned to another operator');
        }
        const row = await repo.close(tx, id, audit.actor, now());
        await record({ action: 'support.close', objectKind: KIND, objectId: id });
        return { row, item: await inbox(tx, id, audit.actor) };
      });
      publish(result.row, result.item, { kind: 'closed' });
      return result.item;
    },
  };
}
