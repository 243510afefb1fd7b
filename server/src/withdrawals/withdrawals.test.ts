import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../../src/core/contract/envelope';
import { fillPath } from '../../../src/core/contract/endpoint';
import {
  AdminWithdrawalFreeze,
  AdminWithdrawalUnfreeze,
  WITHDRAWAL_REASON_MAX,
  type AdminWithdrawal,
  type WithdrawQuoteData,
} from '../../../src/core/contract/withdrawals';
import { toFixed } from '../../../src/core/domain/decimal';
import { admin, buildAccountsApp, createUser, post, signIn } from '../accounts/test-app';
import { describeOnBackends, type TestDatabase } from '../db/testing';
import { checkLedger, findUserAccount, HouseAccount } from '../ledger';
import { encodeField } from '../cashier';
import { PENDING_HOUSE } from './service';
import { decideWithdrawal, postWithdraw, realSessionKey, TEST_ADDRESS, withdrawUsdt } from './test-support';

interface User {
  id: string;
  uid: string;
  token: string;
}

describeOnBackends('withdrawals', { on: 'postgres' }, (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await backend.create();
    app = await buildAccountsApp(database);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const newUser = async (credit?: string, brandId?: string): Promise<User> => {
    const user = await createUser(app, { brandId });
    if (credit) {
      await app.db.transaction((tx) => app.accounts.credit(tx, user.id, 'real', credit, { ref: 'test' }));
    }
    return { id: user.id, uid: user.uid, token: await signIn(app, user.id) };
  };
  const call = async <T>(token: string | null, path: string, body: Record<string, unknown> = {}) =>
    (await post(app, token, `/v1/waa/${path}`, body)).json<Envelope<T>>();
  const balance = async (userId: string) =>
    toFixed((await findUserAccount(app.db, userId, 'real'))?.balance ?? '0', 2);
  const houseBalance = async (kind: string) => {
    const { rows } = await app.db.query<{ balance: string }>(
      `select balance::text from ledger_accounts where owner_kind = 'house' and kind = $1`,
      [kind],
    );
    return toFixed(rows[0]?.balance ?? '0', 2);
  };
  const ledgerOk = async () => (await checkLedger(app.db)).ok;
  const status = (token: string) =>
    call<{ balance: string }>(token, 'cryptocurrency/user/wallet/withdrawStatus');
  const adminJson = async <T>(method: 'GET' | 'POST', url: string, body?: Record<string, unknown>) =>
    (await admin(app, method, `/admin/v1/${url}`, body)).json<Envelope<T>>();
  const openOrder = (userId: string, virtual = false) =>
    app.db.query(
      `insert into orders (uid, user_id, virtual, trade_pair, product_name, order_type, buy_point, position_status,
         opening_price, order_quantity, contract_size, multiple, margin, order_time, transaction_time, brand_id)
       values ($1, $2, $3, 'BTCUSDT', 'BTC/USDT', 0, 2, 2, 100000, 0.01, 1, 100, 10, 1, 1, 'tradekit')`,
      [String(Date.now()) + String(Math.floor(Math.random() * 1e6)), userId, virtual],
    );
  const saveCard = async (userId: string, account = 'DE89370400440532013000') => {
    const personal = app.cashier.sealer.seal(
      JSON.stringify({
        name: 'Ada Lovelace',
        account,
        address: '1 Main St',
        idNumber: 'X1',
        phoneNumber: '1',
      }),
    );
    const { rows } = await app.db.query<{ id: string }>(
      `insert into bank_cards (user_id, bank_name, bank_code, swift_code, bank_country, personal_sealed, account_last4)
       values ($1, 'Deutsche Bank', 'DB', 'DEUTDEFF', 'DE', $2, $3) returning id::text`,
      [userId, personal, account.slice(-4)],
    );
    return (rows[0] as { id: string }).id;
  };

  describe('withdrawStatus', () => {
    it('answers the available balance when nothing stops a withdrawal', async () => {
      const user = await newUser('1000');
      expect(await status(user.token)).toMatchObject({ code: 0, data: { balance: expect.any(String) } });
      expect(toFixed((await status(user.token)).data.balance, 2)).toBe('1000.00');
    });

    it('answers 1067 while a withdrawal waits, and 0 again once it is decided', async () => {
      const user = await newUser('1000');
      const ticket = await withdrawUsdt(app, user, '100');
      expect(ticket.code).toBe(0);
      expect((await status(user.token)).code).toBe(1067);
      expect((await decideWithdrawal(app, ticket.data.id, 'approve')).code).toBe(0);
      expect((await status(user.token)).code).toBe(0);
    });

    it('answers 1070 with an open real position (not a demo one), unless the brand allows it', async () => {
      const user = await newUser('1000');
      await openOrder(user.id, true);
      expect((await status(user.token)).code).toBe(0);
      await openOrder(user.id);
      expect((await status(user.token)).code).toBe(1070);
      expect((await withdrawUsdt(app, user, '100')).code).toBe(1070);
      await app.db.query(
        `insert into withdrawal_brand_settings (brand_id, block_open_positions) values ('tradekit', false)`,
      );
      try {
        expect((await status(user.token)).code).toBe(0);
      } finally {
        await app.db.query(`delete from withdrawal_brand_settings where brand_id = 'tradekit'`);
      }
    });

    it('answers 1066 while an operator froze the user’s withdrawals, 0 again once unfrozen', async () => {
      const user = await newUser('1000');
      const hold = (declared: typeof AdminWithdrawalFreeze, { uid, ...body }: Record<string, unknown>) =>
        adminJson<{ uid: string; frozen: boolean }>('POST', fillPath(declared.path, { uid }), body);
      const frozen = await hold(AdminWithdrawalFreeze, { uid: user.uid, reason: 'Chargeback under review' });
      expect(frozen).toEqual({ code: 0, msg: expect.any(String), data: { uid: user.uid, frozen: true } });
      expect((await status(user.token)).code).toBe(1066);
      expect((await withdrawUsdt(app, user, '100')).code).toBe(1066);
      expect(await balance(user.id)).toBe('1000.00');
      // Freezing twice changes nothing and says so; the change is in the audit log with its reason.
      expect((await hold(AdminWithdrawalFreeze, { uid: user.uid, reason: 'again' })).code).toBe(1017);
      const audit = await app.db.query(
        `select actor, action, before, after, reason from audit_log
          where object_kind = 'user' and object_id = $1 order by id`,
        [user.uid],
      );
      expect(audit.rows).toEqual([
        {
          actor: 'admin-api',
          action: 'withdrawals.freeze',
          before: { withdrawalFrozen: false },
          after: { withdrawalFrozen: true },
          reason: 'Chargeback under review',
        },
      ]);

      expect((await hold(AdminWithdrawalUnfreeze, { uid: user.uid, reason: 'Cleared' })).data).toEqual({
        uid: user.uid,
        frozen: false,
      });
      expect((await status(user.token)).code).toBe(0);
      expect((await hold(AdminWithdrawalUnfreeze, { uid: user.uid, reason: 'Cleared' })).code).toBe(1017);
      const actions = await app.db.query(`select action from audit_log where object_id = $1 order by id`, [
        user.uid,
      ]);
      expect(actions.rows).toEqual([{ action: 'withdrawals.freeze' }, { action: 'withdrawals.unfreeze' }]);

      // An unknown user is 1002; a malformed uid, no reason or a control character in it is 1001.
      expect((await hold(AdminWithdrawalFreeze, { uid: '99999999', reason: 'x' })).code).toBe(1002);
      for (const body of [
        { uid: 'a-b', reason: 'x' },
        { uid: user.uid, reason: '' },
        { uid: user.uid },
        { uid: user.uid, reason: 'line\u0000break' },
        { uid: user.uid, reason: 'x'.repeat(WITHDRAWAL_REASON_MAX + 1) },
      ])
        expect((await hold(AdminWithdrawalFreeze, body)).code).toBe(1001);
      expect((await status(user.token)).code).toBe(0);
    });

    it('answers 23557 below the brand’s required trading volume, 0 once it is traded', async () => {
      const user = await newUser('1000', 'aurora');
      await app.db.query(
        `insert into withdrawal_brand_settings (brand_id, min_traded_volume, block_open_positions)
         values ('aurora', 1000, false)`,
      );
      try {
        expect((await status(user.token)).code).toBe(23557);
        expect((await withdrawUsdt(app, user, '100')).code).toBe(23557);
        await openOrder(user.id); // margin 10 × 100 = 1000 USD notional
        expect((await status(user.token)).code).toBe(0);
      } finally {
        await app.db.query(`delete from withdrawal_brand_settings where brand_id = 'aurora'`);
      }
    });

    it('refuses the demo session with 1001 (no withdrawal on the demo account)', async () => {
      const user = await newUser('1000');
      const demo = await signIn(app, user.id, true);
      expect((await status(demo)).code).toBe(1001);
    });
  });

  describe('fee quotes', () => {
    const quote = (token: string, body: Record<string, unknown>) =>
      call<WithdrawQuoteData>(token, 'user/withdraw/calculate', body);
    const bankQuote = (token: string, body: Record<string, unknown>) =>
      call<WithdrawQuoteData>(token, 'user/bankcard/withdraw/calculate', body);

    it('quotes a fixed fee in the coin, practical, USD and the balance after', async () => {
      const user = await newUser('1000');
      expect(await quote(user.token, { currencyId: 1, num: '100' })).toMatchObject({
        code: 0,
        data: {
          type: 'FIX_AMOUNT',
          feeType: 'FIX_AMOUNT',
          feeNum: '25',
          fee: '25.00000',
          feeUsd: '25.00000',
          practical: '75.00000',
          usdAmount: '100.00000',
          isOver: false,
          afterBalance: '900.00000',
          currency: 'USDT',
          usdPrice: '1',
        },
      });
      // coinId names the coin when given; isOver when the amount is worth more than the balance.
      const over = await quote(user.token, { currencyId: 3, coinId: 2, num: '1000.5' });
      expect(over.data).toMatchObject({ practical: '975.50000', isOver: true, afterBalance: '-0.50000' });
    });

    it('answers 1055 for an unknown coin, 1065 beyond 5 decimals, 1001 for a malformed amount', async () => {
      const user = await newUser('1000');
      expect((await quote(user.token, { currencyId: 99, num: '100' })).code).toBe(1055);
      expect((await quote(user.token, { currencyId: 1, num: '100.123456' })).code).toBe(1065);
      expect((await quote(user.token, { currencyId: 1, num: '-5' })).code).toBe(1001);
      expect((await quote(user.token, { currencyId: 1, num: 100 })).code).toBe(1001);
      expect((await quote(user.token, { num: '100' })).code).toBe(1001);
    });

    it('answers 1033 when the coin has no price now (no market)', async () => {
      const user = await newUser('1000');
      expect((await quote(user.token, { currencyId: 3, num: '0.01' })).code).toBe(1033);
    });

    it('quotes the bank withdrawal in USD, 1008 for an unknown meta, and refuses an unknown fee type', async () => {
      const user = await newUser('1000');
      expect(await bankQuote(user.token, { currencyId: 1, num: '200' })).toMatchObject({
        code: 0,
        data: { fee: '25.00000', practical: '175.00000', afterBalance: '800.00000', currency: 'USD' },
      });
      expect((await bankQuote(user.token, { currencyId: 7, num: '200' })).code).toBe(1008);
      await app.db.query(`insert into bank_withdraw_meta (id, min_withdraw, max_withdraw, fee_type, fee_num)
                          values (9, 50, 1000, 'TIERED', 1)`);
      try {
        expect(await bankQuote(user.token, { currencyId: 9, num: '200' })).toMatchObject({
          code: 1073,
          msg: 'Not support feeType [TIERED]',
        });
      } finally {
        await app.db.query('delete from bank_withdraw_meta where id = 9');
      }
    });

    it('answers the bank withdrawal meta, 1008 on a brand without bank cards', async () => {
      const user = await newUser();
      expect(await call(user.token, 'cryptocurrency/bank/withdraw/find/one')).toMatchObject({
        code: 0,
        data: { dto: { id: 1, minWithdrawAmount: '50.00000000', maxWithdrawAmount: '10000000.00000000' } },
      });
      const other = await newUser(undefined, 'aurora');
      expect((await call(other.token, 'cryptocurrency/bank/withdraw/find/one')).code).toBe(1008);
      expect(
        (await call(other.token, 'user/bankcard/withdraw/calculate', { currencyId: 1, num: '100' })).code,
      ).toBe(1008);
    });
  });

  describe('user/withdraw', () => {
    it('moves the USD value from the balance into the pending account at once, destination sealed', async () => {
      const user = await newUser('1000');
      const pendingBefore = await houseBalance(PENDING_HOUSE);
      const answer = await withdrawUsdt(app, user, '300');
      expect(answer).toMatchObject({
        code: 0,
        data: {
          method: 'crypto',
          currency: 'USDT',
          amount: '300.00000000',
          usdAmount: '300.00000000',
          fee: '25.00000000',
          practical: '275.00000000',
          state: 'waiting',
        },
      });
      expect(answer.data.uid).toMatch(/^W\d{20}$/);
      expect(await balance(user.id)).toBe('700.00');
      expect(Number(await houseBalance(PENDING_HOUSE)) - Number(pendingBefore)).toBe(300);
      const { rows } = await app.db.query<{ destination_sealed: string }>(
        'select destination_sealed from cash_tickets where id = $1',
        [answer.data.id],
      );
      expect(rows[0]?.destination_sealed).not.toContain(TEST_ADDRESS);
      const { rows: txns } = await app.db.query<{ kind: string }>(
        'select kind from ledger_transactions where ref = $1',
        [`withdrawal:${answer.data.uid}`],
      );
      expect(txns.map((t) => t.kind)).toEqual(['withdraw_hold']);
      expect(await ledgerOk()).toBe(true);
    });

    it('pays to the saved address of the coin when none is typed, 1049 when there is none', async () => {
      const user = await newUser('1000');
      const body = { num: '100', practicalNum: '75', currencyId: 2, locale: 'en' };
      expect((await postWithdraw(app, user.token, body)).code).toBe(1049);
      const saved = '0x1111111111111111111111111111111111111111';
      await app.db.query(
        'insert into crypto_addresses (user_id, coin_id, address_sealed, address_hash) values ($1, 2, $2, $3)',
        [user.id, app.cashier.sealer.seal(saved), app.cashier.sealer.hash(saved)],
      );
      const answer = await postWithdraw(app, user.token, body);
      expect(answer.code).toBe(0);
      const detail = await adminJson<{ destination: unknown }>('GET', `withdrawals/${answer.data.id}`);
      expect(detail.data.destination).toEqual({
        kind: 'crypto',
        currency: 'USDT',
        protocol: 'ERC20',
        address: saved,
      });
    });

    it('answers each refusal and moves nothing', async () => {
      const user = await newUser('1000');
      const key = await realSessionKey(app, user.id);
      const address = encodeField(TEST_ADDRESS, key);
      const submit = (body: Record<string, unknown>) =>
        postWithdraw(app, user.token, { currencyId: 1, paymentAddress: address, locale: 'en', ...body });
      expect((await submit({ num: '49.99999', practicalNum: '24.99999' })).code).toBe(1074);
      expect((await submit({ num: '10000000.1', practicalNum: '9999975.1' })).code).toBe(1074);
      expect((await submit({ num: '100.123456', practicalNum: '75.123456' })).code).toBe(1065);
      expect((await submit({ num: '100', practicalNum: '80' })).code).toBe(1036);
      expect((await submit({ num: '1000.00001', practicalNum: '975.00001' })).code).toBe(1052);
      expect((await submit({ num: '100', practicalNum: '75', currencyId: 42 })).code).toBe(1055);
      expect((await submit({ num: '100', practicalNum: '75', paymentAddress: 'not-a-cipher' })).code).toBe(
        1001,
      );
      expect(
        (await submit({ num: '100', practicalNum: '75', paymentAddress: encodeField('   ', key) })).code,
      ).toBe(1049);
      expect((await submit({ num: 'abc', practicalNum: '75' })).code).toBe(1001);
      expect((await postWithdraw(app, user.token, { num: '100', practicalNum: '75' })).code).toBe(1001);
      // Without the Idempotency-Key header.
      const bare = await post(app, user.token, '/v1/waa/user/withdraw', {
        num: '100',
        practicalNum: '75',
        currencyId: 1,
      });
      expect(bare.json().code).toBe(1001);
      // The demo session.
      const demo = await signIn(app, user.id, true);
      expect((await postWithdraw(app, demo, { num: '100', practicalNum: '75', currencyId: 1 })).code).toBe(
        1001,
      );
      expect(await balance(user.id)).toBe('1000.00');
      const { rows } = await app.db.query('select 1 from cash_tickets where user_id = $1', [user.id]);
      expect(rows).toHaveLength(0);
    });

    it('answers 1069 when the fee eats the whole amount', async () => {
      const user = await newUser('1000');
      await app.db.query(`update bank_withdraw_meta set fee_type = 'FIX_AMOUNT', fee_num = 100 where id = 1`);
      try {
        const card = await saveCard(user.id);
        const answer = await postWithdraw(app, user.token, {
          num: '100',
          practicalNum: '0',
          userBankId: card,
          withdrawType: 1,
          locale: 'en',
        });
        expect(answer.code).toBe(1069);
      } finally {
        await app.db.query(
          `update bank_withdraw_meta set fee_type = 'FIX_AMOUNT', fee_num = 25 where id = 1`,
        );
      }
    });

    it('answers 1067 to a second withdrawal while the first waits', async () => {
      const user = await newUser('1000');
      expect((await withdrawUsdt(app, user, '100')).code).toBe(0);
      expect((await withdrawUsdt(app, user, '100')).code).toBe(1067);
      expect(await balance(user.id)).toBe('900.00');
    });

    it('withdraws to the caller’s own bank card; another user’s card answers exactly like a missing one', async () => {
      const owner = await newUser('1000');
      const thief = await newUser('1000');
      const card = await saveCard(owner.id);
      const body = (userBankId: string | number) => ({
        num: '200',
        practicalNum: '175',
        userBankId,
        withdrawType: 1,
        locale: 'en',
      });
      const stolen = await postWithdraw(app, thief.token, body(card));
      const missing = await postWithdraw(app, thief.token, body('999999999'));
      expect(stolen.code).toBe(1008);
      expect(stolen).toEqual(missing);
      expect(await balance(thief.id)).toBe('1000.00');

      const mine = await postWithdraw(app, owner.token, body(Number(card)));
      expect(mine).toMatchObject({
        code: 0,
        data: { method: 'bank', currency: 'USD', practical: '175.00000000' },
      });
      expect(await balance(owner.id)).toBe('800.00');
      const detail = await adminJson<{ withdrawal: AdminWithdrawal; destination: unknown }>(
        'GET',
        `withdrawals/${mine.data.id}`,
      );
      expect(detail.data.withdrawal).toMatchObject({
        bankName: 'Deutsche Bank',
        accountLast4: '3000',
        protocol: null,
      });
      const { rows: views } = await app.db.query<{ actor: string; after: unknown }>(
        `select actor, after from audit_log where action = 'withdrawal.view_destination' and object_id = $1`,
        [mine.data.id],
      );
      expect(views).toEqual([{ actor: 'admin-api', after: null }]);
      expect(detail.data.destination).toMatchObject({
        kind: 'bank',
        name: 'Ada Lovelace',
        account: 'DE89370400440532013000',
        swiftCode: 'DEUTDEFF',
      });
      // The bank withdrawal needs user/bankCard on the brand.
      const aurora = await newUser('1000', 'aurora');
      expect((await postWithdraw(app, aurora.token, body(await saveCard(aurora.id)))).code).toBe(1008);
    });

    it('answers a repeated Idempotency-Key with the first answer and moves the money once', async () => {
      const user = await newUser('1000');
      const key = randomUUID();
      const first = await withdrawUsdt(app, user, '100', key);
      const again = await withdrawUsdt(app, user, '100', key);
      expect(first.code).toBe(0);
      expect(again).toEqual(first);
      expect(await balance(user.id)).toBe('900.00');
      // A refusal is answered again too, even once the cause is gone.
      const refusedKey = randomUUID();
      expect((await withdrawUsdt(app, user, '100', refusedKey)).code).toBe(1067);
      expect((await decideWithdrawal(app, first.data.id, 'reject')).code).toBe(0);
      expect((await withdrawUsdt(app, user, '100', refusedKey)).code).toBe(1067);
      expect(await balance(user.id)).toBe('1000.00');
    });
  });

  describe('review (admin API)', () => {
    it('lists waiting withdrawals with the user, method and amounts, never the destination', async () => {
      const user = await newUser('1000');
      const ticket = await withdrawUsdt(app, user, '150');
      const queue = await adminJson<{ list: AdminWithdrawal[]; total: number }>(
        'GET',
        'withdrawals?status=waiting',
      );
      expect(queue.code).toBe(0);
      const item = queue.data.list.find((w) => w.id === ticket.data.id);
      expect(item).toMatchObject({
        userUid: user.uid,
        method: 'crypto',
        currency: 'USDT',
        protocol: 'TRC20',
        amount: '150.00000000',
        usdAmount: '150.00000000',
        fee: '25.00000000',
        practical: '125.00000000',
        state: 'waiting',
        bankName: null,
      });
      expect(JSON.stringify(queue.data)).not.toContain(TEST_ADDRESS);
      expect((await adminJson('GET', 'withdrawals?status=bogus')).code).toBe(1001);
      const unauthorised = await app.inject({ method: 'GET', url: '/admin/v1/withdrawals' });
      expect(unauthorised.statusCode).toBe(401);
    });

    it('approves once: pending → paid out, audit written; a second decision answers 1038', async () => {
      const user = await newUser('1000');
      const ticket = await withdrawUsdt(app, user, '400');
      const cashBefore = await houseBalance(HouseAccount.cashReal);
      const approved = await decideWithdrawal(app, ticket.data.id, 'approve');
      expect(approved).toMatchObject({
        code: 0,
        data: { withdrawal: { state: 'success', reviewedBy: 'admin-api' } },
      });
      expect(Number(await houseBalance(HouseAccount.cashReal)) - Number(cashBefore)).toBe(400);
      expect(await balance(user.id)).toBe('600.00');
      expect((await decideWithdrawal(app, ticket.data.id, 'approve')).code).toBe(1038);
      expect((await decideWithdrawal(app, ticket.data.id, 'reject')).code).toBe(1038);
      const { rows } = await app.db.query<{ actor: string; action: string; before: unknown; after: unknown }>(
        `select actor, action, before, after from audit_log
          where object_kind = 'withdrawal' and object_id = $1 and action <> 'withdrawal.view_destination'`,
        [ticket.data.id],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ actor: 'admin-api', action: 'withdrawal.approve' });
      expect(await ledgerOk()).toBe(true);
    });

    it('rejects: the money returns, a 629005 notification carries the amount, audit with the reason', async () => {
      const user = await newUser('1000');
      const ticket = await withdrawUsdt(app, user, '250');
      expect(await balance(user.id)).toBe('750.00');
      const rejected = await decideWithdrawal(app, ticket.data.id, 'reject', 'Name does not match');
      expect(rejected).toMatchObject({
        code: 0,
        data: { withdrawal: { state: 'fail', reason: 'Name does not match' } },
      });
      expect(await balance(user.id)).toBe('1000.00');
      const list = await call<{ list: Array<{ alarmType: number; paymentPrice: string | null }> }>(
        user.token,
        'user/notification',
        { page: 1 },
      );
      expect(list.data.list[0]).toMatchObject({ alarmType: 629005 });
      expect(toFixed(list.data.list[0]?.paymentPrice ?? '', 2)).toBe('250.00');
      const { rows } = await app.db.query<{ action: string; reason: string }>(
        `select action, reason from audit_log
          where object_kind = 'withdrawal' and object_id = $1 and action <> 'withdrawal.view_destination'`,
        [ticket.data.id],
      );
      expect(rows).toEqual([{ action: 'withdrawal.reject', reason: 'Name does not match' }]);
      expect((await status(user.token)).code).toBe(0);
      expect(await ledgerOk()).toBe(true);
    });

    it('answers 1039 for an unknown id or a deposit ticket, 1001 for a malformed id or a missing reason', async () => {
      expect((await decideWithdrawal(app, '987654321', 'approve')).code).toBe(1039);
      expect((await adminJson('GET', 'withdrawals/987654321')).code).toBe(1039);
      const user = await newUser();
      const { rows } = await app.db.query<{ id: string }>(
        `insert into cash_tickets (uid, user_id, action_type, method, currency, amount, usd_amount)
         values ($1, $2, 0, 'crypto', 'USDT', 100, 100) returning id::text`,
        [`D${randomUUID().slice(0, 8)}`, user.id],
      );
      const depositId = (rows[0] as { id: string }).id;
      expect((await decideWithdrawal(app, depositId, 'approve')).code).toBe(1039);
      expect((await adminJson('POST', 'withdrawals/abc/approve', {})).code).toBe(1001);
      expect((await adminJson('POST', `withdrawals/${depositId}/reject`, {})).code).toBe(1001);
      expect((await adminJson('POST', `withdrawals/${depositId}/reject`, { reason: '' })).code).toBe(1001);
    });
  });

  describe('races', () => {
    it('50 concurrent full-balance withdrawals of one user: exactly one is accepted', async () => {
      const user = await newUser('1000');
      const answers = await Promise.all(Array.from({ length: 50 }, () => withdrawUsdt(app, user, '1000')));
      const codes = answers.map((a) => a.code);
      const accepted = codes.filter((c) => c === 0).length;
      const refused = codes.filter((c) => c === 1067 || c === 1052).length;
      const pending = codes.filter((c) => c === 1067).length;
      report(
        `${backend.name}: 50 concurrent full-balance withdrawals → ${accepted} accepted, ${refused} refused ` +
          `(${pending} × 1067, ${refused - pending} × 1052)`,
      );
      expect(accepted).toBe(1);
      expect(refused).toBe(49);
      expect(await balance(user.id)).toBe('0.00');
      const { rows } = await app.db.query('select 1 from cash_tickets where user_id = $1', [user.id]);
      expect(rows).toHaveLength(1);
      expect(await ledgerOk()).toBe(true);
    });

    it('20 requests with one Idempotency-Key: one effect, every answer the same ticket or 23552', async () => {
      const user = await newUser('1000');
      const key = randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => withdrawUsdt(app, user, '100', key)),
      );
      const tickets = new Set(answers.filter((a) => a.code === 0).map((a) => a.data.id));
      const others = answers.filter((a) => a.code !== 0).map((a) => a.code);
      const { rows } = await app.db.query('select 1 from cash_tickets where user_id = $1', [user.id]);
      report(
        `${backend.name}: 20 requests with one key → ${rows.length} ticket(s), ${others.length} × 23552`,
      );
      expect(tickets.size).toBe(1);
      expect(new Set(others)).toEqual(new Set(others.length ? [23552] : []));
      expect(rows).toHaveLength(1);
      expect(await balance(user.id)).toBe('900.00');
    });

    it('two operators approving the same withdrawal at once pay it once', async () => {
      const user = await newUser('1000');
      const ticket = await withdrawUsdt(app, user, '500');
      const cashBefore = await houseBalance(HouseAccount.cashReal);
      const answers = await Promise.all([
        decideWithdrawal(app, ticket.data.id, 'approve'),
        decideWithdrawal(app, ticket.data.id, 'approve'),
      ]);
      expect(answers.map((a) => a.code).sort()).toEqual([0, 1038]);
      expect(Number(await houseBalance(HouseAccount.cashReal)) - Number(cashBefore)).toBe(500);
      const { rows } = await app.db.query('select 1 from ledger_transactions where ref = $1 and kind = $2', [
        `withdrawal:${ticket.data.uid}`,
        'withdraw_payout',
      ]);
      expect(rows).toHaveLength(1);
      expect(await ledgerOk()).toBe(true);
    });

    it('approve and reject at once: exactly one wins and the money moves once', async () => {
      const user = await newUser('1000');
      const ticket = await withdrawUsdt(app, user, '500');
      const answers = await Promise.all([
        decideWithdrawal(app, ticket.data.id, 'approve'),
        decideWithdrawal(app, ticket.data.id, 'reject'),
      ]);
      expect(answers.map((a) => a.code).sort()).toEqual([0, 1038]);
      const { rows } = await app.db.query<{ kind: string }>(
        'select kind from ledger_transactions where ref = $1',
        [`withdrawal:${ticket.data.uid}`],
      );
      expect(rows).toHaveLength(2);
      const won = answers[0]?.code === 0 ? 'approve' : 'reject';
      expect(await balance(user.id)).toBe(won === 'approve' ? '500.00' : '1000.00');
      expect(await ledgerOk()).toBe(true);
    });
  });
});

/** Race figures for the closing note (the lead quotes them). */
function report(line: string): void {
  process.stdout.write(`[withdrawal races] ${line}\n`);
}
