/**
 * `order/closePart` (TradeKit, issue #25, decisions OT1–OT3): closes some lots of an open position. The closed
 * part becomes a closed order of its own (own order number, `parent_uid` the position) carrying its share of
 * the margin and fees; the position keeps the rest. The part is closed by `closeLocked` itself, so its P&L,
 * margin release and negative-balance capping are exactly a close's, in one transaction with the split.
 */
import { MANUAL_CLOSE_AFTER_MS } from '../../../src/core/contract/trading';
import { Code } from '../../../src/core/contract/codes';
import { compare, isDecimal, sub, toFixed, type Decimal } from '../../../src/core/domain/decimal';
import { splitPosition } from '../../../src/core/domain/order-tools';
import { BusinessError } from '../http/envelope';
import { closeLocked, lockOwnOrder, ownOrder } from './close';
import type { Engine, Trader } from './engine';
import { insertOrder, updateOrder, type OrderRow } from './orders-repo';
import { assertRule } from './place';
import { lotDecimals, lotStepMessage, manualCloseRule, marketOpenRule, quantityRule } from './rules';

/** The closed part and the position that stays open. */
export interface PartialClose {
  part: OrderRow;
  rest: OrderRow;
}

/**
 * The lots of a partial close: 501 unless a decimal; 307 not above zero, 306 below the minimum lot, 302 off
 * the lot step (the order rules); 305 when the rest would fall below the minimum lot — closing everything is
 * `closeOrder` (OT1).
 */
export function partQuantityRule(
  typed: string,
  open: Decimal,
  lots: { minCount: Decimal; maxCount: Decimal; countNum: Decimal },
): Decimal {
  const text = typed.trim();
  if (!isDecimal(text)) throw new BusinessError(Code.ORDER_PARAMETER);
  const code = quantityRule(text, { ...lots, maxCount: open });
  if (code === Code.QUANTITY_OFF_STEP) throw new BusinessError(code, lotStepMessage(lots.countNum));
  assertRule(code);
  if (compare(sub(open, text), lots.minCount) < 0) throw new BusinessError(Code.LOTS_ABOVE_LIMIT);
  return toFixed(text, lotDecimals(lots.countNum));
}

/** Closes `quantity` lots of the trader's open position at the current quote. */
export async function closePartByUser(
  engine: Engine,
  trader: Trader,
  orderId: string,
  quantity: string,
): Promise<PartialClose> {
  const found = await ownOrder(engine.db, trader, orderId);
  const product = engine.product(found.tradePair);
  if (!product) throw new BusinessError(Code.PAIR_CONFIG_NOT_FOUND);
  const result = await engine.db.transaction(async (tx) => {
    const { account, order } = await lockOwnOrder(tx, engine, trader, found.id);
    assertRule(
      manualCloseRule(order.positionStatus, order.transactionTime, engine.now(), MANUAL_CLOSE_AFTER_MS),
    );
    assertRule(marketOpenRule(product.sessions, engine.now()));
    const lots = partQuantityRule(quantity, order.orderQuantity, product);
    const quote = engine.quote(order.tradePair);
    if (!quote) throw new BusinessError(Code.CURRENT_PRICE_UNAVAILABLE);
    const { part, rest } = splitPosition(order, lots);
    const remaining = await updateOrder(tx, order.id, {
      order_quantity: rest.orderQuantity,
      margin: rest.margin,
      fee_amount: rest.feeAmount,
      overnight_fee: rest.overnightFee,
    });
    // The part is born open with its share, then closed like any position: its margin leaves the lock
    // under its own order number, and its P&L is settled (and capped) by the one close of the engine.
    const opened = await insertOrder(
      tx,
      {
        ...order,
        positionStatus: 2,
        orderQuantity: part.orderQuantity,
        margin: part.margin,
        feeAmount: part.feeAmount,
        stopPrice: null,
        takeProfitPrice: null,
      },
      engine.now(),
    );
    const linked = await updateOrder(tx, opened.id, {
      parent_uid: order.uid,
      overnight_fee: part.overnightFee,
      overnight_until: order.overnightUntil,
    });
    const closed = await closeLocked(tx, engine, linked, account, quote, 'manual');
    return { part: closed.order, rest: remaining };
  });
  engine.track(result.rest);
  engine.track(result.part);
  return result;
}
