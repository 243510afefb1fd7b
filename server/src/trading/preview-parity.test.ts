// What the order form previews is what the engine charges, to the cent, with no tolerance: for every seeded
// instrument, both directions, market and pending orders, at several prices. The engine side is the real
// placement and close path (HTTP → place.ts/close.ts → database); the preview side is the order form's own
// functions (src/core/domain/trade-preview.ts) fed with what the client sees: the instrument and the quotes.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mul, toFixed, type Decimal } from '../../../src/core/domain/decimal';
import { isMarketOpen } from '../../../src/core/domain/market-hours';
import { exitPrice, type Side } from '../../../src/core/domain/money';
import { previewOrder, profitLossUsd } from '../../../src/core/domain/trade-preview';
import { describeOnBackends } from '../db/testing';
import { INSTRUMENTS, type Instrument } from '../market';
import { tradingHarness, type Trader, type TradingHarness } from './test-app';

/** Wednesday 15:00 UTC: every category's session is open. */
const OPEN_ALL = Date.parse('2026-03-11T15:00:00Z');
const CLOSE = '/exchange/order/closeOrder';
const CANCEL = '/exchange/order/cancelOrder';
const TRADABLE = INSTRUMENTS.filter((i) => i.tradeStatus === 1);
/** Reference price, half of it, 1.7 times it. */
const FACTORS = ['1', '0.5', '1.7'];

interface Stored {
  margin: string;
  fee_amount: string;
  opening_price: string;
  order_quantity: string;
  profit_loss: string;
}

describeOnBackends('order form preview equals engine charges', { on: 'any' }, (backend) => {
  let h: TradingHarness;
  let trader: Trader;

  beforeAll(async () => {
    h = await tradingHarness(backend);
    h.clock.set(OPEN_ALL);
    trader = await h.trader({ credit: '100000000000' });
  }, 120_000);
  afterAll(() => h?.close());

  const stored = async (uid: string) =>
    (
      await h.app.db.query<Stored>(
        `select margin::text, fee_amount::text, opening_price::text, order_quantity::text,
                profit_loss::text from orders where uid = $1`,
        [uid],
      )
    ).rows[0]!;
  /** The quotes as the client's price feed shows them (bid and ask strings). */
  const seen = (symbol: string) => {
    const q = h.app.tradingEngine.quote(symbol);
    return q ? { bid: q.bid, ask: q.ask } : null;
  };
  const cents = (value: string) => toFixed(value, 2);
  /** An odd number of lot steps, so that margin and fee need rounding. */
  const qtyOf = (i: Instrument) => mul(i.countNum, '7');

  const place = async (i: Instrument, side: Side, limit: Decimal | null) => {
    const qty = qtyOf(i);
    const quote = seen(i.productCode)!;
    const preview = previewOrder(i, { direction: side, qty, limit }, quote, null, seen);
    const res = await h.order(trader.token, {
      tradePair: i.productCode,
      orderType: side,
      orderQuantity: qty,
      multiple: i.multiple,
      buyPoint: limit === null ? 2 : 1,
      price: limit ?? '0',
    });
    expect(res.code, `${i.productCode} ${side} ${limit ?? 'market'}: ${res.msg}`).toBe(0);
    if ('error' in preview!) throw new Error(`preview failed: ${preview.error}`);
    const row = await stored(res.data);
    const label = `${i.productCode} ${side === 0 ? 'buy' : 'sell'} ${limit ?? 'market'} at ${quote.bid}`;
    expect({ label, margin: cents(row.margin), fee: cents(row.fee_amount) }).toEqual({
      label,
      margin: preview.margin,
      // A pending order pays its fee when it fills.
      fee: limit === null ? preview.fee : '0.00',
    });
    return res.data;
  };

  it('runs at an hour when every tradable instrument is open', () => {
    expect(TRADABLE.filter((i) => !isMarketOpen(i.sessions, OPEN_ALL)).map((i) => i.productCode)).toEqual([]);
  });

  it.each(TRADABLE.map((i) => [i.productCode, i] as const))(
    'agrees on margin, fee and P&L for %s',
    async (_code, i) => {
      for (const factor of FACTORS) {
        h.clock.set(OPEN_ALL);
        const price = toFixed(mul(i.referencePrice, factor), i.pricePrecision);
        await h.pin(i.productCode, price);
        const quote = seen(i.productCode)!;
        const buy = await place(i, 0, null);
        const sell = await place(i, 1, null);
        const pending = [await place(i, 0, quote.bid), await place(i, 1, quote.ask)];
        // A pending buy at the smallest price step: the smallest notional there is.
        if (factor === '1') pending.push(await place(i, 0, i.pip));
        for (const uid of pending)
          expect((await h.post(CANCEL, trader.token, { orderId: uid })).code).toBe(0);

        // Closed at a quote 3 % away, after the 3 minutes a manual close waits.
        h.clock.set(OPEN_ALL + 180_000);
        await h.pin(i.productCode, toFixed(mul(price, '1.03'), i.pricePrecision));
        const exit = seen(i.productCode)!;
        for (const [uid, side] of [
          [buy, 0],
          [sell, 1],
        ] as const) {
          const opened = await stored(uid);
          const estimate = profitLossUsd(
            i,
            side,
            opened.order_quantity,
            opened.opening_price,
            exitPrice(side, exit),
            seen,
          );
          const res = await h.post(CLOSE, trader.token, { orderId: uid });
          expect(res.code).toBe(0);
          const label = `${i.productCode} ${side === 0 ? 'buy' : 'sell'} P&L at ${exit.bid}`;
          expect({ label, pnl: cents((await stored(uid)).profit_loss) }).toEqual({ label, pnl: estimate });
        }
      }
    },
    60_000,
  );

  it('kept the ledger balanced', async () => {
    expect(await h.ledgerOk()).toBe(true);
  });
});
