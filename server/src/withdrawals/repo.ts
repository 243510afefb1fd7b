/** Withdrawal tickets (`cash_tickets`, action type 1) and the rules of the status check, in SQL. */
import type { Queryable } from '../db/types';
import type { AdminWithdrawal, WithdrawalTicket } from '../../../src/core/contract/withdrawals';

/** Action type of a withdrawal ticket (spec §3). */
export const WITHDRAW_ACTION = 1;

/** A withdrawal ticket joined with what the operators' queue shows. */
export interface TicketRow {
  id: string;
  uid: string;
  user_id: string;
  user_uid: string;
  method: 'crypto' | 'bank';
  currency: string;
  protocol: string | null;
  bank_name: string | null;
  account_last4: string | null;
  amount: string;
  usd_amount: string;
  fee: string;
  practical: string;
  state: 'waiting' | 'success' | 'fail';
  reason: string;
  destination_sealed: string | null;
  created_ms: string;
  reviewed_ms: string | null;
  reviewed_by: string | null;
}

const TICKET_SELECT = `
  select t.id::text, t.uid, t.user_id::text, u.uid as user_uid, t.method, t.currency, c.protocol,
         b.bank_name, b.account_last4, t.amount::text, t.usd_amount::text, t.fee::text, t.practical::text,
         t.state, t.reason, t.destination_sealed,
         (extract(epoch from t.created_at) * 1000)::bigint::text as created_ms,
         (extract(epoch from t.reviewed_at) * 1000)::bigint::text as reviewed_ms, t.reviewed_by
    from cash_tickets t
    join users u on u.id = t.user_id
    left join cash_coins c on c.id = t.coin_id
    left join bank_cards b on b.id = t.bank_card_id`;

/** The owner's view of a ticket. */
export function toUserTicket(row: TicketRow): WithdrawalTicket {
  return {
    id: row.id,
    uid: row.uid,
    method: row.method,
    currency: row.currency,
    amount: row.amount,
    usdAmount: row.usd_amount,
    fee: row.fee,
    practical: row.practical,
    state: row.state,
    submitTimeTs: Number(row.created_ms),
  };
}

/** The operators' view of a ticket (never the destination). */
export function toAdminTicket(row: TicketRow): AdminWithdrawal {
  return {
    id: row.id,
    uid: row.uid,
    userUid: row.user_uid,
    method: row.method,
    currency: row.currency,
    protocol: row.method === 'crypto' ? row.protocol : null,
    bankName: row.method === 'bank' ? row.bank_name : null,
    accountLast4: row.method === 'bank' ? row.account_last4 : null,
    amount: row.amount,
    usdAmount: row.usd_amount,
    fee: row.fee,
    practical: row.practical,
    state: row.state,
    reason: row.reason,
    createdAt: Number(row.created_ms),
    reviewedAt: row.reviewed_ms === null ? null : Number(row.reviewed_ms),
    reviewedBy: row.reviewed_by,
  };
}

/**
 * One withdrawal ticket by id, or null (a deposit ticket's id reads as missing); `lock` locks the ticket row
 * until the transaction ends.
 */
export async function findWithdrawal(q: Queryable, id: string, lock = false): Promise<TicketRow | null> {
  const { rows } = await q.query<TicketRow>(
    `${TICKET_SELECT} where t.id = $1 and t.action_type = $2${lock ? ' for update of t' : ''}`,
    [id, WITHDRAW_ACTION],
  );
  return rows[0] ?? null;
}

/** A page of withdrawals in `state`, oldest first (the queue is worked from its head). */
export async function listWithdrawals(
  q: Queryable,
  state: TicketRow['state'],
  page: number,
  limit: number,
): Promise<{ list: TicketRow[]; total: number }> {
  const { rows } = await q.query<TicketRow>(
    `${TICKET_SELECT} where t.action_type = $1 and t.state = $2 order by t.id limit $3 offset $4`,
    [WITHDRAW_ACTION, state, limit, (page - 1) * limit],
  );
  const count = await q.query<{ n: string }>(
    'select count(*)::text as n from cash_tickets where action_type = $1 and state = $2',
    [WITHDRAW_ACTION, state],
  );
  return { list: rows, total: Number(count.rows[0]?.n ?? 0) };
}

/** True when the user has a withdrawal waiting for review. */
export async function hasWaitingWithdrawal(q: Queryable, userId: string): Promise<boolean> {
  const { rows } = await q.query(
    `select 1 from cash_tickets where user_id = $1 and action_type = $2 and state = 'waiting' limit 1`,
    [userId, WITHDRAW_ACTION],
  );
  return rows.length > 0;
}

/** A brand's withdrawal rules (defaults when it has no row). */
export interface WithdrawalRules {
  /** USD trading volume required before a withdrawal (23557); null: no rule. */
  minTradedVolume: string | null;
  /** Open positions, pending orders or running options refuse a withdrawal (1070). */
  blockOpenPositions: boolean;
}

export const DEFAULT_WITHDRAWAL_RULES: WithdrawalRules = { minTradedVolume: null, blockOpenPositions: true };

export async function withdrawalRules(q: Queryable, brandId: string): Promise<WithdrawalRules> {
  const { rows } = await q.query<{ min_traded_volume: string | null; block_open_positions: boolean }>(
    `select min_traded_volume::text, block_open_positions from withdrawal_brand_settings where brand_id = $1`,
    [brandId],
  );
  const row = rows[0];
  return row
    ? { minTradedVolume: row.min_traded_volume, blockOpenPositions: row.block_open_positions }
    : DEFAULT_WITHDRAWAL_RULES;
}

/** True when the real account has an open position, a pending order or a running option. */
export async function hasOpenPositions(q: Queryable, userId: string): Promise<boolean> {
  const { rows } = await q.query(
    `select 1 where exists (select 1 from orders where user_id = $1 and not virtual and position_status in (1, 2))
        or exists (select 1 from option_orders where user_id = $1 and not virtual and position_status = 0)`,
    [userId],
  );
  return rows.length > 0;
}

/** The user's real trading volume in USD: notional (margin × leverage) of filled orders plus option stakes. */
export async function tradedVolume(q: Queryable, userId: string): Promise<string> {
  const { rows } = await q.query<{ v: string }>(
    `select (coalesce((select sum(margin * multiple) from orders
                        where user_id = $1 and not virtual and transaction_time is not null), 0)
           + coalesce((select sum(amount) from option_orders where user_id = $1 and not virtual), 0))::text as v`,
    [userId],
  );
  return rows[0]?.v ?? '0';
}

/** Whether an operator froze the user's withdrawals. */
export async function withdrawalFrozen(q: Queryable, userId: string): Promise<boolean> {
  const { rows } = await q.query<{ frozen: boolean }>(
    'select withdrawal_frozen as frozen from users where id = $1',
    [userId],
  );
  return rows[0]?.frozen ?? true;
}

/**
 * Sets the user's withdrawal freeze in `tx`, locking the user row first: answers the user's id, or null for
 * an unknown uid; 'unchanged' when the freeze already was `frozen`.
 */
export async function setWithdrawalFrozen(
  tx: Queryable,
  uid: string,
  frozen: boolean,
): Promise<{ id: string } | 'unchanged' | null> {
  const { rows } = await tx.query<{ id: string; frozen: boolean }>(
    'select id::text as id, withdrawal_frozen as frozen from users where uid = $1 for update',
    [uid],
  );
  const user = rows[0];
  if (!user) return null;
  if (user.frozen === frozen) return 'unchanged';
  await tx.query('update users set withdrawal_frozen = $2 where id = $1', [user.id, frozen]);
  return { id: user.id };
}

/** The bank-card withdrawal limits and fee (`bank_withdraw_meta`), or null. */
export interface BankMetaRow {
  id: number;
  currency: string;
  minWithdraw: string;
  maxWithdraw: string;
  feeType: string;
  feeNum: string;
}

export async function findBankMeta(q: Queryable, id?: number): Promise<BankMetaRow | null> {
  const { rows } = await q.query<{
    id: number;
    currency: string;
    min_withdraw: string;
    max_withdraw: string;
    fee_type: string;
    fee_num: string;
  }>(
    `select id, currency, min_withdraw::text, max_withdraw::text, fee_type, fee_num::text from bank_withdraw_meta
      where enabled and ($1::integer is null or id = $1) order by id limit 1`,
    [id ?? null],
  );
  const row = rows[0];
  return row
    ? {
        id: Number(row.id),
        currency: row.currency,
        minWithdraw: row.min_withdraw,
        maxWithdraw: row.max_withdraw,
        feeType: row.fee_type,
        feeNum: row.fee_num,
      }
    : null;
}
