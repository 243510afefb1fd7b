/**
 * The concurrency suite's harness: the real server on PostgreSQL (a schema of its own), listening on a port,
 * called over real HTTP connections, plus direct SQL to read the account and the order rows.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { describe, it } from 'vitest';
import type { Envelope } from '../../src/core/contract/envelope';
import { add, compare, sub } from '../../src/core/domain/decimal';
import { ADMIN_TOKEN, createUser, signIn } from '../../server/src/accounts/test-app';
import { buildApp } from '../../server/src/app';
import { backendsFor, describeSkippedOffPostgres } from '../../server/src/db/testing';
import { checkLedger, findUserAccount } from '../../server/src/ledger';

/** What a race suite says when it cannot run: PGlite runs one query at a time and proves nothing here. */
export const NEEDS_POSTGRES =
  'The race suites of tests/integration need PostgreSQL: set TEST_DATABASE_URL (`npm test` starts a ' +
  'throw-away cluster). PGlite serialises every query, so it cannot prove concurrency.';

/**
 * A race suite on the PostgreSQL of TEST_DATABASE_URL. `npm run test:fast` (TK_TEST_BACKENDS=pglite, one
 * database and no PostgreSQL) counts it as skipped, by name; anywhere else without PostgreSQL it fails and
 * says what to set, so `npm test` never passes without it.
 */
export function describeRace(title: string, suite: (databaseUrl: string) => void): void {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (backendsFor('postgresOnly', process.env).length === 0) {
    describeSkippedOffPostgres(title, () => {
      it('races on PostgreSQL', () => undefined);
    });
  } else if (databaseUrl) {
    describe(title, () => suite(databaseUrl));
  } else {
    describe(title, () => {
      it('runs on the PostgreSQL of TEST_DATABASE_URL', () => {
        throw new Error(NEEDS_POSTGRES);
      });
    });
  }
}

/** Wednesday 2026-03-11 10:00 UTC: every market but US stocks is open. */
const WEDNESDAY = Date.parse('2026-03-11T10:00:00Z');

/** One order row as the suite checks it. */
export interface OrderFacts {
  id: string;
  uid: string;
  status: number;
  virtual: boolean;
  margin: string;
  fee: string;
  pnl: string;
}

/** The running app and its helpers. */
export interface RaceApp {
  app: FastifyInstance;
  clock: { advance(ms: number): void };
  /** A new user with `credit` USD on the real account, and a token. */
  trader(credit: string): Promise<{ id: string; token: string; demoToken: string }>;
  /** POST over a fresh HTTP request (with `headers` added, e.g. an Idempotency-Key). */
  post<T = unknown>(
    path: string,
    token: string,
    body: object,
    headers?: Record<string, string>,
  ): Promise<Envelope<T>>;
  pin(symbol: string, bid: string): Promise<void>;
  account(userId: string, virtual?: boolean): Promise<{ balance: string; lockMargin: string }>;
  orders(userId: string): Promise<OrderFacts[]>;
  /** Samples the balance until stopped; answers every sample. */
  watchBalance(userId: string): { stop(): Promise<string[]> };
  ledgerOk(): Promise<boolean>;
  close(): Promise<void>;
}

/** Builds the app on a new schema of TEST_DATABASE_URL and listens on a free port. */
export async function startRaceApp(baseUrl: string): Promise<RaceApp> {
  const schema = `race_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const sql = new pg.Pool({ connectionString: url.toString(), max: 2 });
  let time = WEDNESDAY;
  const app = await buildApp({
    databaseUrl: url.toString(),
    adminToken: ADMIN_TOKEN,
    market: { autostart: false, backfillDays: 0.01 },
    clock: { now: () => time },
    // Orders at the catalogue's 1:100 leverage: retail protections (PR12) are tested in server/src/trading.
    trading: { rolloverCheckMs: 3600_000, settings: { tradekit: { retailProtection: false } } },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const post = async <T>(path: string, token: string, body: object, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
      body: JSON.stringify(body),
    });
    return (await res.json()) as Envelope<T>;
  };
  const accountOf = async (userId: string, virtual = false) => {
    const row = await findUserAccount(app.db, userId, virtual ? 'demo' : 'real');
    return { balance: row?.balance ?? '0', lockMargin: row?.lockMargin ?? '0' };
  };
  return {
    app,
    clock: { advance: (ms) => void (time += ms) },
    async trader(credit) {
      const user = await createUser(app);
      await app.db.transaction((tx) => app.accounts.credit(tx, user.id, 'real', credit, { ref: 'race' }));
      return { id: user.id, token: await signIn(app, user.id), demoToken: await signIn(app, user.id, true) };
    },
    post,
    async pin(symbol, bid) {
      const res = await post(`/admin/v1/market/${symbol}/price`, ADMIN_TOKEN, { bid, holdMs: 3600_000 });
      if (res.code !== 0) throw new Error(`pin ${symbol} ${bid} answered ${res.code}`);
    },
    account: accountOf,
    async orders(userId) {
      const { rows } = await sql.query<OrderFacts>(
        `select id::text, uid, position_status as status, virtual, margin::text, fee_amount::text as fee,
                profit_loss::text as pnl
           from orders where user_id = $1 order by id`,
        [userId],
      );
      return rows;
    },
    watchBalance(userId) {
      const samples: string[] = [];
      let running = true;
      const loop = (async () => {
        while (running) {
          const { rows } = await sql.query<{ balance: string }>(
            `select balance::text from ledger_accounts where user_id = $1 and kind = 'real'`,
            [userId],
          );
          samples.push(rows[0]?.balance ?? '0');
        }
      })();
      return {
        async stop() {
          running = false;
          await loop;
          return samples;
        },
      };
    },
    ledgerOk: async () => (await checkLedger(app.db)).ok,
    async close() {
      await app.close();
      await sql.end();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}

/** Sum of decimal strings. */
export const sum = (values: string[]) => values.reduce((total, value) => add(total, value), '0');

/** True when two decimal strings are equal as numbers. */
export const same = (a: string, b: string) => compare(a, b) === 0;

/** credited − fees + realised P&L: what balance + locked margin must add up to. */
export function expectedEquity(credited: string, orders: OrderFacts[]): string {
  return add(sub(credited, sum(orders.map((o) => o.fee))), sum(orders.map((o) => o.pnl)));
}

/** A market buy of 0.01 BTCUSDT at 100× leverage: the order every race sends. */
export const ORDER = {
  tradePair: 'BTCUSDT',
  price: '0',
  stopPrice: '',
  takeProfitPprice: '',
  orderQuantity: '0.01',
  multiple: 100,
  orderType: 0,
  buyPoint: 2,
};

/**
 * Where the second request of a race starts, in milliseconds after the first (negative: before it), kept at
 * the boundary where either side can win. Each round says which way to move: the step doubles while the same
 * side keeps winning and falls back to `base` when the winner changes, so a wrong first guess (a cold
 * database, a loaded machine) is left behind in a few rounds instead of in `guess / base` of them.
 */
export function boundarySearch(guess: number, base: number) {
  let offset = Math.round(guess);
  let step = base;
  let last: 'later' | 'earlier' | null = null;
  return {
    get offset() {
      return offset;
    },
    /** The first request at this many ms, the second at `offset` more (both ≥ 0). */
    get firstAt() {
      return Math.max(0, -offset);
    },
    get secondAt() {
      return Math.max(0, offset);
    },
    move(way: 'later' | 'earlier' | 'stay') {
      if (way === 'stay') return;
      step = way === last ? Math.min(step * 2, 256) : base;
      last = way;
      offset += way === 'later' ? step : -step;
    },
  };
}
