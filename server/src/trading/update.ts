/** `order/updateOrder`: change the stop loss and take profit of a pending order or an open position. */
import type { UpdateOrderRequest } from '../../../src/core/contract/trading';
import { BusinessError } from '../http/envelope';
import { lockOwnOrder, ownOrder } from './close';
import type { Engine, Trader } from './engine';
import { updateOrder, type OrderRow } from './orders-repo';
import { assertRule } from './place';
import { parseTrigger, triggerRule, type TriggerReference } from './rules';
import { stopOnEdit } from './trailing';
import { Code } from '../../../src/core/contract/codes';

/**
 * Sets both levels ('' or 0 turns one off), checked against the limit price of a pending order (310/311) or
 * the current exit price of a position (308/309); 404 once the order is closed or cancelled.
 */
export async function updateByUser(
  engine: Engine,
  trader: Trader,
  change: UpdateOrderRequest,
): Promise<OrderRow> {
  const found = await ownOrder(engine.db, trader, change.orderId);
  const product = engine.product(found.tradePair);
  if (!product) throw new BusinessError(Code.PAIR_CONFIG_NOT_FOUND);
  const stop = parseTrigger(change.stopPrice, product.pricePrecision);
  const takeProfit = parseTrigger(change.takeProfitPrice, product.pricePrecision);
  if (stop === 501 || takeProfit === 501) throw new BusinessError(Code.ORDER_PARAMETER);
  const updated = await engine.db.transaction(async (tx) => {
    const { order } = await lockOwnOrder(tx, engine, trader, found.id);
    let ref: TriggerReference;
    if (order.positionStatus === 1) ref = { kind: 'pending', limit: order.price };
    else if (order.positionStatus === 2) {
      const quote = engine.quote(order.tradePair);
      if (!quote) throw new BusinessError(Code.CURRENT_PRICE_UNAVAILABLE);
      ref = { kind: 'open', quote };
    } else throw new BusinessError(Code.ORDER_NOT_CLOSABLE);
    assertRule(triggerRule(order.orderType, stop, takeProfit, ref));
    // A trailing stop stays on while the stop sent is the one shown (OT5).
    const stopChange = stopOnEdit(engine, order, stop, product.pricePrecision);
    return updateOrder(tx, order.id, { ...stopChange, take_profit_price: takeProfit });
  });
  engine.track(updated);
  return updated;
}
