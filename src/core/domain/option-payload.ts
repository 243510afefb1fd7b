/**
 * Option mode (spec §3 Option product): the delivery times of a product, written as text
 * `time|profitRate^chips^max|min` with an optional `^name`, e.g. `60|85^10|50|100^5000|10^1 min`:
 * 60 seconds, 85 % profit, preset amounts 10, 50 and 100, at most 5000 (0: no maximum), at least 10.
 * Parsing never throws: a malformed entry answers an error naming what is wrong, so an operator's typo is
 * refused with a clear message and a stored payload that went bad only hides that delivery time.
 * Also the money of one option: its fee and what it pays back at expiry.
 */
import { add, compare, isDecimal, isZero, mul, normalize, toFixed, type Decimal } from './decimal';
import { CENTS } from './money';

/** One delivery time of an option product. */
export interface DeliveryTime {
  /** Seconds from acceptance to expiry. */
  time: number;
  /** Profit rate in percent as written ('85' = 85 %). */
  profitRate: Decimal;
  /** The profit rate as the order carries it: profitRate / 100 ('0.85'). */
  rate: Decimal;
  /** Preset amounts offered by the order form. */
  chips: number[];
  /** Largest amount; '0' means no maximum (spec §5: max applies only if > 0). */
  max: Decimal;
  /** Smallest amount. */
  min: Decimal;
  /** Label of the delivery time, when the entry names one. */
  name?: string;
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string };

/** Longest delivery time accepted: 30 days. */
export const MAX_DELIVERY_SECONDS = 30 * 86_400;
/** Most delivery times per product. */
export const MAX_DELIVERY_TIMES = 20;
/** Most preset amounts per delivery time. */
export const MAX_CHIPS = 12;
/** Longest entry text and delivery-time name. */
export const MAX_ENTRY_LENGTH = 400;
export const MAX_NAME_LENGTH = 40;
/** Highest profit rate in percent (a product paying more than 10× the stake is a typo). */
export const MAX_PROFIT_RATE = '1000';

const INTEGER = /^[1-9]\d{0,11}$/;
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const CONTROL = /[\u0000-\u001f\u007f]/;

const fail = (error: string): ParseResult<never> => ({ ok: false, error });

/** A non-negative plain decimal with at most 2 decimals (an amount in account currency). */
function amountOf(text: string): Decimal | null {
  if (!/^\d{1,15}(\.\d{1,2})?$/.test(text)) return null;
  return normalize(text);
}

/** Parses one entry `time|profitRate^chips^max|min[^name]`. */
export function parseDeliveryTime(text: unknown): ParseResult<DeliveryTime> {
  if (typeof text !== 'string') return fail('an entry must be text');
  if (text.length > MAX_ENTRY_LENGTH) return fail(`an entry is longer than ${MAX_ENTRY_LENGTH} characters`);
  if (CONTROL.test(text)) return fail('an entry contains control characters');
  const parts = text.split('^');
  if (parts.length < 3 || parts.length > 4)
    return fail(`"${text}" is not 'time|profitRate^chips^max|min' with an optional '^name'`);
  const [head = '', chipText = '', range = '', name] = parts.map((p) => p.trim());
  const timeRate = head.split('|').map((p) => p.trim());
  if (timeRate.length !== 2) return fail(`"${head}" is not 'time|profitRate'`);
  const [timeText = '', profitRate = ''] = timeRate;
  if (!INTEGER.test(timeText)) return fail(`delivery time "${timeText}" is not a whole number of seconds`);
  const time = Number(timeText);
  if (time > MAX_DELIVERY_SECONDS) return fail(`delivery time ${time} s is longer than 30 days`);
  if (!isDecimal(profitRate) || !/^\d+(\.\d{1,4})?$/.test(profitRate))
    return fail(`profit rate "${profitRate}" is not a percentage such as 85 or 87.5`);
  if (compare(profitRate, '0') <= 0 || compare(profitRate, MAX_PROFIT_RATE) > 0)
    return fail(`profit rate ${profitRate} % is not above 0 and at most ${MAX_PROFIT_RATE}`);
  const chipParts = chipText === '' ? [] : chipText.split('|').map((p) => p.trim());
  if (chipParts.length > MAX_CHIPS) return fail(`more than ${MAX_CHIPS} preset amounts`);
  const chips: number[] = [];
  for (const chip of chipParts) {
    if (!INTEGER.test(chip)) return fail(`preset amount "${chip}" is not a positive whole number`);
    chips.push(Number(chip));
  }
  const bounds = range.split('|').map((p) => p.trim());
  if (bounds.length !== 2) return fail(`"${range}" is not 'max|min'`);
  const max = amountOf(bounds[0] ?? '');
  const min = amountOf(bounds[1] ?? '');
  if (max === null) return fail(`maximum "${bounds[0]}" is not an amount`);
  if (min === null) return fail(`minimum "${bounds[1]}" is not an amount`);
  if (!isZero(max) && compare(max, min) < 0) return fail(`maximum ${max} is below minimum ${min}`);
  if (name !== undefined && (name === '' || name.length > MAX_NAME_LENGTH))
    return fail(`a name must have 1 to ${MAX_NAME_LENGTH} characters`);
  const value: DeliveryTime = {
    time,
    profitRate: normalize(profitRate),
    rate: profitRateToRate(profitRate),
    chips,
    max,
    min,
  };
  if (name !== undefined) value.name = name;
  return { ok: true, value };
}

/** '85' → '0.85' (spec §7: rate = profit rate / 100), exact. */
export function profitRateToRate(profitRate: Decimal): Decimal {
  const [whole = '0', fraction = ''] = normalize(profitRate).split('.');
  const units = `${whole}${fraction}`;
  const scale = fraction.length + 2;
  const padded = units.padStart(scale + 1, '0');
  return normalize(`${padded.slice(0, padded.length - scale)}.${padded.slice(padded.length - scale)}`);
}

/**
 * Parses a product's `timeRatePayload`: an object whose keys are the delivery times in seconds and whose
 * values are entries of that time. Answers the delivery times sorted by time, or the first error.
 */
export function parseTimeRatePayload(payload: unknown): ParseResult<DeliveryTime[]> {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    return fail('timeRatePayload must be an object of delivery times');
  const entries = Object.entries(payload as Record<string, unknown>);
  if (entries.length === 0) return fail('timeRatePayload has no delivery time');
  if (entries.length > MAX_DELIVERY_TIMES) return fail(`more than ${MAX_DELIVERY_TIMES} delivery times`);
  const times: DeliveryTime[] = [];
  for (const [key, text] of entries) {
    const parsed = parseDeliveryTime(text);
    if (!parsed.ok) return fail(`delivery time "${key.slice(0, 20)}": ${parsed.error}`);
    if (key !== String(parsed.value.time))
      return fail(`key "${key.slice(0, 20)}" must be the entry's delivery time ${parsed.value.time}`);
    times.push(parsed.value);
  }
  return { ok: true, value: times.sort((a, b) => a.time - b.time) };
}

/** Writes a delivery time back as its entry text (the inverse of `parseDeliveryTime`). */
export function formatDeliveryTime(time: Omit<DeliveryTime, 'rate'>): string {
  const head = `${time.time}|${time.profitRate}^${time.chips.join('|')}^${time.max}|${time.min}`;
  return time.name === undefined ? head : `${head}^${time.name}`;
}

/** Why an amount is refused (spec §5 option order): empty, not a positive whole number, out of range. */
export type AmountError = 'amount_empty_rule' | 'amount_positive_int_rule' | 'amount_range_rule';

/** Checks a staked amount against a delivery time: a positive whole number within min … max (max if > 0). */
export function optionAmountError(
  amount: string,
  time: Pick<DeliveryTime, 'min' | 'max'>,
): AmountError | null {
  const text = amount.trim();
  if (text === '') return 'amount_empty_rule';
  if (!/^\d{1,15}(\.0*)?$/.test(text) || isZero(text)) return 'amount_positive_int_rule';
  if (compare(text, time.min) < 0) return 'amount_range_rule';
  if (!isZero(time.max) && compare(text, time.max) > 0) return 'amount_range_rule';
  return null;
}

/** The fee of an option: amount × feeRate, rounded up to the cent (spec §9: fee shown as amount × feeRate). */
export function optionFee(amount: Decimal, feeRate: Decimal): Decimal {
  return toFixed(mul(amount, feeRate), CENTS, 'up');
}

/** How an option ends: up (0) wins above the entry, down (1) below; the same price is a tie. */
export type OptionOutcome = 'win' | 'loss' | 'tie';

/** The outcome of an option of direction `orderType` entered at `entry` and settled at `end`. */
export function optionOutcome(orderType: 0 | 1, entry: Decimal, end: Decimal): OptionOutcome {
  const move = compare(end, entry);
  if (move === 0) return 'tie';
  return (orderType === 0 ? move > 0 : move < 0) ? 'win' : 'loss';
}

/**
 * What the account gets back at expiry and the option's result (`winLost`): a win pays the stake plus
 * stake × rate (the profit rounded down to the cent); a loss pays nothing; a tie gives the stake back. The
 * fee is never refunded and is not part of `winLost`.
 */
export function optionPayout(
  amount: Decimal,
  rate: Decimal,
  outcome: OptionOutcome,
): { payout: Decimal; profit: Decimal; winLost: Decimal } {
  const stake = toFixed(amount, CENTS);
  if (outcome === 'loss') return { payout: '0.00', profit: '0.00', winLost: toFixed(`-${stake}`, CENTS) };
  if (outcome === 'tie') return { payout: stake, profit: '0.00', winLost: '0.00' };
  const profit = toFixed(mul(stake, rate), CENTS, 'down');
  return { payout: toFixed(add(stake, profit), CENTS), profit, winLost: profit };
}
