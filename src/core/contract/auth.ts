import type { DecimalString } from './types';

/** Login type: email or phone (spec §7). */
export type RegisterType = 'E' | 'P';

/** `wa-na/login` request; a second call carries `command: 'verification'` and the TOTP `authCode`. */
export interface LoginRequest {
  username: string;
  type: RegisterType;
  password: string;
  command?: 'verification';
  authCode?: string;
}

/** `wa-na/login` answer: `qrcodeStatus` 0 means a second factor is needed (tokens are then empty). */
export interface LoginResponse {
  token: string;
  refreshToken: string;
  qrcodeStatus: 0 | 1;
  /** Access-token expiry, ms since epoch (empty when a second factor is needed). */
  expiresAt: number | null;
}

/** `wa-na/refresh` answer: rotation returns a new refresh token with the new access token. */
export interface RefreshResponse {
  token: string;
  refreshToken: string;
  expiresAt: number;
}

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

export interface AccountSummary {
  balanceAmount: DecimalString;
  lockMargin: DecimalString;
}

/** `waa/user/info` answer (spec §3 User). */
export interface UserInfo {
  id: string;
  uid: string;
  nickname: string;
  avatar: string | null;
  realName: string | null;
  email: string | null;
  phone: string | null;
  areaCode: string | null;
  inviteCode: string;
  registerType: RegisterType;
  country: string | null;
  idNumber: string | null;
  account: AccountSummary;
  /** True when this token's account is the demo account. */
  virtual: boolean;
  /** balance + locked margin. */
  totalBalance: DecimalString;
  /** balance. */
  availableBalance: DecimalString;
  totpEnabled: boolean;
}

/** Verification-code purposes of `sendMail` / `sendPhone` (spec §7). */
export const CodePurpose = { register: '1', forgot: '2', registrationComplete: '4' } as const;
