/**
 * The rules of the sign-in screens (spec §2/§4/§5/§9) as pure functions: validation (each failure is an
 * i18n key), request payloads, the code boxes, the resend and captcha timers and the return path.
 */
import type { RegisterType } from '../../core/contract/auth';
import type { SystemConfigResponse } from '../../core/contract/types';

/** spec §9 input maxima and timers. */
export const MAX_INPUT = 140;
export const CAPTCHA_MAX = 12;
export const CODE_LENGTH = 6;
export const PASSWORD_MIN = 7;
export const RESEND_WAIT_MS = 60_000;
export const CAPTCHA_REFRESH_MS = 3_000;

/** The three screens of <tk-auth>. */
export type AuthView = 'login' | 'register' | 'forgot';
/** Which form a rule is checked for (the spec's messages differ between login and the others). */
export type FormKind = AuthView;

/** `view` attribute → screen (login when absent or unknown). */
export function parseView(value: string | null | undefined): AuthView {
  return value === 'register' || value === 'forgot' ? value : 'login';
}

// The WHATWG form pattern for type=email, plus a dot in the domain as a broker expects a routable address.
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** True for a syntactically valid email address of at most 140 characters. */
export function isEmail(value: string): boolean {
  const v = value.trim();
  return v.length <= MAX_INPUT && EMAIL.test(v);
}

/** The account a form is about: type, what was typed and (for phones) the chosen country. */
export interface AccountInput {
  type: RegisterType;
  value: string;
  country: string | null;
}

/** An account as requests carry it: the trimmed email or the phone digits (E.164 without plus). */
export interface ResolvedAccount {
  type: RegisterType;
  username: string;
  country: string | null;
}

/** National number + country → digits sent, or null when not valid there (phone.ts, loaded on demand). */
export type ToDigits = (national: string, country: string | null) => string | null;

/** The account as sent; a phone that is not valid (or whose rules are not loaded) has an empty username. */
export function resolveAccount(account: AccountInput, toDigits: ToDigits | null): ResolvedAccount {
  const username =
    account.type === 'E' ? account.value.trim() : (toDigits?.(account.value, account.country) ?? '');
  return { type: account.type, username, country: account.type === 'P' ? account.country : null };
}

/** spec §5 account rule; null when valid, else the message key. */
export function accountError(
  kind: FormKind,
  account: AccountInput,
  toDigits: ToDigits | null,
): string | null {
  if (account.type === 'E') {
    return isEmail(account.value) ? null : kind === 'login' ? 'form.p_t_username' : 'form.wrong_email';
  }
  if (!account.country) return 'auth.country_first';
  if (resolveAccount(account, toDigits).username) return null;
  return kind === 'login' ? 'form.p_t_username' : 'form.wrong_phone_number';
}

/** spec §5 password rule: required on login; at least 7 characters to register or reset. */
export function passwordError(kind: FormKind, password: string): string | null {
  if (kind === 'login') return password.trim() ? null : 'form.p_t_password';
  return password.trim().length >= PASSWORD_MIN ? null : 'form.password_limit';
}

/** spec §5: exactly six digits. */
export function codeError(code: string): string | null {
  return /^\d{6}$/.test(code) ? null : 'form.wrong_verification_code';
}

/** spec §5: the captcha text is required (max 12). */
export function captchaError(text: string): string | null {
  return text.trim() ? null : 'form.p_t_verity_code';
}

/** A system config switch; `fallback` while the config or the entry is not known. */
export function configFlag(config: SystemConfigResponse | null, name: string, fallback: boolean): boolean {
  return config?.systemConfigs.find((c) => c.name === name)?.enable ?? fallback;
}

/**
 * spec §2: the sign-in methods offered, default first — phone only with PHONE_REGISTER. The brand's own
 * registration types (`registerTypes`, first = default) decide which tab opens when they name both; otherwise
 * phone is the default whenever it is offered, as spec §2 says.
 */
export function accountTypes(phoneRegister: boolean, brandTypes?: readonly RegisterType[]): RegisterType[] {
  if (!phoneRegister) return ['E'];
  return brandTypes?.[0] === 'E' && brandTypes.includes('P') ? ['E', 'P'] : ['P', 'E'];
}

/**
 * Phone registration with SMS verification off uses the image captcha instead of a code (spec §2). The
 * brand says so with the system config `PHONE_SMS_VERIFY` disabled; absent means SMS is on.
 */
export function phoneUsesCaptcha(config: SystemConfigResponse | null): boolean {
  return !configFlag(config, 'PHONE_SMS_VERIFY', true);
}

/** Seconds until the code may be sent again (0: now). */
export function secondsLeft(until: number | null, now: number): number {
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

/** Seconds to wait before the captcha may be reloaded (spec §9: at most every 3 s). */
export function captchaWait(lastLoadedAt: number | null, now: number): number {
  return lastLoadedAt === null ? 0 : secondsLeft(lastLoadedAt + CAPTCHA_REFRESH_MS, now);
}

/**
 * Where to go after sign-in: a same-site path from `to` (encoded or not), else '/'. Anything that could
 * leave the site (`//host`, `/\host`, a scheme) is refused.
 */
export function returnPath(to: string | null | undefined): string {
  let path = (to ?? '').trim();
  if (/^%2f/i.test(path)) {
    try {
      path = decodeURIComponent(path);
    } catch {
      return '/';
    }
  }
  const control = [...path].some((c) => c.charCodeAt(0) < 0x20);
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\') || control) return '/';
  return path;
}

/** The image source of a getImageCode answer: a data URL, SVG text or Base64 PNG. */
export function captchaSrc(image: string): string {
  const text = image.trim();
  if (text.startsWith('data:image/')) return text;
  if (text.startsWith('<svg')) return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
  return `data:image/png;base64,${text}`;
}

/** spec §7: a login answer with qrcodeStatus 0 and no token asks for the second factor. */
export function needsSecondFactor(answer: { qrcodeStatus?: unknown; token?: unknown } | null): boolean {
  return Number(answer?.qrcodeStatus) === 0 && !answer?.token;
}
