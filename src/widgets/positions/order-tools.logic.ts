/**
 * Pure rules of the order tools in the position drawer (issue #25, decisions OT1–OT12): what a partial close
 * may send, and how a trailing stop is described. The server checks everything again (302, 305, 306, 309).
 */
import type { MarketOrder } from '../../core/contract/trading';
import { amountIssue } from '../../core/domain/amount-input';
import { compare, isDecimal } from '../../core/domain/decimal';

/** Decimals of the lots of a position: the lot step's, as the server stores them ("0.03" → 2). */
export function lotDecimals(order: Pick<MarketOrder, 'orderQuantity'>): number {
  return order.orderQuantity.split('.')[1]?.length ?? 0;
}

/** The amount-input rules of the lots to close: the position's lot decimals. */
export function partRules(order: Pick<MarketOrder, 'orderQuantity'>) {
  return { decimals: lotDecimals(order) } as const;
}

/** Why the typed lots cannot be closed in part (an i18n key), or null when they may be sent. */
export function partIssue(
  order: Pick<MarketOrder, 'orderQuantity'>,
  typed: string,
): 'position.tools.part_empty' | 'position.tools.part_too_big' | 'position.tools.part_invalid' | null {
  const text = typed.trim();
  if (text === '') return 'position.tools.part_empty';
  if (amountIssue(text, partRules(order)) || !isDecimal(text) || compare(text, '0') <= 0)
    return 'position.tools.part_invalid';
  // Closing all of it is the close button's; the server also keeps the rest at the minimum lot (305).
  return compare(text, order.orderQuantity) >= 0 ? 'position.tools.part_too_big' : null;
}

/**
 * A distance is a price difference at the product's precision, which the position's prices carry ("1.08512"
 * → 5): a forex distance needs its pips, where the drawer's stop loss keeps the 2 decimals of spec §5.
 */
export function distanceRules(order: Pick<MarketOrder, 'openingPrice'>) {
  return { decimals: order.openingPrice.split('.')[1]?.length ?? 0 } as const;
}

/** The trailing distance of a position, or null when its stop does not trail. */
export function trailingOf(order: Pick<MarketOrder, 'trailingDistance'>): string | null {
  const distance = order.trailingDistance;
  return distance && isDecimal(distance) && compare(distance, '0') > 0 ? distance : null;
}

/** The trailing distance typed: '' is not a distance (turning trailing off has its own button). */
export function distanceIssue(order: Pick<MarketOrder, 'openingPrice'>, typed: string): boolean {
  const text = typed.trim();
  return amountIssue(text, distanceRules(order)) !== null || !isDecimal(text) || compare(text, '0') <= 0;
}
