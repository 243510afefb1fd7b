/**
 * Pure rules of the back office: ticket amounts as operators read them, who may hold a user's withdrawals,
 * what an audit row changed, and the sign-in and reason fields. (What each queue lists, shows and decides is
 * its declaration under queues/.)
 */
import type { OperatorRole } from '../core/contract/endpoint';
import { normalize } from '../core/domain/decimal';
import { formatAmount } from '../core/domain/format';
import { AdminWithdrawalFreeze } from '../core/contract/withdrawals';

/**
 * A ticket amount as operators read it: USD at 2 decimals, a coin with every significant decimal (at least 2),
 * both with thousands separators ("1,000.00", "0.00123456").
 */
export function ticketAmount(value: string, currency: string): string {
  if (currency === 'USD') return formatAmount(value);
  const decimals = normalize(value).split('.')[1]?.length ?? 0;
  return formatAmount(value, { decimals: Math.max(2, decimals) });
}

/** Whether an operator with `roles` may freeze and unfreeze a user's withdrawals (as the contract lists). */
export const canHoldWithdrawals = (roles: readonly OperatorRole[]) =>
  roles.some((role) => AdminWithdrawalFreeze.roles?.includes(role));

/** One field an audited action changed, as the audit log shows it (null: there was no value). */
export interface AuditChange {
  /** The field's name; '' when the action recorded a single value rather than an object. */
  field: string;
  before: string | null;
  after: string | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const shown = (value: unknown): string | null =>
  value === null || value === undefined
    ? null
    : typeof value === 'string'
      ? value
      : Array.isArray(value)
        ? value.map((item) => shown(item) ?? '–').join(', ')
        : JSON.stringify(value);

/**
 * What an audit row's before and after say changed: the fields whose values differ, in the order the row
 * names them (before's first), rather than two whole objects to compare by eye.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  if (!isRecord(before) && !isRecord(after)) {
    const change = { field: '', before: shown(before), after: shown(after) };
    return change.before === null && change.after === null ? [] : [change];
  }
  const was = isRecord(before) ? before : {};
  const now = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return fields
    .filter((field) => JSON.stringify(was[field]) !== JSON.stringify(now[field]))
    .map((field) => ({ field, before: shown(was[field]), after: shown(now[field]) }));
}

/** A reject reason is required: 1 to 500 characters once trimmed. */
export const REASON_MAX = 500;
export const reasonValid = (reason: string) => reason.trim().length > 0 && reason.trim().length <= REASON_MAX;

/** A TOTP code as typed: digits only, 6 of them. */
export const normalizeCode = (typed: string) => typed.replace(/\D/g, '').slice(0, 6);

/** Number of pages of `total` rows. */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));
