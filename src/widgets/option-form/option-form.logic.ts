/**
 * Pure rules of <tk-option-form> on top of core/domain: which attributes make the page leave, the host
 * paths it asks for, and the `order/addOrderOption` body.
 */
import type { AddOrderOptionRequest, OptionDeliveryTime, OptionProduct } from '../../core/contract/options';
import { isZero } from '../../core/domain/decimal';
import { optionRule } from '../../core/domain/option-ticket';
import type { OptionTicketInput } from '../../core/domain/option-ticket';

/** The only mode this form serves (spec §2: it leaves the page for any other). */
export const OPTION_MODE = 'option';

/** 0 up (buy), 1 down (sell). */
export type OptionSide = 0 | 1;

/**
 * The direction the attributes ask for, or null when the form must leave the page: a direction other than
 * 0 or 1, or a mode other than option. An absent attribute means up / option (embedding default).
 */
export function routeDirection(mode: string | undefined, direction: unknown): OptionSide | null {
  if (mode !== undefined && mode !== '' && mode !== OPTION_MODE) return null;
  if (direction === undefined || direction === null || direction === '') return 0;
  const value = typeof direction === 'number' ? direction : Number(direction);
  return value === 0 || value === 1 ? value : null;
}

/** The option order page of `symbol` (`/{symbol}/placeOption?direction=…`). */
export function placeOptionPath(symbol: string, direction: OptionSide): string {
  return `/${encodeURIComponent(symbol)}/placeOption?direction=${direction}`;
}

/** The host path that signs in and comes back to this form (`/login?to=…`). */
export function loginPath(symbol: string, direction: OptionSide): string {
  return `/login?to=${encodeURIComponent(placeOptionPath(symbol, direction))}`;
}

/** Where the trader checks an option whose result could not be fetched (spec §4: history). */
export const HISTORY_PATH = '/history';

/** The delivery time of `time` seconds of a product, if it still offers it. */
export function deliveryTimeOf(
  product: OptionProduct | null,
  time: number | null,
): OptionDeliveryTime | null {
  if (!product || time === null) return null;
  return product.deliveryTimes.find((d) => d.time === time) ?? null;
}

/** Whether the product can take an order (tradeStatus 1 and at least one delivery time). */
export function isTradable(product: OptionProduct): boolean {
  return product.tradeStatus === 1 && product.deliveryTimes.length > 0;
}

/** What an `addOrderOption` needs. */
export interface OptionOrderInput {
  symbol: string;
  product: OptionProduct;
  time: OptionDeliveryTime;
  amount: string;
  direction: OptionSide;
  /** The live price the trader saw. */
  price: string;
  /** Client time, epoch ms (sent as unix seconds). */
  now: number;
}

/** The `order/addOrderOption` body (spec §7: btime in unix seconds, rate = profit rate / 100). */
export function optionRequest(input: OptionOrderInput): AddOrderOptionRequest {
  return {
    tradePair: input.symbol,
    optionsProductId: input.product.id,
    price: input.price,
    timeLong: input.time.time,
    btime: Math.floor(input.now / 1000),
    rate: input.time.rate,
    amount: input.amount.trim(),
    orderType: input.direction,
  };
}

/** A delivery time in its largest whole unit (`30` s, `5` min, `1` h, `1` d), for a translated label. */
export function deliveryUnit(seconds: number): { unit: 'seconds' | 'minutes' | 'hours' | 'days'; n: number } {
  if (seconds % 86_400 === 0) return { unit: 'days', n: seconds / 86_400 };
  if (seconds % 3600 === 0) return { unit: 'hours', n: seconds / 3600 };
  if (seconds % 60 === 0) return { unit: 'minutes', n: seconds / 60 };
  return { unit: 'seconds', n: seconds };
}

/**
 * Whether the balance cannot cover the stake plus its fee: the stake typed, or, while no valid stake is
 * typed, the smallest the delivery time accepts (a real account at 0.00 learns it before typing anything).
 * False while the balance or the delivery time is unknown.
 */
export function cannotCover(input: OptionTicketInput): boolean {
  const { time, balance } = input;
  if (time === null || balance === null) return false;
  const typed = optionRule(input);
  if (typed === null || typed.key === 'insufficient_balance') return typed !== null;
  const smallest = isZero(time.min) ? '1' : time.min;
  return optionRule({ ...input, amount: smallest })?.key === 'insufficient_balance';
}
