/**
 * Pure rules of the back office: the review queues' endpoints (declared by the cashier's contract on other
 * branches, called here by path), reading a queue item whatever the names of its fields, and what each role
 * may see.
 */
import type { OperatorRole } from '../core/contract/endpoint';
import type { Target } from './api';

export type QueueKind = 'deposits' | 'withdrawals';
export type Page = QueueKind | 'audit';

const admin = (path: string, method: 'GET' | 'POST'): Target => ({
  service: 'admin',
  path,
  methods: [method],
});

/** The review endpoints of a queue (issue #13: the same three for deposits and withdrawals). */
export function queueTargets(kind: QueueKind) {
  return {
    list: admin(kind, 'GET'),
    detail: admin(`${kind}/{id}`, 'GET'),
    approve: admin(`${kind}/{id}/approve`, 'POST'),
    reject: admin(`${kind}/{id}/reject`, 'POST'),
  };
}

/** Where a deposit's proof image is (an `<img>` fetches it with the session cookie). */
export const proofUrl = (id: string) => `/admin/v1/deposits/${encodeURIComponent(id)}/proof`;

/** One waiting ticket as the queue shows it. */
export interface QueueItem {
  kind: QueueKind;
  id: string;
  /** The user's public uid (the side panel's key). */
  uid: string;
  amount: string;
  currency: string;
  usdAmount: string | null;
  method: string;
  /** Milliseconds since the epoch, or null when the answer has no time. */
  createdAt: number | null;
  hasProof: boolean;
  /** Every scalar field of the answer, for the detail view. */
  fields: Array<[string, string]>;
}

type Raw = Record<string, unknown>;

const first = (raw: Raw, names: readonly string[]): unknown => {
  for (const name of names) if (raw[name] !== undefined && raw[name] !== null) return raw[name];
  return undefined;
};
const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

function timeOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '') {
    const ms = /^\d+$/.test(value) ? Number(value) : Date.parse(value);
    return Number.isFinite(ms) ? ms : null;
  }
  return null;
}

/** A queue item from one ticket of the list answer (the spec's record names and the plain ones both read). */
export function toQueueItem(raw: Raw, kind: QueueKind): QueueItem | null {
  const id = text(first(raw, ['id', 'ticketId']));
  if (!id) return null;
  const usd = first(raw, ['usdAmount', 'depositUsdPrice', 'withdrawUsdPrice']);
  const fields = Object.entries(raw)
    .filter(([, value]) => value !== null && ['string', 'number', 'boolean'].includes(typeof value))
    .map(([name, value]): [string, string] => [name, String(value)]);
  return {
    kind,
    id,
    uid: text(first(raw, ['uid', 'userUid', 'userId'])),
    amount: text(first(raw, ['amount', 'payPrice'])),
    currency: text(first(raw, ['currency', 'unit'])) || 'USD',
    usdAmount: usd === undefined ? null : text(usd),
    method: text(first(raw, ['method', 'type'])),
    createdAt: timeOf(first(raw, ['createdAt', 'submitTimeTs', 'createTime'])),
    hasProof: Boolean(first(raw, ['hasProof', 'proof', 'proofType', 'proofUrl'])),
    fields,
  };
}

/** The items of a list answer: `{ list: [...] }` or a bare array. */
export function queueItemsOf(data: unknown, kind: QueueKind): QueueItem[] {
  const list = Array.isArray(data)
    ? data
    : Array.isArray((data as Raw | null)?.list)
      ? (data as Raw).list
      : [];
  return (list as unknown[])
    .filter((item): item is Raw => typeof item === 'object' && item !== null)
    .map((item) => toQueueItem(item, kind))
    .filter((item): item is QueueItem => item !== null);
}

/** The pages an operator may open: the queues need finance, the audit log any role. */
export function pagesFor(roles: readonly OperatorRole[]): Page[] {
  return roles.includes('finance') ? ['deposits', 'withdrawals', 'audit'] : ['audit'];
}

/** A reject reason is required: 1 to 500 characters once trimmed. */
export const REASON_MAX = 500;
export const reasonValid = (reason: string) => reason.trim().length > 0 && reason.trim().length <= REASON_MAX;

/** A TOTP code as typed: digits only, 6 of them. */
export const normalizeCode = (typed: string) => typed.replace(/\D/g, '').slice(0, 6);

/** Number of pages of `total` rows. */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));
