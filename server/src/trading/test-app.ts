/** Test scaffolding of the trading suites: the whole app on a fresh database, a movable engine clock, helpers. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Envelope } from '../../../src/core/contract/envelope';
import { adminPricePin } from '../../../src/core/contract/admin-market';
import { fillPath, SERVICE_ROOT, type Endpoint } from '../../../src/core/contract/endpoint';
import { addOrder, type AddOrderRequest } from '../../../src/core/contract/trading';
import { ADMIN_TOKEN, createUser, signIn } from '../accounts/test-app';
import { buildApp, type AppOptions } from '../app';
import { advanceListeners } from '../clock';
import type { TestBackend, TestDatabase } from '../db/testing';
import { checkLedger, findUserAccount } from '../ledger';
import { BRAND_TRADING_SEEDS, type TradingSettings } from './settings';
import { appStorage } from '../db/testing';

/** The URL of an endpoint (its Mock path with `mock`), `{name}` segments filled from `params`. */
export function urlOf(ep: Endpoint, params: Record<string, string> = {}, mock = false): string {
  return `${SERVICE_ROOT[ep.service]}/${fillPath(mock && ep.mockPath ? ep.mockPath : ep.path, params)}`;
}

/** Wednesday 2026-03-11 10:00 UTC: cryptos, forex, commodities and indices open; US stocks closed. */
export const WEDNESDAY = Date.parse('2026-03-11T10:00:00Z');

/** A signed-in user with a real and a demo token. */
export interface Trader {
  id: string;
  uid: string;
  token: string;
  demoToken: string;
}

/** The harness of a trading suite. */
export interface TradingHarness {
  app: FastifyInstance;
  clock: { now(): number; advance(ms: number): void; set(ms: number): void };
  trader(options?: { brandId?: string; credit?: string }): Promise<Trader>;
  /**
   * Signs the trader in again at the clock's time (its tokens replaced in place): the access token lives
   * 15 minutes of the one server clock, so a suite that moves the clock by days signs its traders in again.
   */
  signInAgain(trader: Trader): Promise<Trader>;
  credit(userId: string, amount: string): Promise<void>;
  /** POST with a bearer token; answers the envelope. */
  post<T = unknown>(url: string, token: string | null, body?: object): Promise<Envelope<T>>;
  call(url: string, token: string | null, body?: object): Promise<LightMyRequestResponse>;
  /** Pins the bid through the admin API (waits for the work it triggers). */
  pin(symbol: string, bid: string): Promise<void>;
  /** A market buy or sell of `qty` lots; answers the envelope of addOrder. */
  order(token: string, order: Partial<AddOrderRequest>, mock?: boolean): Promise<Envelope<string>>;
  /** Balance and locked margin of the user's account. */
  account(userId: string, virtual?: boolean): Promise<{ balance: string; lockMargin: string }>;
  /** The wire `orderId` of an order (its public number, once it is stored); '' when there is none. */
  orderId(uid: string): Promise<string>;
  /** The internal sequential id of an order (never accepted on the wire). */
  internalId(uid: string): Promise<string>;
  ledgerOk(): Promise<boolean>;
  /** Closes the app; the database is dropped unless it was handed in to be reused. */
  close(): Promise<void>;
}

/**
 * The reference brands with retail protections off: the suites of the other rules trade at the catalogue's
 * leverage (1:100 BTC), as they did before the protections; `protections.test.ts` and the protections' ledger
 * model run with the brands as stored (PR12).
 */
export function withoutProtections(
  settings: Record<string, Partial<TradingSettings>> = {},
): Record<string, Partial<TradingSettings>> {
  const off: Record<string, Partial<TradingSettings>> = Object.fromEntries(
    Object.keys(BRAND_TRADING_SEEDS).map((id) => [id, { retailProtection: false }]),
  );
  for (const [id, own] of Object.entries(settings)) off[id] = { ...off[id], ...own };
  return off;
}

/**
 * Builds the app with the market (not started, a few minutes of history) and the trading engine, on a fresh
 * database of `backend` or on `reuse.database` (a restart). Retail protections are off unless
 * `extra.protections` (see `withoutProtections`).
 */
export async function tradingHarness(
  backend: TestBackend,
  settings: Record<string, Partial<TradingSettings>> = {},
  reuse?: { database: TestDatabase; now: number },
  extra: Pick<AppOptions, 'optionMode' | 'cluster'> & { protections?: boolean } = {},
): Promise<TradingHarness> {
  const { protections = false, ...options } = extra;
  const database: TestDatabase = reuse?.database ?? (await backend.create());
  let time = reuse?.now ?? WEDNESDAY;
  const moves = advanceListeners();
  const clock = {
    now: () => time,
    onAdvance: moves.onAdvance,
    advance: (ms: number) => {
      time += ms;
      moves.notify();
    },
    set: (ms: number) => {
      time = ms;
      moves.notify();
    },
  };
  const app = await buildApp({
    ...appStorage(database),
    adminToken: ADMIN_TOKEN,
    market: { autostart: false, backfillDays: 0.01 },
    clock,
    trading: { settings: protections ? settings : withoutProtections(settings), rolloverCheckMs: 3600_000 },
    ...options,
  });
  await app.ready();
  const call = (url: string, token: string | null, body: object = {}) =>
    app.inject({
      method: 'POST',
      url,
      payload: body,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const credit = async (userId: string, amount: string) => {
    await app.db.transaction((tx) => app.accounts.credit(tx, userId, 'real', amount, { ref: 'test' }));
  };
  const harness: TradingHarness = {
    app,
    clock,
    async trader(options = {}) {
      const user = await createUser(app, { brandId: options.brandId });
      if (options.credit) await credit(user.id, options.credit);
      return {
        id: user.id,
        uid: user.uid,
        token: await signIn(app, user.id),
        demoToken: await signIn(app, user.id, true),
      };
    },
    async signInAgain(trader) {
      trader.token = await signIn(app, trader.id);
      trader.demoToken = await signIn(app, trader.id, true);
      return trader;
    },
    credit,
    call,
    post: async (url, token, body) => (await call(url, token, body)).json(),
    async pin(symbol, bid) {
      const res = await app.inject({
        method: 'POST',
        url: urlOf(adminPricePin, { symbol }),
        payload: { bid },
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      const body = res.json<Envelope<unknown>>();
      if (body.code !== 0) throw new Error(`pin ${symbol} ${bid} answered ${body.code}`);
    },
    order: (token, order, mock = false) =>
      harness.post<string>(urlOf(addOrder, {}, mock), token, {
        tradePair: 'BTCUSDT',
        price: '0',
        stopPrice: '',
        takeProfitPprice: '',
        orderQuantity: '1',
        multiple: 100,
        orderType: 0,
        buyPoint: 2,
        ...order,
      }),
    async account(userId, virtual = false) {
      const row = await findUserAccount(app.db, userId, virtual ? 'demo' : 'real');
      return { balance: row?.balance ?? '0', lockMargin: row?.lockMargin ?? '0' };
    },
    async orderId(uid) {
      const { rows } = await app.db.query<{ uid: string }>('select uid from orders where uid = $1', [uid]);
      return rows[0]?.uid ?? '';
    },
    async internalId(uid) {
      const { rows } = await app.db.query<{ id: string }>('select id from orders where uid = $1', [uid]);
      return rows[0]?.id ?? '';
    },
    ledgerOk: async () => (await checkLedger(app.db)).ok,
    async close() {
      await app.close();
      if (!reuse) await database.cleanup();
    },
  };
  return harness;
}
