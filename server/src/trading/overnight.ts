/**
 * The overnight fee: at every daily rollover (00:00 UTC) each position opened before it pays a category
 * rate of its USD notional per night held. A position is charged at most once per night (`overnight_until`),
 * so restarts and several runs never charge twice; nights missed while the server was down are charged at
 * the next run. A fee larger than the free balance takes what is there (the balance never goes negative).
 */
import { add, compare, div, mul } from '../../../src/core/domain/decimal';
import { utcDayStart } from '../../../src/core/domain/market-hours';
import type { CategoryId } from '../../../src/core/contract/types';
import { lockOwnOrder } from './close';
import type { Engine } from './engine';
import { postMovements, SETTLE_REFUSALS } from './ledger-ops';
import { CENTS, exitPrice, minDec, notionalUsd } from '../../../src/core/domain/money';
import { ORDER_COLUMNS, selectOrders, updateOrder, type OrderRow } from './orders-repo';

const DAY_MS = 24 * 3600_000;

/** Overnight fee per night, percent of the USD notional, by category (swap-like financing costs). */
export const OVERNIGHT_RATE_PERCENT: Record<CategoryId, string> = {
  1: '0.05',
  2: '0.02',
  3: '0.01',
  4: '0.02',
  5: '0.02',
};

/** Nights between the later of the execution day and the last charged rollover, and `dayStart`. */
export function nightsDue(
  order: Pick<OrderRow, 'transactionTime' | 'overnightUntil'>,
  dayStart: number,
): number {
  if (order.transactionTime === null || order.transactionTime >= dayStart) return 0;
  const from = order.overnightUntil ?? utcDayStart(order.transactionTime);
  return Math.max(0, Math.round((dayStart - from) / DAY_MS));
}

/** Charges every open position the nights due at the rollover `dayStart`; answers how many paid. */
export async function rollover(engine: Engine, dayStart: number): Promise<number> {
  const due = await selectOrders(
    engine.db,
    `select ${ORDER_COLUMNS} from orders
      where position_status = 2 and transaction_time < $1 and coalesce(overnight_until, 0) < $1 order by id`,
    [dayStart],
  );
  let charged = 0;
  for (const candidate of due) {
    const changed = await engine.db.transaction(async (tx) => {
      const { account, order } = await lockOwnOrder(tx, engine, candidate, candidate.id);
      const nights = nightsDue(order, dayStart);
      const product = engine.product(order.tradePair);
      const quote = engine.quote(order.tradePair);
      if (order.positionStatus !== 2 || nights === 0 || !product || !quote) return null;
      const usd = notionalUsd(product, order.orderQuantity, exitPrice(order.orderType, quote), engine.lookup);
      if (usd === null) return null;
      const rate = OVERNIGHT_RATE_PERCENT[product.type];
      // Charged, so rounded up to the cent like the trading fee (src/core/domain/money.ts).
      const fee = div(mul(mul(usd, rate), String(nights)), '100', CENTS, 'up');
      const paid = compare(account.balance, '0') > 0 ? minDec(fee, account.balance) : '0';
      const updated = await updateOrder(tx, order.id, {
        overnight_fee: add(order.overnightFee, paid),
        overnight_until: dayStart,
      });
      await postMovements(
        tx,
        'overnight_fee',
        order.uid,
        [
          {
            from: { accountId: account.id, bucket: 'balance' },
            to: { accountId: engine.house('fees', order.virtual, order.userId), bucket: 'balance' },
            amount: paid,
          },
        ],
        SETTLE_REFUSALS,
      );
      return updated;
    });
    if (changed) {
      charged += 1;
      engine.track(changed);
    }
  }
  return charged;
}

/** Starts the rollover clock: a check every `everyMs` that runs `rollover` once per new UTC day. */
export function startRolloverClock(engine: Engine, everyMs = 15_000): () => void {
  let done = Number.NEGATIVE_INFINITY;
  const tick = () => {
    const day = utcDayStart(engine.now());
    if (day <= done) return;
    done = day;
    engine.run(() => rollover(engine, day));
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref?.();
  return () => clearInterval(timer);
}
