/** Every query of the `notifications` table. */
import type { Notification } from '../../../src/core/contract/notifications';
import type { Queryable } from '../db/types';
import { toMoney } from '../ledger';

/** A row to insert (title, content and remark default to ''). */
export interface NewNotification {
  userId: string;
  alarmType: number;
  actionType: number;
  title?: string;
  content?: string;
  remark?: string;
  /** Decimal string (a deposit's, withdrawal's or transfer's amount). */
  paymentPrice?: string | null;
  /** The unit of `paymentPrice` (our own codes, AN1). */
  paymentUnit?: string | null;
}

interface Row {
  id: string;
  readStatus: number;
  title: string;
  alarmType: number;
  actionType: number;
  content: string;
  remark: string;
  timeStamp: string;
  paymentPrice: string | null;
  paymentUnit: string | null;
}

const COLUMNS = `id::text as id, read_status as "readStatus", title, alarm_type as "alarmType",
  action_type as "actionType", content, remark,
  (extract(epoch from created_at) * 1000)::bigint::text as "timeStamp", payment_price as "paymentPrice",
  payment_unit as "paymentUnit"`;

function toNotification(row: Row): Notification {
  return {
    id: row.id,
    readStatus: Number(row.readStatus) === 1 ? 1 : 0,
    title: row.title,
    alarmType: Number(row.alarmType),
    actionType: Number(row.actionType),
    content: row.content,
    remark: row.remark,
    timeStamp: Number(row.timeStamp),
    paymentPrice: row.paymentPrice === null ? null : toMoney(row.paymentPrice),
    // The spec's codes keep exactly the fields of spec §3: the unit is named only where one was written.
    ...(row.paymentUnit === null ? {} : { paymentUnit: row.paymentUnit }),
  };
}

/** Inserts one notification; answers its id. */
export async function insertNotification(q: Queryable, row: NewNotification): Promise<string> {
  const { rows } = await q.query<{ id: string }>(
    `insert into notifications (user_id, alarm_type, action_type, title, content, remark, payment_price,
       payment_unit)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id::text as id`,
    [
      row.userId,
      row.alarmType,
      row.actionType,
      row.title ?? '',
      row.content ?? '',
      row.remark ?? '',
      row.paymentPrice ?? null,
      row.paymentUnit ?? null,
    ],
  );
  return (rows[0] as { id: string }).id;
}

/** One page of a user's notifications, newest first, with the total. */
export async function listNotifications(
  q: Queryable,
  userId: string,
  page: number,
  limit: number,
): Promise<{ list: Notification[]; total: number }> {
  const { rows } = await q.query<Row>(
    `select ${COLUMNS} from notifications where user_id = $1 order by notifications.id desc limit $2 offset $3`,
    [userId, limit, (page - 1) * limit],
  );
  const count = await q.query<{ total: string }>(
    'select count(*)::text as total from notifications where user_id = $1',
    [userId],
  );
  return { list: rows.map(toNotification), total: Number(count.rows[0]?.total ?? 0) };
}

/** One of the user's notifications, or null (another user's id answers like a missing one). */
export async function findNotification(
  q: Queryable,
  userId: string,
  id: string,
): Promise<Notification | null> {
  const { rows } = await q.query<Row>(`select ${COLUMNS} from notifications where user_id = $1 and id = $2`, [
    userId,
    id,
  ]);
  return rows[0] ? toNotification(rows[0]) : null;
}

/** Marks the user's unread notifications among `ids` read; ids of others or unknown ids change nothing. */
export async function markRead(q: Queryable, userId: string, ids: readonly string[]): Promise<number> {
  const { rows } = await q.query<{ id: string }>(
    `update notifications set read_status = 1, read_at = now()
     where user_id = $1 and id = any($2::bigint[]) and read_status = 0 returning id::text as id`,
    [userId, [...new Set(ids)]],
  );
  return rows.length;
}

/** How many of the user's notifications are unread. */
export async function unreadCount(q: Queryable, userId: string): Promise<number> {
  const { rows } = await q.query<{ unread: string }>(
    'select count(*)::text as unread from notifications where user_id = $1 and read_status = 0',
    [userId],
  );
  return Number(rows[0]?.unread ?? 0);
}
