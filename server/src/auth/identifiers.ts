/** Parsing of the account names and small fields that the auth endpoints receive (spec §5, §9). */
import { Code } from '../../../src/core/contract/codes';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { RegisterType } from '../../../src/core/contract/auth';
import { normalizeLanguage, type Language } from '../../../src/core/contract/languages';
import { BusinessError } from '../http/envelope';

/** Input maximum of emails, phones and passwords (spec §9). */
export const MAX_INPUT = 140;
const INCORRECT_PARAMETER = Code.INCORRECT_PARAMETER;
const ILLEGAL_CHARACTERS = Code.PARAMETER_ILLEGAL_CHARS;

/** Control characters and the punctuation that has no place in an account name or a code. */
const ILLEGAL = /[\p{Cc}<>"`;\\(){}[\]|,:$]/u;
const EMAIL =
  /^[a-z0-9!#%&'*+/=?^_~-]+(\.[a-z0-9!#%&'*+/=?^_~-]+)*@[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,}$/;

/** A phone number as stored: E.164 plus its calling code and country. */
export interface PhoneNumber {
  e164: string;
  areaCode: string;
  country: string | null;
}

/** An account name: lower-cased email or E.164 phone. */
export type AccountName = { type: 'E'; email: string } | { type: 'P'; phone: PhoneNumber };

/** Throws 23558 when `value` carries control characters or injection punctuation. */
export function assertClean(value: string): void {
  if (ILLEGAL.test(value)) throw new BusinessError(ILLEGAL_CHARACTERS);
}

/** A code as typed (6 digits, or a captcha's letters and digits), trimmed; 23558 for anything else. */
export function parseCodeInput(raw: string): string {
  const value = raw.trim();
  if (/[^a-z0-9]/i.test(value)) throw new BusinessError(ILLEGAL_CHARACTERS);
  return value;
}

/** A trimmed, lower-cased email: 1001 when malformed or longer than 140, 23558 for illegal characters. */
export function parseEmail(raw: string): string {
  const value = raw.trim().toLowerCase();
  if (value.length > MAX_INPUT) throw new BusinessError(INCORRECT_PARAMETER);
  assertClean(value);
  if (/\s/.test(value)) throw new BusinessError(ILLEGAL_CHARACTERS);
  if (!EMAIL.test(value)) throw new BusinessError(INCORRECT_PARAMETER);
  return value;
}

/**
 * A phone number valid for its country. The wire form is the international number without `+` (spec §5:
 * "phone sent without plus and spaces"); a leading `+` and separators are tolerated. With `areaCode`, a national
 * number is also accepted.
 */
export function parsePhone(raw: string, areaCode?: string): PhoneNumber {
  const value = raw.trim();
  if (value.length > MAX_INPUT) throw new BusinessError(INCORRECT_PARAMETER);
  if (/[^\d\sa-z+\-().]/i.test(value)) throw new BusinessError(ILLEGAL_CHARACTERS);
  const international = value.startsWith('+');
  const digits = value.replace(/[\s\-().]/g, '').replace(/^\+/, '');
  const code = areaCode?.trim().replace(/^\+/, '') ?? '';
  if (!/^\d+$/.test(digits) || (code !== '' && !/^\d{1,4}$/.test(code))) {
    throw new BusinessError(INCORRECT_PARAMETER);
  }
  const candidates = [
    ...(international || !code || digits.startsWith(code) ? [parsePhoneNumberFromString(`+${digits}`)] : []),
    ...(code && !international ? [parsePhoneNumberFromString(digits, { defaultCallingCode: code })] : []),
  ];
  for (const parsed of candidates) {
    if (!parsed?.isValid() || (code && parsed.countryCallingCode !== code)) continue;
    return { e164: parsed.number, areaCode: parsed.countryCallingCode, country: parsed.country ?? null };
  }
  throw new BusinessError(INCORRECT_PARAMETER);
}

/** The account named by `username` for login type `type`. */
export function parseAccountName(type: RegisterType, username: string, areaCode?: string): AccountName {
  return type === 'E'
    ? { type, email: parseEmail(username) }
    : { type, phone: parsePhone(username, areaCode) };
}

/** The address messages for `name` go to. */
export const destinationOf = (name: AccountName) => (name.type === 'E' ? name.email : name.phone.e164);

/** Invite codes are matched case-insensitively; 23558 for illegal characters, 1107 when malformed. */
export function parseInviteCode(raw: string | undefined): string | null {
  const value = raw?.trim().toUpperCase() ?? '';
  if (value === '') return null;
  assertClean(value);
  if (!/^[A-Z0-9]{4,16}$/.test(value)) throw new BusinessError(Code.INVALID_INVITE_CODE);
  return value;
}

/**
 * The language of a message, read the way the page reads a language tag (`zh_TW`, `zh-Hant` and `zh-HK` are
 * Traditional Chinese, bare `zh` and `zh-SG` Simplified, `in` Indonesian); anything unknown is English.
 */
export function parseLocale(raw: string | undefined): Language {
  return normalizeLanguage(raw);
}
