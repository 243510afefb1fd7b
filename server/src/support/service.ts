/**
 * Live support's rules: one open conversation per owner (sending with none open opens one), idempotent sends
 * by the client's id, a rate limit per sender on the server clock, read receipts, and the operators' assign,
 * reply and close, each in one audited transaction. Every change is pushed after COMMIT to the owner's
 * sockets only; a reply to a trader with no socket open also leaves a notification (729004).
 */
import type { FastifyInstance } from 'fastify';
import { Code } from '../../../src/core/contract/codes';
import {
  SUPPORT_PAGE_MAX,
  SUPPORT_RATE_LIMIT,
  SUPPORT_RATE_WINDOW_MS,
  type AdminSupportConversation,
  type ExchangeSupportMessage,
  type SupportMessage,
  type SupportSent,
  type SupportThread,
} from '../../../src/core/contract/support';
import { createRateLimiter } from '../auth';
import type { Queryable } from '../db/types';
import type { AdminAudit } from '../http/admin-audit';
import { BusinessError } from '../http/envelope';
import { operatorActions } from './operator-actions';
import type { CheckedMessage } from './parts';
import * as repo from './repo';
import type { ConversationRow, Owner } from './repo';

/** Where a push goes: a user's sockets, or a visitor's ticketed sockets. */
export type SupportTarget = { userId: string } | { visitorId: string };

/** What the operators' live sockets get of a change (SO2): each socket makes its own `supportInbox` of it. */
export interface SupportInboxPush {
  /** The inbox item as the list answers it, with `mine` false: each operator's socket sets its own. */
  item: AdminSupportConversation;
  /** Who holds the conversation (`operator:<id>`, `admin-api`), or null while unassigned. */
  assignedActor: string | null;
  kind: ExchangeSupportMessage['kind'];
  message?: SupportMessage;
  upToId?: string;
  reader?: 'trader' | 'operator';
}

export interface SupportPush {
  target: SupportTarget;
  /** For the owner's sockets; absent when the owner has nothing to learn (their own read receipt). */
  message?: ExchangeSupportMessage;
  /** For the operators' live sockets. */
  inbox: SupportInboxPush;
}

/** A change to publish: what the owner learns, and which side read for a `read`. */
export interface SupportChange {
  kind: ExchangeSupportMessage['kind'];
  message?: SupportMessage;
  upToId?: string;
  /** `trader`: the owner read the operators' messages; only the operators are told (SO2). */
  reader?: 'trader' | 'operator';
}

/** What the socket module tells support: whether a user has a socket open now (on any process, MP13). */
export interface SupportPresence {
  userOnline(userId: string): boolean | Promise<boolean>;
}

/** An operator acting: the audit writer of the request and the name the trader sees. */
export interface Operator {
  audit: AdminAudit;
  name: string;
}

export interface SupportService {
  thread(owner: Owner, afterId?: string): Promise<SupportThread>;
  send(owner: Owner, brandId: string, message: CheckedMessage): Promise<SupportSent>;
  read(owner: Owner, upToId: string): Promise<number>;
  /** An image the owner may open (their own conversations), or null (missing and another's alike). */
  ownImage(owner: Owner, id: string): Promise<{ bytes: Buffer; type: string } | null>;
  assign(id: string, operator: Operator): Promise<AdminSupportConversation>;
  reply(id: string, operator: Operator, message: CheckedMessage): Promise<SupportMessage>;
  operatorRead(id: string, audit: AdminAudit, upToId: string): Promise<number>;
  close(id: string, audit: AdminAudit): Promise<AdminSupportConversation>;
  onPush(listener: (push: SupportPush) => void): () => void;
  /** The socket module registers how to tell whether a user is connected (nobody: never connected). */
  setPresence(presence: SupportPresence): void;
}

const SEND_RULE = { bucket: 'support.send', max: SUPPORT_RATE_LIMIT, windowMs: SUPPORT_RATE_WINDOW_MS };

const targetOf = (row: ConversationRow): SupportTarget =>
  row.userId !== null ? { userId: row.userId } : { visitorId: row.visitorId as string };

export function createSupportService(app: FastifyInstance): SupportService {
  const listeners = new Set<(push: SupportPush) => void>();
  const limiter = createRateLimiter(app.db, () => app.clock.now());
  let presence: SupportPresence = { userOnline: () => false };
  const now = () => app.clock.now();

  function publish(row: ConversationRow, item: AdminSupportConversation, change: SupportChange) {
    const { reader, ...event } = change;
    const push: SupportPush = {
      target: targetOf(row),
      inbox: { item: { ...item, mine: false }, assignedActor: row.assignedActor, ...change },
    };
    if (reader !== 'trader') {
      push.message = { ordertype: 'support', conversation: repo.toConversation(row), ...event };
    }
    for (const listener of [...listeners]) {
      try {
        listener(push);
      } catch (error) {
        app.log.error({ err: error }, 'support push listener failed');
      }
    }
  }

  /** The inbox item of a conversation as the change left it (read in the change's transaction). */
  async function inboxItem(tx: Queryable, id: string): Promise<AdminSupportConversation> {
    const item = await repo.inboxItem(tx, id, '');
    if (!item) throw new Error(`support conversation ${id} vanished in its own transaction`);
    return item;
  }

  /** The conversation, locked; 1039 when unknown. */
  async function locked(tx: Queryable, id: string): Promise<ConversationRow> {
    const row = await repo.findConversation(tx, id, true);
    if (!row) throw new BusinessError(Code.TICKET_NOT_FOUND);
    return row;
  }

  async function storeTraderMessage(owner: Owner, brandId: string, message: CheckedMessage) {
    return app.db.transaction(async (tx) => {
      await repo.lockOwner(tx, owner);
      const earlier = await repo.ownerMessageByClientId(tx, owner, message.clientId);
      if (earlier) return { ...earlier, fresh: false };
      let conversation = await repo.latestConversation(tx, owner);
      if (!conversation || conversation.status !== 0) {
        conversation = await repo.openConversation(tx, owner, brandId, now());
      }
      await repo.findConversation(tx, conversation.id, true);
      const stored = await repo.insertMessage(tx, {
        conversationId: conversation.id,
        sender: 0,
        actor: null,
        text: message.text,
        image: message.image,
        clientId: message.clientId,
        nowMs: now(),
      });
      return { message: stored, conversation, fresh: true, item: await inboxItem(tx, conversation.id) };
    });
  }

  return {
    async thread(owner, afterId) {
      const conversation = await repo.latestConversation(app.db, owner);
      if (!conversation) return { conversation: null, messages: [], more: false };
      const page = await repo.listMessages(app.db, conversation.id, afterId, SUPPORT_PAGE_MAX);
      return { conversation: repo.toConversation(conversation), ...page };
    },

    async send(owner, brandId, message) {
      const earlier = await repo.ownerMessageByClientId(app.db, owner, message.clientId);
      if (earlier)
        return { conversation: repo.toConversation(earlier.conversation), message: earlier.message };
      const subject = `${owner.kind}:${owner.id}`;
      const reservation = await limiter.reserve(SEND_RULE, subject);
      if (!reservation) throw new BusinessError(Code.TOO_FREQUENT, 'at most 20 messages a minute');
      let stored;
      try {
        stored = await storeTraderMessage(owner, brandId, message);
      } catch (error) {
        await reservation.release();
        throw error;
      }
      // A resend that raced its first send stored nothing: it does not count either.
      if (!stored.fresh) await reservation.release();
      else if (stored.item)
        publish(stored.conversation, stored.item, { kind: 'message', message: stored.message });
      return { conversation: repo.toConversation(stored.conversation), message: stored.message };
    },

    async read(owner, upToId) {
      const done = await app.db.transaction(async (tx) => {
        const conversation = await repo.latestConversation(tx, owner);
        if (!conversation) return null;
        const ids = await repo.markRead(tx, conversation.id, 1, upToId, now());
        const item = ids.length > 0 ? await inboxItem(tx, conversation.id) : null;
        return { conversation, ids, item };
      });
      if (done?.item) publish(done.conversation, done.item, { kind: 'read', upToId, reader: 'trader' });
      return done?.ids.length ?? 0;
    },

    async ownImage(owner, id) {
      const image = await repo.findImage(app.db, id);
      return image && repo.owns(owner, image.conversation) ? image : null;
    },

    ...operatorActions({ app, now, publish, locked, inboxItem, presence: () => presence }),

    onPush(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    setPresence(value) {
      presence = value;
    },
  };
}
