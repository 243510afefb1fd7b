/** Pure rules of <tk-positions>: tabs, P&L tone and sign, the SL/TP inputs and what a change sends. */
import { MANUAL_CLOSE_AFTER_MS, PositionStatus } from '../../core/contract/trading';
import type { CloseReason, MarketOrder } from '../../core/contract/trading';
import { amountIssue } from '../../core/domain/amount-input';
import { orderDirection, priceText } from '../../core/domain/order-format';
import { POSITION_TABS, type PositionTab } from './positions.tabs';

export { pnlTone, priceText, signedAmount, triggerText } from '../../core/domain/order-format';
export { triggerEdit } from '../../core/domain/trigger-edit';
export type { TriggerEdit } from '../../core/domain/trigger-edit';

export { POSITION_TABS };
export type { PositionTab };

/** i18n key of the direction (spec §3 orderType). */
export function directionKey(order: Pick<MarketOrder, 'orderType'>): 'position.buy' | 'position.sell' {
  return `position.${orderDirection(order)}`;
}

/** The tab an order belongs to. */
export function tabOf(order: Pick<MarketOrder, 'positionStatus'>): PositionTab {
  return order.positionStatus === PositionStatus.pending ? 'pending' : 'open';
}

/** Triggers of an open order have 2 decimals (spec §5); more are refused by the amount input, never cut. */
export const TRIGGER_EDIT_RULES = { decimals: 2 } as const;

/** Which trigger text the amount input flags (`12.345`, `1o0`), or null when both can be sent. */
export function triggerShapeIssue(stop: string, take: string): 'stopPrice' | 'takeProfitPrice' | null {
  if (amountIssue(stop, TRIGGER_EDIT_RULES)) return 'stopPrice';
  return amountIssue(take, TRIGGER_EDIT_RULES) ? 'takeProfitPrice' : null;
}

/** i18n key of the toast for a change the server made by itself. */
export function eventKey(kind: CloseReason | 'filled'): string {
  return `position.event.${kind}`;
}

/** The price a confirm dialog shows: the live price of an open position, the limit of a pending order. */
export function confirmPrice(order: MarketOrder): string {
  return priceText(order.positionStatus === PositionStatus.pending ? order.openingPrice : order.currentPrice);
}

/**
 * Milliseconds before an open position may be closed by hand (spec §9: 3 minutes after execution, code 409
 * before); 0 when it may be closed now, and for anything but an open position with a fill time.
 */
export function closeLockLeft(
  order: Pick<MarketOrder, 'positionStatus' | 'transactionTimeTs'>,
  now: number,
): number {
  if (order.positionStatus !== PositionStatus.open || order.transactionTimeTs === null) return 0;
  return Math.max(0, order.transactionTimeTs + MANUAL_CLOSE_AFTER_MS - now);
}

/** A countdown as m:ss, rounded up to the second so it never shows 0:00 while still locked ("2:41"). */
export function countdownText(ms: number): string {
  const seconds = Math.ceil(Math.max(0, ms) / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
