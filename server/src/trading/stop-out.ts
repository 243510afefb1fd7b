/**
 * Stop-out: when an account's equity (balance + locked margin + floating P&L) falls below the brand's level
 * times its locked margin, the engine closes its losing positions, largest loss first, until the account is
 * back above the level. Checked after ticks, at most once a second per account, whether or not the user is
 * connected.
 */
import { AlarmType } from '../../../src/core/contract/notifications';
import { add, compare, div, mul, sub, type Decimal } from '../../../src/core/domain/decimal';
import type { Queryable } from '../db/types';
import { closeLocked } from './close';
import type { Engine } from './engine';
import { lockUserAccount } from './ledger-ops';
import { exitPrice, pnlUsd } from '../../../src/core/domain/money';
import { ORDER_COLUMNS, selectOrders, type OrderRow } from './orders-repo';
import { stopOutLevelOf } from './settings';

/** Least time between two checks of one account. */
export const STOP_OUT_CHECK_MS = 1000;

/** Floating P&L of an open position at the current quote (null without a quote). */
export function floatingPnl(engine: Engine, order: OrderRow): Decimal | null {
  const product = engine.product(order.tradePair);
  const quote = engine.quote(order.tradePair);
  if (!product || !quote) return null;
  const close = exitPrice(order.orderType, quote);
  return pnlUsd(product, order.orderType, order.openingPrice, close, order.orderQuantity, engine.lookup);
}

/** True when equity is below `level` × locked margin (never with nothing locked). */
export function belowLevel(
  balance: Decimal,
  lockMargin: Decimal,
  floating: Decimal,
  level: Decimal,
): boolean {
  if (compare(lockMargin, '0') <= 0) return false;
  return compare(add(add(balance, lockMargin), floating), mul(level, lockMargin)) < 0;
}

const sum = (values: Array<Decimal | null>) => values.reduce<Decimal>((a, v) => add(a, v ?? '0'), '0');

/**
 * Schedules a check of every account holding an open position in the tick's symbol, each at most once per
 * `STOP_OUT_CHECK_MS`; the accounts due on one tick are read in one query.
 */
export function createStopOutScheduler(engine: Engine): (symbol: string) => void {
  const lastCheck = new Map<string, number>();
  return (symbol) => {
    const now = engine.now();
    const due: Account[] = [];
    for (const account of engine.live.openAccountsIn(symbol)) {
      const key = `${account.userId}:${account.virtual}`;
      if (now - (lastCheck.get(key) ?? Number.NEGATIVE_INFINITY) < STOP_OUT_CHECK_MS) continue;
      lastCheck.set(key, now);
      due.push(account);
    }
    if (due.length > 0) engine.run(() => checkAccounts(engine, due));
    // Accounts that closed their positions would otherwise stay in the map for good.
    if (lastCheck.size > 2 * engine.live.size() + 1000) {
      for (const [key, at] of lastCheck) if (now - at >= STOP_OUT_CHECK_MS) lastCheck.delete(key);
    }
  };
}

interface Account {
  userId: string;
  virtual: boolean;
}

/** Reads the accounts' balances at once and stops out those below their brand's level. */
export async function checkAccounts(engine: Engine, accounts: Account[]): Promise<void> {
  const { rows } = await engine.db.query<{
    user_id: string;
    kind: string;
    balance: string;
    lock_margin: string;
  }>(
    `select user_id, kind, balance, lock_margin from ledger_accounts
      where owner_kind = 'user' and user_id = any($1::bigint[])`,
    [[...new Set(accounts.map((a) => a.userId))]],
  );
  const byKey = new Map(rows.map((r) => [`${r.user_id}:${r.kind === 'demo'}`, r]));
  for (const { userId, virtual } of accounts) {
    const row = byKey.get(`${userId}:${virtual}`);
    if (row && needsStopOut(engine, userId, virtual, row.balance, row.lock_margin)) {
      await stopOut(engine, userId, virtual);
    }
  }
}

/** True when the account's equity at the current quotes is below its brand's stop-out level. */
function needsStopOut(engine: Engine, userId: string, virtual: boolean, balance: Decimal, lock: Decimal) {
  const open = engine.live.ofAccount(userId, virtual).filter((o) => o.positionStatus === 2);
  const brandId = open[0]?.brandId;
  if (!brandId) return false;
  const floating = sum(open.map((o) => floatingPnl(engine, o)));
  return belowLevel(balance, lock, floating, stopOutLevelOf(engine.settings(brandId), virtual));
}

/** A level (0.5) or a ratio of equity to margin as the percentage a notification names ("50.00"). */
const percent = (ratio: Decimal) => div(mul(ratio, '100'), '1', 2);

/**
 * Tells the trader in the close-out's transaction why positions were closed (PR5): the margin level the
 * account had fallen to, the level that applies and each position closed. Null without a notification module.
 */
async function noticeCloseOut(
  tx: Queryable,
  engine: Engine,
  userId: string,
  virtual: boolean,
  facts: { equity: Decimal; lockMargin: Decimal; level: Decimal; closed: OrderRow[] },
): Promise<{ publish(): Promise<void> } | null> {
  if (!engine.notify) return null;
  const content = JSON.stringify({
    demo: virtual,
    marginLevel: percent(div(facts.equity, facts.lockMargin, 6)),
    closeOutLevel: percent(facts.level),
    orders: facts.closed.map((o) => ({ uid: o.uid, tradePair: o.tradePair })),
  });
  return engine.notify(tx, { userId, alarmType: AlarmType.marginCloseOut, actionType: 0, content });
}

/**
 * Stops out one account under its lock: re-reads the account and its open positions, then closes losers,
 * largest loss first, while equity stays below the level; answers the ids of the closed orders.
 */
export async function stopOut(engine: Engine, userId: string, virtual: boolean): Promise<string[]> {
  const brandId = engine.live.ofAccount(userId, virtual)[0]?.brandId;
  if (!brandId) return [];
  const level = stopOutLevelOf(engine.settings(brandId), virtual);
  const { closed, notice } = await engine.db.transaction(async (tx) => {
    const locked = await lockUserAccount(tx, userId, virtual, engine.openDemo);
    const orders = await selectOrders(
      tx,
      `select ${ORDER_COLUMNS} from orders where user_id = $1 and virtual = $2 and position_status = 2
        order by id for update`,
      [userId, virtual],
    );
    const valued = orders
      .map((order) => ({ order, pnl: floatingPnl(engine, order) }))
      .filter((v): v is { order: OrderRow; pnl: Decimal } => v.pnl !== null)
      .sort((a, b) => compare(a.pnl, b.pnl) || (BigInt(a.order.id) < BigInt(b.order.id) ? -1 : 1));
    let state = { id: locked.id, balance: locked.balance, lockMargin: locked.lockMargin };
    let remaining = sum(valued.map((v) => v.pnl));
    const before = {
      equity: add(add(state.balance, state.lockMargin), remaining),
      lockMargin: state.lockMargin,
    };
    const done: OrderRow[] = [];
    for (const { order, pnl } of valued) {
      if (compare(pnl, '0') >= 0 || !belowLevel(state.balance, state.lockMargin, remaining, level)) break;
      const quote = engine.quote(order.tradePair);
      if (!quote) continue;
      const result = await closeLocked(tx, engine, order, state, quote, 'stop_out');
      state = { id: state.id, balance: result.balance, lockMargin: result.lockMargin };
      remaining = sub(remaining, pnl);
      done.push(result.order);
    }
    const written =
      done.length > 0
        ? await noticeCloseOut(tx, engine, userId, virtual, { ...before, level, closed: done })
        : null;
    return { closed: done, notice: written };
  });
  for (const order of closed) engine.track(order, { kind: 'stop_out', orderId: order.uid });
  // Pushed once the close-out committed, so the badge never counts a notice of a rolled-back close.
  if (notice) await notice.publish();
  return closed.map((o) => o.id);
}
