/** Every query of deposit tickets (`cash_tickets` rows with action_type 0) and of `deposit_banks`. */
import type { PayState } from '../../../src/core/contract/coins';
import type { AdminDeposit, DepositBank, DepositMethod } from '../../../src/core/contract/deposits';
import type { Queryable } from '../db/types';
import { toMoney } from '../ledger';

/** A deposit ticket as the server works with it (amounts as NUMERIC text). */
export interface DepositRow {
  id: string;
  uid: string;
  userId: string;
  userUid: string;
  brandId: string;
  method: DepositMethod;
  coinId: number | null;
  currency: string;
  protocol: string;
  amount: string;
  usdAmount: string;
  state: PayState;
  reason: string;
  createdAt: number;
  reviewedAt: number | null;
  reviewedBy: string | null;
  hasProof: boolean;
}

const COLUMNS = `t.id::text as id, t.uid, t.user_id::text as "userId", u.uid as "userUid", u.brand_id as "brandId",
  t.method, t.coin_id as "coinId", t.currency, coalesce(c.protocol, '') as protocol,
  t.amount::text as amount, t.usd_amount::text as "usdAmount", t.state, t.reason,
  (extract(epoch from t.created_at) * 1000)::bigint::text as "createdAt",
  (extract(epoch from t.reviewed_at) * 1000)::bigint::text as "reviewedAt", t.reviewed_by as "reviewedBy",
  (t.proof is not null) as "hasProof"`;
const FROM = `cash_tickets t join users u on u.id = t.user_id left join cash_coins c on c.id = t.coin_id`;

type Raw = Omit<DepositRow, 'createdAt' | 'reviewedAt' | 'coinId'> & {
  createdAt: string;
  reviewedAt: string | null;
  coinId: number | string | null;
};

function toRow(raw: Raw): DepositRow {
  return {
    ...raw,
    coinId: raw.coinId === null ? null : Number(raw.coinId),
    createdAt: Number(raw.createdAt),
    reviewedAt: raw.reviewedAt === null ? null : Number(raw.reviewedAt),
  };
}

/** What a new deposit ticket holds. */
export interface NewDeposit {
  uid: string;
  userId: string;
  method: DepositMethod;
  coinId: number | null;
  bankId: number | null;
  currency: string;
  amount: string;
  usdAmount: string;
  proof: Buffer;
  proofType: string;
}

/** Inserts a waiting deposit ticket; answers it. */
export async function insertDeposit(q: Queryable, row: NewDeposit): Promise<DepositRow> {
  const { rows } = await q.query<{ id: string }>(
    `insert into cash_tickets (uid, user_id, action_type, method, coin_id, deposit_bank_id, currency, amount,
                               usd_amount, proof, proof_type)
     values ($1, $2, 0, $3, $4, $5, $6, $7, $8, $9, $10) returning id::text as id`,
    [
      row.uid,
      row.userId,
      row.method,
      row.coinId,
      row.bankId,
      row.currency,
      row.amount,
      row.usdAmount,
      row.proof,
      row.proofType,
    ],
  );
  return (await findDeposit(q, (rows[0] as { id: string }).id)) as DepositRow;
}

/** What a user has filed: deposits waiting for review, and proof bytes of the deposits filed in `windowMs`. */
export async function depositLoadOf(
  q: Queryable,
  userId: string,
  windowMs: number,
): Promise<{ waiting: number; proofBytes: number }> {
  const { rows } = await q.query<{ waiting: number; bytes: string }>(
    `select count(*) filter (where state = 'waiting')::int as waiting,
            coalesce(sum(octet_length(proof)) filter (where created_at > now() - $2::interval), 0)::text as bytes
       from cash_tickets where user_id = $1 and action_type = 0`,
    [userId, `${windowMs} milliseconds`],
  );
  return { waiting: Number(rows[0]?.waiting ?? 0), proofBytes: Number(rows[0]?.bytes ?? 0) };
}

/** One deposit ticket by id (`lock`: FOR UPDATE of the ticket row), or null. */
export async function findDeposit(q: Queryable, id: string, lock = false): Promise<DepositRow | null> {
  const { rows } = await q.query<Raw>(
    `select ${COLUMNS} from ${FROM} where t.id = $1 and t.action_type = 0${lock ? ' for update of t' : ''}`,
    [id],
  );
  return rows[0] ? toRow(rows[0]) : null;
}

/** Marks a waiting ticket decided; answers false when it was not waiting (decided by someone else). */
export async function decideDeposit(
  q: Queryable,
  id: string,
  state: 'success' | 'fail',
  reviewedBy: string,
  reason: string,
): Promise<boolean> {
  const { rows } = await q.query(
    `update cash_tickets set state = $2, reviewed_at = now(), reviewed_by = $3, reason = $4
      where id = $1 and action_type = 0 and state = 'waiting' returning id`,
    [id, state, reviewedBy, reason],
  );
  return rows.length === 1;
}

/** A page of deposits in `state` (all states when null): waiting oldest first, otherwise newest first. */
export async function listDeposits(
  q: Queryable,
  state: PayState | null,
  page: number,
  limit: number,
): Promise<{ list: DepositRow[]; total: number }> {
  const order = state === 'waiting' ? 't.id asc' : 't.id desc';
  const { rows } = await q.query<Raw>(
    `select ${COLUMNS} from ${FROM} where t.action_type = 0 and ($1::text is null or t.state = $1)
      order by ${order} limit $2 offset $3`,
    [state, limit, (page - 1) * limit],
  );
  const count = await q.query<{ total: string }>(
    `select count(*)::text as total from cash_tickets where action_type = 0 and ($1::text is null or state = $1)`,
    [state],
  );
  return { list: rows.map(toRow), total: Number(count.rows[0]?.total ?? 0) };
}

/** The proof image of a deposit, or null. */
export async function proofOf(q: Queryable, id: string): Promise<{ bytes: Buffer; type: string } | null> {
  const { rows } = await q.query<{ proof: Buffer | Uint8Array | null; proof_type: string | null }>(
    'select proof, proof_type from cash_tickets where id = $1 and action_type = 0',
    [id],
  );
  const row = rows[0];
  if (!row?.proof || !row.proof_type) return null;
  return { bytes: Buffer.from(row.proof), type: row.proof_type };
}

/** The admin view of a ticket; `proofUrl` is built by the caller (it knows the route). */
export function toAdminDeposit(row: DepositRow, proofUrl: string | null): AdminDeposit {
  return {
    id: row.id,
    uid: row.uid,
    userUid: row.userUid,
    brandId: row.brandId,
    method: row.method,
    coinId: row.coinId,
    currency: row.currency,
    protocol: row.protocol,
    amount: toMoney(row.amount),
    usdAmount: toMoney(row.usdAmount),
    state: row.state,
    reason: row.reason,
    createdAt: row.createdAt,
    reviewedAt: row.reviewedAt,
    reviewedBy: row.reviewedBy,
    proofUrl: row.hasProof ? proofUrl : null,
  };
}

interface BankRaw {
  id: number;
  bank_name: string;
  account_name: string;
  account_number: string;
  swift_code: string;
  bank_address: string;
  currency: string;
  remark: string;
}

/** The enabled bank accounts of a brand, in display order. */
export async function listDepositBanks(q: Queryable, brandId: string): Promise<DepositBank[]> {
  const { rows } = await q.query<BankRaw>(
    `select id, bank_name, account_name, account_number, swift_code, bank_address, currency, remark
       from deposit_banks where brand_id = $1 and enabled order by sort, id`,
    [brandId],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    bankName: r.bank_name,
    accountName: r.account_name,
    accountNumber: r.account_number,
    swiftCode: r.swift_code,
    bankAddress: r.bank_address,
    currency: r.currency,
    remark: r.remark,
  }));
}
