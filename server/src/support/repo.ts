/** Every query of the support tables. Times are the server clock's milliseconds, written by the caller. */
import type {
  AdminSupportConversation,
  SupportBox,
  SupportConversation,
  SupportMessage,
} from '../../../src/core/contract/support';
import type { Queryable } from '../db/types';

/** Whose conversation: a signed-in user's or a visitor's. */
export type Owner = { kind: 'user'; id: string } | { kind: 'visitor'; id: string };

export interface ConversationRow {
  id: string;
  userId: string | null;
  visitorId: string | null;
  brandId: string;
  status: number;
  assignedActor: string | null;
  assignedName: string | null;
  createdMs: string;
  closedMs: string | null;
}

interface MessageRow {
  id: string;
  conversationId: string;
  sender: number;
  body: string;
  imageId: string | null;
  clientId: string;
  createdMs: string;
  readMs: string | null;
}

const CONVERSATION = `c.id::text as id, c.user_id::text as "userId", c.visitor_id::text as "visitorId",
  c.brand_id as "brandId", c.status, c.assigned_actor as "assignedActor", c.assigned_name as "assignedName",
  c.created_ms::text as "createdMs", c.closed_ms::text as "closedMs"`;
const MESSAGE = `m.id::text as id, m.conversation_id::text as "conversationId", m.sender, m.body,
  m.image_id::text as "imageId", m.client_id as "clientId", m.created_ms::text as "createdMs",
  m.read_ms::text as "readMs"`;

const ownerColumn = (owner: Owner) => (owner.kind === 'user' ? 'user_id' : 'visitor_id');
const num = (value: string | null) => (value === null ? null : Number(value));

export function toConversation(row: ConversationRow): SupportConversation {
  return {
    id: row.id,
    status: row.status === 0 ? 'open' : 'closed',
    assignedTo: row.assignedName,
    createdAt: Number(row.createdMs),
    closedAt: num(row.closedMs),
  };
}

export function toMessage(row: MessageRow): SupportMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    from: row.sender === 0 ? 'trader' : 'operator',
    text: row.body,
    image: row.imageId,
    createdAt: Number(row.createdMs),
    readAt: num(row.readMs),
    clientId: row.clientId,
  };
}

/** Locks the owner's row, so that one owner's sends run one after the other (idempotency, one open). */
export async function lockOwner(q: Queryable, owner: Owner): Promise<void> {
  const table = owner.kind === 'user' ? 'users' : 'support_visitors';
  await q.query(`select id from ${table} where id = $1 for update`, [owner.id]);
}

/** The owner's open conversation, else the latest closed one, else null. */
export async function latestConversation(q: Queryable, owner: Owner): Promise<ConversationRow | null> {
  const { rows } = await q.query<ConversationRow>(
    `select ${CONVERSATION} from support_conversations c where c.${ownerColumn(owner)} = $1
      order by c.status, c.id desc limit 1`,
    [owner.id],
  );
  return rows[0] ?? null;
}

/** A conversation by id, locked when asked (every message insert locks it: ids ascend in commit order). */
export async function findConversation(
  q: Queryable,
  id: string,
  lock = false,
): Promise<ConversationRow | null> {
  const { rows } = await q.query<ConversationRow>(
    `select ${CONVERSATION} from support_conversations c where c.id = $1${lock ? ' for update' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function openConversation(
  q: Queryable,
  owner: Owner,
  brandId: string,
  nowMs: number,
): Promise<ConversationRow> {
  const { rows } = await q.query<ConversationRow>(
    `insert into support_conversations as c (${ownerColumn(owner)}, brand_id, created_ms)
      values ($1, $2, $3) returning ${CONVERSATION}`,
    [owner.id, brandId, nowMs],
  );
  return rows[0] as ConversationRow;
}

/** The owner's message sent earlier with this client id (any of the owner's conversations), or null. */
export async function ownerMessageByClientId(
  q: Queryable,
  owner: Owner,
  clientId: string,
): Promise<{ message: SupportMessage; conversation: ConversationRow } | null> {
  const { rows } = await q.query<MessageRow & { c: string }>(
    `select ${MESSAGE} from support_messages m join support_conversations c on c.id = m.conversation_id
      where c.${ownerColumn(owner)} = $1 and m.sender = 0 and m.client_id = $2 limit 1`,
    [owner.id, clientId],
  );
  const row = rows[0];
  if (!row) return null;
  const conversation = await findConversation(q, row.conversationId);
  return conversation ? { message: toMessage(row), conversation } : null;
}

/** An operator message of this conversation with this client id, or null. */
export async function operatorMessageByClientId(
  q: Queryable,
  conversationId: string,
  clientId: string,
): Promise<SupportMessage | null> {
  const { rows } = await q.query<MessageRow>(
    `select ${MESSAGE} from support_messages m
      where m.conversation_id = $1 and m.sender = 1 and m.client_id = $2`,
    [conversationId, clientId],
  );
  return rows[0] ? toMessage(rows[0]) : null;
}

export interface NewMessage {
  conversationId: string;
  sender: 0 | 1;
  actor: string | null;
  text: string;
  image: { bytes: Buffer; type: string } | null;
  clientId: string;
  nowMs: number;
}

/** Inserts a message (and its image); the caller holds the conversation's lock. */
export async function insertMessage(q: Queryable, row: NewMessage): Promise<SupportMessage> {
  let imageId: string | null = null;
  if (row.image) {
    const { rows } = await q.query<{ id: string }>(
      `insert into support_images (conversation_id, bytes, content_type, created_ms)
        values ($1, $2, $3, $4) returning id::text as id`,
      [row.conversationId, row.image.bytes, row.image.type, row.nowMs],
    );
    imageId = rows[0]?.id ?? null;
  }
  const { rows } = await q.query<MessageRow>(
    `insert into support_messages as m (conversation_id, sender, actor, body, image_id, client_id, created_ms)
      values ($1, $2, $3, $4, $5, $6, $7) returning ${MESSAGE}`,
    [row.conversationId, row.sender, row.actor, row.text, imageId, row.clientId, row.nowMs],
  );
  await q.query('update support_conversations set last_message_ms = $2 where id = $1', [
    row.conversationId,
    row.nowMs,
  ]);
  return toMessage(rows[0] as MessageRow);
}

/** Messages of a conversation with ids above `afterId`, ascending, at most `limit` (one more tells `more`). */
export async function listMessages(
  q: Queryable,
  conversationId: string,
  afterId: string | undefined,
  limit: number,
): Promise<{ messages: SupportMessage[]; more: boolean }> {
  const { rows } = await q.query<MessageRow>(
    `select ${MESSAGE} from support_messages m where m.conversation_id = $1 and m.id > $2
      order by m.id limit $3`,
    [conversationId, afterId ?? '0', limit + 1],
  );
  return { messages: rows.slice(0, limit).map(toMessage), more: rows.length > limit };
}

/** Marks the messages of `sender` up to `upToId` read; answers the ids that changed. */
export async function markRead(
  q: Queryable,
  conversationId: string,
  sender: 0 | 1,
  upToId: string,
  nowMs: number,
): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `update support_messages set read_ms = $4
      where conversation_id = $1 and sender = $2 and id <= $3 and read_ms is null returning id::text as id`,
    [conversationId, sender, upToId, nowMs],
  );
  return rows.map((row) => row.id);
}

/** Assigns an unassigned open conversation; null when it was not (another's, or closed). */
export async function assign(
  q: Queryable,
  id: string,
  actor: string,
  name: string,
  nowMs: number,
): Promise<ConversationRow | null> {
  const { rows } = await q.query<ConversationRow>(
    `update support_conversations c set assigned_actor = $2, assigned_name = $3, assigned_ms = $4
      where c.id = $1 and c.status = 0 and c.assigned_actor is null returning ${CONVERSATION}`,
    [id, actor, name, nowMs],
  );
  return rows[0] ?? null;
}

export async function close(
  q: Queryable,
  id: string,
  actor: string,
  nowMs: number,
): Promise<ConversationRow> {
  const { rows } = await q.query<ConversationRow>(
    `update support_conversations c set status = 1, closed_ms = $3, closed_by = $2
      where c.id = $1 returning ${CONVERSATION}`,
    [id, actor, nowMs],
  );
  return rows[0] as ConversationRow;
}

/** An image with the conversation it belongs to, or null. */
export async function findImage(
  q: Queryable,
  id: string,
): Promise<{ bytes: Buffer; type: string; conversation: ConversationRow } | null> {
  const { rows } = await q.query<{ bytes: Buffer | Uint8Array; type: string; conversationId: string }>(
    `select bytes, content_type as type, conversation_id::text as "conversationId" from support_images
      where id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  const conversation = await findConversation(q, row.conversationId);
  return conversation ? { bytes: Buffer.from(row.bytes), type: row.type, conversation } : null;
}

/** Whether `owner` owns the conversation. */
export const owns = (owner: Owner, row: ConversationRow) =>
  owner.kind === 'user' ? row.userId === owner.id : row.visitorId === owner.id;

const INBOX_COLUMNS = `${CONVERSATION}, u.uid as "userUid", v.email as "visitorEmail",
  c.last_message_ms::text as "lastMs",
  coalesce((select left(body, 140) from support_messages l where l.conversation_id = c.id
    order by l.id desc limit 1), '') as "lastText",
  (select count(*) from support_messages r where r.conversation_id = c.id and r.sender = 0
    and r.read_ms is null)::int as unread`;

type InboxRow = ConversationRow & {
  userUid: string | null;
  visitorEmail: string | null;
  lastMs: string | null;
  lastText: string;
  unread: number;
};

export function toAdminConversation(row: InboxRow, actor: string): AdminSupportConversation {
  return {
    id: row.id,
    status: row.status === 0 ? 'open' : 'closed',
    assignedTo: row.assignedName,
    mine: row.assignedActor === actor,
    userUid: row.userUid,
    visitorEmail: row.visitorEmail,
    createdAt: Number(row.createdMs),
    closedAt: num(row.closedMs),
    lastMessageAt: num(row.lastMs),
    lastText: row.lastText,
    unread: row.unread,
  };
}

const INBOX_FROM = `from support_conversations c left join users u on u.id = c.user_id
  left join support_visitors v on v.id = c.visitor_id`;

/** One conversation as the inbox shows it, or null. */
export async function inboxItem(
  q: Queryable,
  id: string,
  actor: string,
): Promise<AdminSupportConversation | null> {
  const { rows } = await q.query<InboxRow>(`select ${INBOX_COLUMNS} ${INBOX_FROM} where c.id = $1`, [id]);
  return rows[0] ? toAdminConversation(rows[0], actor) : null;
}

/** A page of one inbox box. */
export async function listInbox(
  q: Queryable,
  box: SupportBox,
  actor: string,
  page: number,
  limit: number,
): Promise<{ list: AdminSupportConversation[]; total: number }> {
  const where = {
    unassigned: 'c.status = 0 and c.assigned_actor is null',
    mine: 'c.status = 0 and c.assigned_actor = $1',
    closed: 'c.status = 1',
  }[box];
  const order = box === 'unassigned' ? 'c.id' : 'coalesce(c.last_message_ms, c.created_ms) desc, c.id desc';
  const args = box === 'mine' ? [actor] : [];
  const n = args.length;
  const { rows } = await q.query<InboxRow>(
    `select ${INBOX_COLUMNS} ${INBOX_FROM} where ${where} order by ${order} limit $${n + 1} offset $${n + 2}`,
    [...args, limit, (page - 1) * limit],
  );
  const count = await q.query<{ n: number }>(
    `select count(*)::int as n from support_conversations c where ${where}`,
    args,
  );
  return { list: rows.map((row) => toAdminConversation(row, actor)), total: count.rows[0]?.n ?? 0 };
}
