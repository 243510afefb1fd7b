/**
 * Checks of the values a trader saves as a payee: the decoded personal fields of a bank card (crypto addresses
 * are checked by src/core/domain/crypto-address.ts, shared with the withdrawal submit). Pure functions; every failure is a catalogue code and never echoes the value.
 */
import { Code } from '../../../src/core/contract/codes';
import { BANK_FIELD_MAX } from '../../../src/core/contract/payees';

/**
 * Characters refused in any saved text (spec §8 23558): control characters, and the markup and template
 * characters a bank name, payee or address never needs.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const ILLEGAL = /[\u0000-\u001F\u007F<>{}`\\]/;

/** An account number: letters (IBAN), digits, spaces and hyphens. */
const ACCOUNT = /^[A-Za-z0-9 -]+$/;
/** A phone number as the international input writes it: optional +, digits, spaces, hyphens, brackets. */
const PHONE = /^\+?[0-9 ()-]+$/;

/** The result of a check: the cleaned value, or the code to answer. */
export type Checked = { ok: true; value: string } | { ok: false; code: number };

const refuse = (code: number): Checked => ({ ok: false, code });

/** A plain text field: trimmed, bounded, without illegal characters; `required` refuses blank (1001). */
export function checkText(value: string | undefined, max: number, required = false): Checked {
  const text = (value ?? '').trim();
  if (required && text === '') return refuse(Code.INCORRECT_PARAMETER);
  if (text.length > max) return refuse(Code.INCORRECT_PARAMETER);
  if (ILLEGAL.test(text)) return refuse(Code.PARAMETER_ILLEGAL_CHARS);
  return { ok: true, value: text };
}

/** A decoded personal field of a bank card, by name. */
export function checkPersonal(field: keyof typeof BANK_FIELD_MAX, value: string): Checked {
  const required = field === 'name' || field === 'account';
  const checked = checkText(value, BANK_FIELD_MAX[field], required);
  if (!checked.ok || checked.value === '') return checked;
  if (field === 'account' && !ACCOUNT.test(checked.value)) return refuse(Code.PARAMETER_ILLEGAL_CHARS);
  if (field === 'phoneNumber' && !PHONE.test(checked.value)) return refuse(Code.PARAMETER_ILLEGAL_CHARS);
  return checked;
}

/** The last 4 letters or digits of an account (spec §9), spaces and hyphens left out. */
export function last4(account: string): string {
  return account.replace(/[\s-]/g, '').slice(-4);
}
