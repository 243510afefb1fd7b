/**
 * Reads of the back office: the user beside a queue item (summary, ledger postings, open positions and running
 * options of the real account) and the audit log. Each user read answers only what the uid names; an unknown
 * uid answers 1002. Every user read writes its audit row (UL3).
 */
import type { FastifyInstance } from 'fastify';
import {
  GetUserLedger,
  GetUserPositions,
  GetUserSummary,
  ListAudit,
  type AuditRow,
  type LedgerLine,
  type UserPositions,
  type UserSummary,
} from '../../../src/core/contract/backoffice';
import type { DataOf, InputOf } from '../../../src/core/contract/endpoint';
import { Code } from '../../../src/core/contract/codes';
import { normalize } from '../../../src/core/domain/decimal';
import type { Queryable } from '../db/types';
import type { AdminAudit } from '../http/admin-audit';
import { BusinessError, ok } from '../http/envelope';
import { route } from '../http/route';
import { maskEmail, maskPhone } from './mask';

interface UserRow {
  id: string;
  uid: string;
  brand_id: string;
  email: string | null;
  phone: string | null;
  area_code: string | null;
  blocked: boolean;
  withdrawal_frozen: boolean;
  created_at: Date;
}

const ms = (value: Date | string | number) => new Date(value).getTime();
const dec = (value: string | number | null | undefined) => normalize(String(value ?? '0'));

async function userOf(db: Queryable, uid: string): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `select id::text as id, uid, brand_id, email, phone, area_code, blocked, withdrawal_frozen, created_at
       from users where uid = $1`,
    [uid],
  );
  const user = rows[0];
  if (!user) throw new BusinessError(Code.USER_NOT_FOUND);
  return user;
}

const clampPage = (page: number | undefined, size: number | undefined) => {
  const pageSize = size ?? 20;
  const current = page ?? 1;
  return { page: current, pageSize, offset: (current - 1) * pageSize };
};

const LOAN_STATES = ['waiting', 'active', 'rejected', 'repaid', 'overdue'] as const;

/** The user's newest loan as the summary shows it (issue #20), or null. */
async function newestLoan(db: Queryable, userId: string): Promise<UserSummary['loan']> {
  const { rows } = await db.query<{ status: number; amount: string; owed: string; due: string | null }>(
    `select status, amount::text, amount_owed::text as owed, repayment_ms::text as due from loans
      where user_id = $1 order by id desc limit 1`,
    [userId],
  );
  const loan = rows[0];
  if (!loan) return null;
  const state = LOAN_STATES[loan.status] ?? 'waiting';
  return {
    state,
    amount: loan.amount,
    amountOwed: loan.owed,
    repaymentDate: loan.due === null ? null : Number(loan.due),
  };
}

/** The summary card beside a queue item: masked contacts, the real account's balance and its cash totals. */
async function userSummary(db: Queryable, uid: string): Promise<UserSummary> {
  const user = await userOf(db, uid);
  const { rows } = await db.query<{
    balance: string | null;
    lock_margin: string | null;
    deposits: string;
    withdrawals: string;
    waiting: string;
  }>(
    `select
       (select balance from ledger_accounts where user_id = $1 and kind = 'real') as balance,
       (select lock_margin from ledger_accounts where user_id = $1 and kind = 'real') as lock_margin,
       (select coalesce(sum(usd_amount), 0) from cash_tickets
         where user_id = $1 and action_type = 0 and state = 'success') as deposits,
       (select coalesce(sum(usd_amount), 0) from cash_tickets
         where user_id = $1 and action_type = 1 and state = 'success') as withdrawals,
       (select coalesce(sum(usd_amount), 0) from cash_tickets
         where user_id = $1 and action_type = 1 and state = 'waiting') as waiting`,
    [user.id],
  );
  const sums = rows[0];
  return {
    uid: user.uid,
    brandId: user.brand_id,
    email: maskEmail(user.email),
    phone: maskPhone(user.phone, user.area_code),
    registeredAt: ms(user.created_at),
    blocked: user.blocked,
    withdrawalFrozen: user.withdrawal_frozen,
    balance: dec(sums?.balance),
    lockMargin: dec(sums?.lock_margin),
    approvedDeposits: dec(sums?.deposits),
    paidWithdrawals: dec(sums?.withdrawals),
    waitingWithdrawal: dec(sums?.waiting),
    loan: await newestLoan(db, user.id),
  };
}

/** One page of the real account's ledger postings, newest first. */
async function userLedger(
  db: Queryable,
  input: InputOf<typeof GetUserLedger>,
): Promise<DataOf<typeof GetUserLedger>> {
  const user = await userOf(db, input.uid);
  const { page, pageSize, offset } = clampPage(input.page, input.pageSize);
  const from = `from ledger_postings p
      join ledger_accounts a on a.id = p.account_id
      join ledger_transactions t on t.id = p.txn_id
     where a.user_id = $1 and a.kind = 'real'`;
  const [lines, count] = await Promise.all([
    db.query<{
      id: string;
      txn_id: string;
      kind: string;
      ref: string | null;
      note: string | null;
      bucket: 'balance' | 'lock_margin';
      amount: string;
      created_at: Date;
    }>(
      `select p.id::text as id, p.txn_id::text as txn_id, t.kind, t.ref, t.note, p.bucket, p.amount::text,
              p.created_at ${from}
        order by p.id desc limit $2 offset $3`,
      [user.id, pageSize, offset],
    ),
    db.query<{ n: string }>(`select count(*)::text as n ${from}`, [user.id]),
  ]);
  const list: LedgerLine[] = lines.rows.map((row) => ({
    id: row.id,
    txnId: row.txn_id,
    kind: row.kind,
    ref: row.ref,
    note: row.note,
    bucket: row.bucket,
    amount: dec(row.amount),
    createdAt: ms(row.created_at),
  }));
  return { list, page, pageSize, total: Number(count.rows[0]?.n ?? 0) };
}

/** The real account's open positions and running options (at most 200 of each). */
export async function userPositions(db: Queryable, uid: string): Promise<UserPositions> {
  const user = await userOf(db, uid);
  const [orders, options] = await Promise.all([
    db.query<{
      uid: string;
      trade_pair: string;
      product_name: string;
      order_type: number;
      position_status: number;
      opening_price: string;
      order_quantity: string;
      margin: string;
      order_time: string;
    }>(
      `select uid, trade_pair, product_name, order_type, position_status, opening_price::text,
              order_quantity::text, margin::text, order_time::text
         from orders where user_id = $1 and not virtual and position_status in (1, 2)
        order by order_time desc limit 200`,
      [user.id],
    ),
    db.query<{
      uid: string;
      trade_pair: string;
      order_type: number;
      amount: string;
      price: string;
      begin_time: string;
      end_time: string;
    }>(
      `select uid, trade_pair, order_type, amount::text, price::text, begin_time::text, end_time::text
         from option_orders where user_id = $1 and not virtual and position_status = 0
        order by begin_time desc limit 200`,
      [user.id],
    ),
  ]);
  const answer: UserPositions = {
    orders: orders.rows.map((row) => ({
      uid: row.uid,
      tradePair: row.trade_pair,
      productName: row.product_name,
      orderType: Number(row.order_type),
      positionStatus: Number(row.position_status),
      openingPrice: dec(row.opening_price),
      orderQuantity: dec(row.order_quantity),
      margin: dec(row.margin),
      orderTime: Number(row.order_time),
    })),
    options: options.rows.map((row) => ({
      uid: row.uid,
      tradePair: row.trade_pair,
      orderType: Number(row.order_type),
      amount: dec(row.amount),
      price: dec(row.price),
      beginTime: Number(row.begin_time),
      endTime: Number(row.end_time),
    })),
  };
  return answer;
}

/** One page of the audit log, filtered by object kind, object id and actor when given. */
async function auditPage(db: Queryable, input: InputOf<typeof ListAudit>): Promise<DataOf<typeof ListAudit>> {
  const { page, pageSize, offset } = clampPage(input.page, input.pageSize);
  const where: string[] = [];
  const params: unknown[] = [];
  const filter = (sql: string, value: string | undefined) => {
    if (value === undefined || value.trim() === '') return;
    params.push(value.trim());
    where.push(sql.replace('?', `$${params.length}`));
  };
  filter('l.object_kind = ?', input.objectKind);
  filter('l.object_id = ?', input.objectId);
  filter('l.actor = ?', input.actor);
  const clause = where.length ? `where ${where.join(' and ')}` : '';
  const [rows, count] = await Promise.all([
    db.query<{
      id: string;
      actor: string;
      actor_email: string | null;
      action: string;
      object_kind: string;
      object_id: string;
      before: unknown;
      after: unknown;
      reason: string;
      created_at: Date;
    }>(
      `select l.id::text as id, l.actor, o.email as actor_email, l.action, l.object_kind, l.object_id,
              l.before, l.after, l.reason, l.created_at
         from audit_log l
         left join operators o on l.actor like 'operator:%' and o.id::text = substr(l.actor, 10)
         ${clause}
        order by l.id desc limit $${params.length + 1} offset $${params.length + 2}`,
      [...params, pageSize, offset],
    ),
    db.query<{ n: string }>(`select count(*)::text as n from audit_log l ${clause}`, params),
  ]);
  const list: AuditRow[] = rows.rows.map((row) => ({
    id: row.id,
    actor: row.actor,
    actorEmail: row.actor_email,
    action: row.action,
    objectKind: row.object_kind,
    objectId: row.object_id,
    before: row.before ?? null,
    after: row.after ?? null,
    reason: row.reason,
    createdAt: ms(row.created_at),
  }));
  return { list, page, pageSize, total: Number(count.rows[0]?.n ?? 0) };
}

/**
 * A read of a user's data with its audit row (decision UL3: every view of a user's data is audited), in one
 * transaction; an unknown user is refused before the row, so a refusal records nothing.
 */
function viewed<T>(audit: AdminAudit, action: string, uid: string, read: (tx: Queryable) => Promise<T>) {
  return audit.transaction(async (tx, record) => {
    const data = await read(tx);
    await record({ action, objectKind: 'user', objectId: uid });
    return data;
  });
}

/** Registers the side-panel and audit reads. */
export function readRoutes(app: FastifyInstance): void {
  route(app, GetUserSummary, async ({ uid }, { audit }) =>
    ok(await viewed(audit, 'user.view_summary', uid, (tx) => userSummary(tx, uid))),
  );
  route(app, GetUserLedger, async (input, { audit }) =>
    ok(await viewed(audit, 'user.view_ledger', input.uid, (tx) => userLedger(tx, input))),
  );
  route(app, GetUserPositions, async ({ uid }, { audit }) =>
    ok(await viewed(audit, 'user.view_positions', uid, (tx) => userPositions(tx, uid))),
  );
  route(app, ListAudit, async (input) => ok(await auditPage(app.db, input)));
}
