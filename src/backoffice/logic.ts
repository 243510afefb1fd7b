/**
 * Pure rules of the back office: the review queues' endpoints (the cashier's admin contract), a queue item read
 * from the contract's deposit and withdrawal answers, and what each role may see.
 */
import {
  AdminApproveDeposit,
  AdminDepositList,
  AdminRejectDeposit,
  type AdminDeposit,
} from '../core/contract/deposits';
import type { OperatorRole } from '../core/contract/endpoint';
import { normalize } from '../core/domain/decimal';
import { formatAmount } from '../core/domain/format';
import {
  AdminWithdrawalApprove,
  AdminWithdrawalDetail,
  AdminWithdrawalFreeze,
  AdminWithdrawalList,
  AdminWithdrawalReject,
  type AdminWithdrawal,
  type WithdrawalDestination,
} from '../core/contract/withdrawals';
import type { Target } from './api';

export type QueueKind = 'deposits' | 'withdrawals';
export type Page = QueueKind | 'audit';

interface QueueTargets {
  list: Target;
  /** The detail read (withdrawals: the destination); deposits show what the list answered. */
  detail: Target | null;
  approve: Target;
  reject: Target;
}

/** The review endpoints of a queue (issue #13: the same three for deposits and withdrawals). */
export function queueTargets(kind: QueueKind): QueueTargets {
  return kind === 'deposits'
    ? { list: AdminDepositList, detail: null, approve: AdminApproveDeposit, reject: AdminRejectDeposit }
    : {
        list: AdminWithdrawalList,
        detail: AdminWithdrawalDetail,
        approve: AdminWithdrawalApprove,
        reject: AdminWithdrawalReject,
      };
}

/** One waiting ticket as the queue shows it. */
export interface QueueItem {
  kind: QueueKind;
  /** The ticket id the admin routes take. */
  id: string;
  /** The ticket's own number (the trader's record shows it). */
  ticketNo: string;
  /** The user's public uid (the side panel's key). */
  userUid: string;
  /** The amounts as shown (`ticketAmount`, USD value at 2 decimals). */
  amount: string;
  currency: string;
  usdAmount: string;
  method: 'crypto' | 'bank';
  /** How the money moves: "USDT · TRC20", or the bank card "Bank ****1234". */
  via: string;
  /** Withdrawals: the fee and what is paid out, in `currency`; null for a deposit. */
  fee: string | null;
  practical: string | null;
  /** Milliseconds since the epoch. */
  createdAt: number;
  /** Admin path of the deposit's proof image, null without one (and for a withdrawal). */
  proofUrl: string | null;
  /** Facts of the detail view: [label key under backoffice.queue.field, value]. */
  fields: Array<[string, string]>;
}

/**
 * A ticket amount as operators read it: USD at 2 decimals, a coin with every significant decimal (at least 2),
 * both with thousands separators ("1,000.00", "0.00123456").
 */
export function ticketAmount(value: string, currency: string): string {
  if (currency === 'USD') return formatAmount(value);
  const decimals = normalize(value).split('.')[1]?.length ?? 0;
  return formatAmount(value, { decimals: Math.max(2, decimals) });
}

const viaOf = (currency: string, protocol: string | null) =>
  protocol && protocol !== currency ? `${currency} · ${protocol}` : currency;

/** A queue item from a deposit of the admin list. */
export function depositItem(deposit: AdminDeposit): QueueItem {
  const via = deposit.method === 'crypto' ? viaOf(deposit.currency, deposit.protocol) : deposit.currency;
  return {
    kind: 'deposits',
    id: deposit.id,
    ticketNo: deposit.uid,
    userUid: deposit.userUid,
    amount: ticketAmount(deposit.amount, deposit.currency),
    currency: deposit.currency,
    usdAmount: formatAmount(deposit.usdAmount),
    method: deposit.method,
    via,
    fee: null,
    practical: null,
    createdAt: deposit.createdAt,
    proofUrl: deposit.proofUrl,
    fields: [
      ['ticket', deposit.uid],
      ['method', deposit.method],
      ['coin', via],
    ],
  };
}

/** The facts of a withdrawal's destination, as submitted. */
function destinationFields(destination: WithdrawalDestination): Array<[string, string]> {
  if (destination.kind === 'crypto') {
    return [
      ['coin', viaOf(destination.currency, destination.protocol)],
      ['address', destination.address],
    ];
  }
  return [
    ['bank', destination.bankName],
    ['bank_code', destination.bankCode],
    ['swift', destination.swiftCode],
    ['country', destination.bankCountry],
    ['payee', destination.name],
    ['account', destination.account],
  ].filter((field): field is [string, string] => field[1] !== '');
}

/** A queue item from a withdrawal of the admin list, with its destination once the detail is read. */
export function withdrawalItem(
  withdrawal: AdminWithdrawal,
  destination: WithdrawalDestination | null = null,
): QueueItem {
  const via =
    withdrawal.method === 'bank'
      ? `${withdrawal.bankName ?? ''} ****${withdrawal.accountLast4 ?? ''}`.trim()
      : viaOf(withdrawal.currency, withdrawal.protocol);
  return {
    kind: 'withdrawals',
    id: withdrawal.id,
    ticketNo: withdrawal.uid,
    userUid: withdrawal.userUid,
    amount: ticketAmount(withdrawal.amount, withdrawal.currency),
    currency: withdrawal.currency,
    usdAmount: formatAmount(withdrawal.usdAmount),
    method: withdrawal.method,
    via,
    fee: ticketAmount(withdrawal.fee, withdrawal.currency),
    practical: ticketAmount(withdrawal.practical, withdrawal.currency),
    createdAt: withdrawal.createdAt,
    proofUrl: null,
    fields: [
      ['ticket', withdrawal.uid],
      ['method', withdrawal.method],
      ...(destination ? destinationFields(destination) : [['via', via] as [string, string]]),
    ],
  };
}

/** The items of a queue's list answer. */
export function queueItemsOf(
  data: { list: readonly AdminDeposit[] } | { list: readonly AdminWithdrawal[] },
  kind: QueueKind,
): QueueItem[] {
  return kind === 'deposits'
    ? (data.list as readonly AdminDeposit[]).map(depositItem)
    : (data.list as readonly AdminWithdrawal[]).map((w) => withdrawalItem(w));
}

/** The pages an operator may open: the queues need finance, the audit log any role. */
export function pagesFor(roles: readonly OperatorRole[]): Page[] {
  return roles.includes('finance') ? ['deposits', 'withdrawals', 'audit'] : ['audit'];
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
