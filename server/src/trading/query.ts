/** `order/query` and `order/queryMock`: one account's orders, a page at a time, with realised P&L totals. */
import {
  ORDER_PAGE_SIZE,
  type OrderQueryRequest,
  type OrderQueryResponse,
} from '../../../src/core/contract/trading';
import { utcDayStart } from '../../../src/core/domain/market-hours';
import { netPnl } from '../../../src/core/domain/money';
import { BusinessError } from '../http/envelope';
import { toMoney } from '../ledger';
import type { Engine } from './engine';
import { ORDER_COLUMNS, selectOrders } from './orders-repo';

import { accountView, summaryOf, toMarketOrder } from './valuation';
import { Code } from '../../../src/core/contract/codes';

/** Largest page `order/query` serves. */
export const MAX_ORDER_PAGE = 50;
/** Highest page number accepted (501 beyond). */
export const MAX_PAGE_NUMBER = 100_000;
/** Highest `limit` accepted (501 beyond); anything above `MAX_ORDER_PAGE` is served as that. */
export const MAX_LIMIT_ASKED = 100;

const inRange = (n: unknown, min: number, max: number) =>
  typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max;

/** Sums over the account's closed orders, today's (closed since 00:00 UTC) and of all time. */
interface RealisedSums {
  total: string;
  today_pnl: string;
  today_fee: string;
  today_overnight: string;
  all_pnl: string;
  all_fee: string;
  all_overnight: string;
}

/**
 * The net realised P&L of a set of closed orders from the sums of their gross P&L, trading fees and
 * overnight fees, by the one rule the history rows use (`netPnl`): the total is the sum of the rows.
 */
function realisedNet(pnl = '0', fee = '0', overnight = '0'): string {
  return toMoney(netPnl({ profitLoss: pnl, feeAmount: fee, overnightFee: overnight }) ?? '0');
}

/**
 * A page of the account's orders, newest first by `columns` (order time by default; closing time puts open
 * orders last). `today` keeps the orders placed or closed since 00:00 UTC. `profitLossToday` and
 * `profitLossTotal` are the net realised P&L (gross P&L less trading and overnight fees) of the orders
 * closed today and ever: what those orders changed the balance by, and the sum of the rows' net P&L.
 */
export async function queryOrders(
  engine: Engine,
  userId: string,
  virtual: boolean,
  request: OrderQueryRequest,
): Promise<OrderQueryResponse> {
  const page = request.page ?? 1;
  const asked = request.limit ?? ORDER_PAGE_SIZE;
  // Refused here whatever the HTTP schema lets through: the offset is computed from these.
  if (!inRange(page, 1, MAX_PAGE_NUMBER) || !inRange(asked, 1, MAX_LIMIT_ASKED))
    throw new BusinessError(Code.ORDER_PARAMETER);
  const limit = Math.min(asked, MAX_ORDER_PAGE);
  const dayStart = utcDayStart(engine.now());
  const where = `user_id = $1 and virtual = $2 and ($3::smallint is null or position_status = $3::smallint)
    and ($4::bigint is null or coalesce(closing_time, order_time) >= $4::bigint)
    and ($5::text is null or uid = $5::text)`;
  const params = [
    userId,
    virtual,
    request.positionStatus ?? null,
    request.today ? dayStart : null,
    request.uid ?? null,
  ];
  const order =
    request.columns === 'closingTime' ? 'closing_time desc nulls last, id desc' : 'order_time desc, id desc';
  const db = engine.db;
  const [rows, counts, view] = [
    await selectOrders(
      db,
      `select ${ORDER_COLUMNS} from orders where ${where} order by ${order} limit $6 offset $7`,
      [...params, limit, (page - 1) * limit],
    ),
    await db.query<RealisedSums>(
      `select (select count(*) from orders where ${where})::text as total,
              coalesce(sum(profit_loss) filter (where closing_time >= $6), 0)::text as today_pnl,
              coalesce(sum(fee_amount) filter (where closing_time >= $6), 0)::text as today_fee,
              coalesce(sum(overnight_fee) filter (where closing_time >= $6), 0)::text as today_overnight,
              coalesce(sum(profit_loss), 0)::text as all_pnl,
              coalesce(sum(fee_amount), 0)::text as all_fee,
              coalesce(sum(overnight_fee), 0)::text as all_overnight
         from orders where user_id = $1 and virtual = $2 and position_status = 3`,
      [...params, dayStart],
    ),
    await accountView(engine, db, userId, virtual),
  ];
  const sums = counts.rows[0];
  const total = Number(sums?.total ?? 0);
  return {
    list: rows.map((row) => toMarketOrder(engine, row)),
    page,
    pages: Math.ceil(total / limit),
    total,
    profitLossToday: realisedNet(sums?.today_pnl, sums?.today_fee, sums?.today_overnight),
    profitLossTotal: realisedNet(sums?.all_pnl, sums?.all_fee, sums?.all_overnight),
    summary: summaryOf(view, view.open),
  };
}
