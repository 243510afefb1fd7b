/**
 * Changing the stop loss / take profit of an open position or pending order (`order/updateOrder`): what a
 * new pair of values sends, whether it changes anything, and which one is not a number. One rule for every
 * place that edits them (the position detail's inputs, a line dragged on the chart); the server checks the
 * side of the current price (308–315) and its answer is what the trader sees.
 */
import type { MarketOrder, UpdateOrderRequest } from '../contract/trading';
import { compare, isDecimal, normalize } from './decimal';
import { triggerText } from './order-format';

/** What an SL/TP value is on the wire: '' for off, else a normalised decimal; null when not a number. */
export function wireTrigger(input: string): string | null {
  const text = input.trim();
  if (text === '') return '';
  if (!isDecimal(text)) return null;
  return compare(text, '0') === 0 ? '' : normalize(text);
}

/** Outcome of editing SL/TP: the request, nothing changed, or a field that is not a number. */
export type TriggerEdit =
  | { kind: 'change'; request: UpdateOrderRequest }
  | { kind: 'unchanged' }
  | { kind: 'invalid'; field: 'stopPrice' | 'takeProfitPrice' };

/** The `order/updateOrder` request for new SL/TP values of an order ('' turns one off). */
export function triggerEdit(
  order: Pick<MarketOrder, 'id' | 'stopPrice' | 'takeProfitPrice'>,
  stopInput: string,
  takeInput: string,
): TriggerEdit {
  const stopPrice = wireTrigger(stopInput);
  if (stopPrice === null) return { kind: 'invalid', field: 'stopPrice' };
  const takeProfitPrice = wireTrigger(takeInput);
  if (takeProfitPrice === null) return { kind: 'invalid', field: 'takeProfitPrice' };
  const same = (next: string, current: string | null) =>
    next === ''
      ? triggerText(current) === null
      : triggerText(current) !== null && compare(next, current as string) === 0;
  if (same(stopPrice, order.stopPrice) && same(takeProfitPrice, order.takeProfitPrice))
    return { kind: 'unchanged' };
  return { kind: 'change', request: { orderId: order.id, stopPrice, takeProfitPrice } };
}

/** The edit that moves one trigger of `order` to `price` and keeps the other as it is. */
export function moveTrigger(
  order: Pick<MarketOrder, 'id' | 'stopPrice' | 'takeProfitPrice'>,
  field: 'stopPrice' | 'takeProfitPrice',
  price: string,
): TriggerEdit {
  const stop = field === 'stopPrice' ? price : (triggerText(order.stopPrice) ?? '');
  const take = field === 'takeProfitPrice' ? price : (triggerText(order.takeProfitPrice) ?? '');
  return triggerEdit(order, stop, take);
}
