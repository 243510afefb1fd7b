import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminPricePin } from '../../../src/core/contract/admin-market';
import type { Envelope } from '../../../src/core/contract/envelope';
import {
  addOrderOption,
  findOptionsProduct,
  type OptionOrder,
  type OptionProduct,
} from '../../../src/core/contract/options';
import { toFixed } from '../../../src/core/domain/decimal';
import { ADMIN_TOKEN, createUser, signIn } from '../accounts/test-app';
import { buildApp } from '../app';
import { createTestClock, type TestClock } from '../clock';
import { appStorage, describeOnBackends, type TestDatabase } from '../db/testing';
import { checkLedger, findUserAccount } from '../ledger';
import { urlOf, WEDNESDAY } from '../trading/test-app';

describeOnBackends('an option on the server clock', { on: 'any' }, (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let clock: TestClock;

  const post = async <T>(url: string, token: string, payload: object) =>
    (await app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${token}` } })).json<
      Envelope<T>
    >();
  const pin = async (bid: string) =>
    expect((await post(urlOf(adminPricePin, { symbol: 'BTCUSDT' }), ADMIN_TOKEN, { bid })).code).toBe(0);

  beforeAll(async () => {
    database = await backend.create();
    clock = createTestClock({ start: WEDNESDAY, frozen: true });
    app = await buildApp({
      ...appStorage(database),
      adminToken: ADMIN_TOKEN,
      market: { autostart: false, backfillDays: 0.01 },
      clock,
      // No timer settles behind the test's back: it settles when it says so.
      optionMode: { settleEveryMs: 3_600_000, recordEveryMs: 3_600_000 },
    });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  it('runs from placement through expiry to settlement without waiting: times, payout to the cent, ledger', async () => {
    const user = await createUser(app);
    await app.db.transaction((tx) => app.accounts.credit(tx, user.id, 'real', '1000', { ref: 'test' }));
    const token = await signIn(app, user.id);
    await pin('100000.00');
    const products = await post<{ optionsProducts: OptionProduct[] }>(urlOf(findOptionsProduct), token, {
      productCode: 'BTCUSDT',
    });
    const product = products.data.optionsProducts[0] as OptionProduct;

    const placedAt = clock.now();
    const placed = await post<{ uid: string; beginTime: number; endTime: number }>(
      urlOf(addOrderOption),
      token,
      {
        tradePair: 'BTCUSDT',
        optionsProductId: product.id,
        price: '100000.00',
        timeLong: 30,
        btime: Math.floor(placedAt / 1000),
        rate: '0.82',
        amount: '37',
        orderType: 0,
      },
    );
    expect(placed.code).toBe(0);
    // The clock stands still: the option's times are exactly the clock's.
    expect(placed.data).toMatchObject({ beginTime: placedAt, endTime: placedAt + 30_000 });
    // Stake 37 and the fee 37 × 0.2 % = 0.074, rounded up to 0.08.
    expect(toFixed((await findUserAccount(app.db, user.id, 'real'))!.balance, 2)).toBe('962.92');

    clock.advance(10_000);
    await pin('100123.45');
    // One millisecond before its end it is not due; at its end it is.
    clock.advance(19_999);
    expect(await app.optionMode.settler.settleDue()).toEqual([]);
    clock.advance(1);
    const settled = await app.optionMode.settler.settleDue();
    expect(settled.map((row) => row.uid)).toEqual([placed.data.uid]);

    const stored = await post<OptionOrder>('/v1/waa/option/findOption', token, { uid: placed.data.uid });
    // Up, and the exit is above the entry: a win of 37 × 0.82 = 30.34; settled at the clock's now.
    expect(stored.data).toMatchObject({
      positionStatus: 1,
      price: '100000',
      priceEnd: '100123.45',
      winLost: '30.34',
      completeTime: placedAt + 30_000,
    });
    // 1000 − 37 − 0.08 + 37 + 30.34.
    expect(toFixed((await findUserAccount(app.db, user.id, 'real'))!.balance, 2)).toBe('1030.26');
    const { rows } = await app.db.query<{ n: string }>(
      `select count(*) as n from ledger_postings p join ledger_transactions t on t.id = p.txn_id
        where t.kind = 'option_settle' and p.ref = $1`,
      [placed.data.uid],
    );
    // The stake back and the profit, each naming the option.
    expect(rows[0]?.n).toBe('2');
    expect((await checkLedger(app.db)).ok).toBe(true);
  }, 120_000);
});
