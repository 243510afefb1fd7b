/** The request payloads of spec §7 for the sign-in screens; every string value is trimmed (spec §5). */
import type { LoginRequest } from '../../core/contract/auth';
import { CodePurpose } from '../../core/contract/auth';
import { PUBLIC_PREFIX, PublicPath } from '../../core/contract/paths';
import type { ResolvedAccount } from './auth.logic';

/** A public web-API path. */
export const publicPath = (name: keyof typeof PublicPath) => `${PUBLIC_PREFIX}${PublicPath[name]}`;

/** `wa-na/login`; with `authCode` the second call of a two-factor sign-in. */
export function loginPayload(account: ResolvedAccount, password: string, authCode?: string): LoginRequest {
  const payload: LoginRequest = {
    username: account.username,
    type: account.type,
    password: password.trim(),
  };
  if (authCode !== undefined) Object.assign(payload, { command: 'verification', authCode: authCode.trim() });
  return payload;
}

/** `wa-na/sendMail` or `wa-na/sendPhone` for a purpose (register, forgot, registration complete). */
export function sendCodeCall(
  account: ResolvedAccount,
  purpose: keyof typeof CodePurpose,
  locale: string,
): { path: string; payload: Record<string, string> } {
  const target = account.username;
  const type = CodePurpose[purpose];
  return account.type === 'E'
    ? { path: publicPath('sendMail'), payload: { email: target, type, locale } }
    : { path: publicPath('sendPhone'), payload: { phone: target, type, locale } };
}

/** What the second step of register collects. */
export interface RegisterInput {
  password: string;
  /** The six digits, or the captcha text. */
  code: string;
  inviteCode: string;
  /** The captcha's uuid when the captcha replaced the code. */
  uuid: string | null;
  locale: string;
}

/** `wa-na/register`; `country` (ISO code) is sent for phone accounts so the profile has it. */
export function registerPayload(account: ResolvedAccount, input: RegisterInput): Record<string, string> {
  const payload: Record<string, string> = {
    username: account.username,
    type: account.type,
    password: input.password.trim(),
    inviteCode: input.inviteCode.trim(),
    code: input.code.trim(),
    locale: input.locale,
  };
  if (input.uuid) payload.uuid = input.uuid;
  if (account.type === 'P' && account.country) payload.country = account.country;
  return payload;
}

/** `wa-na/forgot`. */
export function forgotPayload(
  account: ResolvedAccount,
  password: string,
  code: string,
): Record<string, string> {
  return {
    username: account.username,
    type: account.type,
    password: password.trim(),
    code: code.trim(),
  };
}
