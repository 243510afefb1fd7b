import type { Queryable } from '../db/types';
import { envelopeSchema, objectSchema, type JsonSchema } from '../http/legacy-route';
import { toMoney } from '../ledger';

/** One user as the admin list shows it, with both account balances. */
export interface AdminUserRow {
  uid: string;
  brandId: string;
  email: string | null;
  phone: string | null;
  nickname: string | null;
  registerType: string;
  blocked: boolean;
  createdAt: string;
  real: { balanceAmount: string; lockMargin: string } | null;
  demo: { balanceAmount: string; lockMargin: string } | null;
}

/** A page of the admin user list. */
export interface AdminUserPage {
  list: AdminUserRow[];
  total: number;
  page: number;
  pageSize: number;
}

const nullableString: JsonSchema = { type: ['string', 'null'] };
const ACCOUNT: JsonSchema = {
  type: ['object', 'null'],
  properties: { balanceAmount: { type: 'string' }, lockMargin: { type: 'string' } },
};

/** Response schema of `GET /admin/v1/users`. */
export const USER_LIST_SCHEMA = envelopeSchema(
  objectSchema({
    list: {
      type: 'array',
      items: objectSchema({
        uid: { type: 'string' },
        brandId: { type: 'string' },
        email: nullableString,
        phone: nullableString,
        nickname: nullableString,
        registerType: { type: 'string' },
        blocked: { type: 'boolean' },
        createdAt: { type: 'string' },
        real: ACCOUNT,
        demo: ACCOUNT,
      }),
    },
    total: { type: 'integer' },
    page: { type: 'integer' },
    pageSize: { type: 'integer' },
  }),
);

interface Row {
  uid: string;
  brand_id: string;
  email: string | null;
  phone: string | null;
  nickname: string | null;
  register_type: string;
  blocked: boolean | null;
  created_at: Date;
  real_balance: string | null;
  real_lock: string | null;
  demo_balance: string | null;
  demo_lock: string | null;
}

const account = (balance: string | null, lock: string | null) =>
  balance === null ? null : { balanceAmount: toMoney(balance), lockMargin: toMoney(lock ?? '0') };

/** Escapes LIKE wildcards so a search for "a_b" means that text. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const MATCH = `($1 = '' or u.uid = $1 or u.email ilike $2 or u.phone like $2 or u.nickname ilike $2)`;

/**
 * Users matching `query` (exact uid, or a part of email, phone or nickname; empty: everyone), newest first.
 */
export async function listUsers(
  db: Queryable,
  options: { query?: string; page: number; pageSize: number },
): Promise<AdminUserPage> {
  const query = (options.query ?? '').trim();
  const { rows } = await db.query<Row>(
    `select u.uid, u.brand_id, u.email, u.phone, u.nickname, u.register_type, u.blocked, u.created_at,
            r.balance as real_balance, r.lock_margin as real_lock,
            d.balance as demo_balance, d.lock_margin as demo_lock
       from users u
       left join ledger_accounts r on r.user_id = u.id and r.kind = 'real'
       left join ledger_accounts d on d.user_id = u.id and d.kind = 'demo'
      where ${MATCH}
      order by u.id desc
      limit $3 offset $4`,
    [query, `%${likeLiteral(query)}%`, options.pageSize, (options.page - 1) * options.pageSize],
  );
  const count = await db.query<{ total: string }>(`select count(*) as total from users u where ${MATCH}`, [
    query,
    `%${likeLiteral(query)}%`,
  ]);
  return {
    list: rows.map((row) => ({
      uid: row.uid,
      brandId: row.brand_id,
      email: row.email,
      phone: row.phone,
      nickname: row.nickname,
      registerType: row.register_type.trim(),
      blocked: row.blocked === true,
      createdAt: row.created_at.toISOString(),
      real: account(row.real_balance, row.real_lock),
      demo: account(row.demo_balance, row.demo_lock),
    })),
    total: Number(count.rows[0]?.total ?? 0),
    page: options.page,
    pageSize: options.pageSize,
  };
}
