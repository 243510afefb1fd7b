import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, buildAccountsApp, createUser, post, signIn, type TestUser } from '../accounts/test-app';
import { describeOnBackends, type TestDatabase } from '../db/testing';
import {
  checkLedger,
  findWalletAccount,
  fxHouseAccount,
  getOrCreateWallet,
  postTransaction,
} from '../ledger';

const BALANCE = '/v1/waa/user/crypto/getBalance';
const CALCULATE = '/v1/waa/user/crypto/transform/calculate';
const TRANSFORM = '/v1/waa/user/crypto/transform';
const ORDERS = '/v1/waa/user/crypto/order';
const COINS = '/v1/waa/cryptocurrency/simple/find/all';
const RECORDS = '/v1/waa/walletRecharge/web/rechargeStatus';
const SWITCH = '/v1/waa/user/info/switch';

describeOnBackends('wallets', { on: 'postgres' }, (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const prices: Record<string, string> = { BTCUSDT: '64000', ETHUSDT: '3000' };

  beforeAll(async () => {
    database = await backend.create();
    app = await buildAccountsApp(database);
    // The test app runs without the market: coin prices come from this table.
    app.cashier.bidOf = (symbol) => prices[symbol];
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  async function trader(usd?: string): Promise<{ user: TestUser; token: string }> {
    const user = await createUser(app);
    if (usd) await admin(app, 'POST', `/admin/v1/users/${user.uid}/credit`, { amount: usd, account: 'real' });
    return { user, token: await signIn(app, user.id) };
  }

  /** Puts coins in a user's wallet the way a deposit to the user's own wallet would (ledger postings). */
  async function fund(userId: string, currency: string, amount: string) {
    await app.db.transaction(async (tx) => {
      const wallet = await getOrCreateWallet(tx, userId, currency);
      const house = await fxHouseAccount(tx, currency);
      await postTransaction(tx, {
        kind: 'deposit',
        ref: `seed-${currency}`,
        postings: [
          { accountId: wallet.id, bucket: 'balance', amount },
          { accountId: house.id, bucket: 'balance', amount: `-${amount}` },
        ],
      });
    });
  }

  function transform(
    token: string,
    body: Record<string, unknown>,
    key: string | null = randomUUID(),
  ): Promise<LightMyRequestResponse> {
    return app.inject({
      method: 'POST',
      url: TRANSFORM,
      payload: body,
      headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
    });
  }

  async function demoToken(token: string): Promise<string> {
    return (await post(app, token, SWITCH)).json().token as string;
  }

  async function balanceOf(token: string, currency: string): Promise<string> {
    const list = (await post(app, token, BALANCE)).json().data.list as Array<{
      currency: string;
      balance: string;
    }>;
    return list.find((item) => item.currency === currency)?.balance as string;
  }

  describe('POST /v1/waa/user/crypto/getBalance', () => {
    it('answers HTTP 401 without a token', async () => {
      expect((await post(app, null, BALANCE)).statusCode).toBe(401);
    });

    it('lists the USD balance first, then one wallet per currency (USDT once), valued at the bid', async () => {
      const { user, token } = await trader('250.5');
      await fund(user.id, 'BTC', '0.5');
      const res = (await post(app, token, BALANCE)).json();
      expect(res.code).toBe(0);
      expect(res.data).toEqual({
        list: [
          {
            currency: 'USD',
            currencyId: 0,
            unit: 'USD',
            balance: '250.5',
            usdBalance: '250.50',
            icon: '/coins/usd.svg',
          },
          {
            currency: 'USDT',
            currencyId: 1,
            unit: 'USDT',
            balance: '0',
            usdBalance: '0.00',
            icon: '/coins/usdt.svg',
          },
          {
            currency: 'BTC',
            currencyId: 3,
            unit: 'BTC',
            balance: '0.5',
            usdBalance: '32000.00',
            icon: '/coins/btc.svg',
          },
          {
            currency: 'ETH',
            currencyId: 4,
            unit: 'ETH',
            balance: '0',
            usdBalance: '0.00',
            icon: '/coins/eth.svg',
          },
        ],
        totalBalance: '32250.50',
      });
    });

    it('shows null for a currency without a price and leaves it out of the total', async () => {
      const { user, token } = await trader('10');
      await fund(user.id, 'ETH', '2');
      delete prices.ETHUSDT;
      try {
        const data = (await post(app, token, BALANCE)).json().data;
        expect(data.list[3]).toMatchObject({ currency: 'ETH', balance: '2', usdBalance: null });
        expect(data.totalBalance).toBe('10.00');
      } finally {
        prices.ETHUSDT = '3000';
      }
    });

    it('answers 23523 on a demo token', async () => {
      const { token } = await trader();
      const res = (await post(app, await demoToken(token), BALANCE)).json();
      expect(res.code).toBe(23523);
    });
  });

  describe('POST /v1/waa/user/crypto/transform/calculate', () => {
    it.each([
      [
        { curr: 'USDT', currId: 1, type: 0, num: '100' },
        { num: '100.0000', fee: '0.0000', practical: '100.0000', fromUnit: 'USD', unit: 'USDT', price: '1' },
      ],
      [
        { curr: 'USDT', currId: 2, type: 1, num: '12.5' },
        { num: '12.5000', fee: '0.0000', practical: '12.5000', fromUnit: 'USDT', unit: 'USD', price: '1' },
      ],
      [
        { curr: 'BTC', currId: 3, type: 0, num: '1000' },
        {
          num: '1000.0000',
          fee: '0.0000',
          practical: '0.0156',
          fromUnit: 'USD',
          unit: 'BTC',
          price: '64000',
        },
      ],
      [
        { curr: 'BTC', currId: 3, type: 1, num: '0.0156' },
        { num: '0.0156', fee: '0.0000', practical: '998.4000', fromUnit: 'BTC', unit: 'USD', price: '64000' },
      ],
    ])('quotes %j', async (body, expected) => {
      const { token } = await trader();
      expect((await post(app, token, CALCULATE, body)).json()).toEqual({
        code: 0,
        msg: 'success',
        data: expected,
      });
    });

    it.each([
      ['an unknown coin', { curr: 'BTC', currId: 99, type: 0, num: '1' }, 1055],
      ['a coin of another currency', { curr: 'BTC', currId: 1, type: 0, num: '1' }, 1055],
      ['more than 4 decimals', { curr: 'USDT', currId: 1, type: 0, num: '1.00001' }, 1065],
      ['zero', { curr: 'USDT', currId: 1, type: 0, num: '0' }, 1036],
      ['an amount worth nothing in the target', { curr: 'BTC', currId: 3, type: 0, num: '0.0001' }, 1036],
      ['a malformed amount', { curr: 'USDT', currId: 1, type: 0, num: '1e3' }, 1001],
      ['a negative amount', { curr: 'USDT', currId: 1, type: 0, num: '-1' }, 1001],
      ['an unknown type', { curr: 'USDT', currId: 1, type: 2, num: '1' }, 1001],
      ['a missing currency', { currId: 1, type: 0, num: '1' }, 1001],
      ['a lower-case currency', { curr: 'usdt', currId: 1, type: 0, num: '1' }, 1001],
    ])('refuses %s with %i', async (_name, body, code) => {
      const { token } = await trader();
      const res = await post(app, token, CALCULATE, body);
      expect(res.statusCode).toBe(200);
      expect(res.json().code).toBe(code);
    });

    it('answers 202 while the coin has no price', async () => {
      const { token } = await trader();
      delete prices.BTCUSDT;
      try {
        const res = await post(app, token, CALCULATE, { curr: 'BTC', currId: 3, type: 0, num: '10' });
        expect(res.json().code).toBe(202);
      } finally {
        prices.BTCUSDT = '64000';
      }
    });

    it('answers 23523 on a demo token', async () => {
      const { token } = await trader();
      const res = await post(app, await demoToken(token), CALCULATE, {
        curr: 'USDT',
        currId: 1,
        type: 0,
        num: '1',
      });
      expect(res.json().code).toBe(23523);
    });
  });

  describe('POST /v1/waa/user/crypto/transform', () => {
    const usdtIn = { curr: 'USDT', currId: 1, type: 0, num: '100', fee: '0', practical: '100', unit: 'USDT' };

    it('moves USD into the USDT wallet and back, conserving each currency', async () => {
      const { token } = await trader('500');
      const res = (await transform(token, usdtIn)).json();
      expect(res.code).toBe(0);
      expect(res.data.uid).toMatch(/^WT\d+$/);
      expect(res.data.balance.list.slice(0, 2).map((i: { balance: string }) => i.balance)).toEqual([
        '400',
        '100',
      ]);

      const out = (
        await transform(token, {
          curr: 'USDT',
          currId: 2,
          type: 1,
          num: '40.5',
          fee: '0.0000',
          practical: '40.5000',
          unit: 'USD',
        })
      ).json();
      expect(out.code).toBe(0);
      expect(await balanceOf(token, 'USD')).toBe('440.5');
      expect(await balanceOf(token, 'USDT')).toBe('59.5');
      const report = await checkLedger(app.db);
      expect(report.unbalancedTransactions).toEqual([]);
      expect(report.currencies.every((c) => c.all === '0' && c.postings === '0')).toBe(true);
      expect(report.ok).toBe(true);
    });

    it('converts BTC to USD at the bid', async () => {
      const { user, token } = await trader();
      await fund(user.id, 'BTC', '0.01');
      const body = { curr: 'BTC', currId: 3, type: 1, num: '0.01', fee: '0', practical: '640', unit: 'USD' };
      expect((await transform(token, body)).json().code).toBe(0);
      expect(await balanceOf(token, 'USD')).toBe('640');
      expect(await balanceOf(token, 'BTC')).toBe('0');
    });

    it('answers a repeat of one Idempotency-Key with the first answer and moves the money once', async () => {
      const { token } = await trader('300');
      const key = randomUUID();
      const first = await transform(token, usdtIn, key);
      const again = await transform(token, usdtIn, key);
      expect(again.json()).toEqual(first.json());
      expect(again.headers['idempotent-replay']).toBe('true');
      expect(await balanceOf(token, 'USD')).toBe('200');
      expect(await balanceOf(token, 'USDT')).toBe('100');
    });

    it('moves the money once for 20 concurrent requests with one Idempotency-Key', async () => {
      const { token } = await trader('300');
      const key = randomUUID();
      const answers = await Promise.all(Array.from({ length: 20 }, () => transform(token, usdtIn, key)));
      const codes = answers.map((res) => res.json().code as number);
      // The first runs; repeats answer its result, or 23552 while it still runs.
      expect(codes.every((code) => code === 0 || code === 23552)).toBe(true);
      expect(codes.filter((code) => code === 0).length).toBeGreaterThanOrEqual(1);
      expect(await balanceOf(token, 'USD')).toBe('200');
      expect(await balanceOf(token, 'USDT')).toBe('100');
      const { rows } = await app.db.query<{ n: string }>(
        "select count(*) as n from ledger_transactions where kind = 'wallet_in' and ref = $1",
        [answers.find((res) => res.json().code === 0)?.json().data.uid],
      );
      expect(rows[0]?.n).toBe('1');
    });

    it('lets exactly one of 10 concurrent full-balance transfers through, never below zero', async () => {
      const { token } = await trader('100');
      const answers = await Promise.all(Array.from({ length: 10 }, () => transform(token, usdtIn)));
      const codes = answers.map((res) => res.json().code as number).sort();
      expect(codes).toEqual([0, ...Array(9).fill(1052)]);
      expect(await balanceOf(token, 'USD')).toBe('0');
      expect(await balanceOf(token, 'USDT')).toBe('100');
      expect((await checkLedger(app.db)).ok).toBe(true);
    });

    it('refuses a transfer without an Idempotency-Key with 1001', async () => {
      const { token } = await trader('300');
      expect((await transform(token, usdtIn, null)).json().code).toBe(1001);
      expect(await balanceOf(token, 'USD')).toBe('300');
    });

    it('refuses with 1159 when the price moved since the quote, moving nothing', async () => {
      const { user, token } = await trader();
      await fund(user.id, 'BTC', '1');
      const stale = {
        curr: 'BTC',
        currId: 3,
        type: 1,
        num: '0.5',
        fee: '0',
        practical: '32000',
        unit: 'USD',
      };
      prices.BTCUSDT = '63990';
      try {
        const res = (await transform(token, stale)).json();
        expect(res.code).toBe(1159);
      } finally {
        prices.BTCUSDT = '64000';
      }
      expect(await balanceOf(token, 'BTC')).toBe('1');
      expect(await balanceOf(token, 'USD')).toBe('0');
    });

    it('refuses with 1159 when the unit does not match the direction', async () => {
      const { token } = await trader('300');
      expect((await transform(token, { ...usdtIn, unit: 'USD' })).json().code).toBe(1159);
    });

    it('refuses with 1052 when the source is short, moving nothing', async () => {
      const { token } = await trader('99.99');
      expect((await transform(token, usdtIn)).json().code).toBe(1052);
      const out = { curr: 'ETH', currId: 4, type: 1, num: '1', fee: '0', practical: '3000', unit: 'USD' };
      expect((await transform(token, out)).json().code).toBe(1052);
      expect(await balanceOf(token, 'USD')).toBe('99.99');
      expect(await balanceOf(token, 'USDT')).toBe('0');
    });

    it('answers 23523 on a demo token', async () => {
      const { token } = await trader('300');
      expect((await transform(await demoToken(token), usdtIn)).json().code).toBe(23523);
    });
  });

  describe('POST /v1/waa/user/crypto/order', () => {
    it('lists wallet records newest first, filtered by type, 10 a page, only the caller’s', async () => {
      const { user, token } = await trader('1000');
      await fund(user.id, 'ETH', '1');
      for (let i = 0; i < 11; i += 1) {
        const num = String(10 + i);
        expect(
          (
            await transform(token, {
              ...{ curr: 'USDT', currId: 1, type: 0 },
              num,
              fee: '0',
              practical: num,
              unit: 'USDT',
            })
          ).json().code,
        ).toBe(0);
      }
      expect(
        (
          await transform(token, {
            curr: 'USDT',
            currId: 1,
            type: 1,
            num: '5',
            fee: '0',
            practical: '5',
            unit: 'USD',
          })
        ).json().code,
      ).toBe(0);

      const all = (await post(app, token, ORDERS, { pageNum: 1 })).json().data;
      expect(all.total).toBe(13);
      expect(all.pages).toBe(2);
      expect(all.list).toHaveLength(10);
      expect(all.list[0]).toMatchObject({
        orderType: 1,
        currency: 'USDT',
        orderQuantity: '-5',
        unit: 'USDT',
      });
      expect(all.list[0].uid).toMatch(/^WT/);
      expect(typeof all.list[0].orderTime).toBe('number');

      const ins = (await post(app, token, ORDERS, { pageNum: 2, orderType: 0 })).json().data;
      expect(ins).toMatchObject({ total: 11, pages: 2, pageNum: 2 });
      expect(ins.list.map((r: { orderQuantity: string }) => r.orderQuantity)).toEqual(['10']);
      const orders = (await post(app, token, ORDERS, { pageNum: 1, orderType: 2 })).json().data;
      expect(orders.list).toEqual([
        expect.objectContaining({ orderType: 2, currency: 'ETH', orderQuantity: '1' }),
      ]);
      expect((await post(app, token, ORDERS, { pageNum: 9 })).json().data).toMatchObject({
        list: [],
        total: 13,
      });

      const other = await trader();
      expect((await post(app, other.token, ORDERS, { pageNum: 1 })).json().data).toEqual({
        list: [],
        pageNum: 1,
        pages: 0,
        total: 0,
      });
    });

    it.each([[{ pageNum: 0 }], [{ pageNum: 1, orderType: 3 }], [{ pageNum: 1, pageSize: 1001 }], [{}]])(
      'refuses %j with 1001',
      async (body) => {
        const { token } = await trader();
        expect((await post(app, token, ORDERS, body)).json().code).toBe(1001);
      },
    );

    it('answers 23523 on a demo token', async () => {
      const { token } = await trader();
      expect((await post(app, await demoToken(token), ORDERS, { pageNum: 1 })).json().code).toBe(23523);
    });
  });

  describe('POST /v1/waa/cryptocurrency/simple/find/all', () => {
    it('lists the seeded coins with address, memo, limits and logo', async () => {
      const { token } = await trader();
      const res = (await post(app, token, COINS)).json();
      expect(res.code).toBe(0);
      expect(
        res.data.dtoList.map((c: { currency: string; protocol: string }) => `${c.currency}/${c.protocol}`),
      ).toEqual(['USDT/TRC20', 'USDT/ERC20', 'BTC/BTC', 'ETH/ERC20']);
      expect(res.data.dtoList[2]).toMatchObject({
        id: 3,
        said: '',
        minWithdrawAmount: '0.001',
        maxWithdrawAmount: '100.00',
        logoUrl: '/coins/btc.svg',
      });
      expect(res.data.dtoList[2].address).toMatch(/^bc1/);
    });

    it('answers HTTP 401 without a token', async () => {
      expect((await post(app, null, COINS)).statusCode).toBe(401);
    });

    it('has a served SVG logo for every coin and for USD (public/ is the site root)', async () => {
      const { rows } = await app.db.query<{ logo_url: string }>('select distinct logo_url from cash_coins');
      for (const url of [...rows.map((row) => row.logo_url), '/coins/usd.svg']) {
        const svg = await readFile(join(process.cwd(), 'public', url), 'utf8');
        expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      }
    });
  });

  describe('POST /v1/waa/walletRecharge/web/rechargeStatus', () => {
    async function ticket(
      userId: string,
      actionType: 0 | 1,
      state: 'waiting' | 'success' | 'fail',
      amount: string,
      reason = '',
    ) {
      // One waiting withdrawal per user at a time (012): the others are settled ones.
      await app.db.query(
        `insert into cash_tickets (uid, user_id, action_type, method, coin_id, currency, amount, usd_amount, fee,
                                   practical, state, reason)
         values ($1, $2, $3, 'crypto', 1, 'USDT', $4, $4, $5, $6, $7, $8)`,
        [
          `T${randomUUID().slice(0, 12)}`,
          userId,
          actionType,
          amount,
          actionType === 1 ? '25' : '0',
          actionType === 1 ? String(Number(amount) - 25) : amount,
          state,
          reason,
        ],
      );
    }

    it('lists the caller’s deposits and withdrawals newest first with filters and pages', async () => {
      const { user, token } = await trader();
      await ticket(user.id, 0, 'success', '1000');
      await ticket(user.id, 0, 'fail', '500', 'proof unreadable');
      await ticket(user.id, 1, 'fail', '200', 'address rejected');
      await ticket(user.id, 1, 'waiting', '300');
      const other = await trader();
      await ticket(other.user.id, 0, 'waiting', '42');

      const all = (await post(app, token, RECORDS, { pageNum: 1 })).json().data;
      expect(all).toMatchObject({ total: 4, pages: 1, pageNum: 1 });
      expect(all.list[0]).toMatchObject({
        actionType: 1,
        method: 'crypto',
        payPrice: '300',
        currency: 'USDT',
        protocol: 'TRC20',
        fee: '25',
        practical: '275',
        depositUsdPrice: null,
        withdrawUsdPrice: '300',
        payState: 'waiting',
        reason: '',
      });
      expect(all.list[3]).toMatchObject({
        actionType: 0,
        depositUsdPrice: '1000',
        withdrawUsdPrice: null,
        payState: 'success',
      });

      const failed = (await post(app, token, RECORDS, { pageNum: 1, status: 'fail' })).json().data;
      expect(failed.list.map((r: { reason: string }) => r.reason)).toEqual([
        'address rejected',
        'proof unreadable',
      ]);
      const deposits = (await post(app, token, RECORDS, { pageNum: 1, type: 0, pageSize: 1 })).json().data;
      expect(deposits).toMatchObject({ total: 2, pages: 2 });
      expect(deposits.list).toHaveLength(1);
      const failedWithdrawals = (
        await post(app, token, RECORDS, { pageNum: 1, type: 1, status: 'fail' })
      ).json().data;
      expect(failedWithdrawals.total).toBe(1);

      const theirs = (await post(app, other.token, RECORDS, { pageNum: 1 })).json().data;
      expect(theirs.list.map((r: { payPrice: string }) => r.payPrice)).toEqual(['42']);
    });

    it.each([[{ pageNum: 1, type: 2 }], [{ pageNum: 1, status: 'pending' }], [{ pageNum: 'one' }]])(
      'refuses %j with 1001',
      async (body) => {
        const { token } = await trader();
        expect((await post(app, token, RECORDS, body)).json().code).toBe(1001);
      },
    );

    it('answers 23523 on a demo token', async () => {
      const { token } = await trader();
      expect((await post(app, await demoToken(token), RECORDS, { pageNum: 1 })).json().code).toBe(23523);
    });
  });

  it('leaves no wallet opened by a refused transfer', async () => {
    const { user, token } = await trader('1');
    await transform(token, {
      curr: 'ETH',
      currId: 4,
      type: 0,
      num: '2',
      fee: '0',
      practical: '0.0006',
      unit: 'ETH',
    });
    expect(await findWalletAccount(app.db, user.id, 'ETH')).toBeNull();
  });
});
