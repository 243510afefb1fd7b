/** Closing a position: by the user (`order/closeOrder`), by a stop loss or take profit, or by a stop-out. */
import { MANUAL_CLOSE_AFTER_MS, type CloseReason } from '../../../src/core/contract/trading';
import { add, compare, negate, sub, type Decimal } from '../../../src/core/domain/decimal';
import type { Queryable } from '../db/types';
import { BusinessError } from '../http/envelope';
import type { AccountRow } from '../ledger';
import type { Engine, Trader } from './engine';
import { lockUserAccount, postMovements, SETTLE_REFUSALS, type LockedAccount } from './ledger-ops';
import { exitPrice, pnlUsd, type Quote as DecimalQuote } from '../../../src/core/domain/money';
import { findOrder, findOrderById, updateOrder, type OrderRow } from './orders-repo';
import { assertRule } from './place';
import { manualCloseRule, marketOpenRule } from './rules';
import { Code } from '../../../src/core/contract/codes';

/** The account after a close inside the same transaction. */
export interface ClosedPosition {
  order: OrderRow;
  balance: Decimal;
  lockMargin: Decimal;
}

/**
 * Closes an open position whose account and row are locked: realised P&L at the exit side of `quote`,
 * margin released, one `order_close` ledger transaction. A loss larger than the balance plus the released
 * margin stops the balance at 0.00 (negative-balance protection, PR6, PR7): the P&L house takes the whole
 * market loss and an `nbp` house pays the user back what the account could not cover, in the same
 * transaction; the order keeps what the account paid (`profit_loss`) and what the house absorbed.
 */
export async function closeLocked(
  tx: Queryable,
  engine: Engine,
  order: OrderRow,
  account: Pick<AccountRow, 'id' | 'balance' | 'lockMargin'>,
  quote: DecimalQuote,
  reason: CloseReason,
): Promise<ClosedPosition> {
  const product = engine.product(order.tradePair);
  const closingPrice = exitPrice(order.orderType, quote);
  const pnl = product
    ? pnlUsd(product, order.orderType, order.openingPrice, closingPrice, order.orderQuantity, engine.lookup)
    : null;
  if (pnl === null) throw new BusinessError(Code.CURRENT_PRICE_UNAVAILABLE);
  const available = add(account.balance, order.margin);
  const short = add(available, pnl);
  const absorbed = compare(short, '0') < 0 ? negate(short) : '0';
  const realised = add(pnl, absorbed);
  const closed = await updateOrder(tx, order.id, {
    position_status: 3,
    closing_price: closingPrice,
    closing_time: engine.now(),
    profit_loss: realised,
    absorbed_loss: absorbed,
    close_reason: reason,
  });
  const user = { accountId: account.id };
  await postMovements(
    tx,
    'order_close',
    order.uid,
    [
      { from: { ...user, bucket: 'lock_margin' }, to: { ...user, bucket: 'balance' }, amount: order.margin },
      {
        from: { accountId: engine.house('pnl', order.virtual, order.userId), bucket: 'balance' },
        to: { ...user, bucket: 'balance' },
        amount: pnl,
      },
      {
        from: { accountId: engine.house('nbp', order.virtual, order.userId), bucket: 'balance' },
        to: { ...user, bucket: 'balance' },
        amount: absorbed,
      },
    ],
    SETTLE_REFUSALS,
  );
  return {
    order: closed,
    balance: add(available, realised),
    lockMargin: sub(account.lockMargin, order.margin),
  };
}

/**
 * The order whose public number is the wire `orderId`, if it belongs to the trader's account. 402 alike for
 * a number that does not exist and one of another account (or the other account kind), so the answer never
 * tells whether someone else's order exists.
 */
export async function ownOrder(q: Queryable, trader: Trader, orderId: string): Promise<OrderRow> {
  const order = await findOrder(q, orderId.trim());
  if (!order || order.userId !== trader.userId || order.virtual !== trader.virtual)
    throw new BusinessError(Code.ORDER_NOT_FOUND);
  return order;
}

/**
 * Locks the trader's account, then the order row by its internal id (always in this order, so operations
 * never deadlock).
 */
export async function lockOwnOrder(
  tx: Queryable,
  engine: Engine,
  trader: Pick<Trader, 'userId' | 'virtual'>,
  orderId: string,
): Promise<{ account: LockedAccount; order: OrderRow }> {
  const account = await lockUserAccount(tx, trader.userId, trader.virtual, engine.openDemo);
  const order = await findOrderById(tx, orderId, true);
  if (!order) throw new BusinessError(Code.ORDER_NOT_FOUND);
  return { account, order };
}

/** `closeOrder`: 404 unless open, 409 within 3 minutes of the execution, 605 while the market is closed. */
export async function closeByUser(engine: Engine, trader: Trader, orderId: string): Promise<OrderRow> {
  const found = await ownOrder(engine.db, trader, orderId);
  const closed = await engine.db.transaction(async (tx) => {
    const { account, order } = await lockOwnOrder(tx, engine, trader, found.id);
    assertRule(
      manualCloseRule(order.positionStatus, order.transactionTime, engine.now(), MANUAL_CLOSE_AFTER_MS),
    );
    const product = engine.product(order.tradePair);
    if (product) assertRule(marketOpenRule(product.sessions, engine.now()));
    const quote = engine.quote(order.tradePair);
    if (!quote) throw new BusinessError(Code.CURRENT_PRICE_UNAVAILABLE);
    return (await closeLocked(tx, engine, order, account, quote, 'manual')).order;
  });
  engine.track(closed);
  return closed;
}
