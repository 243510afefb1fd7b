/**
 * Pre-trade figures of the order form (spec §3/§9): position value, margin, trading fee, balance after, and
 * the P&L of a stop loss or take profit. The arithmetic is `money.ts`, the same functions the server's
 * engine books with, so the preview equals what the engine charges to the cent.
 */
import { sub, toFixed } from './decimal';
import type { Decimal } from './decimal';
import type { Direction } from './market-order-price';
import {
  CENTS,
  orderCharges,
  pnlUsd,
  type ChargesError,
  type MoneyProduct,
  type Quote,
  type QuoteLookup,
} from './money';

/** USD amounts are shown and booked with 2 decimals. */
export const USD_DECIMALS = CENTS;

/** The product fields a preview needs (spec §3 Product order info). */
export interface PreviewProduct extends MoneyProduct {
  multiple: number;
}

export type { QuoteLookup };

/** The pre-trade preview of the order form. */
export interface OrderPreview {
  /** Position value (notional), USD cents. */
  value: Decimal;
  margin: Decimal;
  /** The fee of the execution (a pending order pays it when it fills). */
  fee: Decimal;
  /** Available balance − margin − the fee taken now; null while the balance is unknown. */
  balanceAfter: Decimal | null;
  /** False when balanceAfter is below zero (the server would answer 203). */
  enough: boolean;
}

/** Why a preview cannot be computed. */
export type PreviewError = ChargesError;

/** What the trader is about to send. */
export interface PreviewTerms {
  direction: Direction;
  qty: Decimal;
  /** The limit price of a pending order; null for a market order. */
  limit: Decimal | null;
  /** Leverage; the product's when omitted. */
  multiple?: number;
}

/** Margin, fee, value and balance after of an order placed now at `quote`. */
export function previewOrder(
  product: PreviewProduct,
  terms: PreviewTerms,
  quote: Quote,
  available: Decimal | null,
  quotes: QuoteLookup,
): OrderPreview | { error: PreviewError } {
  const charges = orderCharges(
    product,
    {
      side: terms.direction,
      quantity: terms.qty,
      multiple: terms.multiple ?? product.multiple,
      limit: terms.limit,
    },
    quote,
    quotes,
  );
  if ('error' in charges) return charges;
  const balanceAfter = available === null ? null : sub(sub(available, charges.margin), charges.feeNow);
  return {
    value: toFixed(charges.notional, USD_DECIMALS),
    margin: charges.margin,
    fee: charges.fee,
    balanceAfter,
    enough: balanceAfter === null || !balanceAfter.startsWith('-'),
  };
}

/**
 * P&L in USD cents of `qty` lots opened at `open` and closed at `close` (a buy gains when the price
 * rises), as the engine books it; null when a conversion rate is unknown.
 */
export function profitLossUsd(
  product: MoneyProduct,
  direction: Direction,
  qty: Decimal,
  open: Decimal,
  close: Decimal,
  quotes: QuoteLookup,
): Decimal | null {
  return pnlUsd(product, direction, open, close, qty, quotes);
}
