/**
 * A withdrawal and placements of one account racing on PostgreSQL, over real HTTP (issue #19 item 2): a
 * withdrawal refuses while the real account holds a live order or option (1070), a placement refuses while a
 * withdrawal waits (406), so whichever takes the account lock first wins and the other must be refused. Both
 * succeeding in one round is the failure this suite counts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addOrderOption, findOptionsProduct, type OptionProduct } from '../../src/core/contract/options';
import { serverUrl } from '../../src/core/contract/endpoint';
import { WithdrawSubmit } from '../../src/core/contract/withdrawals';
import { encodeField } from '../../server/src/cashier/field-codec';
import { TEST_ADDRESS, realSessionKey } from '../../server/src/withdrawals/test-support';
import { describeRace, boundarySearch, startRaceApp, type RaceApp, ORDER } from './race-app';

/** Rounds of each direction (the issue saw 18 failures in 38 rounds). */
const ROUNDS = 40;
/** Placements racing one withdrawal in a round. */
const PLACEMENTS = 15;
/** Milliseconds between two arrivals of a round. */
const SPREAD_MS = 3;

/** What one round answered: the withdrawal's code, the placements' refusals, those placed and still live. */
interface RoundResult {
  withdrawal: number;
  refused: number[];
  placed: number;
  live: number;
}

/**
 * A failed round: a waiting withdrawal beside an accepted placement (the race of issue #19), or answers the
 * rules cannot explain (another code, a refusal other than 406 beside a withdrawal, 1070 with nothing placed).
 */
function failed(result: RoundResult): boolean {
  const both = result.withdrawal === 0 && (result.placed > 0 || result.live > 0);
  const unexplained =
    (result.withdrawal !== 0 && result.withdrawal !== 1070) ||
    (result.withdrawal === 0 && result.refused.some((code) => code !== 406)) ||
    (result.withdrawal === 1070 && result.placed === 0);
  return both || unexplained;
}

/** Starts `send` after `ms` milliseconds: the requests of a round arrive a few ms apart, not all at once. */
const after = <T>(ms: number, send: () => Promise<T>): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    setTimeout(() => send().then(resolve, reject), ms);
  });

describeRace('a withdrawal racing placements of one account [postgres]', (databaseUrl) => {
  let h: RaceApp;
  let product: OptionProduct;

  beforeAll(async () => {
    h = await startRaceApp(databaseUrl);
    await h.pin('BTCUSDT', '99990.00');
    const answer = await h.post<{ optionsProducts: OptionProduct[] }>(
      serverUrl(findOptionsProduct.service, findOptionsProduct.path),
      '',
      { productCode: 'BTCUSDT' },
    );
    const found = answer.data.optionsProducts[0];
    if (!found) throw new Error('no option product for BTCUSDT');
    product = found;
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  /** A USDT withdrawal of 100 (fee 25) to an address typed with the session's `key`, a fresh Idempotency-Key. */
  function withdraw(user: { token: string }, key: string) {
    return h.post(
      serverUrl(WithdrawSubmit.service, WithdrawSubmit.path),
      user.token,
      {
        num: '100',
        practicalNum: '75.00000',
        currencyId: 1,
        paymentAddress: encodeField(TEST_ADDRESS, key),
        locale: 'en',
      },
      { 'idempotency-key': randomUUID() },
    );
  }

  /** The i-th placement of a round: market orders and options in turn. */
  function place(token: string, i: number) {
    if (i % 2 === 0) return h.post('/exchange/order/addOrder', token, ORDER);
    return h.post(serverUrl(addOrderOption.service, addOrderOption.path), token, {
      tradePair: 'BTCUSDT',
      optionsProductId: product.id,
      price: '100000.00',
      timeLong: 60,
      btime: 0,
      rate: '0.85',
      amount: '10',
      orderType: 0,
    });
  }

  /** Live real orders and running real options of the user, as stored. */
  async function liveOf(userId: string): Promise<number> {
    const { rows } = await h.app.db.query<{ n: string }>(
      `select (select count(*) from orders where user_id = $1 and not virtual and position_status in (1, 2))
              + (select count(*) from option_orders where user_id = $1 and not virtual and position_status = 0)
                as n`,
      [userId],
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** One round: the withdrawal at `withdrawAt` ms, `count` placements (the i-th is `place(first + i)`, at `placeAt(i)` ms). */
  async function round(withdrawAt: number, placeAt: (i: number) => number, count = PLACEMENTS, first = 0) {
    const trader = await h.trader('10000');
    const key = await realSessionKey(h.app, trader.id);
    const [withdrawal, ...placements] = await Promise.all([
      after(withdrawAt, () => withdraw(trader, key)),
      ...Array.from({ length: count }, (_, i) => after(placeAt(i), () => place(trader.token, first + i))),
    ]);
    const placed = placements.filter((a) => a.code === 0).length;
    const refused = placements.filter((a) => a.code !== 0).map((a) => a.code);
    const live = await liveOf(trader.id);
    return { withdrawal: withdrawal.code, placed, refused, live };
  }

  /** Milliseconds one request takes alone (the median of three). */
  async function latency(send: (trader: { id: string; token: string }, key: string) => Promise<unknown>) {
    const times: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const trader = await h.trader('10000');
      const key = await realSessionKey(h.app, trader.id);
      const start = performance.now();
      await send(trader, key);
      times.push(performance.now() - start);
    }
    return times.sort((a, b) => a - b)[1] ?? 0;
  }

  it(`never accepts a placement once a withdrawal waits: 1 withdrawal then ${PLACEMENTS} placements ${SPREAD_MS} ms apart, ${ROUNDS} rounds`, async () => {
    // The placements are aimed at the withdrawal's commit: measured alone, then moved by what each round
    // shows (all placed first: later; all refused 406: earlier), so most rounds land some inside its lock.
    const lead = (await latency((t, key) => withdraw(t, key))) - (await latency((t) => place(t.token, 0)));
    const search = boundarySearch(lead - (PLACEMENTS / 2) * SPREAD_MS, 2 * SPREAD_MS);
    const bad: unknown[] = [];
    let withdrawn = 0;
    for (let r = 0; r < ROUNDS; r += 1) {
      const start = search.offset;
      const result = await round(search.firstAt, (i) => search.secondAt + i * SPREAD_MS);
      if (result.withdrawal === 0) withdrawn += 1;
      if (failed(result)) bad.push({ round: r, start, ...result });
      search.move(result.withdrawal === 1070 ? 'later' : result.placed === 0 ? 'earlier' : 'stay');
    }
    console.info(`withdrawal first: ${bad.length} of ${ROUNDS} rounds failed; ${withdrawn} withdrawals won`);
    expect(bad).toEqual([]);
    expect(withdrawn).toBeGreaterThan(0);
    expect(await h.ledgerOk()).toBe(true);
  }, 300_000);

  it(`answers 1070 to a withdrawal that meets a placement in flight, or 406 to the placement: ${ROUNDS} rounds`, async () => {
    // One placement against one withdrawal, its start moved towards the side that lost the last round (before
    // the withdrawal when it must), so the rounds stay at the boundary where both are in flight; market orders
    // and options in turn.
    const lead = (await latency((t, key) => withdraw(t, key))) - (await latency((t) => place(t.token, 0)));
    const search = boundarySearch(lead, 1);
    const bad: unknown[] = [];
    let refused1070 = 0;
    for (let r = 0; r < ROUNDS; r += 1) {
      const start = search.offset;
      const result = await round(search.firstAt, () => search.secondAt, 1, r);
      if (result.withdrawal === 1070) refused1070 += 1;
      if (failed(result)) bad.push({ round: r, start, ...result });
      search.move(result.withdrawal === 1070 ? 'later' : 'earlier');
    }
    console.info(
      `placement against withdrawal: ${bad.length} of ${ROUNDS} rounds failed; ${refused1070} answered 1070`,
    );
    expect(bad).toEqual([]);
    expect(refused1070).toBeGreaterThan(0);
    expect(await h.ledgerOk()).toBe(true);
  }, 300_000);
});
