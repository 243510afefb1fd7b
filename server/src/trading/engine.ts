/**
 * What every engine operation shares: the database, the clock, products and quotes, the live index, the
 * trigger book, the blocking rules other modules register and the change listeners.
 */
import type { FastifyBaseLogger } from 'fastify';
import { fromScaledInt } from '../../../src/core/domain/decimal';
import type { Db, Queryable } from '../db/types';
import type { AccountRow } from '../ledger';
import type { Instrument } from '../market';
import type { PriceSource } from '../market';
import { createBlockingRules, type BlockingRules } from './blocking-rules';
import type { HouseFinder } from './ledger-ops';
import { createLiveOrders, type LiveOrders } from './live';
import type { Quote as DecimalQuote, QuoteLookup } from '../../../src/core/domain/money';
import type { OrderRow } from './orders-repo';
import type { OrderChange } from './service-types';
import { DEFAULT_TRADING_SETTINGS, type TradingSettings } from './settings';
import { armOrder } from './triggers-arm';
import type { TriggerBook } from './trigger-types';

/** Who places or changes an order: the token's user and account. */
export interface Trader {
  userId: string;
  uid: string;
  virtual: boolean;
  brandId: string;
}

/** A quote as decimals plus the integer units the trigger book compares. */
export interface LiveQuote extends DecimalQuote {
  bidUnits: number;
  askUnits: number;
}

/** The engine's shared state. */
export interface Engine {
  db: Db;
  now(): number;
  log: FastifyBaseLogger;
  product(symbol: string): Instrument | undefined;
  quote(symbol: string): LiveQuote | undefined;
  lookup: QuoteLookup;
  settings(brandId: string): TradingSettings;
  live: LiveOrders;
  book: TriggerBook;
  /** What refuses a placement because of who places it (405, 406, 320, …), registered by their modules. */
  blocking: BlockingRules;
  openDemo(tx: Queryable, userId: string): Promise<AccountRow>;
  /** The house account (stripe) that takes a user's fees or pays their P&L. */
  house: HouseFinder;
  /** After a commit: indexes the order, (re)arms or disarms its levels and tells the listeners. */
  track(order: OrderRow, event?: OrderChange['event']): void;
  /**
   * An order another process changed (MP7), as re-read from its row: indexed and armed like `track`, and told
   * to this process's listeners, but not announced again.
   */
  received(order: OrderRow, event?: OrderChange['event']): void;
  onChange(listener: (change: OrderChange) => void): () => void;
  /** Writes a notification in the caller's transaction (absent when the app runs without the module). */
  notify?: NotifyInTx;
  /** Runs background work (triggers, stop-out, rollover) one task at a time. */
  run(task: () => Promise<unknown>): void;
  /** Resolves when no background work is queued. */
  idle(): Promise<void>;
}

/** A notification written inside `tx`; `publish()` pushes it after COMMIT. */
export type NotifyInTx = (
  tx: Queryable,
  input: { userId: string; alarmType: number; actionType: number; content: string },
) => Promise<{ publish(): Promise<void> }>;

/** What `createEngine` needs from the app. */
export interface EngineDeps {
  db: Db;
  now: () => number;
  log: FastifyBaseLogger;
  instruments: readonly Instrument[];
  source: PriceSource;
  settings: ReadonlyMap<string, TradingSettings>;
  book: TriggerBook;
  house: HouseFinder;
  openDemo(tx: Queryable, userId: string): Promise<AccountRow>;
  /** The blocking rules other modules registered (a list of its own when missing). */
  blocking?: BlockingRules;
  /** The notification module's writer, when it runs. */
  notify?: NotifyInTx;
  /** Tells the other processes of the database about a tracked change (several processes only). */
  announce?: (order: OrderRow, event: OrderChange['event'] | undefined) => void;
}

/** The engine over the app's parts. */
export function createEngine(deps: EngineDeps): Engine {
  const products = new Map(deps.instruments.map((i) => [i.productCode, i]));
  const listeners = new Set<(change: OrderChange) => void>();
  const live = createLiveOrders();
  let queue: Promise<unknown> = Promise.resolve();
  const quote = (symbol: string): LiveQuote | undefined => {
    const product = products.get(symbol);
    const tick = product && deps.source.current(symbol);
    if (!product || !tick) return undefined;
    const scale = product.pricePrecision;
    return {
      bid: fromScaledInt(tick.bid, scale),
      ask: fromScaledInt(tick.ask, scale),
      bidUnits: tick.bid,
      askUnits: tick.ask,
    };
  };
  /** Index, arm and tell the listeners: what every change of an order does in this process. */
  const record = (order: OrderRow, event: OrderChange['event'] | undefined) => {
    live.put(order);
    const product = products.get(order.tradePair);
    if (product) armOrder(deps.book, order, product.pricePrecision);
    const change: OrderChange = {
      userId: order.userId,
      virtual: order.virtual,
      ...(event ? { event } : {}),
    };
    for (const listener of listeners) {
      try {
        listener(change);
      } catch (error) {
        deps.log.error({ err: error }, 'order change listener failed');
      }
    }
  };
  const engine: Engine = {
    db: deps.db,
    now: deps.now,
    log: deps.log,
    product: (symbol) => products.get(symbol),
    quote,
    lookup: quote,
    settings: (brandId) => deps.settings.get(brandId) ?? DEFAULT_TRADING_SETTINGS,
    live,
    book: deps.book,
    blocking: deps.blocking ?? createBlockingRules(),
    openDemo: deps.openDemo,
    house: deps.house,
    ...(deps.notify ? { notify: deps.notify } : {}),
    track(order, event) {
      record(order, event);
      deps.announce?.(order, event);
    },
    received: record,
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    run(task) {
      queue = queue
        .then(task)
        .catch((error: unknown) => deps.log.error({ err: error }, 'trading task failed'));
    },
    async idle() {
      let seen: Promise<unknown> | undefined;
      while (seen !== queue) {
        seen = queue;
        await queue;
      }
    },
  };
  return engine;
}
