/**
 * "While you were away" (issue #25, WA1–WA8): `waa/user/away` counts what happened to the caller's account after
 * `since` — fills, server closes, option settlements, fired alerts, decided cashier tickets — and nobody else's.
 * Rows are written straight into the tables as their modules write them: this module only reads them.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AWAY_LIST_MAX, AWAY_MAX_BACK_MS, type AwaySummary } from '../../../src/core/contract/away';
import { buildAccountsApp, createUser, post, signIn } from '../accounts/test-app';
import type { TestDatabase } from '../db/testing';
import { describeOnBackends } from '../db/testing';

const AWAY = '/v1/waa/user/away';
const HOUR = 3_600_000;
let nextUid = 0;
const uid = (prefix: string) => `${prefix}${Date.now().toString(36)}${(nextUid++).toString(36)}`;

// Window counts, bigint/numeric text and timestamptz arithmetic differ enough between engines: both.
describeOnBackends('POST /v1/waa/user/away', { on: 'both' }, (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let productId: number;

  beforeAll(async () => {
    database = await backend.create();
    app = await buildAccountsApp(database);
    await app.db.query(
      `insert into instruments (product_code, product_name, type, min_count, max_count, count_num, multiple, pip,
         price_precision, contract_size, sessions, trade_status, logo_url, fee_type, fee_value)
       values ('AWAYUSD', 'AWAY/USD', 1, 0.01, 100, 0.01, 100, 0.0001, 5, 100000, '["","","","","","",""]', 1, '',
         'PERCENTAGE', 0)`,
    );
    const { rows } = await app.db.query<{ id: number }>(
      `insert into option_products (product_code, fee_rate, trade_status, time_rate_payload)
       values ('AWAYUSD', 0, 1, '{}') returning id`,
    );
    productId = rows[0]!.id;
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const away = async (token: string, since: number) => {
    const body = (await post(app, token, AWAY, { since })).json<{ code: number; data: AwaySummary }>();
    expect(body.code).toBe(0);
    return body.data;
  };

  const order = (userId: string, virtual: boolean, fields: Record<string, unknown>) => {
    const row = {
      uid: uid('O'),
      user_id: userId,
      virtual,
      trade_pair: 'AWAYUSD',
      product_name: 'AWAY/USD',
      order_type: 0,
      buy_point: 2,
      position_status: 2,
      opening_price: '1.2345',
      order_quantity: '0.5',
      contract_size: 100000,
      multiple: 100,
      margin: 10,
      order_time: Date.now() - 10 * HOUR,
      transaction_time: Date.now() - 10 * HOUR,
      brand_id: 'tradekit',
      ...fields,
    };
    const columns = Object.keys(row);
    return app.db.query(
      `insert into orders (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
      Object.values(row),
    );
  };
  const close = (userId: string, virtual: boolean, reason: string, pnl: string, at: number) =>
    order(userId, virtual, {
      position_status: 3,
      closing_price: '1.3',
      close_reason: reason,
      profit_loss: pnl,
      closing_time: at,
    });
  const option = async (userId: string, virtual: boolean, winLost: string, at: number) => {
    const account = await app.db.transaction((tx) =>
      app.accounts.credit(tx, userId, virtual ? 'demo' : 'real', '1000', { ref: uid('credit') }),
    );
    await app.db.query(
      `insert into option_orders (uid, user_id, virtual, account_id, brand_id, options_product_id, trade_pair,
         product_name, order_type, price, price_end, rate, amount, fee_amount, time_long, begin_time, end_time,
         complete_time, win_lost, position_status)
       values ($1, $2, $3, $4, 'tradekit', $5, 'AWAYUSD', 'AWAY/USD', 0, 1.2, 1.3, 0.8, 50, 0, 60, $6, $7, $7, $8, 1)`,
      [uid('P'), userId, virtual, account.accountId, productId, at - 60_000, at, winLost],
    );
  };
  const alert = (userId: string, at: number) =>
    app.db.query(
      `insert into price_alerts (user_id, symbol, mode, condition, level, state, created_ms, updated_ms, fired_ms,
         fired_price)
       values ($1, 'AWAYUSD', 'market', 'bid_above', 1.25, 'fired', $2, $2, $3, 1.2501)`,
      [userId, at - HOUR, at],
    );
  const ticket = (userId: string, action: 0 | 1, state: string, at: number | null) =>
    app.db.query(
      `insert into cash_tickets (uid, user_id, action_type, method, currency, amount, usd_amount, state, reviewed_at)
       values ($1, $2, $3, 'crypto', 'USDT', 100, 100, $4,
               case when $5::bigint is null then null else to_timestamp($5::double precision / 1000) end)`,
      [uid('T'), userId, action, state, at],
    );

  /** One event of every kind before `since` and after it, for the real and the demo account. */
  const seed = async (userId: string, since: number) => {
    const before = since - HOUR;
    const after = since + 60_000;
    for (const virtual of [false, true]) {
      await order(userId, virtual, { buy_point: 1, transaction_time: before });
      await order(userId, virtual, { buy_point: 1, transaction_time: after + (virtual ? 0 : 1) });
      // A market order opened after `since` is no fill of a pending order.
      await order(userId, virtual, { buy_point: 2, transaction_time: after });
      await close(userId, virtual, 'stop_loss', '-12.5', before);
      await close(userId, virtual, 'stop_loss', '-12.5', after);
      await close(userId, virtual, 'take_profit', '30.25', after + 1);
      await close(userId, virtual, 'stop_out', '-100', after + 2);
      // The trader's own close is not news.
      await close(userId, virtual, 'manual', '5', after + 3);
      await option(userId, virtual, '40', before);
      await option(userId, virtual, '40', after);
      await option(userId, virtual, '-50', after + 1);
      await option(userId, virtual, '0', after + 2);
    }
    await alert(userId, before);
    await alert(userId, after);
    await ticket(userId, 0, 'success', before);
    await ticket(userId, 0, 'success', after);
    await ticket(userId, 1, 'fail', after + 1);
    await ticket(userId, 1, 'waiting', null);
  };

  it('answers HTTP 401 without a session', async () => {
    expect((await post(app, null, AWAY, { since: Date.now() - HOUR })).statusCode).toBe(401);
  });

  it("counts what happened to the caller's account after since, and nobody else's", async () => {
    const user = await createUser(app);
    const other = await createUser(app);
    const since = Date.now() - 5 * HOUR;
    await seed(user.id, since);
    await seed(other.id, since);

    const real = await away(await signIn(app, user.id), since);
    expect(real).toMatchObject({ sinceTs: since, clamped: false, virtual: false });
    expect(real.untilTs).toBeGreaterThanOrEqual(since);
    expect(real.fills.count).toBe(1);
    expect(real.fills.latest[0]).toMatchObject({
      symbol: 'AWAYUSD',
      orderType: 0,
      price: '1.2345',
      quantity: '0.5',
    });
    expect(real.closes.count).toBe(3);
    expect(real.closes.latest.map((c) => [c.reason, c.profitLoss])).toEqual([
      ['stop_out', '-100'],
      ['take_profit', '30.25'],
      ['stop_loss', '-12.5'],
    ]);
    expect(real.closesProfitLoss).toBe('-82.25');
    expect(real.settlements.latest.map((s) => [s.result, s.winLost, s.amount])).toEqual([
      ['tie', '0', '50'],
      ['lost', '-50', '50'],
      ['won', '40', '50'],
    ]);
    expect(real.alerts).toMatchObject({ count: 1, latest: [{ symbol: 'AWAYUSD', firedPrice: '1.2501' }] });
    expect(real.alerts.latest[0]!.atTs).toBe(since + 60_000);
    expect(real.tickets.latest.map((t) => [t.kind, t.state, t.amount])).toEqual([
      ['withdrawal', 'fail', '100'],
      ['deposit', 'success', '100'],
    ]);
    expect(real.tickets.latest[1]!.atTs).toBe(since + 60_000);

    // The demo token: the demo account's orders and options, the trader's alerts, no cashier.
    const demo = await away(await signIn(app, user.id, true), since);
    expect(demo.virtual).toBe(true);
    expect([demo.fills.count, demo.closes.count, demo.settlements.count, demo.alerts.count]).toEqual([
      1, 3, 3, 1,
    ]);
    expect(demo.tickets).toEqual({ count: 0, latest: [] });
    const demoOrders = [...demo.fills.latest, ...demo.closes.latest].map((o) => o.orderId);
    expect(demoOrders.some((id) => real.closes.latest.some((c) => c.orderId === id))).toBe(false);

    // Just after everything: nothing happened.
    const quiet = await away(await signIn(app, user.id), since + 60_000 + 10);
    expect([quiet.fills, quiet.closes, quiet.settlements, quiet.alerts, quiet.tickets]).toEqual(
      Array(5).fill({ count: 0, latest: [] }),
    );
    expect(quiet.closesProfitLoss).toBe('0');
  });

  it('counts everything but lists only the latest few, newest first', async () => {
    const user = await createUser(app);
    const since = Date.now() - 5 * HOUR;
    for (let i = 0; i < AWAY_LIST_MAX + 2; i++)
      await close(user.id, false, 'stop_loss', '-1', since + 1000 + i);
    const summary = await away(await signIn(app, user.id), since);
    expect(summary.closes.count).toBe(AWAY_LIST_MAX + 2);
    expect(summary.closes.latest).toHaveLength(AWAY_LIST_MAX);
    expect(summary.closes.latest[0]!.atTs).toBe(since + 1000 + AWAY_LIST_MAX + 1);
    expect(summary.closesProfitLoss).toBe(String(-(AWAY_LIST_MAX + 2)));
  });

  it('clamps a since older than 30 days and says so', async () => {
    const user = await createUser(app);
    const token = await signIn(app, user.id);
    const before = Date.now();
    await close(user.id, false, 'stop_out', '-7', before - AWAY_MAX_BACK_MS - 2 * HOUR);
    await close(user.id, false, 'stop_out', '-3', before - AWAY_MAX_BACK_MS + 2 * HOUR);
    const summary = await away(token, 0);
    expect(summary.clamped).toBe(true);
    expect(summary.sinceTs).toBe(summary.untilTs - AWAY_MAX_BACK_MS);
    expect(summary.closes.count).toBe(1);
    expect(summary.closesProfitLoss).toBe('-3');
  });

  it.each([
    ['a since in the future', { since: Date.now() + HOUR }],
    ['a negative since', { since: -1 }],
    ['a fractional since', { since: 1.5 }],
    ['a text', { since: 'yesterday' }],
    ['no since', {}],
    ['a huge since', { since: 1e300 }],
  ])('refuses %s with 1001', async (_, body) => {
    const token = await signIn(app, (await createUser(app)).id);
    expect((await post(app, token, AWAY, body)).json().code).toBe(1001);
  });
});
