/**
 * `order/breakEven` (TradeKit, issue #25, decisions OT7–OT8): moves the stop loss of a position in profit to
 * its break-even price, the opening price plus the move that pays back its trading and overnight fees, so a
 * stop that fires there realises a net P&L of at least 0.00.
 */
import { Code } from '../../../src/core/contract/codes';
import { compare, sub } from '../../../src/core/domain/decimal';
import { breakEvenPrice } from '../../../src/core/domain/order-tools';
import { exitPrice } from '../../../src/core/domain/money';
import { BusinessError } from '../http/envelope';
import { lockOwnOrder, ownOrder } from './close';
import type { Engine, Trader } from './engine';
import { updateOrder, type OrderRow } from './orders-repo';
import { exactStopPrice } from './trailing';

/**
 * 404 unless open; 309 (stop loss conflicts with the current price) unless the exit price is beyond the
 * break-even price by at least the current spread, so that the stop cannot fire on the next tick's spread
 * alone. A stop already tighter than break-even stays where it is; a trailing stop trails on from there.
 */
export async function breakEvenByUser(engine: Engine, trader: Trader, orderId: string): Promise<OrderRow> {
  const found = await ownOrder(engine.db, trader, orderId);
  const product = engine.product(found.tradePair);
  if (!product) throw new BusinessError(Code.PAIR_CONFIG_NOT_FOUND);
  const precision = product.pricePrecision;
  const updated = await engine.db.transaction(async (tx) => {
    const { order } = await lockOwnOrder(tx, engine, trader, found.id);
    if (order.positionStatus !== 2) throw new BusinessError(Code.ORDER_NOT_CLOSABLE);
    const quote = engine.quote(order.tradePair);
    if (!quote) throw new BusinessError(Code.CURRENT_PRICE_UNAVAILABLE);
    const level = breakEvenPrice(product, precision, order, engine.lookup);
    if (level === null) throw new BusinessError(Code.CURRENT_PRICE_UNAVAILABLE);
    const exit = exitPrice(order.orderType, quote);
    const spread = sub(quote.ask, quote.bid);
    const profit = order.orderType === 0 ? sub(exit, level) : sub(level, exit);
    if (compare(profit, spread) < 0 || compare(profit, '0') <= 0)
      throw new BusinessError(Code.STOP_LOSS_VS_CURRENT);
    const current = exactStopPrice(engine.book, order, precision);
    const tighter =
      current !== null &&
      (order.orderType === 0 ? compare(current, level) >= 0 : compare(current, level) <= 0);
    return tighter ? order : updateOrder(tx, order.id, { stop_price: level });
  });
  engine.track(updated);
  return updated;
}
