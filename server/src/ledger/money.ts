import {
  fromScaledInt,
  isDecimal,
  normalize,
  toScaledInt,
  type Decimal,
} from '../../../src/core/domain/decimal';

/** Fraction digits of every ledger amount (NUMERIC(28, 8)). */
export const LEDGER_SCALE = 8;

/** True when `value` is a plain decimal with at most `LEDGER_SCALE` fraction digits. */
export function fitsLedgerScale(value: string): boolean {
  if (!isDecimal(value)) return false;
  const [, fraction = ''] = value.split('.');
  return fraction.length <= LEDGER_SCALE;
}

/** A wire amount: no trailing zeros beyond the cents, at least two fraction digits ("100000.00", "0.125"). */
export function toMoney(value: Decimal): Decimal {
  const units = toScaledInt(normalize(value), LEDGER_SCALE);
  const text = fromScaledInt(units, LEDGER_SCALE).replace(/0+$/, '');
  const [whole, fraction = ''] = text.split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}
