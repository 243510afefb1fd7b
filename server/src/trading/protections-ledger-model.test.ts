/**
 * The ledger model of the retail protections (issue #25): a seeded run of traders opening 1:2 BTC positions
 * while the price walks and now and then gaps far down, so that stops gap through, the 50 % close-out fires
 * and negative-balance protection absorbs losses. After every step the ledger must agree, to the cent, with
 * an account kept independently from the orders: 0 drift.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { add, compare, mul, negate, normalize, sub, type Decimal } from '../../../src/core/domain/decimal';
import { describeOnBackends } from '../db/testing';
import { checkLedger } from '../ledger';
import { tradingHarness, type Trader, type TradingHarness } from './test-app';

const CLOSE = '/exchange/order/closeOrder';
const CREDIT = '1100';
const STEPS = 30;

/** mulberry32: the same run every time. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Row {
  user_id: string;
  uid: string;
  position_status: number;
  order_type: number;
  opening_price: string;
  closing_price: string | null;
  order_quantity: string;
  margin: string;
  fee_amount: string;
  profit_loss: string;
  absorbed_loss: string;
  close_reason: string | null;
}

describeOnBackends('ledger model of the retail protections', { on: 'postgres' }, (backend) => {
  let h: TradingHarness;
  let traders: Trader[];
  /** Money each trader was credited, by user id. */
  const credited = new Map<string, Decimal>();

  beforeAll(async () => {
    h = await tradingHarness(backend, {}, undefined, { protections: true });
    traders = [];
    for (let i = 0; i < 3; i += 1) {
      const trader = await h.trader({ credit: CREDIT });
      credited.set(trader.id, CREDIT);
      traders.push(trader);
    }
  }, 120_000);
  afterAll(() => h?.close());

  const sumHouses = async (pattern: string) => {
    const { rows } = await h.app.db.query<{ total: string }>(
      `select coalesce(sum(balance), 0)::text as total from ledger_accounts
        where owner_kind = 'house' and kind like $1`,
      [pattern],
    );
    return normalize(rows[0]?.total ?? '0');
  };

  /** Every rule of the model against the ledger; answers the orders for the run's coverage. */
  async function agree(): Promise<Row[]> {
    const { rows } = await h.app.db.query<Row>(
      `select user_id::text, uid, position_status, order_type, opening_price::text, closing_price::text,
              order_quantity::text, margin::text, fee_amount::text, profit_loss::text, absorbed_loss::text,
              close_reason
         from orders where not virtual`,
    );
    let absorbed: Decimal = '0';
    let market: Decimal = '0';
    let fees: Decimal = '0';
    for (const trader of traders) {
      const own = rows.filter((r) => r.user_id === trader.id);
      // Money in minus fees plus what the closes credited or debited = balance + margin still locked.
      const expected = own.reduce<Decimal>(
        (total, r) => add(sub(total, r.fee_amount), Number(r.position_status) === 3 ? r.profit_loss : '0'),
        credited.get(trader.id) ?? '0',
      );
      const account = await h.account(trader.id);
      expect(normalize(add(account.balance, account.lockMargin)), `trader ${trader.id}`).toBe(
        normalize(expected),
      );
      const locked = own
        .filter((r) => Number(r.position_status) === 2)
        .reduce<Decimal>((t, r) => add(t, r.margin), '0');
      expect(normalize(account.lockMargin)).toBe(normalize(locked));
      expect(compare(account.balance, '0')).toBeGreaterThanOrEqual(0);
    }
    for (const r of rows) {
      fees = add(fees, r.fee_amount);
      if (Number(r.position_status) !== 3) continue;
      // The true market P&L of BTC (1 coin a lot, quoted in USD) is what the account paid plus what the house
      // absorbed; only a loss is ever absorbed.
      const move = sub(r.closing_price ?? '0', r.opening_price);
      const pnl = mul(r.order_quantity, Number(r.order_type) === 0 ? move : negate(move));
      expect(normalize(sub(r.profit_loss, r.absorbed_loss)), r.uid).toBe(normalize(pnl));
      if (compare(r.absorbed_loss, '0') > 0) expect(compare(pnl, '0')).toBeLessThan(0);
      absorbed = add(absorbed, r.absorbed_loss);
      market = add(market, pnl);
    }
    // The P&L house took every market loss and paid every gain; the nbp house paid every absorbed amount.
    expect(await sumHouses('house_trading_pnl_real_%')).toBe(normalize(negate(market)));
    expect(await sumHouses('house_trading_nbp_real_%')).toBe(normalize(negate(absorbed)));
    expect(await sumHouses('house_trading_fees_real_%')).toBe(normalize(fees));
    expect((await checkLedger(h.app.db)).ok).toBe(true);
    return rows;
  }

  it('keeps the ledger and the model in step through gaps, close-outs and absorbed losses: 0 drift', async () => {
    const random = prng(25);
    let bid = 100_000;
    for (let step = 0; step < STEPS; step += 1) {
      await h.pin('BTCUSDT', bid.toFixed(2));
      for (const trader of traders) {
        // A trader a gap left with little money deposits again, so every step trades.
        if (compare((await h.account(trader.id)).balance, '600') < 0) {
          await h.credit(trader.id, CREDIT);
          credited.set(trader.id, add(credited.get(trader.id) ?? '0', CREDIT));
        }
        const roll = random();
        if (roll < 0.5) {
          const stop = random() < 0.5 ? (bid * 0.97).toFixed(2) : '';
          await h.order(trader.token, {
            orderQuantity: roll < 0.25 ? '0.01' : '0.02',
            multiple: 2,
            stopPrice: stop,
          });
        } else if (roll < 0.65) {
          const { rows } = await h.app.db.query<{ uid: string }>(
            `select uid from orders where user_id = $1 and not virtual and position_status = 2 order by id limit 1`,
            [trader.id],
          );
          // Refused within 3 minutes of the fill (409): the model holds either way.
          if (rows[0]) await h.post(CLOSE, trader.token, { orderId: rows[0].uid });
        }
      }
      // Three minutes on, so closes are allowed and every account is checked for a close-out again (the
      // access tokens live 15 minutes of that clock).
      h.clock.advance(181_000);
      for (const trader of traders) await h.signInAgain(trader);
      const gap = random() < 0.2;
      bid = gap ? Math.round(bid * 0.35) : Math.round(bid * (0.96 + random() * 0.07));
      await h.pin('BTCUSDT', bid.toFixed(2));
      await h.app.tradingEngine.idle();
      await agree();
      // After a gap the market recovers, so later steps open positions of ordinary size again.
      if (bid < 60_000) bid = 100_000;
    }
    const rows = await agree();
    // The run covered what it is about.
    expect(rows.some((r) => r.close_reason === 'stop_out')).toBe(true);
    expect(rows.some((r) => r.close_reason === 'stop_loss' && compare(r.absorbed_loss, '0') > 0)).toBe(true);
  }, 120_000);
});
