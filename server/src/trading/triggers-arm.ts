/** Which levels of an order the trigger book holds: the fill of a pending order, SL and TP of a position. */
import { toScaledInt } from '../../../src/core/domain/decimal';
import type { OrderRow } from './orders-repo';
import { armedStopUnits, forgetTrail, trailEntry } from './trailing';
import type { TriggerBook, TriggerEntry } from './trigger-types';

/**
 * The entries of an order (see `TriggerEntry`): a pending buy fills when the ask falls to its price, a
 * pending sell when the bid rises to it; a buy position is watched at the bid, a sell at the ask. A trailing
 * stop is armed where `book` moved it (when given) and carries its 'trail' entry (trailing.ts).
 */
export function entriesOf(order: OrderRow, precision: number, book?: TriggerBook): TriggerEntry[] {
  const level = (price: string) => Number(toScaledInt(price, precision));
  const base = { orderId: order.id, symbol: order.tradePair };
  const buy = order.orderType === 0;
  if (order.positionStatus === 1) {
    return [
      {
        ...base,
        kind: 'fill',
        side: buy ? 'ask' : 'bid',
        when: buy ? 'down' : 'up',
        level: level(order.price),
      },
    ];
  }
  if (order.positionStatus !== 2) return [];
  const side = buy ? 'bid' : 'ask';
  const entries: TriggerEntry[] = [];
  const stop = book
    ? armedStopUnits(book, order, precision)
    : order.stopPrice === null
      ? null
      : level(order.stopPrice);
  if (stop !== null) {
    entries.push({ ...base, kind: 'stop_loss', side, when: buy ? 'down' : 'up', level: stop });
    const trail = trailEntry(order, stop, precision);
    if (trail) entries.push(trail);
  }
  if (order.takeProfitPrice !== null) {
    entries.push({
      ...base,
      kind: 'take_profit',
      side,
      when: buy ? 'up' : 'down',
      level: level(order.takeProfitPrice),
    });
  }
  return entries;
}

/** Replaces whatever the book holds for the order with its current levels. */
export function armOrder(book: TriggerBook, order: OrderRow, precision: number): void {
  book.removeOrder(order.id);
  if (order.positionStatus !== 2 || order.trailingDistance === null) forgetTrail(book, order);
  for (const entry of entriesOf(order, precision, book)) book.upsert(entry);
}
