/**
 * The user lookup of the back office (issue #26 item 12): find users by an exact uid, email or phone, and
 * read what the trader sees, read-only. Each call does its reads and writes its audit row in one audited
 * transaction (decision UL3): a lookup records what it was read as, the query masked and the uids found; a
 * view records the user it showed. A refused call (bad query, unknown uid) records nothing.
 */
import type { FastifyInstance } from 'fastify';
import { Code } from '../../../src/core/contract/codes';
import {
  GetUserView,
  LOOKUP_LIMIT,
  LookupUsers,
  readLookupQuery,
  VIEW_RECENT,
  type CashLine,
  type HistoryLine,
  type LookupKey,
  type UserHit,
  type UserView,
  type ViewAccount,
} from '../../../src/core/contract/user-lookup';
import { normalize } from '../../../src/core/domain/decimal';
import type { Queryable } from '../db/types';
import { BusinessError, ok } from '../http/envelope';
import { route } from '../http/route';
import { maskEmail, maskPhone } from './mask';
import { userPositions } from './read-routes';

interface HitRow {
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

const HIT_COLUMNS = `id::text as id, uid, brand_id, email, phone, area_code, blocked, withdrawal_frozen,
  created_at`;
const COLUMN_OF: Record<LookupKey['by'], string> = { uid: 'uid', email: 'email', phone: 'phone' };

const ms = (value: Date | string | number) => new Date(value).getTime();
const dec = (value: string | number | null | undefined) => normalize(String(value ?? '0'));

const toHit = (row: HitRow): UserHit => ({
  uid: row.uid,
  brandId: row.brand_id,
  email: maskEmail(row.email),
  phone: maskPhone(row.phone, row.area_code),
  registeredAt: ms(row.created_at),
  blocked: row.blocked,
  withdrawalFrozen: row.withdrawal_frozen,
});

/** The query as the audit keeps it: a uid as typed, an email or phone masked like everywhere else. */
function maskedQuery(key: LookupKey): string {
  if (key.by === 'uid') return key.value;
  return (key.by === 'email' ? maskEmail(key.value) : maskPhone(key.value, null)) ?? '';
}

/** The users whose column is exactly the key's value (emails are stored in lower case), newest first. */
async function findUsers(db: Queryable, key: LookupKey): Promise<UserHit[]> {
  const { rows } = await db.query<HitRow>(
    `select ${HIT_COLUMNS} from users where ${COLUMN_OF[key.by]} = $1 order by id desc limit $2`,
    [key.value, LOOKUP_LIMIT],
  );
  return rows.map(toHit);
}

async function accountsOf(db: Queryable, userId: string): Promise<ViewAccount[]> {
  const { rows } = await db.query<{
    kind: ViewAccount['kind'];
    currency: string;
    balance: string;
    lock_margin: string;
  }>(
    `select kind, currency, balance::text, lock_margin::text from ledger_accounts
      where owner_kind = 'user' and user_id = $1
      order by case kind when 'real' then 0 when 'demo' then 1 else 2 end, currency`,
    [userId],
  );
  return rows.map((row) => ({
    kind: row.kind,
    currency: row.currency,
    balance: dec(row.balance),
    lockMargin: dec(row.lock_margin),
  }));
}

/** The latest finished trades of the real account: closed or cancelled orders and settled options. */
async function historyOf(db: Queryable, userId: string): Promise<HistoryLine[]> {
  const { rows } = await db.query<{
    kind: HistoryLine['kind'];
    uid: string;
    trade_pair: string;
    order_type: number;
    amount: string;
    result: string;
    close_reason: string | null;
    absorbed: string;
    closed_at: string;
  }>(
    `select * from (
       (select 'order' as kind, uid, trade_pair, order_type, margin::text as amount,
               profit_loss::text as result, close_reason, absorbed_loss::text as absorbed,
               coalesce(closing_time, order_time)::text as closed_at
          from orders where user_id = $1 and not virtual and position_status in (3, 4)
         order by coalesce(closing_time, order_time) desc limit $2)
       union all
       (select 'option' as kind, uid, trade_pair, order_type, amount::text, win_lost::text, null, '0',
               complete_time::text
          from option_orders where user_id = $1 and not virtual and position_status = 1
         order by complete_time desc limit $2)
     ) finished order by closed_at::bigint desc, uid limit $2`,
    [userId, VIEW_RECENT],
  );
  return rows.map((row) => ({
    kind: row.kind,
    uid: row.uid,
    tradePair: row.trade_pair,
    orderType: Number(row.order_type),
    amount: dec(row.amount),
    result: dec(row.result),
    closeReason: row.close_reason,
    // Only where negative-balance protection absorbed part of the loss (PR8).
    ...(Number(row.absorbed) > 0 ? { absorbed: dec(row.absorbed) } : {}),
    closedAt: Number(row.closed_at),
  }));
}

/** The latest deposits and withdrawals, as the trader's records show them (no destination, no proof). */
async function cashOf(db: Queryable, userId: string): Promise<CashLine[]> {
  const { rows } = await db.query<{
    uid: string;
    action_type: number;
    method: string;
    currency: string;
    amount: string;
    state: CashLine['state'];
    reason: string;
    created_at: Date;
  }>(
    `select uid, action_type, method, currency, amount::text, state, reason, created_at
       from cash_tickets where user_id = $1 order by id desc limit $2`,
    [userId, VIEW_RECENT],
  );
  return rows.map((row) => ({
    uid: row.uid,
    type: Number(row.action_type) === 0 ? 'deposit' : 'withdrawal',
    method: row.method,
    currency: row.currency,
    amount: dec(row.amount),
    state: row.state,
    reason: row.reason,
    createdAt: ms(row.created_at),
  }));
}

async function userView(db: Queryable, uid: string): Promise<UserView> {
  const { rows } = await db.query<HitRow>(`select ${HIT_COLUMNS} from users where uid = $1`, [uid]);
  const row = rows[0];
  if (!row) throw new BusinessError(Code.USER_NOT_FOUND);
  // One after another: inside a transaction the connection runs one query at a time anyway.
  const accounts = await accountsOf(db, row.id);
  const positions = await userPositions(db, uid);
  const history = await historyOf(db, row.id);
  const cash = await cashOf(db, row.id);
  return { user: toHit(row), accounts, ...positions, history, cash };
}

/** Registers the lookup and the view. */
export function lookupRoutes(app: FastifyInstance): void {
  route(app, LookupUsers, async ({ query }, { audit }) => {
    const key = readLookupQuery(query);
    if (!key) throw new BusinessError(Code.INCORRECT_PARAMETER);
    const list = await audit.transaction(async (tx, record) => {
      const found = await findUsers(tx, key);
      await record({
        action: 'user.lookup',
        objectKind: 'user_lookup',
        objectId: key.by,
        after: { query: maskedQuery(key), found: found.map((hit) => hit.uid) },
      });
      return found;
    });
    return ok({ by: key.by, list });
  });

  route(app, GetUserView, async ({ uid }, { audit }) =>
    ok(
      await audit.transaction(async (tx, record) => {
        const view = await userView(tx, uid);
        await record({ action: 'user.view', objectKind: 'user', objectId: uid });
        return view;
      }),
    ),
  );
}
