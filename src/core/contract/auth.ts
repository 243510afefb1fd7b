/**
 * Identity endpoints (spec §7 `wa-na/*`, logout, the second factor and the exchange token check): declared once,
 * registered by `server/src/auth`, called by `src/core/session` and `<tk-auth>`.
 */
import { Code } from './codes';
import { endpoint, resource } from './endpoint';
import { Empty, EpochMs, Nullable, Obj, OneOf, Str, T, type Static } from './schema';

/** Login type: email or phone (spec §7). */
export const RegisterType = OneOf(['E', 'P'] as const);
export type RegisterType = Static<typeof RegisterType>;

/** Verification-code purposes of `sendMail` / `sendPhone` (spec §7). */
export const CodePurpose = { register: '1', forgot: '2', registrationComplete: '4' } as const;
const Purpose = OneOf(['1', '2', '4'] as const);

/** Longest account name accepted on the wire (the parsers apply the 140 of spec §9 with code 1001). */
const NAME_MAX = 256;
/** Long enough to reach the 1001 length rule; bounded so that nobody makes Argon2 hash megabytes. */
const PASSWORD_WIRE_MAX = 1024;
const AREA_CODE = Str(8);
const LOCALE = Str(16);
const ONE_TIME_CODE = Str(64);

/** `wa-na/login` request; a second call carries `command: 'verification'` and the TOTP `authCode`. */
export const LoginRequest = Obj({
  username: Str(NAME_MAX),
  type: RegisterType,
  password: Str(PASSWORD_WIRE_MAX),
  command: T.Optional(OneOf(['verification', ''] as const)),
  authCode: T.Optional(Str(16)),
  areaCode: T.Optional(AREA_CODE),
});
export type LoginRequest = Static<typeof LoginRequest>;

/** `wa-na/login` answer: `qrcodeStatus` 0 means a second factor is needed (tokens are then empty). */
export const LoginResponse = Obj({
  token: T.String(),
  refreshToken: T.String(),
  qrcodeStatus: OneOf([0, 1] as const),
  /** Access-token expiry, ms since epoch (null when a second factor is needed). */
  expiresAt: Nullable(EpochMs()),
});
export type LoginResponse = Static<typeof LoginResponse>;

/** `wa-na/refresh` answer: rotation returns a new refresh token with the new access token. */
export const RefreshResponse = Obj({ token: T.String(), refreshToken: T.String(), expiresAt: EpochMs() });
export type RefreshResponse = Static<typeof RefreshResponse>;

/** Access-token payload (spec §3): `virtualStatus` '0' real, anything else demo; the session's AES key. */
export interface TokenPayload {
  sub: string;
  uid: string;
  sid: string;
  virtualStatus: '0' | '1';
  aesKey: string;
  exp: number;
  iat: number;
}

const TAG = 'auth';
const BAD_INPUT = [Code.INCORRECT_PARAMETER, Code.PARAMETER_ILLEGAL_CHARS] as const;

export const Login = endpoint({
  service: 'api',
  path: 'wa-na/login',
  access: 'public',
  tag: TAG,
  summary: 'Sign in; qrcodeStatus 0 asks for a second call with command "verification" and the TOTP authCode',
  input: LoginRequest,
  data: LoginResponse,
  // A browser's refresh token comes back only as the HttpOnly cookie (refreshToken is then '').
  credentials: true,
  codes: [
    ...BAD_INPUT,
    Code.WRONG_CREDENTIALS,
    Code.TOO_FREQUENT,
    Code.USER_BLOCKED,
    Code.INVALID_VERIFICATION_CODE,
  ],
});

const SEND_CODES = [...BAD_INPUT, Code.ACCOUNT_EXISTS, Code.TRY_AGAIN_LATER, Code.TOO_FREQUENT] as const;

export const SendMail = endpoint({
  service: 'api',
  path: 'wa-na/sendMail',
  access: 'public',
  tag: TAG,
  summary: 'Mail a one-time code (type 1 register, 2 forgot) or the registration-complete mail (4)',
  input: Obj({ email: Str(NAME_MAX), type: Purpose, locale: T.Optional(LOCALE) }),
  data: T.Null(),
  codes: SEND_CODES,
});

export const SendPhone = endpoint({
  service: 'api',
  path: 'wa-na/sendPhone',
  access: 'public',
  tag: TAG,
  summary: 'Text a one-time code (type 1 register, 2 forgot) to an international number without +',
  input: Obj({
    phone: Str(NAME_MAX),
    areaCode: T.Optional(AREA_CODE),
    type: Purpose,
    locale: T.Optional(LOCALE),
  }),
  data: T.Null(),
  codes: SEND_CODES,
});

/**
 * The rules a new password (register, forgot, change password, an operator's) is refused by, with 1001 whose `msg`
 * is `password: <rule>` (docs/decisions.md SEC7, SEC8): spec §9's length, one of the most common passwords, or
 * a word of the product, its brands or the owner's own email or phone.
 */
const PASSWORD_RULES = ['length', 'common', 'context'] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

/** The `msg` of a 1001 that refuses a new password by `rule`. */
export const passwordRefusal = (rule: PasswordRule): string => `password: ${rule}`;

/** The rule a refusal's `msg` names, or null when it is not about the new password. */
export function passwordRuleOf(msg: unknown): PasswordRule | null {
  const rule = typeof msg === 'string' ? /^password: (\w+)$/.exec(msg)?.[1] : undefined;
  return PASSWORD_RULES.find((known) => known === rule) ?? null;
}

export const Register = endpoint({
  service: 'api',
  path: 'wa-na/register',
  access: 'public',
  tag: TAG,
  summary: 'Create an account with a mail/SMS code, or an image captcha (uuid) where the brand says so',
  input: Obj({
    username: Str(NAME_MAX),
    type: RegisterType,
    password: Str(PASSWORD_WIRE_MAX),
    inviteCode: T.Optional(Str(64)),
    code: ONE_TIME_CODE,
    locale: T.Optional(LOCALE),
    uuid: T.Optional(Str(64)),
    areaCode: T.Optional(AREA_CODE),
  }),
  data: Obj({ uid: T.String() }),
  codes: [
    ...BAD_INPUT,
    Code.REGISTER_LATER,
    Code.INVALID_INVITE_CODE,
    Code.ACCOUNT_EXISTS,
    Code.INVALID_VERIFICATION_CODE,
    Code.VERIFICATION_CODE_INVALID,
    Code.CAPTCHA_EXPIRED,
    Code.CAPTCHA_INVALID,
    Code.DUPLICATE_PHONE_OR_EMAIL,
  ],
});

export const Forgot = endpoint({
  service: 'api',
  path: 'wa-na/forgot',
  access: 'public',
  tag: TAG,
  summary: 'Set a new password with a type-2 code; every session of the account ends',
  input: Obj({
    username: Str(NAME_MAX),
    type: RegisterType,
    password: Str(PASSWORD_WIRE_MAX),
    code: ONE_TIME_CODE,
    areaCode: T.Optional(AREA_CODE),
  }),
  data: T.Null(),
  codes: [...BAD_INPUT, Code.INVALID_VERIFICATION_CODE, Code.VERIFICATION_CODE_INVALID, Code.CAPTCHA_EXPIRED],
});

export const GetImageCode = endpoint({
  service: 'api',
  path: 'wa-na/getImageCode',
  access: 'public',
  tag: TAG,
  summary: 'A new image captcha (SVG data URL) and its uuid; pass the previous uuid when refreshing',
  input: Obj({ uuid: T.Optional(Str(64)) }),
  data: Obj({ image: T.String(), uuid: T.String() }),
  codes: [Code.CAPTCHA_FAILED],
});

export const Refresh = endpoint({
  service: 'api',
  path: 'wa-na/refresh',
  access: 'public',
  tag: TAG,
  summary:
    'Rotate the refresh token (body, or the HttpOnly cookie a browser got at sign-in); a reused one ends its session',
  // Browsers send no refreshToken: theirs is the HttpOnly cookie, sent only to this path (docs/security.md).
  input: Obj({ refreshToken: T.Optional(Str(128)), token: T.Optional(Str(4096)) }),
  credentials: true,
  data: RefreshResponse,
  codes: [Code.LOGIN_REQUIRED, Code.USER_BLOCKED],
});

export const Logout = endpoint({
  service: 'api',
  path: 'waa/user/logout',
  access: 'protected',
  tag: TAG,
  summary: 'End this session (its refresh token stops working)',
  // Clients send the session's refresh token along; the token's own session is the one that ends.
  input: Obj({ refreshToken: T.Optional(Str(128)) }),
  data: T.Null(),
  // Clears the refresh cookie.
  credentials: true,
  codes: [],
});

export const CheckToken = endpoint({
  service: 'exchange',
  path: 'checkToken',
  // Public on purpose: the token is what is checked, and an invalid one answers -1 rather than HTTP 401.
  access: 'public',
  tag: TAG,
  summary: 'Check an access token: code 0, or -1 when invalid, expired or revoked',
  input: Obj({ token: Str(4096) }),
  data: Obj({ uid: T.String(), virtualStatus: OneOf(['0', '1'] as const) }),
  codes: [Code.TOKEN_INVALID],
});

/** `totp/setup` answer: the new secret and its otpauth:// URI for the QR code. */
export const TotpSetup = Obj({ secret: T.String(), otpauthUri: T.String() });
export type TotpSetup = Static<typeof TotpSetup>;

export const SetupTotp = endpoint({
  service: 'api',
  path: 'waa/user/totp/setup',
  access: 'protected',
  tag: TAG,
  summary: 'A new pending TOTP secret and its otpauth URI (1017 when the second factor is already on)',
  input: Empty(),
  data: TotpSetup,
  codes: [Code.STATUS_UNCHANGED, Code.USER_NOT_FOUND],
});

const TOTP_CODE = Obj({ code: Str(16) });

export const EnableTotp = endpoint({
  service: 'api',
  path: 'waa/user/totp/enable',
  access: 'protected',
  tag: TAG,
  summary: 'Turn the second factor on with a code of the pending secret (1021 without setup, 1020 wrong)',
  input: TOTP_CODE,
  data: T.Null(),
  codes: [
    Code.STATUS_UNCHANGED,
    Code.QR_KEY_MISSING,
    Code.INVALID_VERIFICATION_CODE,
    Code.TOO_FREQUENT,
    Code.USER_NOT_FOUND,
  ],
});

export const DisableTotp = endpoint({
  service: 'api',
  path: 'waa/user/totp/disable',
  access: 'protected',
  tag: TAG,
  summary: 'Turn the second factor off with a current code (1017 when it is off, 1020 wrong)',
  input: TOTP_CODE,
  data: T.Null(),
  codes: [Code.STATUS_UNCHANGED, Code.INVALID_VERIFICATION_CODE, Code.TOO_FREQUENT, Code.USER_NOT_FOUND],
});

/** Most signed-in devices `waa/user/sessions` lists (newest activity first); a trader rarely has more. */
export const SESSION_LIST_MAX = 50;

/** One live session of the signed-in user (docs/security.md 7.5.2; not in spec §7). */
export const SessionInfo = Obj({
  /** The session's id (the `sid` its access tokens carry). */
  id: Str(64),
  /** The session asking. */
  current: T.Boolean(),
  createdAt: EpochMs(),
  /** Its last sign-in or token refresh. */
  lastActiveAt: EpochMs(),
  /** The address it signed in from (null when not recorded). */
  ip: Nullable(Str(64)),
  /** The sign-in's User-Agent, at most 256 characters (null when not recorded). */
  userAgent: Nullable(Str(256)),
  /** Acting on the demo account. */
  demo: T.Boolean(),
});
export type SessionInfo = Static<typeof SessionInfo>;

export const ListSessions = endpoint({
  service: 'api',
  path: 'waa/user/sessions',
  access: 'protected',
  tag: TAG,
  summary: 'The signed-in devices of the user: every live session, the current one marked (not in spec §7)',
  input: Empty(),
  data: T.Array(SessionInfo, { maxItems: SESSION_LIST_MAX }),
  codes: [],
});

export const EndSession = endpoint({
  service: 'api',
  path: 'waa/user/sessions/end',
  access: 'protected',
  tag: TAG,
  summary:
    "Sign one of the user's other devices out (1008 for an id that is not a live session of the user, " +
    'the current one included: that is logout)',
  input: Obj({ id: Str(64) }),
  data: T.Null(),
  codes: [Code.DATA_NOT_FOUND],
});

export const EndOtherSessions = endpoint({
  service: 'api',
  path: 'waa/user/sessions/endOthers',
  access: 'protected',
  tag: TAG,
  summary: 'Sign every other device of the user out; the current session stays (answers how many ended)',
  input: Empty(),
  data: Obj({ ended: T.Integer({ minimum: 0 }) }),
  codes: [],
});

/** `GET /dev/captcha/{uuid}` (never in production): the text of an issued captcha, for end-to-end tests. */
export const DevCaptcha = resource({
  service: 'site',
  path: 'dev/captcha/{uuid}',
  access: 'public',
  tag: 'dev',
  summary: 'Development only: the text of an issued image captcha',
  input: Obj({ uuid: Str(64) }),
  produces: ['application/json'],
  answer: Obj({ code: T.Integer(), msg: T.String(), data: Nullable(Obj({ text: T.String() })) }),
});

/** `GET /dev/outbox?to=` (never in production): messages of the development outbox, newest first. */
export const DevOutbox = resource({
  service: 'site',
  path: 'dev/outbox',
  access: 'public',
  tag: 'dev',
  summary: 'Development only: mail and SMS the dev outbox kept, newest first',
  input: Obj({ to: T.Optional(Str(256)) }),
  produces: ['application/json'],
  answer: Obj({
    code: T.Integer(),
    msg: T.String(),
    data: Nullable(
      T.Array(
        Obj({
          to: T.String(),
          channel: OneOf(['mail', 'sms'] as const),
          purpose: OneOf(['1', '2', '4'] as const),
          code: Nullable(T.String()),
          subject: T.String(),
          text: T.String(),
          time: T.String({ description: 'ISO 8601 time of delivery' }),
        }),
      ),
    ),
  }),
});
