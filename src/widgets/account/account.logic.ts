/**
 * The rules of <tk-account> as pure functions (spec §2 visibility, §5 validation, §9 limits), tested as
 * tables in account.logic.test.ts.
 */
import type { AccountSummary } from '../../core/contract/accounts';
import type { UserInfo } from '../../core/contract/users';
import type { SystemConfigResponse } from '../../core/contract/types';
import { isConfigOn } from '../../core/config/system-config';
import { add } from '../../core/domain/decimal';
import { formatAmount } from '../../core/domain/format';

/** The screens of <tk-account>. */
export const ACCOUNT_VIEWS = [
  'menu',
  'account',
  'changePassword',
  'privacy',
  'bindEmail',
  'security',
  'standards',
  'invite',
] as const;
export type AccountView = (typeof ACCOUNT_VIEWS)[number];

/** Host path of each view (the route table of spec §2, plus `/user/security` for the second factor). */
export const VIEW_PATHS: Readonly<Record<AccountView, string>> = {
  menu: '/user',
  account: '/user/account',
  changePassword: '/user/changePassword',
  privacy: '/user/privacy',
  bindEmail: '/user/bindEmail',
  security: '/user/security',
  standards: '/user/standards',
  invite: '/user/invite',
};

/** Input maxima and lengths of spec §9. */
export const LIMITS = { nickname: 140, email: 140, passwordMin: 7, passwordMax: 140, totpCode: 6 } as const;

/** A practical e-mail pattern: one @, no spaces, a dot in the domain, a TLD of two or more letters. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[A-Za-z]{2,}$/;

/** The view an attribute names; anything else is the menu. */
export function parseView(value: string | null | undefined): AccountView {
  return (ACCOUNT_VIEWS as readonly string[]).includes(value ?? '') ? (value as AccountView) : 'menu';
}

/** The view a host path shows, or null for a path outside the account pages. */
export function viewOfPath(path: string): AccountView | null {
  const pathname = path.split(/[?#]/)[0]?.replace(/\/+$/, '') || '/';
  const found = ACCOUNT_VIEWS.find((view) => VIEW_PATHS[view].toLowerCase() === pathname.toLowerCase());
  return found ?? null;
}

/** The brand's switch rule lives in the core, for the host too (EK28); it stays part of this widget's surface. */
export { isConfigOn };

/** Bind email is offered only to phone-registered users of a brand that allows it (spec §2/§5). */
export function canBindEmail(
  user: Pick<UserInfo, 'registerType'> | null,
  config: SystemConfigResponse | null,
) {
  return user?.registerType === 'P' && isConfigOn(config, 'user/bindEmail');
}

/** i18n key of a nickname error, null when valid (required, spec §5). */
export function nicknameError(value: string): string | null {
  return value.trim() === '' ? 'form.p_t_nickname' : null;
}

/** The three fields of the change-password form. */
export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  repeat: string;
}

/** Errors per field of the change-password form (spec §5), as i18n keys; empty when valid. */
export function passwordChangeErrors(form: PasswordChange): Partial<Record<keyof PasswordChange, string>> {
  const errors: Partial<Record<keyof PasswordChange, string>> = {};
  if (form.oldPassword.length < LIMITS.passwordMin) errors.oldPassword = 'form.password_limit';
  if (form.newPassword.length < LIMITS.passwordMin) errors.newPassword = 'form.password_limit';
  if (form.repeat !== form.newPassword) errors.repeat = 'form.password_mismatch';
  return errors;
}

/** State of the bind-email form: its error key and whether Done may be pressed. */
export function bindEmailState(
  value: string,
  current: string | null,
): { error: string | null; canSubmit: boolean } {
  const email = value.trim();
  const error = email !== '' && !EMAIL_PATTERN.test(email) ? 'form.wrong_email' : null;
  const unchanged = email.toLowerCase() === (current ?? '').trim().toLowerCase();
  return { error, canSubmit: email !== '' && error === null && !unchanged };
}

/** Total (balance + locked margin) and available (balance) of spec §2, formatted with 2 decimals. */
export function balanceFigures(summary: AccountSummary | null): { total: string; available: string } {
  if (!summary) return { total: formatAmount(null), available: formatAmount(null) };
  return {
    total: formatAmount(add(summary.balanceAmount, summary.lockMargin)),
    available: formatAmount(summary.balanceAmount),
  };
}

/** Keeps the digits of a typed or pasted code, at most `max` of them. */
export function digitsOnly(value: string, max: number = LIMITS.totpCode): string {
  return value.replace(/\D+/g, '').slice(0, max);
}

/**
 * The cashier pages the user menu links to (spec §2): the balance card's deposit and withdraw buttons, and the
 * General section's my wallet (with the brand switch user/myWallet), wallet and loan (with user/loan) rows. The
 * demo account has none.
 */
export const CASHIER_ACTIONS = ['deposit', 'withdraw', 'myWallet', 'wallet', 'loan'] as const;
export type CashierAction = (typeof CASHIER_ACTIONS)[number];
/** The page path of each cashier link. */
export const CASHIER_PATHS: Readonly<Record<CashierAction, string>> = {
  deposit: '/user/deposit',
  withdraw: '/user/withdraw',
  myWallet: '/user/myWallet',
  wallet: '/user/wallet',
  loan: '/user/loan',
};
/** The cashier links of the balance card. */
export const BALANCE_CARD_ACTIONS: readonly CashierAction[] = ['deposit', 'withdraw'];

/** The known actions of the `cashier` attribute (space- or comma-separated), once each, in CASHIER_ACTIONS order. */
export function parseCashier(text: string | undefined | null): CashierAction[] {
  const asked = new Set((text ?? '').split(/[\s,]+/).filter(Boolean));
  return CASHIER_ACTIONS.filter((action) => asked.has(action));
}
