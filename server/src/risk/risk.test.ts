import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverUrl } from '../../../src/core/contract/endpoint';
import type { Envelope } from '../../../src/core/contract/envelope';
import { RISK_REFRESH_MS, RiskWarningFigure, type RiskFigure } from '../../../src/core/contract/risk';
import { add, compare, negate, sub } from '../../../src/core/domain/decimal';
import { describeOnBackends } from '../db/testing';
import { checkLedger, HouseAccount, houseAccount, postTransaction } from '../ledger';
import { tradingHarness, type TradingHarness } from '../trading/test-app';
import { lossPercent, tallyLossShares, windowStart } from './index';

const DAY_MS = 86_400_000;
const CLOSE = '/exchange/order/closeOrder';

/** One closed position written as the engine writes it: the order row and its ledger transactions. */
interface SeededTrade {
  pnl: string;
  fee: string;
  overnight?: string;
  closedAt: number;
}

describe('lossPercent', () => {
  it('rounds half up to a whole percent and answers null below the minimum number of accounts', () => {
    expect(lossPercent({ accounts: 200, losing: 149 }, 20)).toBe('75');
    expect(lossPercent({ accounts: 200, losing: 148 }, 20)).toBe('74');
    expect(lossPercent({ accounts: 3, losing: 2 }, 3)).toBe('67');
    expect(lossPercent({ accounts: 20, losing: 0 }, 20)).toBe('0');
    expect(lossPercent({ accounts: 20, losing: 20 }, 20)).toBe('100');
    expect(lossPercent({ accounts: 19, losing: 19 }, 20)).toBeNull();
    expect(lossPercent({ accounts: 0, losing: 0 }, 0)).toBeNull();
  });

  it('starts the window twelve calendar months back at the same UTC instant', () => {
    expect(windowStart(Date.parse('2026-03-11T10:00:00Z'), 12)).toBe(Date.parse('2025-03-11T10:00:00Z'));
    expect(windowStart(Date.parse('2028-02-29T10:00:00Z'), 12)).toBe(Date.parse('2027-03-01T10:00:00Z'));
  });
});

describeOnBackends('the risk warning figure', { on: 'both' }, (backend) => {
  let h: TradingHarness;
  let nextUid = randomInt(10_000_000, 90_000_000);

  beforeAll(async () => {
    h = await tradingHarness(backend);
  }, 120_000);
  afterAll(() => h?.close());

  const figure = async (brand: string): Promise<RiskFigure> => {
    const res = await h.app.inject({
      method: 'GET',
      url: `${serverUrl(RiskWarningFigure.service, RiskWarningFigure.path)}?brand=${brand}`,
    });
    const body = res.json<Envelope<RiskFigure>>();
    expect(body.code).toBe(0);
    return body.data;
  };
  const refresh = async () => {
    h.app.riskFigures.refresh();
    await h.app.riskFigures.settled();
  };

  /** A user straight in the table (no password: these users never sign in) with a funded account. */
  const account = async (
    brandId: string,
    virtual: boolean,
  ): Promise<{ userId: string; accountId: string }> => {
    const uid = String(nextUid++);
    const { rows } = await h.app.db.query<{ id: string }>(
      `insert into users (uid, brand_id, email, register_type, password_hash, invite_code)
       values ($1, $2, $3, 'E', '!', $4) returning id`,
      [uid, brandId, `r${uid}@example.test`, `R${uid}`],
    );
    const userId = (rows[0] as { id: string }).id;
    const credited = await h.app.db.transaction((tx) =>
      h.app.accounts.credit(tx, userId, virtual ? 'demo' : 'real', '10000', { ref: 'test' }),
    );
    return { userId, accountId: credited.accountId };
  };

  /** Places, charges overnight and closes a position in the ledger as the engine does; answers its number. */
  const seedTrade = async (
    brandId: string,
    owner: { userId: string; accountId: string },
    virtual: boolean,
    trade: SeededTrade,
  ): Promise<string> => {
    const orderUid = `${nextUid++}${randomInt(100_000_000, 999_999_999)}`;
    const margin = '100';
    const overnight = trade.overnight ?? '0';
    await h.app.db.transaction(async (tx) => {
      const house = await houseAccount(tx, virtual ? HouseAccount.demoIssuer : HouseAccount.cashReal);
      const openedAt = trade.closedAt - DAY_MS;
      await tx.query(
        `insert into orders (uid, user_id, virtual, trade_pair, product_name, order_type, buy_point, position_status,
           opening_price, closing_price, order_quantity, contract_size, multiple, margin, fee_amount, overnight_fee,
           profit_loss, close_reason, order_time, transaction_time, closing_time, brand_id)
         values ($1, $2, $3, 'BTCUSDT', 'BTC/USDT', 0, 2, 3, 100000, 100000, 0.1, 1, 100, $4, $5, $6, $7, 'manual',
           $8, $8, $9, $10)`,
        [
          orderUid,
          owner.userId,
          virtual,
          margin,
          trade.fee,
          overnight,
          trade.pnl,
          openedAt,
          trade.closedAt,
          brandId,
        ],
      );
      const user = owner.accountId;
      const post = (kind: string, postings: Array<[string, 'balance' | 'lock_margin', string]>) =>
        postTransaction(tx, {
          kind,
          ref: orderUid,
          postings: postings
            .filter(([, , amount]) => compare(amount, '0') !== 0)
            .map(([accountId, bucket, amount]) => ({ accountId, bucket, amount })),
        });
      await post('order_place', [
        [user, 'balance', negate(add(margin, trade.fee))],
        [user, 'lock_margin', margin],
        [house.id, 'balance', trade.fee],
      ]);
      if (compare(overnight, '0') > 0)
        await post('overnight_fee', [
          [user, 'balance', negate(overnight)],
          [house.id, 'balance', overnight],
        ]);
      await post('order_close', [
        [user, 'lock_margin', negate(margin)],
        [user, 'balance', add(margin, trade.pnl)],
        [house.id, 'balance', negate(trade.pnl)],
      ]);
    });
    return orderUid;
  };
  const trader = async (brandId: string, trades: SeededTrade[], virtual = false) => {
    const owner = await account(brandId, virtual);
    const uids: string[] = [];
    for (const trade of trades) uids.push(await seedTrade(brandId, owner, virtual, trade));
    return { ...owner, uids };
  };

  it('counts the real accounts that lost after fees over the last 12 months, hourly on the server clock', async () => {
    // Two traders through the engine: one wins on the price but pays more in fees than it made.
    const feePayer = await h.trader({ credit: '50000' });
    const winner = await h.trader({ credit: '50000' });
    const demo = await h.trader({ credit: '50000' });
    await h.pin('BTCUSDT', '100000.00');
    const feePayerOrder = await h.order(feePayer.token, { orderQuantity: '0.1' });
    const winnerOrder = await h.order(winner.token, { orderQuantity: '0.1' });
    const demoOrder = await h.order(demo.demoToken, { orderQuantity: '0.1' }, true);
    h.clock.advance(180_000);
    await h.pin('BTCUSDT', '100020.00');
    expect((await h.post(CLOSE, feePayer.token, { orderId: feePayerOrder.data })).code).toBe(0);
    await h.pin('BTCUSDT', '101000.00');
    expect((await h.post(CLOSE, winner.token, { orderId: winnerOrder.data })).code).toBe(0);
    await h.pin('BTCUSDT', '90000.00');
    expect((await h.post(`${CLOSE}Mock`, demo.demoToken, { orderId: demoOrder.data })).code).toBe(0);
    const { rows } = await h.app.db.query<{ profit_loss: string; fee_amount: string }>(
      'select profit_loss::text, fee_amount::text from orders where uid = $1',
      [feePayerOrder.data],
    );
    const gross = rows[0] as { profit_loss: string; fee_amount: string };
    // The premise of this trader: a gain on the price, a loss once the fee is paid.
    expect(compare(gross.profit_loss, '0')).toBe(1);
    expect(compare(sub(gross.profit_loss, gross.fee_amount), '0')).toBe(-1);

    const now = h.clock.now();
    const start = windowStart(now, 12);
    const recent = now - 30 * DAY_MS;
    for (let i = 0; i < 11; i += 1) await trader('tradekit', [{ pnl: '-100', fee: '1', closedAt: recent }]);
    for (let i = 0; i < 5; i += 1) await trader('tradekit', [{ pnl: '50', fee: '1', closedAt: recent }]);
    // Won one, lost one, ahead overall.
    await trader('tradekit', [
      { pnl: '-50', fee: '2', closedAt: recent },
      { pnl: '80', fee: '2', closedAt: now - DAY_MS },
    ]);
    // Ahead on the price, behind after the fee and three nights of overnight fees.
    await trader('tradekit', [{ pnl: '5', fee: '1', overnight: '6', closedAt: recent }]);
    // A winner whose option (not a CFD) lost under a transaction that carries the same number: not counted.
    const optionHolder = await trader('tradekit', [{ pnl: '40', fee: '1', closedAt: recent }]);
    await h.app.db.transaction(async (tx) => {
      const house = await houseAccount(tx, HouseAccount.cashReal);
      await postTransaction(tx, {
        kind: 'option_place',
        ref: optionHolder.uids[0] as string,
        postings: [
          { accountId: optionHolder.accountId, bucket: 'balance', amount: '-500' },
          { accountId: house.id, bucket: 'balance', amount: '500' },
        ],
      });
    });
    // A loser whose position closed 30 minutes after the window's start: out of it an hour later.
    const edge = await trader('tradekit', [{ pnl: '-10', fee: '1', closedAt: start + 1_800_000 }]);
    // Outside the window already, and demo losers: never counted.
    await trader('tradekit', [{ pnl: '-100', fee: '1', closedAt: start }]);
    for (let i = 0; i < 3; i += 1)
      await trader('tradekit', [{ pnl: '-100', fee: '1', closedAt: recent }], true);

    // The window is (start, now]: a position closed at its very start is out, a millisecond later in.
    const closedAt = start + 1_800_000;
    expect(await tallyLossShares(h.app.db, closedAt, now)).toEqual(
      new Map([['tradekit', { accounts: 21, losing: 13 }]]),
    );
    expect(await tallyLossShares(h.app.db, closedAt - 1, now)).toEqual(
      new Map([['tradekit', { accounts: 22, losing: 14 }]]),
    );
    expect(edge.uids).toHaveLength(1);

    // 22 accounts: the fee payer, 11 losers, the overnight payer and the edge lost; 14/22 = 63.6 %.
    await refresh();
    expect(await figure('tradekit')).toEqual({ lossPercent: '64', windowMonths: 12, computedAtTs: now });

    // An hour later the schedule computes it again on the server clock: the edge account is out, 13/21.
    h.clock.advance(RISK_REFRESH_MS);
    await h.app.riskFigures.settled();
    expect(await figure('tradekit')).toEqual({
      lossPercent: '62',
      windowMonths: 12,
      computedAtTs: now + RISK_REFRESH_MS,
    });
    expect((await checkLedger(h.app.db)).ok).toBe(true);
  });

  it('answers null below 20 accounts, and the figure from the 20th', async () => {
    const recent = h.clock.now() - DAY_MS;
    for (let i = 0; i < 19; i += 1) await trader('aurora', [{ pnl: '-20', fee: '1', closedAt: recent }]);
    await refresh();
    expect((await figure('aurora')).lossPercent).toBeNull();
    // A brand nobody traded in.
    expect((await figure('meridian')).lossPercent).toBeNull();
    await trader('aurora', [{ pnl: '30', fee: '1', closedAt: recent }]);
    await refresh();
    expect((await figure('aurora')).lossPercent).toBe('95');
  });
});
