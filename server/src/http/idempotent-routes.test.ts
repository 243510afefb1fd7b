/**
 * Issue #24 (IK1): every idempotent route stores its success answer with the key in the transaction of its money
 * effect. Each route's submit is made to fail just after that transaction commits (as a process killed there
 * would): the repeat with the same key must replay the success, not answer 23552 "processing" nor apply it
 * again. The idempotent routes are enumerated from the app itself (its OpenAPI document, where they carry the
 * Idempotency-Key header), so a new one without a case here fails the first test.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { serverUrl, type Endpoint } from '../../../src/core/contract/endpoint';
import { InsertLoan, InsertRepayment } from '../../../src/core/contract/loans';
import { Transfer } from '../../../src/core/contract/wallets';
import { WithdrawSubmit } from '../../../src/core/contract/withdrawals';
import { sub, toFixed } from '../../../src/core/domain/decimal';
import { encodeField } from '../cashier';
import { createUser, signIn, type TestUser } from '../accounts/test-app';
import type { Db, Queryable } from '../db/types';
import { describeOnBackends } from '../db/testing';
import { realBalance, submit } from '../deposits/deposits.testing';
import { applyLoan, decideLoan } from '../loans/test-support';
import { tradingHarness, urlOf, type TradingHarness } from '../trading/test-app';
import { addOrder } from '../../../src/core/contract/trading';
import { addOrderOption, findOptionsProduct, type OptionProduct } from '../../../src/core/contract/options';
import { realSessionKey, TEST_ADDRESS } from '../withdrawals/test-support';

/** One idempotent route: its submit with a key, and how many times its effect is in the database. */
interface Case {
  /** Prepares a user (and what the submit needs); answers the submit and the effect count. */
  prepare(): Promise<{ send(key: string): Promise<LightMyRequestResponse>; effects(): Promise<number> }>;
}

/** The failure injected after the commit (what the client of a killed request never saw). */
class LostAfterCommit extends Error {}

describeOnBackends(
  'every idempotent route stores its answer in its money transaction',
  { on: 'postgres' },
  (backend) => {
    let harness: TradingHarness;
    let app: FastifyInstance;
    let guarantor: TestUser;
    /** Set while a submit is to fail after the commit of the transaction that stores its answer. */
    let armed = false;
    /** What the transaction that stored the answer wrote besides the key (the effect must be among it). */
    let recordedWith: string[] | null = null;

    const count = async (sql: string, params: unknown[]) =>
      Number(
        (await app.db.query<{ n: string }>(`select count(*)::text as n from ${sql}`, params)).rows[0]?.n,
      );

    /** A JSON submit of a contract endpoint as `token` with the key. */
    const post = (endpoint: Endpoint, token: string, body: object) => (key: string) =>
      app.inject({
        method: 'POST',
        url: serverUrl(endpoint.service, endpoint.path),
        payload: body,
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
      });

    beforeAll(async () => {
      harness = await tradingHarness(backend);
      app = harness.app;
      guarantor = await createUser(app);
      // Every transaction of the app is watched: the tables it writes, and whether it stored an answer.
      const db = app.db as Db & { transaction: Db['transaction'] };
      const transaction = db.transaction.bind(db);
      db.transaction = async <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> => {
        const writes: string[] = [];
        const result = await transaction((tx) =>
          fn({
            exec: (sql) => tx.exec(sql),
            query: (sql, params) => {
              const table = /^\s*(?:insert\s+into|update)\s+(\w+)/i.exec(sql)?.[1];
              if (table) writes.push(table.toLowerCase());
              return tx.query(sql, params);
            },
          }),
        );
        if (armed && writes.includes('idempotency_keys')) {
          armed = false;
          recordedWith = writes.filter((table) => table !== 'idempotency_keys');
          throw new LostAfterCommit('the connection was lost after COMMIT');
        }
        return result;
      };
    }, 120_000);
    afterAll(() => harness?.close());

    const funded = async (usd: string) => {
      const user = await createUser(app);
      if (usd !== '0') await harness.credit(user.id, usd);
      return { user, token: await signIn(app, user.id) };
    };

    /** A trader's submit of an exchange call (its real or demo token) with the key. */
    const exchangeCall = (url: string, token: string, body: object) => (key: string) =>
      app.inject({
        method: 'POST',
        url,
        payload: body,
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
      });

    /** Order placement with a key (IK6), real or demo: one order per key. */
    const orderCase = (mock: boolean): Case => ({
      async prepare() {
        const trader = await harness.trader({ credit: '100000' });
        const body = {
          tradePair: 'BTCUSDT',
          price: '0',
          stopPrice: '',
          takeProfitPprice: '',
          orderQuantity: '0.01',
          multiple: 2,
          orderType: 0,
          buyPoint: 2,
        };
        return {
          send: exchangeCall(urlOf(addOrder, {}, mock), mock ? trader.demoToken : trader.token, body),
          effects: () => count('orders where user_id = $1 and virtual = $2', [trader.id, mock]),
        };
      },
    });

    /** Option placement with a key (IK6), real or demo: one option per key. */
    const optionCase = (mock: boolean): Case => ({
      async prepare() {
        const trader = await harness.trader({ credit: '1000' });
        await harness.pin('BTCUSDT', '100000.00');
        const token = mock ? trader.demoToken : trader.token;
        const products = await harness.post<{ optionsProducts: OptionProduct[] }>(
          urlOf(findOptionsProduct),
          token,
          { productCode: 'BTCUSDT' },
        );
        const product = products.data.optionsProducts[0] as OptionProduct;
        const body = {
          tradePair: 'BTCUSDT',
          optionsProductId: product.id,
          price: '100000.00',
          timeLong: 30,
          btime: Math.floor(harness.clock.now() / 1000),
          rate: '0.82',
          amount: '37',
          orderType: 0,
        };
        return {
          send: exchangeCall(urlOf(addOrderOption, {}, mock), token, body),
          effects: () => count('option_orders where user_id = $1 and virtual = $2', [trader.id, mock]),
        };
      },
    });

    const cases: Record<string, Case> = {
      'POST /exchange/order/addOrder': orderCase(false),
      'POST /exchange/order/addOrderMock': orderCase(true),
      'POST /exchange/order/addOrderOption': optionCase(false),
      'POST /exchange/order/addOrderOptionMock': optionCase(true),
      'POST /v1/waa/userLoan/insert': {
        async prepare() {
          const { user, token } = await funded('0');
          const body = { amount: 50_000, days: 7, guarantor: guarantor.uid, remark: 'Working capital' };
          return {
            send: post(InsertLoan, token, body),
            effects: () => count('loans where user_id = $1', [user.id]),
          };
        },
      },
      'POST /v1/waa/userLoan/insertRepayment': {
        async prepare() {
          const { token } = await funded('1000');
          const applied = await applyLoan(app, token, guarantor.uid);
          expect(applied.code, JSON.stringify(applied)).toBe(0);
          expect((await decideLoan(app, applied.data.dto.id, 'approve')).code).toBe(0);
          const loanId = applied.data.dto.id;
          return {
            send: post(InsertRepayment, token, { loanId, amount: 100 }),
            effects: () => count('loan_repayments where loan_id = $1', [loanId]),
          };
        },
      },
      'POST /v1/waa/user/crypto/transform': {
        async prepare() {
          const { user, token } = await funded('1000');
          const body = {
            curr: 'USDT',
            currId: 1,
            type: 0,
            num: '100',
            fee: '0',
            practical: '100',
            unit: 'USDT',
          };
          return {
            send: post(Transfer, token, body),
            // Each transfer takes 100 USD off the real balance.
            effects: async () => Number(sub('1000', await realBalance(app, user.id))) / 100,
          };
        },
      },
      'POST /v1/waa/user/deposit': {
        async prepare() {
          const { user, token } = await funded('0');
          const meta = { coinId: 1, amt: '1000', locale: 'en', agreement: true };
          return {
            send: (key) => submit(app, token, meta, { key }),
            effects: () => count('cash_tickets where user_id = $1', [user.id]),
          };
        },
      },
      'POST /v1/waa/user/withdraw': {
        async prepare() {
          const { user, token } = await funded('1000');
          const aesKey = await realSessionKey(app, user.id);
          const body = {
            num: '100',
            practicalNum: toFixed(sub('100', '25'), 5),
            currencyId: 1,
            paymentAddress: encodeField(TEST_ADDRESS, aesKey),
            locale: 'en',
          };
          return {
            send: post(WithdrawSubmit, token, body),
            effects: () => count('cash_tickets where user_id = $1', [user.id]),
          };
        },
      },
    };

    it('has a case for every idempotent route the app registers, and none for a route it lacks', () => {
      type Operation = { parameters?: Array<{ in: string; name: string }> };
      const paths = (app.swagger() as { paths: Record<string, Record<string, Operation>> }).paths;
      const idempotent = Object.entries(paths)
        .flatMap(([path, methods]) =>
          Object.entries(methods)
            .filter(([, op]) =>
              (op.parameters ?? []).some(
                (p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key',
              ),
            )
            .map(([method]) => `${method.toUpperCase()} ${path}`),
        )
        .sort();
      expect(idempotent).toEqual(Object.keys(cases).sort());
    });

    it.each(Object.keys(cases))(
      '%s: a failure after its commit leaves an answer the repeat replays, applied once',
      async (name) => {
        const { send, effects } = await (cases[name] as Case).prepare();
        const key = randomUUID();
        recordedWith = null;
        armed = true;
        const lost = await send(key);
        armed = false;
        // The client never saw the outcome…
        expect(lost.statusCode, lost.body).toBe(500);
        // …which was stored in the transaction of the effect (that transaction wrote more than the key).
        expect(recordedWith, 'the answer was stored in no transaction').not.toBeNull();
        expect((recordedWith ?? []).length, 'the answer was stored apart from the effect').toBeGreaterThan(0);
        expect(await effects()).toBe(1);
        const again = await send(key);
        expect(again.statusCode).toBe(200);
        expect(again.json().code, again.body).toBe(0);
        expect(again.headers['idempotent-replay']).toBe('true');
        expect(await effects()).toBe(1);
      },
    );
  },
);
