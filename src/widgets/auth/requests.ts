/** The request payloads of spec §7 for the sign-in screens; every string value is trimmed (spec §5). */
import { CodePurpose, SendMail, SendPhone } from '../../core/contract/auth';
import type { Forgot, LoginRequest, Register } from '../../core/contract/auth';
import type { InputOf } from '../../core/contract/endpoint';
import type { ResolvedAccount } from './auth.logic';

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

/** A code request: the endpoint (mail or phone) and its input. */
export type SendCodeCall =
  | { endpoint: typeof SendMail; payload: InputOf<typeof SendMail> }
  | { endpoint: typeof SendPhone; payload: InputOf<typeof SendPhone> };

/** `wa-na/sendMail` or `wa-na/sendPhone` for a purpose (register, forgot, registration complete). */
export function sendCodeCall(
  account: ResolvedAccount,
  purpose: keyof typeof CodePurpose,
  locale: string,
): SendCodeCall {
  const target = account.username;
  const type = CodePurpose[purpose];
  return account.type === 'E'
    ? { endpoint: SendMail, payload: { email: target, type, locale } }
    : { endpoint: SendPhone, payload: { phone: target, type, locale } };
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
export function registerPayload(
  account: ResolvedAccount,
  input: RegisterInput,
): InputOf<typeof Register> & { country?: string } {
  const payload: InputOf<typeof Register> & { country?: string } = {
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
): InputOf<typeof Forgot> {
  return {
    username: account.username,
    type: account.type,
    password: password.trim(),
    code: code.trim(),
  };
}
