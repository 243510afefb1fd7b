/** Display helpers of <tk-history>: the shared order rules plus its own i18n keys. */
import type { MarketOrder } from '../../core/contract/trading';
import { orderDirection } from '../../core/domain/order-format';

export { feesOf, netPnl } from '../../core/domain/money';
export { pnlTone, priceText, signedAmount, triggerText } from '../../core/domain/order-format';

/** i18n key of the direction. */
export function directionKey(order: Pick<MarketOrder, 'orderType'>): `history.${'buy' | 'sell'}` {
  return `history.${orderDirection(order)}`;
}
