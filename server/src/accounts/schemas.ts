import { objectSchema, type JsonSchema } from '../http/legacy-route';

const decimal: JsonSchema = { type: 'string' };

/** `AccountSummary` (contract/auth.ts). */
export const ACCOUNT_SUMMARY_SCHEMA = objectSchema({ balanceAmount: decimal, lockMargin: decimal }, [
  'balanceAmount',
  'lockMargin',
]);

/** Data of `user/info/switch`: the new access token of the same session. */
export const SWITCH_DATA_SCHEMA = objectSchema(
  { token: { type: 'string' }, expiresAt: { type: 'number' }, virtual: { type: 'boolean' } },
  ['token', 'expiresAt', 'virtual'],
);

const nullableString: JsonSchema = { type: ['string', 'null'] };

/** `UserInfo` (contract/auth.ts). */
export const USER_INFO_SCHEMA = objectSchema({
  id: { type: 'string' },
  uid: { type: 'string' },
  nickname: { type: 'string' },
  avatar: nullableString,
  realName: nullableString,
  email: nullableString,
  phone: nullableString,
  areaCode: nullableString,
  inviteCode: { type: 'string' },
  registerType: { type: 'string' },
  country: nullableString,
  idNumber: nullableString,
  account: ACCOUNT_SUMMARY_SCHEMA,
  virtual: { type: 'boolean' },
  totalBalance: decimal,
  availableBalance: decimal,
  totpEnabled: { type: 'boolean' },
});
