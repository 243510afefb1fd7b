/**
 * The "while you were away" summary (issue #25, WA1–WA8): what happened to one trader's account after a point in
 * time, read from the tables of the trading, options, alerts and cashier modules with SELECTs only (as the risk
 * module reads orders). Each list is counted in full and carries its latest few items, in one query each: a
 * window count beside a LIMIT.
 */
import {
  AWAY_LIST_MAX,
  type AwayAlert,
  type AwayClose,
  type AwayFill,
  type AwaySettlement,
  type AwaySummary,
  type AwayTicket,
} from '../../../src/core/contract/away';
import { normalize } from '../../../src/core/domain/decimal';
import type { Queryable } from '../db/types';

export interface AwayWindow {
  userId: string;
  /** The caller's account kind: the demo account's orders and options, or the real account's. */
  virtual: boolean;
  /** Start of the window (exclusive), already clamped. */
  since: number;
}

type Counted<R> = R & { total: string };
const countOf = (rows: { total: string }[]) => (rows.length ? Number(rows[0]!.total) : 0);
const strip = <R extends { total: string }>({ total: _total, ...rest }: R) => rest;

async function fills(db: Queryable, w: AwayWindow) {
  // Only pending orders (buy_point 1) the server filled; the parts a partial close split off carry the
  // position's fill time and are not fills of their own.
  const { rows } = await db.query<
    Counted<{
      orderId: string;
      symbol: string;
      orderType: number;
      price: string;
      quantity: string;
      atTs: string;
    }>
  >(
    `select uid as "orderId", trade_pair as symbol, order_type as "orderType", opening_price::text as price,
            order_quantity::text as quantity, transaction_time::text as "atTs", count(*) over ()::text as total
       from orders
      where user_id = $1 and virtual = $2 and buy_point = 1 and position_status in (2, 3)
        and parent_uid is null and transaction_time > $3
      order by transaction_time desc, id desc limit $4`,
    [w.userId, w.virtual, w.since, AWAY_LIST_MAX],
  );
  const latest: AwayFill[] = rows.map((row) => ({
    ...strip(row),
    orderType: row.orderType === 1 ? 1 : 0,
    price: normalize(row.price),
    quantity: normalize(row.quantity),
    atTs: Number(row.atTs),
  }));
  return { count: countOf(rows), latest };
}

async function closes(db: Queryable, w: AwayWindow) {
  const { rows } = await db.query<
    Counted<{
      orderId: string;
      symbol: string;
      reason: AwayClose['reason'];
      profitLoss: string;
      atTs: string;
      sum: string;
    }>
  >(
    `select uid as "orderId", trade_pair as symbol, close_reason as reason, profit_loss::text as "profitLoss",
            closing_time::text as "atTs", count(*) over ()::text as total, (sum(profit_loss) over ())::text as sum
       from orders
      where user_id = $1 and virtual = $2 and position_status = 3
        and close_reason in ('stop_loss', 'take_profit', 'stop_out') and closing_time > $3
      order by closing_time desc, id desc limit $4`,
    [w.userId, w.virtual, w.since, AWAY_LIST_MAX],
  );
  const latest: AwayClose[] = rows.map(({ sum: _sum, ...row }) => ({
    ...strip(row),
    profitLoss: normalize(row.profitLoss),
    atTs: Number(row.atTs),
  }));
  return { count: countOf(rows), latest, profitLoss: rows.length ? normalize(rows[0]!.sum) : '0' };
}

async function settlements(db: Queryable, w: AwayWindow) {
  const { rows } = await db.query<
    Counted<{ orderId: string; symbol: string; amount: string; winLost: string; atTs: string }>
  >(
    `select uid as "orderId", trade_pair as symbol, amount::text, win_lost::text as "winLost",
            complete_time::text as "atTs", count(*) over ()::text as total
       from option_orders
      where user_id = $1 and virtual = $2 and position_status = 1 and complete_time > $3
      order by complete_time desc, id desc limit $4`,
    [w.userId, w.virtual, w.since, AWAY_LIST_MAX],
  );
  const latest: AwaySettlement[] = rows.map((row) => {
    const winLost = normalize(row.winLost);
    return {
      ...strip(row),
      result: winLost === '0' ? 'tie' : winLost.startsWith('-') ? 'lost' : 'won',
      amount: normalize(row.amount),
      winLost,
      atTs: Number(row.atTs),
    };
  });
  return { count: countOf(rows), latest };
}

async function alerts(db: Queryable, w: AwayWindow) {
  // Alerts belong to the trader, not to one account kind (WA4): both tokens see them.
  const { rows } = await db.query<Counted<{ id: string; symbol: string; firedPrice: string; atTs: string }>>(
    `select id::text, symbol, fired_price::text as "firedPrice", fired_ms::text as "atTs",
            count(*) over ()::text as total
       from price_alerts
      where user_id = $1 and state = 'fired' and fired_ms > $2
      order by fired_ms desc, id desc limit $3`,
    [w.userId, w.since, AWAY_LIST_MAX],
  );
  const latest: AwayAlert[] = rows.map((row) => ({
    ...strip(row),
    firedPrice: normalize(row.firedPrice),
    atTs: Number(row.atTs),
  }));
  return { count: countOf(rows), latest };
}

async function tickets(db: Queryable, w: AwayWindow) {
  // The cashier moves real money only: a demo token has no tickets (WA4). The cashier stamps reviewed_at with
  // the database's clock (WA5).
  if (w.virtual) return { count: 0, latest: [] };
  const { rows } = await db.query<
    Counted<{
      ticketId: string;
      actionType: number;
      state: AwayTicket['state'];
      currency: string;
      amount: string;
      atTs: string;
    }>
  >(
    `select uid as "ticketId", action_type as "actionType", state, currency, amount::text,
            (extract(epoch from reviewed_at) * 1000)::bigint::text as "atTs", count(*) over ()::text as total
       from cash_tickets
      where user_id = $1 and state in ('success', 'fail') and reviewed_at is not null
        and reviewed_at > to_timestamp($2::double precision / 1000)
      order by reviewed_at desc, id desc limit $3`,
    [w.userId, w.since, AWAY_LIST_MAX],
  );
  const latest: AwayTicket[] = rows.map(({ actionType, ...row }) => ({
    ...strip(row),
    kind: actionType === 1 ? 'withdrawal' : 'deposit',
    amount: normalize(row.amount),
    atTs: Number(row.atTs),
  }));
  return { count: countOf(rows), latest };
}

/** The summary of the window; `clamped` and `until` come from the caller, which read the clock. */
export async function awaySummary(
  db: Queryable,
  w: AwayWindow,
  clamped: boolean,
  until: number,
): Promise<AwaySummary> {
  const [f, c, s, a, t] = await Promise.all([
    fills(db, w),
    closes(db, w),
    settlements(db, w),
    alerts(db, w),
    tickets(db, w),
  ]);
  return {
    sinceTs: w.since,
    clamped,
    untilTs: until,
    virtual: w.virtual,
    fills: f,
    closes: { count: c.count, latest: c.latest },
    closesProfitLoss: c.profitLoss,
    settlements: s,
    alerts: a,
    tickets: t,
  };
}
