/** `order/query` and `order/queryMock`: one account's orders, a page at a time, with realised P&L totals. */
import {
  ORDER_PAGE_SIZE,
  type OrderQueryRequest,
  type OrderQueryResponse,
} from '../../../src/core/contract/trading';
import { utcDayStart } from '../../../src/core/domain/market-hours';
import { toMoney } from '../ledger';
import type { Engine } from './engine';
import { ORDER_COLUMNS, selectOrders } from './orders-repo';
import { accountView, summaryOf, toMarketOrder } from './valuation';

/** Largest page `order/query` serves. */
export const MAX_ORDER_PAGE = 50;

/**
 * A page of the account's orders, newest first by `columns` (order time by default; closing time puts open
 * orders last). `today` keeps the orders placed or closed since 00:00 UTC. `profitLossToday` and
 * `profitLossTotal` are the realised P&L of the orders closed today and ever.
 */
export async function queryOrders(
  engine: Engine,
  userId: string,
  virtual: boolean,
  request: OrderQueryRequest,
): Promise<OrderQueryResponse> {
  const limit = Math.min(Math.max(request.limit || ORDER_PAGE_SIZE, 1), MAX_ORDER_PAGE);
  const page = Math.max(request.page || 1, 1);
  const dayStart = utcDayStart(engine.now());
  const where = `user_id = $1 and virtual = $2 and ($3::smallint is null or position_status = $3::smallint)
    and ($4::bigint is null or coalesce(closing_time, order_time) >= $4::bigint)`;
  const params = [userId, virtual, request.positionStatus ?? null, request.today ? dayStart : null];
  const order =
    request.columns === 'closingTime' ? 'closing_time desc nulls last, id desc' : 'order_time desc, id desc';
  const db = engine.db;
  const [rows, counts, view] = [
    await selectOrders(
      db,
      `select ${ORDER_COLUMNS} from orders where ${where} order by ${order} limit ${limit} offset ${(page - 1) * limit}`,
      params,
    ),
    await db.query<{ total: string; today: string; all_pnl: string }>(
      `select (select count(*) from orders where ${where})::text as total,
              coalesce(sum(profit_loss) filter (where closing_time >= $5), 0) as today,
              coalesce(sum(profit_loss), 0) as all_pnl
         from orders where user_id = $1 and virtual = $2 and position_status = 3`,
      [...params, dayStart],
    ),
    await accountView(engine, db, userId, virtual),
  ];
  const total = Number(counts.rows[0]?.total ?? 0);
  return {
    list: rows.map((row) => toMarketOrder(engine, row)),
    page,
    pages: Math.ceil(total / limit),
    total,
    profitLossToday: toMoney(counts.rows[0]?.today ?? '0'),
    profitLossTotal: toMoney(counts.rows[0]?.all_pnl ?? '0'),
    summary: summaryOf(view, view.open),
  };
}
