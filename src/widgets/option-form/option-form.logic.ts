/**
 * Pure rules of <tk-option-form> on top of core/domain: which attributes make the page leave, the host
 * paths it asks for, and the `order/addOrderOption` body.
 */
import type { AddOrderOptionRequest, OptionDeliveryTime, OptionProduct } from '../../core/contract/options';
import { isZero } from '../../core/domain/decimal';
import { formatAmount } from '../../core/domain/format';
import type { TradeButtonKind } from '../../core/domain/market-order-state';
import { optionRule } from '../../core/domain/option-ticket';
import type { OptionRule, OptionTicketInput } from '../../core/domain/option-ticket';

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

/** A message to translate: its i18n key and the values it names. */
export interface Message {
  key: string;
  vars?: Record<string, string>;
}

/** Whole units, as the amount bounds are shown. */
const whole = (value: string) => formatAmount(value, { decimals: 0 });

/** The message of a refused ticket; a range whose max is '0' has no upper bound. */
export function ruleMessage(rule: OptionRule): Message {
  if (rule.key === 'amount_range_rule' && rule.vars) {
    const min = whole(rule.vars.min);
    return rule.vars.max === '0'
      ? { key: 'option_form.rule.amount_min_rule', vars: { min } }
      : { key: 'option_form.rule.amount_range_rule', vars: { min, max: whole(rule.vars.max) } };
  }
  return { key: `option_form.rule.${rule.key}` };
}

/** The hint under the amount: the delivery time's bounds (max '0': a minimum only); none without a time. */
export function amountHint(time: Pick<OptionDeliveryTime, 'min' | 'max'> | null): Message | null {
  if (time === null) return null;
  if (time.max === '0') return { key: 'option_form.amount_hint_min', vars: { min: whole(time.min) } };
  return { key: 'option_form.amount_hint', vars: { min: whole(time.min), max: whole(time.max) } };
}

/** Trade-button states that say why the button is blocked in place of the action. */
const STATE_LABELS: Partial<Record<TradeButtonKind, string>> = {
  loading: 'app.loading',
  not_tradable: 'option_form.state.not_tradable',
  market_closed: 'option_form.state.market_closed',
  stale: 'option_form.state.stale',
  submitting: 'option_form.state.submitting',
};

/**
 * The submit button's label key and whether it is disabled. A visitor may always press it to sign in,
 * except on a product that is closed (then the reason shows, as for a trader).
 */
export function submitButton(
  state: TradeButtonKind,
  signedIn: boolean,
  direction: OptionSide,
): { label: string; disabled: boolean } {
  const visitor = !signedIn && state !== 'not_tradable' && state !== 'market_closed';
  const action = direction === 0 ? 'option_form.submit_up' : 'option_form.submit_down';
  return {
    label: visitor ? 'option_form.sign_in' : (STATE_LABELS[state] ?? action),
    disabled: !visitor && state !== 'normal',
  };
}
