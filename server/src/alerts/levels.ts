/**
 * Pure rules of a price alert: what a trader may ask for (a level at the product's price precision, a
 * percentage of 0.01–1000 with at most two decimals) and the integer levels the book arms for it (AL3, AL4).
 */
import { ALERT_PERCENT_MAX, type AlertCondition } from '../../../src/core/contract/alerts';
import { Code } from '../../../src/core/contract/codes';
import {
  add,
  compare,
  div,
  fromScaledInt,
  isDecimal,
  mul,
  normalize,
  sub,
  toFixed,
  toScaledInt,
  type Decimal,
} from '../../../src/core/domain/decimal';
import { BusinessError } from '../http/envelope';
import type { AlertEntry } from './book';

/**
 * How far from the instrument's reference price a level may be, either way (a factor): the admin pin and the
 * simulator keep prices inside the same band, so a level beyond it could never fire, and its units stay a
 * safe integer.
 */
export const LEVEL_BAND = '1000';
/** The smallest percentage a `move_pct` alert may ask for. */
export const ALERT_PERCENT_MIN = '0.01';

/** What an alert watches, as stored: a level, or a percentage from a reference mid. */
export type AlertTarget =
  | { condition: Exclude<AlertCondition, 'move_pct'>; level: Decimal }
  | { condition: 'move_pct'; percent: Decimal; referencePrice: Decimal };

/** The precision and band of the alert's instrument. */
export interface PriceScale {
  pricePrecision: number;
  referencePrice: Decimal;
}

const fractionDigits = (value: Decimal) => normalize(value).split('.')[1]?.length ?? 0;
const invalid = (why: string) => new BusinessError(Code.INCORRECT_PARAMETER, why);

/** The level as stored (exactly `pricePrecision` decimals), or 1001 with the reason. */
export function checkLevel(value: string | undefined, scale: PriceScale): Decimal {
  const text = value?.trim() ?? '';
  if (!isDecimal(text)) throw invalid('level: a decimal price is required for this condition');
  if (compare(text, '0') <= 0) throw invalid('level: must be above zero');
  if (fractionDigits(text) > scale.pricePrecision) {
    throw invalid(`level: at most ${scale.pricePrecision} decimals for this symbol`);
  }
  const low = div(scale.referencePrice, LEVEL_BAND, scale.pricePrecision, 'up');
  const high = mul(scale.referencePrice, LEVEL_BAND);
  if (compare(text, low) < 0 || compare(text, high) > 0) {
    throw invalid(`level: must lie between ${normalize(low)} and ${normalize(high)}`);
  }
  return toFixed(text, scale.pricePrecision);
}

/** The percentage as stored (at most two decimals, 0.01–1000), or 1001 with the reason. */
export function checkPercent(value: string | undefined): Decimal {
  const text = value?.trim() ?? '';
  if (!isDecimal(text)) throw invalid('percent: a decimal percentage is required for move_pct');
  if (fractionDigits(text) > 2) throw invalid('percent: at most 2 decimals');
  if (compare(text, ALERT_PERCENT_MIN) < 0 || compare(text, ALERT_PERCENT_MAX) > 0) {
    throw invalid(`percent: must lie between ${ALERT_PERCENT_MIN} and ${ALERT_PERCENT_MAX}`);
  }
  return normalize(text);
}

/** The mid of a quote given in units (bid + ask), as a decimal with no needless trailing zero. */
export function midOf(sumUnits: number, precision: number): Decimal {
  // (bid + ask) / 2 = (bid + ask) · 5 at one more decimal: exact, whatever the parity of the sum.
  const mid = fromScaledInt(sumUnits * 5, precision + 1);
  return mid.endsWith('0') ? toFixed(mid, precision) : mid;
}

/**
 * The book entries of a target: one level for a bid/ask condition; for `move_pct` the mid's two bounds as
 * bid + ask sums (rounded outwards, so the integer comparison is exactly "moved by percent % or more"). A
 * lower bound at or below zero can never be reached and is not armed.
 */
export function entriesOf(target: AlertTarget, precision: number): AlertEntry[] {
  if (target.condition !== 'move_pct') {
    const level = Number(toScaledInt(target.level, precision));
    const [side, direction] = target.condition.split('_') as ['bid' | 'ask', 'above' | 'below'];
    return [{ side, when: direction === 'above' ? 'up' : 'down', level }];
  }
  const twice = mul(target.referencePrice, '2');
  const upper = div(mul(twice, add('100', target.percent)), '100', precision, 'up');
  const lower = div(mul(twice, sub('100', target.percent)), '100', precision, 'down');
  const entries: AlertEntry[] = [{ side: 'sum', when: 'up', level: Number(toScaledInt(upper, precision)) }];
  if (compare(lower, '0') > 0) {
    entries.push({ side: 'sum', when: 'down', level: Number(toScaledInt(lower, precision)) });
  }
  return entries;
}

/** The price that fired an entry, as the notification and the list show it: the bid, the ask or the mid. */
export function firedPriceOf(entry: AlertEntry, bid: number, ask: number, precision: number): Decimal {
  if (entry.side === 'bid') return fromScaledInt(bid, precision);
  if (entry.side === 'ask') return fromScaledInt(ask, precision);
  return midOf(bid + ask, precision);
}
