/** Display helpers of <tk-history> (money, prices, directions). */
import { OrderType } from '../../core/contract/trading';
import type { MarketOrder } from '../../core/contract/trading';
import { compare, isDecimal } from '../../core/domain/decimal';
import { EMPTY_VALUE, formatAmount } from '../../core/domain/format';

/** Colour role of a money figure. */
export function pnlTone(value: string | null | undefined): 'up' | 'down' | 'flat' {
  if (!value || !isDecimal(value)) return 'flat';
  const sign = compare(value, '0');
  return sign > 0 ? 'up' : sign < 0 ? 'down' : 'flat';
}

/** A USD P&L with 2 decimals and an explicit plus for gains. */
export function signedAmount(value: string | null | undefined): string {
  const text = formatAmount(value);
  return text !== EMPTY_VALUE && pnlTone(value) === 'up' ? `+${text}` : text;
}

/** A price as the server sent it (product precision). */
export function priceText(value: string | null | undefined): string {
  return value && isDecimal(value) ? value : EMPTY_VALUE;
}

/** A stop loss / take profit, or null when off. */
export function triggerText(value: string | null | undefined): string | null {
  return value && isDecimal(value) && compare(value, '0') !== 0 ? value : null;
}

/** i18n key of the direction. */
export function directionKey(order: Pick<MarketOrder, 'orderType'>): string {
  return order.orderType === OrderType.sell ? 'history.sell' : 'history.buy';
}
