/** `order/cancelOrder`: a pending order leaves the book and its margin is released. */
import { BusinessError } from '../http/envelope';
import { lockOwnOrder, ownOrder } from './close';
import type { Engine, Trader } from './engine';
import { postMovements, SETTLE_REFUSALS } from './ledger-ops';
import { updateOrder, type OrderRow } from './orders-repo';
import { assertRule } from './place';
import { cancelRule } from './rules';
import { Code } from '../../../src/core/contract/codes';

/** Cancels a pending order: 407 for a market order, 408 unless still pending. */
export async function cancelByUser(engine: Engine, trader: Trader, orderId: string): Promise<OrderRow> {
  const found = await ownOrder(engine.db, trader, orderId);
  const cancelled = await engine.db.transaction(async (tx) => {
    const { account, order } = await lockOwnOrder(tx, engine, trader, found.id);
    assertRule(cancelRule(order.buyPoint, order.positionStatus));
    return endPending(tx, order, account.id, 'cancelled', engine.now());
  });
  engine.track(cancelled);
  return cancelled;
}

/** Ends a locked pending order as cancelled or failed and releases its margin. */
export async function endPending(
  tx: Parameters<typeof updateOrder>[0],
  order: OrderRow,
  accountId: string,
  reason: 'cancelled' | 'failed',
  now: number,
): Promise<OrderRow> {
  if (order.positionStatus !== 1) throw new BusinessError(Code.ORDER_STATUS_NOT_CANCELLABLE);
  const ended = await updateOrder(tx, order.id, {
    position_status: 4,
    close_reason: reason,
    closing_time: now,
  });
  const user = { accountId };
  await postMovements(
    tx,
    `order_${reason === 'cancelled' ? 'cancel' : 'fail'}`,
    order.uid,
    [{ from: { ...user, bucket: 'lock_margin' }, to: { ...user, bucket: 'balance' }, amount: order.margin }],
    SETTLE_REFUSALS,
  );
  return ended;
}
