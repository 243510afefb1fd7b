/**
 * Where a trader's withdrawals can go (spec §2 bank card and crypto address screens, §3 Bank card and Crypto
 * wallet (saved), §7 `user/bank/*` and `cryptocurrency/user/wallet/*`): saved bank cards and saved crypto
 * addresses. The personal fields travel ENCODED with the session's field codec (src/core/codec/field-codec.ts)
 * in both directions; the server decodes them, checks them and keeps them sealed at rest.
 * Registered by `server/src/payees`, called by `<tk-bank-cards>`, `<tk-crypto-addresses>` and the withdraw form.
 */
import { Code } from './codes';
import { endpoint } from './endpoint';
import { DecOut, Empty, Int, Obj, Str, T, type Static } from './schema';

/** Most bank cards one user may keep (decisions: payees). */
export const BANK_CARD_MAX = 20;
/** Most saved crypto addresses one user may keep (decisions: payees). */
export const CRYPTO_ADDRESS_MAX = 50;
/** Page size the client asks the saved-address list with (spec §9: wallet and card fetch 1000). */
export const CRYPTO_ADDRESS_PAGE_SIZE = 1000;

/** Longest decoded value of each personal field (the encoded text is longer: Base64 of padded blocks). */
export const BANK_FIELD_MAX = {
  name: 100,
  account: 64,
  address: 200,
  idNumber: 64,
  phoneNumber: 32,
} as const;
/** Longest plain bank field. */
export const BANK_PLAIN_MAX = 100;
/** Longest bank address (plain). */
export const BANK_ADDRESS_MAX = 200;
/** Longest decoded crypto address. */
export const CRYPTO_ADDRESS_LENGTH_MAX = 128;

/** Bank codes the form offers (spec §2). */
export const BANK_CODES = ['aib', 'vib', 'hkib', 'jbic', 'kb', 'bnm', 'cba'] as const;

/** The personal fields of a bank card that are encoded on the wire and sealed at rest (spec §3). */
export const ENCODED_BANK_FIELDS = ['name', 'account', 'address', 'idNumber', 'phoneNumber'] as const;
export type EncodedBankField = (typeof ENCODED_BANK_FIELDS)[number];

/** An encoded value (Base64 of AES blocks); empty for an optional field left empty. */
const Encoded = () => Str(1400, { pattern: '^[A-Za-z0-9+/=]*$' });
const Plain = (max = BANK_PLAIN_MAX) => Str(max);
/** An id as answered (a bigint in decimal). */
const Id = () => Str(18, { pattern: '^[1-9][0-9]{0,17}$' });

const bankFields = {
  bankName: Plain(),
  bankCode: T.Optional(Plain(32)),
  bankAddress: T.Optional(Plain(BANK_ADDRESS_MAX)),
  swiftCode: T.Optional(Plain(32)),
  branchCode: T.Optional(Plain(32)),
  bankCountry: T.Optional(Plain(64)),
  name: Encoded(),
  account: Encoded(),
  address: T.Optional(Encoded()),
  postCode: T.Optional(Plain(32)),
  idNumber: T.Optional(Encoded()),
  phoneNumber: T.Optional(Encoded()),
  accountType: T.Optional(Plain(32)),
  insNum: T.Optional(Plain(32)),
  traNum: T.Optional(Plain(32)),
};

/** What the bank-card form sends (insert; update adds the id). Encoded fields per ENCODED_BANK_FIELDS. */
export const BankCardInput = Obj(bankFields);
export type BankCardInput = Static<typeof BankCardInput>;

/** One bank card as answered (spec §3); the ENCODED_BANK_FIELDS are encoded with this session's key. */
export const BankCard = Obj({
  id: T.String(),
  bankName: T.String(),
  bankCode: T.String(),
  bankAddress: T.String(),
  swiftCode: T.String(),
  branchCode: T.String(),
  bankCountry: T.String(),
  name: T.String(),
  account: T.String(),
  address: T.String(),
  postCode: T.String(),
  idNumber: T.String(),
  phoneNumber: T.String(),
  accountType: T.String(),
  insNum: T.String(),
  traNum: T.String(),
  /** Last 4 characters of the account in clear (spec §9: lists show them without decoding). */
  accountLast4: T.String(),
});
export type BankCard = Static<typeof BankCard>;

/** One saved crypto address (spec §3 Crypto wallet (saved)); `cryptocurrencyAddress` encoded. */
export const SavedCryptoAddress = Obj({
  walletId: T.String(),
  currencyId: T.Integer(),
  currencyName: T.String(),
  protocol: T.String(),
  cryptocurrencyAddress: T.String(),
  minWithdrawAmount: DecOut(),
  maxWithdrawAmount: DecOut(),
  logoUrl: T.String(),
});
export type SavedCryptoAddress = Static<typeof SavedCryptoAddress>;

const SESSION_CODES = [Code.USER_NOT_FOUND, Code.LOGIN_REQUIRED] as const;
const BANK_TAG = 'bank cards';
const CRYPTO_TAG = 'crypto addresses';
const IdAnswer = Obj({ id: T.String() });

export const BankCardList = endpoint({
  service: 'api',
  path: 'waa/user/bank/all',
  access: 'protected',
  tag: BANK_TAG,
  summary: "The user's bank cards, oldest first (personal fields encoded with the session key)",
  input: Empty(),
  data: Obj({ list: T.Array(BankCard) }),
  codes: [Code.ILLEGAL_STATUS, ...SESSION_CODES],
});

export const BankCardOne = endpoint({
  service: 'api',
  path: 'waa/user/bank/one',
  access: 'protected',
  tag: BANK_TAG,
  summary: "One of the user's bank cards; another user's id answers exactly like a missing one (1008)",
  input: Obj({ id: Id() }),
  data: Obj({ dto: BankCard }),
  codes: [Code.INCORRECT_PARAMETER, Code.DATA_NOT_FOUND, Code.ILLEGAL_STATUS, ...SESSION_CODES],
});

export const BankCardInsert = endpoint({
  service: 'api',
  path: 'waa/user/bank/insert',
  access: 'protected',
  tag: BANK_TAG,
  summary: `Add a bank card (at most ${BANK_CARD_MAX}); name, account, address, idNumber, phoneNumber encoded`,
  input: BankCardInput,
  data: IdAnswer,
  codes: [
    Code.INCORRECT_PARAMETER,
    Code.PARAMETER_ILLEGAL_CHARS,
    Code.MAX_TARGET_VALUE,
    Code.ILLEGAL_STATUS,
    ...SESSION_CODES,
  ],
});

export const BankCardUpdate = endpoint({
  service: 'api',
  path: 'waa/user/bank/update',
  access: 'protected',
  tag: BANK_TAG,
  summary: 'Replace the fields of one of the user’s bank cards (the same fields as insert, plus its id)',
  input: Obj({ id: Id(), ...bankFields }),
  data: IdAnswer,
  codes: [
    Code.INCORRECT_PARAMETER,
    Code.PARAMETER_ILLEGAL_CHARS,
    Code.DATA_NOT_FOUND,
    Code.ILLEGAL_STATUS,
    ...SESSION_CODES,
  ],
});

export const BankCardDelete = endpoint({
  service: 'api',
  path: 'waa/user/bank/delete',
  access: 'protected',
  tag: BANK_TAG,
  summary: 'Delete one of the user’s bank cards; refused (1067) while a waiting withdrawal pays to it',
  input: Obj({ id: Id() }),
  data: IdAnswer,
  codes: [
    Code.INCORRECT_PARAMETER,
    Code.DATA_NOT_FOUND,
    Code.WITHDRAWAL_PENDING,
    Code.ILLEGAL_STATUS,
    ...SESSION_CODES,
  ],
});

export const CryptoAddressList = endpoint({
  service: 'api',
  path: 'waa/cryptocurrency/user/wallet/all',
  access: 'protected',
  tag: CRYPTO_TAG,
  summary: "The user's saved crypto addresses, oldest first (addresses encoded with the session key)",
  input: Obj({
    pageNum: T.Optional(Int(1, 1_000_000, { default: 1 })),
    pageSize: T.Optional(Int(1, CRYPTO_ADDRESS_PAGE_SIZE, { default: CRYPTO_ADDRESS_PAGE_SIZE })),
  }),
  data: Obj({ list: T.Array(SavedCryptoAddress), total: T.Integer({ minimum: 0 }) }),
  codes: [Code.INCORRECT_PARAMETER, Code.ILLEGAL_STATUS, ...SESSION_CODES],
});

export const CryptoAddressInsert = endpoint({
  service: 'api',
  path: 'waa/cryptocurrency/user/wallet/insert',
  access: 'protected',
  tag: CRYPTO_TAG,
  summary:
    'Save a crypto address for a coin/network (`currencyId` is the coin id; the address encoded). ' +
    '1049 empty, 1047 not an address of that network, 1031 already saved',
  input: Obj({ currencyId: Int(1, 2_147_483_647), cryptocurrencyAddress: Encoded() }),
  data: Obj({ walletId: T.String() }),
  codes: [
    Code.INCORRECT_PARAMETER,
    Code.ADDRESS_EMPTY,
    Code.WALLET_CANNOT_BE_USED,
    Code.CURRENCY_DUPLICATED,
    Code.COIN_NOT_FOUND,
    Code.MAX_TARGET_VALUE,
    Code.ILLEGAL_STATUS,
    ...SESSION_CODES,
  ],
});

export const CryptoAddressDelete = endpoint({
  service: 'api',
  path: 'waa/cryptocurrency/user/wallet/delete',
  access: 'protected',
  tag: CRYPTO_TAG,
  summary: "Delete a saved crypto address; another user's id answers exactly like a missing one (1051)",
  input: Obj({ walletId: Id() }),
  data: Obj({ walletId: T.String() }),
  codes: [Code.INCORRECT_PARAMETER, Code.CRYPTO_WALLET_NOT_FOUND, Code.ILLEGAL_STATUS, ...SESSION_CODES],
});
