import type { FastifyInstance } from 'fastify';
import { negate } from '../../../src/core/domain/decimal';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildAccountsApp, createUser } from '../accounts/test-app';
import { describeOnBackends, type TestDatabase } from '../db/testing';
import { BusinessError } from '../http/envelope';
import { checkLedger } from './check';
import {
  findUserAccount,
  getOrCreateAccount,
  HouseAccount,
  houseAccount,
  LedgerError,
  postTransaction,
  postTransactions,
} from '.';

describeOnBackends('ledger postTransaction', { on: 'both' }, (backend) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let userId: string;
  let cash: string;

  beforeAll(async () => {
    database = await backend.create();
    app = await buildAccountsApp(database);
    userId = (await createUser(app)).id;
    cash = (await houseAccount(app.db, HouseAccount.cashReal)).id;
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const credit = (accountId: string, amount: string) =>
    app.db.transaction((tx) =>
      postTransaction(tx, {
        kind: 'credit',
        ref: 'test',
        postings: [
          { accountId, bucket: 'balance', amount },
          { accountId: cash, bucket: 'balance', amount: negate(amount) },
        ],
      }),
    );

  it('applies a balanced transaction to both accounts and records its postings', async () => {
    const real = await app.db.transaction((tx) => getOrCreateAccount(tx, userId, 'real'));
    const before = (await houseAccount(app.db, HouseAccount.cashReal)).balance;
    const result = await credit(real.id, '250.125');
    expect(result.accounts.find((a) => a.id === real.id)?.balance).toBe('250.12500000');
    const house = await houseAccount(app.db, HouseAccount.cashReal);
    expect(Number(house.balance) - Number(before)).toBeCloseTo(-250.125, 8);
    const { rows } = await app.db.query<{ amount: string }>(
      'select amount from ledger_postings where txn_id = $1 order by amount',
      [result.txnId],
    );
    expect(rows.map((r) => r.amount)).toEqual(['-250.12500000', '250.12500000']);
  });

  it('opens each user account once however often it is asked for', async () => {
    const a = await app.db.transaction((tx) => getOrCreateAccount(tx, userId, 'real'));
    const b = await app.db.transaction((tx) => getOrCreateAccount(tx, userId, 'real'));
    expect(a.id).toBe(b.id);
    expect(await findUserAccount(app.db, userId, 'demo')).toBeNull();
  });

  it('refuses to take a user balance below zero with 203 and writes nothing', async () => {
    const other = (await createUser(app)).id;
    const real = await app.db.transaction((tx) => getOrCreateAccount(tx, other, 'real'));
    await credit(real.id, '10');
    const count = async () =>
      (await app.db.query<{ n: string }>('select count(*) as n from ledger_transactions')).rows[0]?.n;
    const before = await count();
    const error = await credit(real.id, '-10.01').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BusinessError);
    expect((error as BusinessError).code).toBe(203);
    expect(await count()).toBe(before);
    expect((await findUserAccount(app.db, other, 'real'))?.balance).toBe('10.00000000');
  });

  it('moves money between the buckets of one account and refuses a negative lock with 205', async () => {
    const real = await app.db.transaction((tx) => getOrCreateAccount(tx, userId, 'real'));
    const lock = (amount: string) =>
      app.db.transaction((tx) =>
        postTransaction(tx, {
          kind: 'margin_lock',
          postings: [
            { accountId: real.id, bucket: 'balance', amount: negate(amount) },
            { accountId: real.id, bucket: 'lock_margin', amount },
          ],
        }),
      );
    const result = await lock('50');
    expect(result.accounts).toHaveLength(1);
    expect(result.accounts[0]?.lockMargin).toBe('50.00000000');
    const error = await lock('-60').catch((e: unknown) => e);
    expect((error as BusinessError).code).toBe(205);
  });

  it('lets house accounts go negative and opens new house accounts on demand', async () => {
    const fees = await houseAccount(app.db, 'house_fees');
    expect(fees.ownerKind).toBe('house');
    expect((await houseAccount(app.db, 'house_fees')).id).toBe(fees.id);
    await app.db.transaction((tx) =>
      postTransaction(tx, {
        kind: 'fee',
        postings: [
          { accountId: fees.id, bucket: 'balance', amount: '-1' },
          { accountId: cash, bucket: 'balance', amount: '1' },
        ],
      }),
    );
    expect((await houseAccount(app.db, 'house_fees')).balance).toBe('-1.00000000');
  });

  it.each([
    [
      'postings that do not sum to zero',
      [
        ['1', 'balance'],
        ['-2', 'balance'],
      ],
    ],
    ['a single posting', [['0', 'balance']]],
    [
      'a zero amount',
      [
        ['0', 'balance'],
        ['0', 'balance'],
      ],
    ],
    [
      'more than 8 decimals',
      [
        ['0.000000001', 'balance'],
        ['-0.000000001', 'balance'],
      ],
    ],
    [
      'an unknown bucket',
      [
        ['1', 'margin'],
        ['-1', 'balance'],
      ],
    ],
  ])('rejects %s as a programming error', async (_name, legs) => {
    const error = await app.db
      .transaction((tx) =>
        postTransaction(tx, {
          kind: 'credit',
          postings: (legs as Array<[string, 'balance']>).map(([amount, bucket], i) => ({
            accountId: i === 0 ? cash : cash,
            bucket,
            amount,
          })),
        }),
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LedgerError);
  });

  it('posts many transactions in one statement, each with its own postings, and refuses all on one short', async () => {
    const first = await app.db.transaction((tx) => getOrCreateAccount(tx, userId, 'real'));
    const otherId = (await createUser(app)).id;
    const other = await app.db.transaction((tx) => getOrCreateAccount(tx, otherId, 'real'));
    const fees = (await houseAccount(app.db, 'house_test_batch')).id;
    await credit(first.id, '10');
    const before = await findUserAccount(app.db, userId, 'real');
    const leg = (from: string, to: string, amount: string) => [
      { accountId: from, bucket: 'balance' as const, amount: negate(amount) },
      { accountId: to, bucket: 'balance' as const, amount },
    ];
    const written = await app.db.transaction((tx) =>
      postTransactions(tx, [
        { kind: 'batch_test', ref: 'a', postings: leg(fees, first.id, '1.5') },
        {
          kind: 'batch_test',
          ref: 'b',
          postings: [...leg(fees, other.id, '2'), ...leg(first.id, other.id, '3')],
        },
        { kind: 'batch_test', ref: 'c', postings: leg(fees, first.id, '1.5') },
      ]),
    );
    expect(written).toBe(3);
    const { rows } = await app.db.query<{ ref: string; n: string; sum: string }>(
      `select t.ref, count(*) as n, sum(p.amount) as sum from ledger_transactions t
         join ledger_postings p on p.txn_id = t.id where t.kind = 'batch_test' group by t.ref order by t.ref`,
    );
    expect(rows.map((r) => [r.ref, r.n, Number(r.sum)])).toEqual([
      ['a', '2', 0],
      ['b', '4', 0],
      ['c', '2', 0],
    ]);
    const after = await findUserAccount(app.db, userId, 'real');
    expect(Number(after?.balance) - Number(before?.balance)).toBeCloseTo(0, 8);
    // One entry would take the other account below zero: nothing of the batch is written.
    const refused = app.db.transaction((tx) =>
      postTransactions(
        tx,
        [
          { kind: 'batch_test', ref: 'd', postings: leg(fees, first.id, '1') },
          { kind: 'batch_test', ref: 'e', postings: leg(other.id, fees, '100') },
        ],
        { balance: 204, lock: 206 },
      ),
    );
    await expect(refused).rejects.toMatchObject({ code: 204 });
    const { rows: none } = await app.db.query(
      `select 1 from ledger_transactions where kind = 'batch_test' and ref in ('d', 'e')`,
    );
    expect(none).toEqual([]);
    expect((await checkLedger(app.db)).ok).toBe(true);
  });

  it('rejects a posting to an account that does not exist', async () => {
    const error = await app.db
      .transaction((tx) =>
        postTransaction(tx, {
          kind: 'credit',
          postings: [
            { accountId: '999999', bucket: 'balance', amount: '1' },
            { accountId: cash, bucket: 'balance', amount: '-1' },
          ],
        }),
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LedgerError);
  });

  it('admits exactly the postings the balance covers when many run at once on one account', async () => {
    const owner = (await createUser(app)).id;
    const real = await app.db.transaction((tx) => getOrCreateAccount(tx, owner, 'real'));
    await credit(real.id, '100');
    const fees = await houseAccount(app.db, 'house_fees_race');
    const take = () =>
      app.db.transaction((tx) =>
        postTransaction(tx, {
          kind: 'fee',
          postings: [
            { accountId: real.id, bucket: 'balance', amount: '-7' },
            { accountId: fees.id, bucket: 'balance', amount: '7' },
          ],
        }),
      );
    const results = await Promise.allSettled(Array.from({ length: 20 }, take));
    const refused = results.filter((r) => r.status === 'rejected');
    expect(results.length - refused.length).toBe(14);
    for (const r of refused) expect((r.reason as BusinessError).code).toBe(203);
    expect((await findUserAccount(app.db, owner, 'real'))?.balance).toBe('2.00000000');
    expect((await houseAccount(app.db, 'house_fees_race')).balance).toBe('98.00000000');
  });

  it('has the database refuse an unbalanced transaction written around the code', async () => {
    const error = await app.db
      .transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string }>(
          "insert into ledger_transactions (kind) values ('rogue') returning id",
        );
        await tx.query(
          "insert into ledger_postings (txn_id, account_id, bucket, amount) values ($1, $2, 'balance', 5)",
          [rows[0]?.id, cash],
        );
      })
      .catch((e: unknown) => e);
    expect(String(error)).toMatch(/does not balance/);
    const { rows } = await app.db.query("select 1 from ledger_transactions where kind = 'rogue'");
    expect(rows).toHaveLength(0);
  });

  it('has the database refuse a posting that unbalances a transaction balanced by an earlier statement', async () => {
    const fees = await houseAccount(app.db, 'house_fees_rogue');
    const error = await app.db
      .transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string }>(
          "insert into ledger_transactions (kind) values ('rogue_later') returning id",
        );
        await tx.query(
          `insert into ledger_postings (txn_id, account_id, bucket, amount)
           values ($1, $2, 'balance', 5), ($1, $3, 'balance', -5)`,
          [rows[0]?.id, cash, fees.id],
        );
        await tx.query(
          "insert into ledger_postings (txn_id, account_id, bucket, amount) values ($1, $2, 'balance', 1)",
          [rows[0]?.id, cash],
        );
      })
      .catch((e: unknown) => e);
    expect(String(error)).toMatch(/does not balance/);
    const { rows } = await app.db.query("select 1 from ledger_transactions where kind = 'rogue_later'");
    expect(rows).toHaveLength(0);
  });

  it('keeps postings append-only', async () => {
    await expect(app.db.query('update ledger_postings set amount = amount * 2')).rejects.toThrow(
      /append-only/,
    );
    await expect(app.db.query('delete from ledger_postings')).rejects.toThrow(/append-only/);
  });
});
