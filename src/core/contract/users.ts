/**
 * The signed-in user's profile (spec §3 User, §7 `waa/user/*`): info, nickname and avatar, password, bound
 * email. Registered by `server/src/users`, called by `src/core/session` and `<tk-account>`.
 */
import { AccountSummary } from './accounts';
import { RegisterType } from './auth';
import { Code } from './codes';
import { endpoint, resource } from './endpoint';
import { IMAGE_MAX_BYTES } from './uploads';
import { DecOut, Empty, Nullable, Obj, OneOf, Str, T, type Static } from './schema';
import type { BrandSettings } from './types';

/** Password length rules of spec §5/§9: more than six characters, at most 140. */
export const PASSWORD_MIN = 7;
export const PASSWORD_MAX = 140;
/** Longest nickname (spec §9 input maxima). */
export const NICKNAME_MAX = 140;
/** Largest avatar accepted, in bytes. */
export const AVATAR_MAX_BYTES = IMAGE_MAX_BYTES;

const NullableText = () => Nullable(T.String());

/**
 * The up/down colour pairs a trader may choose where the brand allows it (issue #22, UC1): the brand's own pair,
 * then the two market conventions. The host's swatches (`src/host/startup/color-schemes.ts`) follow this list.
 */
export const COLOR_SCHEME_IDS = ['brand', 'green-red', 'red-green'] as const;
export type ColorSchemeId = (typeof COLOR_SCHEME_IDS)[number];

/** Whether a brand lets its traders choose their own pair: `userColors` absent means yes (UC1). */
export function userColorsAllowed(brand: Pick<BrandSettings, 'userColors'>): boolean {
  return brand.userColors !== false;
}

const ColorSchemeChoice = () => OneOf(COLOR_SCHEME_IDS);

/** `waa/user/info` answer (spec §3 User). */
export const UserInfo = Obj({
  id: T.String(),
  uid: T.String(),
  nickname: T.String(),
  avatar: NullableText(),
  realName: NullableText(),
  email: NullableText(),
  phone: NullableText(),
  areaCode: NullableText(),
  inviteCode: T.String(),
  registerType: RegisterType,
  country: NullableText(),
  idNumber: NullableText(),
  account: AccountSummary,
  /** True when this token's account is the demo account. */
  virtual: T.Boolean(),
  /** balance + locked margin. */
  totalBalance: DecOut(),
  /** balance. */
  availableBalance: DecOut(),
  totpEnabled: T.Boolean(),
  /**
   * The up/down colour pair the trader saved (UC2); null when none is saved or the brand fixes its colours.
   * Optional: a server of the spec without the preference leaves it out.
   */
  colorScheme: T.Optional(Nullable(ColorSchemeChoice())),
});
export type UserInfo = Static<typeof UserInfo>;

const TAG = 'users';

export const GetUserInfo = endpoint({
  service: 'api',
  path: 'waa/user/info',
  access: 'protected',
  tag: TAG,
  summary: "The signed-in user's profile with the balance of the token's account",
  input: Empty(),
  data: UserInfo,
  codes: [Code.USER_NOT_FOUND],
});

/** A file part of a multipart input (a Blob in the browser, a stream on the server). */
const File = () => T.Unsafe<Blob>({ type: 'string', format: 'binary' });

export const SubmitUserInfo = endpoint({
  service: 'api',
  path: 'waa/user/info/submit',
  access: 'protected',
  tag: TAG,
  contentType: 'multipart/form-data',
  summary: 'Update nickname and avatar (multipart: file `avatar` up to 10 MB, field `metaData` {"nickName"})',
  input: Obj({
    avatar: T.Optional(File()),
    /** JSON text `{ "nickName": "…", "locale": "…" }`. */
    metaData: Str(4096),
  }),
  data: T.Null(),
  codes: [Code.INCORRECT_PARAMETER, Code.PARAMETER_ILLEGAL_CHARS, Code.UPLOAD_EMPTY],
});

/** The owner's avatar file (`avatar` of `UserInfo` points here; bearer token required). */
export const UserAvatar = resource({
  service: 'api',
  path: 'waa/user/avatar/{file}',
  access: 'protected',
  tag: TAG,
  summary: "The caller's current avatar image (another user's file reads as 1008)",
  input: Obj({ file: Str(64) }),
  produces: ['image/jpeg', 'image/png', 'image/heic'],
});

export const SubmitPassword = endpoint({
  service: 'api',
  path: 'waa/user/password/submit',
  access: 'protected',
  tag: TAG,
  summary: 'Change the password (old password required); signs out every session',
  input: Obj({
    oldPassword: Str(PASSWORD_MAX, { minLength: 1 }),
    newPassword: Str(PASSWORD_MAX, { minLength: PASSWORD_MIN }),
    /** `{ "locale": "…" }` as JSON text or an object (spec §7 leaves it open); not read by the reference server. */
    metaData: T.Optional(T.Union([Str(4096), Obj({})])),
  }),
  data: T.Null(),
  codes: [Code.INCORRECT_PARAMETER, Code.WRONG_OLD_PASSWORD],
});

export const BindEmail = endpoint({
  service: 'api',
  path: 'waa/user/bind/email/submit',
  access: 'protected',
  tag: TAG,
  summary: 'Bind an email to a phone-registered account',
  input: Obj({ email: Str(140) }),
  data: Obj({ email: T.String() }),
  codes: [
    Code.INCORRECT_PARAMETER,
    Code.ILLEGAL_STATUS,
    Code.EMAIL_ALREADY_BOUND,
    Code.DUPLICATE_PHONE_OR_EMAIL,
    Code.USER_NOT_FOUND,
  ],
});

export const SubmitUserPreferences = endpoint({
  service: 'api',
  path: 'waa/user/preferences/submit',
  access: 'protected',
  tag: TAG,
  summary:
    "Save the trader's up/down colour pair for every browser they sign in on; 23523 when the brand fixes its colours",
  input: Obj({ colorScheme: ColorSchemeChoice() }),
  data: Obj({ colorScheme: ColorSchemeChoice() }),
  codes: [Code.INCORRECT_PARAMETER, Code.ILLEGAL_STATUS, Code.USER_NOT_FOUND],
});
