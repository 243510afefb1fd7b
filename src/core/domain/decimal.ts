/**
 * Exact decimal arithmetic on strings (money and prices never pass through a float).
 * Values are held as a BigInt of units of 10^-scale; results keep the natural scale
 * (max of the operands for add/sub, their sum for mul) unless a scale is asked for.
 */

/** A string that `isDecimal` accepts, e.g. "-12.340". */
export type Decimal = string;

/** half-up: .5 goes away from zero; down: truncate toward zero; up: any remainder goes away from zero. */
export type Rounding = 'half-up' | 'down' | 'up';

interface Scaled {
  units: bigint;
  scale: number;
}

const PATTERN = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** True for plain decimal notation: optional sign, digits, optional fraction ("1", "-0.5", ".25", "3."). */
export function isDecimal(value: string): boolean {
  return PATTERN.test(value);
}

function parse(value: string): Scaled {
  const text = value.trim();
  if (!PATTERN.test(text)) throw new RangeError(`not a decimal: "${value}"`);
  const negative = text.startsWith('-');
  const unsigned = text.replace(/^[+-]/, '');
  const [whole = '', fraction = ''] = unsigned.split('.');
  const units = BigInt((whole || '0') + fraction);
  return { units: negative ? -units : units, scale: fraction.length };
}

function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

function rescale(units: bigint, from: number, to: number, rounding: Rounding): bigint {
  if (to >= from) return units * pow10(to - from);
  return divide(units, pow10(from - to), rounding);
}

/** Integer division of a by a positive divisor with the given rounding. */
function divide(a: bigint, b: bigint, rounding: Rounding): bigint {
  const negative = a < 0n !== b < 0n;
  const absA = a < 0n ? -a : a;
  const absB = b < 0n ? -b : b;
  let q = absA / absB;
  const rest = absA % absB;
  if (rounding === 'half-up' && rest * 2n >= absB) q += 1n;
  if (rounding === 'up' && rest !== 0n) q += 1n;
  return negative ? -q : q;
}

/** Units of 10^-scale (a BigInt or a safe integer) as a decimal string with exactly `scale` fraction digits. */
export function fromScaledInt(units: bigint | number, scale: number): Decimal {
  if (typeof units === 'number' && !Number.isSafeInteger(units))
    throw new RangeError(`not a safe integer: ${units}`);
  const negative = units < 0;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale > 0 ? `.${digits.slice(digits.length - scale)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** The value as units of 10^-scale (rounded when it has more fraction digits). */
export function toScaledInt(value: Decimal, scale: number, rounding: Rounding = 'half-up'): bigint {
  const p = parse(value);
  return rescale(p.units, p.scale, scale, rounding);
}

/** Canonical form: no plus sign, no leading zeros, no trailing fraction zeros, "0" for any zero. */
export function normalize(value: Decimal): Decimal {
  const p = parse(value);
  let { units, scale } = p;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  return fromScaledInt(units, scale);
}

/** The value rounded (or zero-padded) to exactly `scale` fraction digits. */
export function toFixed(value: Decimal, scale: number, rounding: Rounding = 'half-up'): Decimal {
  return fromScaledInt(toScaledInt(value, scale, rounding), scale);
}

function aligned(a: Decimal, b: Decimal): [bigint, bigint, number] {
  const x = parse(a);
  const y = parse(b);
  const scale = Math.max(x.scale, y.scale);
  return [x.units * pow10(scale - x.scale), y.units * pow10(scale - y.scale), scale];
}

/** a + b, exact. */
export function add(a: Decimal, b: Decimal): Decimal {
  const [x, y, scale] = aligned(a, b);
  return fromScaledInt(x + y, scale);
}

/** a − b, exact. */
export function sub(a: Decimal, b: Decimal): Decimal {
  const [x, y, scale] = aligned(a, b);
  return fromScaledInt(x - y, scale);
}

/** a × b, exact (scale = sum of the operand scales). */
export function mul(a: Decimal, b: Decimal): Decimal {
  const x = parse(a);
  const y = parse(b);
  return fromScaledInt(x.units * y.units, x.scale + y.scale);
}

/** a ÷ b to `scale` fraction digits; throws on division by zero. */
export function div(a: Decimal, b: Decimal, scale: number, rounding: Rounding = 'half-up'): Decimal {
  const x = parse(a);
  const y = parse(b);
  if (y.units === 0n) throw new RangeError('division by zero');
  // a/b = (x.units / 10^xs) / (y.units / 10^ys); scale the numerator so the quotient has `scale` digits.
  const numerator = x.units * pow10(scale + y.scale);
  const denominator = y.units * pow10(x.scale);
  return fromScaledInt(divide(numerator, denominator, rounding), scale);
}

/** -1, 0 or 1 as a is below, equal to or above b. */
export function compare(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const [x, y] = aligned(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** True when the value is zero ("0", "-0.00", …). */
export function isZero(value: Decimal): boolean {
  return parse(value).units === 0n;
}

/** −a. */
export function negate(value: Decimal): Decimal {
  const p = parse(value);
  return fromScaledInt(-p.units, p.scale);
}
