/**
 * Trailing stops (TradeKit, issue #25, decisions OT4–OT6). A position with a trailing distance keeps a
 * 'trail' entry in the trigger book next to its stop loss: for a buy it fires when the bid rises past
 * stop + distance, for a sell when the ask falls past stop − distance. Then the stop moves to the price less
 * the distance at once in the book (the exact stop, kept here per book), and is written to `orders.stop_price`
 * at most once per TRAIL_WRITE_MS of each symbol (the first move at once); a stop that fires, an edit and a
 * graceful shutdown write the exact stop. So nothing costs a tick while the price does not make a new best,
 * the stop never moves back, and after a restart it stands where it was last written and trails on.
 */
import { Code } from '../../../src/core/contract/codes';
import { fromScaledInt, toScaledInt, type Decimal } from '../../../src/core/domain/decimal';
import { isTighterStop, trailingStopUnits } from '../../../src/core/domain/order-tools';
import type { Tick } from '../market';
import { BusinessError } from '../http/envelope';
import { lockOwnOrder, ownOrder } from './close';
import type { Engine, Trader } from './engine';
import { ORDER_COLUMNS, selectOrders, updateOrder, type OrderRow } from './orders-repo';
import { parseTrigger } from './rules';
import type { TriggerBook, TriggerEntry } from './trigger-types';

/** The stored stop of a trailing position follows the book at most this often per symbol (engine clock). */
export const TRAIL_WRITE_MS = 1000;

interface TrailState {
  /** Order id → exact stop (price units) where the book moved it past the stored one. */
  stops: Map<string, number>;
  /** Symbol → orders whose exact stop is not written yet. */
  dirty: Map<string, Set<string>>;
  /** Symbol → engine time of its last write. */
  written: Map<string, number>;
}

const states = new WeakMap<TriggerBook, TrailState>();

function stateOf(book: TriggerBook): TrailState {
  let state = states.get(book);
  if (!state) {
    state = { stops: new Map(), dirty: new Map(), written: new Map() };
    states.set(book, state);
  }
  return state;
}

const units = (price: Decimal, precision: number) => Number(toScaledInt(price, precision));

/** True for an open position whose stop trails. */
const trails = (order: OrderRow) =>
  order.positionStatus === 2 && order.trailingDistance !== null && order.stopPrice !== null;

/**
 * The stop to arm for an order (price units): the exact one of the book when it is tighter than the stored
 * one, else the stored one; null without a stop. Forgets what the book held for an order that stopped trailing.
 */
export function armedStopUnits(book: TriggerBook, order: OrderRow, precision: number): number | null {
  if (order.stopPrice === null) return null;
  const stored = units(order.stopPrice, precision);
  const state = states.get(book);
  if (!state) return stored;
  const exact = state.stops.get(order.id);
  if (exact === undefined) return stored;
  if (!trails(order) || !isTighterStop(order.orderType, exact, stored)) {
    forgetTrail(book, order);
    return stored;
  }
  return exact;
}

/** Drops what the book held of an order's trailing stop (the stored row is the truth again). */
export function forgetTrail(book: TriggerBook, order: Pick<OrderRow, 'id' | 'tradePair'>): void {
  const state = states.get(book);
  if (!state) return;
  state.stops.delete(order.id);
  state.dirty.get(order.tradePair)?.delete(order.id);
}

/** The exact stop of an order as a price (the stored one unless the book moved it further). */
export function exactStopPrice(book: TriggerBook, order: OrderRow, precision: number): Decimal | null {
  const armed = armedStopUnits(book, order, precision);
  return armed === null ? null : fromScaledInt(armed, precision);
}

/** The 'trail' entry of a trailing position whose stop stands at `stop` (price units). */
export function trailEntry(order: OrderRow, stop: number, precision: number): TriggerEntry | null {
  if (!trails(order) || order.trailingDistance === null) return null;
  const distance = units(order.trailingDistance, precision);
  const buy = order.orderType === 0;
  return {
    orderId: order.id,
    symbol: order.tradePair,
    kind: 'trail',
    side: buy ? 'bid' : 'ask',
    when: buy ? 'up' : 'down',
    // One unit past the distance: the entry fires only on a price that moves the stop.
    level: buy ? stop + distance + 1 : stop - distance - 1,
  };
}

/**
 * Moves the stop of a fired 'trail' entry to the tick's price less its distance, in the book at once; the
 * write is left to `scheduleTrailWrite` (at most once per TRAIL_WRITE_MS of the symbol).
 */
export function moveTrailingStop(engine: Engine, tick: Tick, entry: TriggerEntry): void {
  const order = engine.live.get(entry.orderId);
  const product = engine.product(tick.symbol);
  if (!order || !product || !trails(order) || order.trailingDistance === null) return;
  const precision = product.pricePrecision;
  const current = armedStopUnits(engine.book, order, precision);
  if (current === null) return;
  const exit = order.orderType === 0 ? tick.bid : tick.ask;
  const next = trailingStopUnits(order.orderType, exit, units(order.trailingDistance, precision));
  const stop = isTighterStop(order.orderType, next, current) ? next : current;
  if (stop !== current) {
    const state = stateOf(engine.book);
    state.stops.set(order.id, stop);
    const dirty = state.dirty.get(order.tradePair) ?? new Set<string>();
    dirty.add(order.id);
    state.dirty.set(order.tradePair, dirty);
    engine.book.upsert({
      orderId: order.id,
      symbol: order.tradePair,
      kind: 'stop_loss',
      side: entry.side,
      when: order.orderType === 0 ? 'down' : 'up',
      level: stop,
    });
  }
  const again = trailEntry(order, stop, precision);
  if (again) engine.book.upsert(again);
}

/** Queues the write of a symbol's moved stops when its last write is TRAIL_WRITE_MS old (or `now`). */
export function scheduleTrailWrite(engine: Engine, symbol: string, now: boolean): void {
  const state = states.get(engine.book);
  const dirty = state?.dirty.get(symbol);
  if (!state || !dirty || dirty.size === 0) return;
  const last = state.written.get(symbol);
  if (!now && last !== undefined && engine.now() - last < TRAIL_WRITE_MS) return;
  state.written.set(symbol, engine.now());
  const ids = [...dirty];
  state.dirty.delete(symbol);
  engine.run(() => writeStops(engine, ids));
}

/** Queues the write of every moved stop (a graceful shutdown); resolves when the engine is idle. */
export async function flushTrailing(engine: Engine): Promise<void> {
  const state = states.get(engine.book);
  if (state) for (const symbol of [...state.dirty.keys()]) scheduleTrailWrite(engine, symbol, true);
  await engine.idle();
}

/**
 * Writes the exact stops of the orders, never backwards (a late write loses to a tighter stored stop), and
 * tells the listeners so that the trader's lists show where the stop stands.
 */
async function writeStops(engine: Engine, ids: readonly string[]): Promise<void> {
  const stops: string[] = [];
  const which: string[] = [];
  for (const id of ids) {
    const order = engine.live.get(id);
    const product = order && engine.product(order.tradePair);
    const stop = order && product ? exactStopPrice(engine.book, order, product.pricePrecision) : null;
    if (stop === null) continue;
    which.push(id);
    stops.push(stop);
  }
  if (which.length === 0) return;
  const rows = await selectOrders(
    engine.db,
    `update orders o set stop_price = v.trail_stop
       from (select unnest($1::bigint[]) as trail_id, unnest($2::numeric[]) as trail_stop) v
      where o.id = v.trail_id and o.position_status = 2 and o.trailing_distance is not null
        and (case when o.order_type = 0 then v.trail_stop > o.stop_price else v.trail_stop < o.stop_price end)
      returning ${ORDER_COLUMNS}`,
    [which, stops],
  );
  for (const row of rows) engine.track(row);
}

/**
 * `order/trailingStop`: a distance (501 unless a positive price at the product's precision) puts the stop at
 * the exit price less the distance and trails it; 309 when that stop would not be above zero (a sell's
 * distance is bounded alike: below the ask); '' turns trailing off and leaves the stop where it stands.
 * 404 unless the position is open.
 */
export async function setTrailingByUser(
  engine: Engine,
  trader: Trader,
  orderId: string,
  typed: string,
): Promise<OrderRow> {
  const found = await ownOrder(engine.db, trader, orderId);
  const product = engine.product(found.tradePair);
  if (!product) throw new BusinessError(Code.PAIR_CONFIG_NOT_FOUND);
  const precision = product.pricePrecision;
  const distance = parseTrigger(typed, precision);
  if (distance === 501) throw new BusinessError(Code.ORDER_PARAMETER);
  const updated = await engine.db.transaction(async (tx) => {
    const { order } = await lockOwnOrder(tx, engine, trader, found.id);
    if (order.positionStatus !== 2) throw new BusinessError(Code.ORDER_NOT_CLOSABLE);
    if (distance === null) {
      return updateOrder(tx, order.id, {
        stop_price: exactStopPrice(engine.book, order, precision),
        trailing_distance: null,
      });
    }
    const quote = engine.quote(order.tradePair);
    if (!quote) throw new BusinessError(Code.CURRENT_PRICE_UNAVAILABLE);
    const exit = order.orderType === 0 ? quote.bidUnits : quote.askUnits;
    const gap = units(distance, precision);
    if (gap >= exit) throw new BusinessError(Code.STOP_LOSS_VS_CURRENT);
    const stop = trailingStopUnits(order.orderType, exit, gap);
    return updateOrder(tx, order.id, {
      stop_price: fromScaledInt(stop, precision),
      trailing_distance: distance,
    });
  });
  // The new distance starts from the stored stop: what the book held for the old one is dropped first.
  forgetTrail(engine.book, updated);
  engine.track(updated);
  return updated;
}

/**
 * The stop loss and trailing distance an `updateOrder` leaves (OT5): the stop it sends equal to the one
 * shown (stored or exact) keeps trailing at the exact stop; any other stop (or none) turns trailing off.
 */
export function stopOnEdit(
  engine: Engine,
  order: OrderRow,
  stop: Decimal | null,
  precision: number,
): { stop_price: Decimal | null; trailing_distance?: null } {
  if (!trails(order)) return { stop_price: stop };
  const exact = exactStopPrice(engine.book, order, precision);
  if (stop !== null && (stop === order.stopPrice || stop === exact)) return { stop_price: exact };
  forgetTrail(engine.book, order);
  return { stop_price: stop, trailing_distance: null };
}
