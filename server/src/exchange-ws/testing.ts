/** Test support of the exchange socket: the whole app listening on a port, traders, and a socket client. */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import type { Envelope } from '../../../src/core/contract/envelope';
import { adminPricePin } from '../../../src/core/contract/admin-market';
import {
  addOrder,
  type AddOrderRequest,
  EXCHANGE_HEARTBEAT_FRAME,
  type ExchangeOrderMessage,
} from '../../../src/core/contract/trading';
import { ADMIN_TOKEN, createUser, signIn } from '../accounts/test-app';
import { buildApp, type AppOptions } from '../app';
import { createTestClock, type TestClock } from '../clock';
import { anyTestDatabase, appStorage, type TestDatabase } from '../db/testing';
import { urlOf } from '../trading/test-app';

/** A user with a real and a demo token. */
export interface SocketTrader {
  id: string;
  uid: string;
  token: string;
  demoToken: string;
}

/** The app on a port, with a movable server clock. */
export interface ExchangeApp {
  app: FastifyInstance;
  base: string;
  /** The server's clock: follows real time unless the options give another; tests move it (token expiry). */
  clock: TestClock;
  trader(credit?: string): Promise<SocketTrader>;
  post<T = unknown>(url: string, token: string, body?: object): Promise<Envelope<T>>;
  order(token: string, order?: Partial<AddOrderRequest>, mock?: boolean): Promise<Envelope<string>>;
  pin(symbol: string, bid: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Builds the app with the market (not started) and the engine on `database` (default: a fresh one of the run's
 * cheapest engine, `anyTestDatabase`), which `close()` drops, and listens on a free port.
 */
export async function startExchangeApp(
  options: Omit<Partial<AppOptions>, 'clock' | 'dataDir' | 'databaseUrl'> & {
    clock?: TestClock;
    database?: TestDatabase;
  } = {},
): Promise<ExchangeApp> {
  const { clock = createTestClock(), database = await anyTestDatabase(), ...rest } = options;
  let app: FastifyInstance;
  try {
    app = await buildApp({
      adminToken: ADMIN_TOKEN,
      market: { autostart: false, backfillDays: 0.01 },
      auth: { tokenSecret: 'exchange-ws-test-secret-0123456789-abcdef' },
      clock,
      // Orders at the catalogue's 1:100 leverage: retail protections (PR12) are tested in server/src/trading.
      trading: { settings: { tradekit: { retailProtection: false } } },
      ...rest,
      ...appStorage(database),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    await database.cleanup();
    throw error;
  }
  const { port } = app.server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const post = async <T>(url: string, token: string, body: object = {}) => {
    const res = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return (await res.json()) as Envelope<T>;
  };
  const harness: ExchangeApp = {
    app,
    base,
    clock,
    async trader(credit = '100000') {
      const user = await createUser(app);
      await app.db.transaction((tx) => app.accounts.credit(tx, user.id, 'real', credit, { ref: 'test' }));
      return {
        id: user.id,
        uid: user.uid,
        token: await signIn(app, user.id),
        demoToken: await signIn(app, user.id, true),
      };
    },
    post,
    order: (token, order = {}, mock = false) =>
      post<string>(urlOf(addOrder, {}, mock), token, {
        tradePair: 'BTCUSDT',
        price: '0',
        stopPrice: '',
        takeProfitPprice: '',
        orderQuantity: '0.1',
        multiple: 100,
        orderType: 0,
        buyPoint: 2,
        ...order,
      }),
    async pin(symbol, bid) {
      const res = await post(urlOf(adminPricePin, { symbol }), ADMIN_TOKEN, { bid });
      if (res.code !== 0) throw new Error(`pin ${symbol} ${bid} answered ${res.code}`);
    },
    close: async () => {
      await app.close();
      await database.cleanup();
    },
  };
  return harness;
}

/** A client of `/exchange-ws/{uid}` that keeps every message and the close code. */
export class SocketClient {
  readonly messages: ExchangeOrderMessage[] = [];
  /** Heart-beat frames received: counted apart, they are not messages of the account. */
  beats = 0;
  /** The journal's own marks (`resync`, `skipped`, RP1), kept apart: they are not messages of the account. */
  readonly marks: Array<{ ordertype: 'resync' | 'skipped'; seq: number }> = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: Array<() => void> = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const text = String(data);
      const message = text === EXCHANGE_HEARTBEAT_FRAME ? null : (JSON.parse(text) as { ordertype?: string });
      if (!message) this.beats += 1;
      else if (message.ordertype === 'resync' || message.ordertype === 'skipped')
        this.marks.push(message as SocketClient['marks'][number]);
      else this.messages.push(message as ExchangeOrderMessage);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) =>
      ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
    );
  }

  /** Opens a socket (and sends `{ token }` first when given). */
  static async open(base: string, uid: string, token?: string, origin?: string): Promise<SocketClient> {
    const client = await SocketClient.connect(
      `${base.replace('http', 'ws')}/exchange-ws/${uid}`,
      origin ? { origin } : {},
    );
    if (token) client.send({ token });
    return client;
  }

  /** Opens a socket on any path of the server (headers such as a cookie, and the Origin, in `options`). */
  static async connect(url: string, options: WebSocket.ClientOptions = {}): Promise<SocketClient> {
    const ws = new WebSocket(url, options);
    const client = new SocketClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return client;
  }

  /** The HTTP status an upgrade is refused with (throws when it is accepted). */
  static refusal(url: string, options: WebSocket.ClientOptions = {}): Promise<number> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, options);
      ws.once('unexpected-response', (_request, response) => {
        resolve(response.statusCode ?? 0);
        response.resume();
        ws.terminate();
      });
      ws.once('open', () => {
        ws.terminate();
        reject(new Error(`${url} was accepted`));
      });
      ws.once('error', () => undefined);
    });
  }

  send(value: unknown): void {
    this.ws.send(typeof value === 'string' ? value : JSON.stringify(value));
  }

  /** The first message from index `from` on that matches, waiting up to `ms`. */
  async next(
    match: (message: ExchangeOrderMessage) => boolean,
    from = 0,
    ms = 5000,
  ): Promise<ExchangeOrderMessage> {
    let found: ExchangeOrderMessage | undefined;
    await this.until(() => (found = this.messages.slice(from).find(match)) !== undefined, ms, 'message');
    return found as ExchangeOrderMessage;
  }

  /** The first journal mark of `ordertype`, waiting up to `ms`. */
  async mark(ordertype: 'resync' | 'skipped', ms = 5000): Promise<{ ordertype: string; seq: number }> {
    let found: SocketClient['marks'][number] | undefined;
    await this.until(
      () => (found = this.marks.find((m) => m.ordertype === ordertype)) !== undefined,
      ms,
      'mark',
    );
    return found as SocketClient['marks'][number];
  }

  /** Until `count` heart-beat frames have come, waiting up to `ms`. */
  beat(count: number, ms = 5000): Promise<void> {
    return this.until(() => this.beats >= count, ms, 'heart-beat');
  }

  /** Until `done()` holds after a frame (or at once), waiting up to `ms`. */
  private async until(done: () => boolean, ms: number, what: string): Promise<void> {
    const deadline = Date.now() + ms;
    for (;;) {
      if (done()) return;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching ${what} in ${ms} ms (${this.messages.length} received)`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.ws.terminate();
  }
}
