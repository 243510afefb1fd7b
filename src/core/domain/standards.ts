/**
 * The figures of the standards page (spec §2 Standards, §9): taken from what the platform answers, never
 * restated. The trading fee is the percentage most products charge (`forex/product/list` feeType/feeValue,
 * the same numbers the order form charges with, money.ts `feeOf`); the withdrawal range is the USDT networks'
 * (`cryptocurrency/simple/find/all` limits, as the withdraw form checks them) and its fee the one the withdraw
 * quote answers. Each figure is formatted for the page's language from its decimal text, exactly.
 */
import { compare, type Decimal } from './decimal';

/** The trading fee of the most products charging a percentage; the lower one on a tie; null when none do. */
export function commonTradingFee(
  products: ReadonlyArray<{ feeType: string; feeValue: Decimal }>,
): Decimal | null {
  const counts = new Map<Decimal, number>();
  for (const p of products)
    if (p.feeType === 'PERCENTAGE') counts.set(p.feeValue, (counts.get(p.feeValue) ?? 0) + 1);
  let best: [Decimal, number] | null = null;
  for (const entry of counts) {
    if (!best || entry[1] > best[1] || (entry[1] === best[1] && compare(entry[0], best[0]) < 0)) best = entry;
  }
  return best?.[0] ?? null;
}

/** The withdrawal range of a currency over its networks: the lowest minimum, the highest maximum. */
export interface WithdrawalRange {
  /** The network with the lowest minimum (the one whose fee is quoted). */
  coinId: number;
  min: Decimal;
  max: Decimal;
}

/** The range of `currency` across the coin list's networks; null when the list has none of it. */
export function withdrawalRange(
  coins: ReadonlyArray<{
    id: number;
    currency: string;
    minWithdrawAmount: Decimal;
    maxWithdrawAmount: Decimal;
  }>,
  currency: string,
): WithdrawalRange | null {
  let range: WithdrawalRange | null = null;
  for (const coin of coins) {
    if (coin.currency !== currency) continue;
    if (!range) {
      range = { coinId: coin.id, min: coin.minWithdrawAmount, max: coin.maxWithdrawAmount };
      continue;
    }
    if (compare(coin.minWithdrawAmount, range.min) < 0)
      range = { ...range, coinId: coin.id, min: coin.minWithdrawAmount };
    if (compare(coin.maxWithdrawAmount, range.max) > 0) range = { ...range, max: coin.maxWithdrawAmount };
  }
  return range;
}

/** A withdrawal fee as the quote states it: a fixed amount, a percentage, or none. */
export type WithdrawalFee =
  { kind: 'fixed'; amount: Decimal } | { kind: 'percent'; rate: Decimal } | { kind: 'none' };

/** The fee rule of a withdraw quote (spec §3 Withdraw fee quote: PERCENTAGE, FIX_AMOUNT or empty). */
export function withdrawalFeeOf(quote: { feeType: string; feeNum: Decimal }): WithdrawalFee {
  if (quote.feeType === 'FIX_AMOUNT' && compare(quote.feeNum, '0') > 0)
    return { kind: 'fixed', amount: quote.feeNum };
  if (quote.feeType === 'PERCENTAGE' && compare(quote.feeNum, '0') > 0)
    return { kind: 'percent', rate: quote.feeNum };
  return { kind: 'none' };
}

/**
 * A decimal text in the digits, grouping and decimal sign of `language` (`10000000` → `10,000,000` in en,
 * `10.000.000` in de). Intl formats the text itself, so no digit goes through a float.
 */
export function formatFigure(value: Decimal, language: string): string {
  const format = new Intl.NumberFormat(language, { maximumFractionDigits: 18, useGrouping: 'always' });
  return format.format(value as unknown as number);
}
