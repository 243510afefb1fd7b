/** Every query of `web_push_subscriptions`. */
import { PUSH_SUBSCRIPTIONS_MAX } from '../../../src/core/contract/web-push';
import type { Db, Queryable } from '../db/types';

/** One browser's subscription. */
export interface Subscription {
  id: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  lang: string;
}

/**
 * Keeps the subscription for the user: a browser that subscribes again (same endpoint, perhaps new keys or
 * another user on a shared computer) replaces its row, and the user's oldest beyond PUSH_SUBSCRIPTIONS_MAX go.
 * Under the user's row lock, so parallel subscribes cannot pass the limit together.
 */
export async function saveSubscription(db: Db, input: Omit<Subscription, 'id'>, now: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('select id from users where id = $1 for update', [input.userId]);
    await tx.query(
      `insert into web_push_subscriptions (user_id, endpoint, p256dh, auth, lang, created_at_ms)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh,
         auth = excluded.auth, lang = excluded.lang, created_at_ms = excluded.created_at_ms, failures = 0`,
      [input.userId, input.endpoint, input.p256dh, input.auth, input.lang, now],
    );
    await tx.query(
      `delete from web_push_subscriptions where user_id = $1 and id not in (
         select id from web_push_subscriptions where user_id = $1
          order by created_at_ms desc, id desc limit $2)`,
      [input.userId, PUSH_SUBSCRIPTIONS_MAX],
    );
  });
}

/** Forgets the user's subscription of `endpoint` (another user's is left alone); answers whether one went. */
export async function deleteSubscription(q: Queryable, userId: string, endpoint: string): Promise<boolean> {
  const { rows } = await q.query(
    'delete from web_push_subscriptions where user_id = $1 and endpoint = $2 returning id',
    [userId, endpoint],
  );
  return rows.length > 0;
}

/** The user's subscriptions. */
export async function subscriptionsOf(q: Queryable, userId: string): Promise<Subscription[]> {
  const { rows } = await q.query<Subscription>(
    `select id::text as id, user_id::text as "userId", endpoint, p256dh, auth, lang
       from web_push_subscriptions where user_id = $1 order by id`,
    [userId],
  );
  return rows;
}

/** Most failed deliveries in a row before a subscription is dropped (a browser gone for good). */
export const PUSH_FAILURES_MAX = 10;

/** Records a delivery's outcome: `gone` deletes the row, a failure counts, a success resets the count. */
export async function recordDelivery(
  q: Queryable,
  id: string,
  outcome: 'sent' | 'failed' | 'gone',
  now: number,
): Promise<void> {
  if (outcome === 'gone') {
    await q.query('delete from web_push_subscriptions where id = $1', [id]);
  } else if (outcome === 'sent') {
    await q.query('update web_push_subscriptions set last_sent_at_ms = $2, failures = 0 where id = $1', [
      id,
      now,
    ]);
  } else {
    const { rows } = await q.query<{ failures: number }>(
      'update web_push_subscriptions set failures = failures + 1 where id = $1 returning failures',
      [id],
    );
    if (Number(rows[0]?.failures ?? 0) >= PUSH_FAILURES_MAX)
      await q.query('delete from web_push_subscriptions where id = $1', [id]);
  }
}
