/**
 * Ticks into executions: the trigger book says which levels a quote crosses; each is executed in its own
 * transaction that re-reads the order under lock, so a racing manual close or edit wins or loses cleanly
 * and an entry never executes twice.
 */
import { compare, fromScaledInt } from '../../../src/core/domain/decimal';
import type { CloseReason } from '../../../src/core/contract/trading';
import type { Tick } from '../market';
import { endPending } from './cancel';
import { closeLocked, lockOwnOrder } from './close';
import type { Queryable } from '../db/types';
import type { Engine, LiveQuote } from './engine';
import { postMovements } from './ledger-ops';
import { entryPrice, exitPrice, feeOf, notionalUsd } from '../../../src/core/domain/money';
import { findOrderById, updateOrder, type OrderRow } from './orders-repo';
import type { OrderChange } from './service-types';
import { armOrder } from './triggers-arm';
import { exactStopPrice, moveTrailingStop, scheduleTrailWrite } from './trailing';
import type { TriggerEntry } from './trigger-types';

/** The quote of a tick as decimals and units. */
export function tickQuote(tick: Tick, precision: number): LiveQuote {
  return {
    bid: fromScaledInt(tick.bid, precision),
    ask: fromScaledInt(tick.ask, precision),
    bidUnits: tick.bid,
    askUnits: tick.ask,
  };
}

/** Evaluates one tick: every entry it crosses is queued for execution at that tick's quote. */
export function onTriggerTick(engine: Engine, tick: Tick): void {
  const product = engine.product(tick.symbol);
  if (!product) return;
  const fired = engine.book.evaluate(tick.symbol, tick.bid, tick.ask);
  let quote: LiveQuote | undefined;
  for (const entry of fired) {
    // A trailing stop moves in the book on this very tick; only its write is queued.
    if (entry.kind === 'trail') moveTrailingStop(engine, tick, entry);
    else {
      const at = (quote ??= tickQuote(tick, product.pricePrecision));
      engine.run(() => executeEntry(engine, entry, at));
    }
  }
  scheduleTrailWrite(engine, tick.symbol, false);
}

/** True while the order's stored level of `kind` is set and crossed by the quote. */
function stillCrossed(order: OrderRow, kind: 'stop_loss' | 'take_profit', quote: LiveQuote): boolean {
  const level = kind === 'stop_loss' ? order.stopPrice : order.takeProfitPrice;
  if (level === null) return false;
  const price = exitPrice(order.orderType, quote);
  const buy = order.orderType === 0;
  const below = compare(price, level) <= 0;
  const above = compare(price, level) >= 0;
  return kind === 'stop_loss' ? (buy ? below : above) : buy ? above : below;
}

type Outcome = { order: OrderRow; event?: OrderChange['event'] } | null;

/** Fills a pending order at the quote, charging its fee; a fee the balance cannot pay fails the order. */
async function fill(
  tx: Queryable,
  engine: Engine,
  order: OrderRow,
  account: { id: string; balance: string },
  quote: LiveQuote,
): Promise<Outcome> {
  const accountId = account.id;
  const product = engine.product(order.tradePair);
  const price = entryPrice(order.orderType, quote);
  const usd = product ? notionalUsd(product, order.orderQuantity, price, engine.lookup) : null;
  const fee = product && usd !== null ? feeOf(product, usd, order.orderQuantity) : null;
  if (fee === null || compare(account.balance, fee) < 0) {
    const failed = await endPending(tx, order, accountId, 'failed', engine.now());
    return { order: failed, event: { kind: 'failed', orderId: order.uid } };
  }
  const filled = await updateOrder(tx, order.id, {
    position_status: 2,
    opening_price: price,
    transaction_time: engine.now(),
    fee_amount: fee,
  });
  await postMovements(tx, 'order_fill', order.uid, [
    {
      from: { accountId, bucket: 'balance' },
      to: { accountId: engine.house('fees', order.virtual, order.userId), bucket: 'balance' },
      amount: fee,
    },
  ]);
  return { order: filled, event: { kind: 'filled', orderId: order.uid } };
}

/** Executes one fired entry; whatever it cannot execute is re-armed from the stored order. */
export async function executeEntry(engine: Engine, entry: TriggerEntry, quote: LiveQuote): Promise<void> {
  const found = await findOrderById(engine.db, entry.orderId);
  if (!found) return;
  let outcome: Outcome = null;
  try {
    outcome = await engine.db.transaction(async (tx) => {
      const locked = await lockOwnOrder(tx, engine, found, found.id);
      const { account } = locked;
      let { order } = locked;
      if (entry.kind === 'fill') {
        if (order.positionStatus !== 1) return null;
        return fill(tx, engine, order, account, quote);
      }
      if (entry.kind === 'trail') return null;
      // A trailing stop fires where the book moved it, which the stored row may not show yet.
      const product = engine.product(order.tradePair);
      const exact = product ? exactStopPrice(engine.book, order, product.pricePrecision) : order.stopPrice;
      if (entry.kind === 'stop_loss' && order.positionStatus === 2 && exact !== order.stopPrice)
        order = await updateOrder(tx, order.id, { stop_price: exact });
      if (order.positionStatus !== 2 || !stillCrossed(order, entry.kind, quote)) return null;
      const reason: CloseReason = entry.kind;
      const closed = await closeLocked(tx, engine, order, account, quote, reason);
      return { order: closed.order, event: { kind: reason, orderId: order.uid } };
    });
  } finally {
    if (outcome) engine.track(outcome.order, outcome.event);
    else {
      // Not executed (state changed, or a failure): the book gets the order's current levels back.
      const current = await findOrderById(engine.db, entry.orderId);
      if (current && (current.positionStatus === 1 || current.positionStatus === 2)) rearm(engine, current);
    }
  }
}

function rearm(engine: Engine, order: OrderRow): void {
  const product = engine.product(order.tradePair);
  if (!product) return;
  engine.live.put(order);
  // track() would announce a change that did not happen; only the levels are restored.
  armOrder(engine.book, order, product.pricePrecision);
}
