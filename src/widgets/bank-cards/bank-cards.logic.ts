/**
 * Rules of <tk-bank-cards> (spec §2 bank card list and form, §5 required fields, §9 last 4 digits): the form's
 * fields, their checks, the payload it sends and the views and paths of the widget.
 */
import type { BankCard, BankCardInput, EncodedBankField } from '../../core/contract/payees';
import { BANK_CODES, BANK_FIELD_MAX, BANK_PLAIN_MAX } from '../../core/contract/payees';

/** The widget's views: the card list, the add form, the edit form of one card. */
export type BankCardsView = 'list' | 'add' | 'edit';

/** Host paths of the views (spec §2). */
export const BANK_CARD_PATHS = {
  list: '/user/wallet/bankCard',
  add: '/user/wallet/addBankCard',
  edit: (id: string) => `/user/wallet/editBankCard?id=${encodeURIComponent(id)}`,
} as const;

/** The form, as typed (the phone is a country and a national number until it is sent). */
export interface CardForm {
  bankCountry: string;
  bankName: string;
  bankCode: string;
  branchCode: string;
  swiftCode: string;
  bankAddress: string;
  insNum: string;
  traNum: string;
  name: string;
  idNumber: string;
  account: string;
  accountType: string;
  phoneCountry: string | null;
  phoneNational: string;
  postCode: string;
  address: string;
}

export const EMPTY_FORM: CardForm = {
  bankCountry: '',
  bankName: '',
  bankCode: '',
  branchCode: '',
  swiftCode: '',
  bankAddress: '',
  insNum: '',
  traNum: '',
  name: '',
  idNumber: '',
  account: '',
  accountType: '',
  phoneCountry: null,
  phoneNational: '',
  postCode: '',
  address: '',
};

/** Longest input of each text field (the server's limits). */
export const FIELD_MAX: Record<Exclude<keyof CardForm, 'phoneCountry'>, number> = {
  bankCountry: 64,
  bankName: BANK_PLAIN_MAX,
  bankCode: 32,
  branchCode: 32,
  swiftCode: 32,
  bankAddress: 200,
  insNum: 32,
  traNum: 32,
  name: BANK_FIELD_MAX.name,
  idNumber: BANK_FIELD_MAX.idNumber,
  account: BANK_FIELD_MAX.account,
  accountType: 32,
  phoneNational: 24,
  postCode: 32,
  address: BANK_FIELD_MAX.address,
};

/** Field → i18n key of its message. */
export type CardErrors = Partial<Record<keyof CardForm, string>>;

/**
 * The form's messages (spec §5): bank name, payee name and account are required; a phone, when typed, must be
 * valid for its country (`phoneDigits` null).
 */
export function validateCard(form: CardForm, phoneDigits: string | null): CardErrors {
  const errors: CardErrors = {};
  if (!form.bankName.trim()) errors.bankName = 'bank_cards.p_t_bank_name';
  if (!form.name.trim()) errors.name = 'bank_cards.p_t_payee_name';
  if (!form.account.trim()) errors.account = 'bank_cards.p_t_bank_account';
  if (form.phoneNational.trim() && phoneDigits === null) errors.phoneNational = 'bank_cards.wrong_phone';
  return errors;
}

/**
 * Institution and transit numbers are Canadian routing fields: the form shows them for a Canadian bank, or
 * when the card already has them (decisions: payees).
 */
export function showsBankInfo(form: Pick<CardForm, 'bankCountry' | 'insNum' | 'traNum'>): boolean {
  return /^(ca|can|canada)$/i.test(form.bankCountry.trim()) || form.insNum !== '' || form.traNum !== '';
}

/** The payload of insert/update; `encode` encodes the personal fields (spec §3), '' stays ''. */
export function cardPayload(
  form: CardForm,
  phoneDigits: string | null,
  encode: (plain: string) => string,
): BankCardInput {
  const enc = (value: string) => (value.trim() === '' ? '' : encode(value.trim()));
  const bankInfo = showsBankInfo(form);
  return {
    bankName: form.bankName.trim(),
    bankCode: form.bankCode.trim(),
    bankAddress: form.bankAddress.trim(),
    swiftCode: form.swiftCode.trim(),
    branchCode: form.branchCode.trim(),
    bankCountry: form.bankCountry.trim(),
    accountType: form.accountType.trim(),
    postCode: form.postCode.trim(),
    insNum: bankInfo ? form.insNum.trim() : '',
    traNum: bankInfo ? form.traNum.trim() : '',
    name: enc(form.name),
    account: enc(form.account),
    address: enc(form.address),
    idNumber: enc(form.idNumber),
    phoneNumber: phoneDigits ? encode(`+${phoneDigits}`) : '',
  };
}

/** The decoded personal fields of a card. */
export type DecodedPersonal = Record<EncodedBankField, string>;

/** The form of a card read back (personal fields decoded; the phone split by `splitPhone`). */
export function formFromCard(
  card: BankCard,
  personal: DecodedPersonal,
  phone: { country: string | null; national: string },
): CardForm {
  return {
    bankCountry: card.bankCountry,
    bankName: card.bankName,
    bankCode: card.bankCode,
    branchCode: card.branchCode,
    swiftCode: card.swiftCode,
    bankAddress: card.bankAddress,
    insNum: card.insNum,
    traNum: card.traNum,
    name: personal.name,
    idNumber: personal.idNumber,
    account: personal.account,
    accountType: card.accountType,
    phoneCountry: phone.country,
    phoneNational: phone.national,
    postCode: card.postCode,
    address: personal.address,
  };
}

/** What a list row shows of the account: its last 4 characters after a mask (spec §9). */
export function maskedAccount(last4: string): string {
  return `**** ${last4}`;
}

/** A screen of the widget: its view and, for edit, the card. */
export interface Screen {
  view: BankCardsView;
  cardId?: string | undefined;
}

/** A path of this widget → its screen (the fallback when no page routes `tk-navigate`); null for others. */
export function screenOf(to: string): Screen | null {
  const url = new URL(to, 'http://widget.invalid');
  if (url.pathname === BANK_CARD_PATHS.list) return { view: 'list' };
  if (url.pathname === BANK_CARD_PATHS.add) return { view: 'add' };
  if (url.pathname === '/user/wallet/editBankCard')
    return { view: 'edit', cardId: url.searchParams.get('id') ?? '' };
  return null;
}

/** The bank codes the select offers: the known ones, plus a card's own code that is not among them. */
export function bankCodeChoices(current: string): string[] {
  const known = BANK_CODES as readonly string[];
  return [...known, ...(current && !known.includes(current) ? [current] : [])];
}

/** The last 4 characters of a typed account, spaces and dashes left out (the delete prompt names them). */
export function typedLast4(account: string): string {
  return account.replace(/[\s-]/g, '').slice(-4);
}
