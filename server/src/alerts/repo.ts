/** The `price_alerts` table: rows as the contract answers them, and the statements of the alert service. */
import {
  ALERT_HISTORY_MAX,
  type AlertCondition,
  type AlertMode,
  type AlertState,
  type PriceAlert,
} from '../../../src/core/contract/alerts';
import { normalize } from '../../../src/core/domain/decimal';
import type { Queryable } from '../db/types';
import type { AlertTarget } from './levels';

/** One stored alert. */
export interface AlertRow {
  id: string;
  userId: string;
  symbol: string;
  mode: AlertMode;
  condition: AlertCondition;
  level: string | null;
  percent: string | null;
  referencePrice: string | null;
  note: string;
  state: AlertState;
  version: number;
  createdMs: string;
  firedMs: string | null;
  firedPrice: string | null;
}

export const ALERT_COLUMNS = `id::text, user_id::text as "userId", symbol, mode, condition, level::text,
  percent::text, reference_price::text as "referencePrice", note, state, version,
  created_ms::text as "createdMs", fired_ms::text as "firedMs", fired_price::text as "firedPrice"`;

/** The row as answered (decimals without needless trailing zeros beyond what was stored). */
export function toPriceAlert(row: AlertRow): PriceAlert {
  return {
    id: row.id,
    symbol: row.symbol,
    mode: row.mode,
    condition: row.condition,
    level: row.level,
    percent: row.percent === null ? null : normalize(row.percent),
    referencePrice: row.referencePrice,
    note: row.note,
    state: row.state,
    createdAtTs: Number(row.createdMs),
    firedAtTs: row.firedMs === null ? null : Number(row.firedMs),
    firedPrice: row.firedPrice,
  };
}

/** The target of a stored alert. */
export function targetOf(row: AlertRow): AlertTarget {
  if (row.condition === 'move_pct') {
    return {
      condition: 'move_pct',
      percent: row.percent ?? '0',
      referencePrice: row.referencePrice ?? '0',
    };
  }
  return { condition: row.condition, level: row.level ?? '0' };
}

/** The stored columns of a target: level, percent, reference price. */
export function targetColumns(target: AlertTarget): [string | null, string | null, string | null] {
  return target.condition === 'move_pct'
    ? [null, target.percent, target.referencePrice]
    : [target.level, null, null];
}

/** One of the user's alerts (another user's answers undefined, like a missing one). */
export async function findOwnAlert(
  q: Queryable,
  userId: string,
  id: string,
  lock = false,
): Promise<AlertRow | undefined> {
  const { rows } = await q.query<AlertRow>(
    `select ${ALERT_COLUMNS} from price_alerts where id = $1 and user_id = $2${lock ? ' for update' : ''}`,
    [id, userId],
  );
  return rows[0];
}

/** The user's active alerts oldest first, then the last fired or removed ones newest first. */
export async function listAlerts(
  q: Queryable,
  userId: string,
): Promise<{ active: AlertRow[]; past: AlertRow[] }> {
  const active = await q.query<AlertRow>(
    `select ${ALERT_COLUMNS} from price_alerts where user_id = $1 and state = 'active' order by id`,
    [userId],
  );
  const past = await q.query<AlertRow>(
    `select ${ALERT_COLUMNS} from price_alerts where user_id = $1 and state <> 'active'
      order by coalesce(fired_ms, removed_ms) desc, id desc limit ${ALERT_HISTORY_MAX}`,
    [userId],
  );
  return { active: active.rows, past: past.rows };
}

/** Every active alert (the book is built from them at start). */
export async function activeAlerts(q: Queryable): Promise<AlertRow[]> {
  const { rows } = await q.query<AlertRow>(
    `select ${ALERT_COLUMNS} from price_alerts where state = 'active' order by id`,
  );
  return rows;
}

/** The alerts of these ids in any state (another process changed them). */
export async function alertsByIds(q: Queryable, ids: readonly string[]): Promise<AlertRow[]> {
  const { rows } = await q.query<AlertRow>(
    `select ${ALERT_COLUMNS} from price_alerts where id = any($1::bigint[]) order by id`,
    [ids],
  );
  return rows;
}
