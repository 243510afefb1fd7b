/** Display rules of a market order shared by the positions and history lists (pure, no framework). */
import { OrderType } from '../contract/trading';
import type { OrderTypeId } from '../contract/trading';
import { compare, isDecimal } from './decimal';
import { EMPTY_VALUE, formatAmount } from './format';

/** Colour role of a money figure: up for a gain, down for a loss, flat for zero or unknown. */
export function pnlTone(value: string | null | undefined): 'up' | 'down' | 'flat' {
  if (!value || !isDecimal(value)) return 'flat';
  const sign = compare(value, '0');
  return sign > 0 ? 'up' : sign < 0 ? 'down' : 'flat';
}

/** A USD P&L with 2 decimals, thousands separators and an explicit sign for gains ("+12.50"). */
export function signedAmount(value: string | null | undefined): string {
  const text = formatAmount(value);
  return text !== EMPTY_VALUE && pnlTone(value) === 'up' ? `+${text}` : text;
}

/** A price as the server sent it (product precision), '--' when missing. */
export function priceText(value: string | null | undefined): string {
  return value && isDecimal(value) ? value : EMPTY_VALUE;
}

/** A stop loss / take profit: null (off) when empty or zero. */
export function triggerText(value: string | null | undefined): string | null {
  return value && isDecimal(value) && compare(value, '0') !== 0 ? value : null;
}

/** The direction of an order (spec §3 orderType), the last segment of its i18n key. */
export function orderDirection(order: { orderType: OrderTypeId }): 'buy' | 'sell' {
  return order.orderType === OrderType.sell ? 'sell' : 'buy';
}
