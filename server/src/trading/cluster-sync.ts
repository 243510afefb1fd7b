/**
 * The engine across several server processes (MP7, MP8). Every tracked change of an order is announced on the
 * bus (`trading:orders`: its id and the event); the other processes re-read the row as committed now, index
 * and arm it, and tell their own listeners (so their exchange sockets push the account's lists). Reading the
 * row, rather than trusting a copy in the message, makes a repeated, late or reordered message harmless. The
 * trigger checks (fills, stop loss, take profit, trailing, stop-out) run in the holder of the lease
 * `triggers`; every process keeps its live index and trigger book current so it can take over at once.
 */
import type { FastifyInstance } from 'fastify';
import type { Cluster } from '../cluster';
import { holdTickJob, type TickJob } from '../market';
import type { Engine } from './engine';
import { ORDER_COLUMNS, selectOrders, type OrderRow } from './orders-repo';
import type { OrderChange } from './service-types';
import { createStopOutScheduler } from './stop-out';
import { flushTrailing } from './trailing';
import { armOrder } from './triggers-arm';
import { onTriggerTick } from './triggers';

export const ORDERS_CHANNEL = 'trading:orders';

/** At most this many ids are re-read in one query. */
const READ_BATCH = 500;

interface OrdersMessage {
  /** Order ids (the table's). */
  o: string[];
  e?: OrderChange['event'];
}

/** The announcer `createEngine` takes in cluster mode: one message per tracked change, after its commit. */
export function orderAnnouncer(
  app: FastifyInstance,
): (order: OrderRow, event?: OrderChange['event']) => void {
  const bus = app.cluster.bus;
  return (order, event) => {
    const body: OrdersMessage = { o: [order.id], ...(event ? { e: event } : {}) };
    bus.publish(ORDERS_CHANNEL, body).catch((error: unknown) => {
      app.log.error({ err: error, orderId: order.id }, 'order change not announced');
    });
  };
}

/** The closes the server makes on its own, announced with their event (a trader's own close has none). */
const SERVER_CLOSES: ReadonlySet<string> = new Set(['stop_loss', 'take_profit', 'stop_out']);

/** The event of a change the index missed: a fill, or a close the server made. */
function missedEvent(was: OrderRow | undefined, now: OrderRow): OrderChange['event'] {
  if (was?.positionStatus === 1 && now.positionStatus === 2) return { kind: 'filled', orderId: now.uid };
  if (now.positionStatus === 3 && now.closeReason && SERVER_CLOSES.has(now.closeReason))
    return { kind: now.closeReason as 'stop_loss' | 'take_profit' | 'stop_out', orderId: now.uid };
  return undefined;
}

/**
 * Indexes and arms every live order; orders the index holds that are no longer live are dropped. At start
 * nothing is announced. After a gap (`announce`: a bus that came back from a cut, a process that vanished,
 * MP21) the changes the index missed are handed to the listeners as if their messages had come: the accounts'
 * lists, and the event of a fill or of a close the server made, which the exchange sockets journal once (MP11).
 */
export async function loadLiveOrders(engine: Engine, announce = false): Promise<void> {
  const live = await selectOrders(
    engine.db,
    `select ${ORDER_COLUMNS} from orders where position_status in (1, 2)`,
    [],
  );
  const before = new Map<string, OrderRow>();
  for (const id of engine.live.ids()) {
    const order = engine.live.get(id);
    if (order) before.set(id, order);
  }
  const seen = new Set(live.map((order) => order.id));
  const gone = [...before.keys()].filter((id) => !seen.has(id));
  for (const id of gone) {
    engine.live.remove(id);
    engine.book.removeOrder(id);
  }
  for (const order of live) {
    const was = before.get(order.id);
    if (announce && (!was || JSON.stringify(was) !== JSON.stringify(order))) {
      engine.received(order, missedEvent(was, order));
      continue;
    }
    engine.live.put(order);
    const product = engine.product(order.tradePair);
    if (product) armOrder(engine.book, order, product.pricePrecision);
  }
  if (!announce || gone.length === 0) return;
  const left = await selectOrders(
    engine.db,
    `select ${ORDER_COLUMNS} from orders where id = any($1::bigint[])`,
    [gone],
  );
  for (const order of left) engine.received(order, missedEvent(before.get(order.id), order));
}

const isIds = (value: unknown): value is string[] =>
  Array.isArray(value) &&
  value.length <= READ_BATCH &&
  value.every((id) => typeof id === 'string' && /^\d{1,19}$/.test(id));

/** Follows the other processes' order changes; returns the unsubscribe function. */
export function followOrders(app: FastifyInstance, engine: Engine, cluster: Cluster): () => void {
  // One re-read at a time, in the order the messages came: the last read sees the last commit heard of.
  let chain: Promise<void> = Promise.resolve();
  const queue = (step: () => Promise<void>) => {
    chain = chain.then(step).catch((error: unknown) => app.log.error({ err: error }, 'order sync failed'));
  };
  const offOrders = cluster.bus.subscribe(ORDERS_CHANNEL, (body) => {
    const message = body as Partial<OrdersMessage> | null;
    if (!isIds(message?.o)) return;
    const ids = message.o;
    const event = message.e;
    queue(async () => {
      const rows = await selectOrders(
        engine.db,
        `select ${ORDER_COLUMNS} from orders where id = any($1::bigint[])`,
        [ids],
      );
      for (const row of rows) engine.received(row, event?.orderId === row.uid ? event : undefined);
    });
  });
  const offResume = cluster.bus.onResume(() => queue(() => loadLiveOrders(engine, true)));
  return () => {
    offOrders();
    offResume();
  };
}

/**
 * Registers the lease `triggers`: the trigger checks and stop-outs of each tick, in its holder only, every armed
 * order checked against the current quote at a takeover in a cluster (MP8).
 */
export function holdTriggers(app: FastifyInstance, engine: Engine): TickJob {
  const scheduleStopOut = createStopOutScheduler(engine);
  return holdTickJob(
    app,
    'triggers',
    (tick) => {
      onTriggerTick(engine, tick);
      scheduleStopOut(tick.symbol);
    },
    // Trailing stops the book moved since their last write are written when the lease goes and at close (OT6).
    () => flushTrailing(engine),
  );
}
